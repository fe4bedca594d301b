"""The bid ladder of north_american_bid66."""

from __future__ import annotations

import pytest
from sixtysix import Action, Deal, IllegalAction, get_preset
from sixtysix.bidding import contract_points, is_moon, max_bid

pytestmark = pytest.mark.unit


def test_bidding_ladder_units() -> None:
    rules = get_preset("north_american_bid66")
    assert [contract_points(b, rules) for b in range(1, 5)] == [33, 66, 99, 132]
    assert contract_points(5, rules) is None
    assert is_moon(5, rules) is True
    assert max_bid(rules) == 5
    assert max_bid(rules.with_options({"moon": False})) == 4


def test_bidding_starts_left_of_dealer_and_offers_higher_bids() -> None:
    deal = Deal.new(get_preset("north_american_bid66"), seed=4, dealer=2)
    assert deal.to_act == 3
    legal = {(a.type, a.value) for a in deal.legal_actions()}
    assert legal == {("bid", v) for v in range(1, 6)} | {("pass", None)}
    deal.apply(Action(3, "bid", value=3))
    legal = {(a.type, a.value) for a in deal.legal_actions()}
    assert legal == {("bid", 4), ("bid", 5), ("pass", None)}


def test_bidding_pass_is_final() -> None:
    deal = Deal.new(get_preset("north_american_bid66"), seed=4, dealer=0)
    for a in (Action(1, "pass"), Action(2, "bid", value=1), Action(3, "pass")):
        deal.apply(a)
    deal.apply(Action(0, "bid", value=2))
    assert deal.to_act == 2
    deal.apply(Action(2, "pass"))
    assert deal.state()["phase"] == "strict"
    assert deal.to_act == 0


def test_bidding_refusals() -> None:
    deal = Deal.new(get_preset("north_american_bid66"), seed=4, dealer=0)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Action(1, "bid", value=6))
    assert (info.value.code, info.value.details) == ("bid_too_high", {"maximum": 5})
    with pytest.raises(IllegalAction) as info:
        deal.apply(Action(1, "play", card="AS"))
    assert info.value.code in ("bidding_not_over", "card_not_in_hand")
    deal.apply(Action(1, "bid", value=1))
    deal.apply(Action(2, "pass"))
    deal.apply(Action(3, "pass"))
    deal.apply(Action(0, "pass"))
    with pytest.raises(IllegalAction) as info:
        deal.apply(Action(1, "bid", value=2))
    assert info.value.code == "bidding_closed"


def test_bidding_contract_scoring_units() -> None:
    rules = get_preset("north_american_bid66")
    for seed in range(30):
        deal = Deal.new(rules, seed=seed)
        deal.apply(Action(1, "bid", value=2))
        for p in (2, 3, 0):
            deal.apply(Action(p, "pass"))
        while deal.result is None:
            deal.apply(deal.legal_actions()[0])
        result = deal.result
        side_points = result.card_points[1] + result.card_points[3]
        made = side_points >= 66
        assert result.reason == ("contract_made" if made else "contract_failed")
        assert result.game_points_by_seat[1] == (2 if made else -2)
        assert (
            result.game_points_by_seat[0] == (result.card_points[0] + result.card_points[2]) // 33
        )
