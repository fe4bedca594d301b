"""Puzzle ratings: attempt tokens, recorded attempts and puzzles at the reader's level.

The reader's rating lives in the browser (localStorage for the pages' scripts) and in a
signed cookie the server reads, so nobody can claim another rating. A puzzle's rating
moves only through a recorded attempt, and an attempt is recorded only with a signed,
single-use token issued for that puzzle (its nonce is a unique column), at least a
moment old, for a line of moves the engine replays: whether the puzzle was solved is
decided by the server from the moves, never taken from the browser.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F

from puzzles import services
from puzzles.models import Puzzle

from .glicko import Rating, attempt
from .models import PuzzleAttempt, PuzzleRating

TOKEN_SALT = "sixtysix.training.attempt"  # noqa: S105 - a signing salt, not a secret
RATING_SALT = "sixtysix.training.rating"
RATING_COOKIE = "training-rating"
TOKEN_MAX_AGE = 6 * 3600  # an attempt token is good for this long
TOKEN_MIN_AGE = 1.0  # seconds: a token used at once is a script, not a reader
BY_DIFFICULTY = {1: 1250.0, 2: 1500.0, 3: 1750.0}  # before any attempt (and any generator rating)


class AttemptError(Exception):
    """An attempt that cannot be recorded; `code` says why (the view words it)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Outcome:
    solved: bool
    player: Rating
    before: Rating
    puzzle: float


def issue_token(number: int) -> str:
    data = {"p": number, "n": secrets.token_hex(12), "t": time.time()}
    return signing.dumps(data, salt=TOKEN_SALT)


def read_token(token: str, number: int) -> str:
    """The token's nonce, or AttemptError("token") when forged, stale, fresh or another's."""
    try:
        data = signing.loads(token[:400], salt=TOKEN_SALT, max_age=TOKEN_MAX_AGE)
        nonce, puzzle, issued = str(data["n"]), int(data["p"]), float(data["t"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as exc:
        raise AttemptError("token") from exc
    if puzzle != number or len(nonce) != 24:
        raise AttemptError("token")
    if time.time() - issued < TOKEN_MIN_AGE:
        raise AttemptError("too_fast")
    return nonce


def reader_rating(raw: str | None) -> Rating:
    """The reader's rating from the signed cookie (a new reader: 1500 ± 350)."""
    if not raw:
        return Rating()
    try:
        data = signing.loads(raw[:400], salt=RATING_SALT)
        return Rating(float(data["r"]), float(data["d"]), float(data["v"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return Rating()


def rating_cookie(rating: Rating) -> str:
    data = {"r": round(rating.rating, 2), "d": round(rating.deviation, 2), "v": rating.volatility}
    return signing.dumps(data, salt=RATING_SALT)


def start_rating(puzzle: Puzzle) -> float:
    """A puzzle's first rating: the generator's where it gives one, else by difficulty."""
    given = getattr(puzzle, "rating", None)
    if isinstance(given, int | float) and 400 <= given <= 3000:
        return float(given)
    return BY_DIFFICULTY.get(puzzle.difficulty, 1500.0)


def puzzle_rating(puzzle: Puzzle) -> float:
    row = PuzzleRating.objects.filter(puzzle=puzzle.number).first()
    return row.rating if row else start_rating(puzzle)


def judge_line(puzzle: Puzzle, keys: list[str] | None) -> bool:
    """True when the line solves the puzzle, False when its last move is a wrong try;
    AttemptError("line") for a line that is neither (unfinished, illegal, malformed)."""
    if not keys:
        raise AttemptError("line")
    walked = services.walk(puzzle, keys)
    if walked.error:
        raise AttemptError("line")
    if walked.wrong is not None:
        return False
    if walked.solved:
        return True
    raise AttemptError("line")


def record(puzzle: Puzzle, token: str, keys: list[str] | None, player: Rating) -> Outcome:
    """Record one attempt (once per token) and move both ratings."""
    nonce = read_token(token, puzzle.number)
    solved = judge_line(puzzle, keys)
    try:
        with transaction.atomic():
            row, _new = PuzzleRating.objects.select_for_update().get_or_create(
                puzzle=puzzle.number, defaults={"rating": start_rating(puzzle)}
            )
            before = Rating(row.rating, row.deviation, row.volatility)
            PuzzleAttempt.objects.create(
                puzzle=puzzle.number,
                nonce=nonce,
                solved=solved,
                player_rating=player.rating,
                player_deviation=player.deviation,
                puzzle_rating=before.rating,
            )
            new_player, new_puzzle = attempt(player, before, solved)
            PuzzleRating.objects.filter(pk=row.pk).update(
                rating=new_puzzle.rating,
                deviation=new_puzzle.deviation,
                volatility=new_puzzle.volatility,
                attempts=F("attempts") + 1,
                solved=F("solved") + int(solved),
            )
    except IntegrityError as exc:
        raise AttemptError("used") from exc
    return Outcome(solved, new_player, player, new_puzzle.rating)


def near(target: float, *, skip: set[int], above: float | None = None, seed: int = 0):
    """A puzzle near `target` (the closest few, one picked at random), not in `skip`; with
    `above`, only puzzles rated above it (a streak climbs). None when none is left."""
    ratings = dict(PuzzleRating.objects.values_list("puzzle", "rating"))
    rows = [
        (ratings.get(p.number, start_rating(p)), p.number)
        for p in Puzzle.objects.all()
        if p.number not in skip
    ]
    if above is not None:
        rows = [r for r in rows if r[0] > above] or rows
    if not rows:
        return None
    rows.sort(key=lambda r: (abs(r[0] - target), r[1]))
    return random.Random(seed).choice(rows[:5])[1]
