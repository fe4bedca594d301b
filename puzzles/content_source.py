"""What the puzzles app gives the content pipeline: its file, re-checked against the variants."""

from pathlib import Path

from content.files import shown
from content.registry import Source

from .content_loader import PUZZLES_FILE, parse_puzzles, write_puzzles
from .models import Puzzle


def _parse(path, parsed: dict, _skip_empty: bool):
    variants, _terms = parsed["rules"]
    return parse_puzzles(path, {variant.slug: variant.rules for variant in variants})


def deletions(path: Path, puzzles) -> list[str]:
    """Every puzzle, were the file gone or empty (a puzzle left out of the file goes)."""
    count = 0 if puzzles else Puzzle.objects.count()
    if not count:
        return []
    state = "empty" if path.exists() else "missing"
    return [f"{shown(path)} is {state}: all {count} puzzles would be deleted"]


SOURCE = Source(
    name="puzzles",
    place="puzzles_file",
    default=PUZZLES_FILE,
    parse=_parse,
    expected=lambda _puzzles: {},  # nothing in a puzzle is edited in the admin
    write=lambda puzzles, report, _keep: write_puzzles(puzzles, report),
    deletions=deletions,
    needs=("rules",),
)
