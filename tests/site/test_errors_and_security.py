"""Friendly translated errors, security headers and deployment checks."""

import os
import subprocess
import sys

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
