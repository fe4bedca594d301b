"""What every content loader shares: reading a file, its errors, the languages, the report.

The content apps (rules, tutorials, puzzles) read their files with these and report what
they wrote in one LoadReport; the pipeline (content.load) catches ContentError.
"""

import functools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings

from words.markup import CARD_TOKEN, SUIT_TOKEN

# Anything that looks like a token; markup.py's patterns say which ones it draws.
BRACKET_TOKEN = re.compile(r"\[[A-Z0-9]{1,2}(?::[a-z]+)?\]")
EMPTY_FILE = "is empty: restore it, or pass --allow-delete to delete what it held"


class ContentError(Exception):
    """A content file that cannot be loaded; the message names file, field and language."""

    def __init__(self, path: Path, field_name: str, message: str, language: str | None = None):
        self.path, self.field, self.language = path, field_name, language
        where = f"{path.name}: {field_name}"
        if language:
            where += f" [{language}]"
        super().__init__(f"{where}: {message}")


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


@dataclass
class LoadReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    kept_edits: list[str] = field(default_factory=list)  # local edits left in place

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted

    def __str__(self):
        return (
            f"{self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.deleted} deleted"
        )


def read_toml(path: Path) -> dict:
    try:
        return _copied(_parse_toml(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, "file", f"not valid TOML ({exc})") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(path, "file", f"cannot be read ({exc})") from exc


def _copied(value: Any) -> Any:
    """A deep copy of parsed TOML: only tables and arrays are mutable (strings, numbers,
    booleans and dates are not), so this is exact and several times cheaper than
    `copy.deepcopy`."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


@functools.lru_cache(maxsize=64)
def _parse_toml(text: str) -> dict:
    """The parsed text, remembered: a load reads the same unchanged files every release
    (and the tests load them dozens of times); callers get their own deep copy."""
    return tomllib.loads(text)


def is_empty(path: Path) -> bool:
    """A file that holds no TOML at all (nothing, or only comments and blank lines)."""
    return not read_toml(path)


def translated_columns(texts: dict[str, dict[str, str]]) -> dict[str, str]:
    return {
        f"{name}_{lang}": value
        for name, by_lang in texts.items()
        for lang, value in by_lang.items()
    }


def shown(path: Path) -> str:
    """A path as an operator reads it: relative to the project when it lies inside."""
    try:
        return str(path.resolve().relative_to(Path(settings.BASE_DIR).resolve()))
    except ValueError:
        return str(path)


def text_field(path: Path, table: dict, key: str, field_name: str, language: str) -> str:
    value = table.get(key) if isinstance(table, dict) else None
    if not isinstance(value, str) or not value.strip():
        raise ContentError(path, field_name, "missing or empty", language)
    return value.strip()


def check_tokens(path: Path, field_name: str, language: str, text: str) -> None:
    for token in BRACKET_TOKEN.findall(text):
        if not (CARD_TOKEN.fullmatch(token) or SUIT_TOKEN.fullmatch(token)):
            raise ContentError(path, field_name, f"{token} is not a card or suit", language)
