"""The computer's level in practice: chosen on the new-match form, kept in the token for
the whole match, played by the seats, and a level that is not offered refused clearly."""

import re

import pytest
from django.test import override_settings
from sixtysix.computer import DEFAULT_LEVEL, LEVELS

from practice.game import game_loads
from practice.moves import game_new
from practice.seats import LEVEL_NAMES
from rules.models import Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def load(slug: str, html: str):
    return game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))


@override_settings(PRACTICE_COMPUTER_PLAYOUTS=8)
def test_the_new_match_form_offers_the_levels_and_keeps_the_one_chosen(client):
    html = client.get("/en/practice/classic66/").content.decode()
    assert '<select name="level">' in html
    for level in LEVELS:
        assert f'<option value="{level}"' in html
    assert f'<option value="{DEFAULT_LEVEL}" selected>' in html
    assert set(LEVEL_NAMES) == set(LEVELS)
    response = client.post(
        "/en/practice/classic66/", {"state": token_of(html), "do": "new", "level": "beginner"}
    )
    assert response.status_code == 302
    html = client.get(response["Location"].split("#")[0]).content.decode()
    game = load("classic66", html)
    assert game.level == "beginner"
    assert '<option value="beginner" selected>' in html


@override_settings(PRACTICE_COMPUTER_PLAYOUTS=8)
def test_a_level_not_offered_is_refused_clearly(client):
    html = client.get("/en/practice/schnapsen/").content.decode()
    response = client.post(
        "/en/practice/schnapsen/", {"state": token_of(html), "do": "new", "level": "godlike"}
    )
    assert response.status_code == 400
    assert "That computer level is not offered." in response.content.decode()
    da = client.post(
        "/da/practice/schnapsen/", {"state": token_of(html), "do": "new", "level": "godlike"}
    )
    assert da.status_code == 400
    assert "Det niveau for computeren findes ikke." in da.content.decode()


@override_settings(PRACTICE_COMPUTER_PLAYOUTS=8)
def test_each_level_plays_a_whole_deal_with_the_reader():
    variant = Variant.objects.get(slug="schnapsen")
    for level in LEVELS:
        game = game_new(variant=variant, level=level)
        assert game.level == level
        again = game_loads(variant=variant, token=game.dumps())
        assert again.level == level
        assert again.deal.state() == game.deal.state()
