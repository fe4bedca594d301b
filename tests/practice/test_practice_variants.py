"""Every variant at the practice table: whole matches by random clicks, seats, bidding,
secrecy and "play on from here" (a start position registered by another app)."""

import random
import re
from collections import Counter

import pytest
from django.core import signing
from django.core.cache import cache
from sixtysix import Action, Deal, RuleSet
from sixtysix.match import Match
from sixtysix.players import player_view

from practice import hints as practice_hints
from practice import positions as practice_positions
from practice.game import PRACTICE_VARIANTS, SALT, game_loads
from practice.ids import YOU, deal_seed
from practice.positions import StartPosition
from practice.sharing import share_id
from rules.models import Variant
from tests.words.checks import assert_clean

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

MULTI = [
    "three_all_play",
    "three_dealer_out",
    "three_no_stock",
    "four_double_pack_101",
    "four_partnership_66",
    "four_hand_american",
    "north_american_bid66",
]
TWO = ["classic66", "classic66_32", "schnapsen", "idiot66"]


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def moves_of(html: str) -> list[str]:
    """The moves the page offers the reader: card buttons and the move form's buttons."""
    return re.findall(r'name="move" value="([^"]+)"', html)


def legal_moves(html: str, game) -> list[str]:
    """The moves offered on the page that the engine allows now."""
    legal = {a.key() for a in game.deal.legal_actions()}
    return sorted(m for m in set(moves_of(html)) if m in legal)


def load(slug: str, html: str):
    return game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))


def get(client, slug, lang="en", **params):
    if "deal" in params:  # a deal id, opened by its share id as a link would
        params["deal"] = share_id(params["deal"])
    response = client.get(f"/{lang}/practice/{slug}/", params)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def post(client, slug, data, lang="en"):
    response = client.post(f"/{lang}/practice/{slug}/", data)
    if response.status_code == 302:
        assert response["Location"].endswith("#table")
        return get(client, slug, lang)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def replay_check(slug: str, game, match: Match) -> None:
    """The engine, on its own, replays the deal the page played and agrees on its result."""
    rules = RuleSet.from_dict(Variant.objects.get(slug=slug).rules)
    deal = Deal.new(rules, seed=deal_seed(slug, game.deal_id), dealer=match.dealer)
    for raw in game.actions:
        deal.apply(Action.from_dict(raw))  # every move, the computer's too, is legal
    assert deal.result is not None
    assert deal.result.to_dict() == game.deal.result.to_dict()
    match.record(deal.result)


def play_match(client, slug, rng, lang="en", max_deals=60):
    """Click random legal moves until the match is over; check every deal with the engine."""
    html = get(client, slug, lang, deal="abcdefghjk")
    rules = RuleSet.from_dict(Variant.objects.get(slug=slug).rules)
    match = Match(rules, dealer=rules.players - 1)
    for _deal in range(max_deals):
        for _move in range(300):
            game = load(slug, html)
            if game.over:
                break
            offered = moves_of(html)
            legal = {a.key() for a in game.deal.legal_actions()}
            assert legal - {"draw"} <= set(offered)  # every legal move is on the page
            choice = sorted(legal & set(offered))
            if "pass" in choice and game.deal.phase == "bidding" and rng.random() < 0.6:
                move = "pass"  # still a random legal move, but bids less wildly
            else:
                move = rng.choice(choice)
            html = post(client, slug, {"state": token_of(html), "move": move}, lang)
            if 'name="confirm"' in html:
                html = post(client, slug, {"state": token_of(html), "move": move, "confirm": 1})
        game = load(slug, html)
        assert game.over
        replay_check(slug, game, match)
        assert game.match.scores == match.scores
        assert 'class="practice-pad"' in html
        if game.match.over:
            assert match.over and game.match.winners == match.winners
            assert 'class="match-result"' in html
            assert 'value="new"' in html
            if rules.match_deals and len(set(match.scores)) > 1:  # Idiot-66: the settlement
                assert 'class="practice-settlement"' in html
            return game
        html = post(client, slug, {"state": token_of(html), "do": "next"}, lang)
    raise AssertionError("the match did not end")


# Whole matches are `slow` (make test and CI run them); the fast run plays a whole deal of
# every variant (tests/practice/test_practice_pages.py).
@pytest.mark.slow
@pytest.mark.parametrize("slug", MULTI + TWO)
def test_a_whole_match_by_random_clicks_ends_as_the_engine_says(client, slug):
    play_match(client, slug, random.Random(f"match-{slug}"))


def test_every_variant_is_practised_and_listed_with_its_players(client):
    assert set(PRACTICE_VARIANTS) == set(Variant.objects.values_list("slug", flat=True))
    for lang in ["en", "da", "nb", "pl", "lv"]:
        html = client.get(f"/{lang}/practice/").content.decode()
        for slug in PRACTICE_VARIANTS:
            assert f'href="/{lang}/practice/{slug}/"' in html
    html = client.get("/en/practice/").content.decode()
    assert html.count("4 players") == 4 and html.count("3 players") == 3
    assert html.count("with a computer partner") == 4 and html.count("with bidding") == 1


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
@pytest.mark.parametrize("slug", MULTI)
def test_multi_player_tables_open_in_every_language(client, slug, lang):
    html = get(client, slug, lang, deal="deckdeck22")
    assert f'<html lang="{lang}">' in html
    assert getattr(Variant.objects.get(slug=slug), f"name_{lang}") in html
    rng = random.Random(f"{slug}{lang}")
    for _i in range(6):  # a few moves on: bids, the contract, tricks of three or four
        main = html[html.find("<main") : html.rfind("</main>")]
        assert_clean(main, f"{slug} {lang}")
        game = load(slug, html)
        if game.over:
            break
        move = rng.choice(legal_moves(html, game))
        html = post(client, slug, {"state": token_of(html), "move": move, "confirm": 1}, lang)


@pytest.mark.parametrize("slug", MULTI)
def test_seats_around_the_table(client, slug):
    html = get(client, slug, deal="abcdefghjk")
    game = load(slug, html)
    n = game.rules.players
    assert html.count("seat seat--other") == n - 1
    assert "seat--left" in html and "seat--right" in html
    assert ("seat--across" in html) == (n == 4)
    assert html.count('badge">dealer<') == 1
    if game.partners:
        # the partner sits opposite and is named as the partner
        assert re.search(r'seat--across seat--partner[^>]*data-seat="2"', html)
        assert "Your partner" in html
        assert "Match: your side 0, the other side 0" in html
    if game.rules.dealer_sits_out:
        assert 'seat--out" data-seat="' in html  # the dealer shown as sitting out
        assert "sits out" in html


@pytest.mark.parametrize("slug", MULTI)
def test_the_page_never_shows_a_hidden_card(client, slug):
    html = get(client, slug, deal="abcdefghjk")
    game = load(slug, html)
    state = game.deal.state()
    # what the reader may see: the own hand (while naming trumps only its first cards),
    # the cards played, the turn-up and the dealer's trump card (a multiset: two packs)
    seen = Counter(player_view(game.deal, YOU).hand)
    seen.update(c for won in state["won_cards"] for c in won)
    seen.update(p["card"] for p in state["trick"])
    seen.update(c for c in (state["turnup"], state["trump_card"]) if c)
    faces = Counter(re.findall(r'data-card="([^"]+)"', html))
    offered = Counter(re.findall(r'value="play-([^"]+)"', html))
    assert not faces - seen and not offered - seen
    hidden = set(state["stock"]) | {c for s in range(1, game.players) for c in state["hands"][s]}
    hidden -= set(seen)
    # the token holds public facts only: no card of any hand, no seed
    data = signing.loads(token_of(html), salt=SALT)
    text = repr(data)
    assert "seed" not in text
    for code in hidden:
        assert f"play-{code}" not in text


def test_bidding_through_forms_and_the_computer_bids_are_shown(client):
    slug = "north_american_bid66"
    html = get(client, slug, deal="abcdefghjk")
    game = load(slug, html)
    assert game.deal.phase == "bidding" and game.deal.to_act == YOU
    offered = moves_of(html)
    assert "pass" in offered and any(m.startswith("bid") for m in offered)
    assert 'class="card-button"' not in html  # no card to play while bidding
    assert "Bid 1 (33 points)" in html and "Bid the moon" in html
    html = post(client, slug, {"state": token_of(html), "move": "pass"})
    game = load(slug, html)
    assert "The bidding" in html
    assert html.count('class="practice-bidding__seat"') == len(game.deal.bids)
    assert game.deal.phase != "bidding"
    if game.deal.high_bidder is not None:
        assert "Contract:" in html
    if game.deal.result is not None:
        # everybody passed (a redeal), or the partner bid the moon and the reader lays down
        assert game.deal.result.extra.get("all_passed") or YOU not in game.deal.active
    if YOU not in game.deal.active:
        assert "sits out" in html


def test_naming_trumps_in_three_without_a_stock(client):
    slug = "three_no_stock"
    html = get(client, slug, deal="abcdefghjk")
    game = load(slug, html)
    assert game.deal.phase == "trump_naming" and game.deal.to_act == YOU
    offered = moves_of(html)
    assert "pass" in offered and any(m.startswith("trump") for m in offered)
    # only the first cards of the hand are seen while naming trumps
    first = player_view(game.deal, YOU).hand
    for code in set(game.deal.state()["hands"][YOU]) - set(first):
        assert f'data-card="{code}"' not in html
    suit = next(m for m in offered if m.startswith("trump"))
    html = post(client, slug, {"state": token_of(html), "move": suit})
    game = load(slug, html)
    assert game.deal.trump is not None and game.deal.phase != "trump_naming"


def test_take_back_in_a_four_player_game(client):
    slug = "four_partnership_66"
    html = get(client, slug, deal="abcdefghjk")
    before = load(slug, html)
    move = moves_of(html)[0]
    after_html = post(client, slug, {"state": token_of(html), "move": move})
    after = load(slug, after_html)
    assert len(after.actions) > len(before.actions) + 1  # the computer seats replied
    back_html = post(client, slug, {"state": token_of(after_html), "do": "back"})
    back = load(slug, back_html)
    assert back.actions == before.actions


def test_a_reader_sitting_out_sees_the_deal_played_by_the_others(client):
    slug = "three_dealer_out"
    html = get(client, slug, deal="abcdefghjk")
    rng = random.Random(3)
    for _i in range(200):
        game = load(slug, html)
        if game.over and game.deal.dealer == YOU:
            break
        if game.over:
            if game.match.over:
                html = post(client, slug, {"state": token_of(html), "do": "new"})
            else:
                html = post(client, slug, {"state": token_of(html), "do": "next"})
            continue
        move = rng.choice(legal_moves(html, game))
        html = post(client, slug, {"state": token_of(html), "move": move, "confirm": 1})
    game = load(slug, html)
    assert game.deal.dealer == YOU and game.over
    assert all(a["player"] != YOU for a in game.actions)
    assert "you sit out this deal" in html


# -- play on from here ---------------------------------------------------------------------


@pytest.fixture
def lesson_source(monkeypatch):
    rules = RuleSet.from_dict(Variant.objects.get(slug="three_all_play").rules)
    deal = Deal.new(rules, seed=11, dealer=0)
    state = deal.state()
    layout = {
        "dealer": 0,
        "hands": state["hands"],
        "turnup": state["turnup"],
        "stock": state["stock"],
    }
    first = deal.legal_actions()[0]  # seat 1 leads; the lesson plays its first card
    positions = {
        "lead": StartPosition("three_all_play", layout, [first.to_dict()], you=2),
    }
    # monkeypatch puts the site's own "lesson" source (the tutorial app's) back afterwards
    monkeypatch.setitem(practice_positions._SOURCES, "lesson", positions.get)
    yield positions["lead"], layout, first


def test_play_on_from_a_lesson_position(client, lesson_source):
    _position, layout, first = lesson_source
    html = get(client, "three_all_play", "da", **{"from": "lesson:lead"})
    game = load("three_all_play", html)
    # the reader took seat 2 of the lesson, turned to the bottom seat (0), and is to answer
    # the lesson's lead (made by the lesson's seat 1, now seat 2)
    assert game.actions == [] and game.deal.to_act == YOU
    assert sorted(game.deal.state()["hands"][YOU]) == sorted(layout["hands"][2])
    assert game.deal.actions[0].player == 2
    assert game.origin == "lesson:lead"
    assert game.deal.dealer == (0 - 2) % 3
    assert game.deal.actions[0].card == first.card
    # the token names the origin, never the cards
    data = signing.loads(token_of(html), salt=SALT)
    assert data["o"] == "lesson:lead"
    assert not any(code in repr(data) for code in layout["stock"])
    # the following deals are normal secret deals
    rng = random.Random(5)
    for _i in range(100):
        game = load("three_all_play", html)
        if game.over:
            break
        html = post(
            client,
            "three_all_play",
            {"state": token_of(html), "move": rng.choice(legal_moves(html, game)), "confirm": 1},
            "da",
        )
    html = post(client, "three_all_play", {"state": token_of(html), "do": "next"}, "da")
    nxt = load("three_all_play", html)
    assert nxt.number == 1
    assert nxt.deal.state()["hands"] != game.deal.state()["hands"]
    assert (
        nxt.deal.state()["hands"]
        == Deal.new(
            nxt.rules, seed=deal_seed("three_all_play", nxt.deal_id), dealer=nxt.start.dealer
        ).state()["hands"]
    )  # a normal secret deal
    assert "?from=lesson%3Alead" in html  # the pad plays the lesson's deal again


@pytest.mark.parametrize("origin", ["lesson:nowhere", "other:lead", "lesson:", "x" * 300, "²:1"])
def test_an_unknown_origin_starts_a_normal_match_with_a_message(client, lesson_source, origin):
    response = client.get("/nb/practice/three_all_play/", {"from": origin})
    assert response.status_code == 200
    html = response.content.decode()
    assert "feedback--illegal" in html
    assert not load("three_all_play", html).origin


def test_an_origin_of_another_variant_starts_a_normal_match(client, lesson_source):
    response = client.get("/pl/practice/four_partnership_66/", {"from": "lesson:lead"})
    assert response.status_code == 200
    assert "feedback--illegal" in response.content.decode()
    assert not load("four_partnership_66", response.content.decode()).origin


def test_a_broken_source_is_never_a_500(client, monkeypatch):
    def broken(name):
        raise RuntimeError("bug in another app")

    monkeypatch.setitem(practice_positions._SOURCES, "lesson", broken)
    response = client.get("/en/practice/three_all_play/", {"from": "lesson:x"})
    assert response.status_code == 200


def test_every_rules_page_offers_play_it(client):
    for variant in Variant.objects.all():
        html = client.get(variant.get_absolute_url()).content.decode()
        assert f'href="/en/practice/{variant.slug}/"' in html or (
            f"/practice/{variant.slug}/" in html
        )
        assert "Play it against the computer" in html or variant.get_absolute_url()[:4] != "/en/"


@pytest.mark.parametrize("slug", MULTI)
def test_a_hint_in_every_multi_player_variant_is_honest_and_never_a_500(client, slug):
    get(client, slug, "lv", deal="abcdefghjk")
    response = client.get(f"/en/practice/{slug}/", {"hint": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    game = load(slug, html)
    assert 'class="hint-box"' in html
    # what the page's hint rests on: the engine's numbers, cached for this position
    data = cache.get(practice_hints._key(game)) if len(game.deal.legal_actions()) > 1 else None
    if not data:  # the engine has no hint here: the page says so and names no move
        assert "There is no hint for this position" in html or "only one move" in html
    else:  # the engine's move, and the number of layouts it rests on when it sampled
        assert 'value="' + data["best"] + '"' in html
        if data["method"] in ("sampled", "closed"):
            assert f"{data['samples']} way" in html
        if data["method"] == "rule":  # bidding, naming trumps: said to be a rule of thumb
            assert "A rule of thumb" in html


def test_take_back_returns_to_the_lesson_position(client, lesson_source):
    html = get(client, "three_all_play", **{"from": "lesson:lead"})
    start = load("three_all_play", html)
    move = legal_moves(html, start)[0]
    html = post(client, "three_all_play", {"state": token_of(html), "move": move})
    assert load("three_all_play", html).actions
    html = post(client, "three_all_play", {"state": token_of(html), "do": "back"})
    back = load("three_all_play", html)
    assert back.origin == "lesson:lead" and back.actions == []
    assert back.deal.state() == start.deal.state()


def test_the_idiot_round_settlement_is_told():
    from sixtysix.scoring import Result

    from words.match_words import describe_settlement

    rules = RuleSet.from_dict(Variant.objects.get(slug="idiot66").rules)
    match = Match(rules, dealer=1)
    assert describe_settlement(match, YOU) == ""
    for _i in range(rules.match_deals):
        match.record(Result([YOU], 0, "most_points", [70, 50], [70, 50]))
    assert match.over and match.winners == [YOU]
    text = describe_settlement(match, YOU)
    assert "pays you" in text
    if rules.idiot_settlement == "per_round":
        assert text.endswith("1.")
