"""Language prefixes, the root redirect, the switcher and hreflang on every page."""

import re

import pytest
from django.test import RequestFactory

from sixtysix_site.middleware import NorwegianAcceptLanguageMiddleware

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
PAGES = [
    "/{lang}/",
    "/{lang}/variants/",
    "/{lang}/variants/classic66/",
    "/{lang}/compare/",
    "/{lang}/compare/?v=classic66&v=schnapsen",
    "/{lang}/glossary/",
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_page_returns_200_with_its_language(client, page, lang):
    response = client.get(page.format(lang=lang))
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in response.content.decode()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("da", "/da/"),
        ("da-DK,da;q=0.9", "/da/"),
        ("pl-PL", "/pl/"),
        ("lv", "/lv/"),
        ("nb", "/nb/"),
        ("nb-NO", "/nb/"),
        ("no", "/nb/"),
        ("no-NO", "/nb/"),
        ("nn", "/nb/"),
        ("nn-NO", "/nb/"),
        ("de-DE,no;q=0.5", "/nb/"),
        ("fr-FR", "/en/"),
        ("", "/en/"),
    ],
)
def test_root_redirects_by_accept_language(client, header, expected):
    response = client.get("/", headers={"accept-language": header} if header else {})
    assert response.status_code == 302
    assert response.headers["Location"] == expected


def test_norwegian_middleware_keeps_quality_values():
    request = RequestFactory().get("/", headers={"accept-language": "en;q=0.9, nn-NO;q=0.8"})
    NorwegianAcceptLanguageMiddleware(lambda r: None)(request)
    assert request.META["HTTP_ACCEPT_LANGUAGE"] == "en;q=0.9, nb;q=0.8"


def switcher_links(html: str) -> dict[str, str]:
    nav = re.search(r'<nav class="language-switcher".*?</nav>', html, re.S).group(0)
    return dict(
        (code, href) for href, code in re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', nav)
    )


@pytest.mark.parametrize("page", PAGES)
def test_switcher_links_lead_to_the_same_page_in_each_language(client, page):
    html = client.get(page.format(lang="lv")).content.decode()
    links = switcher_links(html)
    assert links == {lang: page.format(lang=lang).replace("&", "&amp;") for lang in LANGUAGES}
    for lang, href in links.items():
        response = client.get(href.replace("&amp;", "&"))
        assert response.status_code == 200
        assert f'<html lang="{lang}">' in response.content.decode()


def test_switcher_marks_current_language_and_uses_local_names(client):
    html = client.get("/pl/").content.decode()
    nav = re.search(r'<nav class="language-switcher".*?</nav>', html, re.S).group(0)
    # Each link carries the language's own name (read out; shown where there is room) and
    # its code (shown in the one-row desktop header).
    current = 'hreflang="pl" lang="pl" aria-current="true"><span class="lang-name">Polski</span>'
    assert current in nav
    for name, code in (
        ("English", "EN"),
        ("Dansk", "DA"),
        ("Norsk bokmål", "NB"),
        ("Latviešu", "LV"),
    ):
        assert f'<span class="lang-name">{name}</span>' in nav
        assert f'<span class="lang-code" aria-hidden="true">{code}</span>' in nav
    assert nav.count("aria-current") == 1


@pytest.mark.parametrize("page", PAGES)
def test_hreflang_set_is_complete(client, page):
    html = client.get(page.format(lang="da")).content.decode()
    alternates = dict(
        re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html)
    )
    assert set(alternates) == {*LANGUAGES, "x-default"}
    assert alternates["x-default"] == alternates["en"]
    for lang in LANGUAGES:
        assert alternates[lang].startswith(f"http://testserver/{lang}/")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_a_meta_description_and_viewport(client, lang):
    for page in PAGES:
        html = client.get(page.format(lang=lang)).content.decode()
        assert re.search(r'<meta name="description" content="[^"]{20,}">', html), page
        assert '<meta name="viewport"' in html


def test_sitemap_lists_every_language_with_alternates(client):
    xml = client.get("/sitemap.xml").content.decode()
    for lang in LANGUAGES:
        assert f"<loc>http://testserver/{lang}/variants/classic66/</loc>" in xml
        assert f'hreflang="{lang}" href="http://testserver/{lang}/"' in xml
    assert 'hreflang="x-default"' in xml


def test_robots_txt_names_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert "Sitemap: http://testserver/sitemap.xml" in response.content.decode()
