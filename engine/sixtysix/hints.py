"""Advice for the seat to act in any phase: which move, how sure, and why in facts.

Strict phase: the exact solver (`solver.solve`; after a close it weighs the layouts of the
unseen cards). Open phase (stock still open): perfect-information Monte Carlo — deal the
unseen cards (the opponent's hand and the face-down stock) at random in ways consistent
with what the seat has seen, play every candidate move out in each of those deals with the
computer's heuristics for both seats, and average. The same sampled deals are used for
every candidate, so the comparison is fair.

Only the seat's `PlayerView` decides the result: the hidden cards of the real deal are
pooled and re-dealt with a generator seeded by a hash of the view, so a hint reveals
nothing beyond the view and the same position always gets the same hint (a cache key).
Words are left to the caller: a `Hint` holds the chosen move, a `reason` code and numbers.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass

from .actions import Action
from .cards import KING, QUEEN, RANKS, SUITS, get_pack
from .computer import ComputerPlayer, claim_is_true
from .deal import Deal
from .players import PlayerView, player_view
from .ruleset import RuleSet
from .solver import SolverError, solve, supports

__all__ = ["Hint", "MoveAdvice", "hint_for", "view_key"]

PREFERENCE = {"declare": 0, "meld": 1, "exchange": 2, "draw": 3, "play": 4, "close": 5}
"""Among moves of (nearly) the same worth, the natural one first: play on, not close."""
TIE = 0.05
"""Mean game points closer than this count as equal (sampling noise)."""


@dataclass(frozen=True)
class MoveAdvice:
    """One candidate: mean game points (seat minus opponent) and share of deals won."""

    action: Action
    value: float
    win_share: float


@dataclass(frozen=True)
class Hint:
    """The advice. `method`: "exact" (every card known), "closed" (after a close, the
    layouts of the unseen cards weighed) or "sampled" (stock open, `samples` deals
    played out). `reason`: a code the page turns into a sentence:
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
    """The hint for `seat` (to act) in `deal`; None when it has nothing to choose or the
    variant is outside the engine's reach (not two seats, one pack).

    `samples` bounds the open-phase deals played out and `time_limit` (seconds) that work
    (past it the deals played so far decide; at least four always are); after a close
    `layouts` and `strict_time_limit` bound the solver."""
    rules = deal.rules
    if deal.result is not None or deal.to_act != seat or not supports(rules):
        return None
    view = player_view(deal, seat)
    legal = [a for a in view.legal if a.type != "declare" or claim_is_true(view, rules)]
    if not legal:
        return None
    seed = int(view_key(view), 16) % (1 << 30)
    if view.phase == "strict":
        moves, method, count = _strict(view, rules, legal, seed, strict_time_limit, layouts)
    else:
        moves, method, count = _sampled(deal, view, rules, legal, seed, samples, time_limit)
    return _choose(view, rules, method, moves, count)


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
        marriage = 40 if act.suit == view.trump else 20
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
    return Hint(seat, method, act, reason, tuple(moves), count, points, marriage)


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
        return [MoveAdvice(a, 0.0, 0.0) for a in legal], "closed", 0
    moves = [MoveAdvice(m.action, m.value, m.win_share) for m in an.moves if m.action in legal]
    if an.perfect_information:
        return moves, "exact", 1
    return moves, "closed", an.layouts


def _sampled(
    deal: Deal,
    view: PlayerView,
    rules: RuleSet,
    legal: list[Action],
    seed: int,
    samples: int,
    time_limit: float,
) -> tuple[list[MoveAdvice], str, int]:
    rng = random.Random(seed)
    start = time.perf_counter()
    totals = [0.0] * len(legal)
    wins = [0] * len(legal)
    done = 0
    pool, known, opp_size = _unseen(deal, view)
    for i in range(samples):
        if i >= 4 and time.perf_counter() - start > time_limit:
            break
        layout = _redeal(deal, view.seat, pool, known, opp_size, rng)
        for j, action in enumerate(legal):
            value = _play_out(layout, action, view.seat, seed + i)
            totals[j] += value
            wins[j] += value > 0
        done += 1
    moves = [MoveAdvice(a, totals[j] / done, wins[j] / done) for j, a in enumerate(legal)]
    return moves, "sampled", done


def _unseen(deal: Deal, view: PlayerView) -> tuple[list[int], int, int]:
    """(sorted card ids the seat cannot place, ids known to be in the opponent's hand,
    the opponent's hand size) — from public facts only."""
    opp = 1 - view.seat
    face_down = list(deal.stock[deal.stock_pos :])
    opp_hand = deal.hands[opp]
    pack = deal.pack
    known = 0
    for m in view.marriages:
        if m["player"] == opp:
            suit = SUITS.index(m["suit"])
            known |= (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN))
    for s, code in view.exchanges:
        if s == opp:
            for c in pack.ids_for(code):
                known |= 1 << c
    known &= opp_hand
    hidden = opp_hand & ~known
    pool = sorted(face_down + [c for c in range(64) if hidden >> c & 1])
    return pool, known, opp_hand.bit_count()


def _redeal(
    deal: Deal, seat: int, pool: list[int], known: int, opp_size: int, rng: random.Random
) -> Deal:
    """A copy of `deal` with the unseen cards dealt afresh (turn-up stays at the bottom)."""
    cards = pool[:]
    rng.shuffle(cards)
    need = opp_size - known.bit_count()
    layout = deal.copy()
    hand = known
    for c in cards[:need]:
        hand |= 1 << c
    layout.hands[1 - seat] = hand
    layout.stock = tuple(deal.stock[: deal.stock_pos]) + tuple(cards[need:])
    return layout


def _play_out(layout: Deal, action: Action, seat: int, seed: int) -> float:
    """Apply `action`, let both seats follow the computer's heuristics to the end, and give
    the game points of `seat` minus the opponent's."""
    d = layout.copy()
    d.apply(action)
    player = ComputerPlayer(seed)
    rules = d.rules
    while d.result is None and d.to_act is not None:
        view = player_view(d, d.to_act)
        legal = list(view.legal)
        d.apply(legal[0] if len(legal) == 1 else player._heuristic(view, rules, legal))
    assert d.result is not None
    gp = d.result.game_points_by_seat
    return float(gp[seat] - gp[1 - seat])
