"""The content apps' sources, registered in their AppConfig.ready: the pipeline knows no app.

Each app that keeps content in files (rules, tutorials, puzzles) registers one Source: where
its files lie, how they are parsed, which editable values a load writes (for the edit
ledger), which rows a missing file would delete, how they are written and exported. The
pipeline runs the sources in the order they were registered, and a source may read what an
earlier one parsed (`needs`), as the tutorials check their sections against the variants.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from pathlib import Path
from typing import Any

from django.db import models

from .files import languages
from .page_cache import connect_signals

Rows = dict[str, dict[str, dict]]  # label -> key -> field -> value


@dataclass(frozen=True)
class Kind:
    """One content model: its label in LoadedText, how its key is built, what is editable."""

    label: str
    model: type[models.Model]
    key_fields: tuple[str, ...]
    plain: tuple[str, ...] = ()
    translated: tuple[str, ...] = ()

    @property
    def fields(self) -> tuple[str, ...]:
        columns = tuple(f"{name}_{lang}" for name in self.translated for lang in languages())
        return self.plain + columns

    def key_of(self, obj) -> str:
        parts = (reduce(getattr, path.split("__"), obj) for path in self.key_fields)
        return "/".join(str(part) for part in parts)


@dataclass(frozen=True)
class Source:
    """One app's content files and what the pipeline does with them.

    `place` is the keyword of content_load and content_export that names the files (a
    folder or a file) and `default` where they lie; `parse(place, parsed, skip_empty)`
    receives what the sources before it parsed, by name.
    """

    name: str
    place: str
    default: Path
    parse: Callable[[Path, dict[str, Any], bool], Any]
    expected: Callable[[Any], Rows]
    write: Callable[[Any, Any, dict], object]  # (parsed, LoadReport, kept edits)
    # The rows a load would drop because a file is missing or empty: every source must say,
    # so that no file, present or future, deletes its rows silently.
    deletions: Callable[[Path, Any], list[str]]
    kinds: tuple[Kind, ...] = ()
    export: Callable[[Path, Any], None] | None = None  # (place, ExportReport)
    needs: tuple[str, ...] = ()
    models: tuple[type, ...] = ()  # rows whose change makes cached pages stale


_SOURCES: dict[str, Source] = {}


def register(source: Source) -> None:
    """Add a source (again: replaced); the page cache follows its models' changes."""
    missing = [name for name in source.needs if name not in _SOURCES]
    if missing:
        raise ValueError(f"{source.name} needs {missing} registered first")
    _SOURCES[source.name] = source
    connect_signals(source.models)


def sources() -> list[Source]:
    return list(_SOURCES.values())


def kinds() -> dict[str, Kind]:
    """Every registered editable kind, by its label."""
    return {kind.label: kind for source in _SOURCES.values() for kind in source.kinds}
