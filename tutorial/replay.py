"""Replaying a tutorial through the engine, and the numbers its narration may quote.

Plain functions over engine objects, shared by the content loader (which refuses a file
whose actions are illegal) and the step pages (which show the engine's positions).
"""

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sixtysix import Action, Deal, EngineError, RuleSet
from sixtysix.cards import RANK_POINTS, RANKS

from words.lesson_words import COUNTED, counted

# {name}, or {name:form} for a card or suit ("{turnup:acc}" fills "[9H:acc]"): the text in
# each language names the form the card takes in its sentence.
PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)(?::([a-z_]+))?\}")


class ReplayError(Exception):
    """An action of a tutorial the engine refuses; names the step and the reason code."""

    def __init__(self, step: int, action: int, code: str, details: dict):
        self.step, self.action, self.code, self.details = step, action, code, details
        super().__init__(f"step {step}, action {action + 1}: {code} {details or ''}".strip())


@dataclass
class Position:
    """The engine's state after one step, with what happened on the way to it."""

    number: int
    state: Mapping[str, Any]
    actions: list[dict[str, Any]]
    legal: list[dict[str, Any]]
    to_act: int | None
    completed_tricks: Sequence[Sequence[Mapping[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] | None = None


def start(rules: RuleSet, layout: dict[str, Any]) -> Deal:
    return Deal.new(rules, layout=layout, dealer=layout.get("dealer", 0))


@dataclass(frozen=True)
class Script:
    """What a tutorial plays: its layouts, and for each step its deal number and actions."""

    layouts: list[dict[str, Any]]
    steps: list[tuple[int, list[dict[str, Any]]]]  # (deal number from 1, actions)


def replay(rules: RuleSet, script: Script) -> list[Position]:
    """Apply each step's actions; return the position after every step.

    A step whose deal number differs from the previous step's starts that deal afresh.
    """
    deal, current = None, None
    positions = []
    for number, (deal_number, actions) in enumerate(script.steps, start=1):
        if deal_number != current:
            deal, current = start(rules, script.layouts[deal_number - 1]), deal_number
        assert deal is not None  # the first step starts a deal: no step number is None
        completed = []
        for index, raw in enumerate(actions):
            try:
                deal.apply(Action.from_dict(raw))
            except EngineError as exc:
                raise ReplayError(number, index, exc.code, exc.details) from exc
            if raw.get("type") == "play" and not deal.trick and deal.last_trick:
                completed.append(deal.state()["last_trick"])  # in the protocol's shape
        state = deal.state()
        positions.append(
            Position(
                number=number,
                state=state,
                actions=list(actions),
                legal=state["legal"],
                to_act=deal.to_act,
                completed_tricks=completed,
                result=deal.result.to_dict() if deal.result else None,
            )
        )
    return positions


def replay_once(rules: RuleSet, script: Script) -> tuple[Position, ...]:
    """`replay`, remembered per process: the loader checks and the step pages show the same
    unchanged lessons again and again. The key is the whole input; refusals raise and are
    never kept. Callers share the positions and must not change them."""
    payload = json.dumps([rules.to_dict(), script.layouts, script.steps], sort_keys=True)
    return _replayed(payload)


@lru_cache(maxsize=256)
def _replayed(payload: str) -> tuple[Position, ...]:
    rules, layouts, steps = json.loads(payload)
    return tuple(replay(RuleSet.from_dict(rules), Script(layouts, [tuple(s) for s in steps])))


def deal_at(rules: RuleSet, script: Script, number: int) -> Deal:
    """The engine's deal as it stands after step `number` (its own deal's actions only)."""
    deal_number = script.steps[number - 1][0]
    deal = start(rules, script.layouts[deal_number - 1])
    for step_deal, actions in script.steps[:number]:
        if step_deal == deal_number:
            for raw in actions:
                deal.apply(Action.from_dict(raw))
    return deal


def actions_to(script: Script, number: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The layout of step `number`'s deal and every action that reaches that step."""
    deal_number = script.steps[number - 1][0]
    actions = [
        raw
        for step_deal, step_actions in script.steps[:number]
        if step_deal == deal_number
        for raw in step_actions
    ]
    return script.layouts[deal_number - 1], actions


def check_move(rules: RuleSet, script: Script, number: int, action: Any) -> tuple[str, dict]:
    """Try `action` in the position after step `number`: ("legal", {}) or (code, details)."""
    deal = deal_at(rules, script, number)
    try:
        deal.check(Action.from_dict(action))
    except EngineError as exc:
        return exc.code, exc.details
    return "legal", {}


def narration_values(position: Position, rules: RuleSet, you: int) -> dict[str, str]:
    """Every placeholder a narration may use at this position, as text."""
    state = position.state
    seats = len(state["card_points"])
    others = [seat for seat in range(seats) if seat != you and seat in state.get("active", [])]
    opponent = others[0] if others else (you + 1) % seats
    values: dict[str, Any] = {
        "stock": state["stock_size"],
        "points_you": state["card_points"][you],
        "points_opp": state["card_points"][opponent],
        "pending_you": state["pending_marriage_points"][you],
        "pending_opp": state["pending_marriage_points"][opponent],
        "tricks_you": state["tricks_won"][you],
        "tricks_opp": state["tricks_won"][opponent],
        "target": rules.target,
    }
    for seat in range(seats):
        values[f"points_{seat}"] = state["card_points"][seat]
    if rules.team_play:
        side = [0, 0]
        for seat in range(seats):
            side[seat % 2] += state["card_points"][seat]
        values["side_points_you"] = side[you % 2]
        values["side_points_opp"] = side[(you + 1) % 2]
    if state.get("last_trick"):
        values["trick_points"] = sum(
            RANK_POINTS[RANKS.index(play["card"][0])] for play in state["last_trick"]
        )
    if state.get("turnup"):
        values["turnup"] = f"[{state['turnup']}]"
    if state.get("trump"):
        values["trump"] = f"[{state['trump']}]"
    if position.result:
        values["game_points"] = position.result["game_points"]
    return {key: str(value) for key, value in values.items()}


def placeholders(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text)}


def formed_placeholders(text: str) -> set[str]:
    """The names written with a form, `{turnup:acc}`: only a card or suit may take one."""
    return {match.group(1) for match in PLACEHOLDER.finditer(text) if match.group(2)}


def misformed_placeholders(text: str, values: dict[str, str]) -> set[str]:
    """The names whose form does not fit their value: a case (`{turnup:acc}`) only on a card
    or suit, a counted noun (`{game_points:game_points}`, words.lesson_words.COUNTED) only on
    a number."""
    wrong = set()
    for match in PLACEHOLDER.finditer(text):
        name, form = match.group(1), match.group(2)
        value = values.get(name)
        if not form or value is None:
            continue
        if value.startswith("["):
            if form in COUNTED:
                wrong.add(name)
        elif form not in COUNTED or not value.lstrip("-").isdigit():
            wrong.add(name)
    return wrong


def _filled(match: re.Match, values: dict[str, str]) -> str:
    value = values.get(match.group(1))
    if value is None:
        return match.group(0)
    form = match.group(2)
    if form and value.startswith("["):
        return f"{value[:-1]}:{form}]"
    if form in COUNTED and value.lstrip("-").isdigit():
        return counted(int(value), form)
    return value


def fill(text: str, values: dict[str, str]) -> str:
    """Replace {name} by its value; an unknown name stays as written (the loader refuses it)."""
    return PLACEHOLDER.sub(lambda m: _filled(m, values), text)
