"""A lesson's replies to a move the reader tries: right, or allowed but not the lesson's.

tutorial/services.py judges the move through the engine and passes the facts (the step's
hint, already rendered); the sentence is made here.
"""

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from .markup import fill_html


def correct_reply() -> SafeString:
    return fill_html(_("Correct! That is the move."))


def also_good_reply() -> SafeString:
    """A move as good as the lesson's, though the lesson's script goes on with another."""
    return fill_html(
        _("That works too, but this lesson goes on with another move. Try the other one.")
    )


def not_this_lesson_reply(hint: SafeString) -> SafeString:
    """A legal move that is not the one the step teaches, with the step's hint."""
    return fill_html(
        _("That move is allowed, but it is not the one this lesson is about. Hint: %(hint)s"),
        hint=hint,
    )
