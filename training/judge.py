"""One decision of the reader judged from what the reader could see at the time.

Strict phase of the variants the solver handles: the exact solver (`solver.solve`) on the
reader's view; once the stock is gone every card is known and the values are exact, after
a close the solver weighs every layout of the unseen cards (or a seeded sample of them,
said so). While the stock is open, and in the variants the solver does not handle: worlds
consistent with the view (`worlds.WorldSampler`) are dealt, every candidate is played out
in each with the fast policy (common random numbers), and more worlds are dealt until the
verdict is stable. The auction and naming trumps are not judged (no engine values there).

Only a `PlayerView` is read, so a verdict tells nothing the reader could not know; the
worlds come from a generator seeded by the view, so one position always gets one verdict.
Engine-only (no Django): views and words build on it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from sixtysix import Action, Deal, RuleSet
from sixtysix.fast import FastDeal, from_action
from sixtysix.fast import supports as fast_supports
from sixtysix.fast_policy import fast_side_value, play_out_by_fast_policy
from sixtysix.hints import view_key
from sixtysix.pimc import side_value
from sixtysix.players import PlayerView, player_view
from sixtysix.policy import play_out_by_policy, step
from sixtysix.solver import SolverError, solve, supports
from sixtysix.worlds import WorldError, WorldSampler

MARKS = ("good", "inaccuracy", "mistake", "blunder")
FIRST_WORLDS = 24  # worlds dealt before the first look at the verdict's margin
MORE_WORLDS = 16  # worlds added while the verdict is not yet stable
MAX_WORLDS = 72  # at most this many worlds for one decision
SURE_WORLDS = 40  # before this many, only a small standard error stops the dealing
STABLE_ERROR = 0.12  # a standard error of the cost this small (game points) is stable
CLOSED_LAYOUTS = 120  # layouts the solver weighs after a close (all when fewer)
NOT_JUDGED = ("bidding", "trump_naming")


@dataclass(frozen=True)
class Option:
    """One candidate: mean value (game points of the reader's side minus the opponents')
    and share of the layouts or worlds in which it wins."""

    action: Action
    value: float
    win: float


@dataclass(frozen=True)
class Verdict:
    """The judgement of one decision. `method`: "exact" (every card known), "closed"
    (after a close, `samples` layouts of the unseen cards weighed, `total` exist),
    "sampled" (`samples` worlds played out) or "none" (not judged: `why` says why).
    `cost` is in game points (raw points scaled down in Idiot-66, `scale`), `drop` in
    winning chances; `sure` how likely the played move really is worse (1.0 when exact)."""

    method: str
    chosen: Action
    best: Action | None
    options: tuple[Option, ...]
    cost: float
    drop: float
    mark: str
    samples: int = 0
    total: int = 0
    sure: float = 1.0
    why: str = ""

    @property
    def judged(self) -> bool:
        return self.method != "none"

    def option(self, action: Action) -> Option | None:
        return next((o for o in self.options if o.action == action), None)


def scale(rules: RuleSet) -> float:
    """Game points per unit of value: raw-point scoring (Idiot-66) counts points, not deals."""
    return 20.0 if rules.scoring == "raw_points" else 1.0


def mark_of(cost: float, drop: float, sure: float) -> str:
    """The mark in words: how much the move cost, in game points and in winning chances."""
    if sure < 0.8 or (cost < 0.25 and drop < 0.05):
        return "good"
    if cost >= 2 or drop >= 0.4:
        return "blunder"
    if cost >= 1.5 or (cost >= 1 and drop >= 0.15) or drop >= 0.2:
        return "mistake"
    return "inaccuracy"


def not_judged(chosen: Action, why: str) -> Verdict:
    return Verdict("none", chosen, None, (), 0.0, 0.0, "good", why=why)


def judge(deal: Deal, chosen: Action) -> Verdict:
    """The verdict on `chosen`, a legal move of the seat to act in `deal`."""
    rules = deal.rules
    seat = deal.to_act
    if deal.phase in NOT_JUDGED:
        return not_judged(chosen, "auction")
    assert seat is not None
    view = player_view(deal, seat)
    if len(view.legal) < 2:
        return not_judged(chosen, "forced")
    seed = int(view_key(view), 16) % (1 << 30)
    if view.phase == "strict" and supports(rules):
        try:
            return _solved(view, rules, chosen, seed)
        except SolverError:
            pass
    try:
        return _sampled(view, rules, chosen, seed)
    except (WorldError, ValueError):
        return not_judged(chosen, "unsupported")


def _verdict(
    method: str, chosen: Action, options: list[Option], rules: RuleSet, **extra
) -> Verdict:
    best = max(options, key=lambda o: (o.value, o.win))
    mine = next(o for o in options if o.action == chosen)
    cost = max(0.0, (best.value - mine.value) / scale(rules))
    drop = max(0.0, best.win - mine.win)
    sure = extra.get("sure", 1.0)
    if best.action == chosen or (cost == 0 and drop == 0):
        best, cost, drop = mine, 0.0, 0.0
    mark = mark_of(cost, drop, sure)
    return Verdict(method, chosen, best.action, tuple(options), cost, drop, mark, **extra)


def _solved(view: PlayerView, rules: RuleSet, chosen: Action, seed: int) -> Verdict:
    an = solve(view, rules, max_layouts=CLOSED_LAYOUTS, seed=seed)
    options = [Option(m.action, m.value, m.win_share) for m in an.moves]
    if an.perfect_information:
        return _verdict("exact", chosen, options, rules, samples=1, total=1)
    return _verdict("closed", chosen, options, rules, samples=an.layouts, total=an.layouts_total)


def _playouts(sampler: WorldSampler, legal: tuple[Action, ...], seat: int, rng, count: int):
    """`count` rows: each candidate's value in one world (the same world for all). Where
    the fast path plays the rules, each world is played out on a `FastDeal` by
    `fast_policy` (the same moves as `policy` on the `Deal`, several times faster)."""
    fast = fast_supports(sampler.rules)
    moves = [from_action(a) for a in legal] if fast else []
    rows: list[list[float]] = []
    for _i in range(count * 3):
        if len(rows) == count:
            break
        world = sampler.sample(rng)
        if not all(world.is_legal(a) for a in legal):
            continue
        row = []
        if fast:
            start = FastDeal.from_deal(world)
            for m in moves:
                f = start.copy()
                f.apply(m)
                play_out_by_fast_policy(f)
                row.append(fast_side_value(f, seat))
        else:
            for a in legal:
                d = world.copy()
                step(d, a)
                play_out_by_policy(d)
                row.append(side_value(d, seat))
        rows.append(row)
    return rows


def _sampled(view: PlayerView, rules: RuleSet, chosen: Action, seed: int) -> Verdict:
    legal = view.legal
    sampler = WorldSampler(view, rules)
    rng = random.Random(seed)
    mine = legal.index(chosen)
    rows = _playouts(sampler, legal, view.seat, rng, FIRST_WORLDS)
    while True:
        if not rows:
            raise WorldError("no world accepted the candidates")
        n = len(rows)
        means = [sum(r[j] for r in rows) / n for j in range(len(legal))]
        top = max(range(len(legal)), key=lambda j: means[j])
        diffs = [r[top] - r[mine] for r in rows]
        if n >= MAX_WORLDS or top == mine or _stable(rows, top, mine, scale(rules)):
            break
        rows += _playouts(sampler, legal, view.seat, rng, MORE_WORLDS)
    wins = [sum(r[j] > 0 for r in rows) / n for j in range(len(legal))]
    options = [Option(a, means[j], wins[j]) for j, a in enumerate(legal)]
    mean = sum(diffs) / n
    sure = 1.0 if top == mine else _normal(mean / max(_error(diffs), 1e-9))
    return _verdict("sampled", chosen, options, rules, samples=n, total=n, sure=round(sure, 3))


def _stable(rows: list[list[float]], top: int, mine: int, unit: float) -> bool:
    """The verdict will not change with more worlds: the cost's standard error is small,
    or (after SURE_WORLDS) the mark is the same at both ends of the cost's
    interval of 2.5 standard errors."""
    n = len(rows)
    diffs = [r[top] - r[mine] for r in rows]
    error = _error(diffs) / unit
    if error <= STABLE_ERROR:
        return True
    cost = sum(diffs) / n / unit
    drop = max(0.0, sum((r[top] > 0) - (r[mine] > 0) for r in rows) / n)
    low, high = max(0.0, cost - 2.5 * error), cost + 2.5 * error
    return n >= SURE_WORLDS and mark_of(low, drop, 1.0) == mark_of(high, drop, 1.0)


def _error(diffs: list[float]) -> float:
    """The standard error of a mean of paired differences."""
    n = len(diffs)
    if n < 2:
        return float("inf")
    mean = sum(diffs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n)


def _normal(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))
