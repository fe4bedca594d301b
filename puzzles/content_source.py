"""What the puzzles app gives the content pipeline: its file, re-checked against the variants."""

from content.registry import Source

from .content_loader import PUZZLES_FILE, parse_puzzles, write_puzzles


def _parse(path, parsed: dict, _skip_empty: bool):
    variants, _terms = parsed["rules"]
    return parse_puzzles(path, {variant.slug: variant.rules for variant in variants})


SOURCE = Source(
    name="puzzles",
    place="puzzles_file",
    default=PUZZLES_FILE,
    parse=_parse,
    expected=lambda _puzzles: {},  # nothing in a puzzle is edited in the admin
    write=lambda puzzles, report, _keep: write_puzzles(puzzles, report),
    needs=("rules",),
)
