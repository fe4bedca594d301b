"""Hints for the practice table: computed once per position, shared, and kept in bounds.

A position's hint (the engine's `sixtysix.hints`) is cached for everyone under a hash
of what the reader's seat knows; at most `HINT_SLOTS` are computed at once per process and
`machine_slots()` on the whole machine (leases in the shared store, guard.limits:
with sync workers one worker always stays free for pages); the rest are told to try again
(503, also when the store is down). Each client may ask for `rate_limit()` new hints a
minute across all workers (429). The words are made in words/hint_words.py, per
language, from the cached numbers.
"""

import contextlib
import logging
import os
import threading
from collections.abc import Iterator

from django.conf import settings
from django.core.cache import cache
from sixtysix.hints import hint_for, view_key
from sixtysix.players import player_view

from guard import limits
from words.hint_words import HintText, hint_text

from .game import Game
from .ids import YOU

logger = logging.getLogger(__name__)

HINT_SLOTS = 2
RATE_LIMIT = 10  # hints per client and minute (setting PRACTICE_HINT_RATE overrides)
RATE_WINDOW = 60
RETRY_BUSY = 2  # seconds
CACHE_SECONDS = 24 * 3600
_slots = threading.BoundedSemaphore(HINT_SLOTS)


class HintBusy(Exception):
    """Every hint slot of this process is taken."""


class HintRateLimited(Exception):
    """This client asked for too many hints in the last minute."""


def _key(game: Game) -> str:
    return f"practice-hint:{game.table}:{view_key(player_view(game.deal, YOU))}"


def _compute(game: Game) -> dict | None:
    hint = hint_for(game.deal, YOU)
    if hint is None:
        return None
    return {
        "best": hint.best.key(),
        "method": hint.method,
        "reason": hint.reason,
        "samples": hint.samples,
        "points": hint.points,
        "marriage": hint.marriage,
        "moves": [[m.action.key(), m.value, m.win_share] for m in hint.moves],
    }


def rate_limit() -> int:
    return int(getattr(settings, "PRACTICE_HINT_RATE", RATE_LIMIT))


def machine_slots() -> int:
    """Hints and computer moves worked out at once on the machine (one pool, "compute"):
    one core is left for everything else."""
    return int(getattr(settings, "PRACTICE_HINT_MACHINE_SLOTS", max(1, (os.cpu_count() or 2) - 1)))


@contextlib.contextmanager
def hint_slot() -> Iterator[None]:
    """One of the process's and of the machine's hint slots, or HintBusy at once."""
    if not _slots.acquire(blocking=False):
        raise HintBusy
    try:
        with limits.slot("compute", machine_slots()):
            yield
    except (limits.Busy, limits.Unavailable) as exc:
        raise HintBusy from exc
    finally:
        _slots.release()


def _cached(key: str):
    try:
        return cache.get(key)
    except Exception as exc:  # a cache that is down: work the hint out, uncached
        logger.warning("Hint cache unavailable: %s", exc)
        return None


def hint_data(game: Game, client: str) -> dict | None:
    """The cached numbers of the reader's position, computing them if need be.

    Raises HintRateLimited or HintBusy instead of computing when over the limits. A hint
    already worked out is counted too: it costs no search, but its page is a whole table
    rendered again, and a client asking for it without end would hold the workers."""
    deal = game.deal
    if deal.result is not None or deal.to_act != YOU or len(deal.legal_actions()) < 2:
        return None
    key = _key(game)
    unavailable = None
    try:
        limits.take("hint", client, rate_limit(), RATE_WINDOW)
    except limits.Limited as exc:
        raise HintRateLimited from exc
    except limits.Unavailable as exc:  # a hint already worked out needs no store
        unavailable = exc
    cached = _cached(key)
    if cached is not None:
        return cached or None
    if unavailable is not None:
        raise HintBusy from unavailable
    with hint_slot():
        data = _compute(game)
    try:
        cache.set(key, data or {}, CACHE_SECONDS)
    except Exception as exc:
        logger.warning("Hint not cached: %s", exc)
    return data


__all__ = ["HintText", "hint_text"]
