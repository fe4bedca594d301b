"""The search: alpha-beta over the solver's internal states of a two-seat deal.

A state is a tuple of small ints (hands as bitmasks, seat to act, led card, counted and
pending points, "has a trick" flags, trumps, claim window, marriage state); values are seat
0's game points minus seat 1's. The moves follow the deal's rules; every ending is scored by
outcomes.py, the same functions the deal uses (memoised per search: terminal values repeat).
"""

from __future__ import annotations

import time
from typing import TypeAlias

from .. import outcomes
from ..cards import KING, POINTS, QUEEN, SUIT, get_pack, mask_cards
from ..ruleset import RuleSet
from ..tricks import BEATS, follow_options
from ..values import marriage_value, most_marriage_points

State: TypeAlias = tuple[int, ...]
"""(h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, decl, lmask, melds, msuits, nmarr)."""
Snapshot: TypeAlias = tuple[tuple[int, int], ...] | None
"""(points, tricks) of each seat at the close."""
Child: TypeAlias = tuple[State | None, int]
"""(next state, 0) or (None, terminal value) after a move."""

DECLARE = 40
"""Internal move code of a claim; 0-31 are card plays, 32+suit a marriage."""
MELD = 32


class SolverError(ValueError):
    """The position or variant is outside the solver's domain."""


class SolverTimeout(SolverError):
    """`time_limit` ran out before a single layout was solved."""


KQ: tuple[int, ...] = tuple((1 << (s * 8 + KING)) | (1 << (s * 8 + QUEEN)) for s in range(4))
"""King and Queen of each suit (one pack), as a mask."""


class Game:
    """Rule constants and the alpha-beta search over internal states (two seats).

    State tuple: (h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, decl, lmask, melds,
    msuits, nmarr): hands, seat to act, led card (-1 none), counted points, pending marriage
    points, has-a-trick flags, trump suit (-1 none), claim window open for `turn`, allowed
    lead cards after a marriage (0 = any), marriages shown this lead, suits already shown,
    marriages shown in the deal. Values are seat 0's gain minus seat 1's.
    """

    def __init__(self, rules: RuleSet, closed_by: int | None, snap: Snapshot) -> None:
        r = rules
        self.r = r
        self.closed_by = closed_by
        self.snap = snap
        self.going_out = r.going_out_allowed
        self.any_time = r.declare_timing == "any_time_on_turn"
        self.strict_melds = r.marriage_in_strict_phase and r.marriage_values != "none"
        self.per_lead = r.marriages_per_lead
        self.trick_rule = r.marriage_trick_rule
        self.lead_card = r.marriage_lead_card
        self.go_by_marriage = r.go_out_by_marriage
        self.trump_by_marriage = r.trump_source == "none_until_marriage"
        self.latest_trump = r.idiot_trump_mode == "latest_marriage"
        self.raw = r.scoring == "raw_points"
        self.bonus = outcomes.last_trick_bonus(r, closed_by)
        self.any_trick_fails = closed_by is not None and outcomes.close_fails_on_trick(
            r, closed_by, 1 - closed_by
        )
        if self.raw:
            total = get_pack(r.deck).total_points + 10 + r.last_trick_bonus
            total += most_marriage_points(r)
            self.lo, self.hi = -total, total
        else:
            self.lo, self.hi = -3, 3
        self.tt: dict[State, tuple[int, int, int]] = {}
        # terminal values repeat across searches of the same rules and close: shared memos
        memo = _ENDINGS.get((r, closed_by, snap))
        if memo is None:
            if len(_ENDINGS) > 64:
                _ENDINGS.clear()
            memo = _ENDINGS[(r, closed_by, snap)] = ({}, {})
        self._claims, self._exhausted = memo
        obligation = (r.strict_obligation, r.must_overtrump, r.must_undertrump)
        self.follow_cache = _FOLLOW_ORDER.setdefault(obligation, {})
        self.nodes = 0
        self.deadline: float | None = None

    # -------------------------------------------------------------- endings (outcomes.py)
    def failed_close(self, p: tuple[int, int]) -> int:
        """Value when the close fails now."""
        closer = self.closed_by
        assert closer is not None
        return outcomes.two_seat_value(outcomes.failed_close(self.r, closer, p, self.snap))

    def declare(self, seat: int, p0: int, p1: int, k0: int, k1: int) -> int:
        """Value of a claim by `seat` (outcomes.claim, as the deal scores it)."""
        key = (seat, p0, p1, k0, k1)
        v = self._claims.get(key)
        if v is None:
            ending = outcomes.claim(self.r, seat, (p0, p1), (k0, k1), self.closed_by, self.snap)
            v = self._claims[key] = outcomes.two_seat_value(ending)
        return v

    def exhausted(self, lw: int, p0: int, p1: int, k0: int, k1: int) -> int:
        """Value when the hands run out (outcomes.exhausted, as the deal scores it)."""
        key = (lw, p0, p1, k0, k1)
        v = self._exhausted.get(key)
        if v is None:
            # tricks_played only matters to four_hand_130, which the solver does not play
            p, k = (p0, p1), (k0, k1)
            ending = outcomes.exhausted(self.r, lw, p, k, self.closed_by, self.snap, 0)
            v = self._exhausted[key] = outcomes.two_seat_value(ending)
        return v

    # -------------------------------------------------------------- moves
    def can_meld(self, st: State, suit: int) -> bool:
        h = st[0] if st[2] == 0 else st[1]
        if (h & KQ[suit]) != KQ[suit] or st[14] >> suit & 1 or st[13] >= self.per_lead:
            return False
        has_trick = st[8] if st[2] == 0 else st[9]
        if self.trick_rule == "must_have_trick_to_declare" and not has_trick:
            return False
        return not (self.trick_rule == "not_in_first_trick" and not (st[8] or st[9]))

    def moves(self, st: State) -> list[int]:
        """Legal internal moves, best-first by a cheap ordering (cached per hand)."""
        hand = st[0] if st[2] == 0 else st[1]
        led = st[3]
        trump = st[10]
        out: list[int] = [DECLARE] if self.going_out and (st[11] or self.any_time) else []
        if led < 0:
            if self.strict_melds:
                for s in range(4):
                    if self.can_meld(st, s):
                        out.append(MELD + s)
            plays = hand & st[12] if st[12] else hand
            key = (plays, trump)
            order = _LEAD_ORDER.get(key)
            if order is None:
                order = _lead_order(plays, trump)
                if len(_LEAD_ORDER) > 200_000:
                    _LEAD_ORDER.clear()
                _LEAD_ORDER[key] = order
        else:
            fkey = (hand, led, trump)
            order = self.follow_cache.get(fkey)
            if order is None:
                order = self._follow_order(hand, led, trump)
                if len(self.follow_cache) > 200_000:
                    self.follow_cache.clear()
                self.follow_cache[fkey] = order
        if out:
            out.extend(order)
            return out
        return list(order)

    def _follow_order(self, hand: int, led: int, trump: int) -> tuple[int, ...]:
        r = self.r
        allowed = follow_options(
            hand,
            SUIT[led],
            led,
            None if trump < 0 else trump,
            r.strict_obligation,
            r.must_overtrump,
            r.must_undertrump,
        )[0]
        win_first = []
        lose = []
        for c in _cards(allowed):
            if _beats(c, led, trump):
                win_first.append(c)
            else:
                lose.append(c)
        # win with the cheapest winner; otherwise throw the lowest card
        win_first.sort(key=lambda c: -(c & 7))
        lose.sort(key=lambda c: (POINTS[c], -(c & 7)))
        if POINTS[led] >= 10:
            return (*win_first, *lose)
        return (*lose[:1], *win_first, *lose[1:])

    def child(self, st: State, m: int) -> Child:
        """(next state, 0) or (None, terminal value) after move `m`."""
        h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, _decl, _lmask, _melds, msuits, nmarr = st
        if m == DECLARE:
            return None, self.declare(turn, p0, p1, k0, k1)
        if m >= MELD:
            return self._meld(st, m - MELD), 0
        bit = 1 << m
        if led < 0:
            if turn == 0:
                h0 ^= bit
            else:
                h1 ^= bit
            return (h0, h1, 1 - turn, m, p0, p1, q0, q1, k0, k1, trump, 0, 0, 0, msuits, nmarr), 0
        # follower completes the trick
        if turn == 0:
            h0 ^= bit
        else:
            h1 ^= bit
        w = turn if _beats(m, led, trump) else 1 - turn
        pts = POINTS[m] + POINTS[led]
        if w == 0:
            p0 += pts + q0
            q0 = 0
            k0 = 1
        else:
            p1 += pts + q1
            q1 = 0
            k1 = 1
        if self.any_trick_fails and w != self.closed_by:
            return None, self.failed_close((p0, p1))
        if not (h0 if w == 0 else h1):
            if w == 0:
                p0 += self.bonus
            else:
                p1 += self.bonus
            return None, self.exhausted(w, p0, p1, k0, k1)
        go = 1 if self.going_out else 0
        return (h0, h1, w, -1, p0, p1, q0, q1, k0, k1, trump, go, 0, 0, msuits, nmarr), 0

    def _meld(self, st: State, suit: int) -> State:
        """The state after the player to act shows the marriage of `suit`."""
        h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, decl, lmask, melds, msuits, nmarr = st
        if self.trump_by_marriage and (self.latest_trump or trump < 0):
            trump = suit
        value = marriage_value(self.r, suit == trump, nmarr)
        has = k0 if turn == 0 else k1
        ok = self.trick_rule in ("no_trick_needed", "must_have_trick_to_declare") or has
        if turn == 0:
            if ok:
                p0 += value
            else:
                q0 += value
        else:
            if ok:
                p1 += value
            else:
                q1 += value
        lead = 0
        if self.lead_card in ("either", "king"):
            lead |= 1 << (suit * 8 + KING)
        if self.lead_card in ("either", "queen"):
            lead |= 1 << (suit * 8 + QUEEN)
        if ok and self.go_by_marriage and self.going_out:
            decl = 1
        elif not self.go_by_marriage:
            decl = 0
        return (
            h0,
            h1,
            turn,
            led,
            p0,
            p1,
            q0,
            q1,
            k0,
            k1,
            trump,
            decl,
            lmask | lead,
            melds + 1,
            msuits | (1 << suit),
            nmarr + 1,
        )

    # -------------------------------------------------------------- search
    def search(self, st: State, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta with a bound-storing transposition table."""
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes & 255
            and time.perf_counter() > self.deadline
        ):
            raise SolverTimeout("time limit reached")
        tt = self.tt
        ent = tt.get(st)
        best_move = -1
        if ent is not None:
            lo, hi, best_move = ent
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = self.lo, self.hi
        a0, b0 = alpha, beta
        moves = self.moves(st)
        if best_move >= 0 and moves[0] != best_move:
            moves.remove(best_move)
            moves.insert(0, best_move)
        maximize = st[2] == 0
        best = -(10**6) if maximize else 10**6
        chosen = moves[0]
        for m in moves:
            nxt, v = self.child(st, m)
            if nxt is not None:
                v = self.search(nxt, alpha, beta)
            if maximize:
                if v > best:
                    best, chosen = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta or v >= self.hi:
                            break
            else:
                if v < best:
                    best, chosen = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta or v <= self.lo:
                            break
        if best <= a0:
            tt[st] = (lo, best, chosen)
        elif best >= b0:
            tt[st] = (best, hi, chosen)
        else:
            tt[st] = (best, best, chosen)
        return best

    def exact(self, st: State | None, terminal: int) -> int:
        """Exact value of a state (or the terminal value when `st` is None)."""
        if st is None:
            return terminal
        return self.search(st, self.lo - 1, self.hi + 1)


_Memo: TypeAlias = dict[tuple[int, int, int, int, int], int]
_ENDINGS: dict[tuple[RuleSet, int | None, Snapshot], tuple[_Memo, _Memo]] = {}
"""Claim and exhausted-stock values per (rules, closer, snapshot), then per (seat, p0, p1,
k0, k1): outcomes.py's answers, computed once."""
_LEAD_ORDER: dict[tuple[int, int], tuple[int, ...]] = {}
"""Lead ordering per (playable mask, trump), shared by every search."""
_FOLLOW_ORDER: dict[tuple[str, bool, bool], dict[tuple[int, int, int], tuple[int, ...]]] = {}
"""Follow ordering per obligation rules, then per (hand, led card, trump)."""


def _lead_order(plays: int, trump: int) -> tuple[int, ...]:
    """Leads: high cards first (aces and tens take tricks), trumps last."""
    return tuple(sorted(_cards(plays), key=lambda c: (SUIT[c] == trump, c & 7)))


_cards = mask_cards


def _beats(card: int, best: int, trump: int) -> bool:
    if BEATS[best] >> card & 1:
        return True
    return trump >= 0 and SUIT[card] == trump and SUIT[best] != trump
