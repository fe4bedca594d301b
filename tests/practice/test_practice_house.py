"""Practice under a house table: the code travels in the token, the engine, the computer
and the hints play by it, and the score pad says which rules are in force."""

import re

import pytest
from django.core import signing
from django.utils import translation
from django.utils.html import escape
from sixtysix import RuleSet

from practice import hints as practice_hints
from practice import seats
from practice.game import SALT, GameError, game_loads
from practice.ids import YOU
from practice.moves import game_move, game_new, game_next_deal
from practice.sharing import share_id
from rules.house_pages import changes_of
from rules.models import Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DEALS = [f"abcdefgh{a}{b}" for a in "jkmn" for b in "pqrs"]


def token_of(html: str) -> str:
    return re.search(r'name="state" value="([^"]+)"', html).group(1)


def classic():
    return Variant.objects.get(slug="classic66")


def false_claim_after_a_first_trick_won(house_code: str):
    """A deal the reader opens with the Ace of trumps (the computer cannot take it), then
    claims 66 with far fewer: the computer, without a trick, scores the false claim."""
    for deal_id in DEALS:
        game = game_new(variant=classic(), deal_id=deal_id, house=house_code)
        trump_ace = f"play-A{game.deal.state()['trump']}"
        if game.deal.to_act == YOU and trump_ace in {a.key() for a in game.deal.legal_actions()}:
            break
    else:
        pytest.fail("no deal with the Ace of trumps in the reader's hand")
    assert game_move(game=game, key=trump_ace) is None
    assert game.deal.tricks_won[YOU] == 1 and game.deal.result is None
    assert game_move(game=game, key="declare") is None
    return game


@pytest.mark.parametrize(("code", "points"), [("", 2), ("fc1", 3)])
def test_the_house_rule_decides_the_deal(code, points):
    """Standard: a false claim gives the opponent 2; at a table playing `fc1` (2, or 3 when
    the opponent has no trick yet) the same deal gives him 3."""
    game = false_claim_after_a_first_trick_won(code)
    result = game.deal.result
    assert result.reason == "false_declaration"
    assert result.game_points_by_seat[1 - YOU] == points
    assert game.match.scores[1 - YOU] == points


def test_the_code_travels_in_the_token_and_the_next_deal_keeps_it():
    game = false_claim_after_a_first_trick_won("fc1")
    again = game_loads(variant=classic(), token=game.dumps())
    assert again.house == "fc1"
    assert again.rules.false_claim_penalty == "two_or_three"
    assert again.deal.rules is again.rules  # the deal, the computer and the hints read these
    nxt = game_next_deal(game=again)
    assert nxt.house == "fc1" and nxt.deal.rules.false_claim_penalty == "two_or_three"


def test_hints_and_replies_of_a_house_table_are_cached_apart_from_the_presets(monkeypatch):
    preset = game_new(variant=classic(), deal_id=DEALS[0])
    table = game_new(variant=classic(), deal_id=DEALS[0], house="cf1")
    assert preset.deal.state()["hands"] == table.deal.state()["hands"]
    assert practice_hints._key(preset) != practice_hints._key(table)
    names = []
    real = seats.cached_reply

    def spy(seed, deal, seat, name, choose):
        names.append(name)
        assert deal.rules is table.rules  # the computer works out its move by these rules
        return real(seed, deal, seat, name, choose)

    monkeypatch.setattr(seats, "cached_reply", spy)
    lead = next(a.key() for a in table.deal.legal_actions() if a.type == "play")
    assert game_move(game=table, key=lead) is None  # the computer answers the lead
    assert names and set(names) == {"classic66~cf1"}


def test_a_signed_token_with_a_tampered_code_is_refused():
    data = signing.loads(game_new(variant=classic(), house="fc1").dumps(), salt=SALT)
    for bad in ("zz1", "fc9", "fc1fc2", "cp1mg1nd0", 7):
        data["h"] = bad
        with pytest.raises(GameError):
            game_loads(variant=classic(), token=signing.dumps(data, salt=SALT, compress=True))


def test_play_by_these_rules_starts_a_match_whose_pad_names_the_rules(client):
    html = client.get("/en/variants/classic66/house/cp1mg1/").content.decode()
    assert 'href="/en/practice/classic66/?house=cp1mg1"' in html
    page = client.get("/pl/practice/classic66/?house=cp1mg1").content.decode()
    game = game_loads(variant=classic(), token=token_of(page))
    assert (game.house, game.rules.match_target) == ("cp1mg1", 10)
    rules = page.split('class="practice-rules"')[1].split("</div>")[0]
    assert 'href="/pl/variants/classic66/house/cp1mg1/"' in rules
    base = RuleSet.from_dict(classic().rules)
    with translation.override("pl"):
        changes = changes_of(base, game.rules)
        assert len(changes) == 2
        for change in changes:
            assert escape(change.house) in rules
    plain = client.get(f"/pl/practice/classic66/?deal={share_id('abcdefghjk')}").content.decode()
    assert 'href="/pl/variants/classic66/"' in plain.split('class="practice-rules"')[1][:400]


def test_a_preset_code_or_a_spelling_of_a_table_starts_its_canonical_match(client):
    page = client.get("/en/practice/classic66/?house=mg1cp1").content.decode()
    assert game_loads(variant=classic(), token=token_of(page)).house == "cp1mg1"
    page = client.get("/en/practice/classic66/?house=0").content.decode()
    assert game_loads(variant=classic(), token=token_of(page)).house == ""


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_a_tampered_code_in_the_address_is_a_translated_400(client, lang):
    response = client.get(f"/{lang}/practice/classic66/?house=zz1")
    assert response.status_code == 400
    html = response.content.decode()
    assert "zz1" in html
    game = game_loads(variant=classic(), token=token_of(html))
    assert game.house == ""  # a standard match instead
    response = client.get(f"/{lang}/practice/schnapsen/?house=ex0")  # cannot be combined
    assert response.status_code == 400
