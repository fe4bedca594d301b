"""How a deal ends, decided once: claims, closes, false claims and the stock played out.

Each function takes the rules and plain per-side numbers (card points and tricks, or just
"has a trick" flags: only zero or not matters to the 1/2/3 tables) and returns an
`Ending`: the reason, the game points each scoring side collects, and the winners. `Deal`
(deal_endings.py, moves.py) and the bitmask playouts (fast.py) turn it into the `Result`; the
solver turns it into a search value with `two_seat_value`. None decides a rule of its own,
and tests play them against each other on every ending.

Sides are indexed as `Deal.sides` (one seat per side without partnerships).
"""

from __future__ import annotations

from collections.abc import Sequence

from .kinds import ResultReason
from .ruleset import RuleSet
from .scoring import failed_close_points, four_hand_130_points, game_points_1_2_3
from .values import reaches_target

Gains = dict[int, int]
"""Side index -> game points each member of that side collects."""
Snapshot = Sequence[tuple[int, int]] | None
"""(points, tricks) of each side at the moment of the close (None: not closed)."""


Ending = tuple[ResultReason, Gains, list[int] | None]
"""(reason, gains, winners): `winners` (side indexes) when not simply the sides that gain.
A plain tuple: the solver builds one at each new terminal position."""


def win_gains(
    rules: RuleSet,
    side: int,
    points: Sequence[int],
    tricks: Sequence[int],
    snapshot: Snapshot = None,
) -> Gains:
    """What the winning side collects: 1/2/3 on each loser (on his state at the close when
    `snapshot` is given and `close_scoring_snapshot` is `at_close`)."""
    at_close = snapshot if snapshot and rules.close_scoring_snapshot == "at_close" else None
    threshold = rules.schneider_threshold
    total = 0
    for i in range(len(points)):
        if i != side:
            pts, won = at_close[i] if at_close else (points[i], tricks[i])
            total += game_points_1_2_3(pts, won, threshold)
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
    return "closed_failed", gains, None


def close_fails_on_trick(rules: RuleSet, closer: int | None, winner: int) -> bool:
    """True when this trick, won by side `winner`, fails the close at once."""
    return (
        closer is not None
        and rules.failed_close_penalty == "closer_loses_on_any_trick"
        and winner != closer
    )


def last_trick_bonus(rules: RuleSet, closer: int | None) -> int:
    """Card points the last trick adds: none after a close."""
    return rules.last_trick_bonus if closer is None else 0


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
    return "false_declaration", gains, None


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
    true_claim = reaches_target(rules, points, side, closer=closer == side)
    if closer == side and not true_claim:
        return failed_close(rules, side, points, snapshot)
    if not true_claim:
        return false_claim(rules, side, points, tricks)
    if closer is not None and closer != side:
        had = snapshot[side][1] if snapshot else 1
        flat = rules.closer_beaten_penalty == "flat_2"
        return "closer_beaten", {side: 2 if flat or had else 3}, None
    if closer == side:
        return "closed_made", win_gains(rules, side, points, tricks, snapshot), None
    return "declared", win_gains(rules, side, points, tricks), None


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
        if reaches_target(rules, points, closer, closer=True):
            return "closed_made", win_gains(rules, closer, points, tricks, snapshot), None
        return failed_close(rules, closer, points, snapshot)
    if rules.scoring == "raw_points":
        best = max(points)
        gains = dict(enumerate(points))
        if points.count(best) > 1:
            return "tie", gains, []
        return "most_points", gains, [points.index(best)]
    if rules.scoring == "four_hand_130":
        for i in range(n):
            gp = four_hand_130_points(points[i], tricks[i] == tricks_played, rules.target)
            if gp:
                return "most_points", {i: gp}, None
        return "tie", {}, None
    if rules.exhausted_resolution == "last_trick_wins_1":
        return "last_trick", {last_winner: 1}, None
    if rules.exhausted_resolution == "last_trick_wins_scaled":
        return "last_trick", win_gains(rules, last_winner, points, tricks), None
    best = max(points)
    if points.count(best) > 1:
        return "tie", {}, None
    return "most_points", win_gains(rules, points.index(best), points, tricks), None


def two_seat_value(ending: Ending) -> int:
    """Seat 0's game points minus seat 1's (two seats, one per side): the solver's value."""
    gains = ending[1]
    return gains.get(0, 0) - gains.get(1, 0)
