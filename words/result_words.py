"""A deal's result in words: who won it, how, and with what totals.

Said from the engine's result (`reason`, `winners`, `card_points`) and the variant's
RuleSet; the score pad and the match lines (match_words) reuse the reasons."""

from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix.ruleset import RuleSet

from .markup import fill_html


def _claimed_rightly(points: int | None) -> str:
    """The claimer's real points ("with 67 points"), not the target he claimed."""
    if points is None:  # the score pad keeps no card points
        return _("claimed rightly")
    return ngettext(
        "claimed rightly with %(points)d point", "claimed rightly with %(points)d points", points
    ) % {"points": points}


def _most_points(rules: RuleSet) -> str:
    """ "more" between two sides, "the most" among three or more."""
    if rules.sides > 2:
        return _("the most card points")
    return _("more card points")


def _closed_failed(rules: RuleSet) -> str:
    if rules.close_requires_most_points:
        return _(
            "the closer did not reach the target or did not have more points than each opponent"
        )
    return _("the closer did not reach the target")


# Each reason as a phrase, for the variant in play; `points` are the winners' card points
# where the caller has them.
RESULT_REASONS = {
    "declared": lambda rules, points=None: _claimed_rightly(points),
    "false_declaration": lambda rules, points=None: _("the claimer had too few points"),
    "closed_made": lambda rules, points=None: _("closed the stock and reached the target"),
    "closed_failed": lambda rules, points=None: _closed_failed(rules),
    "closer_beaten": lambda rules, points=None: _("claimed before the closer"),
    "last_trick": lambda rules, points=None: _("won the last trick"),
    "most_points": lambda rules, points=None: _most_points(rules),
    "tie": lambda rules, points=None: _("equal totals: nobody scores"),
    "contract_made": lambda rules, points=None: _("the bid was made"),
    "contract_failed": lambda rules, points=None: _("the bid was not made"),
}


def reason_words(code: object, rules: RuleSet, points: int | None = None) -> str:
    """How a deal was won, in a few words ("" for an unknown reason)."""
    words = RESULT_REASONS.get(str(code))
    return words(rules, points) if words else ""


def _seat_words() -> set[str]:
    """The site's own words for a seat or a side, in the active language: only these take a
    small first letter inside a sentence."""
    return {
        _("You"),
        _("Your opponent"),
        _("Your partner"),
        _("Left-hand player"),
        _("Right-hand player"),
        _("Player opposite"),
        _("Your side"),
        _("The other side"),
    }


def in_sentence(name: str) -> str:
    """A seat's name inside a sentence ("Result: you and your partner"), not starting it. A
    player's own name (a friend at a table: "Result: Anna — …") keeps its capital."""
    if str(name) not in _seat_words():
        return name
    return name[:1].lower() + name[1:]


def _and(names: list[str]) -> str:
    """Names joined as a sentence joins them: "you and your partner", "a, b and c"."""
    names = [in_sentence(name) for name in names]
    if len(names) < 2:
        return "".join(names)
    # Translators: the last two names of a list, e.g. "you and your partner".
    return ", ".join(
        [*names[:-2], _("%(first)s and %(second)s") % {"first": names[-2], "second": names[-1]}]
    )


def _totals(result: dict[str, Any], names: list[str]) -> str:
    points = result.get("card_points", [])
    return ", ".join(
        _("%(player)s %(points)s") % {"player": in_sentence(names[seat]), "points": points[seat]}
        for seat in range(min(len(points), len(names)))
    )


def _winner_words(seats: list[int], names: list[str], rules: RuleSet) -> str:
    """The winners as the sentence names them: in partnership games a side, not a seat."""
    winners = [names[seat] for seat in seats if seat < len(names)]
    if rules.team_play and _("You") in names:
        you = names.index(_("You"))
        ours = all((seat - you) % 2 == 0 for seat in seats)
        return in_sentence(_("Your side") if ours else _("The other side"))
    return _and(winners)


def _failed_bid(
    result: dict[str, Any], seats: list[int], names: list[str], rules: RuleSet
) -> SafeString:
    """A bid not made: the bidders lose their bid, the others score what they took ("the
    other side — 0 units" alone hid the loss that decided the deal)."""
    by_seat = result.get("game_points_by_seat") or []
    bidders = [seat for seat in range(len(by_seat)) if seat not in seats]
    lost = -min((by_seat[seat] for seat in bidders), default=0)
    points = int(result.get("game_points", 0))
    scored = ngettext("%(n)d unit", "%(n)d units", points) % {"n": points}
    return fill_html(
        ngettext(
            "Result: the bid was not made, so %(losers)s loses %(lost)d unit and "
            "%(winners)s scores %(scored)s.",
            "Result: the bid was not made, so %(losers)s loses %(lost)d units and "
            "%(winners)s scores %(scored)s.",
            lost,
        ),
        losers=_winner_words(bidders, names, rules),
        lost=lost,
        winners=_winner_words(seats, names, rules),
        scored=scored,
    )


def describe_result(result: dict[str, Any], names: list[str], rules: RuleSet) -> SafeString:
    """ "Result: You — 2 game points (closed the stock and reached the target)." as safe HTML.

    Scored in card points (Idiot-66), the line gives the totals; in bid units, the units.
    Partners win or lose as a side: "Result: your side — …".
    """
    reason_code = result.get("reason")
    seats = result.get("winners", [])
    card_points = result.get("card_points", [])
    points = sum(card_points[seat] for seat in seats if seat < len(card_points))
    reason = reason_words(reason_code, rules, points) or str(reason_code)
    winners = _winner_words(seats, names, rules) if seats else ""
    if rules.scoring == "raw_points":
        totals = _totals(result, names)
        if not winners:
            return fill_html(_("Result: equal totals (%(totals)s card points)."), totals=totals)
        return fill_html(
            _("Result: %(winners)s — the higher total (%(totals)s card points)."),
            winners=winners,
            totals=totals,
        )
    if not winners:
        return fill_html(_("Result: %(reason)s."), reason=reason)
    points = result.get("game_points", 0)
    if rules.scoring == "bid_units" and reason_code == "contract_failed":
        return _failed_bid(result, seats, names, rules)
    if rules.scoring == "bid_units":
        return fill_html(
            ngettext(
                "Result: %(winners)s — %(points)d unit (%(reason)s).",
                "Result: %(winners)s — %(points)d units (%(reason)s).",
                points,
            ),
            winners=winners,
            points=points,
            reason=reason,
        )
    return fill_html(
        ngettext(
            "Result: %(winners)s — %(points)d game point (%(reason)s).",
            "Result: %(winners)s — %(points)d game points (%(reason)s).",
            points,
        ),
        winners=winners,
        points=points,
        reason=reason,
    )
