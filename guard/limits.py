"""Per-client limits and machine-wide slots for costly requests, counted in a shared store.

The store is the `shared` cache (settings.shared_cache): Redis when the site caches in
Redis, else a table in the database, so every worker and process of a deployment counts in
one place (an in-memory cache would let each of five workers count alone). Slots are leases
taken with an atomic `add` (Redis SET NX, or the table's primary key) and given back at the
end; a worker that dies leaves its lease to expire after SLOT_TTL. Any failure of the store
is reported as Unavailable, which the views answer with 503 + Retry-After, never a 500.
"""

import contextlib
import logging
import uuid
from collections.abc import Iterator

from django.core.cache import BaseCache, caches
from django.core.management import call_command
from django.db.models.signals import post_migrate

logger = logging.getLogger(__name__)

SLOT_TTL = 60  # seconds a lease outlives a worker that died holding it


class Unavailable(Exception):
    """The shared store cannot be reached: refuse the costly work for now."""


class Busy(Exception):
    """Every machine-wide slot of this kind is taken."""


class Limited(Exception):
    """This client used up its allowance for the current window."""


def _store() -> BaseCache:
    return caches["shared"]


def take(bucket: str, client: str, limit: int, window: int) -> None:
    """Count one use of `bucket` by `client`; Limited once it passes `limit` in `window` s."""
    key = f"limit:{bucket}:{client[:64]}"
    store = _store()
    try:
        store.add(key, 0, window)
        try:
            count = store.incr(key)
        except ValueError:  # expired between add and incr
            store.set(key, 1, window)
            count = 1
    except Exception as exc:
        logger.warning("Shared store unavailable for %s: %s", bucket, exc)
        raise Unavailable from exc
    if count > limit:
        with contextlib.suppress(Exception):  # guard.middleware refuses the rest early
            store.add(blocked_key(bucket, client), window, window)
        raise Limited


def blocked_key(bucket: str, client: str) -> str:
    return f"blocked:{bucket}:{client[:64]}"


def blocked(buckets: tuple[str, ...], client: str) -> int:
    """The window (s) of the first of `buckets` whose allowance `client` used up, else 0:
    one read, nothing counted; 0 when the store cannot say (the view counts and answers)."""
    try:
        found = _store().get_many([blocked_key(bucket, client) for bucket in buckets])
    except Exception as exc:
        logger.warning("Shared store unavailable for the early check: %s", exc)
        return 0
    return max((int(window) for window in found.values()), default=0)


@contextlib.contextmanager
def slot(name: str, count: int) -> Iterator[None]:
    """One of `count` machine-wide slots named `name`, or Busy at once."""
    store, lease = _store(), uuid.uuid4().hex
    try:
        keys = (f"slot:{name}:{n}" for n in range(count))
        held = next((key for key in keys if store.add(key, lease, SLOT_TTL)), None)
    except Exception as exc:
        logger.warning("Shared store unavailable for slot %s: %s", name, exc)
        raise Unavailable from exc
    if held is None:
        raise Busy
    try:
        yield
    finally:
        try:
            if store.get(held) == lease:
                store.delete(held)
        except Exception as exc:  # the lease expires by itself
            logger.warning("Slot %s not given back: %s", held, exc)


def create_table(using: str = "default") -> None:
    """The database table of the shared store, when it lives in the database (idempotent)."""
    call_command("createcachetable", "sixtysix_shared", database=using, verbosity=0)


def connect() -> None:
    post_migrate.connect(_after_migrate, dispatch_uid="sixtysix-shared-table")


def _after_migrate(sender: object, using: str = "default", **kwargs: object) -> None:
    create_table(using)  # sent once per app; the command sees the table exists and returns
