"""Game-point tables."""

from __future__ import annotations

import pytest
from sixtysix.scoring import (
    Result,
    bid_units,
    failed_close_points,
    four_hand_130_points,
    game_points_1_2_3,
)

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("points", "tricks", "expected"),
    [(33, 1, 1), (32, 1, 2), (0, 1, 2), (0, 0, 3), (45, 2, 1), (25, 1, 2)],
)
def test_scoring_one_two_three(points: int, tricks: int, expected: int) -> None:
    assert game_points_1_2_3(points, tricks, 33) == expected


def test_scoring_schneider_threshold_option() -> None:
    assert game_points_1_2_3(40, 2, 50) == 2


@pytest.mark.parametrize(
    ("penalty", "tricks_at_close", "closer_points", "expected"),
    [
        ("two_or_three", 1, 50, 2),
        ("two_or_three", 0, 50, 3),
        ("always_three", 1, 50, 3),
        ("by_closer_count", 1, 40, 1),
        ("by_closer_count", 1, 20, 2),
        ("by_closer_count", 0, 40, 3),
        ("closer_loses_on_any_trick", 1, 60, 3),
    ],
)
def test_scoring_failed_close(
    penalty: str, tricks_at_close: int, closer_points: int, expected: int
) -> None:
    assert failed_close_points(penalty, tricks_at_close, closer_points, 33) == expected


@pytest.mark.parametrize(
    ("points", "every", "expected"),
    [
        (65, False, 0),
        (66, False, 1),
        (99, False, 1),
        (100, False, 2),
        (130, False, 2),
        (130, True, 3),
    ],
)
def test_scoring_four_hand_130(points: int, every: bool, expected: int) -> None:
    assert four_hand_130_points(points, every, target=66) == expected


def test_scoring_bid_units() -> None:
    assert bid_units(70, 2, 33, None) == 2
    assert bid_units(60, 2, 33, None) == -2
    assert bid_units(0, 5, 33, True) == 5
    assert bid_units(120, 5, 33, False) == -5


def test_scoring_result_to_dict_shape() -> None:
    result = Result([0], 2, "declared", [70, 31], [2, 0])
    assert result.to_dict() == {
        "winners": [0],
        "game_points": 2,
        "reason": "declared",
        "card_points": [70, 31],
        "game_points_by_seat": [2, 0],
    }


def test_the_130_scale_starts_at_the_rules_target() -> None:
    assert four_hand_130_points(69, False, target=70) == 0
    assert four_hand_130_points(70, False, target=70) == 1
