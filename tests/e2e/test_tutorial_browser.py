"""Lessons in a real browser: keyboard and click stepping, "your move" that plays the card and
moves on, Skip, stars kept after a reload (on a phone too), axe."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from sixtysix import Action

from tests.e2e.table_motion import wait_until_still
from tutorial.models import TutorialStep

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Axe()


@pytest.fixture
def site(live_server, content):
    return live_server.url


def step_count(slug):
    return TutorialStep.objects.filter(tutorial__slug=slug).count()


@pytest.mark.parametrize(
    ("slug", "lang"), [("first-deal", "da"), ("marriages", "pl"), ("closing", "lv")]
)
def test_step_through_with_the_keyboard(site, page, slug, lang):
    total = step_count(slug)
    page.goto(f"{site}/{lang}/tutorials/{slug}/1/")
    for number in range(2, total + 1):
        page.locator("#tutorial[data-ready]").wait_for()
        page.keyboard.press("ArrowRight")
        expect(page).to_have_url(f"{site}/{lang}/tutorials/{slug}/{number}/")
    page.locator("#tutorial[data-ready]").wait_for()
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(f"{site}/{lang}/tutorials/{slug}/{total - 1}/")


@pytest.mark.parametrize(("slug", "lang"), [("strict-phase", "en"), ("schnapsen", "nb")])
def test_step_through_with_clicks(site, page, slug, lang):
    total = step_count(slug)
    page.goto(f"{site}/{lang}/tutorials/{slug}/1/")
    for number in range(2, total + 1):
        page.locator('.step-nav a[rel="next"]').click()
        expect(page).to_have_url(f"{site}/{lang}/tutorials/{slug}/{number}/")
        expect(page.locator(".step-counter")).to_contain_text(str(number))


def first_ask_step(slug):
    return TutorialStep.objects.filter(tutorial__slug=slug).exclude(ask=[]).order_by("number")[0]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_your_move_wrong_then_right(site, page, lang):
    step = first_ask_step("marriages")
    wrong_key = next(iter(step.wrong["en"]))
    page.goto(f"{site}/{lang}/tutorials/marriages/{step.number}/")
    page.locator("#tutorial[data-ready]").wait_for()
    page.locator(f'[data-move="{wrong_key}"]').click()
    feedback = page.locator("#feedback")
    expect(feedback).to_have_class("feedback feedback--wrong")
    expect(feedback).to_contain_text(step.wrong[lang][wrong_key].split()[0].strip("*[]"))
    right = step.ask[0]
    key = {"play": f"play-{right.get('card')}", "meld": f"meld-{right.get('suit')}"}.get(
        right["type"], right["type"]
    )
    page.locator(f'[data-move="{key}"]').click()
    expect(feedback).to_have_class("feedback feedback--correct")
    # The lesson moves on by itself after a short pause.
    expect(page).to_have_url(f"{site}/{lang}/tutorials/marriages/{step.number + 1}/")


def test_an_illegal_move_is_explained(site, page):
    step = first_ask_step("strict-phase")
    page.goto(f"{site}/en/tutorials/strict-phase/{step.number}/")
    page.locator("#tutorial[data-ready]").wait_for()
    choices = page.locator(".hand--you .card-choice")
    legal_key = step.ask[0].get("card")
    for index in range(choices.count()):
        key = choices.nth(index).get_attribute("data-move")
        if key != f"play-{legal_key}":
            choices.nth(index).click()
            break
    expect(page.locator("#feedback")).to_have_class(
        __import__("re").compile(r"feedback--(illegal|wrong)")
    )


def test_your_move_works_without_javascript(site, browser):
    step = first_ask_step("first-deal")
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site}/en/tutorials/first-deal/{step.number}/")
    right = step.ask[0]
    page.locator(f'[data-move="play-{right["card"]}"]').click()
    expect(page.locator("#feedback")).to_have_class("feedback feedback--correct")
    context.close()


def move_key(step):
    return Action.from_dict({**step.ask[0], "player": step.tutorial.you}).key()


def expected_stars(right, asks):
    return 3 if right == asks else 2 if 3 * right >= 2 * asks else 1


def play_lesson(page, site, slug, lang="en", skip=(), check_motion=False):
    """Play a lesson from step 1 by clicks: the right move at each asking step (or Skip for
    the step numbers in `skip`), Next elsewhere."""
    steps = list(TutorialStep.objects.filter(tutorial__slug=slug).order_by("number"))
    page.goto(f"{site}/{lang}/tutorials/{slug}/1/")
    for step in steps[:-1]:
        page.locator("#tutorial[data-ready]").wait_for()
        wait_until_still(page)
        nxt = page.locator('.step-nav a[rel="next"]')
        if step.ask and step.number not in skip:
            expect(nxt).to_have_text(re.compile("Skip") if lang == "en" else re.compile("."))
            control = page.locator(f'[data-move="{move_key(step)}"]')
            control.click()
            feedback = page.locator("#feedback")
            # the check is a request to the server: a loaded CI machine may take a while
            expect(feedback).to_have_class("feedback feedback--correct", timeout=15_000)
            expect(feedback).to_be_in_viewport()
            if check_motion and step.ask[0]["type"] == "play":
                # The card leaves the hand for the trick before the page moves on.
                page.wait_for_function(
                    """() => { const c = document.querySelector('.card-choice--played .card');
                               return c && getComputedStyle(c).transform !== 'none'; }"""
                )
        else:
            nxt.click()
        expect(page).to_have_url(f"{site}/{lang}/tutorials/{slug}/{step.number + 1}/")
    page.locator("#tutorial[data-ready]").wait_for()
    return steps


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=str
)
def test_a_lesson_played_by_clicks_earns_stars_kept_after_a_reload(site, browser, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    play_lesson(page, site, "first-deal", check_motion=True)
    earned = page.locator(".lesson-end .lesson-stars")
    expect(earned).to_have_attribute("data-stars", "3")
    expect(page.locator(".lesson-end")).to_contain_text("Next lesson")
    page.goto(f"{site}/en/tutorials/")
    stars = page.locator('[data-tutorial="first-deal"] .progress')
    expect(stars).to_have_attribute("data-stars", "3")
    page.reload()
    expect(stars).to_have_attribute("data-stars", "3")
    expect(stars).to_contain_text("3 of 3 stars")
    context.close()


def test_skip_counts_as_skipped(site, page):
    asks = [
        s.number
        for s in TutorialStep.objects.filter(tutorial__slug="marriages")
        .exclude(ask=[])
        .order_by("number")
    ]
    play_lesson(page, site, "marriages", skip={asks[0]})
    stars = str(expected_stars(len(asks) - 1, len(asks)))
    expect(page.locator(".lesson-end .lesson-stars")).to_have_attribute("data-stars", stars)
    page.goto(f"{site}/en/tutorials/")
    expect(page.locator('[data-tutorial="marriages"] .progress')).to_have_attribute(
        "data-stars", stars
    )


def test_progress_can_be_reset(site, page):
    step = first_ask_step("first-deal")
    page.goto(f"{site}/en/tutorials/first-deal/{step.number}/")
    page.locator("#tutorial[data-ready]").wait_for()
    page.locator('.step-nav a[rel="next"]').click()  # Skip: an answer is recorded
    page.goto(f"{site}/en/tutorials/")
    progress = page.locator('[data-tutorial="first-deal"] .progress')
    expect(progress).to_be_visible()
    expect(progress).to_contain_text("1")
    page.goto(f"{site}/en/tutorials/first-deal/3/")
    page.locator("#tutorial[data-ready]").wait_for()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".reset-progress").click()
    page.goto(f"{site}/en/tutorials/")
    expect(progress).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_axe_on_tutorial_pages(site, page, lang):
    step = first_ask_step("closing")
    for path in (
        f"/{lang}/tutorials/",
        f"/{lang}/tutorials/closing/{step.number}/",
        f"/{lang}/tutorials/first-deal/3/",
        f"/{lang}/tutorials/first-deal/{step_count('first-deal')}/",  # the lesson's ending
    ):
        page.goto(site + path)
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_played_cards_move_to_the_trick_unless_motion_is_reduced(site, browser, motion):
    """Step 4 -> 5 of the first deal: your card comes from your hand, the reply from the
    opponent's seat; each move is short, and none run when the reader asks for less motion."""
    step = first_ask_step("first-deal")
    context = browser.new_context(reduced_motion=motion)
    page = context.new_page()
    # Record every animation as it starts: a short one may be over before the test looks.
    page.add_init_script(
        """window.moves = [];
           const animate = Element.prototype.animate;
           Element.prototype.animate = function (frames, timing) {
             window.moves.push([this.dataset.card, timing.duration]);
             return animate.call(this, frames, timing);
           };"""
    )
    page.goto(f"{site}/en/tutorials/first-deal/{step.number}/")
    page.locator('.step-nav a[rel="next"]').click()
    expect(page).to_have_url(f"{site}/en/tutorials/first-deal/{step.number + 1}/")
    page.locator("#tutorial[data-ready]").wait_for()
    moving = page.evaluate("window.moves")
    if motion == "reduce":
        assert moving == []
    else:
        played = {code for code, _ in moving}
        trick = set(
            page.locator(".trick .card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert trick and trick <= played
        assert all(duration <= 300 for _, duration in moving)
    context.close()


# One screen on a phone and on a laptop; a lesson by keyboard only

BOX = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                  return [r.top, r.bottom, r.left, r.right]; }"""


def assert_in_view(page, viewport, *selectors):
    for selector in selectors:
        top, bottom, left, right = page.evaluate(BOX, selector)
        assert top >= 0 and bottom <= viewport["height"], (selector, top, bottom)
        assert left >= 0 and right <= viewport["width"], (selector, left, right)


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}], ids=str
)
def test_a_lesson_step_solved_in_the_first_screen(site, browser, viewport):
    """declaring-66 step 14: the question, the hand and the answer without scrolling; the
    Ace wins too but is not the move the lesson goes on with, so it is not "Correct!"."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{site}/en/tutorials/declaring-66/14/")
    page.locator("#tutorial[data-ready]").wait_for()
    expect(page.locator(".lesson-prompt > p")).to_contain_text("Your move.")
    assert_in_view(page, viewport, ".lesson-prompt > p", ".hand--you", '.step-nav a[rel="next"]')
    page.locator('[data-move="play-AD"]').click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("works too", timeout=15_000)
    expect(feedback).to_have_class("feedback feedback--wrong")
    assert page.evaluate("window.scrollY") == 0
    assert_in_view(page, viewport, ".lesson-prompt > p", ".hand--you", "#feedback")
    page.locator('[data-move="play-KD"]').click()
    expect(feedback).to_have_class("feedback feedback--correct", timeout=15_000)
    assert_in_view(page, viewport, ".hand--you", "#feedback")
    expect(page).to_have_url(f"{site}/en/tutorials/declaring-66/15/")
    context.close()


def test_a_lesson_played_by_keyboard_only(site, page):
    """first-deal from step 1 to the end: digits play cards, Tab and Enter the other moves,
    n goes on; ? lists the shortcuts."""
    steps = list(TutorialStep.objects.filter(tutorial__slug="first-deal").order_by("number"))
    page.goto(f"{site}/en/tutorials/first-deal/1/")
    for step in steps[:-1]:
        page.locator("#tutorial[data-ready]").wait_for()
        if step.ask:
            key = move_key(step)
            control = page.locator(f'[data-move="{key}"]')
            shortcut = control.get_attribute("data-shortcut")
            if shortcut:
                if step.number == steps[0].number or step.ask[0]["type"] == "play":
                    page.keyboard.press("?")
                    expect(page.locator("#shortcuts dt").first).to_have_text("1")
                    first = page.locator(".hand--you [data-shortcut='1'] [aria-label]")
                    name = first.get_attribute("aria-label")
                    expect(page.locator("#shortcuts dd").first).to_have_text(name)
                    page.keyboard.press("Escape")
                page.keyboard.press(shortcut)
            else:
                for _ in range(60):
                    page.keyboard.press("Tab")
                    if page.evaluate(f"document.activeElement.dataset.move === '{key}'"):
                        break
                page.keyboard.press("Enter")
            expect(page.locator("#feedback")).to_have_class(
                "feedback feedback--correct", timeout=15_000
            )
        else:
            page.keyboard.press("n")
        expect(page).to_have_url(f"{site}/en/tutorials/first-deal/{step.number + 1}/")
    expect(page.locator(".lesson-end")).to_be_visible()
