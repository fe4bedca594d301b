"""Engine speed: random complete deals per second per preset, microseconds per legal listing.

Run: ``.venv/bin/python benchmarks/engine.py [seconds_per_preset]``. A benchmark, not a test.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sixtysix import PRESET_IDS, Deal, get_preset

ENDING = ("declare", "close")
TARGET_DEALS = 15_000  # random complete classic66 deals per second, one core
TARGET_MICROSECONDS = 5  # per legal_actions() call


def deals_per_second(preset: str, seconds: float, end_weight: float = 1.0) -> tuple[float, float]:
    """Random complete deals per second, and actions per deal.

    With `end_weight` < 1 the random player picks declare/close only that often, so more
    deals are played to the last trick (closer to real games).
    """
    rules = get_preset(preset)
    rng = random.Random(1)
    count = actions = 0
    start = time.perf_counter()
    end = start + seconds
    seed = 0
    while time.perf_counter() < end:
        for _ in range(50):
            deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
            seed += 1
            while deal.result is None:
                legal = deal.legal_actions()
                if end_weight < 1.0 and rng.random() >= end_weight:
                    legal = [a for a in legal if a.type not in ENDING] or legal
                deal.apply(legal[rng.randrange(len(legal))])
                actions += 1
            count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, actions / count


def legal_actions_microseconds(preset: str, positions: int = 2000, repeat: int = 20) -> float:
    """Mean time of one legal_actions() call over positions from random deals."""
    rules = get_preset(preset)
    rng = random.Random(2)
    deals = []
    seed = 0
    while len(deals) < positions:
        deal = Deal.new(rules, seed=seed)
        seed += 1
        while deal.result is None:
            deals.append(deal.copy())
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
    deals = deals[:positions]
    start = time.perf_counter()
    for _ in range(repeat):
        for d in deals:
            d.legal_actions()
    return (time.perf_counter() - start) / (positions * repeat) * 1e6


def main() -> None:
    """Print one line per preset."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print("uniform: every legal action equally likely; played: declare/close picked 5% as often")
    head = (
        f"{'preset':22} {'uniform/s':>10} {'acts':>5} {'played/s':>9} {'acts':>5} {'us/legal':>9}"
    )
    print(head)
    figures = {}
    for preset in PRESET_IDS:
        rate, per_deal = deals_per_second(preset, seconds)
        rate2, per_deal2 = deals_per_second(preset, seconds, end_weight=0.05)
        micro = legal_actions_microseconds(preset)
        figures[preset] = rate, micro
        print(
            f"{preset:22} {rate:10.0f} {per_deal:5.1f} {rate2:9.0f} {per_deal2:5.1f} {micro:9.2f}"
        )
    rate, _micro = figures["classic66"]
    slowest = max(micro for _rate, micro in figures.values())
    print(
        f"targets: classic66 uniform {rate:,.0f}/s (at least {TARGET_DEALS:,}): "
        f"{'met' if rate >= TARGET_DEALS else 'MISSED'}; slowest legal_actions() "
        f"{slowest:.2f} us (under {TARGET_MICROSECONDS}): "
        f"{'met' if slowest < TARGET_MICROSECONDS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
