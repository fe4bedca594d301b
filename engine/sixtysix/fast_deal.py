"""`FastDeal`: a two-player, one-pack deal as ints (see `fast`): creation, legal moves,
and `apply`; the effects of the moves are `fast_moves.FastMoves`.
"""

from __future__ import annotations

from .actions import Action
from .cards import KING, QUEEN, SUIT, mask_cards, shuffled
from .deal import Deal
from .fast_core import (
    _HIGHER,
    _KINGS,
    _NO,
    _TRUMPS,
    CLOSE,
    DECLARE,
    DRAW,
    EXCHANGE,
    MELD,
    PASS,
    _Rules,
    _rules,
    supports,
    to_action,
)
from .fast_moves import FastMoves
from .ruleset import RuleSet
from .tricks import SUIT_ALL


class FastDeal(FastMoves):
    """One two-player deal as ints. Seats 0 and 1; `to_act` is -1 once the deal is over."""

    __slots__ = ()  # the slots are FastMoves'

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: RuleSet, *, seed: int | None = None, dealer: int = 0) -> FastDeal:
        """The deal `Deal.new(rules, seed=seed, dealer=dealer)` deals, as a FastDeal."""
        r = _rules(rules)
        cards = shuffled(r.pack_cards, seed)
        forehand = dealer_hand = 0
        for i in r.forehand_slots:
            forehand |= 1 << cards[i]
        for i in r.dealer_slots:
            dealer_hand |= 1 << cards[i]
        hands = [dealer_hand, forehand] if dealer == 0 else [forehand, dealer_hand]
        turnup = cards[r.turnup_slot] if r.turnup_slot >= 0 else _NO
        pos = r.stock_slot
        d = cls.__new__(cls)
        d._start(rules, r, dealer, hands, tuple(cards[pos:]), turnup)
        return d

    def _start(
        self,
        rules: RuleSet,
        r: _Rules,
        dealer: int,
        hands: list[int],
        stock: tuple[int, ...],
        turnup: int,
    ) -> None:
        self.rules = rules
        self._r = r
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.stock_pos = 0
        self.turnup = turnup
        self.turnup_in_stock = turnup != _NO
        self.trump = SUIT[turnup] if turnup != _NO else 4
        self.stock_open = len(stock) + (turnup != _NO) >= 2
        self.closed_by = _NO
        self.snap = None
        self.lead_card = _NO
        self.leader = self.to_act = 1 - dealer
        self.need_draw = False
        self.tricks_won = [0, 0]
        self.tricks_played = 0
        self.points = [0, 0]
        self.pending = [0, 0]
        self.marriage_count = 0
        self.melded = 0
        self.melds_this_lead = 0
        self.lead_mask = 0
        self.declare_seat = _NO
        self.queue = _NO
        self.won = [0, 0]
        self.over = False
        self.result = None

    @classmethod
    def from_deal(cls, deal: Deal) -> FastDeal:
        """The position of `deal` (any moment of the play) as a FastDeal."""
        rules = deal.rules
        if not supports(rules):
            raise ValueError("the fast path does not play these rules")
        if deal.phase not in ("open", "strict", "over"):
            raise ValueError(f"the fast path starts from the play, not from {deal.phase}")
        d = cls.__new__(cls)
        d.rules = rules
        d._r = _rules(rules)
        d.dealer = deal.dealer
        d.hands = list(deal.hands)
        d.stock = deal.stock
        d.stock_pos = deal.stock_pos
        d.turnup = _NO if deal.turnup is None else deal.turnup
        d.turnup_in_stock = deal.turnup_in_stock
        d.trump = 4 if deal.trump is None else deal.trump
        d.stock_open = deal.stock_open
        d.closed_by = _NO if deal.closed_by is None else deal.closed_by
        snap = deal.close_snap
        d.snap = None if snap is None else (snap[0][0], snap[0][1], snap[1][0], snap[1][1])
        d.lead_card = deal.trick[0][1] if deal.trick else _NO
        d.leader = deal.leader
        d.to_act = _NO if deal.to_act is None else deal.to_act
        d.need_draw = deal.need_draw
        d.tricks_won = list(deal.tricks_won)
        d.tricks_played = deal.tricks_played
        d.points = [deal.seat_points(0), deal.seat_points(1)]
        d.pending = [0, 0]
        for s, _suit, v, ok in deal.marriages:
            if v and not ok:
                d.pending[s] += v
        d.marriage_count = len(deal.marriages)
        d.melded = deal.melded
        d.melds_this_lead = deal.melds_this_lead
        d.lead_mask = deal.lead_mask
        d.declare_seat = _NO if deal.declare_seat is None else deal.declare_seat
        d.queue = deal.exchange_queue[0] if deal.exchange_queue else _NO
        d.won = list(deal.won)
        d.over = deal.result is not None
        d.result = deal.result
        return d

    def copy(self) -> FastDeal:
        """An independent copy."""
        d = FastDeal.__new__(FastDeal)
        for name in FastMoves.__slots__:
            setattr(d, name, getattr(self, name))
        d.hands = self.hands[:]
        d.tricks_won = self.tricks_won[:]
        d.points = self.points[:]
        d.pending = self.pending[:]
        d.won = self.won[:]
        return d

    # ------------------------------------------------------------------ queries
    def stock_size(self) -> int:
        """Cards in the stock, the turn-up included while it lies there."""
        return len(self.stock) - self.stock_pos + self.turnup_in_stock

    # long by design: the fast path's listing, inlined (a helper per branch costs a call)
    def legal_mask(self) -> int:
        """The legal moves as bits of one int (bit m = move m), 0 when the deal is over."""
        p = self.to_act
        if p < 0:
            return 0
        if self.queue >= 0:
            return (1 << EXCHANGE) | (1 << PASS)
        r = self._r
        if self.need_draw:
            out = 1 << DRAW
            if self.declare_seat == p or r.declare_any_time:
                out |= r.declare_bit
            if (
                r.close_before_draw
                and self.stock_size() >= r.close_min_stock
                and (self.tricks_played or r.close_before_first_trick)
            ):
                out |= 1 << CLOSE
            return out
        hand = self.hands[p]
        lead = self.lead_card
        if lead < 0:
            out = hand & self.lead_mask if self.lead_mask else hand
            if self.declare_seat == p or r.declare_any_time:
                out |= r.declare_bit
            if self.closed_by < 0 and self.stock_open:
                size = self.stock_size()
                if (
                    r.closing
                    and size >= r.close_min_stock
                    and (self.tricks_played or r.close_before_first_trick)
                ):
                    out |= 1 << CLOSE
                if (
                    self.turnup_in_stock
                    and size >= r.exchange_min_stock
                    and self._exchange_card(hand)
                    and (not r.exchange_requires_trick or self.tricks_won[p])
                ):
                    out |= 1 << EXCHANGE
            if r.marriages and (r.marriage_in_strict or (self.stock_open and self.closed_by < 0)):
                free = hand & ~self.melded
                pairs = free & free >> (QUEEN - KING) & _KINGS
                if (
                    pairs
                    and self.melds_this_lead < 1
                    and (
                        r.marriage_any_time
                        or (self.tricks_won[p] if r.needs_own_trick else self.tricks_played)
                    )
                ):
                    while pairs:
                        low = pairs & -pairs
                        out |= 1 << (MELD + (low.bit_length() - 1 >> 3))
                        pairs ^= low
            return out
        # following
        out = hand if self.stock_open and self.closed_by < 0 else self._follow(hand, lead)
        if self.declare_seat == p or r.declare_any_time:
            out |= r.declare_bit
        if (
            r.exchange_when_following
            and self.closed_by < 0
            and self.stock_open
            and self.turnup_in_stock
            and self.stock_size() >= r.exchange_min_stock
            and self._exchange_card(hand)
            and (not r.exchange_requires_trick or self.tricks_won[p])
        ):
            out |= 1 << EXCHANGE
        return out

    def _follow(self, hand: int, lead: int) -> int:
        """Cards the follower may play in the strict phase (tricks.follow_options, inlined)."""
        r = self._r
        suit = SUIT[lead]
        in_suit = hand & SUIT_ALL[suit]
        if in_suit:
            if r.head:
                higher = in_suit & _HIGHER[lead]
                if higher:
                    return higher
            return in_suit
        # void: a trump if held (a trump lead was answered in suit above, so no over-trumping)
        trumps = hand & _TRUMPS[self.trump]
        if r.follow_only or not trumps:
            return hand
        return trumps

    def legal_moves(self) -> list[int]:
        """The legal moves as a list of ints, ascending."""
        return mask_cards(self.legal_mask())

    def legal_actions(self) -> list[Action]:
        """The legal moves as `Action`s, in `Deal.legal_actions()` order (for tests and tools)."""
        p = self.to_act
        return [to_action(p, m) for m in self.legal_moves()]

    # ------------------------------------------------------------------ moves
    def apply(self, m: int) -> None:
        """Apply legal move `m` (not checked: `legal_mask()` tells what is legal)."""
        if m < 32:
            self._play(m)
        elif m == DRAW:
            self._draw()
        elif m >= MELD and m < PASS:
            self._meld(m - MELD)
        elif m == DECLARE:
            self._declare()
        elif m == CLOSE:
            self._close()
        elif m == EXCHANGE:
            self._exchange()
        else:  # PASS: the exchange decision after a close
            self.queue = _NO
            self.to_act = self.leader
