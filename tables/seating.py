"""Opening a table, sitting down, handing a seat to another device, and expiry.

A seat is held by a random secret in its browser's cookie; the database keeps only its
SHA-256, so neither a database dump nor a URL lets anyone take a seat. The short code is
six characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), to be
read aloud or typed on the "join with a code" form.
"""

import hashlib
import re
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError
from django.utils import timezone
from sixtysix.match import Match

from practice.game import PRACTICE_VARIANTS, match_state, table_rules
from practice.ids import new_id

from .models import Seat, Table
from .store import commit, variant_of

CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
CODE_PATTERN = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
NAME_PATTERN = re.compile(r"[\w][\w .'-]{0,19}")
KINDS = ("friend", "computer")
COOKIE = "table-{code}"


class SeatingError(Exception):
    """A table that cannot be opened or a seat that cannot be taken (message translated)."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def clean_code(raw: str | None) -> str | None:
    """The code as typed (any case, spaces and dashes ignored) if it is well formed."""
    if not raw:
        return None
    code = re.sub(r"[\s-]", "", raw[:20]).upper()
    return code if CODE_PATTERN.fullmatch(code) else None


def clean_name(raw: str | None) -> str | None:
    name = " ".join((raw or "").split())[:20]
    return name if NAME_PATTERN.fullmatch(name) else None


def open_table(variant_slug: str, kinds: list[str], takeback: str, name: str) -> tuple[Table, str]:
    """A new table with its creator in seat 0; (table, the creator's secret)."""
    if variant_slug not in PRACTICE_VARIANTS:
        raise SeatingError("variant")
    rules = table_rules(variant_of(variant_slug))
    if len(kinds) != rules.players - 1 or any(k not in KINDS for k in kinds):
        raise SeatingError("kinds")
    secret = secrets.token_urlsafe(32)
    for _attempt in range(8):
        code = "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))
        try:
            table = Table.objects.create(
                code=code,
                variant=variant_slug,
                kinds=["friend", *kinds],
                takeback="off" if takeback == "off" else "consent",
                match_id=new_id(),
                start=match_state(Match(rules, dealer=rules.players - 1)),
            )
            break
        except IntegrityError:
            continue
    else:  # pragma: no cover - 244 million codes
        raise SeatingError("code")
    for index, kind in enumerate(table.kinds):
        Seat.objects.create(table=table, index=index, kind=kind)
    Seat.objects.filter(table=table, index=0).update(name=name, secret=digest(secret))
    _start_if_full(table)
    return table, secret


def seat_of(table: Table, secret: str | None) -> Seat | None:
    if not secret or len(secret) > 100:
        return None
    return Seat.objects.filter(table=table, secret=digest(secret), kind="friend").first()


def free_seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table, kind="friend", secret=""))


def sit(table: Table, index: int, name: str) -> str:
    """Take the free seat `index`; the new secret (SeatingError when it is taken)."""
    secret = secrets.token_urlsafe(32)
    taken = Seat.objects.filter(table=table, index=index, kind="friend", secret="").update(
        name=name, secret=digest(secret), seen=timezone.now()
    )
    if not taken:
        raise SeatingError("taken")
    _start_if_full(table)
    return secret


def _start_if_full(table: Table) -> None:
    """A new version for the seat just taken (every seat sees the name), and the start
    once no seat is free; tried again if another change came in between."""
    for _i in range(20):
        table.refresh_from_db()
        if commit(table, started=table.started or not free_seats(table)):
            return


def new_handoff(seat: Seat) -> str:
    """A one-time link's secret that moves this seat to another device."""
    token = secrets.token_urlsafe(24)
    Seat.objects.filter(pk=seat.pk).update(handoff=digest(token))
    return token


def take_handoff(table: Table, token: str) -> str | None:
    """The seat's new secret for the device that opened the link (the old one loses it)."""
    if not token or len(token) > 100:
        return None
    secret = secrets.token_urlsafe(32)
    done = Seat.objects.filter(table=table, handoff=digest(token), kind="friend").update(
        handoff="", secret=digest(secret)
    )
    return secret if done else None


def expire(now=None) -> int:
    """Delete tables nobody has been at for TABLES_EXPIRE_SECONDS (a day); the count."""
    now = now or timezone.now()
    keep = timedelta(seconds=int(getattr(settings, "TABLES_EXPIRE_SECONDS", 24 * 3600)))
    count = Table.objects.filter(touched__lt=now - keep).count()
    Table.objects.filter(touched__lt=now - keep).delete()
    return count
