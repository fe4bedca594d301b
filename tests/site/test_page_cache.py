"""Page caching: warm pages are served from the cache, edits show at once, 304 on revalidation."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.models import RuleSection, Variant
from sixtysix_site.models import ContentVersion

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

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
