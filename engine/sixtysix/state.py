"""DealState: every attribute of a deal, declared and typed once, with the queries on it.

Legality, Moves and DealEndings inherit it, so each rule module is checked against the same
declarations that `Deal` fills in (deal.py). Annotations only: nothing here runs per move,
and `undo()` still swaps the plain instance `__dict__`.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from .actions import Action
from .cards import KING, QUEEN, Pack
from .kinds import Phase
from .ruleset import RuleSet
from .scoring import Result
from .tricks import trick_winner

Marriage: TypeAlias = tuple[int, int, int | None, bool]
"""(seat, suit, value, counted): value None until trumps are fixed, counted once the side
has a trick."""
Play: TypeAlias = tuple[int, int]
"""(seat, card id) of one card in a trick."""


class DealState:
    """The state of one deal. Cards are ints, hands and card sets int bitmasks (cards.py)."""

    # fixed for the deal: the rules and the per-(rules, dealer) seat tables
    rules: RuleSet
    dealer: int
    pack: Pack
    n: int
    """Seats at the table (players), the dealer included when sitting out."""
    seats_in_order: tuple[int, ...]
    side_of: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    side_idx: dict[int, int]
    exchange_rank: int | None

    # the cards
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    turnup: int | None
    turnup_in_stock: bool
    trump: int | None
    trump_card: int | None
    """The card that fixed trumps when it is not the turn-up (dealer's or forehand's)."""
    forehand_first: int
    forehand_turn_card: int | None
    won: list[int]
    dead: int
    """Cards out of play (a moon bidder's partner's hand)."""

    # play
    phase: Phase
    active: tuple[int, ...]
    leader: int
    to_act: int | None
    stock_open: bool
    closed_by: int | None
    close_snap: tuple[tuple[int, int], ...] | None
    """(points, tricks) of each side at the moment of the close."""
    trick: list[Play]
    last_trick: tuple[Play, ...]
    need_draw: bool
    tricks_won: list[int]
    tricks_played: int
    trick_points: list[int]
    bonus: list[int]
    marriages: list[Marriage]
    melded: int
    melds_this_lead: int
    lead_mask: int
    partner_melded: bool
    declare_seat: int | None
    exchange_queue: tuple[int, ...]
    bids: list[tuple[int, int]]
    high_bid: int
    high_bidder: int | None
    passed: tuple[int, ...]
    result: Result | None

    # bookkeeping
    history: list[dict[str, Any]]
    actions: list[Action]
    _checked_card: int
    """The card id `_why_play` resolved (the right copy in two packs), for `_do_play`."""

    # ------------------------------------------------------------------ queries
    def _stock_size(self) -> int:
        return len(self.stock) - self.stock_pos + (1 if self.turnup_in_stock else 0)

    @property
    def stock_size(self) -> int:
        """Cards in the stock, counting the turn-up while it lies under it."""
        return self._stock_size()

    @property
    def last_trick_winner(self) -> int | None:
        """The seat that took the last completed trick, read off its cards (None before the
        first trick). Not the next leader: the deal's last trick leads nothing."""
        if not self.last_trick:
            return None
        cards = [c for _s, c in self.last_trick]
        return self.last_trick[trick_winner(cards, self.trump)][0]

    def _next(self, seat: int) -> int:
        act = self.active
        return act[(act.index(seat) + 1) % len(act)]

    def _side_tricks(self, side: int) -> int:
        won = self.tricks_won
        return sum([won[s] for s in self.sides[side]])

    def seat_points(self, seat: int) -> int:
        """Card points that count for `seat` now: tricks, last-trick bonus, scored marriages."""
        points = self.trick_points[seat] + self.bonus[seat]
        for s, _suit, v, ok in self.marriages:
            if s == seat and ok and v:
                points += v
        return points

    def _side_points(self, side: int) -> int:
        return sum([self.seat_points(s) for s in self.sides[side]])

    def _side_index(self, seat: int) -> int:
        return self.side_idx[seat]

    def _exchange_card_in(self, hand: int) -> int | None:
        if self.exchange_rank is None or self.trump is None:
            return None
        base = self.trump * 8 + self.exchange_rank
        for c in (base, base + 32):
            if hand >> c & 1:
                return c
        return None

    def _find(self, seat: int, code: str | None) -> int | None:
        hand = self.hands[seat]
        for c in self.pack.ids_for(code):  # type: ignore[arg-type]  # None finds nothing
            if hand >> c & 1:
                return c
        return None

    def _marriage_cards(self, seat: int, suit: int) -> tuple[int, int] | None:
        hand = self.hands[seat] & ~self.melded
        k = q = None
        for cp in (0, 32):
            if k is None and hand >> (cp + suit * 8 + KING) & 1:
                k = cp + suit * 8 + KING
            if q is None and hand >> (cp + suit * 8 + QUEEN) & 1:
                q = cp + suit * 8 + QUEEN
        if k is None or q is None:
            return None
        return k, q
