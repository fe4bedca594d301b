"""Telling an editor's change from a file change, so that a load never overwrites it unasked.

`load_content` records, per content row and editable field, the sha256 of the value it
wrote (LoadedText). A field whose stored value no longer has that hash was edited since, in
the admin, a shell or SQL. Only the fields an editor can change in the admin are tracked;
everything else (rule parameters, deals, actions) always comes from the files.
"""

import hashlib
import json
from dataclasses import dataclass

from .models import LoadedText
from .registry import Kind, Rows, kinds


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode()).hexdigest()


def current_rows(kind: Kind, **filters) -> dict[str, dict]:
    rows = {}
    for row in kind.model._default_manager.filter(**filters).values(*kind.key_fields, *kind.fields):
        key = "/".join(str(row.pop(name)) for name in kind.key_fields)
        rows[key] = row
    return rows


@dataclass(frozen=True)
class Edit:
    label: str
    key: str
    field: str
    removed: bool = False  # the row is no longer in its file

    def __str__(self):
        where = f"{self.label} {self.key}: {self.field}"
        return where + (" (the row is gone from its file)" if self.removed else "")


class Ledger:
    """The recorded hashes and the database's values for the kinds a load writes."""

    def __init__(self, expected: Rows):
        self.expected = expected
        self.recorded = {
            (row.model, row.key): row for row in LoadedText.objects.filter(model__in=list(expected))
        }
        by_label = kinds()
        self.current = {label: current_rows(by_label[label]) for label in expected}

    def edits(self) -> list[Edit]:
        """Fields changed since the last load whose new file value would overwrite them.

        A row never recorded (a database loaded before hashes were kept) has no edits, and
        an edit that already matches the file (after export_content) is no conflict.
        """
        found = []
        for label, rows in self.current.items():
            for key, values in rows.items():
                record = self.recorded.get((label, key))
                if record is None:
                    continue
                new = self.expected[label].get(key)
                for name, value in values.items():
                    loaded = record.hashes.get(name)
                    if loaded is None or loaded == digest(value):
                        continue
                    if new is not None and new.get(name) == value:
                        continue
                    found.append(Edit(label, key, name, removed=new is None))
        return found

    def record(self, kept: dict[tuple[str, str], set[str]]) -> None:
        """Store the hashes of what was written; a kept edit keeps its old hash (still edited)."""
        create, update = [], []
        for label, rows in self.expected.items():
            for key, values in rows.items():
                record = self.recorded.pop((label, key), None)
                hashes = {name: digest(value) for name, value in values.items()}
                if record is not None:
                    for name in kept.get((label, key), ()):
                        hashes[name] = record.hashes[name]
                if record is None:
                    create.append(LoadedText(model=label, key=key, hashes=hashes))
                elif record.hashes != hashes:
                    record.hashes = hashes
                    update.append(record)
        gone = [record.pk for record in self.recorded.values()]
        if gone:
            LoadedText.objects.filter(pk__in=gone).delete()
        LoadedText.objects.bulk_create(create, batch_size=200)
        LoadedText.objects.bulk_update(update, ["hashes"], batch_size=200)
        self.recorded = {}


def edited_rows(label: str, **filters) -> dict[str, list[str]]:
    """Rows of one kind (filtered) whose editable fields changed since the last load."""
    rows = current_rows(kinds()[label], **filters)
    records = LoadedText.objects.filter(model=label, key__in=list(rows))
    hashes = {record.key: record.hashes for record in records}
    edited = {}
    for key, values in rows.items():
        loaded = hashes.get(key, {})
        names = [n for n, v in values.items() if n in loaded and digest(v) != loaded[n]]
        if names:
            edited[key] = names
    return edited


def local_edits(obj) -> list[str]:
    """The editable fields of this row changed since the last load (for the admin)."""
    kind = next((k for k in kinds().values() if k.model is type(obj)), None)
    if kind is None or obj.pk is None:
        return []
    return next(iter(edited_rows(kind.label, pk=obj.pk).values()), [])
