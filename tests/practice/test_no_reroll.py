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


def test_links_that_deal_a_new_match_are_counted_and_refused_in_the_readers_language(
    settings,
):
    """`?deal=` takes any well-formed id and `?house=` any code: each opens new cards, so
    past the allowance a link is refused (429 + Retry-After), early by the middleware too,
    while the reader's own table still opens."""
    settings.PRACTICE_DEAL_RATE = 2
    client = Client(REMOTE_ADDR="203.0.113.8")
    for query in ({"deal": "abcdefghjk"}, {"house": "fc1"}):
        assert client.get(URL, query).status_code == 200
    for query in ({"deal": "bcdefghjkm"}, {"from": "x"}, {"house": "fc1", "deal": "cdefghjkmn"}):
        response = client.get(URL.replace("/en/", "/pl/"), query)
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 60
        assert "Otwarto wiele nowych rozdań" in response.content.decode()
    assert client.get(URL).status_code == 200  # no link: the reader's table
    assert Client(REMOTE_ADDR="198.51.100.9").get(URL, {"deal": "abcdefghjk"}).status_code == 200


def _play_out(client, game):
    """Play the reader's first legal move until the deal is over (the cookie follows)."""
    for _move in range(120):
        if game.deal.result is not None:
            return game
        move = game.deal.legal_actions()[0]
        data = {"state": game.dumps(), "move": move.key(), "confirm": "1"}
        assert client.post(URL, data).status_code == 302
        game = _game(client.get(URL))
    pytest.fail("the deal did not end")


def test_a_reader_at_the_same_address_is_not_dealt_a_deal_already_played_out():
    """Two readers behind one address share the match of the day; once its first deal is
    over, a reader without a cookie gets the match after it, whose moves are accepted."""
    first = Client(REMOTE_ADDR="203.0.113.9")
    played = _play_out(first, _game(first.get(URL)))
    other = _fresh("203.0.113.9")
    assert other.deal_id != played.deal_id
    assert other.deal.result is None
    move = other.deal.legal_actions()[0]
    data = {"state": other.dumps(), "move": move.key(), "confirm": "1"}
    assert Client(REMOTE_ADDR="203.0.113.9").post(URL, data).status_code == 302
    assert _fresh("203.0.113.9").deal_id == other.deal_id  # and then it stays that deal
