"""What the exact solver says about a two-player endgame move, as plain facts (no Django).

Shared by the puzzles and the lessons: the value of each move with best play on both sides,
both sides' best line, and what a worse move gives away (read off those lines). The
sentences made from these facts are in words/solver_words.py.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from sixtysix import Action, Analysis, Deal, EngineError, RuleSet
from sixtysix.players import player_view
from sixtysix.solver import SolverError, solve

_ANALYSES: OrderedDict[tuple[str, object], Analysis] = OrderedDict()
ANALYSES_KEPT = 4096


def analyse(deal: Deal) -> Analysis:
    """The solver's analysis for the seat to act.

    Kept per process for the last few thousand positions: a lesson's step, a puzzle and
    its best line ask for the same positions again and again (each tried move, each load),
    and the solver is deterministic. The key is the whole view of the seat to act (its
    repr: every field but the rules) and the rules; an Analysis is frozen, so sharing it
    is safe. Errors are raised each time, never kept.
    """
    if deal.to_act is None:
        raise SolverError("the deal is over: nobody is to act")
    view = player_view(deal, deal.to_act)
    key = (repr(view), deal.rules)
    analysis = _ANALYSES.get(key)
    if analysis is None:
        analysis = solve(view, deal.rules)
        _ANALYSES[key] = analysis
        if len(_ANALYSES) > ANALYSES_KEPT:
            _ANALYSES.popitem(last=False)
    return analysis


def best_reply(deal: Deal) -> Action:
    """The solver's choice for the seat to act: the first of its best moves."""
    return analyse(deal).best[0]


@dataclass
class Line:
    """Both sides' best moves to the end of the deal, as the solver plays them."""

    actions: list[Action]
    result: dict[str, Any]
    only_moves: int
    """Moves of the first mover where a single move kept the value (of several)."""
    last_trick: int | None
    """Seat that won the deal's last trick, None when the deal ended by a claim."""


def principal_line(deal: Deal) -> Line:
    """Both sides' best moves from here to the end of the deal, and the deal's result."""
    d = deal.copy()
    seat = deal.to_act
    line, only = [], 0
    while d.result is None:
        analysis = analyse(d)
        action = analysis.best[0]
        if d.to_act == seat and len(analysis.best) == 1 and len(analysis.moves) > 1:
            only += 1
        line.append(action)
        d.apply(action)
    result = d.result.to_dict()
    last = None
    if result.get("reason") not in ("declared", "false_declaration", "closer_beaten"):
        # the engine's trick record: the deal's last trick leads nothing, so the
        # leader field still names the seat that led it
        last = d.last_trick_winner
    return Line(line, result, only, last)


def last_trick_decides(line: Line, seat: int, rules: RuleSet) -> bool:
    """The seat wins the deal through the last trick on this line: it takes the last
    trick, wins, and would not win with that trick's bonus on the other side (or the
    rules give the deal to whoever takes the last trick)."""
    result = line.result
    if line.last_trick != seat or result.get("winners") != [seat]:
        return False
    if result.get("reason") == "last_trick":
        return True
    bonus = rules.last_trick_bonus
    points = result.get("card_points") or []
    if not bonus or len(points) != 2 + rules.dealer_sits_out:
        return False
    # the idle dealer's 0 never tops the opponent's count
    other = max(p for s, p in enumerate(points) if s != seat)
    return bool(points[seat] - bonus <= other + bonus)


@dataclass
class Wrong:
    """A legal move that lets the value drop, and what the solver's line shows happens then."""

    action: Action
    before: float
    after: float
    consequence: str
    """last_trick, opponent_claims, loses_deal, schneider, false_claim or "" (nothing to say)."""
    details: dict[str, Any] = field(default_factory=dict)
    """The numbers the sentence names (schneider: the opponent's `points` on the line)."""


def opponent_of(deal: Deal, seat: int) -> int:
    """The other active seat of a two-seat deal (the idle dealer of three is no opponent)."""
    return next(s for s in deal.active if s != seat)


def consequence(deal: Deal, action: Action) -> str:
    """What the move gives away (see consequence_of), without the numbers."""
    return consequence_of(deal, action)[0]


def consequence_of(deal: Deal, action: Action) -> tuple[str, dict[str, Any]]:
    """What the move gives away, read off the solver's best lines with and without it:
    false_claim, last_trick, opponent_claims, loses_deal, schneider or "" (nothing sure),
    with the numbers a sentence needs. Each is a fact of those two lines: the last trick
    changes hands, the opponent claims or wins the deal outright (never a tie), or the
    opponent's points cross the schneider line."""
    if deal.to_act is None:
        return "", {}  # the deal is over: no move gives anything away
    seat = deal.to_act
    opponent = opponent_of(deal, seat)
    rules = deal.rules
    d = deal.copy()
    d.apply(action)
    if d.result is not None:
        after, after_last = d.result.to_dict(), None
    else:
        line = principal_line(d)
        after, after_last = line.result, line.last_trick
    best = principal_line(deal)
    reason = after.get("reason")
    won_before = seat in best.result.get("winners", [])
    won_after = seat in after.get("winners", [])
    if action.type == "declare" and reason == "false_declaration":
        return "false_claim", {}
    if after_last is not None and after_last != seat and best.last_trick == seat:
        return "last_trick", {}
    if won_before and after.get("winners") == [opponent]:
        return ("opponent_claims" if reason == "declared" else "loses_deal"), {}
    threshold = rules.schneider_threshold
    points = after["card_points"][opponent]
    if (
        won_before
        and won_after
        and rules.scoring != "raw_points"
        and points >= threshold > best.result["card_points"][opponent]
    ):
        return "schneider", {"points": points}
    return "", {}


def is_false_claim(deal: Deal, action: Action) -> bool:
    """A claim the counted points do not carry: the engine ends the deal against the
    claimer (a false claim, or the closer's failure after a close)."""
    if action.type != "declare" or not deal.is_legal(action):
        return False
    after = deal.copy()
    after.apply(action)
    return after.result is not None and action.player not in after.result.winners


def judge(deal: Deal, action: Action) -> Wrong | None:
    """The solver's verdict on a legal move where its values are exact: a Wrong when the
    move is worse than the best one, None when it is as good or the solver cannot tell
    (stock still open, more than two players, hidden cards)."""
    if deal.result is not None or deal.to_act is None:
        return None
    try:
        analysis = analyse(deal)
    except (SolverError, EngineError):
        return None
    if not analysis.perfect_information:
        return None
    try:
        value = analysis.move(action).value
    except KeyError:
        return None
    if value >= analysis.value:
        return None
    return Wrong(action, analysis.value, value, *consequence_of(deal, action))
