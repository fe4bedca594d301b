"""A hint's numbers in words: the advice, what it rests on, and one line per move.

practice/hints.py computes and caches the numbers (the engine's `sixtysix.hints`); the
sentences are made here, per language, for the table in play: one opponent or several,
a side's points where partners count together.
"""

from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Action, RuleSet

from .markup import label_in
from .table import choice_label

YOU = 0  # the hint's moves are the reader's; the seat does not change their labels


@dataclass
class HintText:
    line: str  # the advice, as safe HTML
    summary: str  # what the numbers rest on (plain text)
    details: list[str]  # one line per move, safe HTML


def _label(key: str, rules: RuleSet) -> str:
    return choice_label(Action.from_key(key, YOU).to_dict(with_player=False), rules)


def _tenths(share: float) -> int:
    return round(share * 10)


def _signed(value: float) -> str:
    """An average with its sign, as the reader's language writes numbers: "+0,6", and a true
    minus sign (U+2212) rather than a hyphen."""
    rounded = round(value, 1)
    text = number_format(abs(rounded), decimal_pos=1)
    if rounded == 0:  # no "-0,0": an average that rounds to nothing has no sign
        return text
    return ("+" if rounded > 0 else "\u2212") + text


def _rule_of_thumb(data: dict[str, Any], move: str) -> str:
    """The auction or naming trumps: a rule of thumb, no numbers."""
    facts = {"move": move}
    reason = data["reason"]
    if data["best"] == "pass" and reason == "bid":
        text = _(
            "%(move)s: your hand is not strong enough to bid higher. A rule of thumb, "
            "not a worked-out answer."
        )
    elif data["best"] == "pass":
        text = _(
            "%(move)s: no suit is strong enough to name, so let the next card decide. "
            "A rule of thumb, not a worked-out answer."
        )
    elif reason == "trump":
        text = _("%(move)s: your strongest suit. A rule of thumb, not a worked-out answer.")
    else:
        text = _(
            "%(move)s: what your high cards, trumps and marriages are likely to take. "
            "A rule of thumb, not a worked-out answer."
        )
    return _fill(text, facts)


def _sure_line(reason: str, rules: RuleSet) -> str | None:
    """A move that wins whatever the unseen cards: said of one opponent, several or a side."""
    one = rules.opponents == 1 and not rules.team_play
    if reason == "claim" and rules.team_play:
        return _("%(move)s: your side already has %(points)d points, %(target)d or more.")
    if reason == "claim":
        return _("%(move)s: you already have %(points)d points, %(target)d or more.")
    texts = {
        "last_trump": (
            _(
                "%(move)s: it draws your opponent's last trump, and then you win the deal "
                "whatever they play."
            ),
            _(
                "%(move)s: it draws the last trump the others hold, and then you win the deal "
                "whatever they play."
            ),
        ),
        "only_win": (
            _("%(move)s: it is the only move that wins, whatever your opponent plays."),
            _("%(move)s: it is the only move that wins, whatever the others play."),
        ),
        "wins": (
            _("%(move)s: with it you win the deal, whatever your opponent plays."),
            _("%(move)s: with it you win the deal, whatever the others play."),
        ),
    }
    pair = texts.get(reason)
    return None if pair is None else pair[0 if one else 1]


def _chance_line(reason: str, method: str, n: int) -> str:
    if reason == "all_lose" and method == "exact":
        return _("Every move loses this deal. The one that loses the least: %(move)s.")
    if reason == "all_lose":
        return _("Every move is likely to lose. The one that loses the least: %(move)s.")
    if reason == "likely" and n >= 10:  # "about 10 times out of 10" is no way to say it
        return _("%(move)s: it wins in every lie of the unseen cards that was tried.")
    if reason == "likely":
        return ngettext(
            "%(move)s: it wins in about %(n)d out of 10 ways the unseen cards could lie.",
            "%(move)s: it wins in about %(n)d out of 10 ways the unseen cards could lie.",
            n,
        )
    if n == 0:  # under one in twenty: "about 0 times" is no number to give
        return _("%(move)s: your best chance, though it wins less than once in 10.")
    return ngettext(
        "%(move)s: your best chance, though it wins only about %(n)d time out of 10.",
        "%(move)s: your best chance, though it wins only about %(n)d times out of 10.",
        n,
    )


def hint_text(data: dict[str, Any], rules: RuleSet) -> HintText:
    """The advice in plain words; the numbers go to `details`."""
    move = _label(data["best"], rules)
    reason, method = data["reason"], data["method"]
    if method == "rule":
        return HintText(_rule_of_thumb(data, move), "", [])
    best = next(m for m in data["moves"] if m[0] == data["best"])
    n = _tenths(best[2])
    facts = {"move": move, "points": data["points"], "target": rules.target, "n": n}
    if reason == "marriage":
        facts["marriage"] = data.get("marriage", 0)
        text = _("%(move)s: the marriage is worth %(marriage)d points.")
    else:
        text = _sure_line(reason, rules) or _chance_line(reason, method, n)
    line = _fill(text, facts)
    count = data["samples"]
    if method == "exact":
        summary = _("Worked out exactly: every card left is known.")
    else:
        summary = ngettext(
            "Played out in %(count)d way the unseen cards could lie.",
            "Played out in %(count)d ways the unseen cards could lie.",
            count,
        ) % {"count": count}
    details = []
    for key, value, share in sorted(data["moves"], key=lambda m: -m[1]):
        facts = {"move": _label(key, rules), "share": round(share * 100), "value": _signed(value)}
        if rules.scoring == "raw_points":  # Idiot-66: the card points themselves count
            text = _("%(move)s: wins %(share)d%% of the time, %(value)s card points on average.")
        else:
            text = _("%(move)s: wins %(share)d%% of the time, %(value)s game points on average.")
        details.append(_fill(text, facts))
    return HintText(line, summary, details)


def _fill(template: str, facts: dict[str, Any]) -> str:
    """A translated sentence with the move's label (already HTML) put in, escaped once; the
    label with a small first letter where the sentence does not start with it."""
    if "move" in facts:
        facts = {**facts, "move": label_in(template, "move", facts["move"])}
    return mark_safe(conditional_escape(template) % facts)  # noqa: S308 - escaped above
