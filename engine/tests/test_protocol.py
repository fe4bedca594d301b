"""The JSON protocol: replay, presets, malformed requests, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import CLASSIC_HANDS, CLASSIC_STOCK
from hypothesis import given, settings
from hypothesis import strategies as st
from sixtysix import PRESET_IDS, Action, Deal, get_preset
from sixtysix.protocol import presets_response, replay

pytestmark = pytest.mark.unit

ENGINE = Path(__file__).resolve().parents[1]  # engine/


def _request(**kw: object) -> dict:
    req: dict = {
        "variant": "classic66",
        "deal": {
            "dealer": 0,
            "hands": [list(h) for h in CLASSIC_HANDS],
            "turnup": "9C",
            "stock": list(CLASSIC_STOCK),
        },
        "actions": [],
    }
    req.update(kw)
    return req


def test_protocol_replay_ok_with_steps_and_final() -> None:
    status, response = replay(
        _request(
            actions=[
                {"player": 1, "type": "play", "card": "AH"},
                {"player": 0, "type": "play", "card": "9S"},
            ]
        )
    )
    assert status == 0
    assert response["ok"] is True
    assert len(response["steps"]) == 2
    assert response["steps"][1] == {
        "to_act": 0,
        "legal": [{"type": "play", "card": c} for c in ["AS", "TS", "KS", "QS", "JS", "9S"]],
    }
    final = response["final"]
    assert final["tricks_won"] == [0, 1]
    assert final["stock_size"] == 12
    assert final["turnup"] == "9C"
    assert final["trump"] == "C"
    assert final["phase"] == "open"
    assert response["result"] is None
    for key in (
        "to_act",
        "legal",
        "phase",
        "trump",
        "turnup",
        "stock_size",
        "closed_by",
        "hands",
        "trick",
        "tricks_won",
        "card_points",
        "pending_marriage_points",
    ):
        assert key in final


def test_protocol_refused_action_exit_1() -> None:
    status, response = replay(_request(actions=[{"player": 0, "type": "play", "card": "AS"}]))
    assert status == 1
    assert response["ok"] is False
    assert response["error"]["action_index"] == 0
    assert response["error"]["code"] == "not_your_turn"
    assert response["error"]["message"]


def test_protocol_result_reported() -> None:
    actions = [
        {"player": 1, "type": "play", "card": "AH"},
        {"player": 0, "type": "play", "card": "9S"},
        {"player": 1, "type": "declare"},
    ]
    status, response = replay(_request(actions=actions))
    assert status == 0
    assert response["result"]["reason"] == "false_declaration"
    assert response["result"]["winners"] == [0]
    assert response["result"]["game_points"] == 2
    assert response["result"]["card_points"] == [0, 11]


def test_protocol_seed_deals_reproducibly() -> None:
    a = replay({"variant": "schnapsen", "seed": 123})
    b = replay(json.dumps({"variant": "schnapsen", "seed": 123}))
    assert a == b
    assert a[0] == 0


def test_protocol_options_override() -> None:
    status, response = replay(_request(options={"close_before_first_trick": False}))
    assert status == 0
    assert {"type": "close"} not in response["final"]["legal"]


@pytest.mark.parametrize(
    ("request_text", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_request"),
        ("42", "bad_request"),
        ("null", "bad_request"),
        ('"text"', "bad_request"),
        ("[" * 100_000, "bad_json"),
        (json.dumps({"variant": "bridge", "seed": 1}), "unknown_variant"),
        (json.dumps({"variant": 66, "seed": 1}), "unknown_variant"),
        (json.dumps({"variant": "classic66", "seed": 1, "colour": 1}), "unknown_field"),
        (json.dumps({"variant": "classic66", "seed": 1, "options": {"x": 1}}), "unknown_option"),
        (json.dumps({"variant": "classic66", "seed": 1, "options": {"deck": "52"}}), "bad_option"),
        (json.dumps({"variant": "classic66", "seed": 1, "options": [1]}), "bad_option"),
        (json.dumps({"variant": "classic66", "seed": "x"}), "bad_request"),
        (json.dumps({"variant": "classic66", "seed": True}), "bad_request"),
        (json.dumps({"variant": "classic66"}), "bad_request"),
        (json.dumps({"variant": "classic66", "seed": 1, "dealer": 7}), "bad_dealer"),
        (json.dumps({"variant": "classic66", "seed": 1, "dealer": 10**30}), "bad_dealer"),
        (json.dumps({"variant": "classic66", "seed": 10**200}), None),
        ('{"variant": "classic66", "seed": 1' + "0" * 5000 + "}", "bad_json"),
        (json.dumps({"variant": "classic66", "seed": 1, "actions": {}}), "bad_request"),
        (json.dumps({"variant": "classic66", "seed": 1, "actions": [5]}), "bad_action"),
        (
            json.dumps({"variant": "classic66", "seed": 1, "actions": [{"type": "play"}]}),
            "bad_action",
        ),
        (
            json.dumps(
                {"variant": "classic66", "seed": 1, "actions": [{"player": 1, "type": "fly"}]}
            ),
            "unknown_action",
        ),
        (
            json.dumps(
                {
                    "variant": "classic66",
                    "seed": 1,
                    "actions": [{"player": 1, "type": "play", "card": 11}],
                }
            ),
            "bad_action",
        ),
        (
            json.dumps(
                {
                    "variant": "classic66",
                    "seed": 1,
                    "actions": [{"player": 1, "type": "play", "card": "7S"}],
                }
            ),
            "unknown_card",
        ),
        (
            json.dumps(
                {"variant": "classic66", "seed": 1, "actions": [{"player": 9, "type": "draw"}]}
            ),
            "bad_action",
        ),
    ],
)
def test_protocol_malformed_requests_exit_2(request_text: str, code: str | None) -> None:
    status, response = replay(request_text)
    if code is None:
        assert status == 0
        return
    assert status == 2
    assert response["ok"] is False
    assert response["error"]["code"] == code
    assert response["error"]["message"]
    json.dumps(response)


def _layout_request(**deal: object) -> dict:
    req = _request()
    req["deal"].update(deal)
    return req


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        ({"hands": [["AS"], CLASSIC_HANDS[1]]}, "wrong_card_count"),
        ({"hands": [CLASSIC_HANDS[0]]}, "wrong_card_count"),
        ({"hands": "AS"}, "wrong_card_count"),
        ({"stock": CLASSIC_STOCK[:-1]}, "wrong_card_count"),
        ({"stock": "AD"}, "bad_layout"),
        ({"turnup": "AS"}, "duplicate_card"),
        ({"turnup": None}, "turnup_required"),
        ({"turnup": "XX"}, "unknown_card"),
        ({"turnup": 9}, "unknown_card"),
        ({"hands": [["AS", "TS", "KS", "QS", "JS", "7S"], CLASSIC_HANDS[1]]}, "unknown_card"),
        ({"dealer": 2}, "bad_dealer"),
        ({"dealer": "0"}, "bad_dealer"),
        ({"extra": 1}, "bad_layout"),
    ],
)
def test_protocol_bad_layouts_exit_2(deal: dict, code: str) -> None:
    status, response = replay(_layout_request(**deal))
    assert status == 2
    assert response["error"]["code"] == code


def test_protocol_layout_not_an_object() -> None:
    status, response = replay(_request(deal=[1]))
    assert (status, response["error"]["code"]) == (2, "bad_layout")


def test_protocol_turnup_refused_where_variant_has_none() -> None:
    status, _response = replay(
        {"variant": "idiot66", "deal": {"dealer": 0, "hands": [[], []], "turnup": "AS"}}
    )
    assert status == 2


def test_protocol_double_pack_allows_two_copies() -> None:
    deal = Deal.new(get_preset("four_double_pack_101"), seed=3)
    state = deal.state()
    layout = {
        "dealer": 0,
        "hands": state["hands"],
        "turnup": state["turnup"],
        "stock": state["stock"],
    }
    status, response = replay({"variant": "four_double_pack_101", "deal": layout})
    assert status == 0
    assert response["final"]["hands"] == state["hands"]


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_protocol_round_trip_of_every_action_in_random_deals(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(5):
        deal = Deal.new(rules, seed=seed)
        actions = []
        while deal.result is None:
            legal = deal.legal_actions()
            a = legal[(seed * 31 + len(actions)) % len(legal)]
            assert Action.from_dict(a.to_dict()) == a
            actions.append(a.to_dict())
            deal.apply(a)
        status, response = replay({"variant": preset, "seed": seed, "actions": actions})
        assert status == 0
        assert response["final"] == deal.state()
        assert response["result"] == deal.result.to_dict()


def test_protocol_every_action_type_round_trips() -> None:
    examples = [
        Action(0, "play", card="AS"),
        Action(1, "meld", suit="H"),
        Action(0, "exchange"),
        Action(1, "close"),
        Action(0, "declare"),
        Action(2, "bid", value=3),
        Action(3, "pass"),
        Action(1, "trump", suit="C"),
        Action(0, "draw"),
    ]
    for a in examples:
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_protocol_presets_output() -> None:
    out = presets_response()
    assert sorted(out) == sorted(PRESET_IDS)
    assert out["classic66"] == get_preset("classic66").to_dict()
    json.dumps(out)


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    ["variant", "seed", "deal", "actions", "options", "player", "type", "card", "x"]
                ),
                children,
                max_size=5,
            )
        ),
        max_leaves=20,
    )
)
def test_protocol_never_raises_for_any_json(value: object) -> None:
    status, response = replay(value if isinstance(value, dict) else json.dumps(value))
    assert status in (0, 1, 2)
    assert isinstance(response, dict)
    json.dumps(response)


def _cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(  # noqa: S603 (fixed argv: this interpreter and the engine)
        [sys.executable, "-m", "sixtysix", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ENGINE,
        check=False,
        timeout=60,
    )


def test_protocol_cli_presets() -> None:
    proc = _cli(["presets"])
    assert proc.returncode == 0
    assert sorted(json.loads(proc.stdout)) == sorted(PRESET_IDS)
    assert proc.stderr == ""


def test_protocol_cli_replay_statuses_without_traceback() -> None:
    ok = _cli(
        ["replay"], json.dumps(_request(actions=[{"player": 1, "type": "play", "card": "AH"}]))
    )
    assert (ok.returncode, json.loads(ok.stdout)["ok"], ok.stderr) == (0, True, "")
    refused = _cli(
        ["replay"], json.dumps(_request(actions=[{"player": 0, "type": "play", "card": "AS"}]))
    )
    assert (refused.returncode, json.loads(refused.stdout)["error"]["code"]) == (1, "not_your_turn")
    bad = _cli(["replay"], "{{{")
    assert (bad.returncode, json.loads(bad.stdout)["error"]["code"], bad.stderr) == (
        2,
        "bad_json",
        "",
    )
    usage = _cli(["fly"])
    assert (usage.returncode, usage.stderr) == (2, "")
