"""Practice hints: milliseconds per hint in the open and in the strict phase, per variant.

Run: ``.venv/bin/python benchmarks/hints.py [deals_per_variant]``. A benchmark, not a test.
Positions come from deals of the computer against itself; every position where seat 0 is
to act with more than one move gets a hint (`rules.engine.hints.hint_for`, the practice
page's settings). Wall clock (what a reader waits; it grows when other processes share the
CPU) and process CPU time, p50 and p95, and how many deals the open-phase hints played out.
Targets: p95 <= 300 ms open, <= 100 ms strict.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Deal, get_preset
from rules.engine.computer import ComputerPlayer
from rules.engine.hints import hint_for
from rules.engine.players import player_view

VARIANTS = ("classic66", "classic66_32", "schnapsen", "idiot66")


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) in milliseconds."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(preset: str, deals: int) -> dict[str, list[float]]:
    rules = get_preset(preset)
    times: dict[str, list[float]] = {"open": [], "strict": [], "open_cpu": [], "strict_cpu": []}
    samples: list[int] = []
    for i in range(deals):
        deal = Deal.new(rules, seed=50_000 + i, dealer=i % 2)
        computer = ComputerPlayer(i)
        while deal.result is None and deal.to_act is not None:
            if deal.to_act == 0 and len(deal.legal_actions()) > 1:
                phase = "open" if deal.phase == "open" else "strict"
                start, start_cpu = time.perf_counter(), time.process_time()
                hint = hint_for(deal, 0)
                times[phase].append(time.perf_counter() - start)
                times[phase + "_cpu"].append(time.process_time() - start_cpu)
                if hint is not None and hint.method == "sampled":
                    samples.append(hint.samples)
            deal.apply(computer.choose(player_view(deal, deal.to_act)))
    print(
        f"{preset:14} open n={len(times['open']):4} p50 {pct(times['open'], 0.5):6.1f} "
        f"p95 {pct(times['open'], 0.95):6.1f} (cpu p95 {pct(times['open_cpu'], 0.95):6.1f}) "
        f"deals played out: mean {statistics.mean(samples) if samples else 0:4.1f} | "
        f"strict n={len(times['strict']):4} p50 {pct(times['strict'], 0.5):6.1f} "
        f"p95 {pct(times['strict'], 0.95):6.1f} (cpu p95 {pct(times['strict_cpu'], 0.95):6.1f})"
    )
    return times


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"hint times in ms, {deals} deals per variant (wall clock; shared machine)")
    every: dict[str, list[float]] = {"open": [], "strict": []}
    for preset in VARIANTS:
        times = run(preset, deals)
        every["open"] += times["open"]
        every["strict"] += times["strict"]
    print(
        f"{'all':14} open p95 {pct(every['open'], 0.95):6.1f} ms (target 300) | "
        f"strict p95 {pct(every['strict'], 0.95):6.1f} ms (target 100)"
    )


if __name__ == "__main__":
    main()
