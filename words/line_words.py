"""A line still to be played, said as moves to make: a puzzle's best play on both sides.

The log (words/log_words.py) tells what happened, in the past tense; a line of best play has
not happened, so it is told in the present ("You lead [J♣]", Polish "Zagrywasz", which also
spares the reader the past tense's gender, "Zagrałeś"). A card that follows a lead is said
as following it, as in the log. A puzzle starts with the stock used up, so its lines hold
only plays, marriages and claims; any other move is said as the log says it.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import pgettext, pgettext_lazy
from sixtysix.ruleset import RuleSet

from .card_names import SUIT_SYMBOLS, card_slot, suit_slot
from .explain import Beating, claim_words, describe_action
from .log_words import Moves, beating, cards_held, leads, trick_size
from .markup import fill_html

# A claim still to be made in the line, by (partnership play, the reader's own claim).
CLAIMS = {
    (True, True): pgettext_lazy("line", "You claim %(target)d for your side."),
    (True, False): pgettext_lazy("line", "%(player)s claims %(target)d for his side."),
    (False, True): pgettext_lazy("line", "You claim %(target)d."),
    (False, False): pgettext_lazy("line", "%(player)s claims %(target)d."),
}


def _play(card: str, actor: str, is_you: bool, led: bool, beats: Beating | None) -> SafeString:
    slot = card_slot(card)
    if led and is_you:
        # Translators: a move of the best line, still to be played (present tense).
        return fill_html(pgettext("line", "You lead [card:def]."), card=slot)
    if led:
        return fill_html(pgettext("line", "%(player)s leads [card:def]."), player=actor, card=slot)
    if beats == "trump" and is_you:
        # Translators: a trump that takes a trick another suit was winning, in the best line.
        return fill_html(pgettext("line, trumping", "You play [card:def]."), card=slot)
    if beats == "trump":
        return fill_html(
            pgettext("line, trumping", "%(player)s plays [card:def]."), player=actor, card=slot
        )
    if beats == "suit" and is_you:
        # Translators: a higher card of the suit that was winning the trick, in the best line.
        return fill_html(pgettext("line, beating", "You play [card:def]."), card=slot)
    if beats == "suit":
        return fill_html(
            pgettext("line, beating", "%(player)s plays [card:def]."), player=actor, card=slot
        )
    if is_you:
        # Translators: a card played to a trick already led, in the best line.
        return fill_html(pgettext("line, following", "You play [card:def]."), card=slot)
    return fill_html(
        pgettext("line, following", "%(player)s plays [card:def]."), player=actor, card=slot
    )


def describe_move(
    action: Mapping[str, Any],
    actor: str,
    is_you: bool,
    rules: RuleSet,
    *,
    led: bool | None,
    beats: Beating | None = None,
) -> SafeString:
    """One move of the line, in the present tense; `beats`: how a card played to a trick
    already led takes it over (log_words.takes_over)."""
    kind = action.get("type")
    card, suit = action.get("card"), action.get("suit")
    if kind == "play" and isinstance(card, str) and len(card) == 2:
        return _play(card, actor, is_you, led is not False, beats)
    if kind == "meld" and suit in SUIT_SYMBOLS:
        slot = suit_slot(str(suit))
        if is_you:
            return fill_html(pgettext("line", "You show the marriage in [suit]."), suit=slot)
        return fill_html(
            pgettext("line", "%(player)s shows the marriage in [suit]."), player=actor, suit=slot
        )
    if kind == "declare":
        return claim_words(CLAIMS, actor, is_you, rules)
    return describe_action(dict(action), actor, is_you, rules, led=led)


def describe_line(
    actions: Moves, names: Sequence[str], you: int, rules: RuleSet, *, state: Mapping[str, Any]
) -> list[SafeString]:
    """One sentence per move of a line played from `state`, after the cards already in its
    trick."""
    held = state.get("trick") or []
    flags = leads(actions, trick_size(state, rules), len(held))
    beats = beating(actions, flags, state, cards_held(held, len(held)))
    return [
        describe_move(
            action, names[action["player"]], action["player"] == you, rules, led=led, beats=b
        )
        for action, led, b in zip(actions, flags, beats, strict=True)
    ]
