"""Tutorial pages and the move check: every step in every language, bad input never 500."""

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sixtysix import Action

from tutorial.models import Tutorial, TutorialStep
from tutorial.services import tutorial_positions, tutorial_rules
from words.explain import explain_refusal

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def ask_steps():
    return list(TutorialStep.objects.exclude(ask=[]).select_related("tutorial").order_by("pk"))


def lesson_ends(steps):
    """Each lesson's first and last of `steps`, each lesson in one language, the languages
    rotating: the sample `make test-fast` walks; `make test` walks every step in every one."""
    by_lesson = {}
    for step in steps:
        by_lesson.setdefault(step.tutorial_id, []).append(step)
    return [
        (LANGUAGES[index % len(LANGUAGES)], step)
        for index, group in enumerate(by_lesson.values())
        for step in dict.fromkeys((group[0], group[-1]))
    ]


def check(client, step, body, **extra):
    url = f"/en/tutorials/{step.tutorial.slug}/{step.number}/check/"
    payload = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, payload, content_type="application/json", **extra)


def assert_step_page(client, step, lang):
    response = client.get(f"/{lang}/tutorials/{step.tutorial.slug}/{step.number}/")
    assert response.status_code == 200, (step.tutorial.slug, step.number)
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert getattr(step.tutorial, f"title_{lang}") in html


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_page_returns_200(client, lang):
    for step in TutorialStep.objects.select_related("tutorial"):
        assert_step_page(client, step, lang)


def test_every_lessons_first_and_last_step_page_returns_200(client):
    steps = TutorialStep.objects.select_related("tutorial").order_by("tutorial", "number")
    sample = lesson_ends(steps)
    assert len(sample) >= Tutorial.objects.count()
    for lang, step in sample:
        assert_step_page(client, step, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tutorial_index_lists_every_tutorial(client, lang):
    html = client.get(f"/{lang}/tutorials/").content.decode()
    for tutorial in Tutorial.objects.all():
        assert f'href="/{lang}/tutorials/{tutorial.slug}/1/"' in html


def test_tutorial_root_redirects_to_step_one(client):
    response = client.get("/en/tutorials/first-deal/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/en/tutorials/first-deal/1/"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "path",
    [
        "/tutorials/no-such/1/",
        "/tutorials/first-deal/0/",
        "/tutorials/first-deal/999/",
        "/tutorials/first-deal/x/",
        "/tutorials/first-deal/-1/",
        "/tutorials/no-such/",
    ],
)
def test_bad_step_urls_are_translated_404s(client, lang, path):
    response = client.get(f"/{lang}{path}")
    assert response.status_code == 404
    with translation.override(lang):
        assert translation.gettext("Page not found") in response.content.decode()


def test_step_page_shows_what_just_happened_and_links_the_rules(client):
    step = TutorialStep.objects.filter(tutorial__slug="first-deal").exclude(actions=[]).first()
    html = client.get(step.get_absolute_url()).content.decode()
    assert 'class="happened"' in html
    for key in step.sections:
        assert f"{step.tutorial.variant.get_absolute_url()}#{key}" in html


def test_variant_page_links_its_sections_to_tutorial_steps(client):
    html = client.get("/en/variants/classic66/").content.decode()
    step = TutorialStep.objects.filter(tutorial__slug="marriages").exclude(sections=[]).first()
    assert f'href="{step.get_absolute_url()}"' in html


def test_step_page_query_count_is_small(client):
    step = TutorialStep.objects.select_related("tutorial").last()
    with CaptureQueriesContext(connection) as queries:
        client.get(step.get_absolute_url())
    assert len(queries) <= 6


def assert_move_accepted(client, step, lang):
    url = f"/{lang}/tutorials/{step.tutorial.slug}/{step.number}/check/"
    accepted = {k: v for k, v in step.ask[0].items() if k != "player"}
    response = client.post(url, json.dumps(accepted), content_type="application/json")
    assert response.status_code == 200, (step.tutorial.slug, step.number)
    assert response.json()["correct"] is True
    # The same check without JavaScript: a link with ?try=.
    page = client.get(
        f"/{lang}/tutorials/{step.tutorial.slug}/{step.number}/",
        {"try": Action.from_dict({**accepted, "player": 0}).key()},
    )
    assert "feedback--correct" in page.content.decode()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_your_move_accepts_the_lessons_move(lang):
    client = Client()
    for step in ask_steps():
        assert_move_accepted(client, step, lang)


def test_your_move_accepts_the_lessons_move_at_each_lessons_first_and_last_ask():
    client = Client()
    for lang, step in lesson_ends(sorted(ask_steps(), key=lambda s: (s.tutorial_id, s.number))):
        assert_move_accepted(client, step, lang)


def assert_wrong_replies(steps) -> int:
    """Each written wrong reply of `steps`, tried in English: the verdict and the reply's
    words; returns how many legal moves got their reply."""
    answered = 0
    for step in steps:
        for key, text in step.wrong.get("en", {}).items():
            kind, _sep, arg = key.partition("-")
            body = {"type": kind}
            if kind == "play":
                body["card"] = arg
            elif kind in ("meld", "trump"):
                body["suit"] = arg
            elif kind == "bid":
                body["value"] = int(arg)
            response = check(Client(), step, body)
            data = response.json()
            assert data["correct"] is False
            if data["legal"]:
                assert response.status_code == 200
                prose = re.sub(r"\{[a-z0-9_]+\}", "", text)  # placeholders become numbers
                word = max(re.findall(r"[A-Za-z]{4,}", prose), key=len)
                assert word in data["message"]
                answered += 1
    return answered


@pytest.mark.slow
def test_wrong_but_legal_moves_get_the_lessons_reply():
    assert assert_wrong_replies(ask_steps()) >= 5


def test_wrong_but_legal_moves_get_the_lessons_reply_at_each_lessons_first_and_last_ask():
    sample = lesson_ends(sorted(ask_steps(), key=lambda s: (s.tutorial_id, s.number)))
    assert assert_wrong_replies(step for _lang, step in sample) >= 5


def test_a_false_claim_is_named_as_one_in_every_language():
    """A claim without the points, where the lesson wrote no reply to it: the reader learns
    that the claim would be false (a fact of the rules, open stock or not)."""
    tried = plain = sides = 0
    for step in ask_steps():
        tutorial = step.tutorial
        position = tutorial_positions(tutorial, list(tutorial.steps.all()))[step.number - 1]
        if {"type": "declare"} not in position.legal or "declare" in step.wrong.get("en", {}):
            continue
        if any(accepted["type"] == "declare" for accepted in step.ask):
            continue
        state = position.state
        melded = [m["points"] for m in state["marriages"] if m["player"] == tutorial.you]
        points = state["card_points"][tutorial.you] + sum(melded)
        rules = tutorial_rules(tutorial)
        if points >= rules.target:
            continue
        for lang in LANGUAGES:
            url = f"/{lang}/tutorials/{tutorial.slug}/{step.number}/check/"
            response = Client().post(url, '{"type": "declare"}', content_type="application/json")
            data = response.json()
            # The solver's fuller reason where the position is exact, else the plain fact.
            assert response.status_code == 200, (url, data)
            assert data["code"] in ("false_claim", "worse"), (url, data)
            assert str(rules.target) in data["message"]
            if lang == "en":
                assert "the claim would be false" in data["message"]
                # With partners the points are the side's, and the reply says so.
                whose = "Your side does not have" if rules.team_play else "You do not have"
                assert whose in data["message"], (url, data)
            plain += data["code"] == "false_claim"
            sides += data["code"] == "false_claim" and rules.team_play
        tried += 1
    assert tried >= 3 and plain and sides


def test_illegal_moves_are_explained_from_the_engines_reason():
    for step in ask_steps():
        tutorial = step.tutorial
        steps = list(tutorial.steps.all())
        state = tutorial_positions(tutorial, steps)[step.number - 1].state
        others = [
            c for seat, hand in enumerate(state["hands"]) if seat != tutorial.you for c in hand
        ]
        if not others:
            continue
        response = check(Client(), step, {"type": "play", "card": others[0]})
        assert response.status_code == 422
        data = response.json()
        assert data["code"] == "card_not_in_hand"
        with translation.override("en"):
            rules = tutorial_rules(tutorial)
            assert explain_refusal("card_not_in_hand", {}, rules=rules) in data["message"]
        return
    pytest.fail("no your-move step with cards in another hand")


def test_illegal_move_message_is_in_the_readers_language():
    step = ask_steps()[0]
    tutorial = step.tutorial
    state = tutorial_positions(tutorial, list(tutorial.steps.all()))[step.number - 1].state
    card = next(c for s, hand in enumerate(state["hands"]) if s != tutorial.you for c in hand)
    url = f"/pl/tutorials/{tutorial.slug}/{step.number}/check/"
    data = (
        Client().post(url, {"type": "play", "card": card}, content_type="application/json").json()
    )
    with translation.override("pl"):
        rules = tutorial_rules(tutorial)
        assert explain_refusal("card_not_in_hand", {}, rules=rules) in data["message"]
    assert "That card is not in your hand." not in data["message"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("{not json", 400),
        ("[1, 2]", 400),
        ('"play"', 400),
        (json.dumps({"type": "play", "card": "ZZ"}), 400),
        (json.dumps({"type": "teleport"}), 400),
        (json.dumps({"type": "play", "card": "AS", "extra": 1}), 400),
        (b"\xff\xfe", 400),
        ("", 400),
        (json.dumps({"type": "play", "card": "AS", "note": "x" * 5000}), 413),
    ],
)
def test_bad_bodies_get_a_clear_4xx(body, status):
    step = ask_steps()[0]
    response = check(Client(), step, body)
    assert response.status_code == status
    assert response.json()["message"]


def test_a_move_for_another_player_is_refused():
    step = ask_steps()[0]
    other = (step.tutorial.you + 1) % 2
    response = check(Client(), step, {"player": other, "type": "draw"})
    assert response.status_code == 422
    assert response.json()["code"] == "not_your_turn"


def test_missing_csrf_token_is_a_translated_403():
    step = ask_steps()[0]
    client = Client(enforce_csrf_checks=True)
    url = f"/da/tutorials/{step.tutorial.slug}/{step.number}/check/"
    response = client.post(url, "{}", content_type="application/json")
    assert response.status_code == 403
    with translation.override("da"):
        expected = translation.gettext(
            "Your browser did not send the security token of this page. "
            "Reload the page and try again."
        )
    assert response.json()["message"] == expected


def test_check_needs_post_and_a_your_move_step():
    step = ask_steps()[0]
    url = f"/en/tutorials/{step.tutorial.slug}/{step.number}/check/"
    assert Client().get(url).status_code == 405
    quiet = TutorialStep.objects.filter(ask=[], tutorial=step.tutorial).first()
    response = Client().post(
        f"/en/tutorials/{step.tutorial.slug}/{quiet.number}/check/",
        "{}",
        content_type="application/json",
    )
    assert response.status_code == 400
    assert (
        Client()
        .post("/en/tutorials/none/1/check/", "{}", content_type="application/json")
        .status_code
        == 404
    )


def test_bad_try_parameter_is_a_400_page():
    step = ask_steps()[0]
    response = Client().get(step.get_absolute_url(), {"try": "<script>x</script>"})
    assert response.status_code == 400
    assert "<script>x" not in response.content.decode()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
move_like = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(
            ["play", "meld", "exchange", "close", "declare", "draw", "bid", "pass", "trump", "x"]
        )
        | st.text(max_size=8),
        "card": st.sampled_from(["AS", "TH", "9C", "QD", "ZZ", ""]) | st.text(max_size=3),
        "suit": st.sampled_from(["C", "D", "H", "S", "X"]) | st.integers(),
        "value": st.integers(-5, 200) | st.text(max_size=3),
        "player": st.integers(-2, 5) | st.none() | st.booleans(),
    },
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(move_like.map(json.dumps), json_values.map(json.dumps), st.binary(max_size=64))
)
def test_random_bodies_never_cause_a_server_error(body):
    step = ask_steps()[0]
    before = TutorialStep.objects.count(), Tutorial.objects.count()
    response = check(Client(), step, body)
    assert response.status_code in (200, 400, 413, 422)
    assert isinstance(response.json()["message"], str)
    assert (TutorialStep.objects.count(), Tutorial.objects.count()) == before


def test_hidden_hands_can_be_revealed(client):
    tutorial = Tutorial.objects.get(slug="first-deal")
    tutorial.reveal = False
    tutorial.save()
    url = "/en/tutorials/first-deal/2/"
    hidden = client.get(url).content.decode()
    assert 'class="card card--back' in hidden
    assert "?reveal=1" in hidden
    shown = client.get(url, {"reveal": "1"}).content.decode()
    assert shown.count("card card--back") < hidden.count("card card--back")


def assert_tried_moves_read_clean(client, step, lang):
    """Each move a reader can try at a your-move step: the reply shows no markup or token."""
    from tests.words.checks import assert_clean, mentions_the_others

    tutorial = step.tutorial
    rules = tutorial_rules(tutorial)
    position = tutorial_positions(tutorial, list(tutorial.steps.all()))[step.number - 1]
    url = f"/{lang}/tutorials/{tutorial.slug}/{step.number}/check/"
    tries = [Action.from_dict({**a, "player": tutorial.you}).to_dict() for a in position.legal]
    tries += [{"type": kind} for kind in ("close", "declare", "exchange", "draw")]
    for body in tries:
        body = {k: v for k, v in body.items() if k != "player"}
        response = client.post(url, json.dumps(body), content_type="application/json")
        message = response.json()["message"]
        assert_clean(message, f"{url} {body}")
        if lang == "en" and rules.players == 2:
            assert not mentions_the_others(message), (url, body, message)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_answer_to_a_tried_move_reads_clean(lang):
    client = Client()
    for step in ask_steps():
        assert_tried_moves_read_clean(client, step, lang)


def test_the_answers_at_one_ask_of_each_lesson_read_clean():
    """Every lesson's first or last ask, in turn, in the rotating languages."""
    client = Client()
    ends = lesson_ends(sorted(ask_steps(), key=lambda s: (s.tutorial_id, s.number)))
    lessons: dict[int, list] = {}
    for lang, step in ends:
        lessons.setdefault(step.tutorial_id, []).append((lang, step))
    sample = [pair[index % len(pair)] for index, pair in enumerate(lessons.values())]
    for lang, step in sample:
        assert_tried_moves_read_clean(client, step, lang)
    # The English check on the others' cards, at that ask of every two-player lesson.
    for lang, step in sample:
        if lang != "en" and tutorial_rules(step.tutorial).players == 2:
            assert_tried_moves_read_clean(client, step, "en")
