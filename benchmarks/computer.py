"""ComputerPlayer against RandomPlayer: win rate and milliseconds per move, per variant.

Run: ``.venv/bin/python benchmarks/computer.py [deals_per_variant]``. A benchmark, not a
test. The computer alternates seats (and the dealer alternates) over the deals; a deal is
won when the computer's `game_points_by_seat` exceeds the random player's (Idiot-66: the
higher raw total). Times per `choose` call of the computer: wall clock (what a user
waits, inflated when other processes share the CPU) and process CPU time.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sixtysix import Deal, get_preset
from sixtysix.computer import ComputerPlayer
from sixtysix.players import Player, RandomPlayer, player_view

VARIANTS = ("classic66", "classic66_32", "schnapsen", "idiot66")


def run(preset: str, deals: int, end_weight: float = 1.0) -> None:
    """Play `deals` deals and print the figures of one variant."""
    rules = get_preset(preset)
    won = lost = drawn = 0
    times: list[float] = []
    cpu: list[float] = []
    for i in range(deals):
        seat = i % 2
        deal = Deal.new(rules, seed=100_000 + i, dealer=(i // 2) % 2)
        players: list[Player] = [RandomPlayer(i, end_weight), RandomPlayer(i, end_weight)]
        players[seat] = ComputerPlayer(i)
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            start = time.perf_counter()
            start_cpu = time.process_time()
            action = players[s].choose(view)
            if s == seat:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            deal.apply(action)
        assert deal.result is not None
        gp = deal.result.game_points_by_seat
        if gp[seat] > gp[1 - seat]:
            won += 1
        elif gp[seat] < gp[1 - seat]:
            lost += 1
        else:
            drawn += 1
    ms = sorted(t * 1000 for t in times)
    cpu_ms = sorted(t * 1000 for t in cpu)
    print(
        f"{preset:<13} {deals:>6} {won / deals:8.1%} {lost:>6} {drawn:>6} {len(ms):>7} "
        f"{statistics.fmean(ms):8.2f} {ms[int(0.99 * (len(ms) - 1))]:8.2f} {ms[-1]:8.2f} "
        f"{statistics.fmean(cpu_ms):8.2f} {cpu_ms[-1]:8.2f}"
    )


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    header()
    for preset in VARIANTS:
        run(preset, deals)
    # a calmer opponent that seldom claims or closes (false claims end many deals above)
    print("\nagainst RandomPlayer(end_weight=0.05): claims and closes 20 times rarer")
    header()
    for preset in VARIANTS:
        run(preset, deals, end_weight=0.05)


def header() -> None:
    """The table header."""
    print(
        f"{'variant':<13} {'deals':>6} {'win rate':>8} {'lost':>6} {'drawn':>6} {'moves':>7} "
        f"{'mean ms':>8} {'p99 ms':>8} {'max ms':>8} {'mean cpu':>8} {'max cpu':>8}"
    )


if __name__ == "__main__":
    main()
