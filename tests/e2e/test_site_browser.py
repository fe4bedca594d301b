"""The site in a real browser: languages, the switcher, and axe-core accessibility checks."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
PAGE_TYPES = {
    "home": "/{lang}/",
    "variants": "/{lang}/variants/",
    "variant": "/{lang}/variants/classic66/",
    "variant-bidding": "/{lang}/variants/north_american_bid66/",
    "compare": "/{lang}/compare/?v=classic66&v=schnapsen&v=idiot66",
    "glossary": "/{lang}/glossary/",
}
AXE = Axe()


@pytest.fixture
def site(live_server, content):
    return live_server.url


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_opens_in_each_language(site, page, lang):
    page.goto(f"{site}/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator(".language-switcher [aria-current]")).to_have_attribute("hreflang", lang)


def test_switcher_moves_between_languages_on_the_same_page(site, page):
    page.goto(f"{site}/lv/variants/schnapsen/")
    for lang, name in [
        ("nb", "Norsk bokmål"),
        ("pl", "Polski"),
        ("da", "Dansk"),
        ("en", "English"),
        ("lv", "Latviešu"),
    ]:
        page.locator(".language-switcher").get_by_role("link", name=name, exact=True).click()
        expect(page).to_have_url(f"{site}/{lang}/variants/schnapsen/")
        expect(page.locator("html")).to_have_attribute("lang", lang)


def test_root_redirects_a_norwegian_browser_to_bokmal(site, browser):
    context = browser.new_context(locale="nn-NO")
    page = context.new_page()
    page.goto(f"{site}/")
    expect(page).to_have_url(f"{site}/nb/")
    context.close()


def test_comparison_works_without_javascript(site, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site}/en/compare/")
    page.get_by_label("Sixty-Six", exact=True).check()
    page.get_by_label("Schnapsen", exact=True).check()
    page.get_by_role("button", name="Compare").click()
    expect(page).to_have_url(f"{site}/en/compare/?v=classic66&v=schnapsen")
    expect(page.locator("tr.differs").first).to_be_visible()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_type", sorted(PAGE_TYPES))
def test_axe_finds_no_violations(site, page, lang, page_type):
    page.goto(site + PAGE_TYPES[page_type].format(lang=lang))
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("width", [390, 1280])
def test_pages_fit_the_screen_without_sideways_scrolling(site, page, width):
    page.set_viewport_size({"width": width, "height": 800})
    for lang in LANGUAGES:
        for path in ("/{lang}/", "/{lang}/variants/classic66/"):
            page.goto(site + path.format(lang=lang))
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path.format(lang=lang)} at {width}px"
