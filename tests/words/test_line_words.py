"""A puzzle's best line is a line to play, told in the present tense, not as a log of
what happened ("Zagrałeś" before anyone has played, and in the masculine)."""

import re

import pytest
from django.utils import translation
from sixtysix import get_preset

from puzzles.models import Puzzle
from tests.words.checks import visible_text
from words.line_words import describe_line

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

LEAD_AND_FOLLOW = [
    {"type": "play", "player": 0, "card": "JC"},
    {"type": "play", "player": 1, "card": "AC"},
    {"type": "meld", "player": 1, "suit": "H"},
    {"type": "declare", "player": 1},
]
PRESENT = {
    "en": ["You lead ", "Your opponent plays ", "Your opponent shows ", "Your opponent claims "],
    "da": [
        "Du spiller ",
        "Modspilleren stikker med ",
        "Modspilleren melder ",
        "Modspilleren siger ",
    ],
    "nb": [
        "Du spiller ut ",
        "Motspilleren stikker med ",
        "Motspilleren melder ",
        "Motspilleren sier ",
    ],
    "pl": ["Zagrywasz ", "Przeciwnik nadbija ", "Przeciwnik melduje ", "Przeciwnik ogłasza "],
    "lv": ["Tu izej ar ", "Pretinieks pārsit ", "Pretinieks parāda ", "Pretinieks paziņo "],
}
NAMES = {
    "en": ["You", "Your opponent"],
    "da": ["Du", "Modspilleren"],
    "nb": ["Du", "Motspilleren"],
    "pl": ["Ty", "Przeciwnik"],
    "lv": ["Tu", "Pretinieks"],
}


@pytest.mark.parametrize("lang", sorted(PRESENT))
def test_each_move_of_a_line_is_said_in_the_present(lang):
    with translation.override(lang):
        lines = describe_line(LEAD_AND_FOLLOW, NAMES[lang], 0, get_preset("classic66"), state={})
    said = [" ".join(visible_text(str(line)).split()) for line in lines]
    for line, start in zip(said, PRESENT[lang], strict=True):
        assert line.startswith(start), said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pl", ["Zagrywasz ", "Przeciwnik przebija ", "Dokładasz "]),
        ("da", ["Du spiller ", "Modspilleren trumfer med ", "Du lægger "]),
        ("en", ["You lead ", "Your opponent plays ", "You play "]),
    ],
)
def test_a_trump_that_takes_the_trick_is_said_as_trumping_in_the_line(lang, said):
    """Hearts are trumps: the Ace of hearts on a club "przebija"; a lower card follows."""
    line = [
        {"type": "play", "player": 0, "card": "JC"},
        {"type": "play", "player": 1, "card": "AH"},
        {"type": "play", "player": 1, "card": "AD"},
        {"type": "play", "player": 0, "card": "9D"},
    ]
    with translation.override(lang):
        lines = describe_line(line, NAMES[lang], 0, get_preset("classic66"), state={"trump": "H"})
    text = [" ".join(visible_text(str(line)).split()) for line in lines]
    assert text[0].startswith(said[0]) and text[1].startswith(said[1]), text
    assert text[3].startswith(said[2]), text


def _best_line(client, lang: str) -> list[str]:
    puzzle = Puzzle.objects.order_by("number").first()
    html = client.get(f"/{lang}/puzzles/{puzzle.number}/").content.decode()
    block = html.split('class="best-line"', 1)[1].split("</ol>", 1)[0]
    return [" ".join(visible_text(li).split()) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


PAST = {
    "en": r"\b(played|showed|claimed)\b",
    "da": r"\b(spillede|lagde|meldte|sagde)\b",
    "nb": r"\b(spilte|la|meldte|sa)\b",
    "pl": r"(łeś|ł)\b",
    "lv": r"\b(izgāji|izgāja|noliki|nolika|pieliki|pielika|parādīji|parādīja|paziņoji|paziņoja)\b",
}


@pytest.mark.parametrize("lang", sorted(PAST))
def test_the_puzzle_page_tells_its_best_line_as_moves_to_make(client, lang):
    lines = _best_line(client, lang)
    assert lines, "no best line on the page"
    assert not [line for line in lines if re.search(PAST[lang], line)], lines
    assert lines[0].startswith(PRESENT[lang][0].split()[0]), lines
