"""Training in a real browser: a deal's review, a streak, a rated puzzle on a phone."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from sixtysix import RuleSet

from practice.moves import game_move, game_new
from puzzles.models import Puzzle
from puzzles.positions import analyse, reach
from rules.models import Variant
from tests.e2e.table_motion import wait_until_still
from tests.e2e.test_puzzle_browser import _solve_by_clicking
from training.models import PuzzleAttempt

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Axe()
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def site(live_server, content):
    return live_server.url


def finished_game(deal_id="abcdefghjk"):
    """classic66 played to its end by always taking the last legal move (blunders galore)."""
    game = game_new(variant=Variant.objects.get(slug="classic66"), deal_id=deal_id)
    while not game.over:
        legal = [a for a in game.deal.legal_actions() if a.type != "declare"]
        assert game_move(game=game, key=(legal or game.deal.legal_actions())[-1].key()) is None
    return game


def stored(page):
    return json.loads(page.evaluate("window.localStorage.getItem('sixtysix.training') || '{}'"))


def wrong_move(puzzle):
    start = reach(RuleSet.from_dict(puzzle.variant.rules), puzzle.deal, puzzle.actions)
    an = analyse(start)
    return next(m for m in an.moves if m.value < an.value and m.action.type == "play").action


def test_a_review_of_a_finished_deal_and_its_blunder_tried_again(site, page):
    game = finished_game()
    page.context.add_cookies([{"name": "practice-classic66", "value": game.dumps(), "url": site}])
    page.goto(f"{site}/en/practice/classic66/#table")
    page.get_by_role("link", name="Review this deal").click()
    expect(page.locator("h1")).to_have_text("Review this deal")
    assert AXE.run(page).violations_count == 0
    key = page.locator("#key-moment")
    expect(key).to_contain_text("Key moment")
    expect(key.locator(".review-mark")).to_have_text(re.compile("Blunder|Mistake|Inaccuracy"))
    expect(page.locator(".review-summary")).to_contain_text("The key moment: your decision")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    # the blunders became puzzles of the reader's own, listed on the dashboard
    mine = stored(page).get("mine", [])
    assert mine and all("/en/puzzles/mine/" in p["url"] for p in mine)
    page.goto(f"{site}/en/puzzles/dashboard/")
    page.locator("#own-list a").first.click()
    expect(page.locator("h1")).to_have_text("A puzzle from your game")
    assert AXE.run(page).violations_count == 0
    page.locator(".own-hand .card-choice").first.click()
    expect(page.locator("#feedback")).to_contain_text(re.compile("Right|Not the best move"))
    page.get_by_role("link", name="Play on from here").click()
    expect(page).to_have_url(re.compile(r"/en/practice/classic66/\?from=review:"))
    expect(
        page.locator(".seat--you .card-choice, .seat--you a, .seat--you button").first
    ).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("could not be found")


def test_a_streak_ends_at_the_first_wrong_move(site, page):
    # the test finds right and wrong moves with the two-seat solver: the streak here serves
    # only the endings it can check (the three-player layouts puzzles have their own tests)
    Puzzle.objects.filter(kind="layouts").delete()
    page.goto(f"{site}/en/puzzles/streak/")
    page.get_by_role("link", name="Start a streak").click()
    expect(page).to_have_url(re.compile(r"/en/puzzles/\d+/#streak$"))
    bar = page.locator("#training-bar")
    expect(bar).to_contain_text("Streak: 0 solved in a row")
    first = Puzzle.objects.get(number=int(re.search(r"/puzzles/(\d+)/", page.url).group(1)))
    page.wait_for_timeout(1100)  # an attempt needs its token a moment old
    _solve_by_clicking(page, first, "en")
    expect(bar).to_contain_text("Streak: 1 solved in a row")
    bar.get_by_role("link", name="Next puzzle in the streak").click()
    expect(page).to_have_url(re.compile(r"/en/puzzles/\d+/#streak$"))
    second = Puzzle.objects.get(number=int(re.search(r"/puzzles/(\d+)/", page.url).group(1)))
    assert second.number != first.number
    expect(bar).to_contain_text("Streak: 1 solved in a row")
    wait_until_still(page)
    page.locator(f'[data-move="{wrong_move(second).key()}"]').first.click()
    expect(bar).to_contain_text("The streak is over: 1 solved in a row.")
    expect(bar.get_by_role("link", name="Start a new streak")).to_be_visible()
    # the solved puzzle is marked in the list (this browser's record)
    page.goto(f"{site}/en/puzzles/")
    row = page.locator(".puzzle-list li").filter(
        has=page.locator(f'[data-puzzle-number="{first.number}"]')
    )
    expect(row.locator(".puzzle-solved")).to_contain_text("solved")
    expect(page.locator(".puzzle-solved")).to_have_count(1)


def _inside(page, selector):
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)


def test_a_rated_puzzle_on_a_phone(site, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    puzzle = Puzzle.objects.filter(variant__slug="classic66").order_by("number").first()
    page.goto(f"{site}/en/puzzles/{puzzle.number}/")
    for selector in (".puzzle-intro summary", ".seat--you .hand"):
        _inside(page, selector)
    page.wait_for_timeout(1100)  # an attempt needs its token a moment old
    wrong = wrong_move(puzzle)
    wait_until_still(page)
    page.locator(f'[data-move="{wrong.key()}"]').first.click()
    # the wrong card is played on the table, the verdict beside the hand, then taken back
    expect(page.locator(".trick__card--tried")).to_be_visible()
    expect(page.locator("#feedback")).to_contain_text("Not the best move")
    _inside(page, "#feedback")
    expect(page.locator(".trick__card--tried")).to_have_count(0)
    expect(page.locator(f'.seat--you [data-move="{wrong.key()}"]')).to_be_visible()
    bar = page.locator("#training-bar")
    expect(bar).to_contain_text(re.compile(r"Your puzzle rating: 1[0-4]\d\d"))
    _inside(page, "#feedback")
    data = stored(page)
    assert data["rating"] < 1500 and data["history"][str(puzzle.number)]["s"] == 0
    assert PuzzleAttempt.objects.filter(puzzle=puzzle.number, solved=False).count() == 1
    # the theme's success rate on the dashboard, kept in this browser
    page.goto(f"{site}/en/puzzles/dashboard/")
    theme = puzzle.themes[0]
    expect(page.locator(f'tr[data-theme="{theme}"] .dashboard__rate')).to_have_text(
        "0 of 1 solved (0 %)"
    )
    assert AXE.run(page).violations_count == 0
    context.close()


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_axe_on_puzzle_and_training_pages(site, page, lang):
    """The puzzle list, a puzzle, the rating dashboard, the streak and a review, in every
    language (Lighthouse audits each of them in two)."""
    token = finished_game().dumps()
    for path in (
        "/{lang}/puzzles/",
        "/{lang}/puzzles/1/",
        "/{lang}/puzzles/dashboard/",
        "/{lang}/puzzles/streak/",
        "/{lang}/practice/classic66/review/?game=" + token,
    ):
        page.goto(site + path.format(lang=lang))
        expect(page.locator("html")).to_have_attribute("lang", lang)
        results = AXE.run(page)
        assert results.violations_count == 0, (path, results.generate_report())
