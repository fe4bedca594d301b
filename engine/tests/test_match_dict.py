"""Match.to_dict / from_dict: a match saved as JSON goes on exactly as if never stopped."""

from __future__ import annotations

import json

import pytest
from sixtysix import (
    PRESET_IDS,
    EngineError,
    Match,
    RandomPlayer,
    RuleSetError,
    get_preset,
    play_out,
)

pytestmark = pytest.mark.unit


def _play(match: Match, deals: int, seed: int) -> None:
    for i in range(deals):
        if match.over:
            return
        deal = match.new_deal(seed=seed + i)
        players = [RandomPlayer(seed=seed + i * 7 + s, end_weight=0.3) for s in range(4)]
        play_out(deal, players[: match.rules.players])
        assert deal.result is not None
        match.record(deal.result)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_a_match_round_trips_through_json_and_plays_on_alike(preset: str) -> None:
    match = Match(get_preset(preset), dealer=1)
    _play(match, 4, seed=11)
    saved = json.loads(json.dumps(match.to_dict()))
    restored = Match.from_dict(saved)
    assert restored == match
    assert restored.to_dict() == match.to_dict()
    _play(match, 30, seed=99)
    _play(restored, 30, seed=99)
    assert restored == match


def test_a_finished_match_keeps_its_winners_and_stakes() -> None:
    match = Match(get_preset("schnapsen"))
    _play(match, 200, seed=3)
    assert match.over and match.stakes
    assert Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match


def test_without_rules_the_caller_names_them() -> None:
    match = Match(get_preset("idiot66"))
    _play(match, 2, seed=5)
    data = match.to_dict(with_rules=False)
    assert "rules" not in data
    assert Match.from_dict(data, rules=get_preset("idiot66")) == match
    with pytest.raises(EngineError) as info:
        Match.from_dict(data)
    assert info.value.details == {"field": "rules"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dealer": 2}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"scores": [1]}, "scores"),
        ({"scores": [1, "2"]}, "scores"),
        ({"winners": [5]}, "winners"),
        ({"stakes": [[0]]}, "stakes"),
        ({"deals_played": -1}, "deals_played"),
        ({"history": ["x"]}, "history"),
    ],
)
def test_bad_stored_values_are_refused_with_the_field(change: dict, field: str) -> None:
    data = {**Match(get_preset("classic66")).to_dict(), **change}
    with pytest.raises(EngineError) as info:
        Match.from_dict(data)
    assert info.value.code == "bad_match"
    assert info.value.details == {"field": field}


def test_bad_rules_are_a_rule_set_error() -> None:
    data = Match(get_preset("classic66")).to_dict()
    data["rules"]["deck"] = "52"
    with pytest.raises(RuleSetError):
        Match.from_dict(data)
