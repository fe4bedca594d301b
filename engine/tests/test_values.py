"""The rule values written once (values.py): what each variant's marriages are worth and
when a side's points make the target."""

from __future__ import annotations

import pytest
from sixtysix import get_preset
from sixtysix.values import marriage_value, most_marriage_points, reaches_target

pytestmark = pytest.mark.unit

CLASSIC = get_preset("classic66")
IDIOT = get_preset("idiot66")


def test_a_marriage_is_20_or_40_in_trumps_whatever_came_before() -> None:
    assert [marriage_value(CLASSIC, False, n) for n in range(3)] == [20, 20, 20]
    assert marriage_value(CLASSIC, True, 2) == 40


def test_escalating_marriages_count_the_order_not_the_suit() -> None:
    assert [marriage_value(IDIOT, n == 1, n) for n in range(4)] == [20, 40, 60, 80]


def test_the_solvers_bound_is_every_marriage_shown() -> None:
    assert most_marriage_points(CLASSIC) == 100
    assert most_marriage_points(IDIOT) == 200
    assert most_marriage_points(get_preset("four_hand_american")) == 0


def test_the_target_and_the_closers_majority() -> None:
    strict = CLASSIC.with_options({"close_requires_most_points": True})
    assert reaches_target(CLASSIC, [66, 70], 0, closer=True)
    assert not reaches_target(CLASSIC, [65, 10], 0, closer=False)
    assert not reaches_target(strict, [66, 70], 0, closer=True)
    assert reaches_target(strict, [66, 70], 0, closer=False)
    assert reaches_target(strict, [71, 70], 0, closer=True)
