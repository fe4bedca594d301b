"""Play on from here: start positions named by other apps (`?from=<prefix>:<name>`).

Other apps register a source here (the lessons do, in their AppConfig.ready); practice
imports none of them. A position is turned so the reader sits at seat 0.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sixtysix import Action, Deal, EngineError

from rules.models import Variant

from .ids import as_int


@dataclass
class StartPosition:
    """A public position to play on from: a layout and the actions already played (both in
    the engine protocol's shapes), and the seat the reader takes."""

    variant: str
    layout: dict[str, Any]
    actions: list[dict[str, Any]]
    you: int = 0
    next_url: str = ""  # where the reader goes on once the match is over (the next lesson)


_SOURCES: dict[str, Callable[[str], StartPosition | None]] = {}
ORIGIN_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,19}:[A-Za-z0-9_.-]{1,80}", re.ASCII)


def register_position_source(prefix: str, resolve: Callable[[str], StartPosition | None]) -> None:
    """Let `?from=<prefix>:<name>` start a match from `resolve(name)` (None: unknown name).

    Other apps register here (the lessons do, in their AppConfig.ready); practice imports
    none of them."""
    _SOURCES[prefix] = resolve


def unregister_position_source(prefix: str) -> None:
    _SOURCES.pop(prefix, None)


def _source(prefix: str) -> Callable[[str], StartPosition | None] | None:
    return _SOURCES.get(prefix)


def origin_next_url(origin: str) -> str:
    """The page the origin's app offers after a match from it ("": none), a path here."""
    prefix, _sep, name = origin.partition(":") if isinstance(origin, str) else ("", "", "")
    resolve = _source(prefix)
    if resolve is None or not ORIGIN_PATTERN.fullmatch(origin):
        return ""
    try:
        url = getattr(resolve(name), "next_url", "")
    except Exception:  # another app's bug must not break practice
        return ""
    return url if isinstance(url, str) and url.startswith("/") and not url.startswith("//") else ""


def _rotate(seat: int, you: int, n: int) -> int:
    return (seat - you) % n


def start_position(origin: str, variant: Variant) -> tuple[dict, list[dict]] | None:
    """The layout and prelude of an origin, turned so the reader sits at seat 0; None when
    the origin is unknown, of another variant, or not a position the engine accepts."""
    if not isinstance(origin, str) or not ORIGIN_PATTERN.fullmatch(origin):
        return None
    prefix, _sep, name = origin.partition(":")
    resolve = _source(prefix)
    if resolve is None:
        return None
    try:
        position = resolve(name)
    except Exception:  # another app's bug must not break practice
        return None
    if position is None or position.variant != variant.slug:
        return None
    rules = variant.ruleset
    n = rules.players
    try:
        you = as_int(position.you)
        layout = dict(position.layout)
        hands = list(layout["hands"])
        turned = [hands[(s + you) % n] for s in range(n)]
        layout["hands"] = turned
        layout["dealer"] = _rotate(as_int(layout.get("dealer", 0)), you, n)
        prelude = [
            {**a, "player": _rotate(as_int(a["player"]), you, n)} for a in list(position.actions)
        ]
        deal = Deal.new(rules, layout=layout)
        for raw in prelude:
            deal.apply(Action.from_dict(raw))
    except (EngineError, KeyError, TypeError, ValueError, IndexError):
        return None
    if deal.result is not None:
        return None
    return layout, prelude
