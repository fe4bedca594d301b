"""Every sentence the words app builds, for every variant, in all five languages.

Each reason code of the engine's README table (with every `reason` it documents), every
action line, button label, result and parameter row is rendered for every preset and
language, and must show the reader no markup, entity, token, placeholder, (0) or None.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from sixtysix.actions import ACTION_TYPES
from sixtysix.presets import PRESET_IDS, get_preset

from rules.parameters import ROWS
from tests.words.checks import assert_clean, mentions_the_others, visible_text
from words.explain import describe_action, explain_refusal
from words.result_words import RESULT_REASONS, describe_result
from words.table import choice_label

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
README = Path(__file__).resolve().parents[2] / "engine" / "README.md"
ROW = re.compile(r"^\| `(\w+)` \| ([^|]*) \|", re.M)
SECTION = README.read_text(encoding="utf-8").split("## Reason codes", 1)[1].split("\n## ", 1)[0]
CODES = {code: spec for code, spec in ROW.findall(SECTION)}
DETAILS = {"suit": "H", "suits": ["H"], "card": "QH", "stock_size": 3, "minimum": 4}
DETAILS.update({"maximum": 5, "to_act": 1, "type": "x", "field": "card"})
STATES = [None, {"closed_by": 0, "stock_size": 4}, {"closed_by": None, "stock_size": 0}]


def details_for(spec: str) -> list[dict]:
    """Every details dict the README documents for a code: each `reason`, or none."""
    base = {key: value for key, value in DETAILS.items() if f"`{key}`" in spec}
    reasons = re.findall(r"`(\w+)`", spec.split("reason", 1)[1]) if "reason" in spec else []
    return [{**base, "reason": reason} for reason in reasons] or [base]


def test_the_readme_table_was_read():
    assert {"must_follow_suit", "declare_not_allowed", "stock_too_small"} <= set(CODES)
    assert {"reason": "first_lead"} in [
        {"reason": d["reason"]} for d in details_for(CODES["close_not_allowed"])
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_refusal_reads_clean(lang, preset_id):
    rules = get_preset(preset_id)
    with translation.override(lang):
        for code, spec in CODES.items():
            for details in details_for(spec):
                for state in STATES:
                    message = explain_refusal(code, details, state, rules=rules)
                    assert visible_text(message).strip(), code
                    assert_clean(message, f"{preset_id} {lang} {code} {details}")


def sample_actions(rules):
    yield {"player": 0, "type": "play", "card": "QH"}
    yield {"player": 0, "type": "meld", "suit": "H"}
    yield {"player": 0, "type": "trump", "suit": "S"}
    yield {"player": 0, "type": "bid", "value": 2}
    for kind in ACTION_TYPES:
        if kind not in ("play", "meld", "trump", "bid"):
            yield {"player": 0, "type": kind}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_action_line_and_button_reads_clean(lang, preset_id):
    rules = get_preset(preset_id)
    with translation.override(lang):
        for action in sample_actions(rules):
            for is_you in (True, False):
                line = describe_action(action, "Anna", is_you, rules)
                assert_clean(line, f"{preset_id} {lang} {action}")
                if lang == "en" and rules.opponents == 1:
                    assert not mentions_the_others(line), line
            assert_clean(choice_label(action, rules), f"{preset_id} {lang} {action}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_result_reads_clean(lang, preset_id):
    rules = get_preset(preset_id)
    names = ["You", "Bob", "Cleo", "Dan"][: rules.players]
    with translation.override(lang):
        for reason in RESULT_REASONS:
            for winners in ([0], [0, 2] if rules.players == 4 else [0], []):
                result = {
                    "winners": winners,
                    "game_points": 0 if not winners else 2,
                    "reason": reason,
                    "card_points": [70, 50, 0, 0][: rules.players],
                }
                line = describe_result(result, names, rules)
                assert_clean(line, f"{preset_id} {lang} {reason}")
                if rules.scoring == "raw_points":
                    assert "game point" not in visible_text(line)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_parameter_row_reads_clean(lang, preset_id):
    rules = get_preset(preset_id)
    with translation.override(lang):
        for row in ROWS:
            value = row.value(rules)
            if value is not None:
                assert_clean(value, f"{preset_id} {lang} {row.id}")
                assert_clean(str(row.label), f"{preset_id} {lang} {row.id}")
                if lang == "en" and rules.opponents == 1:
                    assert not mentions_the_others(value), (row.id, value)


def test_the_checks_catch_what_they_should():
    """The helper itself: each kind of leak is found."""
    from tests.words.checks import problems

    leaks = [
        "of Hearts &lt;span class=&quot;suit&quot;&gt;♥&lt;/span&gt;",
        "The trick&amp;#x27;s winner",
        "a [C] token",
        "a [QH:acc] token",
        "%(suit)s",
        "{pending_you}",
        "nothing is pending (0)",
        "None",
    ]
    for leak in leaks:
        assert problems(leak), leak
    assert not problems('<span class="card" aria-label="Queen of Hearts">Q</span> 80% it&#x27;s')
