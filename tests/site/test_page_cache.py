"""Page caching: warm pages are served from the cache, edits show at once, 304 on revalidation."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from content.models import ContentVersion
from rules.models import RuleSection, Variant
from tutorial.models import Tutorial

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SLUGS = ["classic66", "schnapsen", "idiot66", "three_no_stock"]
PAGES = [
    "/en/",
    "/pl/variants/",
    "/da/variants/classic66/",
    "/lv/glossary/",
    "/nb/compare/?v=classic66&v=schnapsen",
    "/en/tutorials/",
    "/pl/tutorials/first-deal/2/",
]


@pytest.mark.parametrize("path", PAGES)
def test_a_warm_page_is_served_from_the_cache_with_an_etag(client, path):
    first = client.get(path)
    assert first.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        second = client.get(path)
    assert second.content == first.content
    assert len(queries) <= 1  # at most the content version, which each process keeps a second
    assert second["ETag"] == first["ETag"]
    assert "no-cache" in second["Cache-Control"]
    assert "Cookie" not in second.get("Vary", "")
    assert not second.cookies


@pytest.mark.parametrize("path", PAGES)
def test_revalidation_with_the_etag_gives_304(client, path):
    etag = client.get(path)["ETag"]
    response = client.get(path, headers={"if-none-match": etag})
    assert response.status_code == 304
    assert response.content == b""


def test_an_admin_edit_shows_at_once(admin_client, client):
    url = "/en/variants/classic66/"
    before = client.get(url).content.decode()
    section = RuleSection.objects.get(variant__slug="classic66", key="overview")
    admin_url = f"/admin/rules/variant/{section.variant_id}/change/"
    form = admin_client.get(admin_url).context["adminform"].form
    data = {**form.initial}
    assert "Freshly edited overview" not in before
    # Edit through the real admin form, inlines included.
    page = admin_client.get(admin_url)
    payload = {}
    for field in page.context["adminform"].form:
        payload[field.html_name] = field.value() if field.value() is not None else ""
    for formset in page.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        for field in management:
            payload[field.html_name] = field.value()
        for inline_form in formset.formset.forms:
            for field in inline_form:
                value = field.value()
                payload[field.html_name] = "" if value is None else value
    key = next(k for k, v in payload.items() if v == section.body_en)
    payload[key] = "Freshly edited overview."
    response = admin_client.post(admin_url, {k: v for k, v in payload.items() if v is not False})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert data  # the form rendered
    assert "Freshly edited overview." in client.get(url).content.decode()


def test_loading_content_bumps_the_version_once(client):
    from django.core.management import call_command

    Variant.objects.filter(slug="idiot66").update(rules={})  # so the load has rows to write
    before = ContentVersion.current()
    call_command("load_content", verbosity=0)
    assert ContentVersion.current() == before + 1


def test_a_model_save_invalidates_every_language(client):
    pages = ["/en/variants/", "/pl/variants/"]
    for page in pages:
        client.get(page)
    Variant.objects.filter(slug="idiot66").update(order=1)  # update() sends no signal
    variant = Variant.objects.get(slug="idiot66")
    variant.name_pl = "Idiota sześćdziesiąt sześć"
    variant.save()
    assert "Idiota sześćdziesiąt sześć" in client.get("/pl/variants/").content.decode()


def test_requests_with_other_query_strings_are_not_cached(client):
    client.get("/en/variants/classic66/?utm=1")
    with CaptureQueriesContext(connection) as queries:
        client.get("/en/variants/classic66/?utm=2")
    assert len(queries) > 1


def test_the_configured_cache_is_the_one_in_use():
    """With CACHE_URL=redis://… (the PostgreSQL run in CI) pages live in Redis."""
    import os

    from django.core.cache import caches

    cache = caches["default"]
    if os.environ.get("CACHE_URL", "").startswith("redis://"):
        assert type(cache).__name__ == "RedisCache"
    cache.set("probe", {"n": 1})
    assert cache.get("probe") == {"n": 1}


@pytest.mark.parametrize("path", ["/pl/variants/classic66/", "/lv/tutorials/first-deal/2/"])
def test_pages_from_the_cache_keep_their_headers(client, path):
    first = client.get(path)
    second = client.get(path)
    for header in (
        "Content-Security-Policy",
        "Content-Language",
        "X-Frame-Options",
        "Content-Type",
        "X-Content-Type-Options",
        "Referrer-Policy",
    ):
        assert second[header] == first[header], header


def test_the_cache_key_includes_the_host(client):
    client.get("/en/", headers={"host": "localhost"})
    html = client.get("/en/", headers={"host": "127.0.0.1"}).content.decode()
    assert 'hreflang="da" href="http://127.0.0.1/da/"' in html


@pytest.fixture
def stored_pages(monkeypatch):
    """The keys of the pages put into the cache during the test (any backend, Redis too)."""
    from content import page_cache

    keys = []
    real_set = page_cache.cache.set

    def spy(key, value, *args, **kwargs):
        if key.startswith("page:") and not key.startswith(("page:count:", "page:version")):
            keys.append(key)
        return real_set(key, value, *args, **kwargs)

    monkeypatch.setattr(page_cache.cache, "set", spy)
    return keys


@pytest.fixture
def sitemap_renders(monkeypatch):
    """How often the sitemap is really rendered (not served from the cache)."""
    from sixtysix_site import sitemap_view

    renders = []
    real = sitemap_view._render

    def counting(*args):
        renders.append(1)
        return real(*args)

    monkeypatch.setattr(sitemap_view, "_render", counting)
    sitemap_view._memo.clear()
    return renders


def test_the_sitemap_is_cached_with_the_pages_and_invalidated_with_them(client, sitemap_renders):
    first = client.get("/sitemap.xml")
    assert first.status_code == 200
    assert sitemap_renders == [1]
    with CaptureQueriesContext(connection) as queries:
        second = client.get("/sitemap.xml")
    assert second.content == first.content
    # besides counting the fetch in the shared store (guard.limits, in savepoints), one query
    rest = [
        q["sql"]
        for q in queries.captured_queries
        if "sixtysix_shared" not in q["sql"] and "SAVEPOINT" not in q["sql"]
    ]
    assert len(rest) <= 1, rest
    assert client.get("/sitemap.xml", headers={"if-none-match": first["ETag"]}).status_code == 304
    tutorial = Tutorial.objects.get(slug="first-deal")
    tutorial.slug = "the-first-deal"
    tutorial.save()
    xml = client.get("/sitemap.xml").content.decode()
    assert "/en/tutorials/the-first-deal/1/" in xml
    assert "/en/tutorials/first-deal/1/" not in xml
    assert len(sitemap_renders) == 2


def test_the_sitemap_is_rendered_once_whatever_the_query_or_port(client, sitemap_renders):
    first = client.get("/sitemap.xml")
    for n in range(10):
        response = client.get(
            "/sitemap.xml",
            {"junk": str(n), "p": str(n)},
            headers={"host": f"testserver:{9000 + n}"},
        )
        assert response.status_code == 200
        assert response.content == first.content
    assert sitemap_renders == [1]
    assert b"http://testserver/en/" in first.content
    assert b"testserver:9" not in first.content


def test_the_sitemap_is_sent_gzipped_to_clients_that_take_it(client, sitemap_renders):
    import gzip

    plain = client.get("/sitemap.xml")
    packed = client.get("/sitemap.xml", headers={"accept-encoding": "gzip, br"})
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 4
    assert "Accept-Encoding" in packed["Vary"]
    assert sitemap_renders == [1]


def test_junk_values_of_a_known_parameter_are_never_stored(client, stored_pages):
    url = "/en/tutorials/first-deal/2/"
    canonical = client.get(url, {"reveal": "1"})
    assert len(stored_pages) == 1
    for n in range(300):
        response = client.get(url, {"reveal": f"junk-{n}"})
        assert response.status_code == 200
        assert response.content == canonical.content
    assert len(stored_pages) == 1


def test_junk_values_served_before_the_canonical_page_are_rendered_not_stored(client, stored_pages):
    url = "/da/tutorials/first-deal/2/"
    for n in range(20):
        assert client.get(url, {"reveal": f"x{n}"}).status_code == 200
    assert stored_pages == []
    client.get(url, {"reveal": "1"})
    assert len(stored_pages) == 1


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ({"players": "03"}, {"players": "3"}),
        ({"players": ["2", "3"]}, {"players": "3"}),  # the view reads the last value
        ({"players": "99"}, {}),  # a count no variant has: the view shows them all
        ({"v": ["classic66", "classic66", "schnapsen"]}, {"v": ["classic66", "schnapsen"]}),
    ],
)
def test_equivalent_queries_share_the_canonical_entry(client, stored_pages, query, canonical):
    path = "/en/compare/" if "v" in query else "/en/variants/"
    expected = client.get(path, canonical)
    assert len(stored_pages) == 1
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, query)
    assert response.status_code == 200
    assert response.content == expected.content
    assert len(queries) <= 1
    assert len(stored_pages) == 1


@pytest.mark.parametrize(
    "query", [{"players": "abc"}, {"players": "٣"}, {"v": ["classic66", "<x>"]}, {"v": ""}]
)
def test_queries_the_cache_cannot_read_are_left_to_the_view_and_not_stored(
    client, stored_pages, query
):
    path = "/en/compare/" if "v" in query else "/en/variants/"
    assert client.get(path, query).status_code < 500
    assert stored_pages == []


PAIRS = [{"v": [a, b]} for n, a in enumerate(SLUGS) for b in SLUGS[n + 1 :]]


def test_the_number_of_stored_combinations_per_content_version_is_capped(
    client, stored_pages, settings
):
    settings.PAGE_CACHE_MAX_PAGES = 5
    for query in PAIRS:
        assert client.get("/en/compare/", query).status_code == 200
    assert len(PAIRS) > 5
    assert len(stored_pages) == 5
    # A new content version starts a new count.
    Variant.objects.get(slug="classic66").save()
    client.get("/en/compare/", PAIRS[0])
    assert len(stored_pages) == 6


def test_the_bytes_of_stored_combinations_are_capped(client, stored_pages, settings):
    size = len(client.get("/en/compare/", PAIRS[0]).content)
    stored_pages.clear()
    settings.PAGE_CACHE_MAX_BYTES = int(size * 3.5)  # the first page counted too
    for query in PAIRS[1:]:
        assert client.get("/en/compare/", query).status_code == 200
    assert len(stored_pages) == 2


def test_a_flood_of_combinations_never_keeps_the_ordinary_pages_out(client, stored_pages, settings):
    settings.PAGE_CACHE_MAX_PAGES = 2
    for query in PAIRS:
        client.get("/en/compare/", query)
    assert len(stored_pages) == 2
    paths = [f"/{lang}/variants/{slug}/" for lang in ("en", "pl") for slug in SLUGS]
    for path in paths:
        assert client.get(path).status_code == 200
    assert len(stored_pages) == 2 + len(paths)


def test_every_ordering_of_a_comparison_is_one_page_and_one_entry(client, stored_pages):
    first = client.get("/en/compare/", {"v": ["classic66", "idiot66", "schnapsen"]})
    assert first.status_code == 200
    assert len(stored_pages) == 1
    for order in (["idiot66", "schnapsen", "classic66"], ["schnapsen", "classic66", "idiot66"]):
        response = client.get("/en/compare/", {"v": order})
        assert response.content == first.content
    assert len(stored_pages) == 1


def test_the_host_headers_port_never_makes_a_new_entry(client, stored_pages):
    canonical = client.get("/en/glossary/")
    assert len(stored_pages) == 1
    for port in range(8000, 8030):
        response = client.get("/en/glossary/", headers={"host": f"testserver:{port}"})
        assert response.status_code == 200
        assert response.content == canonical.content
    assert len(stored_pages) == 1


def test_a_configured_canonical_host_keys_and_stores_the_pages(client, stored_pages, settings):
    settings.CANONICAL_HOST = "localhost"
    client.get("/en/glossary/")  # testserver is not the canonical host: rendered, not stored
    assert stored_pages == []
    html = client.get("/en/glossary/", headers={"host": "localhost"}).content.decode()
    assert len(stored_pages) == 1
    assert 'href="http://localhost/da/' in html
    assert client.get("/en/glossary/").content.decode() == html


def test_paths_that_are_no_cached_view_never_touch_the_cache_or_the_database(client, monkeypatch):
    from content import page_cache

    def refuse(*args, **kwargs):
        raise AssertionError("the page cache was asked")

    monkeypatch.setattr(page_cache, "content_version", refuse)
    for path in ("/robots.txt", "/en/tutorials/token/", "/en/no-such-page/", "/en/practice/"):
        assert client.get(path).status_code in (200, 404), path


def test_a_daily_page_is_stored_once_per_day(client, monkeypatch):
    """The home page shows the puzzle of the day: a new UTC date renders it afresh."""
    import datetime as real

    from content import page_cache
    from sixtysix_site import views

    renders = []
    daily = views.daily_puzzle
    monkeypatch.setattr(views, "daily_puzzle", lambda: renders.append(1) or daily())

    def on(day):
        now = real.datetime(2026, 12, day, 12, tzinfo=real.UTC)
        clock = type("Clock", (), {"now": staticmethod(lambda tz=None: now)})
        monkeypatch.setattr(
            page_cache, "datetime", type("M", (), {"datetime": clock, "UTC": real.UTC})
        )

    on(1)
    client.get("/en/")
    client.get("/en/")
    assert len(renders) == 1
    on(2)
    client.get("/en/")
    assert len(renders) == 2
