"""The layouts consistent with a view: where the unseen cards may be.

`root_of` reads a `PlayerView` into the asking seat's root state (its hand, the points, the
opponent's known cards, the unseen cards); after a close the unseen cards are split between
the opponent's hand and the dead stock, and `layouts` yields the opponent's possible hands:
holding his shown marriage cards and exchanged turn-up, and letting every card he followed
with since the close obey the follower's duties (voids revealed).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..cards import SUIT, SUITS, Pack, get_pack, mask_cards
from ..players import PlayerView
from ..ruleset import RuleSet
from ..tricks import follow_options
from .search import KQ, SolverError


def supports(rules: RuleSet) -> bool:
    """True when the solver handles this variant (two seats, one pack, 1/2/3 or raw scoring;
    a dealer who sits out leaves two seats, renumbered by seats.py)."""
    return (
        rules.active_players == 2
        and rules.players - 2 == rules.dealer_sits_out
        and rules.partnerships == "none"
        and rules.bidding == "none"
        and rules.deck != "2x24"
        and rules.scoring in ("standard_1_2_3", "raw_points", "each_loser_1_2_3")
        and rules.trump_source != "first_lead_of_bid_winner"
        and not rules.trump_ten_bonus
    )


def card_mask(codes: Iterable[str | None], pack: Pack) -> int:
    """The mask of the cards named by protocol codes (one pack)."""
    mask = 0
    for code in codes:
        ids = pack.ids_for(code or "")
        if not ids:
            raise SolverError(f"card {code!r} is not in the pack")
        mask |= 1 << ids[0]
    return mask


@dataclass
class Root:
    """What the view gives: the asking seat's root state minus the opponent's hand."""

    me: int
    hand: int
    opp_known: int
    unseen: int
    opp_size: int
    closed: bool
    turn_up: int
    base: list[int]
    """The root state with both hands 0 (filled per layout)."""
    constraints: list[tuple[int, int, int]]


def root_of(view: PlayerView, rules: RuleSet) -> Root:
    """The root of the seat to act, from its view alone; SolverError outside the domain."""
    _check_domain(view, rules)
    pack = get_pack(rules.deck)
    me = view.seat
    opp = 1 - me
    hand = card_mask(view.hand, pack)
    played = card_mask(view.played, pack)
    trick = card_mask((c for _s, c in view.trick), pack)
    turn_up = card_mask([view.turnup], pack) if view.turnup else 0
    unseen = pack.mask & ~(hand | played | trick | turn_up)
    opp_size = len(view.hand)
    for s, _c in view.trick:
        opp_size += 1 if s == me else -1
    known = _known_to_hold(view, pack, opp) & unseen
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
    play_mask = card_mask((a.card for a in legal if a.type == "play"), pack)
    lmask = play_mask if on_lead and play_mask != hand else 0
    base = [
        0,
        0,
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
    constraints = _follow_constraints(view, pack, me) if closed else []
    return Root(me, hand, known, unseen, opp_size, closed, turn_up, base, constraints)


def _check_domain(view: PlayerView, rules: RuleSet) -> None:
    """SolverError unless the solver answers this view: its variant, the seat to act, the
    strict phase, the counting fields."""
    if not supports(rules):
        raise SolverError("the solver handles two-player, one-pack variants only")
    if view.to_act != view.seat or not view.legal:
        raise SolverError("the asking seat is not the seat to act")
    if view.phase != "strict":
        raise SolverError("not a strict-phase position (stock open)")
    if not view.card_points:
        raise SolverError("the view lacks the counting fields (use player_view)")


def _known_to_hold(view: PlayerView, pack: Pack, opp: int) -> int:
    """Cards the opponent was seen to hold: his shown marriages and the turn-ups he took by
    exchanging (those not played yet are in his hand)."""
    known = 0
    for m in view.marriages:
        if m["player"] == opp:
            known |= KQ[SUITS.index(m["suit"])]
    for s, code in view.exchanges:
        if s == opp:
            known |= card_mask([code], pack)
    return known


def _follow_constraints(view: PlayerView, pack: Pack, me: int) -> list[tuple[int, int, int]]:
    """After a close the follower's duties reveal voids: (led, opponent's card, opponent's
    cards played after that trick) for every strict trick the opponent followed."""
    constraints: list[tuple[int, int, int]] = []
    if view.close_snapshot is None or not view.tricks:
        return constraints
    at_close = sum(t for _p, t in view.close_snapshot)
    strict = view.tricks[at_close:]
    later = 0
    for s, code in view.trick:
        if s == 1 - me:
            later |= card_mask([code], pack)
    for t in reversed(strict):
        ((s0, c0), (_s1, c1)) = t
        led, follow = card_mask([c0], pack), card_mask([c1], pack)
        if s0 == me:
            constraints.append((led.bit_length() - 1, follow.bit_length() - 1, later))
            later |= follow
        else:
            later |= led
    return constraints


def consistent(root: Root, rules: RuleSet, trump: int, opp_hand: int) -> bool:
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


ENUMERATE_LIMIT = 3_000
"""Up to this many candidate layouts are enumerated (and filtered) after a close."""


def rejection_sample(
    rng: random.Random,
    free: list[int],
    need: int,
    known: int,
    ok: Callable[[int], bool],
    count: int,
) -> Iterator[int]:
    """Up to `count` uniformly drawn consistent layouts (gives up after many misses)."""
    found = 0
    tries = 0
    while found < count and tries < 50 * count:
        tries += 1
        hand = known | sum(1 << c for c in rng.sample(free, need))
        if ok(hand):
            found += 1
            yield hand


def exchange_card(rules: RuleSet, trump: int, hand: int) -> int:
    rank = "ATKQJ987".index(rules.exchange_card)
    c = trump * 8 + rank
    if not hand >> c & 1:
        raise SolverError("no exchange card in hand")
    return c


def layouts(
    root: Root, rules: RuleSet, *, max_layouts: int, seed: int
) -> tuple[Iterable[int], int, bool]:
    """(the opponent's hands to solve, how many are consistent, whether that is all).

    Stock exhausted: the one hand the unseen cards make. After a close: every consistent
    layout when there are at most `max_layouts`, else a seeded uniform sample of that
    many. Beyond ENUMERATE_LIMIT candidates the count is the candidates' (an upper bound).
    """
    if not root.closed:
        return [root.unseen], 1, True
    free = root.unseen & ~root.opp_known
    need = root.opp_size - root.opp_known.bit_count()
    free_cards = mask_cards(free)
    if need < 0 or need > len(free_cards):
        raise SolverError("inconsistent view")
    trump = root.base[10]

    def ok(hand: int) -> bool:
        return not root.constraints or consistent(root, rules, trump, hand)

    def every() -> Iterator[int]:
        for combo in itertools.combinations(free_cards, need):
            hand = root.opp_known | sum(1 << c for c in combo)
            if ok(hand):
                yield hand

    total = math.comb(len(free_cards), need)
    pool: list[int] | None = None
    if root.constraints and total <= ENUMERATE_LIMIT:
        pool = list(every())
        total = len(pool)
        if not pool:
            raise SolverError("no layout is consistent with the view")
    if total <= max_layouts:
        return (pool if pool is not None else every()), total, True
    rng = random.Random(seed)
    if pool is not None:
        return rng.sample(pool, max_layouts), total, False
    return rejection_sample(rng, free_cards, need, root.opp_known, ok, max_layouts), total, False
