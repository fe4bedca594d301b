"""Positions of reviewed deals for "Try again from here" (practice's `?from=review:<key>`).

A position is stored only for a finished deal (every card in it has been seen by then)
and named by a hash of its content, so its name says nothing and cannot be guessed.
"""

import hashlib
import json

from practice.positions import StartPosition

from .models import ReviewPosition


def position_key(variant: str, layout: dict, actions: list[dict]) -> str:
    raw = json.dumps([variant, layout, actions], sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()[:24]


def store(variant: str, layout: dict, actions: list[dict], options: list[dict]) -> str:
    """Keep the position (once) with its moves' values, and give its name."""
    key = position_key(variant, layout, actions)
    defaults = {"variant": variant, "layout": layout, "actions": actions, "options": options}
    ReviewPosition.objects.get_or_create(key=key, defaults=defaults)
    return key


def resolve(name: str) -> StartPosition | None:
    row = ReviewPosition.objects.filter(key=name[:32]).first()
    if row is None:
        return None
    return StartPosition(row.variant, row.layout, list(row.actions), 0)
