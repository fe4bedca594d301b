"""`policy.fast_action` on a `FastDeal`: the same cheap policy, move for move, on bitmasks.

The review's sampled play-outs (training/judge.py) and the computer's Monte Carlo spend
nearly all their time playing worlds out with `policy.play_out_by_policy` on a `Deal`.
Here the same rules are read off a `FastDeal` (`fast.supports(rules)`: two seats, one
pack), and `play_out_by_fast_policy` gives the same moves, so the same result, several
times faster. engine/tests/test_fast_policy.py checks that move for move.

Kept exactly as `policy.py` plays, quirks included: `_is_master` reads `tricks.BEATS`,
which holds the second pack's copies too, so in one pack only an Ace is a master; a
follower after a close still plays by the open-stock rules while the deal's `stock_open`
stays set (as on `Deal`). What two seats make constant is folded in: the trick holds the
lead alone, the follower is always last and never the leader's partner. Ties go to the
lowest card id, as `min` over `Deal.legal_actions()` order does.
"""

from __future__ import annotations

from .cards import POINTS, RANK, SUIT
from .fast_core import _BEATS_LEAD, CLOSE, DECLARE, DRAW, EXCHANGE, MELD, PASS, PLAY_BITS
from .fast_deal import FastDeal
from .policy import takes_open_trick
from .tricks import BEATS, SUIT_ALL
from .values import reaches_target

__all__ = ["fast_side_value", "play_out_by_fast_policy", "policy_move"]

_MAX_STEPS = 400
"""A deal never needs more moves than this (guards a play-out against a loop)."""


def play_out_by_fast_policy(d: FastDeal) -> None:
    """Play `d` to its end with `policy_move` for both seats (as `policy.play_out_by_policy`)."""
    for _ in range(_MAX_STEPS):
        if d.to_act < 0:
            return
        d.apply(policy_move(d))
    raise RuntimeError("playout did not end")


def fast_side_value(d: FastDeal, seat: int) -> float:
    """Game points of `seat` minus its opponent's in a finished deal (`pimc.side_value`)."""
    assert d.result is not None
    gp = d.result.game_points_by_seat
    return float(gp[seat] - gp[1 - seat])


def policy_move(d: FastDeal) -> int:
    """The move `policy.fast_action` picks in the same position (one of `d.legal_mask()`)."""
    legal = d.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    p = d.to_act
    if legal >> DECLARE & 1 and reaches_target(
        d.rules, d.points, p, closer=d.closed_by == p
    ):  # claim_holds: two seats, side i is seat i
        return DECLARE
    if legal >> EXCHANGE & 1:
        return EXCHANGE
    if legal >> PASS & 1:
        return PASS
    melds = legal >> MELD & 15
    if melds:  # trumps first, else the first in suit order
        if d.trump != 4 and melds >> d.trump & 1:
            return MELD + d.trump
        return MELD + (melds & -melds).bit_length() - 1
    if legal >> CLOSE & 1 and _should_close(d, p):
        return CLOSE
    if legal >> DRAW & 1:
        return DRAW
    plays = legal & PLAY_BITS
    if not plays:
        return (legal & -legal).bit_length() - 1
    if d.lead_card >= 0:
        return _follow(d, p, plays)
    return _lead(d, p, plays)


# The policy's sort keys as ints, per trump index (4: none) and card id: the tuples of
# policy.py packed so that int order is their lexicographic order (every part bounded),
# read from tables instead of built for every card of every move.
def _cheap_key(c: int, t: int) -> int:  # (is trump, points, -rank)
    return int(SUIT[c] == t) * 1000 + POINTS[c] * 10 + 8 - RANK[c]


def _win_key(c: int, t: int) -> int:  # (is trump, points if trump else -points)
    return 100 + POINTS[c] if SUIT[c] == t else 11 - POINTS[c]


def _lose_key(c: int, t: int, marriages: bool) -> int:  # (is trump, points, a half)
    return int(SUIT[c] == t) * 1000 + POINTS[c] * 10 + int(marriages and RANK[c] in (2, 3))


_CHEAP = tuple(tuple(_cheap_key(c, t) for c in range(32)) for t in range(5))
_WIN = tuple(tuple(_win_key(c, t) for c in range(32)) for t in range(5))
_LOSE = tuple(
    tuple(tuple(_lose_key(c, t, m) for c in range(32)) for t in range(5)) for m in (False, True)
)
_ACES = sum(1 << (s * 8) for s in range(4))


def _lowest(mask: int, key: tuple[int, ...]) -> int:
    """The card of `mask` with the smallest key; ties to the lowest id (as `min` does)."""
    best = -1
    best_key = 1 << 30
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        k = key[c]
        if k < best_key:
            best, best_key = c, k
        mask ^= low
    return best


def _played(d: FastDeal) -> int:
    """The cards out of play: both seats' tricks and the card led (no dead hand here)."""
    mask = d.won[0] | d.won[1]
    if d.lead_card >= 0:
        mask |= 1 << d.lead_card
    return mask


def _should_close(d: FastDeal, seat: int) -> bool:
    """`policy._should_close`: the points taken plus the sure trump winners and side aces
    clear the target with room to spare."""
    trump = d.trump
    if trump == 4:
        return False
    hand = d.hands[seat]
    gone = _played(d) | hand
    if d.turnup >= 0 and d.turnup_in_stock:
        gone |= 1 << d.turnup  # it stays under the closed stock
    points = d.points[seat]
    if d.tricks_won[seat]:
        points += d.pending[seat]
    sure = tricks = 0
    trumps = hand & SUIT_ALL[trump]
    while trumps:  # ascending id = strongest first
        low = trumps & -trumps
        c = low.bit_length() - 1
        if BEATS[c] & ~gone:  # not a master
            break
        gone |= low
        sure += POINTS[c]
        tricks += 1
        trumps ^= low
    sure += 11 * (hand & ~SUIT_ALL[trump] & _ACES).bit_count()
    return points + sure + 2 * tricks >= d.rules.target + 6


def _lead(d: FastDeal, seat: int, plays: int) -> int:
    """`policy._lead` (turn-up and Idiot-66 trumps: the lead never names trumps here).
    Its key packed as an int: (0, -points, half, 0) < (1, is trump, ace or ten, half, points)."""
    trump = d.trump
    hand = d.hands[seat]
    r = d._r
    played = _played(d)
    gone = played | hand
    marriages = r.marriages and (d.stock_open or r.marriage_in_strict)
    strict = d.closed_by >= 0 or not d.stock_open
    best = -1
    best_key = 1 << 30
    while plays:
        low = plays & -plays
        plays ^= low
        c = low.bit_length() - 1
        rank = RANK[c]
        is_trump = SUIT[c] == trump  # never with trump 4 (none yet)
        half = 0
        if marriages and (rank == 2 or rank == 3):
            other = c + 1 if rank == 2 else c - 1
            twins = (1 << other) | (1 << (other ^ 32))
            # keep a half whose partner is in hand or may still be drawn
            half = 1 if (hand & twins or not played & twins) else 0
        if strict and not is_trump and not BEATS[c] & ~gone:
            key = (11 - POINTS[c]) * 10 + half  # cash a master of a side suit
        else:
            key = 100_000 + is_trump * 10_000 + (rank <= 1) * 1000 + half * 100 + POINTS[c]
        if key < best_key:  # strictly smaller: ties keep the lowest card id
            best, best_key = c, key
    return best


def _follow(d: FastDeal, seat: int, plays: int) -> int:
    """`policy._follow` for two seats: the follower is last and the trick is the
    opponent's, so the cheapest winner if any, else the cheapest loser (`_follow_open_two`
    while the stock is open)."""
    trump = d.trump
    lead = d.lead_card
    winners = plays & _BEATS_LEAD[trump][lead]
    losers = plays & ~winners
    if d.stock_open:
        return _follow_open_two(d, seat, lead, winners, losers)
    return _lowest(winners or losers, _CHEAP[trump])


def _follow_open_two(d: FastDeal, seat: int, led: int, winners: int, losers: int) -> int:
    """`policy._follow_open_two`: take a trick that reaches the target, a valuable card
    cheaply in its suit, or a led ace or ten with a trump; else throw the cheapest."""
    trump = d.trump
    if winners:
        w = _lowest(winners, _WIN[trump])
        have = d.points[seat] + d.pending[seat]
        if takes_open_trick(led, w, trump, have, d.rules.target, losers != 0):
            return w
    return _lowest(losers, _LOSE[d._r.marriages][trump])
