"""The ten of trumps in Four-Hand American (rules-spec.md 2.10, "Options"): worth one game
point more to the side that captures it, and on six it wins the match at once."""

from __future__ import annotations

import random

import pytest
from sixtysix import Deal, RuleSetError, get_preset
from sixtysix.cards import TEN, card_id
from sixtysix.match import Match
from sixtysix.scoring import Result

pytestmark = pytest.mark.unit

AMERICAN = get_preset("four_hand_american")
WITH_TEN = AMERICAN.with_options({"trump_ten_bonus": True})


def played_out(rules, seed: int) -> Deal:
    """A random complete deal; the bonus never changes what is legal, so the same seed
    plays the same cards with and without it."""
    deal = Deal.new(rules, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while deal.result is None:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def ten_side(deal: Deal) -> list[int]:
    ten = 1 << card_id(deal.trump, TEN)
    seat = next(s for s in range(4) if deal.won[s] & ten)
    return sorted([seat, (seat + 2) % 4])


@pytest.mark.parametrize("seed", range(40))
def test_the_side_capturing_the_ten_of_trumps_scores_one_more(seed):
    plain, bonus = played_out(AMERICAN, seed), played_out(WITH_TEN, seed)
    assert plain.actions == bonus.actions
    side = ten_side(bonus)
    expected = [g + (1 if s in side else 0) for s, g in enumerate(plain.result.game_points_by_seat)]
    assert bonus.result.game_points_by_seat == expected
    assert bonus.result.winners == plain.result.winners  # a bonus alone wins no deal
    assert bonus.result.extra["trump_ten"] == side
    assert "trump_ten" not in plain.result.extra


def test_the_preset_leaves_the_ten_of_trumps_plain():
    assert AMERICAN.trump_ten_bonus is False  # HOYLE calls the bonus foreign to the game


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("four_double_pack_101", {}),  # two tens of trumps
        ("idiot66", {}),  # card points, not game points
        ("north_american_bid66", {}),  # bid units
    ],
)
def test_the_bonus_needs_one_pack_and_game_points(preset, options):
    with pytest.raises(RuleSetError) as refused:
        get_preset(preset).with_options({**options, "trump_ten_bonus": True})
    assert refused.value.key == "trump_ten_bonus"


def _result(winners, by_seat, reason="most_points", ten=None):
    extra = {"trump_ten": ten} if ten else {}
    gp = max((by_seat[s] for s in winners), default=0)
    return Result(winners, gp, reason, [0] * 4, by_seat, extra)


def test_a_side_on_six_capturing_the_ten_wins_at_once_even_if_the_others_reach_seven():
    match = Match(WITH_TEN, scores=[6, 5, 6, 5])
    match.record(_result([1, 3], [1, 2, 1, 2], ten=[0, 2]))
    assert match.scores == [7, 7, 7, 7]
    assert match.winners == [0, 2]


def test_a_side_on_five_capturing_the_ten_does_not_win_at_once():
    match = Match(WITH_TEN, scores=[5, 5, 5, 5])
    match.record(_result([1, 3], [1, 2, 1, 2], ten=[0, 2]))
    assert match.scores == [6, 7, 6, 7]
    assert match.winners == [1, 3]


def test_the_ten_counts_in_a_tied_deal_and_the_tie_still_carries():
    match = Match(WITH_TEN, scores=[0, 0, 0, 0])
    match.record(_result([], [0, 1, 0, 1], reason="tie", ten=[1, 3]))
    assert match.scores == [0, 1, 0, 1]
    assert match.carry == 1
    assert match.winners is None
