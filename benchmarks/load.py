"""Mixed-traffic load test: every page type in five languages plus the move check.

Run: ``.venv/bin/python benchmarks/load.py [--duration 60] [--processes 2] [--threads 8]
[--workers 4] [--postgres]``: 16 connections by default. A benchmark, not a test; it exits 1
when any request failed or the cached pages' p99 is over CACHED_P99_BUDGET_MS.

Set-up as in ``benchmarks/pages.py`` (whose helpers it uses): a temporary directory with a
fresh SQLite database (``--postgres``: a temporary PostgreSQL database and an empty Redis
database number), ``migrate``, ``load_content``, ``collectstatic``; gunicorn with sync
workers on 127.0.0.1; DEBUG=0, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1.

Traffic: client processes, each with threads that loop until the deadline, each thread
with its own connection (re-opened when gunicorn's sync worker closes it). A thread picks a
page type at random (equal weights), then one of its URLs and a language:
home, variants index, every variant page, every variant's JSON, comparisons, the compare
form, glossary, tutorial index, every tutorial step, the sitemap, robots.txt, unknown pages
(404), the move check (POST JSON with the CSRF token and cookie fetched once per thread from
``/en/tutorials/token/``: right, wrong-but-legal and illegal moves) and practice hints
(``GET /<lang>/practice/<slug>/?hint=1`` with a practice cookie; see ``practice_hints``).
Expected statuses come from the site itself, asked in-process with Django's test client
before the server starts. An error is any 5xx, any connection error or timeout, or any
status other than expected. "Cached pages" are the page types the page cache serves
(CACHED_KINDS); their p99 has a budget, the others' figures are printed only.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pages
from pages import HOST, LANGS, Workspace, log

NOTES: list[str] = getattr(pages, "NOTES", [])  # pages.py's notes, where it keeps any

MAX_REQUESTS_PER_THREAD = 2_000_000  # a bound on every loop besides the deadline
CACHED_P99_BUDGET_MS = 300.0
CACHED_KINDS = {
    "home",
    "variants index",
    "variant",
    "variant json",
    "compare",
    "compare form",
    "glossary",
    "tutorial index",
    "tutorial step",
    "sitemap",
}

BUSY = "busy: "  # marks a hint answered 503 + Retry-After (counted apart)

# A plan entry: (method, path, body, expected status, extra headers).
Request = tuple[str, str, bytes | None, int, dict[str, str]]


# -- Practice hints: kept apart, as the practice pages change on their own schedule. ---------
def practice_hints(client) -> list[Request]:
    """GET /<lang>/practice/<slug>/?hint=1 with a practice cookie, per practice variant.

    The cookie holds a game advanced (first legal move each turn) to the point where the
    reader is to move in the strict phase, so that the hint runs the endgame solver; if the
    practice internals this uses have changed, a fresh game's cookie from the page is used.
    """
    from practice import views
    from practice.game import PRACTICE_VARIANTS

    requests = []
    for slug in PRACTICE_VARIANTS:
        cookie_name = views.COOKIE.format(slug=slug)
        token = _strict_phase_token(slug)
        if token is None:
            client.get(f"/en/practice/{slug}/")
            token = client.cookies[cookie_name].value
        headers = {"Cookie": f"{cookie_name}={token}"}
        for lang in LANGS:
            requests.append(("GET", f"/{lang}/practice/{slug}/?hint=1", None, 200, headers))
    return requests


def _strict_phase_token(slug: str) -> str | None:
    try:
        from practice.ids import ID_ALPHABET, ID_LENGTH, YOU
        from practice.moves import game_move, game_new
        from practice.seats import advance
        from rules.models import Variant

        alphabet = ID_ALPHABET
        deal_id = "".join(alphabet[7 * i % len(alphabet)] for i in range(ID_LENGTH))
        game = game_new(variant=Variant.objects.get(slug=slug), deal_id=deal_id)
        advance(game)
        for _ in range(200):
            deal = game.deal
            if deal.result is not None:
                return None
            if deal.state()["phase"] == "strict" and deal.to_act == YOU:
                return game.dumps()
            refused = game_move(game=game, key=deal.legal_actions()[0].key())
            if refused:
                raise RuntimeError(refused)
    except Exception as exc:  # the practice internals changed: fall back to a fresh game
        log(f"practice hints on a fresh game for {slug} ({type(exc).__name__}: {exc})")
    return None


def move_checks(client) -> list[tuple[str, bytes, int]]:
    """(path, JSON body, expected status) for the move check, in every language."""
    from tutorial.models import TutorialStep

    steps = list(
        TutorialStep.objects.exclude(ask=[])
        .select_related("tutorial")
        .order_by("tutorial__order", "number")[:12]
    )
    bodies = []
    for step in steps:
        right = {k: v for k, v in step.ask[0].items() if k != "player"}
        moves = [right, {"type": "play", "card": "XX"}, {"type": "close"}]
        wrong = next(iter((step.wrong or {}).get("en", {})), None)
        if wrong and wrong.startswith("play-"):
            moves.append({"type": "play", "card": wrong.split("-", 1)[1]})
        for lang in LANGS:
            path = f"/{lang}/tutorials/{step.tutorial.slug}/{step.number}/check/"
            for move in moves:
                body = json.dumps(move).encode()
                response = client.post(path, body, content_type="application/json")
                bodies.append((path, body, response.status_code))
    return bodies


def traffic_plan() -> dict[str, list[Request]]:
    """Page type -> [(method, path, body, expected status, extra headers)]."""
    from django.test import Client

    client = Client(SERVER_NAME=HOST, HTTP_HOST=HOST)
    plan: dict[str, list[Request]] = {}
    for kind, path, expected in pages.all_pages():
        for lang in LANGS:
            plan.setdefault(kind, []).append(("GET", f"/{lang}{path}", None, expected, {}))
    plan["sitemap"] = [("GET", "/sitemap.xml", None, 200, {})]
    plan["robots.txt"] = [("GET", "/robots.txt", None, 200, {})]
    missing = [
        "/no-such-page/",
        "/variants/no-such-variant/",
        "/variants/no-such.json",
        "/tutorials/no-such-tutorial/1/",
        "/tutorials/first-deal/999/",
    ]
    plan["404"] = [("GET", f"/{lang}{path}", None, 404, {}) for path in missing for lang in LANGS]
    plan["move check"] = [("POST", p, b, s, {}) for p, b, s in move_checks(client)]
    plan["practice hint"] = practice_hints(client)
    # The expected statuses as the site gives them in-process, one request at a time.
    for kind, requests in plan.items():
        if kind == "move check":
            continue
        for method, path, _body, expected, headers in requests[:: max(1, len(requests) // 20)]:
            cookies = {"HTTP_COOKIE": headers["Cookie"]} if "Cookie" in headers else {}
            got = Client(SERVER_NAME=HOST, HTTP_HOST=HOST, **cookies).get(path).status_code
            if got != expected:
                raise SystemExit(f"{method} {path}: {got} in-process, expected {expected}")
    return {kind: requests for kind, requests in plan.items() if requests}


def warm_up(port: int, plan: dict[str, list[Request]], threads: int) -> None:
    """Ask for every cached page once, so that the timed traffic meets the cache warm.

    Each page is rendered and stored at most once per content version however many app
    servers ask; the timed part then measures the steady state, not the first renders.
    """
    import threading

    paths = sorted({path for kind in CACHED_KINDS for _m, path, *_ in plan.get(kind, [])})
    log(f"warming the page cache: {len(paths)} pages, {threads} connections")
    lock = threading.Lock()

    def run() -> None:
        while True:
            with lock:
                if not paths:
                    return
                path = paths.pop()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            with contextlib.suppress(OSError, http.client.HTTPException):
                conn.request("GET", path, headers={"Accept-Encoding": "identity"})
                conn.getresponse().read()
            conn.close()

    pool = [threading.Thread(target=run) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()


def client_worker(port, plan, deadline, seed, threads, queue) -> None:
    """One client process: `threads` threads hammering until the deadline."""
    import threading

    results = []
    lock = threading.Lock()

    def run(thread_seed: int) -> None:
        rng = random.Random(thread_seed)
        kinds = sorted(plan)
        latencies: list[float] = []
        per_kind: dict[str, list[float]] = {}
        errors: list[str] = []
        conn = http.client.HTTPConnection(HOST, port, timeout=15)
        token = cookie = None
        for _ in range(MAX_REQUESTS_PER_THREAD):
            if time.monotonic() >= deadline:
                break
            kind = rng.choice(kinds)
            method, path, body, expected, extra = rng.choice(plan[kind])
            headers = {"Accept-Encoding": "identity", **extra}
            try:
                if method == "POST" and token is None:
                    conn.request("GET", "/en/tutorials/token/", headers=headers)
                    response = conn.getresponse()
                    data = response.read()
                    if response.status != 200:
                        errors.append(f"token: {response.status}")
                        continue
                    token = json.loads(data)["token"]
                    cookie = response.getheader("Set-Cookie", "").split(";", 1)[0]
                if method == "POST":
                    headers.update(
                        {
                            "Content-Type": "application/json",
                            "X-CSRFToken": token,
                            "Cookie": cookie,
                            "Origin": f"http://{HOST}:{port}",
                        }
                    )
                start = time.perf_counter()
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                elapsed = (time.perf_counter() - start) * 1000
            except (OSError, http.client.HTTPException) as exc:
                errors.append(f"{method} {path}: {type(exc).__name__} {exc}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=15)
                continue
            latencies.append(elapsed)
            per_kind.setdefault(kind, []).append(elapsed)
            if (
                kind == "practice hint"
                and response.status == 503
                and response.getheader("Retry-After")
            ):
                # The hint slots are full: the designed, polite "busy" (issue 12), not a fault.
                errors.append(f"{BUSY}{method} {path}")
            elif response.status != expected or response.status >= 500:
                errors.append(f"{method} {path}: {response.status}, expected {expected}")
            if response.will_close:
                conn.close()
        conn.close()
        with lock:
            results.append((latencies, per_kind, errors))

    pool = [threading.Thread(target=run, args=(seed * 1000 + i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join(timeout=max(1.0, deadline - time.monotonic()) + 60)
    latencies, per_kind, errors = [], {}, []
    for lat, kinds, errs in results:
        latencies += lat
        errors += errs
        for kind, values in kinds.items():
            per_kind.setdefault(kind, []).extend(values)
    queue.put((latencies, per_kind, errors, threads - len(results)))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def main() -> int:
    pages.ensure_venv()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=60, help="seconds of traffic (60)")
    parser.add_argument("--processes", type=int, default=2, help="client processes (2)")
    parser.add_argument("--threads", type=int, default=8, help="threads per process (8)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (4)")
    parser.add_argument(
        "--server-threads", type=int, default=1, help="threads per worker (1 = sync workers)"
    )
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL + Redis")
    args = parser.parse_args()
    args.duration = max(1.0, min(args.duration, 3600.0))
    args.processes = max(1, min(args.processes, 16))
    args.threads = max(1, min(args.threads, 64))
    args.workers = max(1, min(args.workers, 16))

    ws = Workspace()
    pages.install_cleanup(ws)
    # Every connection comes from 127.0.0.1: the per-client hint limit would turn all but
    # the first ten positions' hints into 429s. Lifted, as in hints.py --pages.
    (ws.tmp / "bench_settings.py").write_text(
        pages.SETTINGS_MODULE + "PRACTICE_HINT_RATE = 1_000_000\n"
    )
    errors: list[str] = []
    try:
        env = ws.env()
        if args.postgres:
            pages.ensure_postgres_and_redis(ws)
            number = pages.empty_redis_db(ws)
            env = ws.env(
                database_url=pages.create_pg_database(ws),
                cache_url=f"redis://127.0.0.1:6379/{number}",
            )
        log("fresh database: migrate, load_content, collectstatic")
        ws.prepare_database(env, collectstatic=True)
        pages.django_setup(env)
        plan = traffic_plan()
        backend = "PostgreSQL + Redis" if args.postgres else "SQLite + per-process memory cache"
        base = ws.start_gunicorn(env, args.workers, "load", threads=args.server_threads)
        port = int(base.rsplit(":", 1)[1])
        warm_up(port, plan, args.workers)
        log(f"{args.duration:.0f} s of traffic against {base}")
        loadavg_start = os.getloadavg()
        queue = multiprocessing.get_context("fork").Queue()
        start = time.monotonic()
        deadline = start + args.duration
        procs = [
            multiprocessing.get_context("fork").Process(
                target=client_worker, args=(port, plan, deadline, seed + 1, args.threads, queue)
            )
            for seed in range(args.processes)
        ]
        for proc in procs:
            proc.start()
        collected = []
        for _ in procs:
            collected.append(queue.get(timeout=args.duration + 180))
        for proc in procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
        elapsed = time.monotonic() - start
        latencies: list[float] = []
        per_kind: dict[str, list[float]] = {}
        hung = 0
        for lat, kinds, errs, stuck in collected:
            latencies += lat
            errors += errs
            hung += stuck
            for kind, values in kinds.items():
                per_kind.setdefault(kind, []).extend(values)
        busy = [e for e in errors if e.startswith(BUSY)]
        errors = [e for e in errors if not e.startswith(BUSY)]
        if hung:
            errors.append(f"{hung} client threads did not finish")
        server_log = (ws.tmp / "gunicorn-load.log").read_text(errors="replace")
        tracebacks = server_log.count("Traceback")
        timeouts = server_log.count("WORKER TIMEOUT")
        ws.stop_server(ws.servers[-1])

        print(f"# Sixty-Six mixed load test, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        print(
            f"Server: gunicorn, {args.workers} workers x {args.server_threads} threads, "
            f"127.0.0.1, {backend}; DEBUG=0. "
            f"Client: {args.processes} processes x {args.threads} threads "
            f"({args.processes * args.threads} concurrent requests), {args.duration:.0f} s."
        )
        print(
            f"Load average at start {loadavg_start[0]:.2f}, at end {os.getloadavg()[0]:.2f} "
            f"(2 CPUs; the client runs on the same machine)."
        )
        total = len(latencies)
        print(f"\nRequests: {total} in {elapsed:.1f} s = {total / elapsed:.0f} req/s")
        print(
            f"Latency ms: p50 {percentile(latencies, 50):.1f}, p90 {percentile(latencies, 90):.1f}"
            f", p99 {percentile(latencies, 99):.1f}, max {max(latencies, default=0):.1f}"
        )
        print(f"Errors: {len(errors)} (5xx, connection errors, timeouts, unexpected statuses)")
        hints = len(per_kind.get("practice hint", []))
        print(
            f"Practice hints answered busy (503 with Retry-After, the designed bound on "
            f"concurrent solver runs): {len(busy)} of {hints}"
        )
        print(f"Server log: {tracebacks} tracebacks, {timeouts} worker timeouts\n")
        cached = [v for kind in CACHED_KINDS for v in per_kind.get(kind, [])]
        cached_p99 = percentile(cached, 99)
        print(
            f"Cached pages ({len(cached)} requests): p50 {percentile(cached, 50):.1f} ms, "
            f"p99 {cached_p99:.1f} ms (budget {CACHED_P99_BUDGET_MS:.0f} ms)\n"
        )
        if not cached_p99 < CACHED_P99_BUDGET_MS:
            errors.append(f"cached pages p99 {cached_p99:.1f} ms over budget")
        print("| page type | requests | p50 ms | p90 ms | p99 ms | max ms |")
        print("|---|---|---|---|---|---|")
        for kind in sorted(per_kind):
            values = per_kind[kind]
            print(
                f"| {kind} | {len(values)} | {percentile(values, 50):.1f} | "
                f"{percentile(values, 90):.1f} | {percentile(values, 99):.1f} | {max(values):.1f} |"
            )
        if NOTES:
            print("\nNotes:")
            for note in NOTES:
                print(f"- {note}")
        for line in errors[:20]:
            print(f"  error: {line}")
        if tracebacks:
            errors.append("tracebacks in the server log")
            print(server_log[-3000:])
    finally:
        with contextlib.suppress(Exception):
            ws.cleanup()
    print("\nVerdict: " + ("PASS, no errors" if not errors else f"FAIL, {len(errors)} errors"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
