"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), for readers and puzzles.

Every attempt is one rating period with one game: the reader (rating kept in the browser)
plays the puzzle (rating kept on the server); solving it is a win for the reader. Both are
updated from the other's rating before the attempt. Plain Python, no Django.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's internal scale: (rating - 1500) / SCALE
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # how fast the volatility may change (0.3-1.2 in the paper)
EPSILON = 0.000001
MIN_RD = 30.0  # a deviation never shrinks below this: ratings keep moving
MAX_RD = 350.0


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_RD
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)


def update(
    player: Rating,
    games: list[tuple[Rating, float]],
    *,
    tau: float = TAU,
    bounded: bool = True,
) -> Rating:
    """The player's rating after one period of `games` (opponent, score 1 / 0.5 / 0).
    `bounded` keeps the deviation within [MIN_RD, MAX_RD] (off for the paper's example)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    if not games:
        phi_new = math.sqrt(phi**2 + player.volatility**2)
        return Rating(player.rating, _bound(phi_new * SCALE, bounded), player.volatility)
    opp = [((o.rating - START_RATING) / SCALE, o.deviation / SCALE, s) for o, s in games]
    v = 1 / sum(_g(pj) ** 2 * _expect(mu, mj, pj) * (1 - _expect(mu, mj, pj)) for mj, pj, _s in opp)
    gain = sum(_g(pj) * (s - _expect(mu, mj, pj)) for mj, pj, s in opp)
    sigma = _volatility(phi, player.volatility, v * gain, v, tau)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * gain
    return Rating(mu_new * SCALE + START_RATING, _bound(phi_new * SCALE, bounded), sigma)


def _bound(rd: float, bounded: bool) -> float:
    return min(MAX_RD, max(MIN_RD, rd)) if bounded else rd


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both new ratings after one attempt: solving is the reader's win, the puzzle's loss."""
    score = 1.0 if solved else 0.0
    return update(player, [(puzzle, score)]), update(puzzle, [(player, 1 - score)])


def expected(player: Rating, puzzle: Rating) -> float:
    """The chance that the reader solves the puzzle."""
    mu, mj = (player.rating - START_RATING) / SCALE, (puzzle.rating - START_RATING) / SCALE
    phi = math.hypot(player.deviation, puzzle.deviation) / SCALE
    return _expect(mu, mj, phi)
