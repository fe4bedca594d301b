"""The log of a run of actions: each card said as led or as played to a trick already led.

Whether a play leads depends on the cards already in the trick, which only the run as a
whole knows; practice, lessons, puzzles, the deal review and the tables all say their
actions through here, so a card that follows is never told as a lead ("lagde", "pielika",
"dołożył" rather than "spillede ud", "nolika", "zagrał")."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from sixtysix.cards import SUITS, card_id, is_card_code, parse_code
from sixtysix.ruleset import RuleSet
from sixtysix.tricks import beats, trick_winner

from .draw_words import named_draw_line, two_of_more
from .explain import Beating, describe_action

Moves = Sequence[Mapping[str, Any]]
"""Actions as the pages keep them: dicts with "type", "player" and a card, suit or value."""


def trick_size(state: Mapping[str, Any], rules: RuleSet) -> int:
    """Cards in a full trick of this deal: the seats that play it (a dealer or a moon
    bidder's partner may sit out)."""
    return len(state.get("active") or range(rules.players))


def leads(actions: Moves, size: int, in_trick: int = 0) -> list[bool | None]:
    """For each action: True for a play that leads a trick, False for one that follows,
    None for any other action. `in_trick`: cards already in the trick before the first;
    `size`: cards in a full trick (the seats that play this deal)."""
    flags: list[bool | None] = []
    for action in actions:
        if action.get("type") == "play":
            flags.append(in_trick % size == 0)
            in_trick += 1
        else:
            flags.append(None)
    return flags


def in_trick_before(actions: Moves, state: Mapping[str, Any], size: int) -> int:
    """Cards in the trick before `actions`, read back from the trick in `state` (the
    position after them): every trick holds `size` cards, so it is the count now less
    the plays, modulo a trick."""
    plays = sum(1 for action in actions if action.get("type") == "play")
    return (len(state.get("trick") or []) - plays) % size


def _trick_before(
    actions: Moves, state: Mapping[str, Any], size: int, in_trick: int
) -> list[str] | None:
    """The codes of the `in_trick` cards already in the trick before `actions`, read from
    the open trick or, when the run finished it, the last trick (None when neither holds
    them: the log then cannot say whether a card took the trick over)."""
    if not in_trick:
        return []
    plays = sum(1 for action in actions if action.get("type") == "play")
    if in_trick + plays < size:
        held = state.get("trick") or []
    elif in_trick + plays < 2 * size:
        held = state.get("last_trick") or []
    else:
        return None
    return cards_held(held, in_trick)


def cards_held(held: Sequence[Mapping[str, Any]], count: int) -> list[str] | None:
    """The codes of the first `count` cards of a trick record ([{"player", "card"}, ...]),
    None when it does not hold that many cards."""
    cards = [str(entry.get("card")) for entry in held[:count]]
    return cards if len(cards) == count and all(map(is_card_code, cards)) else None


def _card_id(code: str) -> int:
    suit, rank = parse_code(code)
    return card_id(suit, rank)


def takes_over(trick: Sequence[str], card: str, trump: str | None) -> Beating | None:
    """How `card`, played to `trick`, beats the card that was winning it (the engine's
    rule): "trump" when a trump takes a trick another suit was winning (Polish "przebija"),
    "suit" for a higher card of the winning card's suit ("nadbija"); None when it does not."""
    trump_suit = SUITS.index(trump) if trump and trump in SUITS else None
    if not trick:
        return None
    best = trick[trick_winner([_card_id(code) for code in trick], trump_suit)]
    if not beats(_card_id(card), _card_id(best), trump_suit):
        return None
    return "suit" if parse_code(card)[0] == parse_code(best)[0] else "trump"


def beating(
    actions: Moves,
    led: Sequence[bool | None],
    state: Mapping[str, Any],
    trick: list[str] | None,
) -> list[Beating | None]:
    """For each action: how a card takes over a trick already led (takes_over), else None.
    `trick`: the cards already in it before the first action (None when they are not known)."""
    flags: list[Beating | None] = []
    for action, leads_trick in zip(actions, led, strict=True):
        card = action.get("card")
        if leads_trick is None or not isinstance(card, str) or not is_card_code(card):
            flags.append(None)
            continue
        if leads_trick:
            trick = []
        flags.append(takes_over(trick, card, state.get("trump")) if trick else None)
        if trick is not None:
            trick.append(card)
    return flags


def describe_actions(
    actions: Moves,
    names: Sequence[str],
    you: int,
    rules: RuleSet,
    *,
    state: Mapping[str, Any],
    in_trick: int | None = None,
    drawn: Mapping[int, str] | None = None,
) -> list[SafeString]:
    """One log line per action, in order. `state`: the position after the actions (it
    gives the trick's size and, unless `in_trick` says it, the cards in the trick before
    the first); `drawn`: the card the reader took at a draw, by the draw's index in
    `actions`, where the page may show it."""
    size = trick_size(state, rules)
    if in_trick is None:
        in_trick = in_trick_before(actions, state, size)
    named = two_of_more(state, rules)  # a seat sits out: the other player goes by his seat
    lines = []
    led_flags = leads(actions, size, in_trick)
    beats = beating(actions, led_flags, state, _trick_before(actions, state, size, in_trick))
    for index, (action, led) in enumerate(zip(actions, led_flags, strict=True)):
        card = (drawn or {}).get(index)
        if named and action.get("type") == "draw":
            lines.append(named_draw_line(action, names, you, rules, state=state, drawn=card))
            continue
        player = action["player"]
        lines.append(
            describe_action(
                dict(action),
                names[player],
                player == you,
                rules,
                drawn=card,
                led=led,
                beats=beats[index],
            )
        )
    return lines
