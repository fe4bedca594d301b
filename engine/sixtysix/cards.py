"""Ranks, suits, packs and card codes.

Cards are small ints so hands can be int bitmasks: ``id = copy * 32 + suit * 8 + rank``
where rank 0 is the Ace (highest) and 7 the Seven. Two-pack variants use copy 0 and 1;
both copies share one protocol code.
"""

from __future__ import annotations

import hashlib
import math
import os
from functools import cache

RANKS = "ATKQJ987"
"""Rank letters, strongest first (T is the Ten)."""
SUITS = "CDHS"
"""Suit letters in protocol order."""
RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
"""Card points by rank index."""
TEN = 1
KING = 2
QUEEN = 3
JACK = 4
DECKS = ("24", "20", "32", "2x24")


def card_id(suit: int, rank: int, copy: int = 0) -> int:
    """The int id of a card."""
    return copy * 32 + suit * 8 + rank


def suit_of(card: int) -> int:
    """Suit index of a card id."""
    return (card >> 3) & 3


def rank_of(card: int) -> int:
    """Rank index of a card id (0 = Ace, strongest)."""
    return card & 7


def points_of(card: int) -> int:
    """Card points of a card id."""
    return RANK_POINTS[card & 7]


def code_of(card: int) -> str:
    """Protocol code ("AS", "TH") of a card id."""
    return RANKS[card & 7] + SUITS[(card >> 3) & 3]


CODES = tuple(code_of(c) for c in range(64))
POINTS = tuple(points_of(c) for c in range(64))
SUIT = tuple(suit_of(c) for c in range(64))
RANK = tuple(rank_of(c) for c in range(64))


class Pack:
    """Precomputed tables for one deck spelling (``24``, ``20``, ``32``, ``2x24``)."""

    def __init__(self, deck: str) -> None:
        if deck not in DECKS:
            raise ValueError(deck)
        self.deck = deck
        self.copies = 2 if deck == "2x24" else 1
        self.rank_count = {"24": 6, "20": 5, "32": 8, "2x24": 6}[deck]
        self.cards: tuple[int, ...] = tuple(
            card_id(s, r, c)
            for c in range(self.copies)
            for s in range(4)
            for r in range(self.rank_count)
        )
        self.mask = 0
        for c in self.cards:
            self.mask |= 1 << c
        self.suit_mask = tuple(sum(1 << c for c in self.cards if suit_of(c) == s) for s in range(4))
        self.size = len(self.cards)
        self.total_points = sum(points_of(c) for c in self.cards)
        self.code_ids: dict[str, tuple[int, ...]] = {}
        for c in self.cards:
            self.code_ids.setdefault(code_of(c), ())
            self.code_ids[code_of(c)] += (c,)

    def ids_for(self, code: str) -> tuple[int, ...]:
        """Card ids carrying this code in the pack (empty when not in the pack)."""
        return self.code_ids.get(code, ())


@cache
def get_pack(deck: str) -> Pack:
    """Cached pack tables."""
    return Pack(deck)


def is_card_code(code: object) -> bool:
    """True when `code` is a two-character card code of any pack."""
    return isinstance(code, str) and len(code) == 2 and code[0] in RANKS and code[1] in SUITS


def parse_code(code: str) -> tuple[int, int]:
    """(suit, rank) of a card code; ValueError when it is not one."""
    if not is_card_code(code):
        raise ValueError(code)
    return SUITS.index(code[1]), RANKS.index(code[0])


def mask_cards(mask: int) -> list[int]:
    """Card ids in a bitmask, ascending (suit-major, strongest rank first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_key(card: int) -> tuple[int, int, int]:
    """Display order: by suit, strongest first, copies together."""
    return (suit_of(card), rank_of(card), card >> 5)


def mask_codes(mask: int) -> list[str]:
    """Codes of the cards in a bitmask, in display order."""
    return [CODES[c] for c in sorted(mask_cards(mask), key=sort_key)]


def shuffled(cards: tuple[int, ...], seed: int | None) -> list[int]:
    """A uniform shuffle of `cards`, the same for the same seed (fresh randomness for None).

    The seed is hashed (BLAKE2b, 512 bits) and the number, reduced modulo n!, is spent as
    the digits of a Fisher-Yates shuffle: three times faster than seeding a Mersenne
    Twister per deal, and uniform to within 2**-300 even for the 48-card double pack.
    """
    raw = os.urandom(64) if seed is None else hashlib.blake2b(str(seed).encode()).digest()
    out = list(cards)
    i = len(out)
    x = int.from_bytes(raw, "little") % _factorial(i)
    while i > 1:
        j = x % i
        x //= i
        i -= 1
        out[i], out[j] = out[j], out[i]
    return out


@cache
def _factorial(n: int) -> int:
    return math.factorial(n)
