"""ComputerPlayer against RandomPlayer and against the previous computer, per variant.

Run: ``.venv/bin/python benchmarks/computer.py [deals] [variant ...] [--against random|previous]``.
A benchmark, not a test. The previous computer (rules of thumb in the open phase, the
solver in the strict phase) is loaded from git (``git show e466296:engine/sixtysix/
computer.py``) into a temporary module of the package, so no copy of it lives in the
tree. Every seed is played twice, the new computer's side taking the other seats the
second time (the same cards for both sides: a duplicate match); the other seats are the
opponent (in partnerships the new computer's partner is a new computer too). A deal is won
when the new computer's side gains more game points than its opponents on average
(`pimc.side_value` > 0; Idiot-66: raw totals). Printed per variant: deals, won, lost,
drawn, win share with its 95 % Wilson interval, the score (won + half the drawn) and the
new computer's wall-clock milliseconds per decision (mean, p99, max; only decisions with
more than one legal move are timed).
"""

# ruff: noqa: S603, S607
# (a fixed git command reads the previous computer)
from __future__ import annotations

import importlib.util
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from sixtysix import Deal, get_preset  # noqa: E402
from sixtysix.computer import ComputerPlayer  # noqa: E402
from sixtysix.pimc import side_value  # noqa: E402
from sixtysix.players import Player, RandomPlayer, player_view  # noqa: E402
from sixtysix.presets import PRESET_IDS  # noqa: E402

PREVIOUS = "e466296"
"""The commit holding the computer before perfect-information Monte Carlo."""


def previous_module() -> ModuleType:
    """The previous `computer.py`, imported as `sixtysix._previous_computer` from a
    temporary file (its relative imports resolve against today's package)."""
    source = subprocess.run(
        ["git", "show", f"{PREVIOUS}:engine/sixtysix/computer.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    name = "sixtysix._previous_computer"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "sixtysix"
    sys.modules[name] = module
    spec.loader.exec_module(module)
    Path(path).unlink()
    return module


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def run(preset: str, deals: int, against: str, previous: ModuleType | None) -> None:
    """Play `deals` deals (seeds played twice, sides swapped) and print one row."""
    rules = get_preset(preset)
    won = lost = drawn = 0
    times: list[float] = []
    for i in range(deals):
        seed, swap = divmod(i, 2)
        dealer = seed % rules.players
        deal = Deal.new(rules, seed=200_000 + seed, dealer=dealer)
        active = deal.active
        me = active[swap % len(active)]
        mine = {s for s in range(rules.players) if deal.side_of[s] == deal.side_of[me]}
        players: list[Player] = []
        for s in range(rules.players):
            if s in mine:
                players.append(ComputerPlayer(seed * 7 + s))
            elif against == "previous" and previous is not None:
                players.append(previous.ComputerPlayer(seed * 7 + s))
            else:
                players.append(RandomPlayer(seed * 7 + s))
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            start = time.perf_counter()
            action = players[s].choose(view)
            if s in mine and len(view.legal) > 1:
                times.append(time.perf_counter() - start)
            deal.apply(action)
        value = side_value(deal, me)
        won += value > 0
        lost += value < 0
        drawn += value == 0
    lo, hi = wilson(won, deals)
    ms = sorted(t * 1000 for t in times) or [0.0]
    print(
        f"{preset:<21} {against:<8} {deals:>5} {won:>5} {lost:>5} {drawn:>5} "
        f"{won / deals:7.1%} [{lo:5.1%}, {hi:5.1%}] {(won + drawn / 2) / deals:6.1%} "
        f"{statistics.fmean(ms):8.1f} {ms[int(0.99 * (len(ms) - 1))]:8.1f} {ms[-1]:8.1f}",
        flush=True,
    )


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    against = ["random", "previous"]
    if "--against" in sys.argv:
        against = [sys.argv[sys.argv.index("--against") + 1]]
        args = [a for a in args if a not in against]
    deals = int(args[0]) if args and args[0].isdigit() else 200
    variants = [a for a in args if a in PRESET_IDS] or list(PRESET_IDS)
    previous = previous_module() if "previous" in against else None
    print(
        f"{'variant':<21} {'against':<8} {'deals':>5} {'won':>5} {'lost':>5} {'drawn':>5} "
        f"{'win':>7} {'95 % interval':>16} {'score':>6} {'mean ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8}"
    )
    for preset in variants:
        for who in against:
            run(preset, deals, who, previous)


if __name__ == "__main__":
    main()
