"""What a seat's view fixes for every sampled world: card ids, the dealer, shown voids.

The small readers of `worlds.WorldSampler` (kept apart so that the sampler reads as
one job): the error a view that cannot give worlds raises, the frozen facts of a view,
the ids of a possibly double pack, and where a code sits among the hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import get_pack
from .players import PlayerView
from .ruleset import RuleSet


class WorldError(ValueError):
    """The view cannot be turned into worlds (auction, trump naming, no counting fields)."""


@dataclass(frozen=True)
class _Fixed:
    """What the view fixes for every world (card ids)."""

    dealer: int
    active: tuple[int, ...]
    hands: tuple[int, ...]
    """Known cards per seat (own hand; others: shown marriage cards, exchanges, trump card)."""
    need: tuple[int, ...]
    """Unknown cards still to deal to each seat."""
    void: tuple[int, ...]
    """Per seat a mask of the cards it cannot hold (suits shown void)."""
    pool: tuple[int, ...]
    """The unseen card ids, to spread over the hands, the stock and the dead hand."""
    stock_count: int
    dead_count: int
    won: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    last_trick: tuple[tuple[int, int], ...]
    turnup: int | None
    trump_card: int | None
    melded: int


class _Ids:
    """Hands out the card ids of a (possibly double) pack, one per occurrence of a code."""

    def __init__(self, rules: RuleSet) -> None:
        pack = get_pack(rules.deck)
        self.free = {code: list(ids) for code, ids in pack.code_ids.items()}

    def take(self, code: str) -> int:
        ids = self.free.get(code)
        if not ids:
            raise WorldError(f"card {code!r} seen more often than the pack holds")
        return ids.pop(0)

    def remaining(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def _first_leader(view: PlayerView) -> int:
    if view.tricks:
        return view.tricks[0][0][0]
    if view.trick:
        return view.trick[0][0]
    if view.closed_by is not None and _exchange_decision(view):
        return view.closed_by  # closed on the very first lead
    return view.seat


def _dealer(view: PlayerView, rules: RuleSet) -> int:
    """The dealer: the auction starts and play (without an auction) opens at his left."""
    n = rules.players
    if rules.bidding != "none":
        if not view.bids:
            raise WorldError("the auction has not begun")
        return (view.bids[0][0] - 1) % n
    return (_first_leader(view) - 1) % n


def _exchange_decision(view: PlayerView) -> bool:
    """True when the seat must only decide whether to exchange at the opponent's close."""
    return {a.type for a in view.legal} == {"exchange", "pass"}


def _played_by(view: PlayerView, seat: int, code: str) -> bool:
    for t in view.tricks:
        for s, c in t:
            if s == seat and c == code:
                return True
    return any(s == seat and c == code for s, c in view.trick)


def _id_in_hand(hand: int, code: str, rules: RuleSet) -> int | None:
    for c in get_pack(rules.deck).ids_for(code):
        if hand >> c & 1:
            return c
    return None


def _id_in(masks: list[int], code: str, rules: RuleSet) -> int | None:
    for c in get_pack(rules.deck).ids_for(code):
        for m in masks:
            if m >> c & 1:
                return c
    return None


def _void_mask(suits: int, rules: RuleSet) -> int:
    pack = get_pack(rules.deck)
    mask = 0
    for s in range(4):
        if suits >> s & 1:
            mask |= pack.suit_mask[s]
    return mask


__all__ = [
    "WorldError",
    "_Fixed",
    "_Ids",
    "_dealer",
    "_exchange_decision",
    "_first_leader",
    "_id_in",
    "_id_in_hand",
    "_played_by",
    "_void_mask",
]
