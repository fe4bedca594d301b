"""Tables at once: N tables of two friends each, played by WebSocket clients, against one
or two daphne workers (two need the Redis channel layer: --redis URL).

Prints moves per second, the servers' CPU time a move, p50/p99 from a move to every seat's
update, lost or duplicated moves (the database against what the clients saw acknowledged),
the latency of a cached page while the tables play, and, with two workers, the seconds
until every table plays on after one worker is killed (its seats reconnect to the other).
Flat out (the default) every seat moves the moment it may, which measures throughput: the
latency is then the queue. `--think S` has each seat think about S seconds a move, as
people do, which measures the latency a table of people feels.

    .venv/bin/python benchmarks/tables.py --tables 10
    .venv/bin/python benchmarks/tables.py --tables 200 --workers 2 --think 3 \
        --redis redis://127.0.0.1:6379/0
"""

import argparse
import asyncio
import contextlib
import os
import random
import re
import sqlite3
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tables.testing import Daphne, Socket, Visitor, prepare_database  # noqa: E402

LIMITS = {"TABLES_MESSAGES_PER_SECOND": "100000", "TABLES_PER_CLIENT": "100000",
          "TABLES_MAX_CONNECTIONS": "100000",
          "TEST_DB_CONN_MAX_AGE": "60"}  # fmt: skip  # the production connection age


class Table:
    def __init__(self, code, people):
        self.code, self.people = code, people
        self.sockets, self.latest, self.seq = {}, {}, {0: 0, 1: 0}
        self.made, self.waits = 0, []
        self.pending: dict[int, float] = {}  # version -> when the move was sent
        self.seen: dict[int, set[int]] = {}
        self.last_move = time.monotonic()
        self.heard: dict[int, float] = {}  # seat -> when it last heard a state
        self.news = asyncio.Event()  # set by a listener on every state: drive() sleeps on it

    def ready_since(self, moment: float, seat: int = 1) -> bool:
        """`seat` (reconnected) has heard the table since `moment` and both seats hold one
        version (the other seat's connection lived on: it is told of every change), or the
        deal is over: the seat to act can play on."""
        latest = [self.latest.get(s) for s in (0, 1)]
        if None in latest or self.heard.get(seat, 0) < moment:
            return False
        return all(m["over"] for m in latest) or latest[0]["version"] == latest[1]["version"]

    async def wait_news(self, timeout: float) -> None:
        """Until a seat hears a new state or `timeout` passes (no busy polling: with 200
        tables a poll loop costs the client a core and shows up as server latency). The
        caller clears `news` before it reads the states, so no state is missed."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.news.wait(), timeout)


def open_tables(url, count):
    out = []
    for _i in range(count):
        anna, bo = Visitor(url), Visitor(url)
        page = anna.post(
            "/en/tables/new/", {"name": "A", "variant": "classic66", "seat1": "friend"}
        )
        code = re.search(r"Table code: ([A-Z0-9]{6})", page).group(1)
        bo.post(f"/en/tables/{code}/", {"do": "sit", "name": "B"})
        out.append(Table(code, {0: anna, 1: bo}))
    return out


async def listen(table, seat, latencies):
    sock = table.sockets[seat]
    while True:
        message = await sock.receive()
        if message is None:
            return
        if message["type"] != "state":
            continue
        table.latest[seat] = message
        table.heard[seat] = time.monotonic()
        table.news.set()
        v = message["version"]
        for sent_v in [k for k in table.pending if k <= v]:
            table.seen.setdefault(sent_v, set()).add(seat)
            if len(table.seen[sent_v]) == 2:
                latencies.append(time.monotonic() - table.pending.pop(sent_v))


async def connect(table, urls, seat):
    url = urls[seat % len(urls)]
    sock = await Socket.connect(
        url, f"/ws/tables/en/{table.code}/", table.people[seat].cookie_header()
    )
    table.sockets[seat] = sock
    return sock


async def drive(table, stop, latencies, think=0.0):
    """Make the moves of this table's two seats: as soon as each may, or after `think`
    seconds on average (people think; 0 plays flat out, which measures throughput)."""
    while not stop.is_set():
        table.news.clear()
        latest = [table.latest.get(s) for s in (0, 1)]
        if None in latest:
            await table.wait_news(0.5)
            continue
        if all(m["over"] for m in latest):
            return
        top = max(m["version"] for m in latest)
        mover = next(
            (s for s, m in enumerate(latest) if m["choices"] and m["version"] == top), None
        )
        if mover is None or top + 1 in table.pending:
            await table.wait_news(0.5)
            continue
        if think:
            await asyncio.sleep(random.uniform(0.5, 1.5) * think)
            if any(table.latest.get(s) is not latest[s] for s in (0, 1)):
                continue  # the table changed while the seat thought
        m = latest[mover]
        key = next((k for k in m["choices"] if k not in ("declare", "close")), m["choices"][0])
        table.seq[mover] = max(table.seq[mover], m["seq"]) + 1
        table.pending[top + 1] = time.monotonic()
        try:
            await table.sockets[mover].send(
                {"type": "move", "key": key, "at": top, "seq": table.seq[mover]}
            )
        except (ConnectionError, OSError):
            await asyncio.sleep(0.05)
            continue
        table.made += 1
        table.last_move = time.monotonic()
        while top + 1 in table.pending and not stop.is_set():
            table.news.clear()
            await table.wait_news(0.5)
            if time.monotonic() - table.pending.get(top + 1, time.monotonic()) > 5:
                table.pending.pop(top + 1, None)  # a lost answer: the move is checked at the end


async def reconnect(table, url, latencies, listeners):
    """The seat on the killed worker connects to the live one, as the page's script does;
    a move it had sent is forgotten (its socket died: the player plays it again)."""
    table.latest.pop(1, None)
    table.pending.clear()
    await connect(table, [url], 1)
    listeners.append(asyncio.ensure_future(listen(table, 1, latencies)))


async def page_latency(url, stop, out):
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0 = time.monotonic()
        await loop.run_in_executor(
            None,
            lambda: urllib.request.urlopen(url + "/en/variants/").read(),  # noqa: S310
        )
        out.append(time.monotonic() - t0)
        await asyncio.sleep(0.05)


def cpu_seconds(servers) -> float:
    """User + system CPU the servers' processes have used so far (Linux /proc)."""
    total = 0.0
    for server in servers:
        if server.process and server.process.poll() is None:
            fields = Path(f"/proc/{server.process.pid}/stat").read_text().rpartition(")")[2]
            utime, stime = fields.split()[11:13]
            total += (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
    return total


def pct(values, p):
    return (
        sorted(values)[min(len(values) - 1, int(len(values) * p))] * 1000
        if values
        else float("nan")
    )


async def run(tables, servers, seconds, kill, think):
    urls = [s.url for s in servers]
    idle_pages = []
    stop0 = asyncio.Event()
    task = asyncio.ensure_future(page_latency(urls[0], stop0, idle_pages))
    await asyncio.sleep(2)
    stop0.set()
    await task
    latencies, pages, listeners = [], [], []
    for t in tables:
        for seat in (0, 1):
            await connect(t, urls, seat)
            listeners.append(asyncio.ensure_future(listen(t, seat, latencies)))
    stop = asyncio.Event()
    pager = asyncio.ensure_future(page_latency(urls[0], stop, pages))
    drivers = [asyncio.ensure_future(drive(t, stop, latencies, think)) for t in tables]
    start, cpu0, mine0 = time.monotonic(), cpu_seconds(servers), time.process_time()
    recovery = None
    await asyncio.sleep(seconds / 2 if kill else seconds)
    steady = latencies  # the moves before a worker is killed
    if kill:
        steady = list(latencies)
        killed_at = time.monotonic()
        servers[1].kill()
        await asyncio.gather(*(reconnect(t, urls[0], latencies, listeners) for t in tables))
        while time.monotonic() - killed_at < 60:
            if all(t.ready_since(killed_at) for t in tables):
                recovery = time.monotonic() - killed_at
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(seconds / 2)
        moved = sum(t.last_move > killed_at + (recovery or 60) for t in tables)
        recovery = (recovery, moved)
    stop.set()
    elapsed, cpu = time.monotonic() - start, cpu_seconds(servers) - cpu0
    mine = time.process_time() - mine0
    await asyncio.gather(*drivers, pager, return_exceptions=True)
    for t in tables:
        for sock in t.sockets.values():
            await sock.close()
    return latencies, steady, pages, idle_pages, elapsed, recovery, (cpu, mine)


def check_database(path, tables):
    db = sqlite3.connect(path)
    duplicated = db.execute(
        "select count(*) from (select count(*) c from tables_move group by table_id, match_id,"
        ' number, "index" having c > 1)'
    ).fetchone()[0]
    lost = 0
    for t in tables:
        stored = db.execute(
            "select count(*) from tables_move m join tables_table t on t.id = m.table_id"
            " where t.code = ? and m.by = 'seat'",
            (t.code,),
        ).fetchone()[0]
        acknowledged = max((m["version"] for m in t.latest.values()), default=0)
        version = db.execute(
            "select version from tables_table where code = ?", (t.code,)
        ).fetchone()[0]
        lost += max(0, acknowledged - version) + (0 if stored <= t.made else stored - t.made)
    return lost, duplicated


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2))
    parser.add_argument("--redis", default="", help="redis://… (needed for two workers)")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a person thinks a move (0: flat out)"
    )
    args = parser.parse_args()
    if args.workers == 2 and not args.redis:
        parser.error("two workers need --redis")
    folder = Path(tempfile.mkdtemp(prefix="tables-bench-"))
    database = prepare_database(folder / "site.sqlite3")
    env = {**LIMITS, **({"CACHE_URL": args.redis} if args.redis else {})}
    servers = [Daphne(database, **env).start() for _i in range(args.workers)]
    try:
        tables = open_tables(servers[0].url, args.tables)
        result = asyncio.run(run(tables, servers, args.seconds, args.workers == 2, args.think))
        latencies, steady, pages, idle_pages, elapsed, recovery, (cpu, mine) = result
        lost, duplicated = check_database(database, tables)
        moves = sum(t.made for t in tables)
        layer = "redis" if args.redis else "in-memory"
        update = f"p50 {pct(latencies, 0.5):.0f} ms, p99 {pct(latencies, 0.99):.0f} ms"
        page = f"p50 {pct(idle_pages, 0.5):.1f} ms alone, {pct(pages, 0.5):.1f} ms"
        pace = f"{args.think:g} s a move" if args.think else "flat out"
        print(f"{args.tables} tables, {args.workers} worker(s), channel layer: {layer}, {pace}")
        print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:.1f} moves/s")
        print(
            f"server CPU: {1000 * cpu / max(moves, 1):.1f} ms a move (both seats' updates),"
            f" {100 * cpu / elapsed:.0f} % of a core; the clients: {100 * mine / elapsed:.0f} %"
        )
        print(f"move -> every seat's update: {update} ({len(latencies)} moves)")
        if args.workers == 2:
            calm = f"p50 {pct(steady, 0.5):.0f} ms, p99 {pct(steady, 0.99):.0f} ms"
            print(f"  before the worker was killed: {calm} ({len(steady)} moves)")
        print(f"lost moves: {lost}, duplicated moves: {duplicated}")
        print(f"cached page /en/variants/: {page} (p99 {pct(pages, 0.99):.1f}) while playing")
        if args.workers == 2:
            ready, moved = recovery
            after = "not within 60 s" if ready is None else f"{ready:.2f} s"
            print(
                f"one worker killed: every table's seats back at one version after {after};"
                f" {moved} of {args.tables} tables moved again after that"
            )
    finally:
        for server in servers:
            server.kill()


if __name__ == "__main__":
    main()
