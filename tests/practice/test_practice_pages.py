"""Practice against the computer: whole deals through the pages, and no 500 on any input."""

import base64
import json
import re
import zlib

import pytest
from django.core import signing
from django.core.cache import caches
from django.test import Client, override_settings
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sixtysix import Deal, get_preset
from sixtysix.match import Match
from sixtysix.scoring import Result

from practice import hints as practice_hints
from practice.game import PRACTICE_VARIANTS, game_loads
from practice.ids import COMPUTER, ID_LENGTH, YOU, computer_seed
from practice.moves import game_new
from practice.sharing import share_id
from rules.models import Variant
from words.card_names import card_html
from words.match_words import describe_match_end

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
DEAL = "abcdefghjk"  # a well-formed public deal id


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def page(client, slug, lang="en", **params):
    if "deal" in params:  # a deal id, opened by its share id as a link would (any case)
        deal = params["deal"]
        params["deal"] = share_id(deal.lower())
        params["deal"] = params["deal"].upper() if deal.isupper() else params["deal"]
    response = client.get(f"/{lang}/practice/{slug}/", params)
    assert response.status_code == 200
    return response.content.decode()


def post(client, slug, data, lang="en"):
    return client.post(f"/{lang}/practice/{slug}/", data)


def follow(client, response):
    assert response.status_code == 302
    assert response["Location"].endswith("#table")  # a phone lands at the table
    return client.get(response["Location"].split("#")[0]).content.decode()


def load(slug, html):
    return game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_index_and_games_in_every_language(client, lang):
    html = client.get(f"/{lang}/practice/").content.decode()
    for slug in PRACTICE_VARIANTS:
        assert f'href="/{lang}/practice/{slug}/"' in html
        game = page(client, slug, lang)
        assert f'<html lang="{lang}">' in game
        assert getattr(Variant.objects.get(slug=slug), f"name_{lang}") in game


@pytest.mark.parametrize("slug", ["poker", "three-no-stock", "four_partnership_67"])
def test_unknown_or_non_practice_variant_is_a_translated_404(client, slug):
    response = client.get(f"/pl/practice/{slug}/")
    assert response.status_code == 404
    with translation.override("pl"):
        assert translation.gettext("Page not found") in response.content.decode()


def play_deal(client, slug, lang="en", token=None, deal=DEAL):
    """Play legal moves through the form until the deal is over; return the last page.

    The reader never has to draw: a draw is never the only thing offered."""
    html = "" if token else page(client, slug, lang, deal=deal)
    for _ in range(120):
        if 'class="result"' in html:
            return html
        token = token_of(html) if html else token
        game = game_loads(variant=Variant.objects.get(slug=slug), token=token)
        assert game.deal.to_act == YOU
        legal = game.deal.legal_actions()
        assert [a.type for a in legal] != ["draw"]
        move = next((a for a in legal if a.type == "play"), legal[0])
        data = {"state": token, "move": move.key(), "confirm": "1"}
        html = follow(client, post(client, slug, data, lang))
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("slug", PRACTICE_VARIANTS)
def test_a_whole_deal_can_be_played_and_is_scored_on_the_pad(client, slug):
    html = play_deal(client, slug)
    game = load(slug, html)
    assert game.deal.result is not None
    assert f"?deal={share_id(DEAL)}" in html  # "play this deal again", once it is over
    assert game.match.deals_played == 1
    assert 'class="practice-pad"' in html
    # The next deal starts on request, keeping the match score and the pad.
    nxt = load(slug, follow(client, post(client, slug, {"state": token_of(html), "do": "next"})))
    assert nxt.start.scores == game.match.scores
    # (a reader who deals in "dealer sits out" watches the next deal played at once)
    assert nxt.deal.result is None or YOU not in nxt.deal.active
    assert len(nxt.pad) == 1 and nxt.pad[0][0] == game.deal_id


def test_the_computer_plays_its_own_turns(client):
    game = load("schnapsen", page(client, "schnapsen", deal=DEAL))
    assert game.deal.to_act == YOU
    assert all(a["player"] in (YOU, COMPUTER) for a in game.actions)


def test_the_same_deal_id_gives_the_same_deal_and_others_differ():
    first = load("classic66", page(Client(), "classic66", deal=DEAL))
    second = load("classic66", page(Client(), "classic66", deal=DEAL.upper()))
    other = load("classic66", page(Client(), "classic66", deal="mnpqrstuvw"))
    hands = first.deal.state()["hands"]
    assert hands == second.deal.state()["hands"]
    assert hands != other.deal.state()["hands"]


@pytest.mark.parametrize(
    "deal", ["abc", "²" * ID_LENGTH, "abcdefghj²", "0123456789", "abcdefghjkl", "", "ÅBCDEFGHJK"]
)
def test_a_bad_deal_id_is_a_clear_translated_400(client, deal):
    response = client.get("/da/practice/classic66/", {"deal": deal})
    assert response.status_code == 400
    with translation.override("da"):
        message = translation.gettext(
            "That is not a deal number of this site: it has %(n)d letters and digits."
        ) % {"n": ID_LENGTH}
    assert message in response.content.decode()


@pytest.mark.parametrize("seed", ["²", "12", "abc"])
def test_old_seed_links_are_ignored(client, seed):
    assert client.get("/en/practice/classic66/", {"seed": seed}).status_code == 200


def _payload(signed: str) -> dict:
    """What anybody can read from a signed token without the key."""
    body = signed.strip('"').split(":")[0]
    compressed = body.startswith(".")
    body = body.lstrip(".")
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return json.loads(zlib.decompress(raw) if compressed else raw)


def _numbers(value):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str):
        yield from (int(d) for d in re.findall(r"\d+", value))
        yield int.from_bytes(value.encode()[:8], "big")
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


def test_the_token_cookie_and_page_do_not_give_away_the_deal(client):
    html = page(client, "classic66", deal=DEAL)
    game = load("classic66", html)
    secret_hand = game.deal.state()["hands"][COMPUTER]
    stock = game.deal.state()["stock"]
    cookie = client.cookies["practice-classic66"].value
    decoded = [_payload(token_of(html)), _payload(cookie)]
    assert "seed" not in json.dumps(decoded)
    # No number in the token, the cookie or the page rebuilds the deal.
    candidates = {n for d in decoded for n in _numbers(d)}
    candidates |= {int(n) for n in re.findall(r"\d+", html) if len(n) < 20}
    rules = get_preset("classic66")
    for seed in candidates:
        for dealer in (0, 1):
            rebuilt = Deal.new(rules, seed=seed, dealer=dealer).state()
            assert rebuilt["hands"][COMPUTER] != secret_hand
            assert rebuilt["stock"] != stock
    # The computer's cards and the stock order are not in the page either.
    assert "".join(stock) not in html
    # The same public id gives another deal under another site's secret.
    with override_settings(SECRET_KEY="another site's secret, long enough to be real"):
        elsewhere = load("classic66", page(Client(), "classic66", deal=DEAL))
    assert elsewhere.deal.state()["hands"][COMPUTER] != secret_hand


def test_the_computers_randomness_is_secret_too():
    here = computer_seed("classic66", DEAL, 3)
    assert here == computer_seed("classic66", DEAL, 3)  # replayable on this site
    assert here != computer_seed("classic66", DEAL, 4)
    with override_settings(SECRET_KEY="another site's secret, long enough to be real"):
        assert computer_seed("classic66", DEAL, 3) != here  # but only with its secret


def test_take_back_undoes_the_readers_move_and_the_computers_reply(client):
    html = page(client, "classic66", deal=DEAL)
    before = load("classic66", html)
    assert "Take back" not in html
    move = next(a for a in before.deal.legal_actions() if a.type == "play")
    after_html = follow(
        client, post(client, "classic66", {"state": token_of(html), "move": move.key()})
    )
    after = load("classic66", after_html)
    assert len(after.actions) > len(before.actions) + 1  # the computer replied
    back = load(
        "classic66",
        follow(client, post(client, "classic66", {"state": token_of(after_html), "do": "back"})),
    )
    assert back.actions == before.actions
    assert back.deal.state()["hands"] == before.deal.state()["hands"]
    # Playing the same move again gives the same reply: taking back re-rolls nothing.
    again = load(
        "classic66",
        follow(client, post(client, "classic66", {"state": back.dumps(), "move": move.key()})),
    )
    assert again.actions == after.actions


def test_nothing_to_take_back_is_a_409(client):
    html = page(client, "classic66", deal=DEAL)
    assert post(client, "classic66", {"state": token_of(html), "do": "back"}).status_code == 409


def test_an_old_form_gives_the_same_next_deal_and_the_same_new_match(client):
    html = play_deal(client, "schnapsen")
    token = token_of(html)
    nexts = [
        load("schnapsen", follow(client, post(client, "schnapsen", {"state": token, "do": "next"})))
        for _ in range(2)
    ]
    assert nexts[0].deal_id == nexts[1].deal_id
    assert nexts[0].deal.state()["hands"] == nexts[1].deal.state()["hands"]
    news = [
        load("schnapsen", follow(client, post(client, "schnapsen", {"state": token, "do": "new"})))
        for _ in range(2)
    ]
    assert news[0].deal_id == news[1].deal_id
    assert news[0].deal_id != nexts[0].deal_id


def test_a_claim_asks_first_and_then_ends_the_deal(client):
    html = page(client, "schnapsen", deal=DEAL)
    for _ in range(30):
        game = load("schnapsen", html)
        if any(a.type == "declare" for a in game.deal.legal_actions()):
            break
        html = follow(
            client, post(client, "schnapsen", {"state": token_of(html), "move": card_move(game)})
        )
    else:  # pragma: no cover - the reader wins a trick long before
        pytest.fail("no claim offered")
    token = token_of(html)
    response = post(client, "schnapsen", {"state": token, "move": "declare"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Claim 66 now? If you have fewer than 66 points, you lose the deal." in html
    assert load("schnapsen", html).actions == game.actions  # nothing happened yet
    done = load(
        "schnapsen",
        follow(
            client, post(client, "schnapsen", {"state": token, "move": "declare", "confirm": "1"})
        ),
    )
    assert done.deal.result is not None


def card_move(game) -> str:
    """A card to click: a legal play, or (a draw being due) the first card in hand."""
    legal = game.deal.legal_actions()
    play = next((a for a in legal if a.type == "play"), None)
    return play.key() if play else "play-" + game.deal.state()["hands"][YOU][0]


def test_an_illegal_move_is_explained_in_the_readers_language(client):
    html = page(client, "classic66", "da", deal=DEAL)
    game = load("classic66", html)
    foreign = game.deal.state()["hands"][COMPUTER][0]
    response = post(client, "classic66", {"state": token_of(html), "move": f"play-{foreign}"}, "da")
    assert response.status_code == 422
    with translation.override("da"):
        assert translation.gettext("That card is not in your hand.") in response.content.decode()
    assert 'action="/da/practice/classic66/#table"' in response.content.decode()


@pytest.mark.parametrize(
    "state",
    [
        "",
        "garbage",
        signing.dumps({"v": "classic66"}, salt="other"),
        signing.dumps(
            {
                "v": "schnapsen",
                "id": DEAL,
                "d": DEAL,
                "n": 0,
                "a": [],
                "u": [],
                "m": {},
                "p": [],
                "s": 0,
            },
            salt="sixtysix.practice",
        ),
        signing.dumps(
            {
                "v": "classic66",
                "id": "x",
                "d": DEAL,
                "n": 0,
                "a": [],
                "u": [],
                "m": {},
                "p": [],
                "s": 0,
            },
            salt="sixtysix.practice",
        ),
    ],
    ids=["empty", "garbage", "other-salt", "other-variant", "bad-id"],
)
def test_forged_or_stale_state_starts_a_new_game_with_a_400(client, state):
    response = post(client, "classic66", {"state": state, "move": "play-AS"})
    assert response.status_code == 400
    assert 'name="state"' in response.content.decode()


def test_double_submit_and_two_tabs_never_break(client):
    html = page(client, "classic66", deal=DEAL)
    token = token_of(html)
    game = load("classic66", html)
    move = game.deal.legal_actions()[0].key()
    first = post(client, "classic66", {"state": token, "move": move, "confirm": "1"})
    again = post(client, "classic66", {"state": token, "move": move, "confirm": "1"})
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


JUNK = st.text(max_size=30) | st.sampled_from(
    ["play-AS", "draw", "close", "next", "new", "back", "meld-H", "exchange", "declare", "1", "²"]
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.dictionaries(st.sampled_from(["state", "move", "do", "confirm", "x"]), JUNK, max_size=5)
)
def test_random_posts_never_cause_a_server_error(data):
    response = Client().post("/en/practice/classic66/", data)
    assert response.status_code in (200, 302, 400, 409, 422)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    params=st.dictionaries(
        st.sampled_from(["deal", "hint", "seed", "reveal", "x"]), JUNK, max_size=4
    ),
    # a cookie header arrives as Latin-1 (what WSGI gives Django for any bytes)
    cookie=st.text(st.characters(max_codepoint=255), max_size=40) | JUNK.filter(str.isascii),
)
def test_random_queries_and_cookies_never_cause_a_server_error(params, cookie):
    client = Client()
    client.cookies["practice-schnapsen"] = cookie
    response = client.get("/en/practice/schnapsen/", params)
    assert response.status_code in (200, 400, 429, 503)


def play_to_the_strict_phase(client, slug: str, deal: str) -> bool:
    """Play until the stock is gone; False when the deal ends first."""
    html = page(client, slug, deal=deal)
    for _ in range(60):
        game = load(slug, html)
        if game.deal.result is not None:
            return False
        if game.deal.state()["phase"] == "strict" and len(game.deal.legal_actions()) > 1:
            return True
        html = follow(
            client, post(client, slug, {"state": token_of(html), "move": card_move(game)})
        )
    return False


def _hint_box(html: str) -> str:
    return re.search(r'<div class="hint-box".*?</details>', html, re.S).group(0)


@pytest.mark.parametrize("slug", ["classic66", "schnapsen"])
def test_a_hint_in_the_open_phase_in_plain_words(client, slug):
    page(client, slug, deal=DEAL)
    html = page(client, slug, hint="1")
    box = _hint_box(html)
    line = box.split("<details>")[0]
    assert "Play" in line or "Show the marriage" in line or "Close" in line
    for jargon in ("solver", "layout", "%"):
        assert jargon not in line
    assert "Played out in" in box  # the numbers sit behind "details"


@pytest.mark.parametrize("slug", ["classic66", "schnapsen"])
def test_a_hint_in_the_strict_phase(client, slug):
    ids = ("mnpqrstuv" + c for c in "abcdefghjkmnpqrstuvwxyz")
    assert any(play_to_the_strict_phase(client, slug, deal) for deal in ids)
    box = _hint_box(page(client, slug, hint="1"))
    assert "Worked out exactly" in box or "Played out in" in box


def test_a_hint_is_computed_once_and_shared(client, monkeypatch):
    calls = []
    real = practice_hints.hint_for

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(practice_hints, "hint_for", counting)
    page(client, "schnapsen", deal=DEAL)
    page(client, "schnapsen", hint="1")
    other = Client()  # another reader in the same position
    page(other, "schnapsen", deal=DEAL)
    page(other, "schnapsen", hint="1")
    assert len(calls) == 1


def test_hints_beyond_the_slots_are_a_polite_503(client, monkeypatch):
    page(client, "schnapsen", deal=DEAL)
    taken = [
        practice_hints._slots.acquire(blocking=False) for _ in range(practice_hints.HINT_SLOTS)
    ]
    try:
        assert all(taken)
        response = client.get("/en/practice/schnapsen/", {"hint": "1"})
    finally:
        for _ in taken:
            practice_hints._slots.release()
    assert response.status_code == 503
    assert response["Retry-After"] == str(practice_hints.RETRY_BUSY)
    assert "Try again in a moment" in response.content.decode()
    assert client.get("/en/practice/schnapsen/", {"hint": "1"}).status_code == 200


def test_a_hint_waits_for_no_other_process_on_the_machine(client):
    """With every machine-wide slot held (by another worker), the answer is a 503 at once."""
    page(client, "schnapsen", deal=DEAL)
    shared = caches["shared"]
    for slot in range(practice_hints.machine_slots()):
        assert shared.add(f"slot:compute:{slot}", "another worker", 60)
    try:
        response = client.get("/en/practice/schnapsen/", {"hint": "1"})
    finally:
        for slot in range(practice_hints.machine_slots()):
            shared.delete(f"slot:compute:{slot}")
    assert response.status_code == 503
    assert response["Retry-After"]
    assert client.get("/en/practice/schnapsen/", {"hint": "1"}).status_code == 200


def test_hint_slots_are_not_files_in_the_shared_temp_folder(client):
    """Another site or process on the host cannot hold them: no lock file is used at all."""
    assert not hasattr(practice_hints, "_lock_path")
    page(client, "schnapsen", deal=DEAL)
    assert client.get("/en/practice/schnapsen/", {"hint": "1"}).status_code == 200


def test_a_cache_that_is_down_never_turns_a_hint_into_a_500(client, monkeypatch):
    page(client, "schnapsen", deal=DEAL)

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(practice_hints.cache, "get", down)
    monkeypatch.setattr(practice_hints.cache, "set", down)
    response = client.get("/en/practice/schnapsen/", {"hint": "1"})
    assert response.status_code == 200
    assert 'class="hint-box"' in response.content.decode()


def test_a_shared_store_that_is_down_is_a_503_with_retry_after(client, monkeypatch):
    page(client, "schnapsen", deal=DEAL)

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(caches["shared"], "add", down)
    response = client.get("/en/practice/schnapsen/", {"hint": "1"})
    assert response.status_code == 503
    assert response["Retry-After"]


def test_hint_limits_count_each_visitor_behind_the_proxy(settings, monkeypatch):
    """Behind the load balancer every request comes from its address: the limit is per
    visitor (the forwarded address), not one bucket for everyone."""
    settings.BEHIND_PROXY = True
    monkeypatch.setattr(practice_hints, "RATE_LIMIT", 1)
    statuses = {}
    for n, visitor in enumerate(["198.51.100.1", "198.51.100.2", "198.51.100.1"]):
        client = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"1.2.3.4, {visitor}")
        page(client, "schnapsen", deal="hjkmnpqrs" + "abc"[n])
        response = client.get("/en/practice/schnapsen/", {"hint": "1"})
        statuses.setdefault(visitor, []).append(response.status_code)
    assert statuses == {"198.51.100.1": [200, 429], "198.51.100.2": [200]}


def test_too_many_new_hints_from_one_client_are_a_429(client, monkeypatch):
    monkeypatch.setattr(practice_hints, "RATE_LIMIT", 2)
    assert practice_hints.rate_limit() == 2
    statuses = []
    for n in range(4):
        page(client, "schnapsen", deal="hjkmnpqrs" + "abcd"[n])
        statuses.append(client.get("/en/practice/schnapsen/", {"hint": "1"}).status_code)
    assert statuses[:2] == [200, 200]
    assert statuses[2:] == [429, 429]


def test_the_same_hint_asked_again_and_again_is_counted_too(client, monkeypatch):
    """A hint worked out once costs no search, but each page is a table rendered again."""
    monkeypatch.setattr(practice_hints, "RATE_LIMIT", 2)
    page(client, "schnapsen", deal="hjkmnpqrsa")
    statuses = [client.get("/en/practice/schnapsen/", {"hint": "1"}).status_code for _ in range(4)]
    assert statuses == [200, 200, 429, 429]


@pytest.mark.parametrize("slug", ["classic66", "schnapsen"])
def test_the_drawn_card_is_shown(client, slug):
    """Whoever wins the trick, the card the reader drew is on the page after the move."""
    html = page(client, slug, deal=DEAL)
    for _ in range(3):
        game = load(slug, html)
        hand = set(game.deal.state()["hands"][YOU])
        move = card_move(game)
        html = follow(client, post(client, slug, {"state": token_of(html), "move": move}))
        game = load(slug, html)
        new = set(game.deal.state()["hands"][YOU]) - hand
        if new:
            assert "You drew" in html or "you drew" in html  # in the log, before the lead
            assert list(game.drawn.values())[-1] in new
            return
    pytest.fail("no card drawn in three tricks")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_deal_that_ends_the_match_names_the_match_winner(client, lang):
    variant = Variant.objects.get(slug="schnapsen")
    game = game_new(variant=variant, deal_id=DEAL)
    game.start.scores = [1, 1]  # whoever wins this deal wins the match
    html = play_deal(client, "schnapsen", lang, token=game.dumps())
    game = game_loads(variant=variant, token=token_of(html))
    assert game.match.over
    with translation.override(lang):
        won = translation.gettext(
            "You won the match." if game.match.winners == [YOU] else "Your opponent won the match."
        )
        assert won in html
        assert html.count(translation.gettext("Play again")) == 1  # one way on, at the score pad
        assert translation.gettext("Start a new match") not in html
        assert translation.gettext("Next deal") not in html


@translation.override("en")
def test_a_schneider_bummerl_is_announced_as_counting_double():
    match = Match(get_preset("schnapsen"), scores=[1, 7])
    assert describe_match_end(match, YOU) == ""
    match.record(Result([YOU], 2, "declared", [66, 30], [2, 0]))
    assert describe_match_end(match, YOU) == (
        "You won the match. The loser never won a game point: a Schneider-Bummerl, which "
        "counts double."
    )
    match = Match(get_preset("schnapsen"), scores=[3, 1])
    match.record(Result([COMPUTER], 1, "declared", [30, 66], [0, 1]))
    assert describe_match_end(match, YOU) == "Your opponent won the match."


def test_the_marriage_the_computer_shows_is_drawn_with_both_cards(client):
    """Play on until the computer shows a marriage; the page then shows its King and Queen."""
    for n in range(12):
        html = page(client, "schnapsen", deal="pqrstuvwx" + "abcdefghjkmn"[n])
        for _ in range(12):
            game = load("schnapsen", html)
            if game.deal.result is not None:
                break
            html = follow(
                client,
                post(client, "schnapsen", {"state": token_of(html), "move": card_move(game)}),
            )
            game = load("schnapsen", html)
            melds = [a for a in game.actions[game.seen :] if a["type"] == "meld"]
            if any(a["player"] == COMPUTER for a in melds):
                suit = next(a["suit"] for a in melds if a["player"] == COMPUTER)
                shown = re.search(r'<p class="practice-shown">.*?</p>', html, re.S).group(0)
                for rank in "KQ":
                    assert str(card_html(rank + suit)) in shown
                return
    pytest.fail("the computer never showed a marriage")


def _first_move(html: str) -> dict:
    game = load("classic66", html)
    move = next(a for a in game.deal.legal_actions() if a.type == "play")
    return {"state": token_of(html), "move": move.key()}


def test_moves_from_one_client_beyond_the_limit_are_a_translated_429(client, settings):
    settings.PRACTICE_PLAY_RATE = 2
    html = page(client, "classic66", deal=DEAL)
    data = _first_move(html)
    statuses = [post(client, "classic66", data, lang="pl").status_code for _ in range(2)]
    assert statuses == [302, 302]
    response = post(client, "classic66", data, lang="pl")  # counted by the view: refused
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    with translation.override("pl"):
        message = translation.gettext(
            "You have sent many moves in a short time. Try again in a minute."
        )
        early = translation.gettext(
            "You have sent many requests in a short time. Try again in a minute."
        )
    assert message in response.content.decode()
    assert not message.startswith("You have")
    again = post(client, "classic66", data, lang="pl")  # refused before the view (guard)
    assert again.status_code == 429 and again["Retry-After"]
    assert again.content.decode() in (message, early)  # one line, translated
    other = Client(REMOTE_ADDR="198.51.100.9")  # another visitor plays on
    assert post(other, "classic66", data).status_code == 302


def test_a_move_waits_for_no_busy_machine_it_is_a_503_at_once(client):
    """With every compute slot held (by hints or moves in other workers) the computer does
    not play: 503 with Retry-After, and the same post succeeds once a slot is free."""
    data = _first_move(page(client, "classic66", deal=DEAL))
    shared = caches["shared"]
    for slot in range(practice_hints.machine_slots()):
        assert shared.add(f"slot:compute:{slot}", "another worker", 60)
    try:
        response = post(client, "classic66", data)
    finally:
        for slot in range(practice_hints.machine_slots()):
            shared.delete(f"slot:compute:{slot}")
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "busy" in response.content.decode()
    assert post(client, "classic66", data).status_code == 302


def test_a_shared_store_that_is_down_makes_a_move_a_503_not_a_500(client, monkeypatch):
    data = _first_move(page(client, "classic66", deal=DEAL))

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(caches["shared"], "add", down)
    response = post(client, "classic66", data)
    assert response.status_code == 503
    assert response["Retry-After"]


def test_a_replayed_move_meets_the_stored_reply_not_new_play_outs(client, monkeypatch):
    """The computer's reply depends only on its view and seed: worked out once, then read."""
    from practice import seats

    calls = []
    real = seats._worked_out_move

    def counting(game, seat):
        calls.append(seat)
        return real(game, seat)

    monkeypatch.setattr(seats, "_worked_out_move", counting)
    data = _first_move(page(client, "classic66", deal=DEAL))
    first = follow(client, post(client, "classic66", data))
    worked = len(calls)
    assert worked >= 1
    other = Client()  # another reader, or the same form replayed
    again = follow(other, post(other, "classic66", data))
    assert len(calls) == worked
    assert load("classic66", again).actions == load("classic66", first).actions


def test_an_old_form_of_a_finished_deal_cannot_reopen_it(client):
    """Having seen every card at the end, the reader may not post an earlier form and play
    the deal on knowing them: 409, and the cookie keeps the finished game."""
    html = page(client, "classic66", deal=DEAL)
    earlier = _first_move(html)
    end = play_deal(client, "classic66", token=earlier["state"])
    response = post(client, "classic66", earlier, lang="da")
    assert response.status_code == 409
    with translation.override("da"):
        message = translation.gettext(
            "This deal has already been played to the end, so it cannot be played on from an "
            "old page. Play the next deal or start a new match."
        )
    assert message.startswith("Dette spil")
    assert message in response.content.decode()
    assert "practice-classic66" not in response.cookies
    assert 'class="result"' in page(client, "classic66")  # still the finished deal
    nxt = post(client, "classic66", {"state": token_of(end), "do": "next"})
    assert nxt.status_code == 302  # the finished form itself goes on to the next deal


def test_another_reader_may_play_a_shared_deal_someone_finished(client):
    end = play_deal(client, "classic66", deal=DEAL)
    assert 'class="result"' in end
    other = Client()
    data = _first_move(page(other, "classic66", deal=DEAL))
    assert post(other, "classic66", data).status_code == 302


def test_no_page_of_a_deal_in_progress_names_an_id_that_opens_it(client):
    """The peek: the reader (or anyone they tell) opening the deal they are playing in a
    second window, playing ahead and seeing every hidden card. The deal id travels in the
    token, so `?deal=` takes only share ids, which a page shows once the deal is over."""
    html = page(client, "classic66")  # a new match, as a first visit starts it
    game = load("classic66", html)
    assert share_id(game.deal_id) not in html
    assert "practice-deal" not in html
    peek = Client().get("/en/practice/classic66/", {"deal": game.deal_id}).content.decode()
    assert load("classic66", peek).deal.state()["hands"] != game.deal.state()["hands"]
    end = play_deal(client, "classic66", token=token_of(html))
    assert f"?deal={share_id(game.deal_id)}" in end
    replay = load("classic66", page(Client(), "classic66", deal=game.deal_id))
    assert replay.deal.state()["hands"] == game.deal.state()["hands"]  # the same cards


def test_share_ids_name_every_deal_once():
    from practice.ids import new_id
    from practice.sharing import deal_of

    deals = {new_id() for _ in range(300)}
    shares = {share_id(deal) for deal in deals}
    assert len(shares) == len(deals)
    assert all(deal_of(share_id(deal)) == deal for deal in deals)
    assert shares.isdisjoint(deals)
