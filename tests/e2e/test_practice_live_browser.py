"""The live practice table in a real browser: whole deals by taps without a page load.

Every card another seat plays is seen on the table before its trick is gathered (a
MutationObserver records what lies in the trick at every change); refused cards are
dimmed and say why; under reduced motion nothing travels; the keys play a deal too.
The tests set html[data-speed=fast] (150 ms a card) to stay quick; one checks the pace
of the normal speed.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from practice.sharing import share_id
from tests.e2e.table_motion import wait_until_still

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHARED = share_id("abcdefghjk")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# Records the cards in the trick at every change, and every animation started.
WATCH = """
window.__trick = []; window.__animations = 0; window.__marker = "kept";
const animate = Element.prototype.animate;
Element.prototype.animate = function () {
  window.__animations += 1;
  return animate.apply(this, arguments);
};
document.addEventListener("DOMContentLoaded", () => {
  if (window.__speed) document.documentElement.dataset.speed = window.__speed;
  new MutationObserver(() => {
    const cards = [...document.querySelectorAll(".trick [data-card]")].map(c => c.dataset.card);
    const last = window.__trick[window.__trick.length - 1];
    if (cards.join() !== (last || []).join()) window.__trick.push(cards);
  }).observe(document.body, { childList: true, subtree: true });
});
"""


@pytest.fixture
def site(live_server, content):
    return live_server.url


def open_table(browser, site, path, viewport, *, reduced=False, speed="fast"):
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport,
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce" if reduced else "no-preference",
    )
    page = context.new_page()
    page.add_init_script(f"window.__speed = {speed!r};" + WATCH)
    page.goto(site + path)
    loads = []
    # a page load counts; a same-page change of the address (history) does not
    page.on("load", lambda loaded: loads.append(loaded.url))
    return context, page, loads


def usable_move(page, last=False):
    """The first (or last) card the rules allow, else the first enabled button."""
    card = page.locator(".hand--you .card-button:not([aria-disabled])")
    if card.count():
        return card.last if last else card.first
    return page.locator(
        "#move-form button[name=move]:not([disabled]), .practice-confirm button"
    ).first


def tap(page, control) -> list[dict]:
    """Tap and wait for the answer and its playback; the events of the answer."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        control.click()
    events = answer.value.json()["events"]
    wait_until_still(page)
    return events


def check_dimmed(page) -> bool:
    """A dimmed card says why on a tap and sends nothing; forced, the server refuses it."""
    dimmed = page.locator(".hand--you .card-button[aria-disabled=true]")
    if not dimmed.count():
        return False
    results = Axe().run(page)  # dimmed cards keep the page's accessibility
    assert results.violations_count == 0, results.generate_report()
    card = page.locator(f'.hand--you [value="{dimmed.first.get_attribute("value")}"]')
    posts = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)
    card.click(force=True)
    expect(card.locator(".card-why")).to_be_visible()
    assert not posts
    card.evaluate("b => b.removeAttribute('aria-disabled')")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        card.click()
    assert answer.value.status == 422
    wait_until_still(page)
    expect(page.locator(".feedback--illegal")).to_be_visible()
    return True


def play_deal(page, *, look_for_dimmed=False):
    events, dimmed = [], False
    for _ in range(80):
        if page.locator(".result").count():
            break
        if look_for_dimmed and not dimmed:
            dimmed = check_dimmed(page)
        events += tap(page, usable_move(page, last=look_for_dimmed))
    expect(page.locator(".result")).to_be_visible()
    return events, dimmed


def tricks_of(events):
    tricks, current = [], []
    for e in events:
        if e["type"] == "play":
            current.append(e["card"])
        elif e["type"] == "trick":
            tricks.append(current)
            current = []
    return tricks


def assert_each_trick_stood_whole(page, events) -> None:
    seen = page.evaluate("window.__trick")
    tricks = tricks_of(events)
    assert tricks
    for trick in tricks:
        assert any(set(trick) <= set(snapshot) for snapshot in seen), trick


@pytest.mark.parametrize(
    ("slug", "viewport"),
    [("classic66", PHONE), ("three_all_play", DESKTOP), ("four_partnership_66", PHONE)],
    ids=["two-phone", "three-desktop", "four-phone"],
)
def test_a_whole_deal_by_taps_without_a_page_load(site, browser, slug, viewport):
    context, page, loads = open_table(
        browser, site, f"/en/practice/{slug}/?deal={SHARED}", viewport
    )
    try:
        events, dimmed = play_deal(page, look_for_dimmed=slug == "classic66")
        assert loads == []
        assert page.evaluate("location.search") == ""  # a reload shows this game, not the deal
        assert page.evaluate("window.__marker") == "kept"
        assert_each_trick_stood_whole(page, events)
        assert any(e["type"] == "play" and e["seat"] != 0 for e in events)
        if slug == "classic66":
            assert dimmed, "no dimmed card met in this deal"
        expect(page.locator(".practice-pad")).to_be_visible()
        tap(page, page.locator("button[name=do]").first)  # next deal, still no load
        expect(page.locator(".result")).to_have_count(0)
        assert loads == []
    finally:
        context.close()


def test_each_card_of_the_others_at_the_normal_pace(site, browser):
    context, page, _loads = open_table(
        browser, site, f"/en/practice/three_all_play/?deal={SHARED}", DESKTOP, speed="normal"
    )
    try:
        page.evaluate(
            "window.__times = []; new MutationObserver(() => window.__times.push("
            "[document.querySelectorAll('.trick [data-card]').length, performance.now()]))"
            ".observe(document.querySelector('.practice'), {childList: true, subtree: true})"
        )
        tap(page, usable_move(page))
        times = page.evaluate("window.__times")
        firsts = {}
        for count, at in times:
            firsts.setdefault(count, at)
        assert {1, 2, 3} <= set(firsts)
        assert firsts[3] - firsts[2] >= 300 and firsts[2] - firsts[1] >= 300
    finally:
        context.close()


def test_reduced_motion_moves_nothing_and_still_shows_each_card(site, browser):
    # the site's own default under reduced motion (prefs.js: speed "off")
    context, page, loads = open_table(
        browser, site, f"/en/practice/three_all_play/?deal={SHARED}", PHONE, reduced=True, speed=""
    )
    try:
        assert page.evaluate("document.documentElement.dataset.speed") == "off"
        events = []
        for _ in range(3):
            events += tap(page, usable_move(page))
        assert page.evaluate("window.__animations") == 0
        assert_each_trick_stood_whole(page, events)
        assert loads == []
    finally:
        context.close()


def test_a_deal_by_keyboard_alone(site, browser):
    context, page, loads = open_table(
        browser, site, f"/en/practice/classic66/?deal={SHARED}", DESKTOP
    )
    try:
        for _ in range(40):
            if page.locator(".result").count():
                break
            # a card by its key; a confirmation or a choice without cards has the focus
            key = "1" if page.locator('[data-shortcut="1"]').count() else "Enter"
            with page.expect_response(lambda r: r.request.method == "POST"):
                page.keyboard.press(key)
            wait_until_still(page)
            focused = page.evaluate("document.activeElement.closest('.practice') !== null")
            assert focused, "focus left the table"
        expect(page.locator(".result")).to_be_visible()
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.keyboard.press("n")
        wait_until_still(page)
        expect(page.locator(".result")).to_have_count(0)
        assert loads == []
    finally:
        context.close()
