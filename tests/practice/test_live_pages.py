"""No dead ends: the hint limit keeps the table, links that would end a match ask first,
a claim that can only lose is shown disabled with its reason, internal ids stay quiet,
keys are offered for the moves."""

import re

import pytest
from django.utils import translation
from sixtysix import Action

from practice import hints as practice_hints
from practice.game import game_loads
from practice.ids import YOU
from practice.legality import claim_refusal
from practice.moves import game_move, game_new
from practice.sharing import share_id
from rules.models import Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DEAL = "abcdefghjk"


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def test_past_the_hint_limit_the_table_stays_with_a_note(client, monkeypatch):
    monkeypatch.setattr(practice_hints, "RATE_LIMIT", 1)
    client.get("/pl/practice/schnapsen/", {"deal": share_id("hjkmnpqrsa")})
    assert client.get("/pl/practice/schnapsen/", {"hint": "1"}).status_code == 200
    client.get("/pl/practice/schnapsen/", {"deal": share_id("hjkmnpqrsb")})  # a new position
    response = client.get("/pl/practice/schnapsen/", {"hint": "1"})
    assert response.status_code == 429
    assert response["Retry-After"]
    html = response.content.decode()
    assert 'class="table-area"' in html and "card-button" in html
    with translation.override("pl"):
        note = translation.gettext(
            "You have asked for many hints in a short time. Try again in a minute."
        )
    assert f'<p class="feedback practice-note">{note}</p>' in html


def _play_to_end_of_deal(client, slug="classic66"):
    html = client.get(f"/en/practice/{slug}/", {"deal": share_id(DEAL)}).content.decode()
    for _ in range(60):
        if 'class="result"' in html:
            return html
        move = re.search(r'name="move" value="([^"]+)"(?![^>]*aria-disabled)', html).group(1)
        response = client.post(
            f"/en/practice/{slug}/", {"state": token_of(html), "move": move, "confirm": "1"}
        )
        html = client.get(response["Location"].split("#")[0]).content.decode()
    raise AssertionError("the deal did not end")


def test_links_that_would_end_the_match_in_progress_ask_first(client):
    html = _play_to_end_of_deal(client)
    game = game_loads(variant=Variant.objects.get(slug="classic66"), token=token_of(html))
    assert not game.match.over
    share = share_id(game.deal_id)
    assert f"?deal={share}&amp;ask=1" in html  # "play this deal again" and the score pad
    assert f"Deal {share}" not in html  # the id is no heading, no label
    asked = client.get("/en/practice/classic66/", {"deal": share, "ask": "1"}).content.decode()
    assert "the match in progress is lost" in asked
    assert f'href="/en/practice/classic66/?deal={share}"' in asked  # the way on, not asking
    # Nothing thrown away yet: the same game (its token is signed again, and the signature's
    # timestamp moves on when a second passes, so the games are compared, not the tokens).
    kept = game_loads(variant=game.variant, token=token_of(asked))
    assert (kept.deal_id, kept.actions, kept.match.scores) == (
        game.deal_id,
        game.actions,
        game.match.scores,
    )
    again = client.get("/en/practice/classic66/", {"deal": share}).content.decode()
    fresh = game_loads(variant=game.variant, token=token_of(again))
    assert (fresh.actions, fresh.match.scores) != (game.actions, game.match.scores)


def test_a_claim_below_the_target_is_disabled_with_the_points_it_lacks(client):
    variant = Variant.objects.get(slug="classic66")
    for deal in ("abcdefghjk", "abcdefghjm", "abcdefghjn", "abcdefghjp"):
        game = game_new(variant=variant, deal_id=deal)
        for _ in range(12):
            if game.over:
                break
            keys = {a.key() for a in game.deal.legal_actions()}
            if "declare" in keys and claim_refusal(game):
                client.cookies["practice-classic66"] = game.dumps()
                html = client.get("/en/practice/classic66/").content.decode()
                button = re.search(r'<button[^>]*value="declare"[^>]*>', html).group(0)
                assert " disabled" in button and "data-shortcut" not in button
                assert "a claim needs 66, so it would lose now" in html
                return
            card = next(a for a in game.deal.legal_actions() if a.type == "play")
            assert game_move(game=game, key=card.key()) is None
    pytest.fail("no early claim met")


def test_keys_for_the_cards_and_buttons(client):
    html = client.get("/en/practice/classic66/", {"deal": share_id(DEAL)}).content.decode()
    cards = re.findall(r'<button class="card-button[^"]*"[^>]*>', html)
    keys = [
        re.search(r'data-shortcut="(\d)"', b).group(1) for b in cards if "aria-disabled" not in b
    ]
    assert keys == [str(n) for n in range(1, len(keys) + 1)]
    assert 'data-shortcut="h"' in html
    game = game_loads(variant=Variant.objects.get(slug="classic66"), token=token_of(html))
    card = next(a for a in game.deal.legal_actions() if a.type == "play")
    response = client.post("/en/practice/classic66/", {"state": token_of(html), "move": card.key()})
    after = client.get(response["Location"].split("#")[0]).content.decode()
    assert 'value="back" class="link-button" data-shortcut="u"' in after
    assert Action(YOU, "play", card=card.card).key() == card.key()


def test_a_match_from_a_lesson_ends_with_play_again_and_the_next_lesson(client):
    from tutorial.models import Tutorial
    from tutorial.start_positions import resolve_lesson

    starts = ((t, resolve_lesson(t.slug)) for t in Tutorial.objects.order_by("order", "slug"))
    tutorial, start = next(
        (t, s) for t, s in starts if s and s.next_url and s.variant == "classic66"
    )
    variant = Variant.objects.get(slug="classic66")
    game = game_new(variant=variant, origin=f"lesson:{tutorial.slug}")
    game.start.scores = [6, 6]  # whoever wins this deal wins the match
    for _ in range(40):
        if game.over:
            break
        move = next(a for a in game.deal.legal_actions() if a.type != "declare")
        assert game_move(game=game, key=move.key()) is None
    assert game.match.over
    client.cookies["practice-classic66"] = game.dumps()
    html = client.get("/en/practice/classic66/").content.decode()
    assert html.count("Play again") == 1
    assert f'href="{start.next_url}">Next lesson</a>' in html
    assert 'class="practice-pad"' in html
