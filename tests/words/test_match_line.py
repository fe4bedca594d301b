"""The match score of a two-player game: the other player is "your opponent" (a friend at a
table, the computer in practice), and a count down to 0 never reads below 0."""

import pytest
from django.utils import translation
from sixtysix import get_preset
from sixtysix.match import Match
from sixtysix.scoring import Result

from words.match_words import describe_match_end, match_line

pytestmark = pytest.mark.unit


def test_a_count_down_ends_at_zero_not_below():
    match = Match(get_preset("schnapsen"), scores=[-1, 5])
    with translation.override("en"):
        assert match_line(match, 0) == "Match: you 0, your opponent 5 (from 7 down to 0)"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Match: you 3, your opponent 2 (first to 7 game points)"),
        ("nb", "Stillingen i partiet: du 3, motspilleren 2 (først til 7 spillpoeng)"),
        ("pl", "Stan gry: ty 3, przeciwnik 2"),
    ],
)
def test_the_other_player_is_your_opponent(lang, expected):
    match = Match(get_preset("classic66"), scores=[3, 2])
    with translation.override(lang):
        assert match_line(match, 0).startswith(expected)


def test_the_match_won_by_the_other_player_names_no_computer():
    match = Match(get_preset("classic66"), scores=[0, 6])
    match.record(Result([1], 1, "declared", [40, 70], [0, 1]))
    with translation.override("en"):
        assert describe_match_end(match, 0) == "Your opponent won the match."
