"""The computer's levels against each other, the random player and older computers.

Run: ``.venv/bin/python benchmarks/computer.py [deals] [variant ...] [--level L]
[--against a,b] [--pairs]``: `--level` (default expert) plays against each of `--against`
(levels, ``today`` = the clocked `ComputerPlayer()`, ``previous``, ``random``, ``rdeep`` =
the VU package's RdeepBot in VU's Schnapsen, see rdeep.py; default random,club);
`--pairs` plays each level against every stronger level and the random player. A
benchmark, not a test. The previous computer (rules of thumb in the open phase, the
solver in the strict phase) is loaded from git (``git show e466296:engine/sixtysix/
computer.py``) into a temporary module of the package, so no copy of it lives in the
tree. Every seed is played twice, the new computer's side taking the other seats the
second time (the same cards for both sides: a duplicate match); the other seats are the
opponent (in partnerships the new computer's partner is a new computer too). A deal is won
when the new computer's side gains more game points than its opponents on average
(`pimc.side_value` > 0; Idiot-66: raw totals). Printed per variant: deals, won, lost,
drawn, win share with its 95 % Wilson interval, mean game points per deal with its 95 %
interval, the player's wall-clock milliseconds per decision (p50, p99, max; only
decisions with more than one legal move are timed) and the p99 of its CPU time.
"""

# ruff: noqa: S603, S607
# (a fixed git command reads the previous computer)
from __future__ import annotations

import importlib.util
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from sixtysix import Deal, get_preset  # noqa: E402
from sixtysix.computer import LEVELS, ComputerPlayer, player_for  # noqa: E402
from sixtysix.pimc import side_value  # noqa: E402
from sixtysix.players import Player, RandomPlayer, player_view  # noqa: E402
from sixtysix.presets import PRESET_IDS  # noqa: E402
from sixtysix.ruleset import RuleSet  # noqa: E402

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


def make_player(name: str, seed: int, previous: ModuleType | None) -> Player:
    """A player by name: a level (`computer.LEVELS`), the clocked `ComputerPlayer`
    ("today"), the previous computer or the random player."""
    if name in LEVELS:
        return player_for(name, seed)
    if name == "today":
        return ComputerPlayer(seed)
    if name == "previous":
        assert previous is not None
        player: Player = previous.ComputerPlayer(seed)
        return player
    if name == "random":
        return RandomPlayer(seed)
    raise SystemExit(f"unknown player {name!r}")


def make_level(name: str, seed: int, rules: RuleSet) -> Player:
    """A level's player for `rules` (the rdeep match's mapped rules)."""
    return player_for(name, seed, rules)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95 % (normal) interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, z * math.sqrt(var / n)


def report(
    preset: str,
    me: str,
    against: str,
    values: list[float],
    times: list[tuple[float, float]],
    note: str = "",
) -> None:
    """One row: deals, won/lost/drawn, win share [Wilson 95 %], game points per deal
    (± 95 %), decision ms p50/p99/max by the wall clock, and the CPU time's p99 (the
    process's own: other jobs on the machine stretch the wall clock, not this)."""
    deals = len(values)
    won = sum(v > 0 for v in values)
    lost = sum(v < 0 for v in values)
    lo, hi = wilson(won, deals)
    mean, half = mean_interval(values)
    ms = sorted(t * 1000 for t, _cpu in times) or [0.0]
    cpu = sorted(c * 1000 for _t, c in times) or [0.0]
    print(
        f"{preset:<21} {me:<8} {against:<8} {deals:>5} {won:>5} {lost:>5} "
        f"{deals - won - lost:>5} {won / deals:7.1%} [{lo:5.1%}, {hi:5.1%}] "
        f"{mean:+6.2f} ±{half:4.2f} "
        f"{ms[len(ms) // 2]:8.1f} {ms[int(0.99 * (len(ms) - 1))]:8.1f} {ms[-1]:8.1f} "
        f"{cpu[int(0.99 * (len(cpu) - 1))]:8.1f}" + (f"  ({note})" if note else ""),
        flush=True,
    )


def run(preset: str, deals: int, me: str, against: str, previous: ModuleType | None) -> None:
    """Play `deals` deals (seeds played twice, sides swapped) and print one row."""
    if against == "rdeep":
        from rdeep import run_rdeep

        run_rdeep(deals, me, make_level, report)
        return
    rules = get_preset(preset)
    values: list[float] = []
    times: list[tuple[float, float]] = []
    for i in range(deals):
        seed, swap = divmod(i, 2)
        dealer = seed % rules.players
        deal = Deal.new(rules, seed=200_000 + seed, dealer=dealer)
        active = deal.active
        mine_seat = active[swap % len(active)]
        mine = {s for s in range(rules.players) if deal.side_of[s] == deal.side_of[mine_seat]}
        players = [
            make_player(me if s in mine else against, seed * 7 + s, previous)
            for s in range(rules.players)
        ]
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            start, cpu = time.perf_counter(), time.process_time()
            action = players[s].choose(view)
            if s in mine and len(view.legal) > 1:
                times.append((time.perf_counter() - start, time.process_time() - cpu))
            deal.apply(action)
        values.append(side_value(deal, mine_seat))
    report(preset, me, against, values, times)


def main() -> None:
    argv = sys.argv[1:]

    def option(flag: str, default: str) -> str:
        return argv[argv.index(flag) + 1] if flag in argv else default

    values = {option(f, "") for f in ("--against", "--level")}
    args = [a for a in argv if not a.startswith("--") and a not in values]
    me = option("--level", "expert")
    if "--pairs" in argv:  # each level against the stronger ones and the random player
        pairs = [(a, b) for i, a in enumerate(LEVELS) for b in (*LEVELS[i + 1 :], "random")]
    else:
        pairs = [(me, who) for who in option("--against", "random,club").split(",")]
    if any(who == "rdeep" for _me, who in pairs):
        try:
            from rdeep import RULES_TEXT
        except ImportError:
            raise SystemExit(
                "--against rdeep needs the VU `schnapsen` package: .venv/bin/pip install "
                "--no-deps -r benchmarks/requirements.txt"
            ) from None
        print(RULES_TEXT)
    deals = int(args[0]) if args and args[0].isdigit() else 200
    variants = [a for a in args if a in PRESET_IDS] or list(PRESET_IDS)
    previous = previous_module() if any("previous" in p for p in pairs) else None
    print(
        f"{'variant':<21} {'player':<8} {'against':<8} {'deals':>5} {'won':>5} {'lost':>5} "
        f"{'drawn':>5} {'win':>7} {'95 % interval':>16} {'gp/deal ± 95 %':>13} {'p50 ms':>8} "
        f"{'p99 ms':>8} {'max ms':>8} {'cpu p99':>8}"
    )
    for a, b in pairs:  # one VU game: not per variant
        if b == "rdeep":
            run("schnapsen", deals, a, b, previous)
    for preset in variants:
        for a, b in pairs:
            if b != "rdeep":
                run(preset, deals, a, b, previous)


if __name__ == "__main__":
    main()
