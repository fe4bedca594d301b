"""Tables over WebSockets (channels' WebsocketCommunicator against the real application):
every message of a whole deal holds only its seat's cards; forged, replayed and oversized
messages are refused; a "restart" (a new application and channel layer, nothing kept in
memory) loses nothing; an idle seat is played by the computer until its player returns."""

import asyncio
import json
from typing import NamedTuple

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from tables_helpers import hidden_from, leaked, pick

from sixtysix_site.asgi import build
from tables import consumers, seating, store
from tables.models import Move, Seat, Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.integration]
ORIGIN = (b"origin", b"http://testserver")


@pytest.fixture(autouse=True)
def _content(content):
    """The live tables commit for real (transaction=True flushes): the content back."""


def open_table(variant="classic66", seats=("friend",)):
    """A table with every friend seat taken; the secret of each person's seat."""
    anna = Client()
    data = {"name": "Anna", "variant": variant, "seat1": seats[0]}
    data |= {f"seat{i}": kind for i, kind in enumerate(seats, start=1)}
    assert anna.post(reverse("tables:new"), data).status_code == 302
    table = Table.objects.latest("pk")
    secrets = {0: anna.cookies[seating.COOKIE.format(code=table.code)].value}
    for seat in Seat.objects.filter(table=table, kind="friend", secret=""):
        secrets[seat.index] = seating.sit(table, seat.index, f"P{seat.index}")
    return table, secrets


class Seated(NamedTuple):
    """A two-friend table with both seats connected, the first view of each, the mover."""

    table: Table
    app: object
    comms: dict
    first: dict
    mover: int


async def connect_all(app, table, secrets) -> dict:
    return {s: await connect(app, table, secret) for s, secret in secrets.items()}


async def seated() -> Seated:
    table, secrets = await database_sync_to_async(open_table)()
    app = build()
    comms = await connect_all(app, table, secrets)
    first = {s: (await drain(c))[-1] for s, c in comms.items()}
    mover = next(s for s, m in first.items() if m["choices"])
    return Seated(table, app, comms, first, mover)


async def connect(app, table, secret, lang="en"):
    cookie = f"{seating.COOKIE.format(code=table.code)}={secret}".encode()
    comm = WebsocketCommunicator(
        app, f"/ws/tables/{lang}/{table.code}/", headers=[ORIGIN, (b"cookie", cookie)]
    )
    connected, _sub = await comm.connect()
    assert connected
    return comm


async def drain(comm, timeout=0.3) -> list[dict]:
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_json_from())
    return out


async def check_secrecy(table, seat, message):
    if message.get("type") != "state":
        return
    hidden = await database_sync_to_async(hidden_from)(table, seat, message["moves"])
    found = leaked(json.dumps(message), hidden)
    assert not found, (seat, message["moves"], found)


STALE = "The table has moved on since"
STALE_ALLOWED = 3  # a move sent on a view a computer seat's move overtook, per deal


async def play_on(comms: dict, table, latest: dict, seq: dict, until_over=True, max_moves=200):
    """Play by messages until the deal is over; every message to every seat checked.

    The computer seats play in the background, so a move can now and then be sent on a view
    their move has just overtaken: the server refuses it as stale and sends the table as it
    is, and the seat moves again on that (a few times a deal at most)."""
    stale = 0
    for _i in range(max_moves):
        for seat, comm in comms.items():
            for message in await drain(comm, 0.01):
                await check_secrecy(table, seat, message)
                if message["type"] == "state":
                    latest[seat] = message
        for seat, comm in comms.items():
            if latest[seat] is None:
                latest[seat] = await next_state(comm, table, seat, -1)
        if all(m["over"] for m in latest.values()):
            return
        newest = max(m["version"] for m in latest.values())
        mover = next(
            (s for s, m in latest.items() if m["choices"] and m["version"] == newest), None
        )
        if mover is None:
            await asyncio.sleep(0.02)
            continue
        seq[mover] += 1
        m = latest[mover]
        await comms[mover].send_json_to(
            {"type": "move", "key": pick(m["choices"]), "at": m["version"], "seq": seq[mover]}
        )
        answer = await next_state(comms[mover], table, mover, m["version"], allow_stale=True)
        if answer is None:
            stale += 1
            assert stale <= STALE_ALLOWED, "moves refused as stale again and again"
            latest[mover] = await next_state(comms[mover], table, mover, m["version"])
            continue
        latest[mover] = answer
        if not until_over:
            return
    raise AssertionError("the deal did not end")


async def next_state(comm, table, seat, version, allow_stale=False):
    """The seat's first view after `version` (every message on the way checked); with
    `allow_stale`, None when the server refused the move as made on an older view."""
    while True:
        message = await comm.receive_json_from(timeout=10)
        await check_secrecy(table, seat, message)
        if allow_stale and message["type"] == "error" and STALE in message["message"]:
            return None
        assert message["type"] == "state", message
        if message["version"] > version:
            return message


async def _two_friends_whole_deal(variant, seats):
    table, secrets = await database_sync_to_async(open_table)(variant, seats)
    app = build()
    comms = await connect_all(app, table, secrets)
    latest = {s: None for s in comms}
    await play_on(comms, table, latest, {s: 0 for s in comms})
    for comm in comms.values():
        await comm.disconnect()
    return table


def test_every_message_of_a_whole_deal_holds_only_its_seats_cards():
    table = asyncio.run(_two_friends_whole_deal("classic66", ("friend",)))
    assert Move.objects.filter(table=table, by="seat").count() > 5


def test_a_mixed_four_table_over_websockets():
    table = asyncio.run(
        _two_friends_whole_deal("four_partnership_66", ("computer", "friend", "computer"))
    )
    assert Move.objects.filter(table=table, by="computer").exists()


async def _forged_and_replayed():
    table, app, comms, first, mover = await seated()
    other = 1 - mover
    m = first[mover]
    move = {"type": "move", "key": pick(m["choices"]), "at": m["version"], "seq": 5}
    # out of turn, for the other seat: refused, nothing stored
    await comms[other].send_json_to({**move, "seq": 1})
    assert "not your turn" in (await drain(comms[other]))[0]["message"].lower()
    # a message naming another seat changes nothing: the seat is the connection's
    await comms[other].send_json_to({**move, "seq": 2, "player": mover, "seat": mover})
    replies = await drain(comms[other])
    assert replies[0]["type"] == "error"
    seat_moves = database_sync_to_async(Move.objects.filter(table=table, by="seat").count)
    before = await seat_moves()
    await comms[mover].send_json_to(move)
    await drain(comms[mover])
    assert await seat_moves() == before + 1
    # the same message again (replayed), or an older number: refused
    await comms[mover].send_json_to(move)
    assert "sent before" in (await drain(comms[mover]))[0]["message"]
    await comms[mover].send_json_to({**move, "seq": 4})
    assert "sent before" in (await drain(comms[mover]))[0]["message"]
    assert await seat_moves() == before + 1
    # not JSON, no type, too long
    await comms[mover].send_to(text_data="{nonsense")
    assert (await drain(comms[mover]))[0]["type"] == "error"
    await comms[mover].send_to(text_data=json.dumps({"type": "move", "seq": 9, "key": "x" * 5000}))
    assert "too long" in (await drain(comms[mover]))[0]["message"]
    # a stranger's cookie, or none: no seat, no view
    stranger = await connect(app, table, "not-a-secret")
    refused = await stranger.receive_json_from()
    assert refused["type"] == "error" and "html" not in refused
    assert (await stranger.receive_output())["type"] == "websocket.close"
    for comm in comms.values():
        await comm.disconnect()


def test_forged_replayed_and_oversized_messages_are_refused():
    asyncio.run(_forged_and_replayed())


async def said_before(comm, words: str, timeout: float = 10.0) -> bool:
    """Read messages until one says `words` (True) or none comes for `timeout` s (False)."""
    while not await comm.receive_nothing(timeout=timeout):
        if words in (await comm.receive_json_from()).get("message", ""):
            return True
    return False


async def _limits(settings, monkeypatch):
    table, secrets = await database_sync_to_async(open_table)()
    app = build()
    settings.TABLES_MESSAGES_PER_SECOND = 3
    # counted over a minute, not a second: a loaded machine could spread the seven pings
    # over three one-second windows and never pass three in one
    monkeypatch.setattr(consumers, "MESSAGE_WINDOW", 60)
    comm = await connect(app, table, secrets[1])
    await drain(comm)
    for seq in range(1, 8):
        await comm.send_json_to({"type": "ping", "seq": seq})
    assert await said_before(comm, "faster than anyone plays")
    settings.TABLES_MAX_CONNECTIONS = 2
    second = await connect(app, table, secrets[1])
    third = await connect(app, table, secrets[0], lang="pl")
    refusal = await third.receive_json_from()
    assert refusal["type"] == "error" and "zbyt wiele stołów" in refusal["message"]
    for c in (comm, second, third):
        await c.disconnect()


def test_messages_per_second_and_open_connections_are_bounded(settings, monkeypatch):
    asyncio.run(_limits(settings, monkeypatch))


async def _restart():
    table, secrets = await database_sync_to_async(open_table)()
    app = build()
    comms = await connect_all(app, table, secrets)
    latest = {s: None for s in comms}
    seq = {s: 0 for s in comms}
    for _i in range(4):
        await play_on(comms, table, latest, seq, until_over=False)
    moves = await database_sync_to_async(Move.objects.filter(table=table).count)()
    for comm in comms.values():
        await comm.disconnect()
    # the "restart": a new application, a new channel layer, no variant kept in memory
    channel_layers.backends.clear()
    store._VARIANTS.clear()
    store._LOADED.clear()
    app = build()
    comms = await connect_all(app, table, secrets)
    latest = {s: (await drain(c))[-1] for s, c in comms.items()}
    assert all(m["moves"] == moves for m in latest.values())
    await play_on(comms, table, latest, seq)
    for comm in comms.values():
        await comm.disconnect()
    return moves


def test_a_restart_mid_deal_loses_nothing():
    moves = asyncio.run(_restart())
    assert moves >= 4
    assert Move.objects.count() > moves


async def _idle(settings):
    settings.TABLES_IDLE_SECONDS = 1
    table, _app, comms, first, idle = await seated()
    assert first[1 - idle]["deadline"] == first[idle]["deadline"] is not None
    await asyncio.sleep(1.6)
    news = await drain(comms[1 - idle], 0.5)
    assert news and news[-1]["version"] > first[idle]["version"]
    seat = await database_sync_to_async(Seat.objects.get)(table=table, index=idle)
    assert seat.away
    assert "away: the computer plays" in news[-1]["html"]
    computer = await database_sync_to_async(
        Move.objects.filter(table=table, player=idle, by="computer").count
    )()
    assert computer >= 1
    # the player comes back (any message): the seat is theirs again
    await comms[idle].send_json_to({"type": "ping", "seq": 1})
    await drain(comms[idle])
    await database_sync_to_async(seat.refresh_from_db)()
    assert not seat.away
    for comm in comms.values():
        await comm.disconnect()


def test_an_idle_seat_is_played_by_the_computer_until_its_player_returns(settings):
    asyncio.run(_idle(settings))


async def _back_from_away():
    table, _app, comms, first, mover = await seated()
    await database_sync_to_async(Seat.objects.filter(table=table, index=mover).update)(away=True)
    seen = first[mover]
    await comms[mover].send_json_to(
        {"type": "move", "key": pick(seen["choices"]), "at": seen["version"], "seq": 1}
    )
    answers = await drain(comms[mover], 0.5)
    for comm in comms.values():
        await comm.disconnect()
    return answers, mover


def test_a_player_back_from_away_moves_on_the_table_they_saw():
    """Coming back bumps the version (a fresh turn clock); the first move sent on the view
    the player had is played, not refused as stale."""
    answers, mover = asyncio.run(_back_from_away())
    assert not [a for a in answers if a["type"] == "error"], answers
    assert Move.objects.filter(player=mover, by="seat").count() == 1
    assert not Seat.objects.get(index=mover).away
