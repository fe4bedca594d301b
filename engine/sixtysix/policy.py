"""A fast, sensible playing policy on a whole `Deal`, for the playouts of sampling.

Perfect-information Monte Carlo plays every sampled world to its end many times per
move, so the policy must be cheap: it reads the `Deal` directly (hands as bitmasks, no
`PlayerView`), and applies actions without the undo snapshot. It uses only what the seat
to act could know plus its own hand (in a sampled world the other hands are guesses
anyway): claim when the side's counted points carry the claim, take the trump exchange,
show marriages (trumps first), never close, lead masters in the strict phase and low
cards in the open one, win valuable tricks cheaply, leave a partner's winning trick alone
and give it points.
"""

from __future__ import annotations

from .actions import Action
from .cards import POINTS, RANK, SUIT, mask_cards
from .deal import Deal
from .moves import EFFECTS
from .tricks import BEATS, SUIT_ALL, beats, trick_winner
from .values import reaches_target

__all__ = ["claim_holds", "fast_action", "play_out_by_policy", "step"]

_MAX_STEPS = 400
"""A deal never needs more actions than this (guards a playout against a loop)."""


def claim_holds(d: Deal, seat: int) -> bool:
    """Whether a claim by `seat` now would be judged true (as `Moves._do_declare` judges)."""
    side = d.side_idx[seat]
    points = [d._side_points(i) for i in range(len(d.sides))]
    closer = d.closed_by is not None and d.side_idx[d.closed_by] == side
    return reaches_target(d.rules, points, side, closer=closer)


def step(d: Deal, action: Action) -> None:
    """Apply a legal action without keeping an undo snapshot (playouts never undo)."""
    why = d._why_not(action)
    if why is not None:
        raise ValueError(f"illegal in the playout: {action} ({why[0]})")
    d._legal = None  # the deal's cached legal moves belong to the position before
    EFFECTS[action.type](d, action)


def play_out_by_policy(d: Deal) -> None:
    """Play the deal to its end with `fast_action` for every seat."""
    for _ in range(_MAX_STEPS):
        if d.result is not None or d.to_act is None:
            return
        step(d, fast_action(d))
    raise RuntimeError("playout did not end")


def _played(d: Deal) -> int:
    mask = d.dead
    for m in d.won:
        mask |= m
    for _s, c in d.trick:
        mask |= 1 << c
    return mask


def _is_master(card: int, gone: int) -> bool:
    """No stronger card of its suit (any copy) is still out against it."""
    return not (BEATS[card] & ~gone)


def fast_action(d: Deal) -> Action:
    """The policy's action for the seat to act (one of `d.legal_actions()`)."""
    legal = d.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = d.to_act
    assert seat is not None
    plays: list[Action] = []
    other: dict[str, Action] = {}
    melds: list[Action] = []
    for a in legal:
        if a.type == "play":
            plays.append(a)
        elif a.type == "meld":
            melds.append(a)
        else:
            other.setdefault(a.type, a)
    if "declare" in other and claim_holds(d, seat):
        return other["declare"]
    if "exchange" in other:
        return other["exchange"]
    if "bid" in other or "trump" in other:
        return other.get("pass", legal[0])
    if "pass" in other:
        return other["pass"]
    if melds:
        trump = d.trump
        return min(melds, key=lambda a: "CDHS".index(a.suit or "C") != trump)
    if "close" in other and _should_close(d, seat):
        return other["close"]
    if "draw" in other:
        return other["draw"]
    if not plays:
        return legal[0]
    cards = [_card_of(d, seat, a) for a in plays]
    idx = _follow(d, seat, cards) if d.trick else _lead(d, seat, cards)
    return plays[idx]


def _should_close(d: Deal, seat: int) -> bool:
    """Close (two seats) when the points taken plus the sure trump winners and side aces
    clear the target with room to spare."""
    trump = d.trump
    if trump is None or len(d.active) != 2:
        return False
    hand = d.hands[seat]
    gone = _played(d) | hand
    if d.turnup is not None and d.turnup_in_stock:
        gone |= 1 << d.turnup  # it stays under the closed stock
    side = d.side_idx[seat]
    points = d._side_points(side)
    if d._side_tricks(side):
        points += sum(v or 0 for s, _su, v, ok in d.marriages if s == seat and not ok)
    sure = tricks = 0
    for c in sorted(mask_cards(hand & SUIT_ALL[trump]), key=lambda c: RANK[c]):
        if not _is_master(c, gone):
            break
        gone |= 1 << c
        sure += POINTS[c]
        tricks += 1
    sure += sum(11 for c in mask_cards(hand & ~SUIT_ALL[trump]) if RANK[c] == 0)
    return points + sure + 2 * tricks >= d.rules.target + 6


def _card_of(d: Deal, seat: int, a: Action) -> int:
    for c in d.pack.ids_for(a.card or ""):
        if d.hands[seat] >> c & 1:
            return c
    raise ValueError(a)


def _lead(d: Deal, seat: int, cards: list[int]) -> int:
    trump = d.trump
    hand = d.hands[seat]
    if trump is None and d.rules.trump_source == "first_lead_of_bid_winner":
        # the lead names trumps: the strongest long suit
        def length(i: int) -> tuple[int, int]:
            c = cards[i]
            suit = hand & SUIT_ALL[SUIT[c]]
            return (suit.bit_count() * 10 + sum(POINTS[x] for x in mask_cards(suit)), -RANK[c])

        return max(range(len(cards)), key=length)
    gone = _played(d) | hand
    marriages = d.rules.marriage_values != "none" and (
        d.stock_open or d.rules.marriage_in_strict_phase
    )
    strict = d.phase == "strict"
    played = _played(d)

    def key(i: int) -> tuple[int, int, int, int]:
        c = cards[i]
        is_trump = trump is not None and SUIT[c] == trump
        half = 0
        if marriages and RANK[c] in (2, 3):
            other = c + 1 if RANK[c] == 2 else c - 1
            twins = (1 << other) | (1 << (other ^ 32))
            # keep a half whose partner is in hand or may still be drawn
            half = 1 if (hand & twins or not played & twins) else 0
        if strict and not is_trump and _is_master(c, gone):
            return (0, -POINTS[c], half, 0)  # cash a master of a side suit
        return (1, int(is_trump), int(RANK[c] <= 1), half * 100 + POINTS[c])

    return min(range(len(cards)), key=key)


def _follow(d: Deal, seat: int, cards: list[int]) -> int:
    trump = d.trump
    trick_cards = [c for _s, c in d.trick]
    win_idx = trick_winner(trick_cards, trump)
    best = trick_cards[win_idx]
    winner_seat = d.trick[win_idx][0]
    partner_wins = d.side_of[winner_seat] == d.side_of[seat]
    last = len(d.trick) == len(d.active) - 1
    at_stake = sum(POINTS[c] for c in trick_cards)
    gone = _played(d) | d.hands[seat]
    winners = [i for i, c in enumerate(cards) if beats(c, best, trump)]
    losers = [i for i, c in enumerate(cards) if i not in winners]

    def is_trump(c: int) -> bool:
        return trump is not None and SUIT[c] == trump

    def cheap(i: int) -> tuple[int, int, int]:
        c = cards[i]
        return (int(is_trump(c)), POINTS[c], -RANK[c])

    if len(d.active) == 2 and d.stock_open:
        return _follow_open_two(d, seat, cards, best, winners, losers)
    if partner_wins:
        safe = last or _is_master(best, gone) or (is_trump(best) and RANK[best] <= 1)
        if losers:
            if safe:  # give the partner points, but not trumps
                return max(losers, key=lambda i: (not is_trump(cards[i]), POINTS[cards[i]]))
            return min(losers, key=cheap)
        return min(winners, key=cheap)
    if winners:
        # the cheapest winner; a trump only for points or when nothing else wins
        w = min(winners, key=cheap)
        c = cards[w]
        worth = at_stake + POINTS[c]
        if not is_trump(c) or worth >= 10 or not d.stock_open or not losers:
            if last or _is_master(c, gone | (1 << best)) or is_trump(c) or not losers:
                return w
            if worth >= 10:
                return w
    if losers:
        return min(losers, key=cheap)
    return min(winners, key=cheap)


def _follow_open_two(
    d: Deal, seat: int, cards: list[int], led: int, winners: list[int], losers: list[int]
) -> int:
    """Two seats, stock open (no duties): take a trick that reaches the target, a valuable
    card cheaply in its suit, or a led ace or ten with a trump; else throw the cheapest."""
    trump = d.trump
    marriages = d.rules.marriage_values != "none"

    def win_key(i: int) -> tuple[int, int]:
        c = cards[i]
        t = trump is not None and SUIT[c] == trump
        return (int(t), POINTS[c] if t else -POINTS[c])

    def lose_key(i: int) -> tuple[int, int, int]:
        c = cards[i]
        t = trump is not None and SUIT[c] == trump
        return (int(t), POINTS[c], int(marriages and RANK[c] in (2, 3)))

    if winners:
        w = min(winners, key=win_key)
        side = d.side_idx[seat]
        pending = sum(v or 0 for s, _su, v, ok in d.marriages if s == seat and not ok)
        have = d._side_points(side) + pending
        if takes_open_trick(led, cards[w], trump, have, d.rules.target, bool(losers)):
            return w
    return min(losers, key=lose_key)


def takes_open_trick(
    led: int, card: int, trump: int | None, have: int, target: int, can_lose: bool
) -> bool:
    """Whether the second of two seats, the stock open, takes the trick on `led` with
    `card` (its cheapest winner): when its side's points `have` and the trick reach
    `target`, when it wins a valuable card cheaply in its suit or a led ace or ten with a
    trump, or when no card of its would lose (`can_lose` False). `trump`: None or a suit
    (4, no trumps, is no suit either)."""
    gain = POINTS[led] + POINTS[card]
    return (
        have + gain >= target
        or (SUIT[card] == SUIT[led] and SUIT[card] != trump and (gain >= 10 or RANK[card] <= 1))
        or (POINTS[led] >= 10 and SUIT[led] != trump)
        or not can_lose
    )
