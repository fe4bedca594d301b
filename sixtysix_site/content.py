"""Loading all content at once: rules, glossary and tutorials, in one transaction."""

from django.db import transaction

from puzzles.content_loader import PUZZLES_FILE, parse_puzzles, write_puzzles
from rules.content_loader import CONTENT_DIR as RULES_DIR
from rules.content_loader import LoadReport, parse_content, write_content
from tutorial.content_loader import CONTENT_DIR as TUTORIALS_DIR
from tutorial.content_loader import parse_tutorials, write_tutorials

from .page_cache import one_version_bump


def content_load(
    *, rules_dir=RULES_DIR, tutorials_dir=TUTORIALS_DIR, puzzles_file=PUZZLES_FILE
) -> LoadReport:
    """Parse and check every file first (tutorials against the parsed variants), then write."""
    variants, terms = parse_content(rules_dir)
    sections = {variant.slug: [s["key"] for s in variant.sections] for variant in variants}
    tutorials = parse_tutorials(tutorials_dir, variant_sections=sections)
    puzzles = parse_puzzles(puzzles_file, {variant.slug: variant.rules for variant in variants})
    with transaction.atomic(), one_version_bump():
        report = write_content(variants, terms)
        write_tutorials(tutorials, report)
        write_puzzles(puzzles, report)
    return report
