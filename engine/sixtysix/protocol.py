"""The JSON command-line contract (shared/engine-protocol.md) as plain functions.

`replay(request)` returns (exit status, response) exactly as ``python -m sixtysix replay``
prints it: 0 every action legal, 1 an action refused, 2 the request is malformed.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action
from .deal import Deal
from .errors import IllegalAction, LayoutError, RuleSetError
from .presets import get_preset, load_presets
from .ruleset import RuleSet

REQUEST_KEYS = frozenset(("variant", "options", "deal", "seed", "dealer", "actions"))
MAX_ACTIONS = 10_000


def _malformed(code: str, message: str, **details: Any) -> tuple[int, dict[str, Any]]:
    error: dict[str, Any] = {"code": code, "message": message}
    if details:
        error["details"] = details
    return 2, {"ok": False, "error": error}


def presets_response() -> dict[str, dict[str, Any]]:
    """``{preset_id: {option: value, ...}, ...}`` for every preset."""
    return {pid: rules.to_dict() for pid, rules in load_presets().items()}


def replay(request: dict[str, Any] | str) -> tuple[int, dict[str, Any]]:
    """Replay a request; never raises, whatever the input."""
    try:
        return _replay(request)
    except RecursionError:
        return _malformed("bad_json", "request nested too deeply")
    except Exception as exc:  # the contract forbids tracebacks for any input
        return _malformed("internal_error", f"{type(exc).__name__}")


class _Malformed(Exception):
    """A malformed request: `response` is the answer (exit status 2)."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(code)
        self.response = _malformed(code, message, **details)


def _replay(request: dict[str, Any] | str) -> tuple[int, dict[str, Any]]:
    try:
        request = _request_object(request)
        rules = _rules_of(request)
        deal = _deal_of(request, rules)
        actions = _actions_of(request, rules, deal)
    except _Malformed as exc:
        return exc.response
    return _play(deal, actions)


def _request_object(request: dict[str, Any] | str) -> dict[str, Any]:
    """The request as a dict of known fields."""
    if isinstance(request, str | bytes):
        try:
            request = json.loads(request)
        except (ValueError, UnicodeDecodeError) as exc:
            raise _Malformed("bad_json", f"request is not valid JSON: {exc}"[:300]) from None
    if not isinstance(request, dict):
        raise _Malformed("bad_request", "request must be a JSON object")
    for key in request:
        if key not in REQUEST_KEYS:
            raise _Malformed(
                "unknown_field", f"unknown request field {str(key)[:40]!r}", field=str(key)[:40]
            )
    return request


def _rules_of(request: dict[str, Any]) -> RuleSet:
    """The variant's rules with the request's options."""
    variant = request.get("variant")
    if not isinstance(variant, str):
        raise _Malformed("unknown_variant", "variant must be a preset id")
    try:
        rules = get_preset(variant)
    except KeyError:
        raise _Malformed(
            "unknown_variant", f"unknown variant {variant[:40]!r}", variant=variant[:40]
        ) from None
    options = request.get("options", {})
    if options is None:
        options = {}
    try:
        return rules.with_options(options)
    except RuleSetError as exc:
        code = "unknown_option" if exc.message == "unknown rule key" else "bad_option"
        raise _Malformed(code, exc.message[:300], key=exc.key) from None


def _deal_of(request: dict[str, Any], rules: RuleSet) -> Deal:
    """The deal the request lays out, or deals from its seed."""
    has_deal = "deal" in request
    has_seed = "seed" in request
    if has_deal == has_seed:
        raise _Malformed("bad_request", "give exactly one of deal and seed")
    try:
        if has_deal:
            if "dealer" in request:
                raise _Malformed("bad_request", "dealer belongs inside deal")
            return Deal.new(rules, layout=request["deal"])
        seed = request["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise _Malformed("bad_request", "seed must be an integer")
        return Deal.new(rules, seed=seed, dealer=request.get("dealer", 0))
    except LayoutError as exc:
        raise _Malformed(exc.code, f"bad deal layout: {exc.code}", **exc.details) from None


def _actions_of(request: dict[str, Any], rules: RuleSet, deal: Deal) -> list[Action]:
    """The request's actions, each well formed (legal or not is for the replay)."""
    actions = request.get("actions", [])
    if not isinstance(actions, list):
        raise _Malformed("bad_request", "actions must be a list")
    if len(actions) > MAX_ACTIONS:
        raise _Malformed("bad_request", "too many actions")
    parsed: list[Action] = []
    for i, raw in enumerate(actions):
        try:
            a = Action.from_dict(raw)
        except IllegalAction as exc:
            raise _Malformed(
                exc.code, f"action {i} is malformed", action_index=i, **exc.details
            ) from None
        if a.player >= rules.players:
            raise _Malformed(
                "bad_action", f"action {i}: no such player", action_index=i, field="player"
            )
        if a.card is not None and not deal.pack.ids_for(a.card):
            raise _Malformed(
                "unknown_card",
                f"action {i}: {a.card} is not in this pack",
                action_index=i,
                card=a.card,
            )
        parsed.append(a)
    return parsed


def _play(deal: Deal, actions: list[Action]) -> tuple[int, dict[str, Any]]:
    """Apply the actions in order: the steps, and the first refusal if any."""
    steps = []
    for i, a in enumerate(actions):
        steps.append(
            {
                "to_act": deal.to_act,
                "legal": [x.to_dict(with_player=False) for x in deal.legal_actions()],
            }
        )
        try:
            deal.apply(a)
        except IllegalAction as exc:
            return 1, {
                "ok": False,
                "error": {
                    "action_index": i,
                    "code": exc.code,
                    "message": f"action {i} refused: {exc.code}",
                    "details": exc.details,
                },
                "steps": steps,
                "final": deal.state(),
                "result": None,
            }
    return 0, {
        "ok": True,
        "steps": steps,
        "final": deal.state(),
        "result": deal.result.to_dict() if deal.result else None,
    }


def dumps(response: dict[str, Any]) -> str:
    """The response as printed by the CLI."""
    return json.dumps(response, ensure_ascii=False)
