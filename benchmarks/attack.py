"""The attacks of issue 28 against a served instance: does a cached page stay fast?

Run: ``.venv/bin/python benchmarks/attack.py [--seconds 10] [--threads 8] [--port 8120]``.
A benchmark, not a test: it prints figures and exits 1 when an attack drew a 5xx other
than 503, the cached page's p50 under attack passed 3x its p50 alone, or Redis grew by more
than 10 MB.

Set-up as in ``benchmarks/pages.py`` (whose Workspace it uses): a temporary directory with
a fresh SQLite database, an empty Redis database number for the cache (Redis is started on
127.0.0.1:6379 with scripts/redis-up.sh when it does not answer, and stopped again), and
gunicorn on 127.0.0.1 only, with the workers and threads of the project's gunicorn.conf.py
(``--workers 3 --threads-per-worker 1``: 3 sync workers). Every attack runs ``--threads``
threads for ``--seconds`` seconds (and at most MAX_REQUESTS each) while a probe times the
cached page, in a process of its own (in the attackers' process it would wait for their
interpreter lock, and the figure would be the benchmark's own contention, not the site's);
each prints that page's p50 under attack against its p50 alone, the growth of Redis's used
memory, and the statuses the attack got. The attacks:

- moves: the same move posted again and again with the same form (computer play each time)
- next deals: "Next deal" posted again and again with a finished deal's form
- deal links: ``?deal=`` with a new well-formed id each time (a new match each time)
- sitemap: /sitemap.xml with a new random parameter each time
- host ports: a cached page with a new port in the Host header each time
- compare orderings: /compare/?v=... with the variants in every order and combination
- hints: new positions' hints, every thread as one client
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import itertools
import multiprocessing
import re
import runpy
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import HOST, ROOT, Workspace, ensure_venv, install_cleanup, log, redis_client

MAX_REQUESTS = 5_000  # per thread and attack, besides the deadline
CACHED = "/en/variants/classic66/"
PRACTICE = "/en/practice/classic66/"
VARIANTS = ["classic66", "schnapsen", "idiot66", "three_no_stock", "four_hand_american"]
BUDGET_RATIO = 3.0
BUDGET_REDIS = 10 * 2**20


class Client:
    """One keep-alive connection to the server, re-opened when a sync worker closes it."""

    def __init__(self, port: int):
        self.port = port
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None, host: str | None = None):
        headers = {"Host": host or f"{HOST}:{self.port}", "Accept-Encoding": "gzip"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://{HOST}:{self.port}/"
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                content = response.read()
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt:
                    return 0, b""
                continue
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _sep, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";")[0]
            if response.headers.get("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            return response.status, content
        return 0, b""


def form(html: bytes) -> dict:
    text = html.decode(errors="replace")
    state = re.search(r'name="state" value="([^"]+)"', text)
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
    moves = re.findall(r'name="move" value="([^"]+)"', text)
    return {
        "state": state.group(1) if state else "",
        "csrf": csrf.group(1) if csrf else "",
        "moves": moves,
        "over": 'value="next"' in text or 'value="new"' in text,
    }


def practice_form(client: Client, slug: str, deal: str) -> dict:
    _status, html = client.request("GET", f"/en/practice/{slug}/?deal={deal}")
    return form(html)


def finished_deal(client: Client, slug: str) -> dict:
    """Play the first button every time until the deal is over (bounded)."""
    found = practice_form(client, slug, "hjkmnpqrst")
    for _ in range(80):
        if found["over"] or not found["moves"]:
            return found
        data = {"csrfmiddlewaretoken": found["csrf"], "state": found["state"]}
        data |= {"move": found["moves"][0], "confirm": "1"}
        client.request("POST", f"/en/practice/{slug}/", data)
        found = form(client.request("GET", f"/en/practice/{slug}/")[1])
    return found


def p50(client: Client, seconds: float, stop: threading.Event | None = None) -> float:
    times = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (stop and stop.is_set()) and len(times) < 5000:
        start = time.perf_counter()
        client.request("GET", CACHED)
        times.append(time.perf_counter() - start)
        time.sleep(0.02)
    return statistics.median(times) * 1000 if times else float("nan")


def _probe(port: int, seconds: float) -> float:
    return p50(Client(port), seconds)


def probe(port: int, seconds: float) -> float:
    """The cached page's p50 (ms) over `seconds`, timed by a fresh process."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_probe, (port, seconds))


def attacks(port: int, finished: dict, moving: dict):
    """name -> a function(thread number, request number) -> (client, method, path, body, host)."""
    combos = [
        list(order)
        for size in (2, 3, 4)
        for chosen in itertools.combinations(VARIANTS, size)
        for order in itertools.permutations(chosen)
    ]
    move_body = {"csrfmiddlewaretoken": moving["csrf"], "state": moving["state"]}
    move_body["move"] = moving["moves"][0] if moving["moves"] else ""
    next_body = {"csrfmiddlewaretoken": finished["csrf"], "state": finished["state"], "do": "next"}
    return {
        "moves": lambda t, n: ("POST", "/en/practice/classic66/", move_body, None),
        "next deals": lambda t, n: ("POST", "/en/practice/classic66/", next_body, None),
        "deal links": lambda t, n: ("GET", f"{PRACTICE}?deal={deal_id(t, n)}", None, None),
        "sitemap": lambda t, n: ("GET", f"/sitemap.xml?x={t}-{n}", None, None),
        "host ports": lambda t, n: ("GET", CACHED, None, f"{HOST}:{1024 + (t * 7919 + n) % 60000}"),
        "compare orderings": lambda t, n: (
            "GET",
            "/en/compare/?" + urlencode([("v", s) for s in combos[(t * 997 + n) % len(combos)]]),
            None,
            None,
        ),
        "hints": lambda t, n: ("GET", "/en/practice/schnapsen/?hint=1", None, None),
    }


def run_attack(port, name, make, threads, seconds, cookies, alone) -> dict:
    stop = threading.Event()
    statuses: Counter = Counter()
    lock = threading.Lock()

    def attacker(t: int) -> None:
        client = Client(port)
        client.cookies = dict(cookies)
        deadline = time.monotonic() + seconds
        for n in range(MAX_REQUESTS):
            if stop.is_set() or time.monotonic() > deadline:
                break
            method, path, body, host = make(t, n)
            if name == "hints":  # a new position each time: a new deal first
                client.request("GET", f"/en/practice/schnapsen/?deal={deal_id(t, n)}")
            status, _content = client.request(method, path, body, host)
            with lock:
                statuses[status] += 1

    before = redis_used()
    workers = [threading.Thread(target=attacker, args=(t,), daemon=True) for t in range(threads)]
    for worker in workers:
        worker.start()
    time.sleep(min(1.0, seconds / 4))
    under = probe(port, seconds - 1.5)
    stop.set()
    for worker in workers:
        worker.join(timeout=40)
    return {
        "name": name,
        "alone": alone,
        "under": under,
        "redis": redis_used() - before,
        "statuses": dict(sorted(statuses.items())),
    }


def deal_id(t: int, n: int) -> str:
    letters = "abcdefghjkmnpqrstuvwxyz23456789"
    number = t * 100_003 + n
    return "".join(letters[(number // len(letters) ** i) % len(letters)] for i in range(10))


def redis_used() -> int:
    return int(redis_client(0).info("memory")["used_memory"])


def ensure_redis(ws: Workspace) -> int:
    try:
        redis_client(0).ping()
    except Exception:
        log("Redis does not answer on 127.0.0.1:6379: running scripts/redis-up.sh")
        subprocess.run(["/bin/bash", "scripts/redis-up.sh"], cwd=ROOT, check=True, timeout=600)
        ws.started_redis = True
    for number in range(15, 0, -1):
        if redis_client(number).dbsize() == 0:
            ws.redis_dbs.append(number)
            return number
    raise SystemExit("no empty Redis database number between 1 and 15")


def main() -> int:
    ensure_venv()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--port", type=int, default=8120)
    parser.add_argument("--workers", type=int, default=0, help="0: gunicorn.conf.py's")
    parser.add_argument("--threads-per-worker", type=int, default=0, help="0: gunicorn.conf.py's")
    args = parser.parse_args()
    if not 2 <= args.seconds <= 30 or not 1 <= args.threads <= 16:
        raise SystemExit("--seconds must lie in 2..30 and --threads in 1..16")
    ws = Workspace()
    install_cleanup(ws)
    number = ensure_redis(ws)
    env = ws.env(cache_url=f"redis://{HOST}:6379/{number}")
    log("migrate, load_content, collectstatic")
    ws.prepare_database(env, collectstatic=True)
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    workers = args.workers or conf["workers"]
    threads = args.threads_per_worker or conf["threads"]
    ws.start_gunicorn(env, workers, "attack", port=args.port, threads=threads)
    port = args.port
    client = Client(port)
    for _ in range(3):
        client.request("GET", CACHED)
    client.request("GET", "/sitemap.xml")
    log("playing a deal to its end for the next-deal attack")
    finished = finished_deal(client, "classic66")
    player = Client(port)
    moving = practice_form(player, "classic66", "mnpqrstuvw")
    alone = probe(port, 4)
    log(f"cached page alone: p50 {alone:.1f} ms")
    results = []
    for name, make in attacks(port, finished, moving).items():
        cookies = player.cookies if name == "moves" else client.cookies
        log(f"attack: {name}")
        results.append(run_attack(port, name, make, args.threads, args.seconds, cookies, alone))
    print(
        f"\n{args.threads} threads per attack, {args.seconds:.0f} s each; {HOST}:{port}, "
        f"{workers} workers x {threads} threads, Redis cache. "
        "Shared machine: figures are indicative."
    )
    print(
        f"{'attack':<18} {'alone ms':>9} {'under ms':>9} {'ratio':>6} {'Redis +MB':>10}  statuses"
    )
    failed = False
    for r in results:
        ratio = r["under"] / r["alone"] if r["alone"] else float("inf")
        bad = [s for s in r["statuses"] if (s >= 500 and s != 503) or s == 0]
        failed |= bool(bad) or ratio > BUDGET_RATIO or r["redis"] > BUDGET_REDIS
        print(
            f"{r['name']:<18} {r['alone']:>9.1f} {r['under']:>9.1f} {ratio:>6.1f} "
            f"{r['redis'] / 2**20:>10.2f}  {r['statuses']}"
        )
    with contextlib.suppress(Exception):
        print(f"Redis database {number}: {redis_client(number).dbsize()} keys at the end")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
