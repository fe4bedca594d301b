"""Match scoring: targets, Bummerl, dealer rotation, caps, carries, Idiot rounds."""

from __future__ import annotations

import pytest
from sixtysix import get_preset
from sixtysix.match import Match
from sixtysix.players import RandomPlayer
from sixtysix.scoring import Result

pytestmark = pytest.mark.unit


def _result(winners: list[int], by_seat: list[int], reason: str = "declared") -> Result:
    gp = max((by_seat[s] for s in winners), default=0)
    return Result(winners, gp, reason, [0] * len(by_seat), by_seat)


def test_match_first_to_seven_up() -> None:
    match = Match(get_preset("classic66"), scores=[5, 0])
    match.record(_result([0], [3, 0]))
    assert match.scores == [8, 0]
    assert match.winners == [0]


def test_match_schnapsen_bummerl_counts_down() -> None:
    match = Match(get_preset("schnapsen"), scores=[7, 2])
    match.record(_result([1], [0, 3]))
    assert match.scores == [7, -1]
    assert match.winners == [1]
    assert match.stakes == {1: 2}  # the loser never left 7: a Schneider-Bummerl


def test_match_bummerl_is_single_once_the_loser_has_scored() -> None:
    match = Match(get_preset("schnapsen"), scores=[6, 1])
    match.record(_result([1], [0, 2]))
    assert match.winners == [1]
    assert match.stakes == {1: 1}


def test_match_dealer_rotation_rules() -> None:
    classic = Match(get_preset("classic66"), dealer=0)
    classic.record(_result([1], [0, 1]))
    assert classic.dealer == 1
    classic.record(_result([1], [0, 1]))
    assert classic.dealer == 1
    schnapsen = Match(get_preset("schnapsen"), dealer=0)
    schnapsen.record(_result([0], [1, 0]))
    assert schnapsen.dealer == 1
    three = Match(get_preset("three_all_play"), dealer=2)
    three.record(_result([0], [2, 0, 0]))
    assert three.dealer == 0


def test_match_drawn_deal_same_dealer_or_carry() -> None:
    classic = Match(get_preset("classic66"), dealer=1)
    classic.record(_result([], [0, 0], reason="tie"))
    assert (classic.dealer, classic.scores) == (1, [0, 0])
    carry = Match(get_preset("classic66").with_options({"draw_handling": "carry_1_to_next_winner"}))
    carry.record(_result([], [0, 0], reason="tie"))
    carry.record(_result([1], [0, 2]))
    assert carry.scores == [0, 3]


def test_match_dealer_out_cap() -> None:
    match = Match(get_preset("three_dealer_out"), dealer=2, scores=[0, 0, 6])
    match.record(_result([0], [2, 0, 2]))
    assert match.scores == [2, 0, 6]
    assert match.winners is None
    match = Match(get_preset("three_dealer_out"), dealer=2, scores=[6, 0, 3])
    match.record(_result([0], [1, 0, 1]))
    assert match.scores == [7, 0, 4]
    assert match.winners == [0]


@pytest.mark.parametrize(("settlement", "stake"), [("per_round", 1), ("point_difference", 50)])
def test_match_idiot_round_of_ten_deals(settlement: str, stake: int) -> None:
    rules = get_preset("idiot66").with_options({"idiot_settlement": settlement})
    match = Match(rules)
    for _ in range(10):
        assert match.winners is None
        match.record(Result([0], 0, "most_points", [70, 65], [70, 65]))
    assert match.scores == [700, 650]
    assert match.winners == [0]
    assert match.stakes == {0: stake}


def test_match_random_matches_finish_for_every_preset() -> None:
    from sixtysix import PRESET_IDS

    for preset in PRESET_IDS:
        rules = get_preset(preset)
        match = Match(rules)
        player = RandomPlayer(seed=1, end_weight=0.2)
        seed = 0
        while not match.over and seed < 500:
            deal = match.new_deal(seed=seed)
            while deal.result is None:
                legal = deal.legal_actions()
                if deal.phase == "bidding":
                    # modest bidders: open with 1, then pass (random moons never end a match)
                    legal = [a for a in legal if a.value == 1] or [legal[-1]]
                deal.apply(player.pick(legal))
            match.record(deal.result)
            seed += 1
        assert match.over, preset
