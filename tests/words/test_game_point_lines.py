"""Why a deal scored 1, 2 or 3 game points: the number is the one the engine scored, in the
language's plural form, and the other player is "your opponent" (a friend at a table, the
computer in practice), never "the computer" at a table of friends."""

import pytest
from django.utils import translation
from sixtysix.presets import get_preset

from words.match_words import explain_game_points

pytestmark = pytest.mark.unit

RULES = get_preset("classic66")


def _result(reason: str, winner: int, loser_points: int, game_points: int) -> dict:
    points = [0, 0]
    points[1 - winner] = loser_points
    points[winner] = 120 - loser_points
    return {
        "reason": reason,
        "winners": [winner],
        "card_points": points,
        "game_points": game_points,
    }


CASES = [
    (_result("declared", 0, 0, 3), "en", "Your opponent took no trick (schwarz): 3 game points."),
    (_result("most_points", 1, 40, 1), "en", "You have 40 card points, 33 or more: 1 game point."),
    (
        _result("false_declaration", 1, 70, 2),
        "en",
        "You claimed 66 without having 66 points: your opponent scores 2 game points.",
    ),
    (_result("declared", 1, 0, 3), "pl", "Nie masz żadnej lewy (bez lewy): 3 punkty."),
    (
        _result("declared", 0, 20, 2),
        "pl",
        "Oczka przeciwnika: 20, czyli poniżej 33 \u2013 bez wody: 2 punkty.",
    ),
    (
        _result("declared", 0, 40, 1),
        "lv",
        "Pretinieka acu skaits ir 40 \u2013 33 vai vairāk: 1 spēles punkts.",
    ),
    (_result("declared", 0, 0, 3), "da", "Din modspiller er uden stik: 3 spilpoint."),
    (
        _result("declared", 1, 40, 1),
        "nb",
        "Du har 40 poeng, altså 33 eller mer: motspilleren får bare 1 spillpoeng.",
    ),
]


@pytest.mark.parametrize(("result", "lang", "expected"), CASES)
def test_the_line_says_the_game_points_in_the_languages_form(result, lang, expected):
    with translation.override(lang):
        assert explain_game_points(result, RULES, 0) == expected


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
@pytest.mark.parametrize("reason", ["declared", "false_declaration"])
def test_no_line_names_the_computer(lang, reason):
    """A two-player table of friends uses these lines too."""
    computer = {"en": "computer", "da": "omputer", "nb": "atamaskin", "pl": "omputer", "lv": "ator"}
    with translation.override(lang):
        for winner in (0, 1):
            for loser_points, game_points in ((0, 3), (20, 2), (40, 1)):
                result = _result(reason, winner, loser_points, game_points)
                text = explain_game_points(result, RULES, 0)
                assert text and computer[lang] not in text.lower(), text
