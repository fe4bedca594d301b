"""Practice in a real browser: a complete deal played with clicks, and the keyboard."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MOVES = "#move-form button[name=move], button.card-button"


@pytest.fixture
def site(live_server, content):
    return live_server.url


def play_until_result(page, limit=200):
    clicks = 0
    while page.locator(".result").count() == 0 and clicks < limit:
        buttons = page.locator(MOVES)
        values = [buttons.nth(k).get_attribute("value") for k in range(buttons.count())]
        order = sorted(
            range(len(values)),
            key=lambda k: (values[k] != "draw", not values[k].startswith("play-")),
        )
        for k in order:
            page.locator(MOVES).nth(k).click()
            clicks += 1
            page.wait_for_load_state()
            if page.locator(".feedback--illegal").count() == 0:
                break
    return clicks


@pytest.mark.parametrize(("slug", "lang"), [("classic66", "en"), ("schnapsen", "pl")])
def test_a_complete_deal_with_clicks(site, page, slug, lang):
    page.goto(f"{site}/{lang}/practice/{slug}/?seed=31337")
    clicks = play_until_result(page)
    expect(page.locator(".result")).to_be_visible()
    assert clicks < 200
    page.locator("button[name=do][value=next], button[name=do][value=new]").first.click()
    expect(page.locator(".result")).to_have_count(0)


def meet_a_refusal(page) -> bool:
    """Keep leading the first card (every card is legal in the open phase) until the
    strict phase refuses one; False when the deal ends first."""
    for _ in range(60):
        if page.locator(".result").count():
            return False
        buttons = page.locator("button.card-button")
        if buttons.count() == 0:
            page.locator(MOVES).first.click()
            continue
        buttons.first.click()
        if page.locator(".feedback--illegal").count():
            return True
    return False


def test_an_illegal_click_is_explained_and_announced(site, page):
    for seed in range(8, 28):
        page.goto(f"{site}/da/practice/classic66/?seed={seed}")
        if meet_a_refusal(page):
            break
    expect(page.locator(".feedback--illegal")).to_have_attribute("role", "alert")


def test_the_game_is_playable_by_keyboard(site, page):
    page.goto(f"{site}/en/practice/schnapsen/?seed=5")
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.name || ''")
        if focused == "move":
            break
    assert page.evaluate("document.activeElement.name") == "move"
    before = page.locator(".hand--you .card").count()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    assert page.locator(".hand--you .card").count() <= before


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_axe_on_practice_pages(site, page, lang):
    for path in (f"/{lang}/practice/", f"/{lang}/practice/classic66/?seed=3"):
        page.goto(site + path)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
