"""Loading all content at once: rules, glossary and tutorials, in one transaction.

Two guards stand before anything is written. An editor's change (admin, shell, SQL) made
since the last load is never overwritten unasked: the load stops and names each edited row
and field, unless told to keep the edits or to discard them. And a content file that is
missing or empty never deletes what it held unless the operator allows it.
"""

from pathlib import Path

from django.conf import settings
from django.db import transaction

from puzzles.content_loader import PUZZLES_FILE, parse_puzzles, write_puzzles
from rules.content_loader import CONTENT_DIR as RULES_DIR
from rules.content_loader import LoadReport, parse_content, write_content
from rules.models import GlossaryTerm, Variant
from tutorial.content_loader import CONTENT_DIR as TUTORIALS_DIR
from tutorial.content_loader import parse_tutorials, write_tutorials
from tutorial.models import Tutorial

from .content_edits import Ledger, expected_rows
from .page_cache import one_version_bump


class LoadRefused(Exception):
    """A load that would lose an edit or a file's rows; nothing was written."""

    def __init__(self, summary: str, lines: list[str], advice: str):
        self.lines = lines
        body = "".join(f"\n  {line}" for line in lines)
        super().__init__(f"{summary}:{body}\n{advice} Nothing was written.")


def shown(path: Path) -> str:
    """A path as an operator reads it: relative to the project when it lies inside."""
    try:
        return str(path.resolve().relative_to(Path(settings.BASE_DIR).resolve()))
    except ValueError:
        return str(path)


def _missing(path: Path) -> str:
    return f"{shown(path)} is {'empty' if path.exists() else 'missing'}"


def refuse_deletes(rules_dir: Path, tutorials_dir: Path | None, variants, terms, tutorials):
    """Refuse a load that would delete every row a file held because the file is gone."""
    lines = []
    gone = Variant.objects.exclude(slug__in=[v.slug for v in variants]).order_by("slug")
    for slug in gone.values_list("slug", flat=True):
        lines.append(
            f"{_missing(rules_dir / f'{slug}.toml')}: variant {slug} would be deleted, "
            "with its sections, sources and tutorials"
        )
    if not terms:
        count = GlossaryTerm.objects.count()
        if count:
            lines.append(
                f"{_missing(rules_dir / 'glossary.toml')}: all {count} glossary terms "
                "would be deleted"
            )
    if tutorials is not None:
        gone = Tutorial.objects.exclude(slug__in=[t.slug for t in tutorials]).order_by("slug")
        for slug in gone.values_list("slug", flat=True):
            lines.append(
                f"{_missing(tutorials_dir / f'{slug}.toml')}: tutorial {slug} would be deleted"
            )
    if lines:
        raise LoadRefused(
            "Content files are missing or empty",
            lines,
            "Restore them, or pass --allow-delete if the rows are meant to go.",
        )


def content_load(
    *,
    rules_dir=RULES_DIR,
    tutorials_dir=TUTORIALS_DIR,
    keep_edits: bool = False,
    discard_edits: bool = False,
    allow_delete: bool = False,
    puzzles_file=PUZZLES_FILE,
) -> LoadReport:
    """Parse and check every file first (tutorials against the parsed variants), then write.

    tutorials_dir=None leaves the tutorials alone (the rules loader's own entry point), and
    puzzles_file=None the puzzles.
    """
    if keep_edits and discard_edits:
        raise ValueError("keep_edits and discard_edits exclude each other")
    variants, terms = parse_content(rules_dir, skip_empty=allow_delete)
    tutorials = None
    if tutorials_dir is not None:
        sections = {variant.slug: [s["key"] for s in variant.sections] for variant in variants}
        tutorials = parse_tutorials(
            tutorials_dir, variant_sections=sections, skip_empty=allow_delete
        )
    puzzles = None
    if puzzles_file is not None and tutorials_dir is not None:
        puzzles = parse_puzzles(puzzles_file, {v.slug: v.rules for v in variants})
    expected = expected_rows(variants, terms, tutorials)
    with transaction.atomic():
        if not allow_delete:
            refuse_deletes(rules_dir, tutorials_dir, variants, terms, tutorials)
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
        with one_version_bump():
            report = write_content(variants, terms, keep)
            if tutorials is not None:
                write_tutorials(tutorials, report, keep)
            if puzzles is not None:
                write_puzzles(puzzles, report)
        ledger.record(keep)
    report.kept_edits = [str(edit) for edit in edits]
    return report
