"""The sentences quote the game's own numbers: the points the player had, and the thresholds,
penalties and bonuses of the RuleSet in play, never those of a preset.

Every sentence is rendered under the preset and under altered rules (target 101, schneider
line 50, a failed close costing a flat 3, the last trick worth nothing); under the altered
rules no sentence may still show the preset's 66, 33, "2, or 3" or the last trick's 10.
"""

import re

import pytest
from django.utils import translation
from sixtysix.presets import get_preset

from practice.hints import hint_text
from rules.parameters import ROWS
from words.markup import render_inline
from words.match_words import explain_game_points
from words.result_words import describe_result

pytestmark = pytest.mark.unit

PRESET = get_preset("classic66")
ALTERED = PRESET.replace(
    target=101,
    schneider_threshold=50,
    failed_close_penalty="always_three",
    last_trick_bonus=0,
    exhausted_resolution="last_trick_wins_1",  # with no last-trick bonus, the trick decides
)
# a last-trick bonus of its own: the rules table must say 20, not the preset's 10
BONUS_20 = PRESET.replace(target=101, schneider_threshold=50, last_trick_bonus=20)
NAMES = ["You", "The computer"]
LANGUAGES = ["en", "da", "nb", "pl", "lv"]
TAG = re.compile(r"<[^>]+>")


def _results(rules):
    """Deals as the engine ends them under `rules`: the winner's real points, not the target."""
    claim = rules.target + 3
    under = rules.schneider_threshold - 4
    close_penalty = 3 if rules.failed_close_penalty == "always_three" else 2
    return [
        {"winners": [0], "reason": "declared", "card_points": [claim, under], "game_points": 2},
        {"winners": [1], "reason": "declared", "card_points": [under, claim], "game_points": 2},
        {
            "winners": [1],
            "reason": "closed_failed",
            "card_points": [40, 30],
            "game_points": close_penalty,
        },
        {"winners": [0], "reason": "false_declaration", "card_points": [40, 30], "game_points": 2},
        {"winners": [0], "reason": "last_trick", "card_points": [claim - 10, 20], "game_points": 1},
    ]


def _hints(rules):
    moves = [("play-AS", 0.4, 0.3), ("play-7H", -0.04, 0.02)]
    return [
        {
            "best": "play-AS",
            "reason": "wins",
            "method": "exact",
            "points": rules.target + 1,
            "moves": moves,
            "samples": 1,
        },
        {
            "best": "play-7H",
            "reason": "best_chance",
            "method": "sampled",
            "points": 0,
            "moves": [("play-7H", -0.04, 0.02)],
            "samples": 40,
        },
        {  # every play-out won: said without "about 10 times out of 10"
            "best": "play-AS",
            "reason": "likely",
            "method": "sampled",
            "points": 0,
            "moves": [("play-AS", 1.0, 1.0)],
            "samples": 18,
        },
        {
            "best": "play-AS",
            "reason": "claim",
            "method": "exact",
            "points": rules.target + 1,
            "moves": moves,
            "samples": 1,
        },
    ]


def _sentences(rules, lang):
    with translation.override(lang):
        texts = []
        for result in _results(rules):
            texts.append(str(describe_result(result, NAMES, rules)))
            texts.append(str(explain_game_points(result, rules, 0)))
        for data in _hints(rules):
            hint = hint_text(data, rules)
            texts.extend(str(render_inline(line)) for line in [hint.line, *hint.details])
    return [TAG.sub("", text) for text in texts]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_shows_the_presets_numbers_under_other_rules(lang):
    texts = " | ".join(_sentences(ALTERED, lang))
    assert not re.search(r"(?<![\d,.])(66|33|69)(?![\d,.])", texts), texts
    assert "101" in texts and "104" in texts and "46" in texts and "50" in texts
    assert "2, or 3" not in texts
    assert "\u22120,0" not in texts and "\u22120.0" not in texts
    assert not re.search(r"about 0 times|omkring 0 gange|omtrent 0 ganger|0 razy|0 reižu", texts)
    assert not re.search(r"\b10 (times out of|gange ud af|ganger av|razy na|reizes no) 10", texts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_preset_shows_its_own_numbers(lang):
    """The same sentences under the preset: the check above can fail."""
    texts = " | ".join(_sentences(PRESET, lang))
    assert "69" in texts and "66" in texts and "29" in texts


def test_a_right_claim_says_the_points_the_player_had():
    with translation.override("en"):
        text = TAG.sub("", str(describe_result(_results(ALTERED)[0], NAMES, ALTERED)))
    assert "with 104 points" in text


def test_a_failed_close_says_what_the_rules_charged():
    with translation.override("en"):
        text = explain_game_points(_results(ALTERED)[2], ALTERED, 0)
    assert text == "The closer did not make it: the other player scores 3 game points."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_table_shows_the_rules_numbers(lang):
    with translation.override(lang):
        rows = {
            rules: {row.id: str(row.value(rules)) for row in ROWS if row.id != "card_values"}
            for rules in (ALTERED, BONUS_20)
        }
    shown = " | ".join(text for table in rows.values() for text in table.values())
    assert not re.search(r"(?<![\d,.])(66|33)(?![\d,.])", shown), shown
    exhausted = [text for key, text in rows[BONUS_20].items() if "20" in text]
    assert exhausted, rows[BONUS_20]
    assert not re.search(r"(?<![\d,.])10(?![\d,.])", " ".join(rows[BONUS_20].values()))


# Every sentence builder of words/ (the set tests/words/test_table_forms.py renders), for
# a two-player and a partnership game under altered rules.
ALTERED_FOUR = get_preset("four_double_pack_101").replace(
    target=77, schneider_threshold=50, failed_close_penalty="always_three", last_trick_bonus=20
)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("rules", "numbers"), [(ALTERED, "66|33"), (ALTERED_FOUR, "101|66|33")], ids=["two", "four"]
)
def test_no_sentence_of_any_builder_shows_a_presets_number(lang, rules, numbers):
    from tests.words.test_table_forms import sentences

    with translation.override(lang):
        texts = [f"{where}: {text}" for where, text in sentences(rules)]
    preset_numbers = re.compile(rf"(?<![\d,.])({numbers})(?![\d,.])")
    wrong = [text for text in texts if preset_numbers.search(text.split(": ", 1)[1])]
    assert not wrong, "\n".join(wrong)
    joined = " | ".join(texts)
    assert str(rules.target) in joined


def test_the_builders_check_can_fail():
    """Under the preset the same sentences show 66: the pattern above finds it."""
    from tests.words.test_table_forms import sentences

    with translation.override("en"):
        texts = " | ".join(text for _, text in sentences(PRESET))
    assert re.search(r"(?<![\d,.])66(?![\d,.])", texts)
