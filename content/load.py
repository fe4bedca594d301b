"""Loading all content at once: every registered source's files, in one transaction.

Two guards stand before anything is written. An editor's change (admin, shell, SQL) made
since the last load is never overwritten unasked: the load stops and names each edited row
and field, unless told to keep the edits or to discard them. And a content file that is
missing or empty never deletes what it held unless the operator allows it.
"""

from pathlib import Path

from django.db import transaction

from .edits import Ledger
from .files import LoadReport
from .page_cache import one_version_bump
from .registry import Rows, Source, sources


class LoadRefused(Exception):
    """A load that would lose an edit or a file's rows; nothing was written."""

    def __init__(self, summary: str, lines: list[str], advice: str):
        self.lines = lines
        body = "".join(f"\n  {line}" for line in lines)
        super().__init__(f"{summary}:{body}\n{advice} Nothing was written.")


def chosen_sources(places: dict, only=None) -> list[tuple[Source, Path]]:
    """The registered sources to work on, each with its files: a place given as None (or a
    source not in `only`) is left alone, and so is every source that needs it."""
    unknown = set(places) - {source.place for source in sources()}
    if unknown:
        raise TypeError(f"no content source reads {sorted(unknown)}")
    chosen: list[tuple[Source, Path]] = []
    for source in sources():
        place = places.get(source.place, source.default)
        names = {chosen_source.name for chosen_source, _place in chosen}
        if place is None or (only is not None and source.name not in only):
            continue
        if all(name in names for name in source.needs):
            chosen.append((source, Path(place)))
    return chosen


def refuse_deletes(chosen: list[tuple[Source, Path]], parsed: dict) -> None:
    """Refuse a load that would delete every row a file held because the file is gone."""
    lines = []
    for source, place in chosen:
        lines.extend(source.deletions(place, parsed[source.name]))
    if lines:
        raise LoadRefused(
            "Content files are missing or empty",
            lines,
            "Restore them, or pass --allow-delete if the rows are meant to go.",
        )


def content_load(
    *,
    keep_edits: bool = False,
    discard_edits: bool = False,
    allow_delete: bool = False,
    only=None,
    **places,
) -> LoadReport:
    """Parse and check every file first (each source against those before it), then write.

    `places` names a source's files by its keyword (rules_dir=..., tutorials_dir=None
    leaves the tutorials alone); `only` limits the load to the sources named.
    """
    if keep_edits and discard_edits:
        raise ValueError("keep_edits and discard_edits exclude each other")
    chosen = chosen_sources(places, only)
    parsed: dict = {}
    expected: Rows = {}
    for source, place in chosen:
        parsed[source.name] = source.parse(place, parsed, allow_delete)
        expected.update(source.expected(parsed[source.name]))
    with transaction.atomic():
        if not allow_delete:
            refuse_deletes(chosen, parsed)
        ledger = Ledger(expected)
        edits = [] if discard_edits else ledger.edits()
        refused = [e for e in edits if e.removed] if keep_edits else edits
        if refused:
            raise LoadRefused(
                "Local edits (made in the admin or the database since the last load) would be lost",
                [str(edit) for edit in refused],
                "Write them into the files with `python manage.py export_content`, or pass "
                + ("--discard-edits." if keep_edits else "--keep-edits or --discard-edits."),
            )
        keep: dict[tuple[str, str], set[str]] = {}
        for edit in edits:
            keep.setdefault((edit.label, edit.key), set()).add(edit.field)
        report = LoadReport()
        with one_version_bump():
            for source, _place in chosen:
                source.write(parsed[source.name], report, keep)
        ledger.record(keep)
    report.kept_edits = [str(edit) for edit in edits]
    return report
