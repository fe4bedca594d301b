"""What the native readings found in sentences built by code: the game's unit in the match
line, a minus sign for a score below zero, the claim and close reasons for a side and for
three players, and no "how sure it was worse" under a move marked good."""

from types import SimpleNamespace

import pytest
from django.utils import translation
from sixtysix import get_preset
from sixtysix.match import Match

from words.legality_words import claim_too_early
from words.match_words import match_line, score_text
from words.review_words import sure_line

pytestmark = pytest.mark.unit


def test_a_match_in_bid_units_is_counted_in_units():
    match = Match(get_preset("north_american_bid66"))
    match.scores = [-5, 2]
    with translation.override("en"):
        line = match_line(match, 0)
    assert "units" in line and "game point" not in line, line
    assert "\u22125" in line and "-5" not in line, line
    with translation.override("nb"):
        assert "enheter" in match_line(match, 0)


def test_a_match_in_game_points_still_says_game_points():
    with translation.override("en"):
        assert "game points" in match_line(Match(get_preset("four_partnership_66")), 0)


def test_scores_below_zero_have_a_minus_sign():
    assert [score_text(v) for v in (-12, 0, 7)] == ["\u221212", "0", "7"]


def test_a_claim_too_early_speaks_of_the_side_or_of_each_other_player():
    with translation.override("en"):
        assert str(claim_too_early(points=16, target=66)).startswith("You have 16 points")
        side = str(claim_too_early(points=16, target=66, side=True, others=2))
        assert side.startswith("Your side has 16 points"), side
        three = str(claim_too_early(points=70, target=66, others=2))
        assert three.endswith("than each of the others."), three
        two = str(claim_too_early(points=70, target=66, others=1))
        assert two.endswith("than the other side."), two
    with translation.override("da"):
        assert str(claim_too_early(points=16, target=66, side=True)).startswith("Dit hold har")


def _verdict(mark):
    return SimpleNamespace(method="sampled", best="A", chosen="B", mark=mark, sure=0.99)


def test_how_sure_is_said_only_of_a_move_marked_worse():
    with translation.override("en"):
        assert sure_line(_verdict("good")) == ""
        assert "99" in sure_line(_verdict("mistake"))
