"""A seat's WebSocket: its own view after every change, its moves as numbered messages.

The seat comes from the cookie's secret at the handshake, never from a message, so no
message can act for another seat. Each message carries a sequence number higher than the
seat's last (kept in the database, so a reconnect or another worker still refuses a
replay) and the table version it was made on; the server checks size, rate and legality
and answers with a translated sentence. Group messages carry no cards: each connection
draws its own seat's view from the database (view.py).
"""

import asyncio
import contextlib
import json
import logging
import time

from channels.db import DatabaseSyncToAsync, database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext as _

from guard import limits

from . import play, seating
from .models import Seat, Table
from .notify import changed, group_name
from .store import load
from .views import confirm_question, limit_words, message_rate, state_message

logger = logging.getLogger(__name__)
ACTIONS = ("move", "back", "yes", "no", "next", "greet", "ping")
CONNECTION_TTL = 6 * 3600  # a count left by a worker that died fades after this


def max_message() -> int:
    return int(getattr(settings, "TABLES_MAX_MESSAGE_BYTES", 1024))


def max_connections() -> int:
    return int(getattr(settings, "TABLES_MAX_CONNECTIONS", 12))


def _client(scope) -> str:
    headers = dict(scope.get("headers") or [])
    if settings.BEHIND_PROXY:
        forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1").split(",")[-1].strip()
        if forwarded:
            return forwarded[:64]
    return (scope.get("client") or ["unknown"])[0]


def _count_connection(client: str, step: int) -> int:
    """The client's open connections after this one opens (+1) or closes (-1)."""
    store, key = caches["shared"], f"tables-conn:{client[:64]}"
    try:
        store.add(key, 0, CONNECTION_TTL)
        return store.incr(key, step) if step > 0 else store.decr(key, -step)
    except ValueError:
        return 0
    except Exception as exc:  # the store is down: let people play
        logger.warning("Connection count unavailable: %s", exc)
        return 0


def _seat_for(scope, code: str):
    """(table, seat) the cookie holds at this table, else (table or None, None)."""
    clean = seating.clean_code(code)
    table = Table.objects.filter(code=clean).first() if clean else None
    if table is None:
        return None, None
    headers = dict(scope.get("headers") or [])
    cookies = parse_cookie(headers.get(b"cookie", b"").decode("latin-1"))
    return table, seating.seat_of(table, cookies.get(seating.COOKIE.format(code=table.code)))


MESSAGE_WINDOW = 1  # seconds over which a seat may send TABLES_MESSAGES_PER_SECOND


class TableConsumer(AsyncJsonWebsocketConsumer):
    table: Table | None = None
    seat: Seat | None = None
    counted = False
    timer: asyncio.Task | None = None

    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        languages = {code for code, _name in settings.LANGUAGES}
        self.lang = kwargs["lang"] if kwargs["lang"] in languages else settings.LANGUAGE_CODE
        self.client = _client(self.scope)
        await self.accept()
        self.counted = True
        if await database_sync_to_async(_count_connection)(self.client, 1) > max_connections():
            return await self._refuse(lambda: limit_words()["connections"], 4429)
        self.table, self.seat = await database_sync_to_async(_seat_for)(self.scope, kwargs["code"])
        if self.table is None:
            return await self._refuse(lambda: _("This table has been closed or has expired."), 4404)
        if self.seat is None:
            return await self._refuse(lambda: _("This seat is not yours."), 4403)
        await self.channel_layer.group_add(group_name(self.table.pk), self.channel_name)
        await database_sync_to_async(play.present)(self.table, self.seat)
        # every seat is told the table as it stands (this one too, through the group): a
        # worker that died between a commit and its notice left the others a version behind
        await database_sync_to_async(changed)(self.table.pk)
        self._spawn(self._tick())  # a worker may have died between two moves: play on

    def _place(self) -> tuple[Table, Seat]:
        """The table and seat of this connection, set at the handshake before any message
        is read (receive() drops messages on a connection without a seat)."""
        assert self.table is not None and self.seat is not None
        return self.table, self.seat

    async def _refuse(self, words, code):
        with translation.override(self.lang):
            message = words()
        await self.send_json({"type": "error", "message": message})
        await self.close(code=code)

    async def disconnect(self, code):
        if self.timer:
            self.timer.cancel()
        if self.table is not None:
            await self.channel_layer.group_discard(group_name(self.table.pk), self.channel_name)
        if self.counted:
            await database_sync_to_async(_count_connection)(self.client, -1)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.seat is None:
            return
        raw = text_data if text_data is not None else (bytes_data or b"").decode("utf-8", "replace")
        if len(raw.encode()) > max_message():
            return await self.error("size")
        try:
            content = json.loads(raw)
        except ValueError:
            content = None
        if not isinstance(content, dict) or content.get("type") not in ACTIONS:
            return await self.say(_("That request is not understood."))
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        refusal = await database_sync_to_async(self._admit)(content)
        if refusal:
            return await self.say(refusal)
        if content["type"] == "ping":
            return None
        with translation.override(self.lang):
            refusal = await database_sync_to_async(self._act)(content)
        if isinstance(refusal, dict):  # a claim or closing: ask first
            return await self.send_json(refusal)
        if refusal:
            await self.say(refusal)
            return await self.send_state()
        await database_sync_to_async(changed)(self._place()[0].pk)
        self._spawn(self._advance())

    def _admit(self, content) -> str:
        """ "" when the message may be acted on: within the rate, numbered after the last."""
        table, seat = self._place()
        with translation.override(self.lang):
            try:
                limits.take("table-msg", f"{table.pk}:{seat.index}", message_rate(), MESSAGE_WINDOW)
            except limits.Limited:
                return limit_words()["rate"]
            except limits.Unavailable:
                return limit_words()["busy"]
            seq = content.get("seq")
            if not isinstance(seq, int) or isinstance(seq, bool) or not 0 < seq < 2**31:
                return _("That request is not understood.")
            if not Seat.objects.filter(pk=seat.pk, seq__lt=seq).update(seq=seq):
                return _("That message was sent before, or out of turn: it is ignored.")
            seat.refresh_from_db()
            replaced = play.present(table, seat)
            if replaced is not None:
                changed(table.pk)
                if isinstance(content.get("at"), int):
                    content["at"] = play.rebase(content["at"], replaced)
            return ""

    def _act(self, content) -> str | dict:
        table, seat = self._place()
        me = seat.index
        table.refresh_from_db()
        at = content.get("at")
        at = at if isinstance(at, int) and not isinstance(at, bool) else None
        kind, key = content["type"], str(content.get("key") or "")[:20]
        if kind == "move" and key in ("declare", "close") and content.get("confirm") is not True:
            request = {"type": "move", "key": key}
            return {"type": "confirm", "question": confirm_question(table, key), "request": request}
        actions = {
            "move": lambda: play.human_move(table, me, key, at),
            "back": lambda: play.ask_back(table, me, at),
            "yes": lambda: play.answer_back(table, me, True),
            "no": lambda: play.answer_back(table, me, False),
            "next": lambda: play.next_deal(table, at),
            "greet": lambda: play.greet(table, me, str(content.get("greeting") or "")[:20]),
        }
        return actions[kind]()

    async def say(self, message: str):
        await self.send_json({"type": "error", "message": message})

    async def error(self, key: str):
        with translation.override(self.lang):
            await self.say(limit_words()[key])

    async def table_changed(self, event):
        await self.send_state()

    def _state(self) -> tuple[dict, float | None]:
        _table, seat = self._place()
        with translation.override(self.lang):
            seat = Seat.objects.select_related("table").get(pk=seat.pk)  # one query, both rows
            self.seat, self.table = seat, seat.table
            loaded = load(seat.table)
            message = state_message(loaded, seat.index)
        message["seq"] = seat.seq
        message["now"] = time.time()
        return message, play.deadline(loaded)

    async def send_state(self):
        message, due = await database_sync_to_async(self._state)()
        await self.send_json(message)
        if self.timer:
            self.timer.cancel()
            self.timer = None
        if due is not None:
            self.timer = asyncio.ensure_future(self._tick(max(0.0, due - time.time()) + 0.05))

    def _spawn(self, coroutine):
        task = asyncio.ensure_future(coroutine)
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _tick(self, delay: float = 0.0):
        """When the seat to act has been idle too long, the computer plays it."""
        await asyncio.sleep(delay)
        await background(_tick_table)(self._place()[0].pk)

    async def _advance(self):
        await background(_advance_table)(self._place()[0].pk)


def background(function):
    """The computer's moves run beside the connections' work, in a thread of their own,
    except on an in-memory SQLite database (the tests'), which one thread must hold."""
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()  # type: ignore[attr-defined]
    return DatabaseSyncToAsync(function, thread_sensitive=in_memory)


def _tick_table(pk: int) -> None:
    table = Table.objects.filter(pk=pk).first()
    if table is not None and play.tick(table, lambda: changed(pk)):
        changed(pk)


def _advance_table(pk: int) -> None:
    table = Table(pk=pk)  # advance() reads the row first: one query, not two
    with contextlib.suppress(Table.DoesNotExist):
        play.advance(table, lambda: changed(pk))
