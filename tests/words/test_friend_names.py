"""A friend at a table keeps the capital of his own name inside a sentence.

The site's own seat words ("You", "Your opponent", "Left-hand player" ...) take a small first
letter after "Result:" or "Contract:"; a player's own name ("Anna") does not.
"""

import pytest
from django.utils import translation
from sixtysix import get_preset

from tests.words.checks import visible_text
from words.result_words import describe_result, in_sentence
from words.table import seat_names

pytestmark = pytest.mark.unit

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
CLAIMED = {"reason": "declared", "winners": [1], "game_points": 2, "card_points": [30, 70]}
THREE = get_preset("three_all_play")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_friends_name_keeps_its_capital_in_the_result(lang):
    rules = get_preset("classic66")
    with translation.override(lang):
        names = [seat_names(rules, 0)[0], "Anna"]
        text = visible_text(str(describe_result(CLAIMED, names, rules)))
    assert "Anna" in text and "anna" not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sites_seat_words_still_start_small_inside_a_sentence(lang):
    with translation.override(lang):
        for name in seat_names(THREE, 0):
            assert in_sentence(name) == name[:1].lower() + name[1:]
    with translation.override("da"):
        assert in_sentence("Spilleren til venstre") == "spilleren til venstre"
        assert in_sentence("Mette") == "Mette"


def test_friends_among_the_winners_of_a_three_handed_deal():
    result = {
        "reason": "closed_failed",
        "winners": [1, 2],
        "game_points": 3,
        "card_points": [50, 30, 20],
    }
    with translation.override("da"):
        names = [seat_names(THREE, 0)[0], "Mette", "Spilleren til højre"]
        text = visible_text(str(describe_result(result, names, THREE)))
    assert text.startswith("Resultat: Mette og spilleren til højre \u2013 3 spilpoint"), text
