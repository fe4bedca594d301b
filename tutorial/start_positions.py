"""A lesson's final position as a start for practice ("Play on from here").

Practice asks its registry for `lesson:<slug>`; the answer is the position of the lesson's
last "your move" step (a lesson's last step usually shows the deal already over): the layout
of that step's deal and the actions that lead to it, replayed by practice through the engine
(the lesson's own position, never a copy of its state). The reader then makes that move
against the computer and plays on. Practice imports nothing of the lessons.
"""

from typing import Any

from django.urls import reverse

from practice.positions import StartPosition

from .models import Tutorial
from .replay import actions_to
from .services import next_lesson

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
    asks = [step.number for step in steps if step.ask]
    layout, actions = actions_to(tutorial.script(steps), asks[-1] if asks else len(steps))
    return {
        "variant": tutorial.variant.slug,
        "layout": dict(layout),
        "actions": [dict(action) for action in actions],
        "you": tutorial.you,
    }


def resolve_lesson(name: str) -> StartPosition | None:
    """The registry's resolver: a practice StartPosition, or None."""
    start = lesson_start(name)
    if start is None:
        return None
    following = next_lesson(Tutorial.objects.get(slug=name))
    url = reverse("tutorial:start", args=[following.slug]) if following else ""
    return StartPosition(**start, next_url=url)  # practice offers it once the match is over
