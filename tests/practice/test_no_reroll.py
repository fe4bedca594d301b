"""Dropping the cookie deals the same cards again: a new deal only through "New match"."""

import re

import pytest
from django.test import Client

from practice.game import game_loads
from rules.models import Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/en/practice/classic66/"


def _game(response):
    token = re.search(r'name="state" value="([^"]+)"', response.content.decode()).group(1)
    return game_loads(variant=Variant.objects.get(slug="classic66"), token=token)


def _fresh(address="203.0.113.7", **params):
    """A reader without a cookie (a new browser, or the cookie dropped)."""
    response = Client(REMOTE_ADDR=address).get(URL, params)
    assert response.status_code == 200
    return _game(response)


def test_dropping_the_cookie_gives_the_same_deal_again():
    first, again = _fresh(), _fresh()
    assert (first.match_id, first.deal_id) == (again.match_id, again.deal_id)
    assert first.deal.state() == again.deal.state()
    assert _fresh("198.51.100.9").deal_id != first.deal_id  # another reader, other cards


def test_an_unreadable_form_deals_the_same_cards_as_no_cookie():
    response = Client(REMOTE_ADDR="203.0.113.7").post(URL, {"state": "garbage", "do": "move"})
    assert response.status_code == 400
    assert _game(response).deal_id == _fresh().deal_id


def test_a_house_table_opened_again_deals_the_same_cards():
    assert _fresh(house="fc1").deal_id == _fresh(house="fc1").deal_id


def test_new_match_is_the_only_way_to_new_cards_and_it_is_counted(settings):
    settings.PRACTICE_PLAY_RATE = 2
    client = Client(REMOTE_ADDR="203.0.113.7")
    game = _game(client.get(URL))
    seen = {game.deal_id}
    for _round in range(2):
        response = client.post(URL, {"state": game.dumps(), "do": "new"})
        assert response.status_code == 302
        game = _game(client.get(URL))
        seen.add(game.deal_id)
    assert len(seen) == 3
    assert client.post(URL, {"state": game.dumps(), "do": "new"}).status_code == 429
    assert _fresh().deal_id in seen  # the cookie dropped: back to the first deal, not a new one
