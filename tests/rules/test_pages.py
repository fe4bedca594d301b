"""Rules pages in every language: index, variant pages, comparison, glossary, JSON."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.html import escape
from sixtysix import get_preset, load_presets

from rules.models import RuleSection, Variant
from rules.parameters import FACT_ROWS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
SLUGS = sorted(load_presets())
MAX_QUERIES = 6


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_variant_page_shows_name_sections_and_facts_in_its_language(client, lang, slug):
    response = client.get(f"/{lang}/variants/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    variant = Variant.objects.get(slug=slug)
    assert getattr(variant, f"name_{lang}") in html
    for section in variant.sections.all():
        assert f'id="{section.key}"' in html
        assert f'href="#{section.key}"' in html
    with translation.override(lang):
        for row in FACT_ROWS:
            value = row.value(get_preset(slug).to_dict())
            if value is not None:
                assert escape(str(row.label)) in html


@pytest.mark.parametrize("slug", SLUGS)
def test_facts_table_shows_the_engine_parameters(client, slug):
    """The page's numbers come from the preset the engine plays by."""
    rules = get_preset(slug).to_dict()
    html = client.get(f"/en/variants/{slug}/").content.decode()
    assert f"{rules['hand_size']} cards each" in html
    if get_preset(slug).has_target:
        assert f"{rules['target']} card points" in html
    else:
        assert "Target" not in html  # no claim and no close: the target decides nothing
    if rules["match_direction"] == "up" and not rules["match_deals"]:
        assert f"the first to {rules['match_target']}" in html or (
            f"the first side to {rules['match_target']}" in html
        )


def test_changing_a_parameter_changes_the_page(client):
    variant = Variant.objects.get(slug="classic66")
    variant.rules = {**variant.rules, "hand_size": 7, "deal_pattern": [3, 4]}
    variant.save()
    assert "7 cards each" in client.get("/en/variants/classic66/").content.decode()


def _cells(response) -> str:
    """The page with the cells' variant names (for the phone's blocks) left out."""
    return re.sub(r' data-variant="[^"]*"', "", response.content.decode())


def test_four_hand_american_rows_follow_its_parameters(client):
    """The ten-of-trumps option and the 65-65 carry appear where the engine plays them."""
    url = "/en/compare/?v=four_hand_american&v=classic66"
    html = _cells(client.get(url))
    assert "1 extra game point goes to the winner of the next deal" in html
    row = html[html.index("Extra game point for the ten of trumps") :]
    assert row.index("<td>—</td><td>no</td>") < row.index("</tr>")  # the site's order
    variant = Variant.objects.get(slug="four_hand_american")
    variant.rules = {**variant.rules, "trump_ten_bonus": True}
    variant.save()
    html = _cells(client.get(url))
    row = html[html.index("Extra game point for the ten of trumps") :]
    assert row.index("<td>—</td><td>yes</td>") < row.index("</tr>")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variant_page_query_count_does_not_grow_with_sections(client, lang):
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/{lang}/variants/classic66/")
    few = len(queries)
    variant = Variant.objects.get(slug="schnapsen")
    for i in range(20):
        RuleSection.objects.create(
            variant=variant, key=f"extra-{i}", order=100 + i, title_en="Extra", body_en="More text."
        )
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/{lang}/variants/schnapsen/")
    assert len(queries) == few
    assert few <= MAX_QUERIES


@pytest.mark.parametrize(
    "path",
    [
        "/{lang}/",
        "/{lang}/variants/",
        "/{lang}/variants/?players=3",
        "/{lang}/glossary/",
        "/{lang}/compare/?v=classic66&v=schnapsen&v=idiot66&v=three_no_stock",
    ],
)
def test_every_page_stays_within_the_query_budget(client, path):
    for lang in LANGUAGES:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path.format(lang=lang)).status_code == 200
        assert len(queries) <= MAX_QUERIES, [q["sql"] for q in queries.captured_queries]


def test_variant_list_filters_by_players(client):
    html = client.get("/en/variants/?players=3").content.decode()
    for variant in Variant.objects.all():
        assert (f'href="/en/variants/{variant.slug}/"' in html) == (variant.players == 3)


@pytest.mark.parametrize("value", ["abc", "99", "-1", "", "2%00", "3" * 50])
def test_variant_list_ignores_a_garbage_filter(client, value):
    response = client.get("/en/variants/", {"players": value})
    assert response.status_code == 200
    assert response.content.decode().count('class="badge"') >= 2 * Variant.objects.count()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_variant_is_a_translated_404(client, lang):
    response = client.get(f"/{lang}/variants/poker/")
    assert response.status_code == 404
    with translation.override(lang):
        assert translation.gettext("Page not found") in response.content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_comparison_of_two_marks_differing_rows(client, lang):
    response = client.get(f"/{lang}/compare/", {"v": ["classic66", "schnapsen"]})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('<tr class="differs">') >= 8
    for slug in ("classic66", "schnapsen"):
        assert getattr(Variant.objects.get(slug=slug), f"name_{lang}") in html


def test_comparison_of_a_variant_with_itself_has_no_difference(client):
    response = client.get("/en/compare/", {"v": ["classic66", "classic66", "schnapsen"]})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<th scope="col"><a') == 2  # the duplicate counts once


def test_comparison_of_four_variants_has_four_columns(client):
    slugs = ["classic66", "schnapsen", "idiot66", "north_american_bid66"]
    html = client.get("/pl/compare/", {"v": slugs}).content.decode()
    assert html.count('<th scope="col"><a') == 4


@pytest.mark.parametrize(
    ("params", "message", "values"),
    [
        ({"v": ["classic66"]}, "Choose at least two variants to compare.", {}),
        ({"v": SLUGS[:5]}, "Choose at most %(max)d variants to compare.", {"max": 4}),
        (
            {"v": ["classic66", "poker"]},
            "“%(value)s” is not a variant on this site.",
            {"value": "poker"},
        ),
        (
            {"v": ["<script>alert(1)</script>", "classic66"]},
            "“%(value)s” is not a variant on this site.",
            {"value": "<script>alert(1)</script>"},
        ),
        ({"x": "1"}, "Choose at least two variants to compare.", {}),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_comparison_refuses_bad_selections_with_a_translated_message(
    client, params, message, values, lang
):
    response = client.get(f"/{lang}/compare/", params)
    assert response.status_code == 400
    html = response.content.decode()
    assert "<script>alert" not in html
    with translation.override(lang):
        expected = translation.gettext(message) % values if values else translation.gettext(message)
    if lang != "en":
        assert expected != (message % values if values else message), "untranslated"
    assert escape(expected) in html


def test_empty_comparison_shows_the_form(client):
    response = client.get("/en/compare/")
    assert response.status_code == 200
    assert 'type="checkbox"' in response.content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_shows_each_term_in_all_five_languages(client, lang):
    html = client.get(f"/{lang}/glossary/").content.decode()
    from rules.models import GlossaryTerm

    terms = list(GlossaryTerm.objects.all())
    assert len(terms) >= 30
    for term in terms:
        for code in LANGUAGES:
            assert escape(getattr(term, f"term_{code}")) in html
    # Each entry is headed by the word in the page's own language.
    first_term = html.split('<dl class="glossary">')[1].split("<dt ")[1]
    assert first_term.startswith(f'lang="{lang}"')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variant_json_is_open_data_in_the_requested_language(client, lang):
    response = client.get(f"/{lang}/variants/schnapsen.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    variant = Variant.objects.get(slug="schnapsen")
    assert data["language"] == lang
    assert data["name"] == getattr(variant, f"name_{lang}")
    assert data["rules"] == get_preset("schnapsen").to_dict()
    assert [s["key"] for s in data["sections"]] == [s.key for s in variant.sections.all()]
    assert data["sections"][0]["body"] == getattr(variant.sections.first(), f"body_{lang}")
    assert {s["id"] for s in data["sources"]} == set(variant.sources.values_list("key", flat=True))


def test_variant_json_unknown_slug_is_404(client):
    assert client.get("/en/variants/poker.json").status_code == 404


def test_prose_edited_in_the_admin_cannot_inject_script(admin_client, client):
    section = RuleSection.objects.get(variant__slug="classic66", key="overview")
    section.body_en = 'Hi <script>alert("x")</script> **bold** [QH] <img src=x onerror=alert(1)>'
    section.save()
    html = client.get("/en/variants/classic66/").content.decode()
    assert "<script>alert" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;" in html
    assert "<strong>bold</strong>" in html
    assert 'aria-label="Queen of Hearts"' in html


def test_admin_edits_prose_in_all_languages(admin_client, client):
    section = RuleSection.objects.get(variant__slug="idiot66", key="overview")
    url = f"/admin/rules/variant/{section.variant_id}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    for lang in LANGUAGES:
        assert f'name="sections-0-body_{lang}"' in page.content.decode()


@pytest.mark.parametrize("slug", SLUGS)
def test_the_compare_link_of_every_variant_page_works(client, slug):
    import re

    html = client.get(f"/en/variants/{slug}/").content.decode()
    link = re.search(r'href="(/en/compare/\?[^"]+)"', html).group(1).replace("&amp;", "&")
    assert client.get(link).status_code == 200


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_variant_pages_keep_to_the_download_budget(client, lang, slug):
    """The budget is what a reader downloads: the page, its stylesheets and scripts, gzipped
    (as WhiteNoise and the proxy serve them). A whole rules page is 14-15 kB of it today."""
    size = sum(_download(client, f"/{lang}/variants/{slug}/").values())
    assert size <= _budgets()["variant"], f"{slug} [{lang}]: {size} bytes gzipped"


def test_the_comparison_says_what_each_variant_page_says():
    """Both read the same rows: a value on the compare page is the one on the variant's page."""
    from itertools import combinations

    from rules import selectors

    variants = list(Variant.objects.all())
    facts = {v.slug: {f.id: f.value for f in selectors.variant_facts(variant=v)} for v in variants}
    for a, b in combinations(variants, 2):
        for row in selectors.variant_comparison(variants=[a, b]):
            for variant, value in zip((a, b), row.values, strict=True):
                if row.id in facts[variant.slug]:
                    assert value == facts[variant.slug][row.id], (variant.slug, row.id)


def test_no_tie_rule_where_no_deal_can_tie(client):
    """Schnapsen has no ties, so neither its page nor a comparison speaks of a replay."""
    assert not get_preset("schnapsen").ties_possible
    html = _cells(client.get("/en/compare/?v=schnapsen&v=three_no_stock"))
    row = html[html.index("Equal totals") :]
    assert row.index("<td>—</td>") < row.index("</tr>")
    idiot = client.get("/en/variants/idiot66/").content.decode()
    assert "unless the stock" not in idiot and "If nobody declares" not in idiot


def test_the_comparison_columns_follow_the_sites_order_whatever_the_urls(client):
    pages = [
        client.get("/en/compare/", {"v": order}).content.decode()
        for order in (["schnapsen", "classic66"], ["classic66", "schnapsen"])
    ]
    heads = [html[html.index("<thead") : html.index("</thead>")] for html in pages]
    assert heads[0] == heads[1]
    assert heads[0].index("Schnapsen") > heads[0].index("66")


# Weight: what readers download per page type, gzip (benchmarks/page_budgets.py)


def _budgets():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "page_budgets.py"
    spec = importlib.util.spec_from_file_location("page_budgets", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.GZIP_BUDGETS


WEIGHED_PAGES = {
    "home": "/",
    "variants index": "/variants/",
    "variant": "/variants/north_american_bid66/",
    "compare": "/compare/?v=classic66&v=schnapsen&v=idiot66&v=four_hand_american",
    "compare form": "/compare/",
    "glossary": "/glossary/",
    "tutorial index": "/tutorials/",
    "tutorial step": "/tutorials/declaring-66/14/",
    "puzzle": "/puzzles/1/",
    "practice": "/practice/four_hand_american/",
}
ASSET = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="(/static/[^"?#]+\.(?:css|js))"')


def _download(client, url):
    """The gzip bytes of the page and of each CSS and JS file it references."""
    import gzip

    from django.contrib.staticfiles import finders

    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content
    sizes = {"html": len(gzip.compress(html, compresslevel=6))}
    for ref in dict.fromkeys(ASSET.findall(html.decode())):
        found = finders.find(ref.removeprefix("/static/"))
        assert found, ref
        with open(found, "rb") as handle:
            sizes[ref] = len(gzip.compress(handle.read(), compresslevel=6))
    return sizes


@pytest.mark.parametrize("kind", sorted(WEIGHED_PAGES))
def test_each_page_type_keeps_to_its_download_budget(client, kind):
    budget = _budgets()[kind]
    for lang in ("en", "lv", "pl"):
        sizes = _download(client, f"/{lang}{WEIGHED_PAGES[kind]}")
        assert sum(sizes.values()) <= budget, (kind, lang, sum(sizes.values()), sizes)
