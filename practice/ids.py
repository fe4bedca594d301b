"""Public ids and the secret seeds behind them: a deal id names a deal, never its cards.

The cards of a deal come from seed = HMAC(SECRET_KEY, purpose + deal id), so the token,
the page and the URL say nothing about the computer's hand or the stock, while the same
short id still gives the same deal ("play this deal again", "send it to a friend"). The
next deal's id derives from the match id and the deal number: no re-rolls.
"""

import hashlib
import hmac
import re
import secrets
import time
from typing import Any

from django.conf import settings

YOU, COMPUTER = 0, 1  # the reader always sits at seat 0; in two-player games seat 1 is the computer
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read aloud
ID_LENGTH = 10
ID_PATTERN = re.compile(rf"[{ID_ALPHABET}]{{{ID_LENGTH}}}", re.ASCII)


def _mac(purpose: str, *parts: object) -> bytes:
    """HMAC-SHA256 of the parts under the site's secret (read now, never at import)."""
    key = settings.SECRET_KEY.encode()
    message = ":".join([f"sixtysix.practice.{purpose}", *map(str, parts)]).encode()
    return hmac.new(key, message, hashlib.sha256).digest()


def _short_id(raw: bytes) -> str:
    number = int.from_bytes(raw[:8], "big")
    out = []
    for _i in range(ID_LENGTH):
        number, digit = divmod(number, len(ID_ALPHABET))
        out.append(ID_ALPHABET[digit])
    return "".join(out)


def new_id() -> str:
    """A fresh random public id (of a match)."""
    return _short_id(secrets.token_bytes(8))


def clean_id(raw: str | None) -> str | None:
    """The id if `raw` is a well-formed public id (any case), else None."""
    if raw is None or len(raw) != ID_LENGTH or not raw.isascii():
        return None
    raw = raw.lower()
    return raw if ID_PATTERN.fullmatch(raw) else None


def deal_seed(slug: str, deal_id: str) -> int:
    """The shuffle of a deal: known to the server only."""
    return int.from_bytes(_mac("deal", slug, deal_id)[:8], "big")


def computer_seed(slug: str, deal_id: str, step: int, seat: int = COMPUTER) -> int:
    """A computer seat's own randomness at one point of a deal: secret in the same way."""
    parts = (slug, deal_id, step) if seat == COMPUTER else (slug, deal_id, step, seat)
    return int.from_bytes(_mac("computer", *parts)[:8], "big")


def next_deal_id(match_id: str, number: int) -> str:
    """Deal `number` (0-based) of a match: fixed by the match id, so no re-rolls."""
    return _short_id(_mac("next", match_id, number))


def fresh_match_id(client: str, slug: str, *parts: object) -> str:
    """The match a reader without a game (no cookie, an unreadable form) is dealt: fixed by
    the client, the game, the day and the house table, so dropping the cookie deals the
    same cards again; a new deal comes only through "New match" (a post, counted by
    guard.limits)."""
    day = int(time.time() // 86400)
    return _short_id(_mac("fresh", client, slug, day, *parts))


def next_match_id(match_id: str) -> str:
    """The match started from a finished (or abandoned) one: fixed, not re-rolled."""
    return _short_id(_mac("match-after", match_id))


def as_int(value: Any) -> int:
    """A whole number read from a token or another app's position (never a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not an integer")
    return value
