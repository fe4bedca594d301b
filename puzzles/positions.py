"""Puzzle positions through the engine alone (no Django): reach, solve, judge, describe.

A puzzle is a deal layout plus the actions that reach a strict-phase position with the
stock used up, where the seat to act (the reader) knows every card and the solver's values
are exact. Everything the pages say about a puzzle is recomputed here from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sixtysix import Action, Analysis, Deal, RuleSet
from sixtysix.cards import SUITS
from sixtysix.players import player_view

from words.solver_facts import (
    Line,
    Wrong,
    analyse,
    best_reply,
    consequence,
    consequence_of,
    last_trick_decides,
    opponent_of,
    principal_line,
)

__all__ = ["Line", "Wrong", "analyse", "best_reply", "consequence", "principal_line"]

THEMES = (
    "claim-or-play-on",
    "count-to-66",
    "draw-trumps",
    "keep-marriage",
    "last-trick",
    "trump-ace",
    "last-tricks-three",
)
MAIN_THEME_ORDER = (
    "last-tricks-three",
    "trump-ace",
    "keep-marriage",
    "draw-trumps",
    "last-trick",
    "claim-or-play-on",
    "count-to-66",
)
"""The puzzle's `theme` is the first of its themes in this order (the most specific)."""
KINDS = ("ending", "layouts")
"""ending: the stock is used up and the solver's values are exact (two active seats).
layouts: a small ending of three players, judged over every layout of the hidden cards
(layout_positions.py)."""
DIFFICULTIES = (1, 2, 3)
RATINGS = (400, 3000)
"""The range of a puzzle's initial rating (the generator's, from the solver's facts)."""
MAX_LINE = 24
"""No deal of the solver's variants has more reader moves than this after the stock is out."""


class PuzzleError(ValueError):
    """A puzzle that does not hold: illegal actions, not exact, or an answer not the best."""


def reach(rules: RuleSet, layout: dict, actions: list[dict]) -> Deal:
    """The deal after the puzzle's actions (EngineError when the layout or a move is bad)."""
    deal = Deal.new(rules, layout=layout)
    for raw in actions:
        deal.apply(Action.from_dict(raw))
    return deal


def margin_needed(rules: RuleSet) -> int:
    """How much better the answer must be: one game point, or 10 raw points in Idiot-66."""
    return 10 if rules.scoring == "raw_points" else 1


def answer_of(deal: Deal, analysis: Analysis) -> list[Action]:
    """The best first action; after a marriage, also the same player's best next action
    (the King or Queen to lead, or the claim the marriage allows)."""
    first = analysis.best[0]
    answer = [first]
    if first.type == "meld":
        d = deal.copy()
        d.apply(first)
        answer.append(best_reply(d))
    return answer


def check(rules: RuleSet, layout: dict, actions: list[dict], answer: list[dict]) -> Analysis:
    """Re-verify a stored puzzle: exact position, answer the solver's only best move."""
    try:
        deal = reach(rules, layout, actions)
    except Exception as exc:  # EngineError, or a malformed action
        raise PuzzleError(f"the position cannot be reached ({exc})") from exc
    if deal.result is not None or deal.to_act is None:
        raise PuzzleError("the deal is already over")
    if deal.phase != "strict" or deal.stock_size or deal.closed_by is not None:
        raise PuzzleError("the stock is not used up")
    analysis = analyse(deal)
    if not analysis.perfect_information:
        raise PuzzleError("the solver's result is not exact here")
    if not answer:
        raise PuzzleError("no answer")
    expected = [a.to_dict() for a in answer_of(deal, analysis)]
    if len(analysis.best) != 1 or expected[0] != answer[0]:
        best = ", ".join(a.key() for a in analysis.best)
        raise PuzzleError(f"the answer is not the solver's best move (best: {best})")
    others = [m.value for m in analysis.moves if m.action != analysis.best[0]]
    if others and analysis.value - max(others) < margin_needed(rules):
        raise PuzzleError("the answer is not clearly better than the next move")
    if len(answer) > 1:
        d = deal.copy()
        d.apply(analysis.best[0])
        second = analyse(d)
        if Action.from_dict(answer[1]) not in second.best:
            raise PuzzleError("the card led after the marriage is not the best")
    return analysis


# --------------------------------------------------------------------------- the facts
@dataclass
class Facts:
    """What the solver says about a puzzle, for themes, difficulty and explanations."""

    seat: int
    value: float
    answer: list[Action]
    line: list[Action]
    result: dict
    worse: list[tuple[Action, float]] = field(default_factory=list)
    themes: list[str] = field(default_factory=list)
    difficulty: int = 1
    rating: int = 1000

    @property
    def theme(self) -> str:
        return main_theme(self.themes)


def main_theme(themes: list[str]) -> str:
    """The most specific of a puzzle's themes."""
    return next(t for t in MAIN_THEME_ORDER if t in themes)


def initial_rating(only_moves: int, wrong: int, value_gap: float, rules: RuleSet) -> int:
    """A first guess at how hard the puzzle is: each move of the reader's best line that
    is the only good one, each losing first move, and a small gap to the next move
    make it harder (a Glicko-2 rating from attempts replaces it)."""
    gap = value_gap / margin_needed(rules)
    rating = 800 + 120 * only_moves + 50 * wrong + (150 if gap <= 1 else 0)
    return max(RATINGS[0], min(RATINGS[1], rating))


def _suit(card: str | None) -> str:
    """The suit letter of a card code, "" for an action without a card."""
    return card[1] if card else ""


def _last_trick_counts(deal: Deal, best_line: Line, worse: list) -> bool:
    """With raw points every point counts: the reader takes the last trick on the best
    line and a worse move gives it away."""
    if deal.rules.scoring != "raw_points" or best_line.last_trick != deal.to_act:
        return False
    return any(consequence(deal, a) == "last_trick" for a, _v in worse)


def _trump_ace(trump: str | None, hand: list[str], first: Action, worse: list) -> bool:
    """The reader holds the trump Ace and the answer differs from a worse move in whether
    it is played now: lead (or play) it, or keep it."""
    ace = f"A{trump}" if trump else None
    if ace not in hand:
        return False
    plays = first.type == "play" and first.card == ace
    return any(a.type == "play" and (a.card == ace) != plays for a, _v in worse)


def facts_of(deal: Deal, analysis: Analysis) -> Facts:
    """Themes and difficulty derived from the solver's values and its best line."""
    seat = deal.to_act
    assert seat is not None, "a puzzle starts with a seat to act"
    rules = deal.rules
    view = player_view(deal, seat)
    answer = answer_of(deal, analysis)
    best_line = principal_line(deal)
    line, result = best_line.actions, best_line.result
    first = answer[0]
    worse = [(m.action, m.value) for m in analysis.moves if m.action != first]
    themes = []
    points = view.card_points[seat] if view.card_points else 0
    legal_declare = any(a.type == "declare" for a in view.legal)
    if legal_declare and points >= rules.target:
        themes.append("claim-or-play-on")
    mine = [a for a in line if a.player == seat]
    if first.type == "declare" or (len(mine) > 1 and mine[1].type == "declare"):
        themes.append("count-to-66")
    trump = view.trump
    opponent_hand = deal.state()["hands"][opponent_of(deal, seat)]
    if (
        first.type == "play"
        and not view.trick
        and trump
        and _suit(first.card) == trump
        and any(_suit(c) == trump for c in opponent_hand)
    ):
        themes.append("draw-trumps")
    pairs = [s for s in SUITS if f"K{s}" in view.hand and f"Q{s}" in view.hand]
    breaks = [
        a
        for a, _v in worse
        if a.type == "play" and a.card and a.card[0] in "KQ" and _suit(a.card) in pairs
    ]
    keeps = first.type == "meld" or (
        first.type == "play"
        and not (first.card and first.card[0] in "KQ" and _suit(first.card) in pairs)
    )
    if pairs and breaks and keeps and rules.marriage_in_strict_phase:
        themes.append("keep-marriage")
    if last_trick_decides(best_line, seat, rules) or _last_trick_counts(deal, best_line, worse):
        themes.append("last-trick")
    if _trump_ace(trump, list(view.hand), first, worse):
        themes.append("trump-ace")
    if not themes and result.get("reason") == "declared" and seat in result.get("winners", []):
        themes.append("count-to-66")
    wrong = sum(1 for a, _v in worse if a.type != "declare")
    score = 2 * best_line.only_moves + wrong
    difficulty = 1 if score <= 5 else 2 if score <= 8 else 3
    gap = analysis.value - max((v for _a, v in worse), default=analysis.value)
    rating = initial_rating(best_line.only_moves, wrong, gap, rules)
    return Facts(seat, analysis.value, answer, line, result, worse, themes, difficulty, rating)


def signature(deal: Deal) -> str:
    """Hands, trick, trumps and the seat to act: equal signatures are the same puzzle."""
    state = deal.state()
    hands = ".".join("".join(sorted(h)) for h in state["hands"])
    trick = "".join(p["card"] for p in state["trick"])
    return f"{hands}|{trick}|{state.get('trump')}|{deal.to_act}"


# --------------------------------------------------------------------------- the reader's line
@dataclass
class Walk:
    """The position after the reader's moves so far, each answered by the best defence."""

    deal: Deal
    seat: int
    value: float
    steps: list[Action] = field(default_factory=list)
    wrong: Wrong | None = None
    error: str = ""
    """bad_key, illegal, off_line (a move before the last lost value), too_long, over."""
    error_details: tuple = ()

    @property
    def solved(self) -> bool:
        return self.deal.result is not None and self.wrong is None and not self.error


def play_line(start: Deal, keys: list[str]) -> Walk:
    """Apply the reader's moves, each answered by the solver's best defence.

    Every move must be legal; one that lets the value drop is explained when it is the last
    one (the reader just tried it), and refuses the whole line when it is not.
    """
    deal = start.copy()
    seat = deal.to_act
    assert seat is not None, "a puzzle starts with a seat to act"
    walk = Walk(deal, seat, analyse(deal).value)
    if len(keys) > MAX_LINE:
        walk.error = "too_long"
        return walk
    for i, key in enumerate(keys):
        if deal.result is not None:
            walk.error = "over"
            return walk
        try:
            action = Action.from_key(key, seat)
        except Exception:  # IllegalAction("bad_action") or a malformed key
            walk.error = "bad_key"
            return walk
        try:
            deal.check(action)
        except Exception as exc:  # IllegalAction with its reason code
            walk.error = "illegal"
            walk.error_details = (getattr(exc, "code", ""), getattr(exc, "details", {}) or {})
            return walk
        analysis = analyse(deal)
        value = analysis.move(action).value
        if value < analysis.value:
            if i < len(keys) - 1:
                walk.error = "off_line"
                return walk
            walk.wrong = Wrong(action, analysis.value, value, *consequence_of(deal, action))
            return walk
        deal.apply(action)
        walk.steps.append(action)
        while deal.result is None and deal.to_act != seat:
            reply = best_reply(deal)
            deal.apply(reply)
            walk.steps.append(reply)
    return walk
