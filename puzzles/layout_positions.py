"""Puzzles of kind "layouts": small endings of three active seats, judged over every way the
hidden cards may lie (sixtysix.solver.endings), through the engine alone (no Django).

With three players the reader cannot deduce the other hands, so the answer must be the one
move that is never worse than another in any layout and better than each of them in some;
the page shows only what the reader's seat may see. The puzzle is that one move: no line is
played on (the other players' replies would come from one layout, the one in the file).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from sixtysix import Action, Deal, RuleSet
from sixtysix.players import player_view
from sixtysix.solver import SolverError
from sixtysix.solver.endings import MAX_CARDS, Judgement, judge_ending, supports_endings

from words.solver_facts import Wrong

from .positions import PuzzleError, Walk, reach

LAYOUT_THEME = "last-tricks-three"
"""The theme of every layouts puzzle: the last tricks with three players."""
MIN_MOVES = 3
"""A layouts puzzle offers at least this many legal moves (two is close to a coin toss)."""

_JUDGED: OrderedDict[tuple[str, RuleSet], Judgement] = OrderedDict()


def judged(deal: Deal) -> Judgement:
    """The layout judge's verdict for the seat to act, kept per view (it is deterministic
    and reads only the view)."""
    seat = deal.to_act
    if seat is None:
        raise SolverError("the deal is over")
    view = player_view(deal, seat)
    key = (repr(view), deal.rules)
    found = _JUDGED.get(key)
    if found is None:
        found = _JUDGED[key] = judge_ending(view, deal.rules)
        if len(_JUDGED) > 2048:
            _JUDGED.popitem(last=False)
    return found


def is_layout_position(deal: Deal) -> bool:
    """The judge may decide here: three or more active seats, strict, small hands."""
    seat = deal.to_act
    if seat is None or deal.result is not None or not supports_endings(deal.rules):
        return False
    small = deal.hands[seat].bit_count() <= MAX_CARDS
    return deal.phase == "strict" and not deal.stock_size and small


def qualifies(judgement: Judgement) -> bool:
    """One move best in every layout, enough moves to choose from."""
    return judgement.best is not None and len(judgement.moves) >= MIN_MOVES


def check_layouts(
    rules: RuleSet, layout: dict, actions: list[dict], answer: list[dict]
) -> Judgement:
    """Re-verify a stored layouts puzzle: a small ending, the answer the one dominant move."""
    try:
        deal = reach(rules, layout, actions)
    except Exception as exc:  # EngineError, or a malformed action
        raise PuzzleError(f"the position cannot be reached ({exc})") from exc
    if not is_layout_position(deal):
        raise PuzzleError("not a small ending of three players with the stock used up")
    try:
        judgement = judged(deal)
    except SolverError as exc:
        raise PuzzleError(f"the layout judge cannot decide here ({exc})") from exc
    if not qualifies(judgement) or judgement.best is None:
        raise PuzzleError("no single move is best in every layout of the hidden cards")
    if len(answer) != 1 or Action.from_dict(answer[0]) != judgement.best:
        raise PuzzleError(f"the answer is not the judge's best move (best: {judgement.best.key()})")
    return judgement


@dataclass
class LayoutFacts:
    """What the judge says, for tags and the page."""

    seat: int
    value: int
    answer: list[Action]
    layouts: int
    worse: list[tuple[Action, int, int]] = field(default_factory=list)
    """(move, layouts where it is worse than the answer, its worst value)."""
    themes: list[str] = field(default_factory=lambda: [LAYOUT_THEME])
    difficulty: int = 1
    rating: int = 1000

    kind: str = "layouts"

    @property
    def theme(self) -> str:
        return LAYOUT_THEME


def worse_counts(judgement: Judgement) -> list[tuple[Action, int, int]]:
    """Per other move: in how many layouts it does worse than the best, and its worst value."""
    best = judgement.move(judgement.best) if judgement.best else None
    out = []
    for m in judgement.moves:
        if best is None or m.action == best.action:
            continue
        worse = sum(a > b for a, b in zip(best.values, m.values, strict=True))
        out.append((m.action, worse, m.low))
    return out


def layout_facts(judgement: Judgement) -> LayoutFacts:
    """Difficulty and a first rating: many layouts and moves that are worse in few of them
    (a near miss) make it harder."""
    assert judgement.best is not None, "a layouts puzzle has one best move"
    worse = worse_counts(judgement)
    near = sum(1 for _a, w, _low in worse if w * 4 <= judgement.layouts)
    score = min(judgement.layouts, 12) // 3 + near + len(worse) // 2
    difficulty = 1 if score <= 2 else 2 if score <= 4 else 3
    rating = max(400, min(3000, 850 + 40 * min(judgement.layouts, 12) + 90 * near))
    return LayoutFacts(
        seat=judgement.seat,
        value=judgement.value,
        answer=[judgement.best],
        layouts=judgement.layouts,
        worse=worse,
        difficulty=difficulty,
        rating=rating,
    )


@dataclass
class LayoutWalk(Walk):
    """The reader's one move: right (the dominant move) or wrong (worse somewhere)."""

    decided: bool = False

    @property
    def solved(self) -> bool:
        return self.decided and self.wrong is None and not self.error


def play_first_move(start: Deal, keys: list[str]) -> LayoutWalk:
    """Judge the reader's first move; a line of more than one move is not of this puzzle."""
    judgement = judged(start)
    seat = judgement.seat
    walk = LayoutWalk(start.copy(), seat, judgement.value)
    if not keys:
        return walk
    if len(keys) > 1:
        walk.error = "off_line"
        return walk
    try:
        action = Action.from_key(keys[0], seat)
    except Exception:  # IllegalAction("bad_action") or a malformed key
        walk.error = "bad_key"
        return walk
    try:
        start.check(action)
    except Exception as exc:  # IllegalAction with its reason code
        walk.error = "illegal"
        walk.error_details = (getattr(exc, "code", ""), getattr(exc, "details", {}) or {})
        return walk
    if action != judgement.best:
        counts = {a: (w, low) for a, w, low in worse_counts(judgement)}
        worse, low = counts[action]
        details = {"worse": worse, "layouts": judgement.layouts}
        walk.wrong = Wrong(action, judgement.value, low, "layouts", details)
        return walk
    walk.deal.apply(action)
    walk.steps.append(action)
    walk.decided = True
    return walk
