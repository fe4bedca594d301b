"""Exact solver for the strict phase of two-player variants.

Once the stock is exhausted a counting player knows every card: the position is one of
perfect information and `solve` gives, for every legal move of the seat to act, the exact
game-point outcome with best play by both sides (alpha-beta with move ordering and a
transposition table). After a close the unseen cards are split between the opponent's hand
and the dead stock: `solve` solves every layout consistent with what the seat has seen (or
a seeded random sample of `max_layouts` of them, saying so) and reports, per move, the share
of layouts it wins and its expected game points.

The input is only a `PlayerView` (what the asking seat knows) and the `RuleSet`; the
solver never sees the opponent's hand or the stock.

Values are game points from the asking seat's side: what it gains minus what the opponent
gains (`game_points_by_seat`), so +2 = the asking seat wins 2 game points, -3 = it loses
3; with `scoring = raw_points` (Idiot-66) it is the difference of the raw totals.

The package: this module is the API (`solve`, `Analysis`, `MoveEval`, `supports`, the
errors); search.py holds the alpha-beta search over internal states (every ending scored by
outcomes.py, as the deal scores it); layouts.py reads the view and lists the layouts of the
unseen cards consistent with it; seats.py renumbers the two active seats of a table whose
dealer sits out; endings.py judges small endings of three or four active seats over every
layout of the hidden cards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from ..actions import Action
from ..cards import SUITS, get_pack
from ..players import PlayerView
from ..ruleset import RuleSet
from .layouts import (
    ENUMERATE_LIMIT,
    Root,
    consistent,
    exchange_card,
    layouts,
    rejection_sample,
    root_of,
    supports,
)
from .search import DECLARE, KQ, MELD, Child, Game, SolverError, SolverTimeout
from .seats import dealer_out, two_seat_view

__all__ = [
    "ENUMERATE_LIMIT",
    "Analysis",
    "MoveEval",
    "SolverError",
    "SolverTimeout",
    "solve",
    "supports",
]

# the names the single-module solver had, for code written against it
_Game = Game
_Root = Root
_root = root_of
_consistent = consistent
_rejection_sample = rejection_sample
_exchange_card = exchange_card
_KQ = KQ


@dataclass(frozen=True)
class MoveEval:
    """One legal move of the asking seat.

    `value`: exact game points with best play (perfect information) or the mean over the
    solved layouts (after a close). `win_share`: share of the solved layouts in which the
    move wins (value > 0). `low`/`high`: the worst and best layout value.
    """

    action: Action
    value: float
    win_share: float
    low: int
    high: int


@dataclass(frozen=True)
class Analysis:
    """The solver's answer for the seat to act.

    `moves` in `view.legal` order; `best` the move(s) of highest value (ties kept; after a
    close, ties on the expected value are broken by the win share). `perfect_information`
    is True once the stock is exhausted (one layout). After a close `layouts_total`
    consistent layouts exist and `layouts` of them were solved; `exhaustive` says whether
    that is all of them (otherwise a seeded uniform sample).
    """

    seat: int
    perfect_information: bool
    moves: tuple[MoveEval, ...]
    best: tuple[Action, ...]
    value: float
    layouts: int
    layouts_total: int
    exhaustive: bool
    nodes: int

    def move(self, action: Action) -> MoveEval:
        """The evaluation of one legal move."""
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(action)


def _root_children(
    game: Game, root: Root, opp_hand: int, legal: tuple[Action, ...], rules: RuleSet
) -> list[Child]:
    """(state, terminal) after each legal root action for one layout."""
    me = root.me
    base = list(root.base)
    base[me] = root.hand
    base[1 - me] = opp_hand
    st = tuple(base)
    out: list[Child] = []
    for a in legal:
        if a.type == "play":
            ids = get_pack(rules.deck).ids_for(a.card or "")
            out.append(game.child(st, ids[0]))
        elif a.type == "meld":
            out.append(game.child(st, MELD + SUITS.index(a.suit or "")))
        elif a.type == "declare":
            out.append(game.child(st, DECLARE))
        elif a.type in ("exchange", "pass"):
            # the non-closer's decision at a close; then the closer leads
            hand = root.hand
            if a.type == "exchange":
                ex = exchange_card(rules, st[10], hand)
                hand = (hand & ~(1 << ex)) | root.turn_up
            b = list(st)
            b[me] = hand
            b[2] = 1 - me
            b[11] = 0
            b[12] = 0
            b[13] = 0
            out.append((tuple(b), 0))
        else:
            raise SolverError(f"unexpected action {a.type!r} in the strict phase")
    return out


def solve(
    view: PlayerView,
    rules: RuleSet,
    *,
    max_layouts: int = 400,
    seed: int = 0,
    time_limit: float | None = None,
) -> Analysis:
    """Analyse the strict-phase position of `view.seat`, the seat to act.

    Stock exhausted: exact values per legal move (one layout, `perfect_information`).
    After a close: every layout of the unseen cards consistent with the view (the
    opponent's shown marriage cards and exchanged turn-up are placed in his hand) when
    there are at most `max_layouts`, else a seeded uniform sample of `max_layouts`. A
    layout is consistent when it holds the opponent's shown marriage cards and exchanged
    turn-up and lets every card he followed with since the close obey the follower's
    duties (voids revealed). `layouts_total` counts the consistent layouts (beyond
    ENUMERATE_LIMIT candidates: the candidates, an upper bound).
    `time_limit` (seconds, None = exact whatever it takes) bounds the work: sampling stops
    when it runs out (the layouts solved so far are reported, `exhaustive` False), and
    SolverTimeout is raised if not even one layout was solved. Raises SolverError outside
    the solver's domain.
    """
    if dealer_out(rules):
        two_view, two_rules = two_seat_view(view, rules)
        analysis = solve(
            two_view, two_rules, max_layouts=max_layouts, seed=seed, time_limit=time_limit
        )
        return replace(analysis, seat=view.seat)
    start = time.perf_counter()
    root = root_of(view, rules)
    me = root.me
    sign = 1 if me == 0 else -1
    game = Game(rules, view.closed_by, view.close_snapshot)
    legal = view.legal
    hands, total, exhaustive = layouts(root, rules, max_layouts=max_layouts, seed=seed)
    tally = _Tally(len(legal))
    if time_limit is not None:
        game.deadline = start + time_limit
    for opp_hand in hands:
        if time_limit is not None and tally.solved and time.perf_counter() - start > time_limit:
            exhaustive = False
            break
        if len(game.tt) > 400_000:
            game.tt.clear()
        try:
            values = [
                sign * game.exact(st, term)
                for st, term in _root_children(game, root, opp_hand, legal, rules)
            ]
        except SolverTimeout:
            if not tally.solved:
                raise
            exhaustive = False
            break
        tally.add(values)
    if not tally.solved:
        raise SolverError("no layout is consistent with the view")
    return tally.analysis(legal, me, root.closed, total, exhaustive, game.nodes)


class _Tally:
    """Per legal move: the sum, the wins, the lowest and highest value over the layouts
    solved so far."""

    def __init__(self, moves: int) -> None:
        self.sums = [0] * moves
        self.wins = [0] * moves
        self.lows = [10**6] * moves
        self.highs = [-(10**6)] * moves
        self.solved = 0

    def add(self, values: list[int]) -> None:
        """Count one solved layout: `values` per move."""
        for i, v in enumerate(values):
            self.sums[i] += v
            self.wins[i] += v > 0
            self.lows[i] = min(self.lows[i], v)
            self.highs[i] = max(self.highs[i], v)
        self.solved += 1

    def analysis(
        self,
        legal: tuple[Action, ...],
        seat: int,
        closed: bool,
        total: int,
        exhaustive: bool,
        nodes: int,
    ) -> Analysis:
        """The answer over the layouts counted (at least one)."""
        solved = self.solved
        moves = tuple(
            MoveEval(a, self.sums[i] / solved, self.wins[i] / solved, self.lows[i], self.highs[i])
            for i, a in enumerate(legal)
        )
        top = max((m.value, m.win_share) for m in moves)
        best = tuple(m.action for m in moves if (m.value, m.win_share) == top)
        return Analysis(
            seat=seat,
            perfect_information=not closed,
            moves=moves,
            best=best,
            value=top[0],
            layouts=solved,
            layouts_total=total,
            exhaustive=exhaustive and solved == total,
            nodes=nodes,
        )
