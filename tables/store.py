"""Reading a table back from the database, and the one way every change is written.

`load` rebuilds the deal from the seed of its public deal id and the stored moves (the
cards are never stored). `commit` writes a change only if nobody changed the table since
it was read (compare-and-set on `version`) and inside one transaction with its moves, so
a move is recorded once or not at all, whichever worker or process sent it.
"""

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from sixtysix import Action

from practice.game import Game, match_from, table_rules
from practice.ids import next_deal_id
from rules.models import Variant

from .models import Move, Seat, Table


@dataclass
class Loaded:
    """A table as read at one version: its rows and the deal rebuilt."""

    table: Table
    seats: list[Seat]
    moves: list[Move]
    game: Game

    @property
    def deal(self):
        return self.game.deal

    @property
    def humans(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "friend"]


_VARIANTS: dict[str, Variant] = {}


def variant_of(slug: str) -> Variant:
    """The variant row (kept per process: its rules do not change while the site runs
    without a content load, and a load restarts the workers)."""
    variant = _VARIANTS.get(slug)
    if variant is None:
        variant = Variant.objects.get(slug=slug)
        _VARIANTS[slug] = variant
    return variant


_LOADED: OrderedDict[tuple[int, int, str, int], tuple[list[Seat], list[Move], Game]] = OrderedDict()
LOADED_KEPT = 1024  # tables whose latest version this process keeps rebuilt
_REBUILDING = threading.Lock()


def load(table: Table) -> Loaded:
    """The table at the version it was read at. A version is written once (compare-and-
    set) and every change a seat can see commits a new one, so a version rebuilt before
    is rebuilt again only when this process has forgotten it: the mover, every seat's
    view and the computer share one rebuild a move. Nothing here mutates the game."""
    key = (table.pk, table.version, table.match_id, table.number)
    kept = _LOADED.get(key)
    if kept is None:
        with _REBUILDING:  # the seats' views and the computer's thread: one rebuild
            kept = _LOADED.get(key) or _rebuild(table)
            # kept only when no commit came between: then the moves read are this version's
            if (
                key not in _LOADED
                and Table.objects.filter(pk=table.pk, version=table.version).exists()
            ):
                _LOADED[key] = kept
                if len(_LOADED) > LOADED_KEPT:
                    _LOADED.popitem(last=False)
    else:
        with contextlib.suppress(KeyError):  # another thread may have just dropped it
            _LOADED.move_to_end(key)
    seats, moves, game = kept
    return Loaded(table, seats, moves, game)


def _rebuild(table: Table) -> tuple[list[Seat], list[Move], Game]:
    moves = list(Move.objects.filter(table=table, match_id=table.match_id, number=table.number))
    return list(table.seats.all()), moves, _game(table, moves)


def _game(table: Table, moves: Sequence[Move]) -> Game:
    """The deal of `table` replayed from its stored `moves` (no query once the variant
    row is kept)."""
    variant = variant_of(table.variant)
    rules = table_rules(variant)
    actions = [Action.from_key(m.key, m.player).to_dict() for m in moves]
    return Game(
        variant,
        rules,
        table.match_id,
        table.number,
        next_deal_id(table.match_id, table.number),
        actions,
        match_from(rules, table.start),
        [],
        list(table.pad),
    )


def _keep_next(table: Table, added: list[Move]) -> None:
    """After moves were appended at `table.version` (nothing else changed), keep the next
    version rebuilt from the one kept, so the seats' views and the computer that follow in
    this process do not read the deal back. The compare-and-set made this process the
    only writer of that version, so what it keeps is what a rebuild would read."""
    key = (table.pk, table.version, table.match_id, table.number)
    kept = _LOADED.get(key)
    if kept is None:
        return
    seats, moves, _old = kept
    if added[0].index != len(moves):
        return
    after = [*moves, *added]
    with _REBUILDING:
        _LOADED[(table.pk, table.version + 1, table.match_id, table.number)] = (
            seats,
            after,
            _game(table, after),
        )
        if len(_LOADED) > LOADED_KEPT:
            _LOADED.popitem(last=False)


def load_code(code: str) -> Loaded | None:
    table = Table.objects.filter(code=code).first()
    return load(table) if table else None


def commit(
    table: Table,
    moves: Sequence[tuple[Action, str, bool]] = (),
    *,
    cut: int | None = None,
    turn: bool = True,
    **changes: Any,
) -> bool:
    """Write `changes` (and append `moves`: (action, by, start), or first drop the moves
    from index `cut`) if the table is still at the version it was read at."""
    now = timezone.now()
    if turn:
        changes["turn_since"] = now
    try:
        with transaction.atomic():
            done = Table.objects.filter(pk=table.pk, version=table.version).update(
                version=table.version + 1, touched=now, **changes
            )
            if not done:
                return False
            current = Move.objects.filter(table=table, match_id=table.match_id, number=table.number)
            if cut is not None:
                current.filter(index__gte=cut).delete()
            base = current.count()
            added = Move.objects.bulk_create(
                Move(
                    table=table,
                    match_id=changes.get("match_id", table.match_id),
                    number=changes.get("number", table.number),
                    index=base + i,
                    key=action.key(),
                    player=action.player,
                    by=by,
                    start=start,
                )
                for i, (action, by, start) in enumerate(moves)
            )
    except IntegrityError:
        return False
    if added and cut is None and changes.keys() <= {"turn_since", "request"}:
        _keep_next(table, added)
    table.version += 1
    return True
