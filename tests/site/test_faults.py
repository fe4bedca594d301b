"""With the database down or read-only: what needs no database is served, the rest is a 503."""

import contextlib

import pytest
from django.db import InternalError, OperationalError, connection
from django.utils import translation

from content import page_cache
from rules.models import GlossaryTerm

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
UNCACHED = ["/{lang}/practice/", "/{lang}/practice/classic66/", "/{lang}/tutorials/first-deal/"]


@contextlib.contextmanager
def database(state: str):
    """Every query fails as it does when the server is gone, or every write as on a standby."""
    seen = []

    def fail(execute, sql, params, many, context):
        seen.append(sql)
        if state == "down":
            raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise InternalError("cannot execute this statement in a read-only transaction")
        return execute(sql, params, many, context)

    page_cache.forget_content_version()  # as a process that has not asked yet
    with connection.execute_wrapper(fail):
        yield seen


def translated(lang: str, message: str) -> str:
    with translation.override(lang):
        return translation.gettext(message)


def test_robots_txt_needs_no_database(client):
    with database("down") as queries:
        response = client.get("/robots.txt")
    assert response.status_code == 200
    assert "Sitemap:" in response.content.decode()
    assert queries == []


def test_static_files_need_no_database(client):
    with database("down") as queries:
        response = client.get("/static/css/site.css")
    assert response.status_code == 200
    assert b"".join(response.streaming_content)
    assert queries == []


@pytest.mark.parametrize("path", ["/en/", "/pl/variants/classic66/", "/sitemap.xml"])
def test_cached_pages_are_served_while_the_database_is_down(client, path):
    warm = client.get(path)
    assert warm.status_code == 200
    with database("down"):
        response = client.get(path)
    assert response.status_code == 200
    assert response.content == warm.content


def test_a_fresh_process_finds_the_content_version_in_the_cache(client):
    warm = client.get("/da/glossary/")
    page_cache._version["number"] = None  # a worker started after the database went away
    with database("down"):
        response = client.get("/da/glossary/")
    assert response.status_code == 200
    assert response.content == warm.content


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", [*UNCACHED, "/{lang}/variants/"])
def test_other_pages_answer_a_translated_503_with_retry_after(client, path, lang):
    with database("down"):
        response = client.get(path.format(lang=lang))
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert response["Cache-Control"] == "no-store"
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    title = translated(lang, "Back in a moment")
    if lang != "en":
        assert title != "Back in a moment", f"503 title untranslated in {lang}"
    assert title in html


def test_a_503_is_never_stored_in_the_page_cache(client):
    client.get("/en/")  # the version is known, from this process and from the cache
    with database("down"):
        assert client.get("/nb/compare/").status_code == 503
    html = client.get("/nb/compare/").content.decode()
    assert translated("nb", "Back in a moment") not in html
    assert 'name="v"' in html


def test_a_write_refused_by_a_read_only_database_is_a_503(admin_client):
    term = GlossaryTerm.objects.order_by("pk").first()
    url = f"/admin/rules/glossaryterm/{term.pk}/delete/"
    assert admin_client.get(url).status_code == 200
    with database("read-only") as queries:
        response = admin_client.post(url, {"post": "yes"})
    assert response.status_code == 503
    assert any(sql.lstrip().upper().startswith(("INSERT", "DELETE")) for sql in queries)
    assert GlossaryTerm.objects.filter(pk=term.pk).exists()


def test_the_admin_with_the_database_down_is_a_503(admin_client):
    with database("down"):
        assert admin_client.get("/admin/").status_code == 503


def test_reading_pages_on_a_read_only_database_works(client):
    with database("read-only"):
        for path in ("/en/", "/lv/tutorials/first-deal/2/", "/pl/practice/classic66/"):
            assert client.get(path).status_code == 200, path


def test_a_failure_outside_the_view_is_a_503_too(rf):
    """handler500 sees the exception a middleware raised (a session save, say)."""
    from sixtysix_site.views import server_error

    request = rf.get("/pl/")
    with translation.override("pl"):
        try:
            raise OperationalError("server closed the connection unexpectedly")
        except OperationalError:
            response = server_error(request)
    assert response.status_code == 503
    assert translated("pl", "Back in a moment") in response.content.decode()


def test_other_database_errors_stay_500s(rf):
    from django.db import IntegrityError

    from sixtysix_site.views import server_error

    try:
        raise IntegrityError("duplicate key")
    except IntegrityError:
        response = server_error(rf.get("/en/"))
    assert response.status_code == 500


def test_a_cache_that_is_down_does_not_take_the_pages_with_it(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("get", "set", "add", "incr"):
        monkeypatch.setattr(page_cache.cache, name, refuse)
    for path in ("/en/", "/da/variants/classic66/", "/sitemap.xml"):
        assert client.get(path).status_code == 200, path
