"""Friendly translated errors, security headers and deployment checks."""

import logging
import os
import re
import runpy
import secrets
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def translated(lang: str, message: str) -> str:
    with translation.override(lang):
        return translation.gettext(message)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["/{lang}/no-such-page/", "/{lang}/variants/no-such-variant/"])
def test_unknown_paths_give_the_translated_404(client, lang, path):
    response = client.get(path.format(lang=lang))
    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    title = translated(lang, "Page not found")
    if lang != "en":
        assert title != "Page not found", f"404 title untranslated in {lang}"
    assert title in html


@pytest.mark.parametrize("path", ["/de/", "/xx/variants/", "/no/", "/fr-fr/"])
def test_unknown_language_prefix_is_a_404_in_the_visitors_language(client, path):
    response = client.get(path, headers={"accept-language": "pl"})
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="pl">' in html
    assert translated("pl", "Page not found") in html


def test_500_page_is_friendly_and_translated(rf):
    from sixtysix_site.views import server_error

    request = rf.get("/da/")
    with translation.override("da"):
        response = server_error(request)
    assert response.status_code == 500
    html = response.content.decode()
    assert '<html lang="da">' in html
    assert translated("da", "Something went wrong") in html


@pytest.mark.parametrize("path", ["/en/", "/pl/variants/classic66/", "/nope/", "/robots.txt"])
def test_security_headers_on_every_response(client, path):
    response = client.get(path, follow=False)
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert "unsafe-eval" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_hsts_is_sent_over_https_in_production(settings):
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_SSL_REDIRECT = True
    response = Client().get("/en/", secure=True)
    assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")


def test_check_deploy_is_clean_with_production_variables():
    # Playwright's fixture switches off async safety in this process; a deployment would not.
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env |= {
        "DJANGO_SETTINGS_MODULE": "sixtysix_site.settings",
        "DEBUG": "0",
        "HTTPS": "1",
        "SECRET_KEY": "x7#Qv9!mZp2@Lr5$Wt8^Yk3&Nc6*Hb1(Gd4)Fs0-Je7+Ua9=Ro2~Ti5",
        "ALLOWED_HOSTS": "sixtysix.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNINGS" not in result.stderr + result.stdout


def test_no_missing_migrations():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_admin_sends_nothing_to_another_host(admin_client):
    html = admin_client.get("/admin/rules/variant/").content.decode()
    assert "googleapis" not in html
    assert "//cdn" not in html


def run_settings(env_overrides: dict, code: str) -> subprocess.CompletedProcess:
    """Run `code` after django.setup() with the production settings and this environment."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "SECRET_KEY", "HSTS_PRELOAD", "ADMIN_URL")
    }
    env |= {"DJANGO_SETTINGS_MODULE": "sixtysix_site.settings", **env_overrides}
    script = f"import django\ndjango.setup()\nfrom django.conf import settings\n{code}"
    return subprocess.run(  # noqa: S603 (the script is built from this file's constants)
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False
    )


PRODUCTION = {
    "DEBUG": "0",
    "HTTPS": "1",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "a.example",
}
HSTS = "print(settings.SECURE_HSTS_INCLUDE_SUBDOMAINS, settings.SECURE_HSTS_PRELOAD)"


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({}, "False False"),
        ({"HSTS_INCLUDE_SUBDOMAINS": "1"}, "True False"),
        ({"HSTS_PRELOAD": "1"}, "True True"),  # preload requires includeSubDomains
        ({"HTTPS": "0", "HSTS_PRELOAD": "1"}, "False False"),
    ],
)
def test_hsts_preload_and_subdomains_only_when_asked(extra, expected):
    result = run_settings({**PRODUCTION, **extra}, HSTS)
    assert result.stdout.strip() == expected, result.stderr


def test_hsts_header_without_preload_by_default(settings):
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = False
    settings.SECURE_HSTS_PRELOAD = False
    header = Client().get("/en/", secure=True)["Strict-Transport-Security"]
    assert header == "max-age=31536000"


def test_check_deploy_is_clean_with_hsts_preload_too():
    result = run_settings(
        {**PRODUCTION, "HSTS_PRELOAD": "1"},
        "from django.core.management import call_command\n"
        "call_command('check', deploy=True, fail_level='WARNING')",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_secret_key_in_the_source():
    root = Path(__file__).resolve().parents[2] / "sixtysix_site"
    for path in root.rglob("*.py"):
        text = path.read_text()
        assert "django-insecure" not in text, path
        assert not re.search(r"SECRET_KEY\s*=\s*['\"]", text), path


def production_settings(monkeypatch, env: dict) -> dict:
    """The production settings module run afresh in this process (as at each start), under
    `env`: what it computes at import, without a subprocess and django.setup() each time."""
    for key in ("SECRET_KEY", "SECRET_KEY_FILE", "HSTS_PRELOAD", "ADMIN_URL"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    path = Path(__file__).resolve().parents[2] / "sixtysix_site" / "settings.py"
    return runpy.run_path(str(path))


def test_without_secret_key_a_random_key_is_kept_in_a_private_file(tmp_path, monkeypatch):
    key_file = tmp_path / "state" / "secret_key"
    env = {"DEBUG": "0", "SECRET_KEY_FILE": str(key_file)}
    key = production_settings(monkeypatch, env)["SECRET_KEY"]
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(key) >= 50
    assert key == key_file.read_text().strip()
    second = production_settings(monkeypatch, env)["SECRET_KEY"]
    assert second == key  # the same key after a restart
    other_env = {**env, "SECRET_KEY_FILE": str(tmp_path / "other")}
    other = production_settings(monkeypatch, other_env)["SECRET_KEY"]
    assert other != key  # each machine gets its own


def test_an_unwritable_key_file_stops_the_start_with_a_clear_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    result = run_settings({"DEBUG": "0", "SECRET_KEY_FILE": str(blocker / "key")}, "print(1)")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_admin_url_is_configurable():
    result = run_settings(
        {**PRODUCTION, "ADMIN_URL": "/backstage/"},
        "from django.urls import Resolver404, resolve\n"
        "print(resolve('/backstage/login/').url_name)\n"
        "try:\n    resolve('/admin/login/')\nexcept Resolver404:\n    print('gone')",
    )
    assert result.stdout.split() == ["login", "gone"], result.stderr


def test_robots_txt_does_not_name_the_admin(client):
    body = client.get("/robots.txt").content.decode()
    assert "admin" not in body.lower()
    assert body.startswith("User-agent: *\nDisallow:\n")


PAGES = ["/en/", "/pl/variants/", "/da/variants/classic66/", "/nb/compare/", "/lv/glossary/"]


@pytest.mark.parametrize("method", ["put", "delete", "patch", "post"])
@pytest.mark.parametrize("path", [*PAGES, "/en/tutorials/first-deal/2/", "/robots.txt"])
def test_methods_a_page_does_not_take_are_405_with_allow(method, path):
    response = getattr(Client(enforce_csrf_checks=True), method)(path)
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


@pytest.mark.parametrize("method", ["put", "delete"])
def test_methods_the_practice_page_does_not_take_are_405(method):
    response = getattr(Client(enforce_csrf_checks=True), method)("/en/practice/classic66/")
    assert response.status_code == 405
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD", "POST"}


def test_a_post_without_csrf_token_to_a_page_that_takes_post_is_still_403():
    response = Client(enforce_csrf_checks=True).post("/pl/practice/classic66/", {"do": "new"})
    assert response.status_code == 403
    assert (
        translated(
            "pl",
            "Your browser did not send the security token of this page. Reload the page and "
            "try again.",
        )
        in response.content.decode()
    )


def test_a_short_secret_key_is_refused_outside_tests():
    result = run_settings({**PRODUCTION, "SECRET_KEY": "short"}, "print('started')")
    assert result.returncode != 0
    assert "started" not in result.stdout
    assert "50 characters" in result.stderr


def test_a_nul_in_an_admin_filter_is_a_400_not_a_500(admin_client):
    response = admin_client.get("/admin/rules/variant/", {"family": "\x00"})
    assert response.status_code == 400
    assert admin_client.get("/admin/rules/variant/", {"family": "x"}).status_code in (200, 302)


def test_a_nul_in_a_page_query_is_a_translated_400(client):
    response = client.get("/pl/compare/", {"v": "classic66\x00"})
    assert response.status_code == 400
    with translation.override("pl"):
        message = translation.gettext(
            "This address or form holds a character that no page accepts."
        )
    assert message != "This address or form holds a character that no page accepts."
    assert message in response.content.decode()


def test_a_bad_host_is_logged_once_a_minute_as_one_warning_line(client, caplog):
    host = "evil" + "x" * 3000 + ".example"
    with caplog.at_level(logging.INFO, logger="django.security.DisallowedHost"):
        for _ in range(5):
            assert client.get("/en/", HTTP_HOST=host).status_code == 400
        client.get("/en/", HTTP_HOST="other.example")
    records = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert len(records) == 2
    assert {r.levelname for r in records} == {"WARNING"}
    assert all(r.exc_info is None and len(r.getMessage()) < 200 for r in records)
