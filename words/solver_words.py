"""Sentences from the exact solver's facts (words/solver_facts.py), for puzzles and lessons."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import RuleSet

from .solver_facts import Wrong


def worth(value: float, rules: RuleSet) -> str:
    """A value from the reader's side: "+2 game points", "-1 game point", "+20 points"."""
    n = abs(int(value))
    sign = "+" if value > 0 else "\u2212" if value < 0 else ""
    if rules.scoring == "raw_points":
        text = ngettext("%(n)s point", "%(n)s points", n)
    else:
        text = ngettext("%(n)s game point", "%(n)s game points", n)
    return text % {"n": f"{sign}{n}"}


def false_claim(rules: RuleSet) -> str:
    """Why a claim without the target's points is wrong: a fact, no search needed. With
    partners the points are the side's."""
    if rules.team_play:
        text = _("Your side does not have %(target)d points yet: the claim would be false.")
    else:
        text = _("You do not have %(target)d points yet: the claim would be false.")
    return text % {"target": rules.target}


def wrong_move(wrong: Wrong, rules: RuleSet) -> str:
    """Why a legal move is not good enough: the value drop, and what it gives away."""
    text = _(
        "Not the best move: with best play on both sides it is worth %(after)s, not %(before)s."
    ) % {
        "after": worth(wrong.after, rules),
        "before": worth(wrong.before, rules),
    }
    if wrong.consequence == "last_trick" and rules.last_trick_bonus:
        more = _("It gives away the last trick and its %(bonus)d points.") % {
            "bonus": rules.last_trick_bonus
        }
    elif wrong.consequence == "last_trick":
        more = _("It gives away the last trick.")
    elif wrong.consequence == "opponent_claims":
        more = _("Your opponent then reaches %(target)d first.") % {"target": rules.target}
    elif wrong.consequence == "loses_deal":
        more = _("After it your opponent wins the deal.")
    elif wrong.consequence == "schneider":
        points = wrong.details["points"]
        more = ngettext(
            "Your opponent then gets to %(points)d point (%(threshold)d are enough to escape "
            "schneider), so you win fewer game points.",
            "Your opponent then gets to %(points)d points (%(threshold)d are enough to escape "
            "schneider), so you win fewer game points.",
            points,
        ) % {"points": points, "threshold": rules.schneider_threshold}
    elif wrong.consequence == "false_claim":
        more = false_claim(rules)
    else:
        more = ""
    return f"{text} {more}".strip()
