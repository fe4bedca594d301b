"""The live table's JSON answers: the same moves as the forms, no hidden card in any answer,
bad input a translated 400, the limits as for the forms."""

import json
import re

import pytest
from django.core.cache import caches
from django.utils import translation

from practice.game import game_loads
from practice.ids import YOU
from practice.sharing import share_id
from rules.models import Variant
from words.card_names import card_name

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LIVE = {"HTTP_ACCEPT": "application/json"}
DEAL = "abcdefghjk"
BUTTON = re.compile(r"<button[^>]*>")


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def live_post(client, slug, data, lang="en"):
    return client.post(f"/{lang}/practice/{slug}/", data, **LIVE)


def start(client, slug, deal=DEAL):
    response = client.get(f"/en/practice/{slug}/", {"deal": share_id(deal)}, **LIVE)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response


def offered(html: str) -> list[str]:
    """The moves the page offers as usable: cards not dimmed, buttons not disabled."""
    out = []
    for tag in BUTTON.findall(html):
        if 'name="move"' not in tag or "aria-disabled" in tag or " disabled" in tag:
            continue
        out.append(re.search(r'value="([^"]+)"', tag).group(1))
    return out


def refused(html: str) -> list[str]:
    return [
        re.search(r'value="([^"]+)"', tag).group(1)
        for tag in BUTTON.findall(html)
        if 'aria-disabled="true"' in tag
    ]


def hidden_cards(game) -> set[str]:
    """Cards nobody but the server may know now: other hands (less the marriages shown and
    still held, and the dealer's trump card that four-handed games show) and the stock
    (less the turn-up)."""
    if game.over:
        return set()
    state = game.deal.state()
    shown = {state["trump_card"]} if game.rules.trump_source == "bottom_card_to_dealer" else set()
    for m in state["marriages"]:
        shown |= {f"K{m['suit']}", f"Q{m['suit']}"}
    hidden = set(state["stock"]) - {state["turnup"]}
    for seat, hand in enumerate(state["hands"]):
        if seat != YOU:
            hidden |= set(hand) - shown
    return hidden


def codes_in(value) -> set[str]:
    if isinstance(value, dict):
        found = {value["card"]} if isinstance(value.get("card"), str) else set()
        return found.union(*(codes_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


def assert_nothing_hidden(slug, response) -> None:
    data = json.loads(response.content)
    html = data["html"]
    game = game_loads(variant=Variant.objects.get(slug=slug), token=token_of(html))
    hidden = hidden_cards(game)
    seen = set(re.findall(r'data-card="(\w\w)"', html)) | set(re.findall(r"#(\w\w)\"", html))
    seen |= codes_in(data["events"])
    assert not seen & hidden, sorted(seen & hidden)
    with translation.override("en"):
        assert not [c for c in hidden if f'aria-label="{card_name(c)}"' in html]


@pytest.mark.parametrize("slug", ["classic66", "three_all_play", "four_partnership_66"])
def test_a_whole_deal_through_the_live_answers_shows_no_hidden_card(client, slug):
    response = start(client, slug)
    assert_nothing_hidden(slug, response)
    plays = 0
    for _ in range(80):
        html = json.loads(response.content)["html"]
        if 'class="result"' in html:
            break
        moves = offered(html)
        cards = [m for m in moves if m.startswith("play-")]
        move = (cards or moves)[0]
        response = live_post(client, slug, {"state": token_of(html), "move": move, "confirm": "1"})
        assert response.status_code == 200, response.content[:300]
        assert_nothing_hidden(slug, response)
        events = json.loads(response.content)["events"]
        assert events[0]["seat"] == YOU  # the reader's own move comes first
        plays += sum(e["type"] == "play" for e in events)
    assert 'class="result"' in json.loads(response.content)["html"]
    assert plays > 4


def test_events_say_each_card_and_each_trick_in_order(client):
    html = json.loads(start(client, "three_all_play").content)["html"]
    card = next(m for m in offered(html) if m.startswith("play-"))
    data = json.loads(
        live_post(client, "three_all_play", {"state": token_of(html), "move": card}).content
    )
    kinds = [e["type"] for e in data["events"]]
    assert kinds[:4] == ["play", "play", "play", "trick"]
    assert data["events"][0]["card"] == card[5:]
    assert all("face" in e for e in data["events"] if e["type"] == "play")
    assert data["events"][3]["seat"] in (0, 1, 2)


def test_dimmed_cards_are_the_ones_the_server_refuses(client):
    """Follow suit once the stock is gone: every dimmed card is refused when posted anyway
    (422 and the reason), every other card is accepted."""
    slug = "classic66"
    response = start(client, slug)
    for _ in range(40):
        html = json.loads(response.content)["html"]
        assert 'class="result"' not in html, "no card was dimmed in this deal"
        bad = refused(html)
        if bad:
            token = token_of(html)
            for move in bad:
                answer = live_post(client, slug, {"state": token, "move": move})
                assert answer.status_code == 422
                assert "feedback--illegal" in json.loads(answer.content)["html"]
            assert re.search(r'class="card-why" id="why-\w\w"', html)
            return
        moves = offered(html)
        cards = [m for m in moves if m.startswith("play-")]
        response = live_post(
            client, slug, {"state": token_of(html), "move": (cards or moves)[-1], "confirm": "1"}
        )
    pytest.fail("no card was dimmed")


@pytest.mark.parametrize(
    "data",
    [{"state": "forged"}, {"state": "", "move": "play-AS"}, {"do": "jump"}],
)
def test_bad_live_input_is_a_translated_400_never_a_500(client, data):
    if data.get("do"):
        data["state"] = token_of(json.loads(start(client, "classic66").content)["html"])
    response = live_post(client, "classic66", data, lang="pl")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    html = json.loads(response.content)["html"]
    with translation.override("pl"):
        assert any(
            translation.gettext(text) in html
            for text in (
                "That game could not be read (it may come from an old page), so a new one "
                "has started.",
                "That request is not understood.",
            )
        )


def test_live_moves_count_against_the_play_limit(client, settings):
    settings.PRACTICE_PLAY_RATE = 2
    caches["shared"].clear()
    html = json.loads(start(client, "classic66").content)["html"]
    refused = None
    for _ in range(5):  # two allowed; a window that turns over mid-test allows two more
        response = live_post(client, "classic66", {"state": token_of(html), "do": "back"})
        if response.status_code == 429:
            refused = response
            break
    assert refused is not None
    assert refused["Retry-After"] in ("5", "60")  # the guard's early answer or the view's
    assert json.loads(refused.content)["note"]


def test_a_form_without_script_still_gets_a_redirect(client):
    html = client.get("/en/practice/classic66/", {"deal": share_id(DEAL)}).content.decode()
    card = next(m for m in offered(html) if m.startswith("play-"))
    response = client.post("/en/practice/classic66/", {"state": token_of(html), "move": card})
    assert response.status_code == 302


def test_a_marriage_of_the_computer_comes_with_both_cards_and_an_exchange_with_the_turnup():
    """Marriages and exchanges are public: the events carry the King and Queen shown, and
    the turn-up taken with the trump that replaces it."""
    from practice.events import events_since
    from practice.moves import game_move, game_new

    variant = Variant.objects.get(slug="classic66")
    melds, exchanges = [], []
    for n in range(6):
        game = game_new(variant=variant, deal_id=f"mnpqrstu{'abcdefghjk'[n % 10]}{'ab'[n // 10]}")
        events = events_since(game, 0)
        while not game.over:
            start = len(game.actions)
            legal = game.deal.legal_actions()
            move = next((a for a in legal if a.type == "play"), None)
            move = move or next(a for a in legal if a.type != "declare")
            assert game_move(game=game, key=move.key()) is None
            events += events_since(game, start)
        melds += [e for e in events if e["type"] == "meld" and e["seat"] != YOU]
        exchanges += [e for e in events if e["type"] == "exchange" and e["seat"] != YOU]
    assert melds, "no marriage of the computer in these deals"
    for e in melds:
        suit = e["cards"][0]["card"][1]
        assert [c["card"] for c in e["cards"]] == [f"K{suit}", f"Q{suit}"]
        assert all('data-card="' in c["face"] for c in e["cards"])
    for e in exchanges:
        assert e["taken"]["card"][1] == e["given"]["card"][1]  # both of the trump suit
