"""Small endings of three or four active seats, judged over every layout of the hidden cards.

With more than two active seats the reader cannot deduce the other hands, so no single
layout is "the" position. `judge_ending` reads the reader's `PlayerView` only, lists every
way the unseen cards may lie that fits what play showed (cards known held: shown marriage
cards, the dealer's trump card; a follower's card must have been allowed by the duty to
follow, head and trump given what he held then), and searches each layout to the end of
the deal with the engine's own `Deal`, so every ending is scored as the table scores it.

The search is paranoid: the reader and a partner maximise the reader's side's result, every
other seat plays to minimise it (in a three-handed game the two opponents are assumed to
play together against the reader). Each layout is searched with all cards open.

Values are the reader's side's game points: what it collects when it wins, minus what it
pays otherwise (the 1/2/3 of its own count with each loser paying, else the winning side's
gain), 0 for a tie.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from ..actions import Action
from ..cards import SUIT, SUITS, get_pack, mask_cards
from ..deal import Deal
from ..players import PlayerView
from ..ruleset import RuleSet
from ..scoring import game_points_1_2_3
from ..tricks import beats, follow_options
from ..worlds import WorldSampler
from ..worlds_facts import WorldError
from .search import SolverError

MAX_CARDS = 3
"""Judged only when the reader holds at most this many cards (the search is exhaustive)."""
MAX_LAYOUTS = 3000
"""More candidate layouts than this are refused rather than searched."""


@dataclass(frozen=True)
class LayoutMove:
    """One legal move of the reader and its value in each layout (in `Judgement` order)."""

    action: Action
    values: tuple[int, ...]

    @property
    def low(self) -> int:
        return min(self.values)


@dataclass(frozen=True)
class Judgement:
    """Every legal move over every consistent layout. `best`: the one move that is best in
    every layout and strictly better than each other move in at least one (None when no
    move is); `value`: the worst layout's value of `best` (else the best worst case)."""

    seat: int
    moves: tuple[LayoutMove, ...]
    layouts: int
    best: Action | None
    value: int

    def move(self, action: Action) -> LayoutMove:
        """The evaluation of one legal move."""
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(action)


def supports_endings(rules: RuleSet) -> bool:
    """Three or four active seats, one pack, a fixed trump, 1/2/3 scoring, no auction."""
    return (
        rules.active_players >= 3
        and rules.deck != "2x24"
        and rules.bidding == "none"
        and rules.trump_source != "none_until_marriage"
        and rules.scoring in ("standard_1_2_3", "each_loser_1_2_3")
        and not rules.trump_ten_bonus
    )


def judge_ending(view: PlayerView, rules: RuleSet, *, max_cards: int = MAX_CARDS) -> Judgement:
    """The reader's moves over every layout; SolverError outside the judge's domain."""
    if not supports_endings(rules):
        raise SolverError("the layout judge handles three or four active seats, one pack")
    if view.to_act != view.seat or not view.legal or view.phase != "strict":
        raise SolverError("not the reader's turn in the strict phase")
    if view.stock_size or len(view.hand) > max_cards:
        raise SolverError("too many cards left for an exhaustive judgement")
    try:
        sampler = WorldSampler(view, rules)
    except WorldError as exc:
        raise SolverError(str(exc)) from exc
    worlds = [sampler._build(hands, [], 0) for hands in layouts(view, rules, sampler)]
    if not worlds:
        raise SolverError("no layout is consistent with the view")
    moves = []
    for action in view.legal:
        values = []
        for world in worlds:
            child = world.copy()
            child.apply(action)
            values.append(paranoid(child, view.seat))
        moves.append(LayoutMove(action, tuple(values)))
    best = dominant(moves)
    value = best_of(moves, best).low
    return Judgement(view.seat, tuple(moves), len(worlds), best, value)


def best_of(moves: list[LayoutMove], best: Action | None) -> LayoutMove:
    """The dominant move's evaluation, else the move of the best worst case."""
    if best is not None:
        return next(m for m in moves if m.action == best)
    return max(moves, key=lambda m: m.low)


def dominant(moves: list[LayoutMove]) -> Action | None:
    """The move best in every layout and strictly better than each other move somewhere."""
    for m in moves:
        pairs = [list(zip(m.values, o.values, strict=True)) for o in moves if o is not m]
        never_worse = all(all(a >= b for a, b in p) for p in pairs)
        if never_worse and all(any(a > b for a, b in p) for p in pairs):
            return m.action
    return None


def layouts(view: PlayerView, rules: RuleSet, sampler: WorldSampler) -> Iterator[list[int]]:
    """Every hand per seat (card masks) the unseen cards can make, consistent with play."""
    f = sampler.fixed
    if f.stock_count or f.dead_count:
        raise SolverError("unseen cards lie outside the hands")
    seats = [s for s in f.active if f.need[s]]
    pool = sum(1 << c for c in f.pool)
    for count, dealt in enumerate(_split(pool, seats, f.need, f.void), 1):
        if count > MAX_LAYOUTS:
            raise SolverError("too many layouts")
        hands = list(f.hands)
        for s, mask in dealt.items():
            hands[s] |= mask
        if followed_legally(view, rules, hands):
            yield hands


def _split(
    pool: int, seats: list[int], need: tuple[int, ...], void: tuple[int, ...]
) -> Iterator[dict[int, int]]:
    """Each way to deal `pool` to `seats`, `need[s]` cards each, none from a seat's voids."""
    if not seats:
        if not pool:
            yield {}
        return
    s, rest = seats[0], seats[1:]
    for combo in itertools.combinations(mask_cards(pool & ~void[s]), need[s]):
        mask = sum(1 << c for c in combo)
        for more in _split(pool & ~mask, rest, need, void):
            yield {s: mask, **more}


def followed_legally(view: PlayerView, rules: RuleSet, hands: list[int]) -> bool:
    """True when every card another seat followed with in the strict phase was one the
    follower's duties allowed, had it held `hands[seat]` plus its later cards."""
    pack = get_pack(rules.deck)
    trump = SUITS.index(view.trump) if view.trump else None
    tricks = [*view.tricks[_strict_from(view, rules) :], view.trick]
    later = [0] * len(hands)
    for trick in reversed(tricks):
        cards = [(s, pack.ids_for(code)[0]) for s, code in trick]
        for i in range(len(cards) - 1, 0, -1):
            s, card = cards[i]
            if s != view.seat and not _allowed(rules, cards[:i], card, hands[s] | later[s], trump):
                return False
        for s, card in cards:
            later[s] |= 1 << card
    return True


def _strict_from(view: PlayerView, rules: RuleSet) -> int:
    """The first trick played without a stock to draw from."""
    if rules.strict_from_start:
        return 0
    return rules.stock_size // max(1, rules.active_players)


def _allowed(
    rules: RuleSet, before: list[tuple[int, int]], card: int, held: int, trump: int | None
) -> bool:
    """The follower's duties allowed `card`, with `held` (the card aside) in hand then."""
    led = before[0][1]
    best = led
    for _s, c in before[1:]:
        if beats(c, best, trump):
            best = c
    allowed = follow_options(
        held | 1 << card,
        SUIT[led],
        best,
        trump,
        rules.strict_obligation,
        rules.must_overtrump,
        rules.must_undertrump,
    )[0]
    return bool(allowed >> card & 1)


def paranoid(deal: Deal, seat: int) -> int:
    """The value with the reader's side maximising and every other seat minimising."""
    if deal.result is not None:
        return side_value(deal, seat)
    mine = deal.side_of[deal.to_act or 0] == deal.side_of[seat]
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(paranoid(child, seat))
    return max(values) if mine else min(values)


def side_value(deal: Deal, seat: int) -> int:
    """What the reader's side collects at the end of the deal, minus what it pays."""
    result = deal.result
    assert result is not None, "the deal is over"
    by_seat = result.game_points_by_seat
    if by_seat[seat]:
        return by_seat[seat]
    if not any(by_seat):
        return 0
    rules = deal.rules
    if rules.scoring == "each_loser_1_2_3":
        points = result.card_points[seat]
        return -game_points_1_2_3(points, deal.tricks_won[seat], rules.schneider_threshold)
    return -max(by_seat)
