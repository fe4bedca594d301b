"""Every page type in every language on a phone (390 x 844) and a desktop (1280 x 800).

The page never scrolls sideways, no table column is cut off (a wide table scrolls inside its
own box), the header stays one row, the cards in your hand are big enough to tap, and after
a tap in a tutorial the answer is on screen.
"""

import re

import pytest
from playwright.sync_api import expect

from tutorial.models import TutorialStep

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PAGES = {
    "home": "/{lang}/",
    "variants": "/{lang}/variants/",
    "variant": "/{lang}/variants/classic66/",
    "compare": "/{lang}/compare/?v=classic66&v=schnapsen&v=idiot66",
    "glossary": "/{lang}/glossary/",
    "tutorials": "/{lang}/tutorials/",
    "step": "/{lang}/tutorials/first-deal/{step}/",
    "practice-index": "/{lang}/practice/",
    "practice": "/{lang}/practice/classic66/",
    "not-found": "/{lang}/no-such-page/",
}
MIN_CARD = (44, 60)  # width, height in CSS pixels on the phone

# Cells whose right edge cannot be reached: outside the viewport with no scroll box around
# them, or beyond what their scroll box can scroll to.
CUT_CELLS = """() => {
  const cut = [];
  for (const cell of document.querySelectorAll("th, td")) {
    const r = cell.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let box = cell.parentElement;
    while (box && box !== document.body && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) {
      box = box.parentElement;
    }
    if (box && box !== document.body) {
      const b = box.getBoundingClientRect();
      const reach = r.right - b.left + box.scrollLeft;
      if (reach > box.scrollWidth + 1 || b.right > innerWidth + 1) {
        cut.push(cell.textContent.trim().slice(0, 40));
      }
    } else if (r.right > document.documentElement.clientWidth + 1) {
      cut.push(cell.textContent.trim().slice(0, 40));
    }
  }
  return cut;
}"""

HAND_CARDS = """() => Array.from(document.querySelectorAll(".hand--you .card__art")).map(art => {
  const r = art.getBoundingClientRect();
  return [Math.round(r.width), Math.round(r.height)];
})"""


@pytest.fixture
def site(live_server, content):
    return live_server.url


def ask_step(slug="first-deal"):
    return TutorialStep.objects.filter(tutorial__slug=slug).exclude(ask=[]).order_by("number")[0]


def visit(page, url):
    """Open `url` and wait until any card has finished moving."""
    response = page.goto(url)
    assert response.status < 500, url
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
    return response


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_fits_the_screen(site, browser, viewport, lang):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    step = ask_step().number
    for name, path in PAGES.items():
        url = site + path.format(lang=lang, step=step)
        visit(page, url)
        where = f"{name} [{lang}] at {viewport['width']}px"
        overflow = page.evaluate("document.scrollingElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{where}: the page scrolls sideways by {overflow}px"
        assert page.evaluate(CUT_CELLS) == [], f"{where}: table cells cut off"
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 64, f"{where}: header is {header['height']}px tall"
        site_name = page.locator(".brand").inner_text().strip()
        assert page.title().count(site_name) == 1, f"{where}: title {page.title()!r}"
        if name in ("step", "practice"):
            sizes = page.evaluate(HAND_CARDS)
            assert sizes, f"{where}: no cards in your hand"
            least = MIN_CARD if viewport is PHONE else (64, 90)
            small = [s for s in sizes if s[0] < least[0] or s[1] < least[1]]
            assert not small, f"{where}: hand cards {small} smaller than {least}"
    context.close()


# On a phone the comparison is one block per rule instead (test_site_browser.py).
@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_the_comparison_keeps_its_header_and_first_column_while_scrolling(site, browser, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    visit(page, site + PAGES["compare"].format(lang="pl"))
    box = page.locator(".table-scroll")
    box.scroll_into_view_if_needed()
    box.evaluate("b => { b.scrollTop = b.scrollHeight; b.scrollLeft = b.scrollWidth; }")
    frame = box.bounding_box()
    head = page.locator(".comparison thead th").last.bounding_box()
    first = page.locator(".comparison tbody th[scope=row]").last.bounding_box()
    assert abs(head["y"] - frame["y"]) <= 2, "the header row scrolled away"
    assert abs(first["x"] - frame["x"]) <= 2, "the first column scrolled away"
    assert head["x"] + head["width"] <= frame["x"] + frame["width"] + 1, "last column cut off"
    context.close()


def test_the_glossary_is_a_definition_list_on_a_phone(site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    visit(page, f"{site}/lv/glossary/")
    expect(page.locator("dl.glossary dt").first).to_be_visible()
    expect(page.locator(".glossary__head")).to_be_hidden()
    meaning = page.locator(".glossary__meaning").first.bounding_box()
    assert meaning["x"] < 40, "the meaning starts off to the right"
    context.close()


def test_the_rules_contents_fold_under_the_title_on_a_phone(site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    visit(page, f"{site}/da/variants/classic66/")
    title = page.locator("h1").bounding_box()
    contents = page.locator(".toc").bounding_box()
    assert title["y"] < contents["y"], "the contents come before the title"
    assert contents["height"] < 80, "the contents are open and fill the screen"
    page.locator(".toc summary").click()
    expect(page.locator(".toc ol a").first).to_be_visible()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_after_a_tap_the_answer_is_on_screen(site, browser, viewport, lang):
    step = ask_step()
    # a card to tap (PostgreSQL keeps JSON keys in its own order, not the file's)
    wrong = next(key for key in step.wrong["en"] if key.startswith("play-"))
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    visit(page, f"{site}/{lang}/tutorials/first-deal/{step.number}/")
    page.locator("#tutorial[data-ready]").wait_for()
    page.locator(f'.hand--you [data-move="{wrong}"]').click()
    feedback = page.locator("#feedback")
    expect(feedback).to_have_class(re.compile(r"feedback--(wrong|illegal)"))
    expect(feedback).to_be_in_viewport(ratio=1)
    context.close()


def test_without_javascript_the_answer_is_on_screen_and_no_dead_controls(site, browser):
    step = ask_step()
    # a card to tap (PostgreSQL keeps JSON keys in its own order, not the file's)
    wrong = next(key for key in step.wrong["en"] if key.startswith("play-"))
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    visit(page, f"{site}/nb/tutorials/first-deal/{step.number}/")
    expect(page.locator(".reset-progress")).to_be_hidden()
    expect(page.locator(".keyboard-help")).to_be_hidden()
    page.locator(f'.hand--you [data-move="{wrong}"]').click()
    feedback = page.locator("#feedback")
    expect(feedback).to_have_class(re.compile(r"feedback--(wrong|illegal)"))
    expect(feedback).to_be_in_viewport(ratio=1)
    expect(page.locator(".hand--you")).to_be_in_viewport()
    context.close()


def test_the_winning_card_of_a_finished_trick_is_marked(site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    for number in range(1, TutorialStep.objects.filter(tutorial__slug="first-deal").count() + 1):
        visit(page, f"{site}/en/tutorials/first-deal/{number}/")
        done = page.locator(".trick__cards--done")
        if done.count():
            break
    else:
        pytest.fail("no finished trick in the first tutorial")
    assert page.locator(".trick__card--won").count() == 1
    winner = page.locator(".trick__title").inner_text().split(":")[-1].strip()
    expect(page.locator(".trick__card--won .trick__player")).to_contain_text(
        winner, ignore_case=True
    )
    context.close()
