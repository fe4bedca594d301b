"""Typing in CI: the engine stays `mypy --strict` clean, and its Literal types say what the
engine really accepts and produces (kinds.py against ruleset.SPEC, ACTION_TYPES and play)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import get_args

import pytest
from sixtysix import PRESET_IDS, Deal, IllegalAction, get_preset, kinds
from sixtysix.actions import ACTION_TYPES, Action
from sixtysix.ruleset import KEYS, SPEC

pytestmark = pytest.mark.unit

ENGINE = Path(__file__).resolve().parents[1]  # engine/: its pyproject holds [tool.mypy]


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One fresh cache for this module's runs (the second reuses the engine's analysis)."""
    return str(tmp_path_factory.mktemp("mypy_cache"))


def _mypy(cache: str, *paths: str) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")  # the dev install has it; a bare engine venv not
    config = str(ENGINE / "pyproject.toml")
    stdout, stderr, status = api.run(
        ["--strict", "--config-file", config, "--cache-dir", cache, *paths]
    )
    return stdout + stderr, status


@pytest.mark.slow  # a cold type check: a few seconds alone, over 20 on a busy machine
def test_engine_is_mypy_strict_clean(mypy_cache: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check as `make lint`: engine/pyproject's [tool.mypy] files, with --strict."""
    monkeypatch.chdir(ENGINE)
    output, status = _mypy(mypy_cache)
    assert status == 0, output
    assert "Success: no issues found" in output


BOT = """
from sixtysix import Deal, get_preset

deal = Deal.new(get_preset("classic66"), seed=1)
deal.phase = "opne"
deal.hands = None
if deal.result is not None and deal.result.reason == "delcared":
    pass
deal.trump = "H"
from sixtysix.actions import Action
rules = get_preset("classic66")
Action(0, "plya")
if rules.scoring == "raw_point":
    pass
deal.state()["hnads"]
if deal.state()["phase"] == "opne":
    pass
"""


@pytest.mark.slow
def test_a_bots_mistakes_are_caught(
    mypy_cache: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Code using the engine gets each misspelt word and wrong type reported, line by line."""
    monkeypatch.chdir(ENGINE)
    bot = tmp_path / "bot.py"
    bot.write_text(BOT, encoding="utf-8")
    output, status = _mypy(mypy_cache, str(bot))
    assert status == 1
    lines = {line.split(":")[1] for line in output.splitlines() if ": error:" in line}
    assert lines == {"5", "6", "7", "9", "12", "13", "15", "16"}, output
    assert "Literal['opne']" in output
    assert "Literal['plya']" in output
    assert 'TypedDict "StateShape" has no key "hnads"' in output
    assert "Non-overlapping equality check" in output


def test_action_types_match_the_protocol() -> None:
    assert get_args(kinds.ActionType) == ACTION_TYPES


def test_rule_keys_match_the_ruleset() -> None:
    assert get_args(kinds.RuleKey) == KEYS


def test_every_choice_key_has_its_literal_with_the_same_values() -> None:
    choice_keys = [key for key, (kind, _allowed) in SPEC.items() if kind == "choice"]
    assert sorted(kinds.RULE_CHOICES) == sorted(choice_keys)
    for key in choice_keys:
        assert get_args(kinds.RULE_CHOICES[key]) == SPEC[key][1], key


def _codes(alias: object) -> set[str]:
    """The strings of a Literal, or of a union of Literals."""
    out: set[str] = set()
    for arg in get_args(alias):
        out |= _codes(arg) if get_args(arg) else {arg}
    return out


def test_play_stays_inside_the_declared_words() -> None:
    """Random deals of every preset: each phase, refusal code and result reason is declared."""
    phases = set(get_args(kinds.Phase))
    reasons = set(get_args(kinds.ResultReason))
    refusals = _codes(kinds.RefusalCode)
    attempts = [Action(0, t) for t in ACTION_TYPES] + [Action(0, "play", card="AS")]
    rng = random.Random(7)
    seen_phases: set[str] = set()
    seen_codes: set[str] = set()
    for preset in PRESET_IDS:
        rules = get_preset(preset)
        for seed in range(4):
            deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
            while True:
                seen_phases.add(deal.phase)
                for a in attempts:
                    seat = deal.to_act if deal.to_act is not None else 0
                    try:
                        deal.check(Action(seat, a.type, a.card, a.suit, a.value))
                    except IllegalAction as exc:
                        seen_codes.add(exc.code)
                if deal.result is not None:
                    break
                legal = deal.legal_actions()
                deal.apply(legal[rng.randrange(len(legal))])
            assert deal.result.reason in reasons
    assert seen_phases <= phases
    assert seen_phases >= {"open", "strict", "over", "bidding", "trump_naming"}
    assert seen_codes <= refusals, seen_codes - refusals
