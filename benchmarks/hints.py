"""Practice hints: milliseconds per hint in the open and in the strict phase, per variant.

Run: ``.venv/bin/python benchmarks/hints.py [deals_per_variant]``. A benchmark, not a test.
``.venv/bin/python benchmarks/hints.py --pages [seconds [workers [threads]]]`` instead serves
the site with gunicorn (by default as `gunicorn.conf.py` does: sync workers, two per core and
one more; a temporary database, as `benchmarks/pages.py` does) and times a
cached page alone and then while four clients keep asking for new hints (the per-client
rate limit lifted, so that the slots are what is measured).
Positions come from deals of a cheap computer (four sampled worlds a move) against itself,
in every variant; every position where seat 0 is to act with more than one move gets a
hint (`sixtysix.hints.hint_for`, the practice page's settings; three and four players:
sampled in every phase, "strict" = no stock left). Wall clock (what a reader waits; it
grows when other processes share the CPU) and process CPU time, p50 and p95, and how
many deals the sampled hints played out.
Targets: p95 <= 300 ms open, <= 100 ms strict (the solver's variants; sampled strict hints
have the open phase's budget).
"""

from __future__ import annotations

import http.cookiejar
import importlib.util
import os
import secrets
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sixtysix import Deal, get_preset
from sixtysix.computer import ComputerPlayer
from sixtysix.hints import hint_for
from sixtysix.players import player_view
from sixtysix.presets import PRESET_IDS

VARIANTS = PRESET_IDS


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
        deal = Deal.new(rules, seed=50_000 + i, dealer=(i + 1) % rules.players)
        computer = ComputerPlayer(i, samples=4, time_limit=None)
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


def _get(opener, url: str) -> tuple[int, float]:
    start = time.perf_counter()
    try:
        with opener.open(url, timeout=30) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    return status, time.perf_counter() - start


def _page_times(url: str, count: int) -> list[float]:
    opener = urllib.request.build_opener()
    return [_get(opener, url)[1] for _ in range(count)]


def _under_load(
    base: str, url: str, seconds: float, hints_too: bool
) -> tuple[list[float], dict[int, int], list[float]]:
    """Time `url` while four clients open new deals (and ask for their hints)."""
    stop = threading.Event()
    statuses: dict[int, int] = {}
    hint_times: list[float] = []

    def client() -> None:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
        while not stop.is_set():
            deal = "".join(secrets.choice(alphabet) for _ in range(10))
            _get(opener, f"{base}/en/practice/schnapsen/?deal={deal}")
            if hints_too:
                status, took = _get(opener, f"{base}/en/practice/schnapsen/?hint=1")
                statuses[status] = statuses.get(status, 0) + 1
                if status == 200:
                    hint_times.append(took)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(1)
    loaded: list[float] = []
    end = time.monotonic() + seconds
    opener = urllib.request.build_opener()
    while time.monotonic() < end:
        loaded.append(_get(opener, url)[1])
        time.sleep(0.01)
    stop.set()
    for t in threads:
        t.join(timeout=60)
    return loaded, statuses, hint_times


def pages_under_hints(seconds: float, workers: int, threads: int = 1) -> None:
    """A cached page's latency alone and while four clients keep asking for hints."""
    spec = importlib.util.spec_from_file_location(
        "bench_pages", Path(__file__).with_name("pages.py")
    )
    assert spec is not None and spec.loader is not None
    pages = importlib.util.module_from_spec(spec)
    sys.modules["bench_pages"] = pages  # its dataclasses look their module up
    spec.loader.exec_module(pages)
    ws = pages.Workspace()
    pages.install_cleanup(ws)
    (ws.tmp / "bench_settings.py").write_text(
        pages.SETTINGS_MODULE + "PRACTICE_HINT_RATE = 1_000_000\n"
    )
    try:
        env = ws.env()
        print("preparing a temporary database ...")
        ws.prepare_database(env, collectstatic=True)
        base = ws.start_gunicorn(env, workers=workers, name="hints", threads=threads)
        print(f"gunicorn: {workers} workers x {threads} threads")
        url = base + "/en/"
        _page_times(url, 20)  # warm: the page is now in the cache
        alone = _page_times(url, 200)
        for hints_too in (False, True):
            loaded, statuses, hint_times = _under_load(base, url, seconds, hints_too)
            what = "asking for hints" if hints_too else "opening new deals (no hints)"
            print(
                f"cached page /en/: alone p50 {pct(alone, 0.5):.1f} p95 {pct(alone, 0.95):.1f} "
                f"ms; with 4 clients {what} p50 {pct(loaded, 0.5):.1f} "
                f"p95 {pct(loaded, 0.95):.1f} ms ({len(loaded)} requests)"
            )
            if hints_too:
                print(
                    f"hint answers by status: {dict(sorted(statuses.items()))}; "
                    f"hint page p95 {pct(hint_times, 0.95):.0f} ms"
                )
    finally:
        ws.cleanup()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--pages":
        numbers = [int(a) for a in sys.argv[2:] if a.isdigit()]
        defaults = [20, 2 * (os.cpu_count() or 1) + 1, 1]
        seconds, workers, threads = (numbers + defaults[len(numbers) :])[:3]
        pages_under_hints(seconds, workers, threads)
        return
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
