"""Strict-phase solver speed: milliseconds per `solve` over random positions, by hand size.

Run: ``.venv/bin/python benchmarks/solver.py [positions] [closed_positions]``. A benchmark,
not a test. Positions come from random deals of classic66 and schnapsen (half each): play
uniformly random non-ending moves until the stock is exhausted, then a random number of
further moves; the seat to act is analysed from its own `PlayerView`. A second table times
positions after a close (every consistent layout, or a sample of 400, is solved). Wall
clock and process CPU time are both shown (the wall clock grows when other processes share
the CPU).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sixtysix import Deal, get_preset
from sixtysix.players import player_view
from sixtysix.solver import solve

PRESETS = ("classic66", "schnapsen")


def position(preset: str, seed: int, closed: bool) -> Deal | None:
    """A random strict-phase deal (exhausted stock, or after a close) with the seat to act."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % 2)
    while deal.result is None and deal.phase != "strict":
        legal = deal.legal_actions()
        if closed:
            close = [a for a in legal if a.type == "close"]
            if close and rng.random() < 0.25:
                deal.apply(close[0])
                break
        calm = [a for a in legal if a.type not in ("declare", "close")] or legal
        deal.apply(rng.choice(calm))
    if deal.result is not None or (deal.closed_by is not None) != closed:
        return None
    for _ in range(rng.randrange(10)):
        legal = deal.legal_actions()
        calm = [a for a in legal if a.type != "declare"] or legal
        deal.apply(rng.choice(calm))
        if deal.result is not None:
            return None
    return deal


def measure(count: int, closed: bool) -> dict[int, list[tuple[float, float]]]:
    """(wall, CPU) milliseconds per solve, keyed by the hand size of the seat to act."""
    times: dict[int, list[tuple[float, float]]] = {}
    seed = 0
    done = 0
    while done < count:
        preset = PRESETS[seed % 2]
        deal = position(preset, seed, closed)
        seed += 1
        if deal is None or deal.to_act is None:
            continue
        view = player_view(deal, deal.to_act)
        start = time.perf_counter()
        start_cpu = time.process_time()
        solve(view, deal.rules)
        ms = (time.perf_counter() - start) * 1000
        cpu = (time.process_time() - start_cpu) * 1000
        times.setdefault(len(view.hand), []).append((ms, cpu))
        done += 1
    return times


def report(title: str, times: dict[int, list[tuple[float, float]]]) -> None:
    """Print median / p95 / max per hand size and overall, wall clock and CPU time."""
    print(title)
    print(
        f"{'cards':>5} {'n':>5} {'median':>8} {'p95':>8} {'max':>8}"
        f" {'cpu med':>8} {'cpu p95':>8} {'cpu max':>8}   (ms)"
    )
    rows = [*sorted(times.items()), ("all", [t for v in times.values() for t in v])]
    for size, pairs in rows:
        cols = []
        for ts in (sorted(p[0] for p in pairs), sorted(p[1] for p in pairs)):
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            cols.append(f"{statistics.median(ts):8.2f} {p95:8.2f} {ts[-1]:8.2f}")
        print(f"{size:>5} {len(pairs):>5} {cols[0]} {cols[1]}")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    closed = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    report(f"exhausted stock (perfect information), {count} positions:", measure(count, False))
    if closed:
        print()
        report(
            f"after a close (all layouts or 400 sampled), {closed} positions:",
            measure(closed, True),
        )


if __name__ == "__main__":
    main()
