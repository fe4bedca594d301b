"""The site in a real browser: languages, the switcher, and axe-core accessibility checks."""

import re

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


# Settings, the colour schemes and the site-wide scripts (prefs.js, settings.js, keys.js, sound.js)

DARK_PAGES = {
    **PAGE_TYPES,
    "lesson-step": "/{lang}/tutorials/first-deal/3/",
    "practice": "/{lang}/practice/classic66/",
    "puzzle": "/{lang}/puzzles/1/",
}


def background(page):
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def open_settings(page):
    page.locator("[data-settings-open]").click()
    expect(page.locator("#settings")).to_be_visible()


def test_settings_persist_across_a_reload(site, page):
    page.goto(f"{site}/en/")
    light = background(page)
    open_settings(page)
    dialog = page.locator("#settings")
    dialog.get_by_label("Dark").check()
    dialog.get_by_label("Fast").check()
    dialog.get_by_label("Sounds").check()
    dialog.get_by_label("Before a claim").uncheck()
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Settings")).to_be_focused()
    page.reload()
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-speed", "fast")
    expect(html).to_have_attribute("data-sound", "on")
    expect(html).to_have_attribute("data-confirm-claim", "off")
    expect(html).to_have_attribute("data-confirm-close", "on")
    assert background(page) != light
    open_settings(page)
    expect(page.locator("#settings").get_by_label("Dark")).to_be_checked()
    expect(page.locator("#settings").get_by_label("Sounds")).to_be_checked()
    page.keyboard.press("Escape")
    expect(page.locator("#settings")).to_be_hidden()


def test_the_settings_panel_by_keyboard_in_polish(site, page):
    page.goto(f"{site}/pl/")
    button = page.get_by_role("button", name="Ustawienia")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#settings")
    expect(dialog.get_by_role("heading", name="Ustawienia")).to_be_visible()
    dialog.get_by_label("Ciemna").focus()
    page.keyboard.press("Space")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.keyboard.press("Escape")
    expect(button).to_be_focused()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colour_scheme_follows_the_device_without_javascript(site, browser, scheme):
    context = browser.new_context(java_script_enabled=False, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{site}/en/")
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (scheme == "dark")
    assert (background(page) == "rgb(25, 24, 21)") == dark
    expect(page.locator("[data-settings-open]")).to_be_hidden()
    context.close()


def test_the_setting_overrides_the_device_scheme(site, browser):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site}/en/")
    assert background(page) == "rgb(25, 24, 21)"
    page.evaluate("window.SixtySix.settings.set('theme', 'light')")
    assert background(page) == "rgb(251, 248, 241)"
    page.reload()
    assert background(page) == "rgb(251, 248, 241)"
    context.close()


def test_reduced_motion_makes_no_motion_the_default(site, browser):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{site}/en/")
    expect(page.locator("html")).to_have_attribute("data-speed", "off")
    page.evaluate("window.SixtySix.settings.set('speed', 'fast')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-speed", "fast")
    context.close()


@pytest.mark.parametrize("page_type", sorted(DARK_PAGES))
def test_axe_finds_no_violations_in_the_dark_scheme(site, browser, page_type):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(site + DARK_PAGES[page_type].format(lang="lv"))
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
    if page_type == "home":
        open_settings(page)
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
    context.close()


def test_a_claim_asks_first_unless_the_reader_turned_that_off(site, page):
    page.goto(f"{site}/en/")
    page.evaluate(
        """() => {
        const b = document.createElement('button');
        b.dataset.confirm = 'claim'; b.textContent = 'Claim';
        b.addEventListener('click', () => { window.claimed = (window.claimed || 0) + 1; });
        document.querySelector('main').append(b);
    }"""
    )
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.get_by_role("button", name="Claim", exact=True).click()
    assert asked == ["Claim now? The deal ends here."]
    assert page.evaluate("window.claimed || 0") == 0
    page.evaluate("window.SixtySix.settings.set('confirmClaim', false)")
    page.get_by_role("button", name="Claim", exact=True).click()
    assert len(asked) == 1
    assert page.evaluate("window.claimed || 0") == 1


def test_shortcuts_click_and_question_mark_lists_them(site, page):
    page.goto(f"{site}/en/")
    page.evaluate(
        """() => {
        const b = document.createElement('button');
        b.dataset.shortcut = 'n'; b.setAttribute('aria-label', 'Next step');
        b.addEventListener('click', () => { window.pressed = (window.pressed || 0) + 1; });
        document.querySelector('main').append(b);
        const i = document.createElement('input'); i.id = 'typing';
        document.querySelector('main').append(i);
    }"""
    )
    page.keyboard.press("n")
    page.keyboard.press("Alt+n")
    assert page.evaluate("window.pressed") == 1
    page.locator("#typing").focus()
    page.keyboard.type("n")
    assert page.evaluate("window.pressed") == 1
    page.locator("#typing").blur()
    page.keyboard.press("?")
    help_ = page.locator("#shortcuts")
    expect(help_).to_be_visible()
    expect(help_.locator("dt")).to_have_text(["n"])
    expect(help_.locator("dd")).to_have_text(["Next step"])
    page.keyboard.press("Escape")
    expect(help_).to_be_hidden()


def test_sounds_play_only_when_turned_on(site, page):
    page.goto(f"{site}/en/")
    names = ["card", "trick", "deal-end", "right", "wrong"]
    assert page.evaluate("window.SixtySix.sound.names") == names
    assert page.evaluate("window.SixtySix.sound.play('card')") is False
    page.evaluate("window.SixtySix.settings.set('sound', true)")
    for name in names:
        assert page.evaluate(f"window.SixtySix.sound.play('{name}')") is True
    assert page.evaluate("window.SixtySix.sound.play('bell')") is False


def test_the_comparison_on_a_phone_is_one_block_per_rule(site, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site}/lv/compare/?v=classic66&v=schnapsen&v=idiot66&v=four_hand_american")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    box = page.locator(".table-scroll")
    assert page.evaluate("e => e.scrollWidth - e.clientWidth", box.element_handle()) <= 0
    first = page.locator(".comparison tbody tr:not(.group-row)").first
    cells = first.locator("td")
    expect(cells).to_have_count(4)
    # The variants are listed under the rule, one under the other.
    tops = [cells.nth(i).bounding_box()["y"] for i in range(4)]
    assert tops == sorted(tops) and len(set(tops)) == 4
    assert (
        page.evaluate("e => getComputedStyle(e, '::before').content", cells.first.element_handle())
        == f'"{cells.first.get_attribute("data-variant")}"'
    )
    context.close()


def test_differences_only_works_without_javascript(site, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site}/en/compare/?v=schnapsen&v=classic66")
    every = page.locator(".comparison tbody tr:not(.group-row)").count()
    page.get_by_role("link", name="Show only the differences").click()
    expect(page).to_have_url(f"{site}/en/compare/?v=classic66&v=schnapsen&diff=1")
    rows = page.locator(".comparison tbody tr:not(.group-row)")
    assert 0 < rows.count() < every
    assert rows.count() == page.locator(".comparison tbody tr.differs").count()
    page.locator(".compare-picker > summary").click()
    page.get_by_label("Idiot-66", exact=True).check()
    page.get_by_role("button", name="Compare").click()
    expect(page).to_have_url(re.compile(r"diff=1"))
    page.get_by_role("link", name="Show all rules").click()
    expect(page).to_have_url(f"{site}/en/compare/?v=classic66&v=schnapsen&v=idiot66")
    context.close()
