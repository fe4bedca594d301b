"""Advice for the seat to act in any variant and phase: which move, how sure, and why.

Strict phase of the two-player, one-pack variants: the exact solver (`solver.solve`; after a
close it weighs the layouts of the unseen cards). Everywhere else (stock open; three and four
players, two packs, partnerships, contracts): perfect-information Monte Carlo
(`pimc.evaluate`) — deal the unseen cards at random consistently with what the seat has
seen, play every candidate out in each of those deals with the fast policy for every seat,
and average; the same deals serve every candidate, so the comparison is fair. The hint says
how many deals it played and in what share of them its move was the best. The auction and
naming trumps: the computer's rule of thumb (`method = "rule"`, no numbers).

Only the seat's `PlayerView` decides the result: the deals are sampled from the view with a
generator seeded by a hash of the view, so a hint reveals nothing beyond the view and the
same position always gets the same hint (a cache key) when the clock does not cut it short.
Words are left to the caller: a `Hint` holds the chosen move, a `reason` code and numbers.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from .actions import Action
from .cards import RANKS, get_pack
from .computer import choose_bid, choose_trump, claim_is_true
from .deal import Deal
from .pimc import evaluate
from .players import PlayerView, player_view
from .ruleset import RuleSet
from .solver import SolverError, solve, supports
from .values import plain_marriage_value
from .worlds import WorldError

__all__ = ["Hint", "MoveAdvice", "hint_for", "view_key"]

PREFERENCE = {
    "declare": 0,
    "meld": 1,
    "exchange": 2,
    "draw": 3,
    "play": 4,
    "bid": 5,
    "trump": 5,
    "pass": 6,
    "close": 7,
}
"""Among moves of (nearly) the same worth, the natural one first: play on, not close."""
TIE = 0.05
"""Mean game points closer than this count as equal (sampling noise)."""


@dataclass(frozen=True)
class MoveAdvice:
    """One candidate: mean game points (the seat's side minus its opponents'), share of
    deals won and (sampled) share of deals in which it was the best move (ties shared)."""

    action: Action
    value: float
    win_share: float
    best_share: float = 0.0


@dataclass(frozen=True)
class Hint:
    """The advice. `method`: "exact" (every card known), "closed" (after a close, the
    layouts of the unseen cards weighed), "sampled" (`samples` deals consistent with the
    view played out; `best_share` = share of them in which `best` was the best move) or
    "rule" (auction or naming trumps: a rule of thumb, no numbers; reason "bid" or
    "trump"). `reason`: a code the page turns into a sentence:
    "claim" (the counted points reach the target), "only_win" (the only winning move),
    "wins" (wins, others may too), "all_lose" (every move loses; this one least),
    "likely" / "unlikely" (sampled or after a close: wins more / less often than not),
    "last_trump" (every card known: the lead draws the opponent's last trump and wins),
    "marriage" (showing it adds `marriage` points: 20, or 40 in trumps)."""

    seat: int
    method: str
    best: Action
    reason: str
    moves: tuple[MoveAdvice, ...]
    samples: int
    points: int
    marriage: int = 0
    best_share: float = 0.0

    def advice(self, action: Action) -> MoveAdvice:
        """The numbers of one candidate."""
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(action)


def view_key(view: PlayerView) -> str:
    """A stable hash of everything the seat knows (the cache key of its hint)."""
    parts = (
        view.seat,
        view.to_act,
        view.phase,
        sorted(view.hand),
        view.trump,
        view.turnup,
        view.stock_size,
        view.closed_by,
        view.trick,
        view.tricks,
        view.tricks_won,
        view.card_points,
        view.pending_points,
        tuple(sorted((m["player"], m["suit"], m["points"]) for m in view.marriages)),
        view.exchanges,
        view.close_snapshot,
        view.bids,
        view.trump_card,
        tuple(a.key() for a in view.legal),
        view.rules,
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def hint_for(
    deal: Deal,
    seat: int,
    *,
    samples: int = 24,
    time_limit: float = 0.22,
    strict_time_limit: float = 0.07,
    layouts: int = 60,
) -> Hint | None:
    """The hint for `seat` (to act) in `deal`, in any variant and phase; None when the deal
    is over or another seat is to act.

    `samples` bounds the deals played out by sampling and `time_limit` (seconds) that work
    (past it the deals played so far decide; at least four always are); in the strict phase
    of the two-player games `layouts` and `strict_time_limit` bound the solver."""
    rules = deal.rules
    if deal.result is not None or deal.to_act != seat:
        return None
    view = player_view(deal, seat)
    legal = [a for a in view.legal if a.type != "declare" or claim_is_true(view, rules)]
    if not legal:
        return None
    seed = int(view_key(view), 16) % (1 << 30)
    if view.phase in ("bidding", "trump_naming"):
        return _rule(view, rules, legal)
    if view.phase == "strict" and supports(rules):
        moves, method, count = _strict(view, rules, legal, seed, strict_time_limit, layouts)
        if count:
            return _choose(view, rules, method, moves, count)
    try:
        moves, method, count = _sampled(view, rules, legal, seed, samples, time_limit)
    except WorldError:
        return None
    return _choose(view, rules, method, moves, count)


def _rule(view: PlayerView, rules: RuleSet, legal: list[Action]) -> Hint:
    """The auction or naming trumps: the computer's rule of thumb, said to be one."""
    if view.phase == "bidding":
        best, reason = choose_bid(view, rules), "bid"
    else:
        best, reason = choose_trump(view, rules), "trump"
    moves = tuple(MoveAdvice(a, 0.0, 0.0) for a in legal)
    points = view.card_points[view.seat] if view.card_points else view.own_points
    return Hint(view.seat, "rule", best, reason, moves, 0, points)


def _unseen_trumps(view: PlayerView, rules: RuleSet) -> int:
    """Trumps neither in the seat's hand, played, on the table nor the turn-up."""
    if view.trump is None:
        return 0
    seen = set(view.hand) | set(view.played) | {c for _s, c in view.trick}
    if view.turnup:
        seen.add(view.turnup)
    pack = get_pack(rules.deck)
    return sum(1 for r in RANKS if pack.ids_for(r + view.trump) and r + view.trump not in seen)


def _choose(
    view: PlayerView, rules: RuleSet, method: str, moves: list[MoveAdvice], count: int
) -> Hint:
    seat = view.seat
    points = view.card_points[seat] if view.card_points else view.own_points
    top = max(m.value for m in moves)
    near = [m for m in moves if m.value >= top - TIE]
    best = min(near, key=lambda m: (PREFERENCE.get(m.action.type, 9), -m.win_share, -m.value))
    winners = [m for m in moves if m.win_share > 0.5 or (method == "exact" and m.value > 0)]
    act = best.action
    marriage = 0
    if act.type == "meld" and rules.marriage_values == "20_40":
        marriage = plain_marriage_value(act.suit == view.trump)
    if act.type == "declare":
        reason = "claim"
    elif (
        method == "exact"
        and best.value > 0
        and act.type == "play"
        and not view.trick
        and view.trump is not None
        and (act.card or "")[1:] == view.trump
        and _unseen_trumps(view, rules) == 1
    ):
        reason = "last_trump"
    elif marriage and best.value >= 0 and (method == "exact" or best.win_share >= 0.5):
        reason = "marriage"
    elif method == "exact":
        if best.value < 0:
            reason = "all_lose"
        elif best.value > 0 and len(winners) == 1:
            reason = "only_win"
        else:
            reason = "wins"
    elif all(m.win_share == 0 for m in moves):
        reason = "all_lose"
    else:
        reason = "likely" if best.win_share >= 0.5 else "unlikely"
    return Hint(seat, method, act, reason, tuple(moves), count, points, marriage, best.best_share)


def _strict(
    view: PlayerView,
    rules: RuleSet,
    legal: list[Action],
    seed: int,
    time_limit: float,
    layouts: int,
) -> tuple[list[MoveAdvice], str, int]:
    try:
        an = solve(view, rules, max_layouts=layouts, seed=seed, time_limit=time_limit)
    except SolverError:
        return [], "closed", 0
    moves = [MoveAdvice(m.action, m.value, m.win_share) for m in an.moves if m.action in legal]
    if an.perfect_information:
        return moves, "exact", 1
    return moves, "closed", an.layouts


def _sampled(
    view: PlayerView,
    rules: RuleSet,
    legal: list[Action],
    seed: int,
    samples: int,
    time_limit: float,
) -> tuple[list[MoveAdvice], str, int]:
    ev = evaluate(
        view,
        rules,
        legal,
        random.Random(seed),
        samples=samples,
        time_limit=time_limit,
        playouts=samples * len(legal),
        min_samples=4,
    )
    moves = [MoveAdvice(m.action, m.value, m.win_share, m.best_share) for m in ev.moves]
    return moves, "sampled", ev.samples
