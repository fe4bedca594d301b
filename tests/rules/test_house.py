"""House-rules codes and pages: round trip, tampering, refused combinations, the form
without JavaScript, compare with house tables, and no page cache under a code."""

import json
import random
import re

import pytest
from django.core.cache import cache
from django.utils import translation
from django.utils.html import escape
from sixtysix import RuleSetError, get_preset, load_presets

from rules import house
from words.house import combination_error

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
SLUGS = sorted(load_presets())
CLASSIC = get_preset("classic66")


def valid_tables(base, rng, count):
    """Random house tables of a variant that the engine accepts."""
    options = house.offered(base)
    found = 0
    while found < count:
        chosen = rng.sample(options, min(len(options), rng.randint(1, 5)))
        changes = {o.key: rng.choice(o.values) for o in chosen}
        try:
            table = house.house_rules(base, changes)
        except RuleSetError:
            continue
        found += 1
        yield table


@pytest.mark.parametrize("slug", SLUGS)
def test_code_round_trip_for_every_variant(slug):
    base = get_preset(slug)
    assert house.from_code(base, house.PRESET_CODE) == (base, house.PRESET_CODE)
    for table in valid_tables(base, random.Random(slug), 30):
        code = house.encode(base, table)
        assert house.from_code(base, code) == (table, code)
        assert code.isascii() and len(code) <= 3 * len(house.offered(base))


def test_every_single_choice_round_trips():
    for option in house.offered(CLASSIC):
        for value in option.values:
            try:
                table = house.house_rules(CLASSIC, {option.key: value})
            except RuleSetError:
                continue
            assert house.from_code(CLASSIC, house.encode(CLASSIC, table))[0] == table


def test_code_is_canonical_in_order_and_without_preset_values():
    table, canonical = house.from_code(CLASSIC, "mg1cp1nd0")  # nd0 is the preset's choice
    assert canonical == "cp1mg1"
    assert (table.failed_close_penalty, table.match_target) == ("always_three", 10)


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("zz1", "unknown_option"),
        ("cp9", "unknown_value"),
        ("cp1cp2", "repeated_option"),
        ("cp", "malformed"),
        ("CP1", "malformed"),
        ("cp1;drop", "malformed"),
        ("c\u00e91", "malformed"),
        ("cp1" * 60, "malformed"),
        ("", "malformed"),
    ],
)
def test_tampered_codes_are_refused_with_a_reason(code, reason):
    with pytest.raises(house.HouseCodeError) as info:
        house.decode(CLASSIC, code)
    assert info.value.reason == reason


def test_an_option_another_variant_does_not_play_is_unknown_there():
    # Idiot-66 has no closing: a closing option in its code is not one of its house rules
    with pytest.raises(house.HouseCodeError) as info:
        house.decode(get_preset("idiot66"), "cp1")
    assert info.value.reason == "unknown_option"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", ["zz1", "cp9", "cp1cp2", "x%20y", "%C3%A9", "cp1" * 60])
def test_tampered_code_pages_are_400_with_a_translated_message(client, lang, code):
    for suffix in ("/", ".json"):
        response = client.get(f"/{lang}/variants/classic66/house/{code}{suffix}")
        assert response.status_code == 400
        html = response.content.decode()
        assert 'role="alert"' in html
    if lang != "en":
        english = client.get(f"/en/variants/classic66/house/{code}/").content.decode()
        assert html.split('role="alert"')[1][:200] != english.split('role="alert"')[1][:200]


def test_non_canonical_codes_redirect_to_the_one_url(client):
    response = client.get("/pl/variants/classic66/house/mg1cp1nd0/")
    assert response.status_code == 301
    assert response["Location"] == "/pl/variants/classic66/house/cp1mg1/"
    response = client.get("/pl/variants/classic66/house/mg1cp1.json")
    assert response["Location"] == "/pl/variants/classic66/house/cp1mg1.json"


def test_invalid_combination_is_refused_by_the_engine_with_its_reason(client):
    """Schnapsen has no last-trick bonus; deciding a played-out deal by the bonus needs one."""
    base = get_preset("schnapsen")
    with pytest.raises(RuleSetError) as info:
        house.from_code(base, "ex0")
    assert info.value.key == "last_trick_bonus"
    assert house.from_code(base, "ex0lb0")[0].last_trick_bonus == 10
    for lang in LANGUAGES:
        with translation.override(lang):
            reason = combination_error("last_trick_bonus")
        response = client.get(f"/{lang}/variants/schnapsen/house/ex0/")
        assert response.status_code == 400
        assert reason in response.content.decode()
        # submitted in the form: 400, the form again with the reason, nothing redirected
        response = client.get(f"/{lang}/variants/schnapsen/house/", {"ex": "0", "go": "1"})
        assert response.status_code == 400
        html = response.content.decode()
        assert 'id="house-error"' in html and reason in html
        assert 'name="ex" id="ex-0" value="0" checked' in html
        if lang != "en":
            with translation.override("en"):
                assert reason != combination_error("last_trick_bonus")


def test_an_invalid_selection_marks_only_the_choices_in_conflict(client):
    html = client.get("/en/variants/schnapsen/house/", {"ex": "0"}).content.decode()
    marked = re.findall(r'id="([a-z]{2}-\d)-why"', html)
    # the chosen ex0 and Schnapsen's own "no bonus" (lb1) clash; no other choice is marked
    assert marked == ["ex-0", "lb-1"]


def test_form_marks_a_choice_that_cannot_be_combined_before_it_is_sent(client):
    html = client.get("/en/variants/schnapsen/house/").content.decode()
    refused = html.split('id="ex-0"')[1].split("</div>")[0]
    assert 'class="house-refusal"' in refused
    assert 'class="house-refusal"' not in html.split('id="ex-1"')[1].split("</div>")[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_house_form_for_every_variant_and_language(client, lang, slug):
    response = client.get(f"/{lang}/variants/{slug}/house/")
    assert response.status_code == 200
    html = response.content.decode()
    base = get_preset(slug)
    assert '<form class="house-form" method="get"' in html
    for option in house.offered(base):
        # exactly one choice checked per option (the preset's), each choice named in words
        assert html.count(f'name="{option.id}"') == len(option.values)
        assert len([m for m in html.split(f'name="{option.id}"')[1:] if " checked" in m[:60]]) == 1


def test_form_without_javascript_leads_to_the_code(client):
    response = client.get(
        "/da/variants/classic66/house/", {"cp": "1", "mg": "1", "nd": "0", "go": "1"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/da/variants/classic66/house/cp1mg1/"
    # unchanged: the preset's own code
    response = client.get("/da/variants/classic66/house/", {"go": "1"})
    assert response["Location"] == "/da/variants/classic66/house/0/"
    # a tampered field is a 400, not a 500
    response = client.get("/da/variants/classic66/house/", {"cp": "9", "go": "1"})
    assert response.status_code == 400
    response = client.get("/da/variants/classic66/house/", {"cp": "x", "go": "1"})
    assert response.status_code == 400


def test_change_link_opens_the_form_with_the_tables_choices(client):
    html = client.get("/en/variants/classic66/house/cp1mg1/").content.decode()
    assert "/en/variants/classic66/house/?cp=1&amp;mg=1&amp;" in html
    form = client.get("/en/variants/classic66/house/?cp=1&mg=1").content.decode()
    assert 'name="cp" id="cp-1" value="1" checked' in form
    assert 'name="mg" id="mg-1" value="1" checked' in form


def test_code_is_the_same_in_every_language(client):
    locations = {
        client.get(f"/{lang}/variants/classic66/house/", {"es": "1", "go": "1"})["Location"]
        for lang in LANGUAGES
    }
    assert {loc.split("/house/")[1] for loc in locations} == {"es1/"}


def test_house_pages_are_not_stored_in_the_page_cache(client):
    """A code is any string: no page under one is stored (a stored page carries an ETag)."""
    cache.clear()
    assert client.get("/en/variants/classic66/").has_header("ETag")  # the preset's page is
    for code in ("cp1mg1", "cp2", "0"):
        for path in (
            f"/en/variants/classic66/house/{code}/",
            f"/en/variants/classic66/house/{code}.json",
        ):
            assert client.get(path).status_code == 200
            assert not client.get(path).has_header("ETag")
    assert not client.get("/en/variants/classic66/house/").has_header("ETag")
    assert not client.get("/en/compare/?v=classic66&h=classic66:cp1").has_header("ETag")


def test_json_has_every_rule_parameter(client):
    data = json.loads(client.get("/nb/variants/schnapsen/house/ex0lb0.json").content)
    table = house.from_code(get_preset("schnapsen"), "ex0lb0")[0]
    assert data["rules"] == table.to_dict()
    assert data["options"] == {
        "exhausted_resolution": "last_trick_bonus_10",
        "last_trick_bonus": 10,
    }
    assert data["code"] == "ex0lb0" and data["language"] == "nb"
    assert data["url"].endswith("/nb/variants/schnapsen/house/ex0lb0/")


def test_compare_shows_house_tables_beside_presets(client):
    response = client.get("/pl/compare/", {"v": ["classic66"], "h": ["classic66:cp1mg1"]})
    assert response.status_code == 200
    html = response.content.decode()
    assert "/pl/variants/classic66/house/cp1mg1/" in html
    assert html.count('class="differs"') == 2  # the failed close and the match
    assert 'name="h" value="classic66:cp1mg1"' in html
    # two house tables of the same variant, no preset
    response = client.get("/en/compare/", {"h": ["classic66:cp1", "classic66:cp2"]})
    assert response.status_code == 200
    for bad in ("classic66:zz1", "nosuch:cp1", "schnapsen:ex0"):
        response = client.get("/en/compare/", {"v": ["classic66"], "h": [bad]})
        assert response.status_code == 400
        assert 'id="compare-house-errors"' in response.content.decode()


def test_sections_written_for_the_preset_are_marked_where_a_choice_differs(client):
    html = client.get("/en/variants/classic66/house/es1/").content.decode()
    exchange = html.split('id="trump-exchange"')[1].split("</section>")[0]
    assert 'class="house-note"' in exchange
    marriages = html.split('id="marriages"')[1].split("</section>")[0]
    assert 'class="house-note"' not in marriages


def test_every_option_value_is_an_engine_value_and_every_source_is_known():
    from sixtysix.ruleset import SPEC

    ids = [o.id for o in house.all_options()]
    assert len(ids) == len(set(ids))
    for option in house.all_options():
        kind, allowed = SPEC[option.key]
        if kind == "choice":
            assert set(option.values) <= set(allowed)
        assert set(option.sources) <= {house.value_id(v) for v in option.values}
        for keys in option.sources.values():
            assert set(keys) <= set(house.sources())
    assert all(len(o.values) <= 10 for o in house.all_options())  # one digit per choice


@pytest.mark.parametrize("lang", LANGUAGES)
def test_named_sets_are_valid_canonical_codes_linked_in_every_language(client, lang):
    sets = house.bundles("classic66")
    assert len(sets) == 5
    html = client.get(f"/{lang}/variants/classic66/house/").content.decode()
    for bundle in sets:
        assert house.from_code(CLASSIC, bundle.code)[1] == bundle.code
        assert set(bundle.names) == set(LANGUAGES)
        assert f'href="/{lang}/variants/classic66/house/{bundle.code}/"' in html
        assert escape(bundle.name(lang)) in html
    polish = house.from_code(CLASSIC, sets[1].code)[0]
    assert (polish.exhausted_resolution, polish.failed_close_penalty) == (
        "last_trick_wins_scaled",
        "always_three",
    )
