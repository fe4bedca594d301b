"""Perfect-information Monte Carlo: judge each candidate move over sampled worlds.

Deal the unseen cards at random in ways consistent with the view (`worlds.WorldSampler`),
apply each candidate in each world and play the world out with the fast policy
(`policy.play_out_by_policy`), and average the game points the seat's side gains over its opponents.
Every candidate is played in the same worlds (common random numbers), so the comparison
is fair even with few samples. Used by the computer player wherever the exact solver does
not apply, and by the hints.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .actions import Action
from .cards import get_pack
from .deal import Deal
from .fast_core import supports
from .fast_pimc import Leaves, played_out_fast
from .players import PlayerView
from .policy import fast_action, play_out_by_policy, step
from .ruleset import RuleSet
from .worlds import WorldError, WorldSampler

__all__ = ["Estimate", "Evaluation", "evaluate", "playout_budget", "side_value"]

PLAYOUTS = 240
"""Default playouts per decision for a 24-card pack (scaled down for bigger packs)."""


@dataclass(frozen=True)
class Estimate:
    """One candidate over the sampled worlds: mean value (game points of the seat's side
    minus its opponents'), share of worlds won (value > 0) and share in which it was the
    best candidate (ties shared)."""

    action: Action
    value: float
    win_share: float
    best_share: float


@dataclass(frozen=True)
class Evaluation:
    """The candidates' estimates (in the order given) and the number of worlds played."""

    moves: tuple[Estimate, ...]
    samples: int
    default: int = -1
    """Index of the fast policy's own move in the first world (-1: not asked)."""
    edge: tuple[float, ...] = ()
    """Per candidate: mean gain over the default move, less 1.5 standard errors of that
    paired difference (positive = clearly better than the policy's move)."""


def playout_budget(rules: RuleSet, playouts: int = PLAYOUTS) -> int:
    """Playouts for one decision: `playouts` for 24 cards, fewer for bigger packs."""
    return max(8, playouts * 24 // get_pack(rules.deck).size)


def side_value(d: Deal, seat: int) -> float:
    """Game points of `seat`'s side minus the mean of its opponents' (a finished deal)."""
    assert d.result is not None
    gp = d.result.game_points_by_seat
    mine = d.side_of[seat]
    others = [
        gp[s]
        for s in range(d.n)
        if d.side_of[s] != mine and not (d.rules.dealer_sits_out and s == d.dealer)
    ]
    if not others:
        return float(gp[seat])
    return gp[seat] - sum(others) / len(others)


def evaluate(
    view: PlayerView,
    rules: RuleSet,
    candidates: list[Action],
    rng: random.Random,
    *,
    samples: int,
    time_limit: float | None,
    playouts: int | None = None,
    min_samples: int = 2,
    fast: bool = False,
    exact: bool = False,
    nodes: int | None = None,
) -> Evaluation:
    """Sample up to `samples` worlds (fewer when `playouts` or `time_limit` run out, but at
    least `min_samples`) and play every candidate out in each. `fast`: play out on the
    bitmask path where it plays the rules (the same moves, so the same values, faster);
    `exact` (with `fast`): value each world from the strict phase on by the solver, and
    sample no further world once its search has visited `nodes` nodes (no clock: the
    same work, so the same choice, on any machine)."""
    start = time.perf_counter()
    sampler = WorldSampler(view, rules)
    budget = playout_budget(rules) if playouts is None else playouts
    min_samples = min(min_samples, samples)
    samples = max(min_samples, min(samples, budget // max(1, len(candidates))))
    seat = view.seat
    leaves = Leaves(rules) if exact and fast and supports(rules) else None
    k = len(candidates)
    rows: list[list[float]] = []
    default = -1
    for i in range(samples):
        if i >= min_samples and time_limit is not None:
            spent = time.perf_counter() - start
            if spent + spent / i > time_limit:  # the next world would overrun the budget
                break
        if i >= min_samples and leaves and nodes is not None and leaves.nodes() >= nodes:
            break  # the solver's share of the budget is spent
        world = sampler.sample(rng)
        if not all(world.is_legal(a) for a in candidates):
            continue  # a world the view should not allow (never seen): skip it
        if default < 0:
            own = fast_action(world)
            default = candidates.index(own) if own in candidates else -1
        deadline = start + time_limit if time_limit is not None and i >= min_samples else None
        if fast and supports(rules):
            values = played_out_fast(world, candidates, seat, deadline, leaves)
        else:
            values = _played_out(world, candidates, seat, deadline)
        if len(values) < k:  # out of time in mid-world: this world does not count
            break
        rows.append(values)
    if not rows:
        raise WorldError("no sampled world accepted the candidates")
    return _evaluation(candidates, rows, default)


def _evaluation(candidates: list[Action], rows: list[list[float]], default: int) -> Evaluation:
    """The estimates from each world's values of the candidates (`rows`)."""
    k = len(candidates)
    totals = [0.0] * k
    wins = [0] * k
    best = [0.0] * k
    for values in rows:
        top = max(values)
        tops = [j for j, v in enumerate(values) if v == top]
        for j, v in enumerate(values):
            totals[j] += v
            wins[j] += v > 0
        for j in tops:
            best[j] += 1 / len(tops)
    done = len(rows)
    moves = tuple(
        Estimate(a, totals[j] / done, wins[j] / done, best[j] / done)
        for j, a in enumerate(candidates)
    )
    return Evaluation(moves, done, default, _edges(rows, default))


def _played_out(
    world: Deal, candidates: list[Action], seat: int, deadline: float | None
) -> list[float]:
    """`seat`'s `side_value` after each candidate played out by the policy in `world`, in
    order; fewer when the clock passes `deadline`."""
    values = []
    for a in candidates:
        if deadline is not None and time.perf_counter() > deadline:
            break
        d = world.copy()
        step(d, a)
        play_out_by_policy(d)
        values.append(side_value(d, seat))
    return values


def _edges(rows: list[list[float]], default: int) -> tuple[float, ...]:
    if default < 0 or len(rows) < 2:
        return ()
    n = len(rows)
    out = []
    for j in range(len(rows[0])):
        diffs = [r[j] - r[default] for r in rows]
        mean = sum(diffs) / n
        var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
        out.append(mean - 1.5 * (var / n) ** 0.5)
    return tuple(out)
