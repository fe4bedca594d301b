"""The effects of the fast path's moves (plays, draws, closes, exchanges, marriages,
claims) and the deal's ending: the half of `FastDeal` that changes a position.
"""

from __future__ import annotations

from . import outcomes
from .cards import KING, POINTS, QUEEN, RANK, SUIT
from .fast_core import (
    _NO,
    _Rules,
)
from .ruleset import RuleSet
from .scoring import Result
from .values import marriage_value


class FastMoves:
    """The state of a `FastDeal` (its slots live there) and the effects of its moves."""

    __slots__ = (
        "_r",
        "closed_by",
        "dealer",
        "declare_seat",
        "hands",
        "lead_card",
        "lead_mask",
        "leader",
        "marriage_count",
        "melded",
        "melds_this_lead",
        "need_draw",
        "over",
        "pending",
        "points",
        "queue",
        "result",
        "rules",
        "snap",
        "stock",
        "stock_open",
        "stock_pos",
        "to_act",
        "tricks_played",
        "tricks_won",
        "trump",
        "turnup",
        "turnup_in_stock",
        "won",
    )

    rules: RuleSet
    dealer: int
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    turnup: int
    """Card id of the turn-up, -1 when there is none."""
    turnup_in_stock: bool
    trump: int
    """Trump suit, 4 while there is none (Idiot-66 before a marriage)."""
    stock_open: bool
    closed_by: int
    snap: tuple[int, int, int, int] | None
    """(points 0, tricks 0, points 1, tricks 1) at the close."""
    lead_card: int
    """The card led to the current trick, -1 on lead."""
    leader: int
    to_act: int
    need_draw: bool
    tricks_won: list[int]
    tricks_played: int
    points: list[int]
    """Card points that count now: tricks, last-trick bonus, counted marriages."""
    pending: list[int]
    """Marriage points not yet counted (no trick yet)."""
    marriage_count: int
    melded: int
    melds_this_lead: int
    lead_mask: int
    declare_seat: int
    queue: int
    """Seat that must decide on the exchange after a close, -1 when none."""
    won: list[int]
    over: bool
    result: Result | None
    _r: _Rules

    def _exchange_card(self, hand: int) -> int:
        """The exchange card in `hand` as a bit, 0 when absent."""
        r = self._r
        if r.exchange_rank < 0 or self.trump == 4:
            return 0
        return hand & (1 << (self.trump * 8 + r.exchange_rank))

    def _play(self, c: int) -> None:
        p = self.to_act
        self.hands[p] &= ~(1 << c)
        lead = self.lead_card
        if lead < 0:
            self.declare_seat = _NO
            self.lead_mask = 0
            self.lead_card = c
            self.to_act = 1 - p
            return
        trump = self.trump
        if SUIT[c] == SUIT[lead]:
            w = p if RANK[c] < RANK[lead] else 1 - p
        else:
            w = p if SUIT[c] == trump else 1 - p
        self.lead_card = _NO
        self.won[w] |= (1 << c) | (1 << lead)
        self.points[w] += POINTS[c] + POINTS[lead] + self.pending[w]
        self.pending[w] = 0
        self.tricks_won[w] += 1
        self.tricks_played += 1
        self.melds_this_lead = 0
        r = self._r
        if self.closed_by >= 0 and r.close_lost_on_trick and w != self.closed_by:
            self._failed_close()
            return
        if not self.hands[w]:
            if self.closed_by < 0:
                self.points[w] += r.last_trick_bonus
            self._exhausted(w)
            return
        self.leader = self.to_act = w
        self.need_draw = self.stock_open and self.closed_by < 0
        self.declare_seat = w if r.going_out else _NO

    def _draw(self) -> None:
        seat = self.to_act
        pos = self.stock_pos
        stock = self.stock
        hands = self.hands
        for _ in (0, 1):
            if pos < len(stock):
                c = stock[pos]
                pos += 1
            else:
                c = self.turnup
                self.turnup_in_stock = False
            hands[seat] |= 1 << c
            seat = 1 - seat
        self.stock_pos = pos
        self.need_draw = False
        if len(stock) - pos + self.turnup_in_stock < 2:
            self.stock_open = False

    def _close(self) -> None:
        p = self.to_act
        r = self._r
        self.closed_by = p
        self.need_draw = False
        self.snap = (self.points[0], self.tricks_won[0], self.points[1], self.tricks_won[1])
        o = 1 - p
        if (
            r.exchange_at_close
            and self.turnup_in_stock
            and self._exchange_card(self.hands[o])
            and (r.exchange_at_close == 1 or self.tricks_won[o])
        ):
            self.queue = o
            self.to_act = o

    def _exchange(self) -> None:
        p = self.to_act
        bit = self._exchange_card(self.hands[p])
        self.hands[p] = (self.hands[p] & ~bit) | (1 << self.turnup)
        self.turnup = bit.bit_length() - 1
        if self.queue >= 0:
            self.queue = _NO
            self.to_act = self.leader

    def _meld(self, suit: int) -> None:
        r = self._r
        p = self.to_act
        k = 1 << (suit * 8 + KING)
        q = 1 << (suit * 8 + QUEEN)
        self.melded |= k | q
        if r.trump_by_marriage and (r.latest_marriage or self.trump == 4):
            self.trump = suit
        self.marriage_count += 1
        value = marriage_value(self.rules, suit == self.trump, self.marriage_count - 1)
        ok = r.marriage_counts_at_once or self.tricks_won[p] > 0
        if ok:
            self.points[p] += value
        else:
            self.pending[p] += value
        self.melds_this_lead += 1
        self.lead_mask |= (k if r.lead_king else 0) | (q if r.lead_queen else 0)
        if ok and r.go_out_by_marriage and r.going_out:
            self.declare_seat = p
        elif not r.go_out_by_marriage:
            self.declare_seat = _NO

    def _declare(self) -> None:
        p = self.to_act
        closer = self.closed_by if self.closed_by >= 0 else None
        self._settle(
            outcomes.claim(self.rules, p, self.points, self.tricks_won, closer, self._snapshot())
        )

    def _snapshot(self) -> outcomes.Snapshot:
        snap = self.snap
        return None if snap is None else ((snap[0], snap[1]), (snap[2], snap[3]))

    def _failed_close(self) -> None:
        self._settle(
            outcomes.failed_close(self.rules, self.closed_by, self.points, self._snapshot())
        )

    def _exhausted(self, last: int) -> None:
        closer = self.closed_by if self.closed_by >= 0 else None
        self._settle(
            outcomes.exhausted(
                self.rules,
                last,
                self.points,
                self.tricks_won,
                closer,
                self._snapshot(),
                self.tricks_played,
            )
        )

    def _settle(self, ending: outcomes.Ending) -> None:
        """End the deal as `outcomes` decides it (two seats, one per side: as `Deal` does
        for the rules `supports` admits)."""
        reason, gains, winners = ending
        by_seat = [gains.get(0, 0), gains.get(1, 0)]
        if winners is None:
            winners = [side for side, gp in gains.items() if gp > 0]
        gp = max((by_seat[s] for s in winners), default=0)
        self.result = Result(sorted(winners), gp, reason, self.points[:], by_seat)
        self.over = True
        self.to_act = _NO
        self.declare_seat = _NO
