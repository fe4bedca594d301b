"""The shapes of the content files, declared once: the keys a table needs and what each holds.

The loaders of rules, tutorial and puzzles check their files' tables against these
declarations before reading them, so every file answers a missing or mistyped key in the
same way: the file, the key's path (`variant.order`, `sources[2].url`) and what it must be.
The messages are for the person running `load_content`, in the content files' language.
"""

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import ContentError


@dataclass(frozen=True)
class Key:
    """One key of a table: `valid` tells a good value, `must` says what one is."""

    name: str
    must: str
    valid: Callable[[object], bool]
    required: bool = True


def whole(low: int, high: int) -> Callable[[object], bool]:
    """A whole number from `low` to `high` (never a bool)."""
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def one_of(values: Collection[object]) -> Callable[[object], bool]:
    return lambda v: v in values


def text(value: object) -> bool:
    """A string with more than blanks in it."""
    return isinstance(value, str) and bool(value.strip())


def listed(value: object) -> bool:
    """A list with at least one item."""
    return isinstance(value, list) and bool(value)


def web_address(value: object) -> bool:
    return isinstance(value, str) and value.startswith(("https://", "http://"))


def check(
    path: Path, where: str, table: object, keys: Sequence[Key], language: str | None = None
) -> dict[str, Any]:
    """`table` when it is a table whose keys are as declared, else ContentError naming the
    first key that is not; an optional key may be absent."""
    if not isinstance(table, dict):
        raise ContentError(path, where, f"the [{where}] table is missing", language)
    for key in keys:
        if key.name not in table and not key.required:
            continue
        if not key.valid(table.get(key.name)):
            raise ContentError(path, f"{where}.{key.name}", key.must, language)
    return table


def check_each(path: Path, where: str, items: object, keys: Sequence[Key]) -> list[dict[str, Any]]:
    """An array of tables (`[[where]]`), each checked as `check` does."""
    if not isinstance(items, list):
        raise ContentError(path, where, f"must be an array of [[{where}]] tables")
    return [check(path, f"{where}[{i}]", item, keys) for i, item in enumerate(items)]


def only_listed(
    path: Path,
    where: str,
    table: dict[str, Any],
    keys: Collection[str],
    listing: str,
    language: str | None = None,
) -> None:
    """Every key of `table` is one of `keys` (the list named `listing`), else ContentError."""
    extra = set(table) - set(keys)
    if extra:
        raise ContentError(path, where, f"not listed in {listing}: {sorted(extra)}", language)
