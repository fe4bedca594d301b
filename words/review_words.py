"""Sentences of a deal's review: each verdict, its cost, the better move and the key moment.

Fed the numbers of training's verdicts (method, values, shares, samples); the cards are
drawn by card_names through fill_html's `[card:acc]` slots, so each language names a card
in the case its sentence needs.
"""

from typing import Protocol

from django.utils.formats import number_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Action, RuleSet

from .markup import fill_html, label_in
from .solver_words import worth


class Option(Protocol):
    """One move's numbers in a verdict."""

    @property
    def value(self) -> float: ...
    @property
    def win(self) -> float: ...


class Judged(Protocol):
    """What a verdict (training.judge.Verdict) tells these sentences."""

    @property
    def method(self) -> str: ...
    @property
    def chosen(self) -> Action: ...
    @property
    def best(self) -> Action | None: ...
    @property
    def cost(self) -> float: ...
    @property
    def drop(self) -> float: ...
    @property
    def mark(self) -> str: ...
    @property
    def samples(self) -> int: ...
    @property
    def sure(self) -> float: ...
    def option(self, action: Action) -> Option | None: ...


def mark_name(mark: str) -> str:
    """The verdict in one word."""
    names = {
        "good": _("Good"),
        "inaccuracy": _("Inaccuracy"),
        "mistake": _("Mistake"),
        "blunder": _("Blunder"),
    }
    return names.get(mark, mark)


def mean_worth(value: float, rules: RuleSet) -> str:
    """A mean value from the reader's side, one decimal: "+0.8 game points on average"."""
    sign = "+" if value > 0.05 else "\u2212" if value < -0.05 else ""
    n = sign + number_format(round(abs(value), 1), decimal_pos=1)
    if rules.scoring == "raw_points":
        return _("%(n)s points on average") % {"n": n}
    return _("%(n)s game points on average") % {"n": n}


def percent(share: float) -> int:
    return round(100 * share)


def verdict_line(verdict: Judged, rules: RuleSet) -> SafeString:
    """How the move was judged and what it is worth next to the best move."""
    chosen = verdict.option(verdict.chosen)
    assert chosen is not None
    best = (verdict.option(verdict.best) if verdict.best else None) or chosen
    if verdict.method == "exact":
        if verdict.best == verdict.chosen:
            text = _(
                "Every card was known: with best play on both sides your move is worth "
                "%(mine)s, as much as any."
            )
            return fill_html(text, mine=worth(chosen.value, rules))
        text = _(
            "Every card was known: with best play on both sides your move is worth %(mine)s, "
            "the best %(best)s."
        )
        return fill_html(text, mine=worth(chosen.value, rules), best=worth(best.value, rules))
    values = {
        "mine": mean_worth(chosen.value, rules),
        "best": mean_worth(best.value, rules),
        "mine_wins": percent(chosen.win),
        "best_wins": percent(best.win),
        "n": verdict.samples,
    }
    if verdict.method == "closed":
        text = ngettext(
            "Weighed over %(n)d layout of the unseen cards: your move %(mine)s, winning in "
            "%(mine_wins)d %% of them; the best %(best)s, winning in %(best_wins)d %%.",
            "Weighed over %(n)d layouts of the unseen cards: your move %(mine)s, winning in "
            "%(mine_wins)d %% of them; the best %(best)s, winning in %(best_wins)d %%.",
            verdict.samples,
        )
    else:
        text = ngettext(
            "Played out in %(n)d deal consistent with what you had seen: your move %(mine)s, "
            "winning %(mine_wins)d %% of them; the best %(best)s, winning %(best_wins)d %%.",
            "Played out in %(n)d deals consistent with what you had seen: your move %(mine)s, "
            "winning %(mine_wins)d %% of them; the best %(best)s, winning %(best_wins)d %%.",
            verdict.samples,
        )
    return fill_html(text, **values)


def sure_line(verdict: Judged) -> str:
    """How sure a sampled verdict is that the move was worse: said only of a move marked
    worse than good (exact and weighed verdicts need no such line)."""
    if verdict.method != "sampled" or verdict.best == verdict.chosen or verdict.mark == "good":
        return ""
    return _("How sure: %(sure)d %% that your move was really worse.") % {
        "sure": percent(verdict.sure)
    }


def cost_line(verdict: Judged, rules: RuleSet, unit: float = 1.0) -> str:
    """What the move cost, in game points (points in raw-point scoring: `unit` points per
    unit of the verdict's cost) and in winning chances ("" when nothing)."""
    if verdict.mark == "good":
        return ""
    drop = percent(verdict.drop)
    if rules.scoring == "raw_points":
        points = round(verdict.cost * unit)
        if drop < 1:
            text = ngettext(
                "It cost about %(cost)d point.", "It cost about %(cost)d points.", points
            )
        else:
            text = ngettext(
                "It cost about %(cost)d point and %(drop)d %% of your winning chances.",
                "It cost about %(cost)d points and %(drop)d %% of your winning chances.",
                points,
            )
        return text % {"cost": points, "drop": drop}
    cost = number_format(round(verdict.cost, 1), decimal_pos=1)
    if drop >= 1:
        text = _("It cost about %(cost)s game points and %(drop)d %% of your winning chances.")
    else:
        text = _("It cost about %(cost)s game points.")
    return text % {"cost": cost, "drop": drop}


def better_line(label: SafeString) -> SafeString:
    """The best alternative, its label as on the table's buttons."""
    template = _("Better: %(move)s.")
    return fill_html(template, move=label_in(template, "move", label))


def not_judged_line(why: str) -> str:
    if why == "auction":
        return _("Not judged: the engine gives no values for bidding or naming trumps.")
    return _("Not judged: the engine cannot weigh this position.")


def key_moment_line(number: int, mark: str) -> str:
    """Where the deal was decided: the reader's decision that cost the most."""
    return _("The key moment: your decision %(n)d (%(mark)s) cost the most.") % {
        "n": number,
        "mark": mark_name(mark).lower(),
    }


def no_mistakes_line() -> str:
    return _("No mistake found: every judged decision of yours was among the best.")


def in_progress_line() -> str:
    return _(
        "The deal is still being played: this review shows only what you have seen so far, "
        "and only your own cards."
    )


def cannot_judge_line() -> str:
    return _(
        "The engine cannot judge the play of this variant yet: the review shows the moves only."
    )


def own_puzzle_title(variant: str, number: int) -> str:
    """A blunder of the reader's, offered again as a puzzle of their own."""
    return _("%(variant)s: your blunder at decision %(n)d") % {"variant": variant, "n": number}


def own_right() -> str:
    return _("Right: that is the best move here.")


def own_wrong(mine: float, best: float, rules: RuleSet) -> str:
    """A wrong try at a puzzle from the reader's own deal, with the review's values."""
    exact = float(mine).is_integer() and float(best).is_integer()
    say = worth if exact else mean_worth
    return _("Not the best move here: it is worth %(mine)s, the best %(best)s.") % {
        "mine": say(mine, rules),
        "best": say(best, rules),
    }
