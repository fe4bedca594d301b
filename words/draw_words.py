"""The draw after a trick where only two of three (or four) seats play the deal: the dealer
sits out, so the reader has one opponent, but the table names him by his seat ("the
left-hand player"), not "your opponent"; and when the reader is the one sitting out, the
draw is between the two others, not "then you drew"."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import pgettext
from sixtysix.ruleset import RuleSet

from .card_names import card_slot
from .markup import fill_html


def seat_in_sentence(seat: int, you: int, players: int) -> str:
    """The seat's name inside a sentence ("then the left-hand player drew")."""
    offset = (seat - you) % players
    if offset == 1:
        return pgettext("seat, in a sentence", "the left-hand player")
    if offset == players - 1:
        return pgettext("seat, in a sentence", "the right-hand player")
    return pgettext("seat, in a sentence", "the player opposite")


def two_of_more(state: Mapping[str, Any], rules: RuleSet) -> bool:
    """True when a seat sits out this deal and two seats play it."""
    active = state.get("active") or ()
    return rules.players > 2 and len(active) == 2 and not rules.team_play


def named_draw_line(
    action: Mapping[str, Any],
    names: Sequence[str],
    you: int,
    rules: RuleSet,
    *,
    state: Mapping[str, Any],
    drawn: str | None = None,
) -> SafeString:
    """The draw, winner first, the other seat that plays the deal named by its seat."""
    actor = int(action["player"])
    others = [seat for seat in state.get("active") or () if seat != actor]
    other = others[0] if others else (actor + 1) % rules.players
    if actor != you and other != you:  # the reader sits this deal out
        return fill_html(
            pgettext("log", "%(player)s drew from the stock, then %(other)s drew."),
            player=names[actor],
            other=seat_in_sentence(other, you, rules.players),
        )
    if actor != you:
        if drawn:
            text = pgettext("log", "%(player)s drew from the stock, then you drew [card:def].")
            return fill_html(text, player=names[actor], card=card_slot(drawn))
        text = pgettext("log", "%(player)s drew from the stock, then you drew.")
        return fill_html(text, player=names[actor])
    name = seat_in_sentence(other, you, rules.players)
    if drawn:
        text = pgettext("log", "You drew [card:def] from the stock, then %(other)s drew.")
        return fill_html(text, other=name, card=card_slot(drawn))
    return fill_html(pgettext("log", "You drew from the stock, then %(other)s drew."), other=name)
