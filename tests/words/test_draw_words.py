"""The draw where the dealer sits out: the other player is named by his seat, and a reader
who sits out is not said to draw."""

import pytest
from django.utils import translation
from sixtysix import get_preset

from tests.words.checks import visible_text
from words.log_words import describe_actions

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

NAMES = ["You", "Left-hand player", "Right-hand player"]


def _said(actions, active, lang="en", slug="three_dealer_out"):
    with translation.override(lang):
        lines = describe_actions(
            actions, NAMES, 0, get_preset(slug), state={"active": active, "trick": []}
        )
    return [" ".join(visible_text(str(line)).split()) for line in lines]


def test_at_three_the_reader_s_opponent_is_named_by_his_seat():
    assert _said([{"type": "draw", "player": 0}], [0, 2]) == [
        "You drew from the stock, then the right-hand player drew."
    ]
    (pl,) = _said([{"type": "draw", "player": 0}], [0, 1], "pl")
    assert "gracz po lewej" in pl and "przeciwnik" not in pl, pl


def test_a_reader_who_sits_out_does_not_draw():
    (line,) = _said([{"type": "draw", "player": 1}], [1, 2])
    assert line == "Left-hand player drew from the stock, then the right-hand player drew."


def test_with_two_players_it_is_still_your_opponent():
    (line,) = _said([{"type": "draw", "player": 0}], [0, 1], slug="classic66")
    assert line == "You drew from the stock, then your opponent drew."
