"""The engine's record of who took the last trick, which every page names the winner from."""

import random

import pytest
from sixtysix import Deal, get_preset
from sixtysix.players import RandomPlayer
from sixtysix.presets import PRESET_IDS
from sixtysix.tricks import beats


def _taker(plays, trump):
    best = 0
    for i in range(1, len(plays)):
        if beats(plays[i][1], plays[best][1], trump):
            best = i
    return plays[best][0]


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_last_trick_winner_is_the_card_that_took_it_to_the_deals_end(preset):
    """After every trick, the deal's last one included (where `leader` is not moved on),
    the recorded winner is the seat whose card took the trick."""
    rules = get_preset(preset)
    rng = random.Random(preset)
    for _ in range(5):
        deal = Deal.new(rules, seed=rng.randrange(2**31))
        player = RandomPlayer(rng.randrange(2**31), end_weight=0.0)
        assert deal.state()["last_trick_winner"] is None
        while deal.result is None:
            deal.apply(player.pick(deal.legal_actions()))
            if deal.last_trick and not deal.trick:
                expected = _taker(deal.last_trick, deal.trump)
                assert deal.last_trick_winner == expected
                assert deal.state()["last_trick_winner"] == expected
