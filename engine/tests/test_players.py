"""Computer players see only their own seat's information."""

from __future__ import annotations

import pytest
from sixtysix import PRESET_IDS, Deal, get_preset
from sixtysix.players import PlayerView, RandomPlayer, play_out, player_view

pytestmark = pytest.mark.unit


def test_players_view_hides_other_hands_and_stock() -> None:
    deal = Deal.new(get_preset("classic66"), seed=8)
    view = player_view(deal, 0)
    state = deal.state()
    assert list(view.hand) == state["hands"][0]
    assert view.legal == ()
    assert view.stock_size == 12
    fields = set(PlayerView.__dataclass_fields__)
    assert not {"hands", "stock"} & fields
    text = repr(view)
    for card in state["hands"][1]:
        assert card not in text or card == state["turnup"]


def test_players_view_of_player_to_act_lists_legal_actions() -> None:
    deal = Deal.new(get_preset("classic66"), seed=8)
    assert list(player_view(deal, 1).legal) == deal.legal_actions()


def test_players_forehand_sees_three_cards_while_naming_trump() -> None:
    deal = Deal.new(get_preset("three_no_stock"), seed=2)
    assert len(player_view(deal, 1).hand) == 3


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_players_random_players_finish_deals(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(10):
        deal = Deal.new(rules, seed=seed)
        players = [RandomPlayer(seed + i, end_weight=0.1) for i in range(rules.players)]
        play_out(deal, players)
        assert deal.result is not None


def test_players_random_player_is_reproducible() -> None:
    def run(seed: int) -> list:
        deal = Deal.new(get_preset("schnapsen"), seed=1)
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        play_out(deal, players)
        return deal.actions

    assert run(4) == run(4)
