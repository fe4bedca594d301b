"""Tables in real browsers: friends open one link and play a whole deal by clicks, each in
a browser of their own, the moves arriving over the WebSocket (the page never reloads);
four friends at a partnership table; and a mixed table of two people and two computer seats.

pytest-django's live server speaks WSGI only, so daphne serves these from a process of
its own on an SQLite file (tables/testing.py).
"""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tables.testing import Daphne, prepare_database

pytestmark = [pytest.mark.e2e]

CARD = "#live .hand--you button.card-button"
BUTTON = "#live .your-move button[name=move]:not([value=close]):not([value=declare])"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    database = prepare_database(tmp_path_factory.mktemp("tables") / "site.sqlite3")
    server = Daphne(database, TABLES_MESSAGES_PER_SECOND="1000").start()
    yield server.url
    server.kill()


def open_table(page, site, variant, seats):
    page.goto(f"{site}/en/tables/")
    page.fill("#table-name", "Anna")
    page.select_option("#table-variant", variant)
    for i, kind in enumerate(seats, start=1):
        page.select_option(f"#table-seat{i}", kind)
    page.click("text=Open the table")
    expect(page.locator(".tables-code")).to_be_visible()
    return page.locator(".tables-link").inner_text().strip()


def sit_down(page, link, name):
    page.goto(link)
    page.fill("#sit-name", name)
    page.click("text=Sit down")
    expect(page.locator("#live")).to_be_visible()


def version(page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def play_by_clicks(pages, moves=200):
    """Click a card (or a bid) on whichever page may move until both show the result."""
    for page in pages:  # marks that survive only if no move reloads the page
        page.evaluate("window.stillHere = true")
    for _i in range(moves):
        if all(p.locator("#live .result").count() for p in pages):
            break
        mover = next(
            (p for p in pages if p.locator(CARD).count() or p.locator(BUTTON).count()), None
        )
        if mover is None:
            pages[0].wait_for_timeout(100)
            continue
        before = version(mover)
        target = mover.locator(CARD) if mover.locator(CARD).count() else mover.locator(BUTTON)
        try:
            target.first.click(timeout=5000)
        except PlaywrightTimeout:  # the table was redrawn between the look and the click
            continue  # (a late state from the server): look again at who may move
        mover.wait_for_function(
            "v => Number(document.querySelector('#live').dataset.version) > v", arg=before
        )
    else:
        raise AssertionError("the deal did not end")
    for page in pages:
        assert page.evaluate("window.stillHere === true"), "a move reloaded the page"
        expect(page.locator("#live .result")).to_be_visible()


def test_two_friends_play_a_whole_deal_through_the_link(browser, site):
    anna_ctx, bo_ctx = browser.new_context(), browser.new_context()
    anna, bo = anna_ctx.new_page(), bo_ctx.new_page()
    link = open_table(anna, site, "classic66", ["friend"])
    assert re.fullmatch(rf"{re.escape(site)}/en/tables/[A-Z0-9]{{6}}/", link)
    sit_down(bo, link, "Bo")
    expect(anna.locator("#live .hand--you .card")).to_have_count(6)  # the start reached Anna
    anna.click("#live .tables-greet button[value=luck]")
    expect(bo.locator("#live .tables-greetings")).to_contain_text("Anna: Good luck")
    play_by_clicks([anna, bo])
    expect(bo.locator("#live button[value=next]")).to_be_visible()
    anna_ctx.close()
    bo_ctx.close()


def test_a_reloaded_page_goes_on_numbering_its_messages(browser, site):
    """The server refuses a message numbered at or below the seat's last one (a replay);
    a reloaded page must go on from the seat's number, not from 1."""
    anna_ctx, bo_ctx = browser.new_context(), browser.new_context()
    anna, bo = anna_ctx.new_page(), bo_ctx.new_page()
    link = open_table(anna, site, "classic66", ["friend"])
    sit_down(bo, link, "Bo")
    for page, other, name in ((anna, bo, "Anna"), (bo, anna, "Bo")):  # each seat's message 1
        expect(page.locator("#live .hand--you .card")).to_have_count(6)
        page.click("#live .tables-greet button[value=luck]")
        expect(other.locator("#live .tables-greetings")).to_contain_text(f"{name}: Good luck")
    for page in (anna, bo):
        page.reload()
        expect(page.locator("#live .hand--you .card")).to_have_count(6)
    play_by_clicks([anna, bo])
    for page in (anna, bo):
        expect(page.locator("#live .tables-note")).to_have_count(0)  # nothing refused
    anna_ctx.close()
    bo_ctx.close()


def test_two_people_and_two_computers(browser, site):
    anna_ctx, bo_ctx = browser.new_context(), browser.new_context()
    anna, bo = anna_ctx.new_page(), bo_ctx.new_page()
    link = open_table(anna, site, "four_partnership_66", ["computer", "friend", "computer"])
    sit_down(bo, link, "Bo")
    expect(bo.locator("#live .tables-players")).to_contain_text("Anna")
    play_by_clicks([anna, bo])
    anna_ctx.close()
    bo_ctx.close()


def test_four_friends_play_a_whole_deal_through_the_link(browser, site):
    """Four people in four browsers, two against two: every seat a person, no computer."""
    contexts = [browser.new_context() for _ in range(4)]
    pages = [context.new_page() for context in contexts]
    link = open_table(pages[0], site, "four_partnership_66", ["friend", "friend", "friend"])
    for page, name in zip(pages[1:], ["Bo", "Cilla", "Dan"], strict=True):
        sit_down(page, link, name)
    names = ["Anna", "Bo", "Cilla", "Dan"]
    for seat, page in enumerate(pages):  # each sees the three others by name, itself as You
        players = page.locator("#live .tables-players li")
        expect(players).to_have_count(4)
        for other in names[:seat] + names[seat + 1 :]:
            expect(page.locator("#live .tables-players")).to_contain_text(other)
        expect(page.locator("#live .hand--you .card")).to_have_count(6)
    play_by_clicks(pages)
    for context in contexts:
        context.close()
