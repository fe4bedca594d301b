"""Endings: how a deal ends and how many game points each side collects.

A DealState subclass that Moves builds on: a successful or failed close, a true or false
declaration, the stock played out, a bid contract; `_finish` writes the `Result`.
"""

from __future__ import annotations

from .bidding import is_moon
from .cards import TEN, card_id
from .kinds import ResultReason
from .scoring import (
    Result,
    bid_units,
    failed_close_points,
    four_hand_130_points,
    game_points_1_2_3,
)
from .state import DealState


class Endings(DealState):
    """The scoring half of `Deal`: every way a deal ends."""

    def _loser_basis(self, side: int, use_snapshot: bool) -> tuple[int, int]:
        if use_snapshot and self.rules.close_scoring_snapshot == "at_close" and self.close_snap:
            return self.close_snap[side]
        return self._side_points(side), self._side_tricks(side)

    def _win_gains(self, side: int, use_snapshot: bool = False) -> dict[int, int]:
        """Game points the winning side collects: 1/2/3 on the loser (each loser pays)."""
        r = self.rules
        total = 0
        for i in range(len(self.sides)):
            if i == side:
                continue
            pts, tricks = self._loser_basis(i, use_snapshot)
            total += game_points_1_2_3(pts, tricks, r.schneider_threshold)
        return {side: total}

    def _end_failed_close(self) -> None:
        r = self.rules
        closer = self._side_index(self.closed_by)  # type: ignore[arg-type]
        gains = {}
        for i in range(len(self.sides)):
            if i == closer:
                continue
            had = self.close_snap[i][1] if self.close_snap else 0
            gains[i] = failed_close_points(
                r.failed_close_penalty, had, self._side_points(closer), r.schneider_threshold
            )
        self._finish("closed_failed", gains)

    def _end_false_claim(self, side: int) -> None:
        r = self.rules
        gains = {}
        for i in range(len(self.sides)):
            if i == side:
                continue
            tricks = self._side_tricks(i)
            if r.false_claim_penalty == "flat_2":
                gains[i] = 2
            elif r.false_claim_penalty == "two_or_three":
                gains[i] = 3 if tricks == 0 else 2
            else:
                gains[i] = game_points_1_2_3(self._side_points(i), tricks, r.schneider_threshold)
        self._finish("false_declaration", gains)

    def _end_exhausted(self, last_winner: int) -> None:
        r = self.rules
        nsides = len(self.sides)
        totals = [self._side_points(i) for i in range(nsides)]
        if self.closed_by is not None:
            closer = self._side_index(self.closed_by)
            made = totals[closer] >= r.target and (
                not r.close_requires_most_points
                or all(totals[closer] > totals[i] for i in range(nsides) if i != closer)
            )
            if made:
                self._finish("closed_made", self._win_gains(closer, use_snapshot=True))
            else:
                self._end_failed_close()
            return
        if r.scoring == "raw_points":
            best = max(totals)
            winners = [i for i in range(nsides) if totals[i] == best]
            gains = {i: totals[i] for i in range(nsides)}
            reason: ResultReason = "tie" if len(winners) > 1 else "most_points"
            self._finish(reason, gains, winners=winners if len(winners) == 1 else [])
            return
        if r.scoring == "bid_units":
            self._end_contract()
            return
        if r.scoring == "four_hand_130":
            for i in range(nsides):
                every = self._side_tricks(i) == self.tricks_played
                gp = four_hand_130_points(totals[i], every)
                if gp:
                    self._finish("most_points", {i: gp})
                    return
            self._finish("tie", {})
            return
        lw = self._side_index(last_winner)
        if r.exhausted_resolution == "last_trick_wins_1":
            self._finish("last_trick", {lw: 1})
            return
        if r.exhausted_resolution == "last_trick_wins_scaled":
            self._finish("last_trick", self._win_gains(lw))
            return
        best = max(totals)
        tops = [i for i in range(nsides) if totals[i] == best]
        if len(tops) > 1:
            self._finish("tie", {})
            return
        self._finish("most_points", self._win_gains(tops[0]))

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
