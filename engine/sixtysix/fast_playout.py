"""`play_out_at_random`: the benchmark's policy played on a `FastDeal`, inlined for speed."""

from __future__ import annotations

from collections.abc import Callable

from .cards import KING, POINTS, QUEEN, SUIT
from .fast_core import (
    _BEATS_LEAD,
    _HIGHER,
    _KINGS,
    _TRUMPS,
    EXCHANGE,
    MELD,
    PASS,
)
from .fast_deal import FastDeal
from .tricks import SUIT_ALL

_BYTE_POINTS = tuple(sum(POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))
"""Card points of the cards of one suit, indexed by that suit's eight bits of a hand."""


# long by design: one hot loop over the state in locals (a helper would cost a call a move)
def play_out_at_random(d: FastDeal, random_: Callable[[], float]) -> int:
    """Play `d` to its end with the sensible policy; the number of moves applied.

    Claim as soon as the claim is true, close when own points plus the points of the own
    trumps in hand reach the target, otherwise a uniformly random other legal move
    (`random_()` in [0, 1) picks it). benchmarks/engine.py plays the same policy on `Deal`.

    The loop is `legal_mask()` and `apply()` inlined for plays and draws, with the state
    in local variables; the rarer moves (claims, closes, exchanges, marriages, endings) go
    through the methods, the locals stored before and read back after.
    """
    r = d._r
    target = r.target
    declare_bit = r.declare_bit
    any_time = r.declare_any_time
    close_before_draw = r.close_before_draw
    close_min = r.close_min_stock
    first_trick_close = r.close_before_first_trick
    closing = r.closing
    ex_rank = r.exchange_rank
    ex_min = r.exchange_min_stock
    ex_trick = r.exchange_requires_trick
    ex_following = r.exchange_when_following
    marriages = r.marriages
    in_strict = r.marriage_in_strict
    meld_any_time = r.marriage_any_time
    meld_own_trick = r.needs_own_trick
    head = r.head
    follow_only = r.follow_only
    lost_on_trick = r.close_lost_on_trick
    bonus = r.last_trick_bonus
    going_out = r.going_out
    hands, points, pending, tricks, won = d.hands, d.points, d.pending, d.tricks_won, d.won
    stock = d.stock
    nstock = len(stock)
    suit_of, card_points = SUIT, POINTS

    count = 0
    rare = ""  # the rarer move that ends the inner loop: claim, close, lost, out, move
    while True:
        p, lead, need_draw, pos = d.to_act, d.lead_card, d.need_draw, d.stock_pos
        tin, open_, played, closed = d.turnup_in_stock, d.stock_open, d.tricks_played, d.closed_by
        melds, lead_mask, dseat, leader = d.melds_this_lead, d.lead_mask, d.declare_seat, d.leader
        queue, trump, melded = d.queue, d.trump, d.melded
        trumps_of = _TRUMPS[trump]
        beats_lead = _BEATS_LEAD[trump]
        trump_shift = trump * 8 if trump != 4 else 32  # no trumps: no card above bit 31
        ex_bit = 1 << (trump * 8 + ex_rank) if ex_rank >= 0 and trump != 4 else 0
        while p >= 0:
            count += 1
            hand = hands[p]
            if (
                points[p] >= target and declare_bit and (dseat == p or any_time) and queue < 0
            ):  # a true claim
                rare = "claim"
                break
            if lead >= 0:  # following
                if open_ and closed < 0:
                    opts = hand
                    if (
                        ex_following
                        and hand & ex_bit
                        and tin
                        and nstock - pos + tin >= ex_min
                        and (not ex_trick or tricks[p])
                    ):
                        opts |= 1 << EXCHANGE
                else:
                    led = suit_of[lead]
                    opts = hand & SUIT_ALL[led]
                    if opts:
                        if head and opts & _HIGHER[lead]:
                            opts &= _HIGHER[lead]
                    elif follow_only or not hand & trumps_of:
                        opts = hand
                    else:
                        opts = hand & trumps_of
            elif need_draw:  # the trick's winner: close or draw (his only other move)
                if (
                    close_before_draw
                    and nstock - pos + tin >= close_min
                    and (played or first_trick_close)
                    and points[p] + _BYTE_POINTS[hand >> trump_shift & 255] >= target
                ):
                    rare = "close"
                    break  # read the state back
                random_()  # one move to pick from: the stream stays in step with Deal's policy
                seat = p
                for _ in (0, 1):
                    if pos < nstock:
                        c = stock[pos]
                        pos += 1
                    else:
                        c = d.turnup
                        tin = False
                    hands[seat] |= 1 << c
                    seat = 1 - seat
                need_draw = False
                if nstock - pos + tin < 2:
                    open_ = False
                continue
            elif queue >= 0:
                opts = (1 << EXCHANGE) | (1 << PASS)
            else:  # on lead
                opts = hand & lead_mask if lead_mask else hand
                if closed < 0 and open_:
                    size = nstock - pos + tin
                    if (
                        closing
                        and size >= close_min
                        and (played or first_trick_close)
                        and points[p] + _BYTE_POINTS[hand >> trump_shift & 255] >= target
                    ):
                        rare = "close"
                        break  # read the state back
                    if hand & ex_bit and tin and size >= ex_min and (not ex_trick or tricks[p]):
                        opts |= 1 << EXCHANGE
                if marriages and (in_strict or (open_ and closed < 0)) and melds < 1:
                    free = hand & ~melded
                    pairs = free & free >> (QUEEN - KING) & _KINGS
                    if pairs and (meld_any_time or (tricks[p] if meld_own_trick else played)):
                        while pairs:
                            low = pairs & -pairs
                            opts |= 1 << (MELD + (low.bit_length() - 1 >> 3))
                            pairs ^= low
            n = opts.bit_count()
            if n > 1:
                k = int(random_() * n)
                while k:
                    opts &= opts - 1
                    k -= 1
            else:
                random_()
            m = (opts & -opts).bit_length() - 1
            if m < 32:  # play
                hands[p] = hand & ~(1 << m)
                if lead < 0:
                    dseat = -1
                    lead_mask = 0
                    lead = m
                    p = 1 - p
                    continue
                w = p if beats_lead[lead] >> m & 1 else 1 - p
                won[w] |= (1 << m) | (1 << lead)
                points[w] += card_points[m] + card_points[lead] + pending[w]
                pending[w] = 0
                tricks[w] += 1
                played += 1
                melds = 0
                lead = -1
                if closed >= 0 and lost_on_trick and w != closed:
                    rare = "lost"
                    break
                if not hands[w]:
                    if closed < 0:
                        points[w] += bonus
                    rare = "out"
                    break
                leader = p = w
                need_draw = open_ and closed < 0
                dseat = w if going_out else -1
            else:
                rare = "move"
                break  # read the state back
        else:
            return count
        # a rarer move, through the methods: the locals stored before, read back after
        d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
        d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
        d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
        d.leader = leader
        if rare == "move":
            d.apply(m)
        elif rare == "close":
            d._close()
        else:
            if rare == "claim":
                d._declare()
            elif rare == "lost":
                d._failed_close()
            else:
                d._exhausted(w)
            return count
