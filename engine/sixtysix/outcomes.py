"""How a deal ends, decided once: claims, closes, false claims and the stock played out.

Each function takes the rules and plain per-side numbers (card points and tricks, or just
"has a trick" flags: only zero or not matters to the 1/2/3 tables) and returns an
`Ending`: the reason and the game points each scoring side collects. `Deal` (endings.py,
moves.py) turns it into the `Result`; the solver turns it into a search value with
`two_seat_value`. Neither decides a rule of its own, and a test plays both against each
other on every ending.

Sides are indexed as `Deal.sides` (one seat per side without partnerships).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .kinds import ResultReason
from .ruleset import RuleSet
from .scoring import failed_close_points, four_hand_130_points, game_points_1_2_3

Gains = dict[int, int]
"""Side index -> game points each member of that side collects."""
Snapshot = Sequence[tuple[int, int]] | None
"""(points, tricks) of each side at the moment of the close (None: not closed)."""


class Ending(NamedTuple):
    """The reason and the gains; `winners` (side indexes) when not simply those who gain."""

    reason: ResultReason
    gains: Gains
    winners: list[int] | None = None


def win_gains(
    rules: RuleSet,
    side: int,
    points: Sequence[int],
    tricks: Sequence[int],
    snapshot: Snapshot = None,
) -> Gains:
    """What the winning side collects: 1/2/3 on each loser (on his state at the close when
    `snapshot` is given and `close_scoring_snapshot` is `at_close`)."""
    at_close = snapshot if rules.close_scoring_snapshot == "at_close" and snapshot else None
    total = 0
    for i in range(len(points)):
        if i != side:
            pts, won = at_close[i] if at_close else (points[i], tricks[i])
            total += game_points_1_2_3(pts, won, rules.schneider_threshold)
    return {side: total}


def failed_close(rules: RuleSet, closer: int, points: Sequence[int], snapshot: Snapshot) -> Ending:
    """The close failed: each opponent of the closer's side scores the penalty."""
    gains = {}
    for i in range(len(points)):
        if i != closer:
            had = snapshot[i][1] if snapshot else 0
            gains[i] = failed_close_points(
                rules.failed_close_penalty, had, points[closer], rules.schneider_threshold
            )
    return Ending("closed_failed", gains)


def close_fails_on_trick(rules: RuleSet, closer: int | None, winner: int) -> bool:
    """True when this trick, won by side `winner`, fails the close at once."""
    return (
        closer is not None
        and rules.failed_close_penalty == "closer_loses_on_any_trick"
        and winner != closer
    )


def false_claim(rules: RuleSet, side: int, points: Sequence[int], tricks: Sequence[int]) -> Ending:
    """A claim short of the target: each opponent scores the false-claim penalty."""
    penalty = rules.false_claim_penalty
    gains = {}
    for i in range(len(points)):
        if i != side:
            if penalty == "flat_2":
                gains[i] = 2
            elif penalty == "two_or_three":
                gains[i] = 3 if tricks[i] == 0 else 2
            else:  # mirror: the opponent's own 1/2/3
                gains[i] = game_points_1_2_3(points[i], tricks[i], rules.schneider_threshold)
    return Ending("false_declaration", gains)


def claim(
    rules: RuleSet,
    side: int,
    points: Sequence[int],
    tricks: Sequence[int],
    closer: int | None,
    snapshot: Snapshot,
) -> Ending:
    """Side `side` claims the target: true, false, the closer's false claim (a failed
    close), or the closer's opponent claiming first (closer beaten)."""
    pts = points[side]
    true_claim = pts >= rules.target
    if true_claim and closer == side and rules.close_requires_most_points:
        true_claim = all(pts > points[i] for i in range(len(points)) if i != side)
    if closer == side and not true_claim:
        return failed_close(rules, side, points, snapshot)
    if not true_claim:
        return false_claim(rules, side, points, tricks)
    if closer is not None and closer != side:
        had = snapshot[side][1] if snapshot else 1
        flat = rules.closer_beaten_penalty == "flat_2"
        return Ending("closer_beaten", {side: 2 if flat or had else 3})
    if closer == side:
        return Ending("closed_made", win_gains(rules, side, points, tricks, snapshot))
    return Ending("declared", win_gains(rules, side, points, tricks))


def exhausted(
    rules: RuleSet,
    last_winner: int,
    points: Sequence[int],
    tricks: Sequence[int],
    closer: int | None,
    snapshot: Snapshot,
    tricks_played: int,
) -> Ending:
    """The hands ran out (side `last_winner` took the last trick; `points` include the
    last-trick bonus). Not for `bid_units`: a contract is scored by the bid."""
    n = len(points)
    if closer is not None:
        made = points[closer] >= rules.target and (
            not rules.close_requires_most_points
            or all(points[closer] > points[i] for i in range(n) if i != closer)
        )
        if made:
            return Ending("closed_made", win_gains(rules, closer, points, tricks, snapshot))
        return failed_close(rules, closer, points, snapshot)
    if rules.scoring == "raw_points":
        best = max(points)
        tops = [i for i in range(n) if points[i] == best]
        gains = {i: points[i] for i in range(n)}
        if len(tops) > 1:
            return Ending("tie", gains, [])
        return Ending("most_points", gains, tops)
    if rules.scoring == "four_hand_130":
        for i in range(n):
            gp = four_hand_130_points(points[i], tricks[i] == tricks_played)
            if gp:
                return Ending("most_points", {i: gp})
        return Ending("tie", {})
    if rules.exhausted_resolution == "last_trick_wins_1":
        return Ending("last_trick", {last_winner: 1})
    if rules.exhausted_resolution == "last_trick_wins_scaled":
        return Ending("last_trick", win_gains(rules, last_winner, points, tricks))
    best = max(points)
    tops = [i for i in range(n) if points[i] == best]
    if len(tops) > 1:
        return Ending("tie", {})
    return Ending("most_points", win_gains(rules, tops[0], points, tricks))


def two_seat_value(ending: Ending) -> int:
    """Seat 0's game points minus seat 1's (two seats, one per side): the solver's value."""
    gains = ending.gains
    return gains.get(0, 0) - gains.get(1, 0)
