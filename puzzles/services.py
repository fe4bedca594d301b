"""Assembling puzzle pages: filters, the puzzle of the day, the reader's line through the engine."""

import datetime
import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache

from django.http import Http404
from django.utils.translation import gettext as _
from sixtysix import Action, Deal, RuleSet

from words import layout_words
from words.explain import explain_refusal
from words.log_words import describe_actions
from words.markup import render_inline
from words.result_words import describe_result
from words.table import TableView, choice_label, seat_names_in_play, trick_winner_name

from . import layout_pages, wording
from .layout_pages import is_layouts
from .layout_positions import play_first_move
from .models import Puzzle
from .page_seats import table_seats
from .positions import MAX_LINE, THEMES, Walk, analyse, play_line, principal_line, reach

LINE_SEPARATOR = "."
MAX_LINE_CHARS = MAX_LINE * 12


class FilterError(ValueError):
    """A filter value the list does not know (the page says which, with status 400)."""


@dataclass
class Filters:
    variant: str = ""
    theme: str = ""
    difficulty: int | None = None


def parse_filters(query, variant_slugs: list[str]) -> Filters:
    """The list's filters from the query string; FilterError names a bad one."""
    filters = Filters()
    variant = query.get("variant", "")
    if variant:
        if variant not in variant_slugs:
            raise FilterError(_("There is no variant called “%(slug)s”.") % {"slug": variant[:40]})
        filters.variant = variant
    theme = query.get("theme", "")
    if theme:
        if theme not in THEMES:
            raise FilterError(
                _("There is no puzzle theme called “%(theme)s”.") % {"theme": theme[:40]}
            )
        filters.theme = theme
    difficulty = query.get("difficulty", "")
    if difficulty:
        if difficulty not in ("1", "2", "3"):
            raise FilterError(_("The difficulty must be 1, 2 or 3."))
        filters.difficulty = int(difficulty)
    return filters


def puzzle_list(filters: Filters | None = None) -> list[Puzzle]:
    puzzles = Puzzle.objects.select_related("variant").order_by("number")
    if filters is None:
        return list(puzzles)
    if filters.variant:
        puzzles = puzzles.filter(variant__slug=filters.variant)
    if filters.difficulty:
        puzzles = puzzles.filter(difficulty=filters.difficulty)
    rows = list(puzzles)
    if filters.theme:
        rows = [p for p in rows if filters.theme in p.themes]
    return rows


def puzzle_get(*, number: int) -> Puzzle:
    puzzle = Puzzle.objects.select_related("variant").filter(number=number).first()
    if puzzle is None:
        raise Http404(_("There is no puzzle number %(number)s.") % {"number": number})
    return puzzle


def neighbours(puzzle: Puzzle) -> tuple[Puzzle | None, Puzzle | None]:
    """The puzzles before and after this one, for the page's previous/next links."""
    before = Puzzle.objects.filter(number__lt=puzzle.number).order_by("-number").first()
    after = Puzzle.objects.filter(number__gt=puzzle.number).order_by("number").first()
    return before, after


def puzzle_of_the_day(day: datetime.date | None = None) -> Puzzle | None:
    """The same puzzle all day for everyone; the next one tomorrow."""
    day = day or datetime.date.today()
    numbers = list(Puzzle.objects.order_by("number").values_list("number", flat=True))
    if not numbers:
        return None
    return Puzzle.objects.select_related("variant").get(
        number=numbers[day.toordinal() % len(numbers)]
    )


def theme_names(puzzle: Puzzle) -> list[str]:
    return [str(wording.THEME_NAMES[t]) for t in puzzle.themes if t in wording.THEME_NAMES]


def puzzle_rules(puzzle: Puzzle) -> RuleSet:
    return RuleSet.from_dict(puzzle.variant.rules)


def _payload(puzzle: Puzzle) -> str:
    return json.dumps([puzzle.variant.rules, puzzle.deal, puzzle.actions], sort_keys=True)


@lru_cache(maxsize=512)
def _walk_cached(fingerprint: str, payload: str, keys: tuple[str, ...], kind: str) -> Walk:
    rules_dict, layout, actions = json.loads(payload)
    start = reach(RuleSet.from_dict(rules_dict), layout, actions)
    if kind == "layouts":
        return play_first_move(start, list(keys))
    return play_line(start, list(keys))


@lru_cache(maxsize=256)
def _analysis_cached(fingerprint: str, payload: str):
    rules_dict, layout, actions = json.loads(payload)
    return analyse(reach(RuleSet.from_dict(rules_dict), layout, actions))


@lru_cache(maxsize=256)
def _line_cached(fingerprint: str, payload: str) -> tuple[dict, ...]:
    rules_dict, layout, actions = json.loads(payload)
    start = reach(RuleSet.from_dict(rules_dict), layout, actions)
    return tuple(a.to_dict() for a in principal_line(start).actions)


def best_line(puzzle: Puzzle) -> tuple[dict, ...]:
    """Both sides' best moves from the puzzle's position to the end of the deal."""
    payload = _payload(puzzle)
    return _line_cached(hashlib.sha256(payload.encode()).hexdigest(), payload)


def start_analysis(puzzle: Puzzle):
    """The solver's analysis of the puzzle's position, once per content version."""
    payload = _payload(puzzle)
    return _analysis_cached(hashlib.sha256(payload.encode()).hexdigest(), payload)


def walk(puzzle: Puzzle, keys: list[str]) -> Walk:
    """The reader's line through the engine, computed once per puzzle and line."""
    payload = _payload(puzzle)
    digest = hashlib.sha256(payload.encode()).hexdigest()
    return _walk_cached(digest, payload, tuple(keys), puzzle.kind)


def parse_line(raw: str | None) -> list[str] | None:
    """`play-AH.play-TS` → keys; None when the parameter is malformed (too long, empty parts)."""
    if not raw:
        return []
    if len(raw) > MAX_LINE_CHARS:
        return None
    keys = raw.split(LINE_SEPARATOR)
    if any(not k or len(k) > 20 for k in keys):
        return None
    return keys


@dataclass(kw_only=True)
class PuzzleView(TableView):
    puzzle: Puzzle
    rules: RuleSet
    line: list[str]
    choices: list[dict] = field(default_factory=list)
    message: str = ""
    outcome: str = ""
    """"right", "wrong", "solved", "error" or "" (the start)."""
    result: str = ""
    solution: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    best_line: list[str] = field(default_factory=list)
    task: str = ""
    back_line: str = ""
    hand_template: str = "puzzles/includes/hand.html"

    @property
    def other_choices(self) -> list[dict]:
        """The moves that are not a card from the hand (claim, marriage)."""
        return [c for c in self.choices if c["type"] != "play"]

    @property
    def can_reveal(self) -> bool:
        return False


def _line_message(walk_: Walk, rules: RuleSet) -> str:
    if walk_.error == "illegal":
        code, details = walk_.error_details
        return explain_refusal(code, details, walk_.deal.state(), rules=rules)
    return str(wording.LINE_ERRORS.get(walk_.error, wording.LINE_ERRORS["bad_key"]))


@dataclass
class _Judged:
    """Where the reader's line leads: the walk shown, the line kept, and what is said."""

    current: Walk
    keys: list[str]
    outcome: str
    message: str
    status: int = 200


def _judge(puzzle: Puzzle, keys: list[str] | None, rules: RuleSet) -> _Judged:
    """A bad line starts the puzzle again (400); a wrong move is taken back, with why."""
    current = walk(puzzle, keys or [])
    layouts = is_layouts(puzzle)
    if keys is None or current.error:
        message = (
            _line_message(current, rules) if current.error else str(wording.LINE_ERRORS["bad_key"])
        )
        return _Judged(walk(puzzle, []), [], "error", message, status=400)
    if current.wrong is not None:
        said = layout_words if layouts else wording
        return _Judged(current, keys[:-1], "wrong", said.wrong_move(current.wrong, rules))
    if current.solved:
        return _Judged(
            current, keys, "solved", layout_words.right() if layouts else wording.solved()
        )
    if len(keys) == 1:
        return _Judged(current, keys, "right", wording.first_right())
    if keys:
        return _Judged(current, keys, "right", wording.kept())
    return _Judged(current, keys, "", "")


def puzzle_view(*, puzzle: Puzzle, keys: list[str] | None) -> tuple[PuzzleView, int]:
    """The page for the reader's line so far, and its HTTP status (400 for a bad line)."""
    rules = puzzle_rules(puzzle)
    judged = _judge(puzzle, keys, rules)
    deal, seat = judged.current.deal, judged.current.seat
    state = deal.state()
    names = seat_names_in_play(rules, seat, tuple(deal.active))
    steps = [a.to_dict() for a in judged.current.steps]
    last = state.get("last_trick") or []
    layouts = is_layouts(puzzle)
    view = PuzzleView(
        puzzle=puzzle,
        rules=rules,
        line=judged.keys,
        seats=table_seats(deal, state, names, seat, hidden=layouts),
        turnup=None,
        trump=state.get("trump"),
        stock=0,
        closed=False,
        phase=state["phase"],
        trick=[(names[p["player"]], p["card"]) for p in state["trick"]],
        last_trick=[(names[p["player"]], p["card"]) for p in last],
        last_trick_winner=trick_winner_name(state, names),
        happened=[
            str(render_inline(line))
            for line in describe_actions(steps[-2:], names, seat, rules, state=state)
        ],
        highlight={a["card"] for a in steps[-2:] if a.get("card")},
        choices=_choices(deal, seat, rules) if judged.outcome != "solved" else [],
        message=str(render_inline(judged.message)) if judged.message else "",
        outcome=judged.outcome,
        result=str(render_inline(describe_result(deal.result.to_dict(), names, rules)))
        if deal.result is not None
        else "",
        task=str(render_inline(layout_words.task() if layouts else wording.task(rules))),
        back_line=LINE_SEPARATOR.join(judged.keys),
    )
    if layouts:
        start = walk(puzzle, []).deal
        view.solution, view.others = layout_pages.layout_solution(puzzle, rules, start)
    else:
        view.solution, view.others = solution(puzzle, rules)
        view.best_line = _best_line(puzzle, names, seat, rules)
    return view, judged.status


def _choices(deal: Deal, seat: int, rules: RuleSet) -> list[dict]:
    """The reader's moves, while the deal goes on and it is the reader's turn."""
    if deal.result is not None or deal.to_act != seat:
        return []
    return [
        {"key": a.key(), "label": choice_label(a.to_dict(), rules), "type": a.type}
        for a in deal.legal_actions()
    ]


def _best_line(puzzle: Puzzle, names: list[str], seat: int, rules: RuleSet) -> list[str]:
    """The solver's best line, told from the puzzle's start."""
    first = walk(puzzle, []).deal.state()  # the line is played from the puzzle's start
    return [
        str(render_inline(line))
        for line in wording.describe_line(best_line(puzzle), names, seat, rules, state=first)
    ]


def solution(puzzle: Puzzle, rules: RuleSet) -> tuple[list[str], list[str]]:
    """The answer and why, then every other first move with its value (all from the solver)."""
    start = walk(puzzle, []).deal
    analysis = start_analysis(puzzle)
    seat = start.to_act
    assert seat is not None, "a puzzle starts with a seat to act"
    answer = [Action.from_dict(a) for a in puzzle.answer]
    label = " → ".join(choice_label(a.to_dict(), rules) for a in answer)
    state = start.state()
    trump_ace = f"A{state.get('trump')}"
    facts = {
        "points": state["card_points"][seat],
        "target": rules.target,
        "plays_trump_ace": answer[0].type == "play" and answer[0].card == trump_ace,
    }
    lines = [str(wording.best_move(label, analysis.value, rules))]
    lines += [str(render_inline(x)) for x in wording.theme_sentences(puzzle.themes, facts, rules)]
    lines.append(str(render_inline(wording.value_note(rules))))
    others = [
        str(wording.other_move(choice_label(m.action.to_dict(), rules), m.value, rules))
        for m in analysis.moves
        if m.action != answer[0]
    ]
    return lines, others


def public_deal(puzzle: Puzzle) -> dict:
    """The layout as open data (layout_pages.public_deal: no hidden card of a layouts
    puzzle)."""
    if not is_layouts(puzzle):
        return puzzle.deal
    return layout_pages.public_deal(puzzle, walk(puzzle, []).deal.state())


@dataclass
class DailyPuzzle:
    """The home page's puzzle of the day: which one, and the reader's cards, each with the key
    of its move where it may be played (a way into the puzzle) or None (shown, not offered)."""

    puzzle: Puzzle
    trump: str | None
    cards: list[tuple[str, str | None]]


def daily_puzzle(day: datetime.date | None = None) -> DailyPuzzle | None:
    puzzle = puzzle_of_the_day(day)
    if puzzle is None:
        return None
    start = walk(puzzle, [])
    deal = start.deal
    state = deal.state()
    hand = state["hands"][start.seat]
    playable = {a.card: a.key() for a in deal.legal_actions() if a.type == "play"}
    return DailyPuzzle(
        puzzle=puzzle,
        trump=state.get("trump"),
        cards=[(code, playable.get(code)) for code in hand],
    )


def puzzles_near(
    rating: float, *, kind: str = "", theme: str = "", variant: str = "", count: int = 10
) -> list[Puzzle]:
    """Up to `count` puzzles whose initial rating (the generator's) is nearest `rating`,
    nearest first, ties by number; only those of the given kind, theme (any of a puzzle's
    themes) and variant slug where given. A stable entry point for other apps (training):
    the model fields it reads — number, variant, kind, theme, themes, rating, difficulty —
    keep their meaning."""
    rows = Puzzle.objects.select_related("variant")
    if kind:
        rows = rows.filter(kind=kind)
    if variant:
        rows = rows.filter(variant__slug=variant)
    found = [p for p in rows if not theme or theme in p.themes]
    found.sort(key=lambda p: (abs(p.rating - rating), p.number))
    return found[:count]
