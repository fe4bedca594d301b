"""The create-or-update loop every content loader shares: rows by key, saved only on change.

Each loader (rules, tutorials, puzzles) turns its parsed files into a key and the values
of each row; this writes them the same way everywhere, so that a second load is a no-op,
a row gone from its file is deleted, and a field the operator chose to keep an editor's
change in (`--keep-edits`) is left as it is. It imports no model: the loaders build on it.
"""

from collections.abc import Callable, Iterable
from typing import Any


def sync_row(obj, values: dict, report, created: bool, keep=()) -> None:
    """Assign values and save only if one of them differs from what is stored.

    Fields named in `keep` carry an editor's change that the load was told to keep.
    """
    changed = [
        name for name, value in values.items() if name not in keep and getattr(obj, name) != value
    ]
    for name in changed:
        setattr(obj, name, values[name])
    if created:
        obj.save()
        report.created += 1
    elif changed:
        obj.save(update_fields=changed)
        report.updated += 1
    else:
        report.unchanged += 1


def write_rows(
    existing: dict,
    wanted: Iterable[tuple[object, dict]],
    new: Callable[[Any], object],
    report,
    *,
    keep: dict | None = None,
    label: str = "",
    prefix: str = "",
) -> dict:
    """Write each (key, values) of `wanted` over `existing` (rows by key); delete the others.

    `new(key)` makes the unsaved row for a key not stored yet. `keep` maps (label, key in
    the edit ledger, which is `prefix` + key) to the fields whose edits stay. Returns the
    written rows by key.
    """
    keep = keep or {}
    rows = {}
    for key, values in wanted:
        row = existing.pop(key, None)
        created = row is None
        if created:
            row = new(key)
        sync_row(row, values, report, created, keep.get((label, f"{prefix}{key}"), ()))
        rows[key] = row
    for row in existing.values():
        row.delete()
        report.deleted += 1
    return rows


def write_table(model, key: str, wanted: Iterable[tuple[object, dict]], report, **options) -> dict:
    """`write_rows` over every stored row of `model`, found and created by its field `key`."""
    existing = {getattr(row, key): row for row in model.objects.all()}
    return write_rows(existing, wanted, lambda value: model(**{key: value}), report, **options)
