"""Practice in a real browser on a phone without JavaScript: a whole deal by clicks,
take-back, hints, a claim.

Every move lands back at the table (#table), with the hand, the last action and any error
on one screen; no chore: a draw is never the only button.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from practice.sharing import share_id
from tests.e2e.table_motion import wait_until_still

# The deal every test opens, by its share id as a link opens it (practice/sharing.py).
SHARED = share_id("abcdefghjk")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# what the page offers as usable (a dimmed card is posted only by force)
MOVES = "#move-form button[name=move]:not([disabled]), button.card-button:not([aria-disabled])"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def site(live_server, content):
    return live_server.url


@pytest.fixture
def phone(browser):
    """A phone without JavaScript: the forms post and every move loads the page (the live
    table, with JavaScript, is tested in test_practice_live_browser.py)."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def on_screen(page, selector: str) -> bool:
    """The element's top edge is inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and 0 <= box["y"] < PHONE["height"]


def confirm_if_asked(page) -> None:
    if page.locator(".practice-confirm").count():
        page.locator(".practice-confirm button[name=move]").click()
        page.wait_for_load_state()


def click_a_move(page) -> None:
    """A card if the page offers cards (the first legal one), else the first button."""
    values = [
        b.get_attribute("value") for b in page.locator(MOVES).all() if b.get_attribute("value")
    ]
    assert values != ["draw"], "a draw alone is a chore"
    for k in range(len(values)):
        wait_until_still(page)
        page.locator(MOVES).nth(k).click()
        page.wait_for_load_state()
        confirm_if_asked(page)
        if page.locator(".feedback--illegal").count() == 0:
            return


def play_until_result(page, limit=120):
    clicks = 0
    while page.locator(".result").count() == 0 and clicks < limit:
        click_a_move(page)
        clicks += 1
        assert page.evaluate("location.hash") == "#table"
        assert on_screen(page, ".hand--you")
    return clicks


@pytest.mark.parametrize(("slug", "lang"), [("classic66", "en"), ("schnapsen", "pl")])
def test_a_whole_deal_by_clicks_on_a_phone(site, phone, slug, lang):
    phone.goto(f"{site}/{lang}/practice/{slug}/?deal={SHARED}")
    clicks = play_until_result(phone)
    expect(phone.locator(".result")).to_be_visible()
    assert clicks < 120
    expect(phone.locator(".practice-pad")).to_be_visible()
    phone.locator("button[name=do][value=next], button[name=do][value=new]").first.click()
    expect(phone.locator(".result")).to_have_count(0)


def test_take_back_restores_the_hand(site, phone):
    phone.goto(f"{site}/en/practice/classic66/?deal={SHARED}")
    before = phone.locator(".hand--you").inner_html()
    phone.locator("button.card-button").first.click()
    phone.wait_for_load_state()
    phone.locator("button[name=do][value=back]").click()
    phone.wait_for_load_state()
    assert phone.locator(".hand--you").inner_html() == before
    expect(phone.locator("button[name=do][value=back]")).to_have_count(0)


def test_an_error_is_on_the_same_screen_as_the_hand(site, phone):
    for deal in ("mnpqrstuva", "mnpqrstuvb", "mnpqrstuvc", "mnpqrstuvd"):
        phone.goto(f"{site}/da/practice/classic66/?deal={share_id(deal)}")
        for _ in range(40):
            if phone.locator(".result").count():
                break
            cards = phone.locator("button.card-button")
            if cards.count() == 0:
                click_a_move(phone)
                continue
            cards.last.click(force=True)  # a dimmed card too: without script it posts
            phone.wait_for_load_state()
            confirm_if_asked(phone)
            if phone.locator(".feedback--illegal").count():
                expect(phone.locator(".feedback--illegal")).to_have_attribute("role", "alert")
                assert on_screen(phone, ".feedback--illegal")
                assert on_screen(phone, ".hand--you")
                return
    pytest.fail("no refused card met")


def test_a_hint_in_each_phase(site, phone):
    phone.goto(f"{site}/en/practice/schnapsen/?deal={SHARED}")
    phone.get_by_role("link", name="Show a hint").click()
    expect(phone.locator(".hint-box")).to_be_visible()
    assert "solver" not in phone.locator(".hint-box > p").inner_text()
    # The strict phase: a deal may end before it (the computer claims early), so several.
    for deal in ("abcdefghjk", "abcdefghjm", "abcdefghjn", "abcdefghjp", "abcdefghjq"):
        if deal != "abcdefghjk":
            phone.goto(f"{site}/en/practice/schnapsen/?deal={share_id(deal)}")
        for _ in range(40):
            if phone.locator(".result").count():
                break
            if phone.locator("#table[data-phase=strict]").count():
                link = phone.get_by_role("link", name="Show a hint")
                if link.count():
                    link.click()
                    expect(phone.locator(".hint-box")).to_be_visible()
                    return
            click_a_move(phone)
    pytest.fail("no strict-phase position with a hint met")


def test_a_claim_is_confirmed(site, phone):
    """A claim that would win asks first; one below 66 is disabled with the points it lacks."""
    early = False
    for deal in ("abcdefghjk", "abcdefghjm", "abcdefghjn", "abcdefghjp"):
        phone.goto(f"{site}/en/practice/schnapsen/?deal={share_id(deal)}")
        for _ in range(30):
            if phone.locator(".result").count():
                break
            if phone.locator("#move-form button[value=declare][disabled]").count():
                expect(phone.locator(".choice-why")).to_contain_text("a claim needs 66")
                early = True
            claim = phone.locator("#move-form button[name=move][value=declare]:not([disabled])")
            if claim.count():
                claim.click()
                phone.wait_for_load_state()
                expect(phone.locator(".practice-confirm")).to_contain_text("Claim 66 now?")
                phone.locator(".practice-confirm button[name=move]").click()
                phone.wait_for_load_state()
                expect(phone.locator(".result")).to_be_visible()
                assert early, "no claim below 66 was shown disabled first"
                return
            click_a_move(phone)
    pytest.fail("no winning claim offered")


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_axe_on_practice_pages(site, page, lang):
    for path in (f"/{lang}/practice/", f"/{lang}/practice/classic66/?deal={SHARED}"):
        page.goto(site + path)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
