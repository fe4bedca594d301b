"""The Deal's side of its endings: outcomes.py decides them, this writes them down.

A DealState subclass that Moves builds on: it reads the sides' points and tricks, asks
outcomes.py (the one place each ending is decided, shared with the fast path and the
solver) how the deal ended, and `_finish` writes the `Result`; only a bid contract is
scored here.
"""

from __future__ import annotations

from . import outcomes
from .bidding import is_moon
from .cards import TEN, card_id
from .kinds import ResultReason
from .scoring import Result, bid_units
from .state import DealState


class DealEndings(DealState):
    """The scoring half of `Deal`: every way a deal ends."""

    def _tally(self) -> tuple[list[int], list[int]]:
        """Card points and tricks of every side now."""
        sides = range(len(self.sides))
        return [self._side_points(i) for i in sides], [self._side_tricks(i) for i in sides]

    def _closer_side(self) -> int | None:
        return None if self.closed_by is None else self._side_index(self.closed_by)

    def _end(self, ending: outcomes.Ending) -> None:
        reason, gains, winners = ending
        self._finish(reason, gains, winners=winners)

    def _end_failed_close(self) -> None:
        closer = self._closer_side()
        assert closer is not None
        points, _tricks = self._tally()
        self._end(outcomes.failed_close(self.rules, closer, points, self.close_snap))

    def _end_claim(self, side: int) -> None:
        """A claim by `side`: true, false, the closer's, or beating the closer."""
        points, tricks = self._tally()
        self._end(
            outcomes.claim(self.rules, side, points, tricks, self._closer_side(), self.close_snap)
        )

    def _end_exhausted(self, last_winner: int) -> None:
        if self.rules.scoring == "bid_units" and self.closed_by is None:
            self._end_contract()
            return
        points, tricks = self._tally()
        ending = outcomes.exhausted(
            self.rules,
            self._side_index(last_winner),
            points,
            tricks,
            self._closer_side(),
            self.close_snap,
            self.tricks_played,
        )
        self._end(ending)

    def _end_contract(self) -> None:
        r = self.rules
        bidder = self.high_bidder
        assert bidder is not None
        side = self._side_index(bidder)
        pts = self._side_points(side)
        moon = is_moon(self.high_bid, r)
        moon_made = (self.tricks_won[bidder] == self.tricks_played) if moon else None
        units = bid_units(pts, self.high_bid, r.bid_unit, moon_made)
        gains = {side: units}
        for i in range(len(self.sides)):
            if i != side:
                gains[i] = self._side_points(i) // r.bid_unit
        reason: ResultReason = "contract_made" if units > 0 else "contract_failed"
        winners_sides = [side] if units > 0 else [i for i in range(len(self.sides)) if i != side]
        self._finish(reason, gains, winners=winners_sides)

    def _trump_ten_seats(self) -> list[int]:
        """The seats of the side whose tricks hold the ten of trumps, under `trump_ten_bonus`."""
        if not self.rules.trump_ten_bonus or self.trump is None:
            return []
        ten = 1 << card_id(self.trump, TEN)
        for seat in range(self.n):
            if self.won[seat] & ten:
                return list(self.sides[self._side_index(seat)])
        return []

    def _finish(
        self, reason: ResultReason, gains: dict[int, int], winners: list[int] | None = None
    ) -> None:
        """End the deal: gains maps side index -> game points for each member."""
        by_seat = [0] * self.n
        for side, gp in gains.items():
            for s in self.sides[side]:
                by_seat[s] = gp
        if winners is None:
            winners = [i for i, gp in gains.items() if gp > 0]
        win_seats = sorted(s for i in winners for s in self.sides[i])
        if self.rules.dealer_sits_out and win_seats and reason != "tie":
            by_seat[self.dealer] = max(by_seat[s] for s in win_seats)
        ten_seats = self._trump_ten_seats()
        for s in ten_seats:
            by_seat[s] += 1
        gp = max((by_seat[s] for s in win_seats), default=0)
        self.result = Result(
            win_seats,
            gp,
            reason,
            [self.seat_points(s) for s in range(self.n)],
            by_seat,
        )
        if ten_seats:
            self.result.extra["trump_ten"] = ten_seats
        if self.high_bidder is not None:
            self.result.extra["contract"] = {"player": self.high_bidder, "value": self.high_bid}
        self.phase = "over"
        self.to_act = None
        self.declare_seat = None
