"""The course: its map, doing-first steps (Skip, the answer page), the solver's reasons for a
worse move, lesson endings that lead on, and the lesson positions practice starts from."""

import re

import pytest
from django.utils import translation
from sixtysix import Action

from practice.positions import StartPosition
from tests.reason_checks import best_line, check_wrong
from tutorial.apps import TutorialConfig
from tutorial.models import CourseGroup, Tutorial, TutorialStep
from tutorial.replay import start
from tutorial.services import next_lesson, play_on_url, tutorial_positions, tutorial_rules
from tutorial.start_positions import PREFIX, lesson_start, resolve_lesson
from words.markup import render_markup
from words.solver_facts import judge
from words.solver_words import wrong_move

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def course_order():
    return list(Tutorial.objects.order_by("order", "slug").select_related("group"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_course_map_shows_the_groups_in_order_with_their_lessons(client, lang):
    html = client.get(f"/{lang}/tutorials/").content.decode()
    groups = list(CourseGroup.objects.order_by("order"))
    at = [html.index(f'id="group-{g.key}"') for g in groups]
    assert at == sorted(at)
    with translation.override(lang):
        for group in groups:
            assert f">{group.title}</h2>" in html
    lessons = [html.index(f'data-tutorial="{t.slug}"') for t in course_order()]
    assert lessons == sorted(lessons), "lessons are not in course order"


def test_each_lesson_on_the_map_shows_its_variant_and_its_moves(client):
    html = client.get("/en/tutorials/").content.decode()
    for tutorial in Tutorial.objects.select_related("variant").prefetch_related("steps"):
        item = re.search(rf'<li data-tutorial="{tutorial.slug}".*?</li>', html, re.S).group(0)
        asks = sum(1 for step in tutorial.steps.all() if step.ask)
        assert f'data-moves="{asks}"' in item
        assert f"{asks} move{'s' if asks != 1 else ''} to make" in item
        assert tutorial.variant.name_en in item
        assert '<span class="progress" hidden></span>' in item  # filled by the script


def first_ask(slug="first-deal") -> TutorialStep:
    return TutorialStep.objects.filter(tutorial__slug=slug).exclude(ask=[]).order_by("number")[0]


def test_next_on_an_unanswered_ask_step_is_skip(client):
    step = first_ask()
    url = f"/en/tutorials/first-deal/{step.number}/"
    html = client.get(url).content.decode()
    assert re.search(r'<a rel="next" class="skip"[^>]*data-skip="true"[^>]*>Skip →</a>', html)
    plain = client.get(f"/en/tutorials/first-deal/{step.number - 1}/").content.decode()
    if not TutorialStep.objects.get(tutorial=step.tutorial, number=step.number - 1).ask:
        assert "Skip →" not in plain and "Next →" in plain


def test_without_javascript_the_answer_links_to_the_next_step_which_shows_the_move(client):
    step = first_ask()
    right = Action.from_dict({**step.ask[0], "player": step.tutorial.you})
    url = f"/en/tutorials/first-deal/{step.number}/"
    html = client.get(url, {"try": right.key()}).content.decode()
    assert 'class="feedback feedback--correct"' in html
    following = f"/en/tutorials/first-deal/{step.number + 1}/"
    assert f'<a class="feedback__next" href="{following}">' in html
    assert "Skip →" not in html  # answered: the step's link is "Next" again
    nxt = TutorialStep.objects.get(tutorial=step.tutorial, number=step.number + 1)
    assert nxt.actions[0] in step.ask  # the next step begins with the move just made
    page = client.get(following).content.decode()
    if right.type == "play":
        assert f'data-card="{right.card}"' in page


def position_of(step):
    """The deal at an asked-for step: its deal replayed through the steps up to it."""
    tutorial = step.tutorial
    deal = start(tutorial_rules(tutorial), tutorial.deals[step.deal - 1])
    for other in tutorial.steps.order_by("number")[: step.number]:
        if other.deal == step.deal:
            for raw in other.actions:
                deal.apply(Action.from_dict(raw))
    return deal


def worse_moves():
    """Asked-for positions where a legal move without a written reply is worse for the solver."""
    found = []
    for step in TutorialStep.objects.exclude(ask=[]).select_related("tutorial__variant"):
        tutorial = step.tutorial
        rules = tutorial_rules(tutorial)
        if rules.players != 2:
            continue
        steps = list(tutorial.steps.order_by("number"))
        position = tutorial_positions(tutorial, steps)[step.number - 1]
        if position.state["stock_size"] or position.result:
            continue
        deal = position_of(step)
        written = set(step.wrong.get("en", {}))
        accepted = {Action.from_dict({**a, "player": tutorial.you}).key() for a in step.ask}
        for action in deal.legal_actions():
            if action.key() in written | accepted:
                continue
            worse = judge(deal, action)
            if worse is not None:
                found.append((step, action, worse, rules))
    return found


def test_a_worse_move_without_a_written_reply_gets_the_solvers_reason(client):
    found = worse_moves()
    if not found:
        pytest.skip("no lesson asks in an exact endgame with an unanswered worse move")
    for step, action, worse, rules in found[:3]:
        url = f"/en/tutorials/{step.tutorial.slug}/{step.number}/check/"
        data = action.to_dict(with_player=False)
        response = client.post(url, data, content_type="application/json")
        assert response.status_code == 200
        answer = response.json()
        assert answer["legal"] and not answer["correct"]
        assert answer["code"] == "worse"
        with translation.override("en"):
            assert answer["message"] == str(render_markup(wrong_move(worse, rules)))
        assert "Not the best move" in answer["message"]


def test_every_lesson_reason_is_a_fact_of_the_best_line():
    """What the solver's reply to each worse move says it gives away (the last trick, the
    deal, a schneider...) holds on the lines played out after it and after the best move."""
    found = worse_moves()
    if not found:
        pytest.skip("no lesson asks in an exact endgame with an unanswered worse move")
    for step, _action, worse, _rules in found:
        deal = position_of(step)
        check_wrong(f"{step.tutorial.slug}/{step.number}", deal, worse, best_line(deal))


def test_an_illegal_move_still_gets_the_rule(client):
    step = TutorialStep.objects.get(tutorial__slug="strict-phase", key="only-lower")
    response = client.post(
        f"/en/tutorials/strict-phase/{step.number}/check/",
        {"type": "play", "card": "TC"},
        content_type="application/json",
    )
    assert response.status_code == 422
    assert response.json()["code"] != "worse"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_last_step_leads_on(client, lang):
    lessons = course_order()
    tutorial = next(t for t in lessons if t.variant.slug == "classic66")
    total = tutorial.steps.count()
    html = client.get(f"/{lang}/tutorials/{tutorial.slug}/{total}/").content.decode()
    assert 'class="lesson-end"' in html
    following = next_lesson(tutorial)
    assert following == lessons[lessons.index(tutorial) + 1]
    assert f'href="/{lang}/tutorials/{following.slug}/1/"' in html
    # The way on sits in the step bar too, above the table, not only below the recap.
    bar = html[html.index('class="step-bar"') : html.index('class="tutorial__play"')]
    assert f'class="button step-bar__next" href="/{lang}/tutorials/{following.slug}/1/"' in bar
    assert f'href="/{lang}/practice/classic66/?from=lesson:{tutorial.slug}"' in html
    with translation.override(lang):
        recap = tutorial.recap or tutorial.summary
    assert recap.split()[0] in html


def test_no_next_after_the_last_and_play_on_for_three_players_too(client):
    lessons = course_order()
    last = lessons[-1]
    assert next_lesson(last) is None
    html = client.get(f"/en/tutorials/{last.slug}/{last.steps.count()}/").content.decode()
    assert "Next lesson" not in html
    assert "step-bar__next" not in html
    three = next(t for t in lessons if t.variant.players == 3)
    html = client.get(f"/en/tutorials/{three.slug}/{three.steps.count()}/").content.decode()
    assert f'href="/en/practice/{three.variant.slug}/?from=lesson:{three.slug}"' in html
    assert 'class="lesson-end"' in html


def test_only_the_last_step_has_the_ending(client):
    html = client.get("/en/tutorials/first-deal/1/").content.decode()
    assert 'class="lesson-end"' not in html


@pytest.mark.parametrize("slug", ["first-deal", "strict-phase", "schnapsen", "partners"])
def test_the_start_position_is_the_lessons_last_move_to_make(slug):
    tutorial = Tutorial.objects.get(slug=slug)
    steps = list(tutorial.steps.order_by("number"))
    last_ask = [step for step in steps if step.ask][-1]
    shown = tutorial_positions(tutorial, steps)[last_ask.number - 1]
    position = lesson_start(slug)
    assert position["variant"] == tutorial.variant.slug
    assert position["you"] == tutorial.you
    assert position["layout"] == tutorial.deals[last_ask.deal - 1]
    deal = start(tutorial_rules(tutorial), position["layout"])
    for raw in position["actions"]:
        deal.apply(Action.from_dict(raw))
    assert deal.state() == shown.state
    assert deal.result is None and deal.to_act == tutorial.you


def test_an_unknown_lesson_has_no_start_position():
    assert lesson_start("no-such-lesson") is None


def test_the_resolver_is_registered_with_practice(monkeypatch):
    import practice.positions

    registry = {}
    monkeypatch.setattr(practice.positions, "register_position_source", registry.__setitem__)
    TutorialConfig.ready(TutorialConfig("tutorial", __import__("tutorial")))
    assert registry[PREFIX] is resolve_lesson
    found = registry[PREFIX]("strict-phase")
    assert isinstance(found, StartPosition)
    assert found.variant == "classic66"
    assert registry[PREFIX]("no-such-lesson") is None


def test_every_lessons_play_on_link_starts_practice_from_its_position(client):
    """The ending's link works for every lesson: practice finds the position (no fallback)."""
    for tutorial in course_order():
        url = play_on_url(tutorial)
        assert url, tutorial.slug
        response = client.get(f"/en{url.removeprefix('/en')}")
        assert response.status_code == 200, tutorial.slug
        assert "could not be found" not in response.content.decode(), tutorial.slug
