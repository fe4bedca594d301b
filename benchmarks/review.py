"""Deal review: seconds to judge every decision of the reader in a whole deal, per variant.

Run: ``.venv/bin/python benchmarks/review.py [deals_per_variant [variant ...]]``. A
benchmark, not a test. Each deal is played by a cheap computer (four sampled worlds a
move) for every seat; the review then judges each decision of seat 0 with more than one
legal move exactly as the review page does (`training.judge.judge`: the solver in the
strict phase of its variants, sampled play-outs elsewhere), uncached. That is the work of
the first review of a deal; later ones are read from the cache. Wall clock and process CPU
time per whole deal, p50 and p95. Target: p95 <= 2 s per deal (two-player variants).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "engine"))

from sixtysix import Deal, get_preset  # noqa: E402
from sixtysix.computer import ComputerPlayer  # noqa: E402
from sixtysix.players import player_view  # noqa: E402

from training.judge import judge  # noqa: E402

VARIANTS = ("classic66", "schnapsen", "idiot66", "three_all_play", "four_partnership_66")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def one_deal(preset: str, i: int) -> tuple[float, float, int, dict[str, int]]:
    rules = get_preset(preset)
    deal = Deal.new(rules, seed=70_000 + i, dealer=(i + 1) % rules.players)
    computer = ComputerPlayer(i, samples=4, time_limit=None)
    decisions = []
    while deal.result is None and deal.to_act is not None:
        action = computer.choose(player_view(deal, deal.to_act))
        if deal.to_act == 0 and len(deal.legal_actions()) > 1:
            decisions.append((deal.copy(), action))
        deal.apply(action)
    methods: dict[str, int] = {}
    wall, cpu = time.perf_counter(), time.process_time()
    for before, action in decisions:
        verdict = judge(before, action)
        methods[verdict.method] = methods.get(verdict.method, 0) + 1
    return time.perf_counter() - wall, time.process_time() - cpu, len(decisions), methods


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    variants = sys.argv[2:] or VARIANTS
    head = f"{'variant':22} {'deals':>5} {'decisions':>9} {'p50 s':>7} {'p95 s':>7}"
    print(f"{head} {'cpu p95':>8}  methods")
    for preset in variants:
        walls, cpus, counts, methods = [], [], [], {}
        for i in range(deals):
            wall, cpu, n, m = one_deal(preset, i)
            walls.append(wall)
            cpus.append(cpu)
            counts.append(n)
            for k, v in m.items():
                methods[k] = methods.get(k, 0) + v
        print(
            f"{preset:22} {deals:5d} {statistics.mean(counts):9.1f} {pct(walls, 0.5):7.2f}"
            f" {pct(walls, 0.95):7.2f} {pct(cpus, 0.95):8.2f}  {methods}"
        )


if __name__ == "__main__":
    main()
