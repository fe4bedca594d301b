"""Puzzles in a real browser: a wrong try, then the whole line solved, on a phone too."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from sixtysix import Action, RuleSet

from puzzles.models import Puzzle
from puzzles.positions import analyse, best_reply, reach
from tests.e2e.table_motion import wait_until_still

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Axe()
SOLVED = {"en": "Solved!", "pl": "Rozwiązane!", "lv": "Atrisināts!"}


@pytest.fixture
def site(live_server, content):
    return live_server.url


def _puzzle(variant):
    return Puzzle.objects.filter(variant__slug=variant).order_by("-difficulty", "number").first()


def _solve_by_clicking(page, puzzle, lang):
    """Click the answer, then the solver's best move after each reply, until the deal ends."""
    deal = reach(RuleSet.from_dict(puzzle.variant.rules), puzzle.deal, puzzle.actions)
    move = Action.from_dict(puzzle.answer[0])
    feedback = page.locator("#feedback")
    for _ in range(30):
        wait_until_still(page)
        page.locator(f'[data-move="{move.key()}"]').first.click()
        # the next position is in place (script or page load) once the address ends with it
        expect(page).to_have_url(re.compile(rf"line=([^&]*\.)?{re.escape(move.key())}$"))
        deal.apply(move)
        while deal.result is None and deal.to_act != puzzle.seat:
            deal.apply(best_reply(deal))
        if deal.result is not None:
            break
        expect(feedback).to_have_class("feedback feedback--correct")
        move = best_reply(deal)
    expect(feedback).to_contain_text(SOLVED[lang])
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator(".card-choice")).to_have_count(0)


def test_a_wrong_try_then_the_puzzle_solved(site, page):
    puzzle = _puzzle("schnapsen")
    page.goto(f"{site}/en/puzzles/{puzzle.number}/")
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
    page.evaluate("window.samePage = true")
    start = reach(RuleSet.from_dict(puzzle.variant.rules), puzzle.deal, puzzle.actions)
    analysis = analyse(start)
    worse = next(m for m in analysis.moves if m.value < analysis.value)
    page.locator(f'[data-move="{worse.action.key()}"]').first.click()
    feedback = page.locator("#feedback")
    expect(feedback).to_have_class("feedback feedback--wrong")
    expect(feedback).to_contain_text("Not the best move")
    page.get_by_role("link", name="Try another move").click()
    expect(page.locator("#feedback")).to_have_text("")
    expect(page.locator("#feedback")).to_have_class("feedback")
    _solve_by_clicking(page, puzzle, "en")
    assert page.evaluate("window.samePage === true")  # the script swapped, no page load
    page.go_back()
    expect(page.locator("#feedback")).not_to_contain_text("Solved!")
    page.go_forward()
    expect(page.locator("#feedback")).to_contain_text("Solved!")
    page.get_by_text("Show the solution").click()
    expect(page.locator(".solution li").first).to_be_visible()


@pytest.mark.parametrize(("variant", "lang"), [("classic66", "pl"), ("idiot66", "lv")])
def test_a_puzzle_solved_on_a_phone_without_javascript(site, browser, variant, lang):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    page = context.new_page()
    puzzle = _puzzle(variant)
    page.goto(f"{site}/{lang}/puzzles/{puzzle.number}/")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    _solve_by_clicking(page, puzzle, lang)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    context.close()


def test_the_puzzle_of_the_day_leads_to_its_page(site, page):
    page.goto(f"{site}/en/")
    # A card of the day's hand is a move: tapping it opens the puzzle with its answer.
    page.locator(".daily-puzzle .card-choice").first.click()
    expect(page.locator("h1")).to_contain_text("Puzzle")
    expect(page.locator("#feedback")).to_have_class(re.compile(r"feedback--(correct|wrong)"))
    page.go_back()
    page.locator(".daily-puzzle").get_by_role("link", name="Find the best move.").click()
    expect(page.locator("h1")).to_contain_text("Puzzle")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Puzzles").click()
    expect(page).to_have_url(f"{site}/en/puzzles/")
    page.get_by_label("Variant").select_option("schnapsen")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(f"{site}/en/puzzles/?variant=schnapsen&theme=&difficulty=")
    expect(page.locator(".puzzle-list li").first).to_contain_text("Schnapsen")


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_the_puzzle_list_and_home_fit_a_phone(site, page, lang):
    page.set_viewport_size({"width": 360, "height": 740})
    for path in (f"/{lang}/puzzles/", f"/{lang}/"):
        page.goto(site + path)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, path


@pytest.mark.parametrize("js", [True, False])
def test_question_hand_and_verdict_of_a_wrong_try_fit_a_phone(site, browser, js):
    """Issue 24: the table first, the task folded away; after a wrong try the question,
    the hand and the verdict are all inside 390x844, with or without JavaScript."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=js,
    )
    page = context.new_page()
    puzzle = _puzzle("classic66")
    page.goto(f"{site}/en/puzzles/{puzzle.number}/")
    expect(page.locator(".puzzle-intro")).not_to_have_attribute("open", "")
    start = reach(RuleSet.from_dict(puzzle.variant.rules), puzzle.deal, puzzle.actions)
    analysis = analyse(start)
    worse = next(m for m in analysis.moves if m.value < analysis.value and m.action.type == "play")
    if js:
        wait_until_still(page)
    page.locator(f'[data-move="{worse.action.key()}"]').first.click()
    expect(page.locator("#feedback")).to_contain_text("Not the best move")
    if js:
        expect(page.locator(".trick__card--tried")).to_have_count(0)
    for selector in (".puzzle-intro summary", ".seat--you .hand", "#feedback"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
    context.close()
