"""Two active seats of a larger table onto the solver's two seats (dealer sits out).

In `three_dealer_out` the dealer holds no cards: the deal is a two-seat deal between the
other two, so the exact solver answers it once the view and the rules are renumbered
(active seats in seat order become 0 and 1, the idle dealer vanishes). The values do not
change: the idle dealer's share never enters the two players' difference.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..players import PlayerView
from ..ruleset import RuleSet
from .search import SolverError


def dealer_out(rules: RuleSet) -> bool:
    """True for a table where the idle dealer leaves two active seats."""
    return rules.dealer_sits_out and rules.active_players == 2 and rules.players == 3


def two_seat_rules(rules: RuleSet) -> RuleSet:
    """The same rules as a two-player table (what the two active seats play)."""
    return rules.replace(
        players=2,
        active_players=2,
        dealer_sits_out=False,
        dealer_score_cap=False,
        next_dealer="deal_winner",
    )


def active_seats(view: PlayerView, rules: RuleSet) -> tuple[int, int]:
    """The two active seats, in seat order, from what the view shows: a trick's seats, or
    (before any card) the dealer at the first leader's right."""
    seen = {s for t in view.tricks for s, _c in t} | {s for s, _c in view.trick}
    seen.add(view.seat)
    if len(seen) < 2:
        leader = view.closed_by if view.closed_by is not None else view.seat
        dealer = (leader - 1) % rules.players
        seen = set(range(rules.players)) - {dealer}
    if len(seen) != 2:
        raise SolverError("not two active seats")
    a, b = sorted(seen)
    return a, b


def _seats(pairs: tuple[tuple[int, str], ...], to: dict[int, int]) -> tuple[tuple[int, str], ...]:
    return tuple((to[s], c) for s, c in pairs)


def two_seat_view(view: PlayerView, rules: RuleSet) -> tuple[PlayerView, RuleSet]:
    """The view renumbered onto seats 0 and 1, with the two-player rules."""
    seats = active_seats(view, rules)
    to = {s: i for i, s in enumerate(seats)}

    def pick(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[s] for s in seats) if len(values) == rules.players else values

    two = two_seat_rules(rules)
    mapped = replace(
        view,
        seat=to[view.seat],
        to_act=None if view.to_act is None else to[view.to_act],
        closed_by=None if view.closed_by is None else to[view.closed_by],
        trick=_seats(view.trick, to),
        last_trick=_seats(view.last_trick, to),
        tricks_won=pick(view.tricks_won),
        marriages=tuple({**m, "player": to[m["player"]]} for m in view.marriages),
        card_points=pick(view.card_points),
        pending_points=pick(view.pending_points),
        exchanges=_seats(view.exchanges, to),
        tricks=tuple(_seats(t, to) for t in view.tricks),
        rules=two,
    )
    return mapped, two
