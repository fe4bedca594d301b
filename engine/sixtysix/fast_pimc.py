"""The play-outs of `pimc.evaluate` on the bitmask path (two seats, one pack).

`played_out_fast` plays each candidate out on a `FastDeal` with `fast_policy`, the same
moves as `policy.play_out_by_policy` on a `Deal`, so the same values, several times
faster. With `exact=True` the play-out stops where the strict phase begins (the stock
exhausted or closed) and the rest of that world is valued by the strict-phase solver's
alpha-beta search (`solver.search.Game`): both computers play the strict phase with the
solver, so the heuristic's weaker end play no longer colours the open-phase choice.
`Leaves` keeps one solver `Game` (transposition table) per closing state for a decision.
"""

from __future__ import annotations

import time

from .actions import Action
from .cards import KING
from .deal import Deal
from .fast_core import DECLARE, from_action
from .fast_deal import FastDeal
from .fast_policy import fast_side_value, policy_move
from .ruleset import RuleSet
from .solver.search import Game, State

__all__ = ["Leaves", "played_out_fast", "solver_state"]

_MAX_STEPS = 400
_TT_LIMIT = 300_000
"""Transposition entries kept per solver game before it is cleared (memory bound)."""


class Leaves:
    """The solver games of one decision, one per (closer, snapshot)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.games: dict[object, Game] = {}

    def nodes(self) -> int:
        """Search nodes visited so far (a deterministic measure of the work done)."""
        return sum(g.nodes for g in self.games.values())

    def value(self, d: FastDeal, seat: int) -> float:
        """`seat`'s exact game points less its opponent's from strict-phase position `d`."""
        closer = None if d.closed_by < 0 else d.closed_by
        s = d.snap
        snap = None if s is None else ((s[0], s[1]), (s[2], s[3]))
        key = (closer, snap)
        game = self.games.get(key)
        if game is None:
            game = self.games[key] = Game(self.rules, closer, snap)
        elif len(game.tt) > _TT_LIMIT:
            game.tt.clear()
        v = game.exact(solver_state(d), 0)
        return float(v if seat == 0 else -v)


def solver_state(d: FastDeal) -> State:
    """The solver's state tuple for a strict-phase `FastDeal` position (see
    `solver.search.Game`)."""
    msuits = 0
    for s in range(4):
        if d.melded >> (s * 8 + KING) & 1:
            msuits |= 1 << s
    return (
        d.hands[0],
        d.hands[1],
        d.to_act,
        d.lead_card,
        d.points[0],
        d.points[1],
        d.pending[0],
        d.pending[1],
        1 if d.tricks_won[0] else 0,
        1 if d.tricks_won[1] else 0,
        -1 if d.trump == 4 else d.trump,
        d.legal_mask() >> DECLARE & 1,
        d.lead_mask,
        d.melds_this_lead,
        msuits,
        d.marriage_count,
    )


def _strict(d: FastDeal) -> bool:
    """A position the solver takes: the strict phase, no draw or close decision pending."""
    return (d.closed_by >= 0 or not d.stock_open) and d.queue < 0 and not d.need_draw


def play_out(d: FastDeal, seat: int, leaves: Leaves | None) -> float:
    """`seat`'s value of `d` played out by the policy (to the strict phase when `leaves`
    is given, then solved exactly)."""
    for _ in range(_MAX_STEPS):
        if d.to_act < 0:
            return fast_side_value(d, seat)
        if leaves is not None and _strict(d):
            return leaves.value(d, seat)
        d.apply(policy_move(d))
    raise RuntimeError("playout did not end")


def played_out_fast(
    world: Deal,
    candidates: list[Action],
    seat: int,
    deadline: float | None,
    leaves: Leaves | None = None,
) -> list[float]:
    """`seat`'s value after each candidate in `world` (as `pimc._played_out`), on the
    bitmask path; fewer values when the clock passes `deadline`."""
    start = FastDeal.from_deal(world)
    values = []
    for a in candidates:
        if deadline is not None and time.perf_counter() > deadline:
            break
        d = start.copy()
        d.apply(from_action(a))
        values.append(play_out(d, seat, leaves))
    return values
