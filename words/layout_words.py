"""The sentences of a layouts puzzle (three players, hidden hands, judged over every layout).

Two-player puzzle sentences speak of "your opponent" and of best play to the end; here the
reader faces two players whose cards are hidden, so the words say "however the hidden cards
lie" and give each move's worst case. Numbers of layouts follow a colon ("2 of 6") so that
no noun has to agree with them in Polish or Latvian.
"""

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from sixtysix import RuleSet

from .markup import label_in, render_inline
from .solver_facts import Wrong
from .solver_words import worth

THEME_NAME = gettext_lazy("The last tricks with three players")


def task() -> str:
    return _(
        "The other two players' cards are hidden: you see your own hand and the cards "
        "played so far. Find the one move that is best however the hidden cards lie: never "
        "worse than another move, and better than each of them in some layouts. The other "
        "two are assumed to play together against you."
    )


def theme_sentence() -> str:
    return _(
        "With three players nobody's hand can be worked out: count the cards played and "
        "remember which suits a player could not follow."
    )


def value_note() -> str:
    return _(
        "Values are the game points you win (or, below zero, pay) in the worst layout of "
        "the hidden cards, with the other two players playing together against you."
    )


def right() -> str:
    return _(
        "Right: however the hidden cards lie, no other move does better, and every other "
        "move does worse in some layouts."
    )


def wrong_move(wrong: Wrong, rules: RuleSet) -> str:
    """Why the move is not the answer: never better, worse in some layouts."""
    return _(
        "Not the best move: it is never better than the best one, and worse in some of the "
        "ways the hidden cards may lie (layouts where it does worse: %(worse)d of "
        "%(layouts)d; at worst it is worth %(after)s)."
    ) % {**wrong.details, "after": worth(wrong.after, rules)}


def _with_move(template: str, move_html: str, values: dict[str, str]) -> SafeString:
    html = render_inline(template)
    move = label_in(template, "move", move_html)
    filled = {k: escape(v) for k, v in values.items()}
    return mark_safe(html % {"move": move, **filled})  # noqa: S308 (escaped)


def best_move(move_html: str, value: int, rules: RuleSet) -> SafeString:
    template = _(
        "The best move: %(move)s. However the hidden cards lie it is at least as good as any "
        "other move; at worst it is worth %(value)s."
    )
    return _with_move(template, move_html, {"value": worth(value, rules)})


def other_move(move_html: str, worse: int, layouts: int, low: int, rules: RuleSet) -> SafeString:
    template = _("%(move)s: at worst %(value)s; layouts where it does worse: %(worse)s of %(all)s.")
    values = {"value": worth(low, rules), "worse": str(worse), "all": str(layouts)}
    return _with_move(template, move_html, values)
