"""A variant's rule parameters in words, each read from the engine's RuleSet in play: the
rows of the facts table and the comparison (rules/parameters.py) name these."""

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from sixtysix.ruleset import RuleSet

from .card_names import RANK_LETTERS


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def choice(mapping: dict[Any, Any]) -> Callable[[object], str]:
    """Words for an enumerated value; an unknown value is shown as it is."""

    def words(value: object) -> str:
        text = mapping.get(value)
        return str(text) if text is not None else str(value)

    return words


def cards(n: int) -> str:
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


def card_points(n: int) -> str:
    return ngettext("%(n)d card point", "%(n)d card points", n) % {"n": n}


def for_opponents(r: RuleSet, one: object, each: object, side: object) -> str:
    """The form of a sentence for this table: one opponent, several, or the other side."""
    if r.team_play:
        return str(side)
    return str(one) if r.opponents == 1 else str(each)


# --- words for single parameters -------------------------------------------------------


def players_words(r: RuleSet) -> str:
    n = r.players
    text = ngettext("%(n)d player", "%(n)d players", n) % {"n": n}
    if r.dealer_sits_out:
        return _("%(players)s; the dealer sits out each deal") % {"players": text}
    if r.team_play:
        return _("%(players)s, two against two, partners sitting opposite") % {"players": text}
    if n > 2:
        return _("%(players)s, each for himself") % {"players": text}
    return text


def deck_words(r: RuleSet) -> str:
    ranks = ", ".join(str(RANK_LETTERS[rank]) for rank in r.ranks)
    if r.packs == 2:
        return _("two packs of 24 cards (48 in all): %(ranks)s, each card twice") % {"ranks": ranks}
    return _("%(cards)s: %(ranks)s in each suit") % {"cards": cards(r.pack_size), "ranks": ranks}


def card_values_words(r: RuleSet) -> str:
    values = " · ".join(f"{RANK_LETTERS[rank]} {points}" for rank, points in r.card_points.items())
    return _("%(values)s; %(total)d card points in all") % {
        "values": values,
        "total": r.total_card_points,
    }


def hand_words(r: RuleSet) -> str:
    pattern = " + ".join(str(n) for n in r.deal_pattern)
    return _("%(cards)s each, dealt %(pattern)s") % {
        "cards": cards(r.hand_size),
        "pattern": pattern,
    }


TRUMP_SOURCE = {
    "turn_up": gettext_lazy("the suit of the turn-up, the card turned face up under the stock"),
    "none_until_marriage": gettext_lazy("no trumps at first: each marriage shown makes trumps"),
    "first_lead_of_bid_winner": gettext_lazy(
        "the suit of the first card led by the highest bidder"
    ),
    "bottom_card_to_dealer": gettext_lazy("the suit of the dealer's last card, shown to all"),
    "forehand_names": gettext_lazy(
        "named by forehand after seeing three cards, or else fixed by a card turned up"
    ),
}


def stock_words(r: RuleSet) -> str:
    if not r.has_stock:
        return _("none: all cards are dealt")
    if r.has_turnup:
        text = _("%(cards)s including the turn-up") % {"cards": cards(r.stock_size)}
    else:
        text = _("%(cards)s face down") % {"cards": cards(r.stock_size)}
    if r.opponents == 1:
        return _("%(stock)s; after each trick the winner draws first, then the other player") % {
            "stock": text
        }
    return _("%(stock)s; after each trick the winner draws first, then the others") % {
        "stock": text
    }


FIRST_LEADER = {
    "non_dealer": gettext_lazy("the non-dealer"),
    "left_of_dealer": gettext_lazy("the player on the dealer's left"),
    "bid_winner": gettext_lazy("the highest bidder"),
}

STRICT_OBLIGATION = {
    "follow_head_trump": gettext_lazy(
        "follow suit and win the trick if you can; if void, trump; otherwise any card"
    ),
    "follow_trump": gettext_lazy("follow suit; if void, trump; otherwise any card"),
    "follow_only": gettext_lazy("follow suit; if void, any card"),
}


def strict_words(r: RuleSet) -> str:
    text = choice(STRICT_OBLIGATION)(r.strict_obligation)
    if r.strict_from_start:
        return _("from the first trick: %(rule)s") % {"rule": text}
    if r.can_close:
        return _("once the stock is used up or closed: %(rule)s") % {"rule": text}
    return _("once the stock is used up: %(rule)s") % {"rule": text}


TRICK_REVIEW = {
    "last_trick_only": gettext_lazy("only the last trick, until the next card is led"),
    "own_tricks": gettext_lazy("your own tricks at any time"),
    "none": gettext_lazy("none"),
}

MARRIAGE_VALUES = {
    "20_40": gettext_lazy("20 in a plain suit, 40 in trumps"),
    "escalating_20_40_60_80": gettext_lazy(
        "20, 40, 60 and 80 for the first, second, third and fourth marriage of the deal"
    ),
    "none": gettext_lazy("no marriages"),
}

MARRIAGE_TRICK_RULE = {
    "counts_after_first_trick": gettext_lazy(
        "may be shown before the first trick, but counts only once its holder wins a trick"
    ),
    "must_have_trick_to_declare": gettext_lazy("may be shown only by a player who has won a trick"),
    "not_in_first_trick": gettext_lazy("may not be shown before the first trick"),
    "no_trick_needed": gettext_lazy("counts even if its holder wins no trick"),
}

MARRIAGE_LEAD_CARD = {
    "either": gettext_lazy("the King or the Queen"),
    "queen": gettext_lazy("the Queen"),
    "king": gettext_lazy("the King"),
}

IDIOT_TRUMP_MODE = {
    "latest_marriage": gettext_lazy("each new marriage makes its suit trumps"),
    "first_marriage_fixed": gettext_lazy("the first marriage fixes trumps for the deal"),
}

EXCHANGE_CARD = {
    "9": gettext_lazy("the Nine of trumps"),
    "J": gettext_lazy("the Jack of trumps"),
    "7": gettext_lazy("the Seven of trumps"),
    "none": gettext_lazy("no exchange"),
}

EXCHANGE_ON_CLOSE = {
    "any": gettext_lazy("yes, even without a trick"),
    "needs_trick": gettext_lazy("yes, if he has won a trick"),
    "never": gettext_lazy("no"),
}

# One opponent, several opponents each for himself, or the other side of a partnership.
CLOSE_SNAPSHOT = {
    "end": (
        gettext_lazy("on the opponent's points at the end of the deal"),
        gettext_lazy("on each opponent's points at the end of the deal"),
        gettext_lazy("on the other side's points at the end of the deal"),
    ),
    "at_close": (
        gettext_lazy("on the opponent's points at the moment of closing"),
        gettext_lazy("on each opponent's points at the moment of closing"),
        gettext_lazy("on the other side's points at the moment of closing"),
    ),
}

# One opponent, several opponents each for himself, or the other side of a partnership.
FAILED_CLOSE = {
    "two_or_three": (
        gettext_lazy("the opponent scores 2, or 3 if he had no trick when the stock was closed"),
        gettext_lazy("each opponent scores 2, or 3 if he had no trick when the stock was closed"),
        gettext_lazy("the other side scores 2, or 3 if it had no trick when the stock was closed"),
    ),
    "always_three": (
        gettext_lazy("the opponent scores 3"),
        gettext_lazy("each opponent scores 3"),
        gettext_lazy("the other side scores 3"),
    ),
    "by_closer_count": (
        gettext_lazy(
            "the opponent scores 1 or 2 by the closer's own points, 3 if closed before his "
            "first trick"
        ),
        gettext_lazy(
            "each opponent scores 1 or 2 by the closer's own points, 3 if closed before his "
            "first trick"
        ),
        gettext_lazy(
            "the other side scores 1 or 2 by the closer's own points, 3 if closed before its "
            "first trick"
        ),
    ),
    "closer_loses_on_any_trick": (
        gettext_lazy(
            "the closer loses at once when the opponent wins any trick after the close "
            "(3 game points)"
        ),
        gettext_lazy(
            "the closer loses at once when an opponent wins any trick after the close "
            "(3 game points)"
        ),
        gettext_lazy(
            "the closer's side loses at once when the other side wins any trick after the "
            "close (3 game points)"
        ),
    ),
}

CLOSER_BEATEN = {
    "flat_2": gettext_lazy("2 game points"),
    "two_or_three": gettext_lazy(
        "2 game points, or 3 if he had no trick when the stock was closed"
    ),
}

DECLARE_TIMING = {
    "after_own_trick_or_marriage": gettext_lazy(
        "right after winning a trick or showing a marriage"
    ),
    "any_time_on_turn": gettext_lazy("at any time when it is his turn"),
}

FALSE_CLAIM = {
    "flat_2": (
        gettext_lazy("the opponent scores 2 game points"),
        gettext_lazy("each opponent scores 2 game points"),
        gettext_lazy("the other side scores 2 game points"),
    ),
    "two_or_three": (
        gettext_lazy("the opponent scores 2 game points, or 3 if he had not yet won a trick"),
        gettext_lazy("each opponent scores 2 game points, or 3 if he had not yet won a trick"),
        gettext_lazy("the other side scores 2 game points, or 3 if it had not yet won a trick"),
    ),
    "mirror": (
        gettext_lazy("the opponent scores what a correct claim would have earned"),
        gettext_lazy("each opponent scores what a correct claim would have earned"),
        gettext_lazy("the other side scores what a correct claim would have earned"),
    ),
}


def penalty_words(mapping: dict[str, Any], key: str) -> Callable[[RuleSet], str]:
    """Words for a penalty, said of the opponent, each opponent or the other side."""

    def words(r: RuleSet) -> str:
        forms = mapping.get(getattr(r, key))
        return for_opponents(r, *forms) if forms else str(getattr(r, key))

    return words


EXHAUSTED = {
    "last_trick_wins_scaled": gettext_lazy(
        "the winner of the last trick wins the deal, scored 1, 2 or 3"
    ),
    "last_trick_wins_1": gettext_lazy("the winner of the last trick wins the deal: 1 game point"),
}


def _most_points_wins(r: RuleSet) -> str:
    """Who wins on points: a side or a player, "more" between two, "the most" among three."""
    if r.team_play:
        if r.has_target:
            return _("the side with more card points wins, even below the target")
        return _("the side with more card points wins")
    if r.sides > 2:
        if r.has_target:
            return _("the player with the most card points wins, even below the target")
        return _("the player with the most card points wins")
    if r.has_target:
        return _("the player with more card points wins, even below the target")
    return _("the player with more card points wins")


def exhausted_words(r: RuleSet) -> str:
    if r.scoring == "raw_points":
        return _("each player's card points are written down; the higher total wins the deal")
    if r.scoring == "bid_units":
        return _("the bid decides: the bidders need the card points they bid")
    if r.scoring == "four_hand_130":
        return _(
            "a side with %(target)d card points or more scores; if neither side has, nobody scores"
        ) % {"target": r.target}
    if r.exhausted_resolution == "most_points_wins":
        return _most_points_wins(r)
    if r.exhausted_resolution == "last_trick_bonus_10":  # the bonus is the RuleSet's, not 10
        return _("the last trick earns %(n)d; the higher total wins") % {"n": r.last_trick_bonus}
    return choice(EXHAUSTED)(r.exhausted_resolution)
