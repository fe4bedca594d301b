"""A lesson's final position as a start for practice ("Play on from here").

Practice asks its registry for `lesson:<slug>`; the answer is the layout of the lesson's last
deal and every action of that deal, replayed by practice through the engine (the lesson's
own position, never a copy of its state). Practice imports nothing of the lessons.
"""

from typing import Any

from .models import Tutorial
from .replay import actions_to

PREFIX = "lesson"


def lesson_start(slug: str) -> dict[str, Any] | None:
    """variant, layout, actions and you of the lesson's final position; None if unknown or
    if it needs house rules practice does not play."""
    tutorial = Tutorial.objects.select_related("variant").filter(slug=slug).first()
    if tutorial is None or tutorial.options:
        return None
    steps = list(tutorial.steps.order_by("number"))
    if not steps:
        return None
    layout, actions = actions_to(tutorial.script(steps), len(steps))
    return {
        "variant": tutorial.variant.slug,
        "layout": dict(layout),
        "actions": [dict(action) for action in actions],
        "you": tutorial.you,
    }


def resolve_lesson(name: str):
    """The registry's resolver: a practice StartPosition, or None."""
    from practice.services import StartPosition

    start = lesson_start(name)
    return None if start is None else StartPosition(**start)
