"""Game-point tables: 1/2/3 with schneider and schwarz, the 130 scale, bid units."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .kinds import ResultReason


def game_points_1_2_3(loser_points: int, loser_tricks: int, schneider_threshold: int) -> int:
    """1 when the loser has >= threshold, 2 below it with a trick (schneider), 3 with no trick."""
    if loser_tricks == 0:
        return 3
    if loser_points < schneider_threshold:
        return 2
    return 1


def failed_close_points(
    penalty: str, opponent_tricks_at_close: int, closer_points: int, schneider_threshold: int
) -> int:
    """What the closer's opponent scores when the close fails."""
    if penalty in ("always_three", "closer_loses_on_any_trick"):
        return 3
    if penalty == "by_closer_count":
        if opponent_tricks_at_close == 0:
            return 3
        return 1 if closer_points >= schneider_threshold else 2
    return 3 if opponent_tricks_at_close == 0 else 2


FOUR_HAND_DOUBLE = 100
"""Four-Hand American's second step of the 130 scale: this many card points score 2."""


def four_hand_130_points(side_points: int, side_took_every_trick: bool, target: int) -> int:
    """Four-Hand American: `target` (66) to 99 -> 1, 100 or more -> 2, every trick -> 3,
    else 0."""
    if side_took_every_trick:
        return 3
    if side_points >= FOUR_HAND_DOUBLE:
        return 2
    if side_points >= target:
        return 1
    return 0


def bid_units(side_points: int, bid: int, unit: int, moon_made: bool | None) -> int:
    """Signed units for the bidding side: +bid when made, -bid when failed."""
    if moon_made is not None:
        return bid if moon_made else -bid
    return bid if side_points >= bid * unit else -bid


@dataclass
class Result:
    """How a deal ended: protocol fields plus per-seat game points for the match."""

    winners: list[int]
    game_points: int
    reason: ResultReason
    card_points: list[int]
    game_points_by_seat: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The protocol's `result` shape (plus `game_points_by_seat` and extras)."""
        d: dict[str, Any] = {
            "winners": list(self.winners),
            "game_points": self.game_points,
            "reason": self.reason,
            "card_points": list(self.card_points),
            "game_points_by_seat": list(self.game_points_by_seat),
        }
        d.update(self.extra)
        return d
