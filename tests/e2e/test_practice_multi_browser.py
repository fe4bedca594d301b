"""Three and four at the table in a real browser: a deal played by clicks, on a phone too.

Seats sit left, across and right of the reader; every move lands back at the table with the
hand and the last action on one screen. Screenshots (phone and desktop, the bidding too)
go to $SCREENSHOTS (default: the test's tmp dir) for a person to look at.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from practice.sharing import share_id
from tests.e2e.table_motion import wait_until_still

# The deal every test opens, by its share id as a link opens it (practice/sharing.py).
SHARED = share_id("abcdefghjk")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# what the page offers as usable (a dimmed card is posted only by force)
MOVES = "#move-form button[name=move]:not([disabled]), button.card-button:not([aria-disabled])"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def site(live_server, content):
    return live_server.url


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser, viewport):
    phone = viewport == PHONE
    # without JavaScript: the forms flow (the live table: test_practice_live_browser.py)
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, java_script_enabled=False
    )
    return context, context.new_page()


def on_screen(page, selector: str, height: int) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and 0 <= box["y"] < height


def click_a_move(page) -> None:
    """The first move the page offers that the rules allow (refusals are explained)."""
    count = page.locator(MOVES).count()
    assert count, "no move offered"
    for k in range(count):
        wait_until_still(page)
        page.locator(MOVES).nth(k).click()
        page.wait_for_load_state()
        if page.locator(".practice-confirm").count():
            page.locator(".practice-confirm button[name=move]").click()
            page.wait_for_load_state()
        if page.locator(".feedback--illegal").count() == 0:
            return
        expect(page.locator(".feedback--illegal")).to_be_visible()
    raise AssertionError("every offered move was refused")


def play_until_result(page, height, limit=80) -> int:
    clicks = 0
    while page.locator(".result").count() == 0 and clicks < limit:
        click_a_move(page)
        clicks += 1
        assert page.evaluate("location.hash") == "#table"
        if page.locator(".result").count() == 0:
            assert on_screen(page, ".hand--you", height)
            assert on_screen(page, ".practice-news", height)
    return clicks


CASES = [
    ("three_all_play", "da", 3),
    ("three_dealer_out", "en", 3),
    ("four_double_pack_101", "nb", 4),
    ("four_partnership_66", "lv", 4),
]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(("slug", "lang", "players"), CASES)
def test_a_deal_for_three_or_four_by_clicks(site, browser, shots, viewport, slug, lang, players):
    context, page = new_page(browser, viewport)
    try:
        page.goto(f"{site}/{lang}/practice/{slug}/?deal={SHARED}")
        expect(page.locator(".seat--other")).to_have_count(players - 1)
        expect(page.locator(".seat--left")).to_have_count(1)
        expect(page.locator(".seat--right")).to_have_count(1)
        expect(page.locator(".seat--across")).to_have_count(1 if players == 4 else 0)
        if players == 4:
            expect(page.locator(".seat--across.seat--partner")).to_have_count(1)
        name = f"{slug}-{lang}-{viewport['width']}"
        page.screenshot(path=shots / f"{name}-start.png", full_page=False)
        click_a_move(page)
        page.screenshot(path=shots / f"{name}-trick.png", full_page=False)
        clicks = play_until_result(page, viewport["height"])
        expect(page.locator(".result")).to_be_visible()
        assert clicks < 80
        expect(page.locator(".practice-pad")).to_be_visible()
        page.screenshot(path=shots / f"{name}-end.png", full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_bidding_by_clicks(site, browser, shots, viewport, lang):
    context, page = new_page(browser, viewport)
    try:
        page.goto(f"{site}/{lang}/practice/north_american_bid66/?deal={SHARED}")
        expect(page.locator("button.card-button")).to_have_count(0)  # bid first
        expect(page.locator("#move-form button[value=pass]")).to_be_visible()
        page.screenshot(path=shots / f"bid66-{lang}-{viewport['width']}-bidding.png")
        page.locator("#move-form button[value=pass]").click()
        page.wait_for_load_state()
        expect(page.locator(".practice-bidding")).to_be_visible()
        page.screenshot(path=shots / f"bid66-{lang}-{viewport['width']}-contract.png")
        if page.locator(".result").count() == 0:
            play_until_result(page, viewport["height"])
        expect(page.locator(".result")).to_be_visible()
    finally:
        context.close()


def test_naming_trumps_by_clicks(site, browser, shots):
    context, page = new_page(browser, PHONE)
    try:
        page.goto(f"{site}/nb/practice/three_no_stock/?deal={SHARED}")
        trumps = page.locator("#move-form button[value^=trump]")
        expect(trumps.first).to_be_visible()
        page.screenshot(path=shots / "three_no_stock-nb-390-trumps.png")
        trumps.first.click()
        page.wait_for_load_state()
        expect(page.locator(".trump")).to_be_visible()
        expect(page.locator("button.card-button").first).to_be_visible()
    finally:
        context.close()
