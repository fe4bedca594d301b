"""Exact solver for the strict phase of two-player variants.

Once the stock is exhausted a counting player knows every card: the position is one of
perfect information and `solve` gives, for every legal move of the seat to act, the exact
game-point outcome with best play by both sides (alpha-beta with move ordering and a
transposition table). After a close the unseen cards are split between the opponent's hand
and the dead stock: `solve` solves every layout consistent with what the seat has seen (or
a seeded random sample of `max_layouts` of them, saying so) and reports, per move, the share
of layouts it wins and its expected game points.

The input is only a `PlayerView` (what the asking seat knows) and the `RuleSet`; the
solver never sees the opponent's hand or the stock.

Values are game points from the asking seat's side: what it gains minus what the opponent
gains (`game_points_by_seat`), so +2 = the asking seat wins 2 game points, -3 = it loses
3; with `scoring = raw_points` (Idiot-66) it is the difference of the raw totals.

Internal representation: a hand is an int bitmask of card ids (< 32, one pack); a search
node is a tuple of small ints (hands, seat to act, led card, counted and pending points,
"has a trick" flags, trumps, claim window, marriage state).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import KING, POINTS, QUEEN, SUIT, SUITS, get_pack, mask_cards
from .deal import Deal
from .players import PlayerView
from .ruleset import RuleSet
from .scoring import failed_close_points, game_points_1_2_3
from .tricks import BEATS, follow_options

__all__ = [
    "Analysis",
    "MoveEval",
    "SolverError",
    "SolverTimeout",
    "minimax_reference",
    "solve",
    "supports",
]

DECLARE = 40
"""Internal move code of a claim; 0-31 are card plays, 32+suit a marriage."""
MELD = 32


class SolverError(ValueError):
    """The position or variant is outside the solver's domain."""


class SolverTimeout(SolverError):
    """`time_limit` ran out before a single layout was solved."""


@dataclass(frozen=True)
class MoveEval:
    """One legal move of the asking seat.

    `value`: exact game points with best play (perfect information) or the mean over the
    solved layouts (after a close). `win_share`: share of the solved layouts in which the
    move wins (value > 0). `low`/`high`: the worst and best layout value.
    """

    action: Action
    value: float
    win_share: float
    low: int
    high: int


@dataclass(frozen=True)
class Analysis:
    """The solver's answer for the seat to act.

    `moves` in `view.legal` order; `best` the move(s) of highest value (ties kept; after a
    close, ties on the expected value are broken by the win share). `perfect_information`
    is True once the stock is exhausted (one layout). After a close `layouts_total`
    consistent layouts exist and `layouts` of them were solved; `exhaustive` says whether
    that is all of them (otherwise a seeded uniform sample).
    """

    seat: int
    perfect_information: bool
    moves: tuple[MoveEval, ...]
    best: tuple[Action, ...]
    value: float
    layouts: int
    layouts_total: int
    exhaustive: bool
    nodes: int

    def move(self, action: Action) -> MoveEval:
        """The evaluation of one legal move."""
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(action)


def supports(rules: RuleSet) -> bool:
    """True when the solver handles this variant (two seats, one pack, 1/2/3 or raw scoring)."""
    return (
        rules.players == 2
        and rules.active_players == 2
        and rules.partnerships == "none"
        and rules.bidding == "none"
        and rules.deck != "2x24"
        and rules.scoring in ("standard_1_2_3", "raw_points", "each_loser_1_2_3")
        and rules.trump_source != "first_lead_of_bid_winner"
    )


# ---------------------------------------------------------------------------- the game
_KQ = tuple((1 << (s * 8 + KING)) | (1 << (s * 8 + QUEEN)) for s in range(4))


class _Game:
    """Rule constants and the alpha-beta search over internal states (two seats).

    State tuple: (h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, decl, lmask, melds,
    msuits, nmarr): hands, seat to act, led card (-1 none), counted points, pending marriage
    points, has-a-trick flags, trump suit (-1 none), claim window open for `turn`, allowed
    lead cards after a marriage (0 = any), marriages shown this lead, suits already shown,
    marriages shown in the deal. Values are seat 0's gain minus seat 1's.
    """

    def __init__(self, rules: RuleSet, closed_by: int | None, snap: Any) -> None:
        r = rules
        self.r = r
        self.closed_by = closed_by
        self.snap = snap
        self.target = r.target
        self.going_out = r.going_out_allowed
        self.any_time = r.declare_timing == "any_time_on_turn"
        self.strict_melds = r.marriage_in_strict_phase and r.marriage_values != "none"
        self.escalating = r.marriage_values == "escalating_20_40_60_80"
        self.per_lead = r.marriages_per_lead
        self.trick_rule = r.marriage_trick_rule
        self.lead_card = r.marriage_lead_card
        self.go_by_marriage = r.go_out_by_marriage
        self.trump_by_marriage = r.trump_source == "none_until_marriage"
        self.latest_trump = r.idiot_trump_mode == "latest_marriage"
        self.raw = r.scoring == "raw_points"
        self.bonus = r.last_trick_bonus if closed_by is None else 0
        self.any_trick_fails = closed_by is not None and (
            r.failed_close_penalty == "closer_loses_on_any_trick"
        )
        if self.raw:
            total = get_pack(r.deck).total_points + 10 + r.last_trick_bonus
            total += 200 if self.escalating else 100
            self.lo, self.hi = -total, total
        else:
            self.lo, self.hi = -3, 3
        self.tt: dict[tuple, tuple[int, int, int]] = {}
        obligation = (r.strict_obligation, r.must_overtrump, r.must_undertrump)
        self.follow_cache = _FOLLOW_ORDER.setdefault(obligation, {})
        self.nodes = 0
        self.deadline: float | None = None

    # -------------------------------------------------------------- scoring
    def _gp(self, pts: int, tricks: int) -> int:
        return game_points_1_2_3(pts, 1 if tricks else 0, self.r.schneider_threshold)

    def _signed(self, seat: int, gp: int) -> int:
        return gp if seat == 0 else -gp

    def failed_close(self, pc: int) -> int:
        """Value when the close fails (`pc` = closer's points now)."""
        closer = self.closed_by
        assert closer is not None
        opp = 1 - closer
        had = self.snap[opp][1] if self.snap else 0
        gp = failed_close_points(self.r.failed_close_penalty, had, pc, self.r.schneider_threshold)
        return self._signed(opp, gp)

    def win(self, seat: int, p: tuple[int, int], k: tuple[int, int], snapshot: bool) -> int:
        """Value when `seat` wins, scored 1/2/3 on the opponent."""
        opp = 1 - seat
        if snapshot and self.r.close_scoring_snapshot == "at_close" and self.snap:
            pts, tricks = self.snap[opp]
        else:
            pts, tricks = p[opp], k[opp]
        return self._signed(seat, self._gp(pts, tricks))

    def declare(self, seat: int, p: tuple[int, int], k: tuple[int, int]) -> int:
        """Value of a claim by `seat` (mirrors Deal._do_declare)."""
        r = self.r
        opp = 1 - seat
        pts = p[seat]
        closer = self.closed_by
        true_claim = pts >= self.target
        if true_claim and closer == seat and r.close_requires_most_points:
            true_claim = pts > p[opp]
        if closer == seat and not true_claim:
            return self.failed_close(pts)
        if not true_claim:
            if r.false_claim_penalty == "flat_2":
                gp = 2
            elif r.false_claim_penalty == "two_or_three":
                gp = 2 if k[opp] else 3
            else:
                gp = self._gp(p[opp], k[opp])
            return self._signed(opp, gp)
        if closer is not None and closer != seat:
            had = self.snap[seat][1] if self.snap else 1
            gp = 2 if r.closer_beaten_penalty == "flat_2" or had else 3
            return self._signed(seat, gp)
        return self.win(seat, p, k, snapshot=closer == seat)

    def exhausted(self, lw: int, p: tuple[int, int], k: tuple[int, int]) -> int:
        """Value when the hands run out (mirrors Deal._end_exhausted for two seats)."""
        r = self.r
        closer = self.closed_by
        if closer is not None:
            made = p[closer] >= self.target and (
                not r.close_requires_most_points or p[closer] > p[1 - closer]
            )
            if made:
                return self.win(closer, p, k, snapshot=True)
            return self.failed_close(p[closer])
        if self.raw:
            return p[0] - p[1]
        if r.exhausted_resolution == "last_trick_wins_1":
            return self._signed(lw, 1)
        if r.exhausted_resolution == "last_trick_wins_scaled":
            return self.win(lw, p, k, snapshot=False)
        if p[0] == p[1]:
            return 0
        return self.win(0 if p[0] > p[1] else 1, p, k, snapshot=False)

    # -------------------------------------------------------------- moves
    def can_meld(self, st: tuple, suit: int) -> bool:
        h = st[0] if st[2] == 0 else st[1]
        if (h & _KQ[suit]) != _KQ[suit] or st[14] >> suit & 1 or st[13] >= self.per_lead:
            return False
        has_trick = st[8] if st[2] == 0 else st[9]
        if self.trick_rule == "must_have_trick_to_declare" and not has_trick:
            return False
        return not (self.trick_rule == "not_in_first_trick" and not (st[8] or st[9]))

    def moves(self, st: tuple) -> list[int]:
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

    def child(self, st: tuple, m: int) -> tuple[tuple | None, int]:
        """(next state, 0) or (None, terminal value) after move `m`."""
        h0, h1, turn, led, p0, p1, q0, q1, k0, k1, trump, decl, lmask, melds, msuits, nmarr = st
        if m == DECLARE:
            return None, self.declare(turn, (p0, p1), (k0, k1))
        if m >= MELD:
            suit = m - MELD
            if self.trump_by_marriage and (self.latest_trump or trump < 0):
                trump = suit
            value = 20 * (nmarr + 1) if self.escalating else (40 if suit == trump else 20)
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
            ), 0
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
            pc = p0 if self.closed_by == 0 else p1
            return None, self.failed_close(pc)
        if not (h0 if w == 0 else h1):
            if w == 0:
                p0 += self.bonus
            else:
                p1 += self.bonus
            return None, self.exhausted(w, (p0, p1), (k0, k1))
        return (
            h0,
            h1,
            w,
            -1,
            p0,
            p1,
            q0,
            q1,
            k0,
            k1,
            trump,
            1 if self.going_out else 0,
            0,
            0,
            msuits,
            nmarr,
        ), 0

    # -------------------------------------------------------------- search
    def search(self, st: tuple, alpha: int, beta: int) -> int:
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

    def exact(self, st: tuple | None, terminal: int) -> int:
        """Exact value of a state (or the terminal value when `st` is None)."""
        if st is None:
            return terminal
        return self.search(st, self.lo - 1, self.hi + 1)


_LEAD_ORDER: dict[tuple[int, int], tuple[int, ...]] = {}
"""Lead ordering per (playable mask, trump), shared by every search."""
_FOLLOW_ORDER: dict[tuple, dict[tuple[int, int, int], tuple[int, ...]]] = {}
"""Follow ordering per obligation rules, then per (hand, led card, trump)."""


def _lead_order(plays: int, trump: int) -> tuple[int, ...]:
    """Leads: high cards first (aces and tens take tricks), trumps last."""
    return tuple(sorted(_cards(plays), key=lambda c: (SUIT[c] == trump, c & 7)))


_cards = mask_cards


def _beats(card: int, best: int, trump: int) -> bool:
    if BEATS[best] >> card & 1:
        return True
    return trump >= 0 and SUIT[card] == trump and SUIT[best] != trump


# ---------------------------------------------------------------------------- from a view
def _ids(codes: Any, pack: Any) -> int:
    mask = 0
    for code in codes:
        ids = pack.ids_for(code)
        if not ids:
            raise SolverError(f"card {code!r} is not in the pack")
        mask |= 1 << ids[0]
    return mask


@dataclass
class _Root:
    """What the view gives: the asking seat's root state minus the opponent's hand."""

    me: int
    hand: int
    opp_known: int
    unseen: int
    opp_size: int
    closed: bool
    turn_up: int
    base: list[Any]
    constraints: list[tuple[int, int, int]]


def _root(view: PlayerView, rules: RuleSet) -> _Root:
    if not supports(rules):
        raise SolverError("the solver handles two-player, one-pack variants only")
    if view.to_act != view.seat or not view.legal:
        raise SolverError("the asking seat is not the seat to act")
    if view.phase != "strict":
        raise SolverError("not a strict-phase position (stock open)")
    if not view.card_points:
        raise SolverError("the view lacks the counting fields (use player_view)")
    pack = get_pack(rules.deck)
    me = view.seat
    opp = 1 - me
    hand = _ids(view.hand, pack)
    played = _ids(view.played, pack)
    trick = _ids((c for _s, c in view.trick), pack)
    turn_up = _ids([view.turnup], pack) if view.turnup else 0
    unseen = pack.mask & ~(hand | played | trick | turn_up)
    opp_size = len(view.hand)
    for s, _c in view.trick:
        opp_size += 1 if s == me else -1
    # cards known to be in the opponent's hand: shown marriages and exchanged turn-ups
    known = 0
    for m in view.marriages:
        if m["player"] == opp:
            known |= _KQ[SUITS.index(m["suit"])]
    for s, code in view.exchanges:
        if s == opp:
            known |= _ids([code], pack)
    known &= unseen
    closed = view.closed_by is not None
    if not closed and unseen.bit_count() != opp_size:
        raise SolverError("stock not exhausted")
    melded = 0
    for m in view.marriages:
        melded |= 1 << SUITS.index(m["suit"])
    trump = SUITS.index(view.trump) if view.trump else -1
    pts = list(view.card_points)
    pend = list(view.pending_points)
    tricks = [1 if t else 0 for t in view.tricks_won]
    legal = view.legal
    on_lead = not view.trick
    play_mask = _ids((a.card for a in legal if a.type == "play"), pack)
    lmask = play_mask if on_lead and play_mask != hand else 0
    base = [
        None,
        None,
        me,
        trick.bit_length() - 1 if view.trick else -1,
        pts[0],
        pts[1],
        pend[0],
        pend[1],
        tricks[0],
        tricks[1],
        trump,
        1 if any(a.type == "declare" for a in legal) else 0,
        lmask,
        1 if lmask else 0,
        melded,
        len(view.marriages),
    ]
    # after a close the follower's duties reveal voids: (led, opponent's card, opponent's
    # cards played after that trick) for every strict trick the opponent followed
    constraints = []
    if closed and view.close_snapshot is not None and view.tricks:
        at_close = sum(t for _p, t in view.close_snapshot)
        strict = view.tricks[at_close:]
        later = 0
        for s, code in view.trick:
            if s == opp:
                later |= _ids([code], pack)
        for t in reversed(strict):
            ((s0, c0), (_s1, c1)) = t
            led, follow = _ids([c0], pack), _ids([c1], pack)
            if s0 == me:
                constraints.append((led.bit_length() - 1, follow.bit_length() - 1, later))
                later |= follow
            else:
                later |= led
    return _Root(me, hand, known, unseen, opp_size, closed, turn_up, base, constraints)


def _consistent(root: _Root, rules: RuleSet, trump: int, opp_hand: int) -> bool:
    """True when the opponent could have followed as he did holding `opp_hand` now."""
    t = None if trump < 0 else trump
    for led, card, later in root.constraints:
        held = opp_hand | later | (1 << card)
        allowed = follow_options(
            held,
            SUIT[led],
            led,
            t,
            rules.strict_obligation,
            rules.must_overtrump,
            rules.must_undertrump,
        )[0]
        if not allowed >> card & 1:
            return False
    return True


def _root_children(
    game: _Game, root: _Root, opp_hand: int, legal: tuple[Action, ...], rules: RuleSet
) -> list[tuple[tuple | None, int]]:
    """(state, terminal) after each legal root action for one layout."""
    me = root.me
    base = list(root.base)
    base[me] = root.hand
    base[1 - me] = opp_hand
    st = tuple(base)
    out = []
    for a in legal:
        if a.type == "play":
            ids = get_pack(rules.deck).ids_for(a.card or "")
            out.append(game.child(st, ids[0]))
        elif a.type == "meld":
            out.append(game.child(st, MELD + SUITS.index(a.suit or "")))
        elif a.type == "declare":
            out.append(game.child(st, DECLARE))
        elif a.type in ("exchange", "pass"):
            # the non-closer's decision at a close; then the closer leads
            hand = root.hand
            if a.type == "exchange":
                ex = _exchange_card(rules, st[10], hand)
                hand = (hand & ~(1 << ex)) | root.turn_up
            b = list(st)
            b[me] = hand
            b[2] = 1 - me
            b[11] = 0
            b[12] = 0
            b[13] = 0
            out.append((tuple(b), 0))
        else:
            raise SolverError(f"unexpected action {a.type!r} in the strict phase")
    return out


ENUMERATE_LIMIT = 3_000
"""Up to this many candidate layouts are enumerated (and filtered) after a close."""


def _rejection_sample(
    rng: random.Random, free: list[int], need: int, known: int, ok: Any, count: int
) -> Any:
    """Up to `count` uniformly drawn consistent layouts (gives up after many misses)."""
    found = 0
    tries = 0
    while found < count and tries < 50 * count:
        tries += 1
        hand = known | sum(1 << c for c in rng.sample(free, need))
        if ok(hand):
            found += 1
            yield hand


def _exchange_card(rules: RuleSet, trump: int, hand: int) -> int:
    rank = "ATKQJ987".index(rules.exchange_card)
    c = trump * 8 + rank
    if not hand >> c & 1:
        raise SolverError("no exchange card in hand")
    return c


def solve(
    view: PlayerView,
    rules: RuleSet,
    *,
    max_layouts: int = 400,
    seed: int = 0,
    time_limit: float | None = None,
) -> Analysis:
    """Analyse the strict-phase position of `view.seat`, the seat to act.

    Stock exhausted: exact values per legal move (one layout, `perfect_information`).
    After a close: every layout of the unseen cards consistent with the view (the
    opponent's shown marriage cards and exchanged turn-up are placed in his hand) when
    there are at most `max_layouts`, else a seeded uniform sample of `max_layouts`. A
    layout is consistent when it holds the opponent's shown marriage cards and exchanged
    turn-up and lets every card he followed with since the close obey the follower's
    duties (voids revealed). `layouts_total` counts the consistent layouts (beyond
    ENUMERATE_LIMIT candidates: the candidates, an upper bound).
    `time_limit` (seconds, None = exact whatever it takes) bounds the work: sampling stops
    when it runs out (the layouts solved so far are reported, `exhaustive` False), and
    SolverTimeout is raised if not even one layout was solved. Raises SolverError outside
    the solver's domain.
    """
    start = time.perf_counter()
    root = _root(view, rules)
    me = root.me
    sign = 1 if me == 0 else -1
    game = _Game(rules, view.closed_by, view.close_snapshot)
    legal = view.legal
    if not root.closed:
        layouts: Any = [root.unseen]
        total = 1
        exhaustive = True
    else:
        free = root.unseen & ~root.opp_known
        need = root.opp_size - root.opp_known.bit_count()
        free_cards = _cards(free)
        if need < 0 or need > len(free_cards):
            raise SolverError("inconsistent view")
        trump = root.base[10]

        def ok(hand: int) -> bool:
            return not root.constraints or _consistent(root, rules, trump, hand)

        total = math.comb(len(free_cards), need)
        if root.constraints and total <= ENUMERATE_LIMIT:
            pool = [
                h
                for combo in itertools.combinations(free_cards, need)
                if ok(h := root.opp_known | sum(1 << c for c in combo))
            ]
            total = len(pool)
            if not pool:
                raise SolverError("no layout is consistent with the view")
        else:
            pool = None
        if total <= max_layouts:
            layouts = (
                pool
                if pool is not None
                else (
                    h
                    for combo in itertools.combinations(free_cards, need)
                    if ok(h := root.opp_known | sum(1 << c for c in combo))
                )
            )
            exhaustive = True
        else:
            rng = random.Random(seed)
            if pool is not None:
                layouts = rng.sample(pool, max_layouts)
            else:
                layouts = _rejection_sample(rng, free_cards, need, root.opp_known, ok, max_layouts)
            exhaustive = False
    sums = [0] * len(legal)
    wins = [0] * len(legal)
    lows = [10**6] * len(legal)
    highs = [-(10**6)] * len(legal)
    solved = 0
    if time_limit is not None:
        game.deadline = start + time_limit
    for opp_hand in layouts:
        if time_limit is not None and solved and time.perf_counter() - start > time_limit:
            exhaustive = False
            break
        if len(game.tt) > 400_000:
            game.tt.clear()
        try:
            values = [
                sign * game.exact(st, term)
                for st, term in _root_children(game, root, opp_hand, legal, rules)
            ]
        except SolverTimeout:
            if not solved:
                raise
            exhaustive = False
            break
        for i, v in enumerate(values):
            sums[i] += v
            wins[i] += v > 0
            lows[i] = min(lows[i], v)
            highs[i] = max(highs[i], v)
        solved += 1
    if not solved:
        raise SolverError("no layout is consistent with the view")
    moves = tuple(
        MoveEval(a, sums[i] / solved, wins[i] / solved, lows[i], highs[i])
        for i, a in enumerate(legal)
    )
    top = max((m.value, m.win_share) for m in moves)
    best = tuple(m.action for m in moves if (m.value, m.win_share) == top)
    return Analysis(
        seat=me,
        perfect_information=not root.closed,
        moves=moves,
        best=best,
        value=top[0],
        layouts=solved,
        layouts_total=total,
        exhaustive=exhaustive and solved == total,
        nodes=game.nodes,
    )


# ---------------------------------------------------------------------------- reference
def minimax_reference(deal: Deal, seat: int) -> dict[Action, int]:
    """Brute-force reference for the tests: value of every legal action of the seat to act.

    Plain minimax over `Deal.copy()` / `apply` on the full (omniscient) deal, no pruning;
    the value is `seat`'s game points minus the opponent's. Only for small positions.
    """

    def value(d: Deal) -> int:
        if d.result is not None:
            by = d.result.game_points_by_seat
            return by[seat] - by[1 - seat]
        vals = []
        for a in d.legal_actions():
            c = d.copy()
            c.apply(a)
            vals.append(value(c))
        return max(vals) if d.to_act == seat else min(vals)

    out = {}
    for a in deal.legal_actions():
        c = deal.copy()
        c.apply(a)
        out[a] = value(c)
    return out
