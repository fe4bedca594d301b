"""Trick resolution and the follower's obligations, on int bitmasks.

A later card beats the current winner only when it is a higher card of the winner's suit
or the first trump on a non-trump winner; an identical card (two packs) never beats, so
of two identical cards the one played first wins.
"""

from __future__ import annotations

from typing import Any

from .cards import RANK, SUIT
from .kinds import FollowCode

# BEATS[c]: cards of the same suit (any copy) strictly stronger than c.
BEATS: tuple[int, ...] = tuple(
    sum(1 << d for d in range(64) if SUIT[d] == SUIT[c] and RANK[d] < RANK[c]) for c in range(64)
)
SUIT_ALL: tuple[int, ...] = tuple(sum(1 << d for d in range(64) if SUIT[d] == s) for s in range(4))


def beats(card: int, best: int, trump: int | None) -> bool:
    """True when `card`, played after `best`, takes over the trick."""
    if SUIT[card] == SUIT[best]:
        return RANK[card] < RANK[best]
    return trump is not None and SUIT[card] == trump


def trick_winner(cards: list[int] | tuple[int, ...], trump: int | None) -> int:
    """Index (in play order) of the winning card."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def follow_options(
    hand: int,
    led_suit: int,
    best: int,
    trump: int | None,
    obligation: str,
    must_overtrump: bool,
    must_undertrump: bool,
) -> tuple[int, FollowCode | None, dict[str, Any]]:
    """Cards the follower may play in the strict phase, with the rule that narrowed them.

    Returns (allowed mask, code, details): the code is what a refused card violates
    (``must_follow_suit``, ``must_head_trick``, ``must_trump``, ``must_overtrump``) or
    None when every card is allowed.
    """
    in_suit = hand & SUIT_ALL[led_suit]
    if in_suit:
        if obligation == "follow_head_trump" and SUIT[best] == led_suit:
            higher = in_suit & BEATS[best]
            if higher:
                if higher == hand:
                    return hand, None, {}
                return higher, "must_head_trick", {"card": best}
        if in_suit == hand:
            return hand, None, {}
        return in_suit, "must_follow_suit", {"suit": led_suit}
    if obligation == "follow_only" or trump is None:
        return hand, None, {}
    trumps = hand & SUIT_ALL[trump]
    if not trumps:
        return hand, None, {}
    if SUIT[best] == trump and obligation == "follow_head_trump":
        higher = trumps & BEATS[best]
        if higher and must_overtrump:
            if higher == hand:
                return hand, None, {}
            return higher, "must_overtrump", {"card": best}
        if not higher and not must_undertrump:
            return hand, None, {}
    if trumps == hand:
        return hand, None, {}
    return trumps, "must_trump", {"suit": trump}
