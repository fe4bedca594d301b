"""Moves: what each legal action does to a deal.

Builds on DealEndings (a move may end the deal); `Deal.apply` runs `_do_<type>` once
`_why_<type>` has passed: trick play and its resolution, drawing, closing, the trump
exchange, marriages, declaring, bidding and naming trumps.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .bidding import is_moon, max_bid
from .cards import CODES, KING, POINTS, QUEEN, SUIT, SUITS
from .deal_endings import DealEndings
from .outcomes import close_fails_on_trick, last_trick_bonus
from .scoring import Result
from .tricks import trick_winner
from .values import marriage_value, plain_marriage_value


class Moves(DealEndings):
    """The effects half of `Deal`: one `_do_*` method per action type."""

    def _do_play(self, a: Action) -> None:
        p = a.player
        c = self._checked_card  # resolved by _why_play just before (copy chosen for 2 packs)
        self.hands[p] &= ~(1 << c)
        if not self.trick:
            self.declare_seat = None
            self.lead_mask = 0
            if self.trump is None and self.rules.trump_source == "first_lead_of_bid_winner":
                self.trump = SUIT[c]
                self.marriages = [
                    (s, su, plain_marriage_value(su == self.trump) if v is None else v, ok)
                    for (s, su, v, ok) in self.marriages
                ]
        trick = self.trick
        trick.append((p, c))
        if len(trick) < len(self.active):
            self.to_act = self._next(p)
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        r = self.rules
        trick = self.trick
        cards = [c for _, c in trick]
        w = trick[trick_winner(cards, self.trump)][0]
        won = self.won[w]
        pts = 0
        for c in cards:
            pts += POINTS[c]
            won |= 1 << c
        self.won[w] = won
        self.trick_points[w] += pts
        self.tricks_won[w] += 1
        self.last_trick = tuple(trick)
        self.trick = []
        self.tricks_played += 1
        self.melds_this_lead = 0
        self.partner_melded = False
        side = self.side_idx[w]
        members = self.sides[side]
        if self.marriages and any(not ok for (_s, _su, _v, ok) in self.marriages):
            self.marriages = [(s, su, v, ok or s in members) for (s, su, v, ok) in self.marriages]
        if close_fails_on_trick(r, self._closer_side(), side):
            self._end_failed_close()
            return
        if not self.hands[w]:  # every active hand holds the same number of cards after a trick
            self.bonus[w] += last_trick_bonus(r, self.closed_by)
            self._end_exhausted(w)
            return
        self.leader = w
        self.to_act = w
        self.need_draw = self.stock_open and self.closed_by is None
        self.declare_seat = w if r.going_out_allowed else None

    def _do_draw(self, a: Action) -> None:
        seat = a.player
        hands, stock, pos = self.hands, self.stock, self.stock_pos
        active = self.active
        for _ in active:
            if pos < len(stock):
                c = stock[pos]
                pos += 1
            else:
                assert self.turnup is not None  # the turn-up is the last card of the stock
                c = self.turnup
                self.turnup_in_stock = False
            hands[seat] |= 1 << c
            seat = self._next(seat)
        self.stock_pos = pos
        self.need_draw = False
        if self._stock_size() < len(active):
            self.stock_open = False
            self.phase = "strict"

    def _do_close(self, a: Action) -> None:
        r = self.rules
        p = a.player
        self.closed_by = p
        self.need_draw = False
        self.phase = "strict"
        self.close_snap = tuple(
            (self._side_points(i), self._side_tricks(i)) for i in range(len(self.sides))
        )
        queue = []
        my_side = self._side_index(p)
        if self.exchange_rank is not None and r.exchange_on_opponent_close != "never":
            seat = self._next(p)
            while seat != p:
                side = self._side_index(seat)
                if (
                    side != my_side
                    and self._exchange_card_in(self.hands[seat]) is not None
                    and self.turnup_in_stock
                    and self.turnup is not None  # implied by the two tests above
                    and self.trump is not None
                    and CODES[self.turnup] != CODES[self.trump * 8 + self.exchange_rank]
                    and (r.exchange_on_opponent_close == "any" or self._side_tricks(side) > 0)
                ):
                    queue.append(seat)
                    break
                seat = self._next(seat)
        self.exchange_queue = tuple(queue)
        if queue:
            self.to_act = queue[0]

    def _do_exchange(self, a: Action) -> None:
        p = a.player
        c = self._exchange_card_in(self.hands[p])
        assert c is not None and self.turnup is not None
        self.hands[p] = (self.hands[p] & ~(1 << c)) | (1 << self.turnup)
        self.turnup = c
        if self.exchange_queue:
            self._pop_queue()

    def _pop_queue(self) -> None:
        self.exchange_queue = self.exchange_queue[1:]
        self.to_act = self.exchange_queue[0] if self.exchange_queue else self.leader

    def _do_meld(self, a: Action) -> None:
        r = self.rules
        p = a.player
        suit = SUITS.index(a.suit)  # type: ignore[arg-type]  # _why_meld checked the suit
        k, q = self._marriage_cards(p, suit)  # type: ignore[misc]
        self.melded |= (1 << k) | (1 << q)
        if r.trump_source == "none_until_marriage" and (
            r.idiot_trump_mode == "latest_marriage" or self.trump is None
        ):
            self.trump = suit
        value: int | None = marriage_value(r, suit == self.trump, len(self.marriages))
        if (
            r.marriage_values == "20_40"
            and self.trump is None
            and r.trump_source == "first_lead_of_bid_winner"
        ):
            value = None  # worth 20 or 40 once the first lead names trumps
        side = self._side_index(p)
        ok = r.marriage_trick_rule in ("no_trick_needed", "must_have_trick_to_declare") or (
            self._side_tricks(side) > 0
        )
        self.marriages = [*self.marriages, (p, suit, value, ok)]
        if self.trick:
            self.partner_melded = True
            return
        self.melds_this_lead += 1
        lead = 0
        if r.marriage_lead_card in ("either", "king"):
            lead |= 1 << k
            lead |= self.hands[p] & ((1 << (suit * 8 + KING)) | (1 << (32 + suit * 8 + KING)))
        if r.marriage_lead_card in ("either", "queen"):
            lead |= 1 << q
            lead |= self.hands[p] & ((1 << (suit * 8 + QUEEN)) | (1 << (32 + suit * 8 + QUEEN)))
        self.lead_mask |= lead
        if ok and r.go_out_by_marriage and r.going_out_allowed:
            self.declare_seat = p
        elif not r.go_out_by_marriage:
            self.declare_seat = None  # a shown marriage must be led, not used to stop

    def _do_declare(self, a: Action) -> None:
        self._end_claim(self._side_index(a.player))

    def _do_bid(self, a: Action) -> None:
        value: int = a.value  # type: ignore[assignment]  # _why_bid checked the value
        self.bids = [*self.bids, (a.player, value)]
        self.high_bid = value
        self.high_bidder = a.player
        top = max_bid(self.rules)
        if self.high_bid >= top:
            self._end_bidding()
            return
        self._advance_bidding(a.player)

    def _do_pass(self, a: Action) -> None:
        if self.phase == "bidding":
            self.bids = [*self.bids, (a.player, 0)]
            self.passed = (*self.passed, a.player)
            if len(self.passed) == len(self.active):
                self.phase = "over"
                self.to_act = None
                self.result = Result(
                    [], 0, "tie", [0] * self.n, [0] * self.n, {"redeal": True, "all_passed": True}
                )
                return
            self._advance_bidding(a.player)
            return
        if self.phase == "trump_naming":
            c = self.forehand_turn_card
            assert c is not None
            self._set_named_trump(SUIT[c], revealed=c)
            return
        self._pop_queue()

    def _do_trump(self, a: Action) -> None:
        self._set_named_trump(SUITS.index(a.suit), revealed=None)  # type: ignore[arg-type]

    def _set_named_trump(self, suit: int, revealed: int | None) -> None:
        self.trump = suit
        self.trump_card = revealed
        self.phase = "open" if self.stock_open else "strict"
        self.to_act = self.leader

    def _advance_bidding(self, seat: int) -> None:
        nxt = self._next(seat)
        while nxt in self.passed:
            nxt = self._next(nxt)
        if nxt == self.high_bidder:
            self._end_bidding()
        else:
            self.to_act = nxt

    def _end_bidding(self) -> None:
        bidder = self.high_bidder
        assert bidder is not None
        if is_moon(self.high_bid, self.rules) and self.rules.partnerships == "opposite_pairs":
            partner = (bidder + 2) % self.n
            self.dead |= self.hands[partner]
            self.hands[partner] = 0
            self.active = tuple(s for s in self.active if s != partner)
        self.phase = "open" if self.stock_open else "strict"
        self.leader = bidder
        self.to_act = bidder


# Deal.apply dispatches on the action type: "play" -> Moves._do_play, ...
EFFECTS: dict[str, Callable[[Moves, Action], None]] = {
    name[4:]: fn for name, fn in vars(Moves).items() if name.startswith("_do_")
}
