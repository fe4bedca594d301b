"""Share ids: the only deal ids a page shows or `?deal=` accepts, and only of finished deals.

A deal id is in the reader's token (a public fact), so were `?deal=<deal id>` to open it,
the reader could open their own deal in a second window, play ahead and see every hidden
card. The share id is the deal id under a keyed permutation (a Feistel network on the
ids' number, keyed by SECRET_KEY, cycle-walked into the id space): the server turns it back
into the deal id, nobody else can compute it, and a page shows it only once the deal is
over ("Play this deal again", the score pad).
"""

import hashlib
import hmac

from django.conf import settings

from .ids import ID_ALPHABET, ID_LENGTH

BASE = len(ID_ALPHABET)
SPACE = BASE**ID_LENGTH  # every id of ID_LENGTH letters is a number below this
HALF = 25  # bits per half: 2**50 is the smallest even power of two above SPACE
ROUNDS = 6


def _number(deal_id: str) -> int:
    return sum(ID_ALPHABET.index(c) * BASE**i for i, c in enumerate(deal_id))


def _id(number: int) -> str:
    return "".join(ID_ALPHABET[(number // BASE**i) % BASE] for i in range(ID_LENGTH))


def _round(index: int, half: int) -> int:
    key = settings.SECRET_KEY.encode()
    message = f"sixtysix.practice.share:{index}:{half}".encode()
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:4]) % (1 << HALF)


def _permute(number: int, forward: bool) -> int:
    mask = (1 << HALF) - 1
    left, right = number >> HALF, number & mask
    for index in range(ROUNDS) if forward else reversed(range(ROUNDS)):
        if forward:
            left, right = right, left ^ _round(index, right)
        else:
            left, right = right ^ _round(index, left), left
    return (left << HALF) | right


def _walk(number: int, forward: bool) -> int:
    """Cycle-walking: apply the permutation of 2**50 until the result is an id again."""
    number = _permute(number, forward)
    while number >= SPACE:
        number = _permute(number, forward)
    return number


def share_id(deal_id: str) -> str:
    """The public name of a finished deal."""
    return _id(_walk(_number(deal_id), forward=True))


def deal_of(share: str) -> str:
    """The deal a (well-formed, cleaned) share id names."""
    return _id(_walk(_number(share), forward=False))
