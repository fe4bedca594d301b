"""A lesson's replies to a move the reader tries: right, or allowed but not the lesson's.

tutorial/services.py judges the move through the engine and passes the facts (the step's
hint, already rendered); the sentence is made here.
"""

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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


# A number a lesson fills in with its noun, `{game_points:game_points}`: said with the
# noun in the plural form the language gives that number ("3 punkty", "5 punktów").
COUNTED = {
    "game_points": lambda n: ngettext("%(n)s game point", "%(n)s game points", n) % {"n": n},
    "card_points": lambda n: ngettext("%(n)d card point", "%(n)d card points", n) % {"n": n},
    "cards": lambda n: ngettext("%(n)d card", "%(n)d cards", n) % {"n": n},
}


def counted(n: int, unit: str) -> str:
    """`n` with its noun (a key of COUNTED) in the active language."""
    return COUNTED[unit](n)
