"""A Deal and a Match print as one readable line (variant, turn, trumps, hands, scores)."""

from __future__ import annotations

import pytest
from sixtysix import Deal, get_preset
from sixtysix.match import Match

pytestmark = pytest.mark.unit

LAYOUT = {
    "dealer": 0,
    "hands": [["AH", "TH", "KS", "QS", "9C", "JD"], ["AS", "TS", "KH", "QH", "9H", "JC"]],
    "turnup": "9S",
    "stock": ["AC", "TC", "KC", "QC", "AD", "TD", "KD", "QD", "9D", "JH", "JS"],
}


def test_deal_repr_names_the_variant_turn_trumps_and_hands() -> None:
    deal = Deal.new(get_preset("classic66"), layout=LAYOUT)
    text = repr(deal)
    assert text.startswith("<Deal classic66 dealer=0 to_act=1 phase=open trump=S stock=12 ")
    assert "hands=[9C JD AH TH KS QS, JC KH QH 9H AS TS]" in text
    assert "points=[0, 0]" in text
    assert text.endswith(">")


def test_deal_repr_follows_the_play() -> None:
    deal = Deal.new(get_preset("classic66"), layout=LAYOUT)
    deal.apply(deal.legal_actions()[0])
    text = repr(deal)
    assert "to_act=0" in text
    assert "trick=[1:" in text
    deal.undo()
    assert repr(deal) == repr(Deal.new(get_preset("classic66"), layout=LAYOUT))


def test_changed_options_are_not_called_a_preset() -> None:
    rules = get_preset("classic66").with_options({"target": 70})
    assert repr(Deal.new(rules, seed=1)).startswith("<Deal custom-rules ")


def test_finished_deal_shows_the_result() -> None:
    deal = Deal.new(get_preset("schnapsen"), seed=3)
    while deal.result is None:
        deal.apply(deal.legal_actions()[-1])
    text = repr(deal)
    assert "phase=over" in text
    assert f"result={deal.result.reason}>" in text


def test_match_repr_shows_scores_not_the_rule_values() -> None:
    match = Match(get_preset("schnapsen"))
    text = repr(match)
    assert text == "<Match schnapsen deals=0 dealer=0 scores=[7, 7] carry=0>"
    assert "RuleSet" not in text


def test_ruleset_repr_names_the_preset_and_what_differs() -> None:
    assert repr(get_preset("schnapsen")) == "<RuleSet schnapsen>"
    changed = get_preset("classic66").with_options({"target": 70, "exchange_min_stock": 2})
    assert repr(changed) == "<RuleSet classic66 with exchange_min_stock=2, target=70>"


def test_action_repr_shows_only_the_fields_it_uses_and_evaluates_back() -> None:
    from sixtysix import Action

    for action in (Action(1, "play", card="QC"), Action(0, "bid", value=2), Action(1, "close")):
        assert "None" not in repr(action)
        assert eval(repr(action), {"Action": Action}) == action  # noqa: S307 (our own repr)
    assert repr(Action(0, "meld", suit="H")) == "Action(0, 'meld', suit='H')"
