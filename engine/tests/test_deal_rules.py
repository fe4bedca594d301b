"""Deal scenarios from explicit layouts: the action window, exchange, marriages, closing."""

from __future__ import annotations

import pytest
from engine_helpers import act, classic, new_deal, play, run
from sixtysix import Action, Deal, IllegalAction, get_preset

pytestmark = pytest.mark.unit


def _types(deal: Deal) -> set[tuple]:
    return {(a.type, a.card or a.suit or a.value) for a in deal.legal_actions()}


def _refused(deal: Deal, action: Action) -> tuple[str, dict]:
    with pytest.raises(IllegalAction) as info:
        deal.apply(action)
    return info.value.code, info.value.details


def _l2(preset_options: dict | None = None) -> Deal:
    """classic66, clubs trump (JC turned up), player 1 holds hearts and the trump 9."""
    return new_deal(
        options=preset_options,
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["AH", "TH", "KH", "QH", "9C", "9H"]],
        turnup="JC",
        stock=["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JH"],
    )


def _l2_after_trick4() -> Deal:
    """Player 1 has won four tricks and drawn: stock 4, player 1 on lead."""
    deal = _l2()
    for lead, follow in (("AH", "9S"), ("TH", "JS"), ("9H", "QS"), ("KH", "KS")):
        run(deal, play(1, lead), play(0, follow), act(1, "draw"))
    return deal


def test_deal_first_lead_window_offers_plays_meld_and_close() -> None:
    deal = classic()
    expected = {("play", c) for c in ["AH", "TH", "KH", "QH", "JH", "9H"]}
    expected |= {("meld", "H"), ("close", None)}
    assert deal.to_act == 1
    assert _types(deal) == expected


def test_deal_open_phase_lets_follower_discard_and_leader_wins() -> None:
    deal = run(classic(), play(1, "AH"), play(0, "9S"))
    state = deal.state()
    assert state["tricks_won"] == [0, 1]
    assert state["card_points"] == [0, 11]
    assert _types(deal) == {("draw", None), ("declare", None), ("close", None)}


def test_deal_winner_must_draw_before_playing_or_melding() -> None:
    deal = run(classic(), play(1, "AH"), play(0, "9S"))
    assert _refused(deal, play(1, "TH")) == ("must_draw_first", {})
    assert _refused(deal, act(1, "meld", suit="H")) == ("must_draw_first", {})
    assert _refused(deal, act(0, "draw"))[0] == "not_your_turn"


def test_deal_draw_gives_winner_first_card() -> None:
    deal = run(classic(), play(1, "AH"), play(0, "9S"), act(1, "draw"))
    state = deal.state()
    assert "AD" in state["hands"][1]
    assert "TD" in state["hands"][0]
    assert state["stock_size"] == 10


def test_deal_follower_cannot_meld_or_declare() -> None:
    deal = run(classic(), play(1, "AH"))
    assert _refused(deal, act(0, "meld", suit="S")) == ("meld_not_on_lead", {})
    assert _refused(deal, act(0, "declare")) == ("declare_not_allowed", {"reason": "timing"})
    assert _refused(deal, play(1, "TH"))[0] == "not_your_turn"


def test_deal_marriage_on_first_lead_is_pending_and_binds_the_lead() -> None:
    deal = run(classic(), act(1, "meld", suit="H"))
    assert deal.state()["pending_marriage_points"] == [0, 20]
    assert _refused(deal, act(1, "declare"))[0] == "declare_not_allowed"
    assert _refused(deal, play(1, "AH"))[0] == "must_lead_marriage_card"
    run(deal, play(1, "KH"), play(0, "AS"))
    state = deal.state()
    assert state["pending_marriage_points"] == [0, 0]
    assert state["card_points"] == [0, 35]


def test_deal_second_marriage_on_one_lead_refused() -> None:
    deal = new_deal(
        dealer=0,
        hands=[["AS", "TS", "JS", "9S", "AD", "TD"], ["AH", "KH", "QH", "KS", "QS", "9H"]],
        turnup="9C",
        stock=["KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "TH", "JH"],
    )
    run(deal, act(1, "meld", suit="H"))
    assert _refused(deal, act(1, "meld", suit="S")) == ("marriage_already_this_lead", {})


def test_deal_close_then_meld_refused_in_strict_phase() -> None:
    deal = run(classic(), act(1, "close"))
    assert deal.state()["phase"] == "strict"
    assert _refused(deal, act(1, "meld", suit="H")) == ("marriage_in_strict_phase", {})


def test_deal_meld_then_close_then_lead_keeps_marriage() -> None:
    deal = run(classic(), act(1, "meld", suit="H"), act(1, "close"), play(1, "QH"), play(0, "9S"))
    assert deal.state()["card_points"] == [0, 23]
    assert deal.state()["closed_by"] == 1


def test_deal_close_on_first_lead_refused_by_option() -> None:
    deal = new_deal(
        options={"close_before_first_trick": False},
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["AH", "TH", "KH", "QH", "JH", "9H"]],
        turnup="9C",
        stock=["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC"],
    )
    assert _refused(deal, act(1, "close")) == ("close_not_allowed", {"reason": "first_lead"})


def test_deal_exchange_needs_a_trick_in_classic66() -> None:
    assert _refused(_l2(), act(1, "exchange")) == ("exchange_needs_trick", {})


def test_deal_exchange_only_after_the_draw() -> None:
    deal = run(_l2(), play(1, "AH"), play(0, "9S"))
    assert _refused(deal, act(1, "exchange")) == ("must_draw_first", {})
    run(deal, act(1, "draw"), act(1, "exchange"))
    state = deal.state()
    assert state["turnup"] == "9C"
    assert "JC" in state["hands"][1]
    assert "9C" not in state["hands"][1]


def test_deal_exchange_allowed_with_stock_four_after_draw() -> None:
    deal = _l2_after_trick4()
    assert deal.stock_size == 4
    run(deal, act(1, "exchange"))
    assert deal.state()["turnup"] == "9C"


def test_deal_trick5_close_before_draw_allowed_exchange_refused() -> None:
    deal = _l2_after_trick4()
    run(deal, play(1, "QH"), play(0, "TS"))
    assert deal.stock_size == 4
    assert _refused(deal, act(1, "exchange")) == ("must_draw_first", {})
    assert deal.is_legal(act(1, "close"))
    run(deal, act(1, "draw"))
    assert deal.stock_size == 2
    assert _refused(deal, act(1, "exchange")) == (
        "stock_too_small",
        {"stock_size": 2, "minimum": 3},
    )
    assert _refused(deal, act(1, "close")) == ("stock_too_small", {"stock_size": 2, "minimum": 3})


def test_deal_last_draw_gives_loser_the_turnup_then_strict_rules() -> None:
    deal = _l2_after_trick4()
    run(deal, play(1, "QH"), play(0, "TS"), act(1, "draw"), play(1, "AD"), play(0, "9D"))
    run(deal, act(1, "draw"))
    state = deal.state()
    assert "JH" in state["hands"][1]
    assert "JC" in state["hands"][0]
    assert state["phase"] == "strict"
    assert state["stock_size"] == 0
    assert _types(deal) >= {("play", "KD"), ("declare", None)}
    run(deal, play(1, "KD"))
    assert _types(deal) == {("play", "TD")}
    assert _refused(deal, play(0, "QD")) == ("must_head_trick", {"card": "KD"})
    assert _refused(deal, play(0, "AS")) == ("must_follow_suit", {"suit": "D"})


def test_deal_strict_void_follower_must_trump() -> None:
    deal = _l2_after_trick4()
    run(deal, play(1, "QH"), play(0, "TS"), act(1, "draw"), play(1, "AD"), play(0, "9D"))
    run(deal, act(1, "draw"), play(1, "JH"))
    assert _types(deal) == {("play", "TC"), ("play", "QC"), ("play", "JC")}
    assert _refused(deal, play(0, "AS")) == ("must_trump", {"suit": "C"})


def test_deal_non_closer_may_exchange_without_trick_at_close() -> None:
    deal = new_deal(
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9C"], ["AH", "TH", "KH", "QH", "JH", "9H"]],
        turnup="AC",
        stock=["AD", "TD", "KD", "QD", "JD", "9D", "TC", "KC", "QC", "JC", "9S"],
    )
    run(deal, act(1, "close"))
    assert deal.to_act == 0
    assert _types(deal) == {("exchange", None), ("pass", None)}
    run(deal, act(0, "exchange"))
    assert "AC" in deal.state()["hands"][0]
    assert deal.to_act == 1


def test_deal_schnapsen_jack_exchange_before_first_trick() -> None:
    deal = new_deal(
        "schnapsen",
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JH"], ["AH", "TH", "KH", "QH", "JC"]],
        turnup="AC",
        stock=["AD", "TD", "KD", "QD", "JD", "TC", "KC", "QC", "JS"],
    )
    run(deal, act(1, "exchange"))
    assert "AC" in deal.state()["hands"][1]


def test_deal_schnapsen_no_exchange_for_non_closer() -> None:
    deal = new_deal(
        "schnapsen",
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JC"], ["AH", "TH", "KH", "QH", "JH"]],
        turnup="AC",
        stock=["AD", "TD", "KD", "QD", "JD", "TC", "KC", "QC", "JS"],
    )
    run(deal, act(1, "close"))
    assert deal.to_act == 1
    assert _refused(deal, act(0, "exchange"))[0] == "not_your_turn"


def test_deal_schnapsen_failed_close_scores_three_without_trick_at_close() -> None:
    deal = new_deal(
        "schnapsen",
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JH"], ["AH", "TH", "KH", "QH", "JS"]],
        turnup="AC",
        stock=["AD", "TD", "KD", "QD", "JD", "TC", "KC", "QC", "JC"],
    )
    run(deal, act(1, "meld", suit="H"), act(1, "close"), play(1, "KH"))
    assert _types(deal) == {("play", "JH")}
    run(deal, play(0, "JH"), play(1, "JS"), play(0, "AS"))
    run(deal, play(0, "QS"), play(1, "QH"), play(0, "KS"), play(1, "TH"))
    run(deal, play(0, "TS"), play(1, "AH"))
    result = deal.result.to_dict()
    assert result["reason"] == "closed_failed"
    assert result["winners"] == [0]
    assert result["game_points"] == 3


def test_deal_false_claim_scores_two_for_opponent() -> None:
    deal = run(classic(), play(1, "AH"), play(0, "9S"), act(1, "declare"))
    result = deal.result.to_dict()
    assert (result["reason"], result["winners"], result["game_points"]) == (
        "false_declaration",
        [0],
        2,
    )
    assert deal.to_act is None
    assert deal.legal_actions() == []
    assert _refused(deal, play(0, "AS")) == ("deal_over", {})


def test_deal_false_claim_mirror_pays_opponents_scale() -> None:
    deal = new_deal(
        options={"false_claim_penalty": "mirror"},
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["AH", "TH", "KH", "QH", "JH", "9H"]],
        turnup="9C",
        stock=["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC"],
    )
    run(deal, play(1, "AH"), play(0, "9S"), act(1, "declare"))
    assert deal.result.game_points == 3


def test_deal_marriage_lifts_to_66_and_claim_without_leading() -> None:
    deal = new_deal(
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["AH", "TH", "KH", "QH", "JH", "9D"]],
        turnup="9H",
        stock=["AD", "TD", "KD", "QD", "JD", "AC", "TC", "KC", "QC", "JC", "9C"],
    )
    run(deal, play(1, "AH"), play(0, "TS"), act(1, "draw"), play(1, "TH"), play(0, "AS"))
    run(deal, act(1, "draw"), act(1, "meld", suit="H"), act(1, "declare"))
    result = deal.result.to_dict()
    assert result["reason"] == "declared"
    assert result["card_points"] == [0, 82]
    assert result["game_points"] == 3


def test_deal_idiot66_marriages_escalate_and_set_trumps() -> None:
    deal = new_deal(
        "idiot66",
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["KH", "QH", "KD", "QD", "AH", "9H"]],
        stock=["TH", "JH", "TD", "AD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "9C"],
    )
    assert deal.state()["trump"] is None
    assert _refused(deal, act(1, "close"))[0] == "close_not_allowed"
    run(deal, act(1, "meld", suit="H"))
    assert deal.state()["trump"] == "H"
    run(deal, play(1, "KH"), play(0, "9S"), act(1, "draw"), act(1, "meld", suit="D"))
    state = deal.state()
    assert state["trump"] == "D"
    assert [m["points"] for m in state["marriages"]] == [20, 40]
    assert _refused(deal, act(1, "declare")) == ("declare_not_allowed", {"reason": "variant"})


def test_deal_idiot66_first_marriage_fixed_keeps_trump() -> None:
    deal = new_deal(
        "idiot66",
        options={"idiot_trump_mode": "first_marriage_fixed"},
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["KH", "QH", "KD", "QD", "AH", "9H"]],
        stock=["TH", "JH", "TD", "AD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "9C"],
    )
    run(deal, act(1, "meld", suit="H"), play(1, "KH"), play(0, "9S"), act(1, "draw"))
    run(deal, act(1, "meld", suit="D"))
    assert deal.state()["trump"] == "H"


def test_deal_idiot66_without_trump_leader_wins_off_suit_trick() -> None:
    deal = new_deal(
        "idiot66",
        dealer=0,
        hands=[["AS", "TS", "KS", "QS", "JS", "9S"], ["KH", "QH", "KD", "QD", "AH", "9H"]],
        stock=["TH", "JH", "TD", "AD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "9C"],
    )
    run(deal, play(1, "9H"), play(0, "AS"))
    assert deal.state()["tricks_won"] == [0, 1]


def test_deal_three_no_stock_forehand_names_or_turns_trump() -> None:
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S", "AC", "TC"],
        ["AH", "TH", "KH", "QH", "JH", "9H", "KC", "QC"],
        ["AD", "TD", "KD", "QD", "JD", "9D", "JC", "9C"],
    ]
    deal = new_deal("three_no_stock", dealer=0, hands=hands, stock=[])
    assert deal.to_act == 1
    assert _types(deal) == {("trump", s) for s in "CDHS"} | {("pass", None)}
    named = deal.copy()
    run(named, act(1, "trump", suit="S"))
    assert named.state()["trump"] == "S"
    run(deal, act(1, "pass"))
    assert deal.state()["trump"] == "H"
    assert deal.state()["trump_card"] == "QH"
    assert deal.to_act == 1


def test_deal_four_hand_american_trump_is_dealers_last_card() -> None:
    rules = get_preset("four_hand_american")
    deal = Deal.new(rules, seed=3, dealer=2)
    state = deal.state()
    assert state["trump_card"] is not None
    assert state["trump_card"][1] == state["trump"]
    assert state["trump_card"] in state["hands"][2]
    assert deal.to_act == 3


def test_deal_three_dealer_out_dealer_has_no_cards() -> None:
    deal = Deal.new(get_preset("three_dealer_out"), seed=1, dealer=1)
    state = deal.state()
    assert state["hands"][1] == []
    assert deal.to_act == 2
    assert [len(h) for h in state["hands"]] == [6, 0, 6]


def test_deal_double_pack_nine_for_nine_refused() -> None:
    rules = get_preset("four_double_pack_101").with_options({"exchange_requires_trick": False})
    deal = Deal.new(rules, seed=5, dealer=0)
    layout = deal.state()
    turnup = layout["turnup"]
    trump = turnup[1]
    nine = "9" + trump
    hands = layout["hands"]
    stock = layout["stock"]
    # Rebuild a layout where the turn-up is a trump 9 and player 1 holds the other.
    pool = [c for h in hands for c in h] + stock + [turnup]
    pool.remove(nine)
    pool.remove(nine)
    new_hands = [pool[0:7], [nine, *pool[7:13]], pool[13:20], pool[20:27]]
    deal = Deal.new(
        rules,
        layout={"dealer": 0, "hands": new_hands, "turnup": nine, "stock": pool[27:]},
    )
    assert _refused(deal, act(1, "exchange")) == ("exchange_same_card", {"card": nine})


def test_deal_double_pack_three_players_stop_drawing_with_two_left() -> None:
    rules = get_preset("four_double_pack_101").with_options(
        {
            "players": 3,
            "active_players": 3,
            "deck": "32",
            "partnerships": "none",
            "exchange_card": "7",
            "closing_allowed": False,
            "going_out_allowed": False,
        }
    )
    deal = Deal.new(rules, seed=11, dealer=0)
    assert deal.stock_size == 11
    while deal.result is None:
        deal.apply(deal.legal_actions()[0])
    assert deal.stock_size == 2
    assert deal.tricks_played == 10


def test_deal_bidding_ladder_and_contract_trump_from_first_lead() -> None:
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S"],
        ["AH", "TH", "KH", "QH", "JH", "9H"],
        ["AD", "TD", "KD", "QD", "JD", "9D"],
        ["AC", "TC", "KC", "QC", "JC", "9C"],
    ]
    deal = new_deal("north_american_bid66", dealer=0, hands=hands, stock=[])
    assert deal.to_act == 1
    run(deal, act(1, "bid", value=2))
    assert _refused(deal, act(2, "bid", value=1)) == ("bid_too_low", {"minimum": 3})
    run(deal, act(2, "pass"), act(3, "pass"), act(0, "pass"))
    assert deal.to_act == 1
    assert deal.state()["trump"] is None
    run(deal, act(1, "meld", suit="H"), play(1, "KH"))
    state = deal.state()
    assert state["trump"] == "H"
    assert state["marriages"] == [{"player": 1, "suit": "H", "points": 40, "counted": True}]


def test_deal_bidding_moon_sends_partner_out() -> None:
    deal = Deal.new(get_preset("north_american_bid66"), seed=2, dealer=0)
    run(deal, act(1, "bid", value=5))
    state = deal.state()
    assert state["hands"][3] == []
    assert len(state["dead"]) == 6
    assert state["active"] == [1, 2, 0]
    assert deal.to_act == 1


def test_deal_bidding_all_pass_is_a_void_redeal() -> None:
    deal = Deal.new(get_preset("north_american_bid66"), seed=2, dealer=0)
    run(deal, act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "pass"))
    result = deal.result.to_dict()
    assert (result["reason"], result["redeal"]) == ("tie", True)


def test_deal_undo_restores_previous_state() -> None:
    deal = classic()
    before = deal.state()
    run(deal, act(1, "meld", suit="H"), play(1, "KH"))
    deal.undo()
    deal.undo()
    assert deal.state() == before
    with pytest.raises(IllegalAction):
        deal.undo()


def test_deal_partnership_leader_and_partner_may_meld() -> None:
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9C"],
        ["KH", "QH", "AH", "TH", "JH", "9H"],
        ["AD", "TD", "JD", "9D", "AC", "TC"],
        ["KD", "QD", "KC", "QC", "JC", "9S"],
    ]
    deal = new_deal("four_partnership_66", dealer=0, hands=hands, stock=[])
    assert deal.state()["trump"] == "C"
    assert deal.state()["trump_card"] == "9C"
    run(deal, act(1, "meld", suit="H"), play(1, "KH"))
    assert _types(deal) == {("play", "AC"), ("play", "TC")}
    run(deal, play(2, "AC"))
    assert ("meld", "D") in _types(deal)
    run(deal, act(3, "meld", suit="D"))
    assert _refused(deal, act(3, "meld", suit="C")) == ("marriage_already_this_lead", {})
    assert _types(deal) == {("play", "KC"), ("play", "QC"), ("play", "JC")}
    run(deal, play(3, "JC"), play(0, "9C"))
    state = deal.state()
    assert state["tricks_won"] == [0, 0, 1, 0]
    assert state["pending_marriage_points"] == [0, 20, 0, 20]


def test_deal_three_no_stock_leader_may_meld() -> None:
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S", "AC", "TC"],
        ["KH", "QH", "AH", "TH", "JH", "9H", "KC", "QC"],
        ["AD", "TD", "KD", "QD", "JD", "9D", "JC", "9C"],
    ]
    deal = new_deal("three_no_stock", dealer=0, hands=hands, stock=[])
    run(deal, act(1, "trump", suit="H"), act(1, "meld", suit="H"))
    assert deal.state()["marriages"] == [{"player": 1, "suit": "H", "points": 40, "counted": False}]
