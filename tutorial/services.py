"""Assembling tutorial steps and checking the reader's moves, always through the engine."""

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, Q
from django.http import Http404
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from sixtysix import Action, RuleSet

from practice.game import PRACTICE_VARIANTS
from rules.models import RuleSection
from words.explain import explain_refusal, seat_name
from words.lesson_words import also_good_reply, correct_reply, not_this_lesson_reply
from words.log_words import describe_actions
from words.markup import fill_html, render_inline, render_markup
from words.result_words import describe_result
from words.solver_facts import is_false_claim, judge
from words.solver_words import false_claim, wrong_move
from words.table import SeatView, TableView, choice_label, trick_winner_name

from .models import CourseGroup, Tutorial, TutorialStep
from .replay import Position, Script, check_move, deal_at, fill, narration_values, replay_once


def tutorial_list():
    return Tutorial.objects.select_related("variant", "group").prefetch_related("steps")


@dataclass
class CourseChapter:
    group: CourseGroup
    lessons: list[Tutorial]


def course_map() -> list[CourseChapter]:
    """The course's groups in order, each with its lessons in course order."""
    lessons = sorted(tutorial_list(), key=lambda t: (t.order, t.slug))
    chapters = [CourseChapter(group, []) for group in CourseGroup.objects.order_by("order")]
    by_key = {chapter.group.pk: chapter for chapter in chapters}
    for lesson in lessons:
        chapter = by_key.get(lesson.group_id)
        if chapter is not None:
            chapter.lessons.append(lesson)
    return [chapter for chapter in chapters if chapter.lessons]


def first_lesson() -> Tutorial | None:
    """The lesson the course starts with (the home page's "start here")."""
    return Tutorial.objects.order_by("order", "slug").first()


def next_lesson(tutorial: Tutorial) -> Tutorial | None:
    """The lesson that follows in the course, None after the last."""
    later = Q(order__gt=tutorial.order) | Q(order=tutorial.order, slug__gt=tutorial.slug)
    return Tutorial.objects.filter(later).order_by("order", "slug").first()


def tutorial_get(*, slug: str) -> Tutorial:
    """The tutorial with its variant, steps and the variant's sections; 404 if unknown."""
    tutorial = (
        Tutorial.objects.select_related("variant")
        .prefetch_related(
            Prefetch("steps", queryset=TutorialStep.objects.order_by("number")),
            Prefetch("variant__sections", queryset=RuleSection.objects.order_by("order")),
        )
        .filter(slug=slug)
        .first()
    )
    if tutorial is None:
        raise Http404(_("There is no tutorial called “%(slug)s”.") % {"slug": slug})
    return tutorial


def tutorial_rules(tutorial: Tutorial) -> RuleSet:
    return RuleSet.from_dict(tutorial.variant.rules).with_options(tutorial.options)


def tutorial_positions(tutorial: Tutorial, steps: list[TutorialStep]) -> tuple[Position, ...]:
    """The engine's position after every step, replayed once per content version."""
    script = Script(tutorial.deals, [(step.deal, step.actions) for step in steps])
    return replay_once(tutorial_rules(tutorial), script)


@dataclass
class Verdict:
    """The answer to a tried move: correct, legal but not this lesson's move, or illegal."""

    correct: bool
    legal: bool
    message: str
    code: str = ""


@dataclass(kw_only=True)
class StepView(TableView):
    tutorial: Tutorial
    step: TutorialStep
    number: int
    total: int
    narration: str
    hint: str
    prompt: str = ""
    """The step's last paragraph (its question), shown above the table."""
    more: str = ""
    """The paragraphs before it, folded away on a phone."""
    choices: list[dict] = field(default_factory=list)
    result: str = ""
    sections: list[RuleSection] = field(default_factory=list)
    hand_template: str = "tutorial/includes/hand.html"
    asks: list[int] = field(default_factory=list)
    """Numbers of the steps that ask for a move (the stars count them)."""
    recap: str = ""
    next_lesson: Tutorial | None = None
    play_on_url: str = ""

    @property
    def can_play(self) -> bool:
        """A card of the hand is among the choices (not while bidding or naming trumps)."""
        return any(choice["type"] == "play" for choice in self.choices)

    @property
    def is_last(self) -> bool:
        return self.number == self.total

    @property
    def can_reveal(self) -> bool:
        """Hidden hands get a "show" link; after the deal everything is face up anyway."""
        return not self.tutorial.reveal and not self.result


def _names(tutorial: Tutorial, rules: RuleSet) -> list[str]:
    return [
        seat_name(s, tutorial.you, rules.players, rules.team_play) for s in range(rules.players)
    ]


def _key(action: dict, you: int) -> str:
    """The move's key (`play-QH`) from its protocol form, with or without a player."""
    return Action.from_dict({**action, "player": action.get("player", you)}).key()


def step_view(*, tutorial: Tutorial, number: int, reveal: bool = False) -> StepView:
    """The step in parts: the table at that point of the script, the narration with its
    values filled in, the moves asked for, and at the last step what comes next."""
    steps = list(tutorial.steps.all())
    step = _step(steps, number)
    position = tutorial_positions(tutorial, steps)[number - 1]
    rules = tutorial_rules(tutorial)
    state = position.state
    names = _names(tutorial, rules)
    last = position.completed_tricks[-1] if position.completed_tricks else None
    values = narration_values(position, rules, tutorial.you)
    return StepView(
        tutorial=tutorial,
        step=step,
        number=number,
        total=len(steps),
        asks=[s.number for s in steps if s.ask],
        **(_ending(tutorial) if number == len(steps) else {}),
        seats=_seats(tutorial, rules, position, names, reveal),
        turnup=state.get("turnup"),
        trump=state.get("trump"),
        stock=state["stock_size"],
        closed=state.get("closed_by") is not None,
        has_stock=rules.has_stock,
        phase=state["phase"],
        trick=[(names[p["player"]], p["card"]) for p in state["trick"]],
        last_trick=[(names[p["player"]], p["card"]) for p in (last or [])],
        last_trick_winner=trick_winner_name(state, names),
        happened=list(
            describe_actions(position.actions, names, tutorial.you, rules, state=position.state)
        ),
        highlight={a["card"] for a in position.actions if a.get("card")},
        **_narration(fill(step.text, values)),
        hint=render_markup(fill(step.hint, values)) if step.hint else "",
        choices=_choices(tutorial, step, position, rules),
        result=describe_result(position.result, names, rules) if position.result else "",
        sections=[s for s in tutorial.variant.sections.all() if s.key in step.sections],
    )


def _step(steps: list[TutorialStep], number: int) -> TutorialStep:
    """Step `number` (from 1) of the lesson; 404 past either end."""
    if not 1 <= number <= len(steps):
        raise Http404(
            _("This tutorial has no step %(number)s; it has %(total)d steps.")
            % {"number": number, "total": len(steps)}
        )
    return steps[number - 1]


def _seats(
    tutorial: Tutorial, rules: RuleSet, position: Position, names: list[str], reveal: bool
) -> list[SeatView]:
    """Every seat, the reader's last (the template puts it at the bottom of the table); the
    others' hands hidden unless the lesson or the reader shows them, or the deal is over."""
    show_all = tutorial.reveal or reveal or position.result is not None
    seats = [
        SeatView.of(
            position.state,
            seat,
            name=names[seat],
            you=tutorial.you,
            to_act=position.to_act,
            hidden=not (show_all or seat == tutorial.you),
            # Counting is part of the game: with the hands hidden, so are the others' points.
            points_visible=show_all or seat == tutorial.you,
        )
        for seat in range(rules.players)
    ]
    seats.sort(key=lambda s: (s.is_you, (s.seat - tutorial.you) % rules.players))
    return seats


def _choices(
    tutorial: Tutorial, step: TutorialStep, position: Position, rules: RuleSet
) -> list[dict]:
    """The moves the reader may try at a "your move" step (none once the deal is over)."""
    if not step.ask or position.result is not None:
        return []
    return [
        {"key": _key(a, tutorial.you), "label": choice_label(a, rules), **a} for a in position.legal
    ]


def _ending(tutorial: Tutorial) -> dict[str, Any]:
    """What the last step adds: the lesson's recap and where to go on."""
    return {
        "recap": render_markup(tutorial.recap) if tutorial.recap else "",
        "next_lesson": next_lesson(tutorial),
        "play_on_url": play_on_url(tutorial),
    }


def _narration(text: str) -> dict:
    """The whole narration, and its last paragraph (the question) apart from the rest."""
    more, _sep, prompt = text.strip().rpartition("\n\n")
    return {
        "narration": render_markup(text),
        "prompt": render_markup(prompt),
        "more": render_markup(more) if more.strip() else "",
    }


def move_check(*, tutorial: Tutorial, number: int, action: dict) -> Verdict:
    """Judge a move the reader tries at a "your move" step, through the engine."""
    steps = list(tutorial.steps.all())
    step = steps[number - 1]
    rules = tutorial_rules(tutorial)
    action = {"player": tutorial.you, **action}
    code, details = check_move(rules, tutorial.script(steps), number, action)
    position = tutorial_positions(tutorial, steps)[number - 1]
    values = narration_values(position, rules, tutorial.you)
    if code != "legal":
        message = explain_refusal(code, details, position.state, rules=rules)
        return Verdict(False, False, str(message), code)
    key = _key(action, tutorial.you)
    if key == script_move(tutorial=tutorial, steps=steps, number=number):
        return Verdict(True, True, str(correct_reply()))
    if any(_key(accepted, tutorial.you) == key for accepted in step.ask):
        # As good, but the next step plays the script's move: "Correct!" would be followed
        # by another card than the reader's.
        return Verdict(False, True, str(also_good_reply()), "also_good")
    wrong = (step.wrong.get(get_language()) or step.wrong.get("en") or {}).get(key)
    if wrong:
        return Verdict(False, True, str(render_markup(fill(wrong, values))))
    deal = deal_at(rules, tutorial.script(steps), number)
    worse = judge(deal, Action.from_dict(action))
    if worse is not None:
        return Verdict(False, True, str(render_markup(wrong_move(worse, rules))), "worse")
    if is_false_claim(deal, Action.from_dict(action)):  # with the stock open too
        return Verdict(False, True, str(fill_html(false_claim(rules))), "false_claim")
    hint = render_inline(fill(step.hint, values))
    return Verdict(False, True, str(not_this_lesson_reply(hint)))


def script_move(*, tutorial: Tutorial, steps: list[TutorialStep], number: int) -> str:
    """The key of the move the lesson goes on with after asking step `number` (the next
    step's first action; the loader checks that it is among the step's accepted moves)."""
    if number >= len(steps) or not steps[number].actions:
        return ""
    return _key(steps[number].actions[0], tutorial.you)


def play_on_url(tutorial: Tutorial) -> str:
    """Practice from the lesson's final position, where practice plays the variant."""
    if tutorial.variant.slug not in PRACTICE_VARIANTS:
        return ""
    url = reverse("practice:game", kwargs={"slug": tutorial.variant.slug})
    return f"{url}?from=lesson:{tutorial.slug}"
