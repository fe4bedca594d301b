"""A real restart: daphne is killed mid-deal and started again; the seats reconnect and
the deal goes on from the database, nothing lost and nothing played twice."""

import asyncio
import re

import pytest

from tables.testing import Daphne, Socket, Visitor, prepare_database

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def open_table(url: str) -> tuple[str, dict[int, Visitor]]:
    anna, bo = Visitor(url), Visitor(url)
    page = anna.post("/en/tables/new/", {"name": "Anna", "variant": "classic66", "seat1": "friend"})
    code = re.search(r"Table code: ([A-Z0-9]{6})", page).group(1)
    bo.post(f"/en/tables/{code}/", {"do": "sit", "name": "Bo"})
    return code, {0: anna, 1: bo}


async def seats(url, code, people):
    return {
        s: await Socket.connect(url, f"/ws/tables/en/{code}/", p.cookie_header())
        for s, p in people.items()
    }


async def newest(socket, at_least=0):
    """The seat's newest state once it has one of at least that version."""
    best = None
    while True:
        try:
            message = await asyncio.wait_for(socket.receive(), 0.05 if best else 10)
        except TimeoutError:
            return best
        assert message is not None, "connection closed"
        if message["type"] == "state" and message["version"] >= at_least:
            best = message


async def play(sockets, moves, seq, latest=None):
    """Make `moves` moves (or play to the end: None); each seat's last state then."""
    latest = latest or {s: await newest(sock) for s, sock in sockets.items()}
    made = 0
    while (moves is None or made < moves) and not all(m["over"] for m in latest.values()):
        top = max(m["version"] for m in latest.values())
        mover = next((s for s, m in latest.items() if m["choices"] and m["version"] == top), None)
        if mover is None:  # the server is still drawing for someone: wait for it
            latest = {s: await newest(sock, top + 1) or latest[s] for s, sock in sockets.items()}
            continue
        m = latest[mover]
        seq[mover] = max(seq[mover], m["seq"]) + 1
        key = next((k for k in m["choices"] if k not in ("declare", "close")), m["choices"][0])
        await sockets[mover].send(
            {"type": "move", "key": key, "at": m["version"], "seq": seq[mover]}
        )
        latest = {s: await newest(sock, top + 1) or latest[s] for s, sock in sockets.items()}
        made += 1
    return latest


def test_daphne_killed_mid_deal_and_started_again_loses_nothing(tmp_path):
    database = prepare_database(tmp_path / "site.sqlite3")
    server = Daphne(database, TABLES_MESSAGES_PER_SECOND="1000").start()
    try:
        code, people = open_table(server.url)

        async def before():
            sockets = await seats(server.url, code, people)
            seq = {0: 0, 1: 0}
            latest = await play(sockets, 6, seq)
            for sock in sockets.values():
                await sock.close()
            return latest, seq

        latest, seq = asyncio.run(before())
        moves = max(m["moves"] for m in latest.values())
        server.kill()  # mid-deal, no goodbye
        server = Daphne(database, port=server.port, TABLES_MESSAGES_PER_SECOND="1000").start()

        async def after():
            sockets = await seats(server.url, code, people)
            again = {s: await newest(sock) for s, sock in sockets.items()}
            assert {m["moves"] for m in again.values()} == {moves}
            assert {m["version"] for m in again.values()} == {
                max(m["version"] for m in latest.values())
            }
            end = await play(sockets, None, seq, again)
            for sock in sockets.values():
                await sock.close()
            return end

        end = asyncio.run(after())
        assert all(m["over"] for m in end.values())
        assert "Next deal" in people[0].get(f"/en/tables/{code}/")
    finally:
        server.kill()
