"""Practice against the computer: whole deals through the pages, and no 500 on any input."""

import re

import pytest
from django.core import signing
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from practice.services import (
    COMPUTER,
    PRACTICE_VARIANTS,
    YOU,
    describe_match_end,
    game_loads,
    game_new,
)
from rules.engine import get_preset
from rules.engine.match import Match
from rules.engine.scoring import Result
from rules.models import Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def page(client, slug, lang="en", **params):
    response = client.get(f"/{lang}/practice/{slug}/", params)
    assert response.status_code == 200
    return response.content.decode()


def post(client, slug, data, lang="en"):
    return client.post(f"/{lang}/practice/{slug}/", data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_index_and_games_in_every_language(client, lang):
    html = client.get(f"/{lang}/practice/").content.decode()
    for slug in PRACTICE_VARIANTS:
        assert f'href="/{lang}/practice/{slug}/"' in html
        game = page(client, slug, lang)
        assert f'<html lang="{lang}">' in game
        assert getattr(Variant.objects.get(slug=slug), f"name_{lang}") in game


@pytest.mark.parametrize("slug", ["poker", "three_no_stock", "four_partnership_66"])
def test_unknown_or_non_practice_variant_is_a_translated_404(client, slug):
    response = client.get(f"/pl/practice/{slug}/")
    assert response.status_code == 404
    with translation.override("pl"):
        assert translation.gettext("Page not found") in response.content.decode()


def play_deal(client, slug, lang="en", token=None):
    """Play legal moves through the form until the deal is over; return the last page.

    The game starts from `token` when given, else from a new page.
    """
    html = "" if token else page(client, slug, lang, seed="12345")
    for _ in range(120):
        if 'class="result"' in html:
            return html
        token = token_of(html) if html else token
        game = game_loads(variant=Variant.objects.get(slug=slug), token=token)
        assert game.deal.to_act == YOU
        legal = game.deal.legal_actions()
        move = next((a for a in legal if a.type == "draw"), None) or next(
            (a for a in legal if a.type == "play"), legal[0]
        )
        response = post(client, slug, {"state": token, "move": move.key()}, lang)
        assert response.status_code == 302
        html = client.get(response["Location"]).content.decode()
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("slug", PRACTICE_VARIANTS)
def test_a_whole_deal_can_be_played_and_is_scored(client, slug):
    html = play_deal(client, slug)
    assert 'class="result"' in html
    game = game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))
    assert game.deal.result is not None
    assert game.recorded
    assert game.match.deals_played == 1
    # The next deal starts on request, keeping the match score.
    response = post(client, slug, {"state": token_of(html), "do": "next"})
    nxt = game_loads(
        variant=game.variant, token=token_of(client.get(response["Location"]).content.decode())
    )
    assert nxt.match.scores == game.match.scores
    assert nxt.deal.result is None


def test_the_computer_plays_its_own_turns(client):
    html = page(client, "schnapsen", seed="77")
    game = game_loads(variant=Variant.objects.get(slug="schnapsen"), token=token_of(html))
    assert game.deal.to_act == YOU
    assert all(a["player"] in (YOU, COMPUTER) for a in game.actions)


def test_the_same_seed_gives_the_same_deal(client):
    first = game_loads(
        variant=Variant.objects.get(slug="classic66"),
        token=token_of(page(Client(), "classic66", seed="99")),
    )
    second = game_loads(
        variant=Variant.objects.get(slug="classic66"),
        token=token_of(page(Client(), "classic66", seed="99")),
    )
    assert first.deal.state()["hands"] == second.deal.state()["hands"]


@pytest.mark.parametrize("seed", ["abc", "-1", "1" * 40, "1.5"])
def test_a_bad_seed_is_a_clear_400(client, seed):
    response = client.get("/en/practice/classic66/", {"seed": seed})
    assert response.status_code == 400
    assert "A deal number is a whole number." in response.content.decode()


def test_an_illegal_move_is_explained_in_the_readers_language(client):
    html = page(client, "classic66", "da", seed="4242")
    game = game_loads(variant=Variant.objects.get(slug="classic66"), token=token_of(html))
    foreign = game.deal.state()["hands"][COMPUTER][0]
    response = post(client, "classic66", {"state": token_of(html), "move": f"play-{foreign}"}, "da")
    assert response.status_code == 422
    with translation.override("da"):
        assert translation.gettext("That card is not in your hand.") in response.content.decode()


@pytest.mark.parametrize(
    "state",
    [
        "",
        "garbage",
        signing.dumps({"v": "classic66"}, salt="other"),
        signing.dumps(
            {"v": "schnapsen", "seed": 1, "dealer": 1, "a": [], "m": {}, "r": 0, "s": 0},
            salt="sixtysix.practice",
        ),
    ],
    ids=["empty", "garbage", "other-salt", "other-variant"],  # tokens carry a timestamp
)
def test_forged_or_stale_state_starts_a_new_game_with_a_400(client, state):
    response = post(client, "classic66", {"state": state, "move": "play-AS"})
    assert response.status_code == 400
    assert 'name="state"' in response.content.decode()


def test_double_submit_and_two_tabs_never_break(client):
    html = page(client, "classic66", seed="555")
    token = token_of(html)
    game = game_loads(variant=Variant.objects.get(slug="classic66"), token=token)
    move = game.deal.legal_actions()[0].key()
    first = post(client, "classic66", {"state": token, "move": move})
    again = post(client, "classic66", {"state": token, "move": move})  # same form twice
    assert first.status_code == again.status_code == 302
    other_tab = post(client, "classic66", {"state": token, "do": "new"})
    assert other_tab.status_code == 302


def test_moves_after_the_deal_ended_are_refused_clearly(client):
    html = play_deal(client, "schnapsen")
    response = post(client, "schnapsen", {"state": token_of(html), "move": "play-AS"})
    assert response.status_code == 422
    assert "The deal is over" in response.content.decode()


def test_missing_csrf_token_is_a_403():
    client = Client(enforce_csrf_checks=True)
    html = page(client, "classic66")
    response = client.post("/en/practice/classic66/", {"state": token_of(html), "move": "draw"})
    assert response.status_code == 403


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.dictionaries(
        st.sampled_from(["state", "move", "do", "x"]),
        st.text(max_size=30)
        | st.sampled_from(
            ["play-AS", "draw", "close", "next", "new", "meld-H", "exchange", "declare"]
        ),
        max_size=4,
    )
)
def test_random_posts_never_cause_a_server_error(data):
    response = Client().post("/en/practice/classic66/", data)
    assert response.status_code in (302, 400, 409, 422)


def play_to_the_strict_phase(client, slug: str, seed: str) -> bool:
    """Draw or play until the stock is gone; False when the deal ends first."""
    html = page(client, slug, seed=seed)
    for _ in range(60):
        game = game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))
        if game.deal.result is not None:
            return False
        if game.deal.state()["phase"] == "strict":
            return True
        legal = game.deal.legal_actions()
        move = next((a for a in legal if a.type == "draw"), None) or next(
            a for a in legal if a.type == "play"
        )
        response = post(client, slug, {"state": token_of(html), "move": move.key()})
        html = client.get(response["Location"]).content.decode()
    return False


@pytest.mark.parametrize("slug", ["classic66", "schnapsen"])
def test_the_hint_shows_the_solvers_best_move_in_the_strict_phase(client, slug):
    seeds = (str(seed) for seed in range(2024, 2044))
    assert any(play_to_the_strict_phase(client, slug, seed) for seed in seeds)
    hint_page = client.get(f"/en/practice/{slug}/", {"hint": "1"}).content.decode()
    assert "Best move:" in hint_page
    assert "game point" in hint_page


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_deal_that_ends_the_match_names_the_match_winner(client, lang):
    variant = Variant.objects.get(slug="schnapsen")
    game = game_new(variant=variant, seed=4321)
    game.match.scores = [1, 1]  # whoever wins this deal wins the match
    html = play_deal(client, "schnapsen", lang, token=game.dumps())
    game = game_loads(variant=variant, token=token_of(html))
    assert game.match.over
    with translation.override(lang):
        won = translation.gettext(
            "You won the match." if game.match.winners == [YOU] else "The computer won the match."
        )
        assert won in html
        assert translation.gettext("Start a new match") in html
        assert translation.gettext("Next deal") not in html


@translation.override("en")
def test_a_schneider_bummerl_is_announced_as_counting_double():
    match = Match(get_preset("schnapsen"), scores=[1, 7])
    assert describe_match_end(match) == ""
    match.record(Result([YOU], 2, "declared", [66, 30], [2, 0]))
    assert describe_match_end(match) == (
        "You won the match. The loser never won a game point: a Schneider-Bummerl, which "
        "counts double."
    )
    match = Match(get_preset("schnapsen"), scores=[3, 1])
    match.record(Result([COMPUTER], 1, "declared", [30, 66], [0, 1]))
    assert describe_match_end(match) == "The computer won the match."
