"""The puzzle pages' sentences: templates filled with the solver's facts (puzzles/wording.py
re-exports them for the puzzle app).

Sentences are returned as text with card tokens ([QH:acc], [H]) that the caller renders once
with words.markup.render_inline; those naming a move get the move's button label as HTML.
"""

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from sixtysix import RuleSet

from . import layout_words
from .markup import label_in, render_inline
from .solver_words import worth, wrong_move

__all__ = ["worth", "wrong_move"]

THEME_NAMES = {
    "claim-or-play-on": gettext_lazy("Claim or play on"),
    "count-to-66": gettext_lazy("Count to 66"),
    "draw-trumps": gettext_lazy("Draw the trumps"),
    "keep-marriage": gettext_lazy("Keep the marriage"),
    "last-trick": gettext_lazy("The last trick"),
    "trump-ace": gettext_lazy("Lead or keep the trump Ace"),
    "last-tricks-three": layout_words.THEME_NAME,
}


def value_note(rules: RuleSet) -> str:
    if rules.scoring == "raw_points":
        return _(
            "Values are your points minus your opponent's at the end of the deal, "
            "with best play on both sides."
        )
    return _(
        "Values are the game points you win minus those your opponent wins, "
        "with best play on both sides."
    )


def task(rules: RuleSet) -> str:
    return _(
        "The stock is used up, so a player who counts knows every card: your opponent's "
        "hand is shown face up. After each of your moves your opponent answers with the "
        "best defence; play on to the end of the deal."
    )


def kept() -> str:
    return _(
        "Good: that keeps the best result. Your opponent has answered with the best "
        "defence; your move."
    )


def solved() -> str:
    return _("Solved! You kept the best result to the end of the deal.")


def first_right() -> str:
    return _(
        "Right, that is the best move. Now play on: your opponent defends as well as possible."
    )


def theme_sentences(themes: list[str], facts: dict[str, Any], rules: RuleSet) -> list[str]:
    """One sentence per theme, filled with the position's numbers."""
    out = []
    for theme in themes:
        if theme == "claim-or-play-on":
            out.append(
                _(
                    "You already have enough points to claim (%(points)d); the question is "
                    "whether claiming now or playing on brings more."
                )
                % facts
            )
        elif theme == "count-to-66":
            out.append(
                _("Count your points: %(points)d so far, and a claim needs %(target)d.") % facts
            )
        elif theme == "draw-trumps":
            out.append(
                _(
                    "Leading trumps takes your opponent's trumps away, so your winners in "
                    "the other suits cannot be trumped."
                )
            )
        elif theme == "keep-marriage":
            out.append(_("Playing the King or Queen of a marriage you still hold breaks it up."))
        elif theme == "last-trick":
            if rules.last_trick_bonus:
                out.append(
                    _("The last trick decides it, and it is worth %(bonus)d points.")
                    % {"bonus": rules.last_trick_bonus}
                )
            else:
                out.append(_("Whoever wins the last trick wins the deal."))
        elif theme == "trump-ace":
            out.append(_trump_ace_sentence(facts))
        elif theme == "last-tricks-three":
            out.append(layout_words.theme_sentence())
    return out


def _trump_ace_sentence(facts: dict[str, Any]) -> str:
    """Play the trump Ace now, or keep it: the answer is the only move that keeps the value."""
    if facts.get("plays_trump_ace"):
        return _("The trump Ace belongs on the table now: every move that keeps it back costs.")
    return _("Keep the trump Ace: every move that plays it now costs.")


def _with_move(template: str, move_html: str, value: str) -> SafeString:
    """The sentence with the move's label (already HTML, cards drawn) and its value."""
    html = render_inline(template)
    move = label_in(template, "move", move_html)
    return mark_safe(html % {"move": move, "value": escape(value)})  # noqa: S308 (escaped)


def best_move(move_html: str, value: float, rules: RuleSet) -> SafeString:
    return _with_move(
        _("The best move: %(move)s, worth %(value)s."), move_html, worth(value, rules)
    )


def other_move(move_html: str, value: float, rules: RuleSet) -> SafeString:
    return _with_move(_("%(move)s: worth %(value)s."), move_html, worth(value, rules))


LINE_ERRORS = {
    "bad_key": gettext_lazy("That is not a move of this game."),
    "too_long": gettext_lazy("That line of moves is longer than any deal."),
    "over": gettext_lazy("The deal is already over: that line has moves after its end."),
    "off_line": gettext_lazy(
        "That line of moves leaves the best play before its last move, so it is not a line of "
        "this puzzle."
    ),
}
