"""What the rules app gives the content pipeline: its files, its editable rows, its export."""

from pathlib import Path

from content.files import shown, translated_columns
from content.registry import Kind, Rows, Source

from .content_export import export_rules
from .content_loader import CONTENT_DIR, parse_content, write_content
from .models import GlossaryTerm, RuleSection, Variant
from .models import Source as SourceRow


def expected_rows(parsed) -> Rows:
    """The editable values a load of these parsed variant and glossary files writes."""
    variants, terms = parsed
    rows: Rows = {label: {} for label in ("variant", "section", "source", "term")}
    for variant in variants:
        rows["variant"][variant.slug] = {
            "order": variant.order,
            **translated_columns(variant.texts),
        }
        for section in variant.sections:
            texts = {"title": section["title"], "body": section["body"]}
            rows["section"][f"{variant.slug}/{section['key']}"] = translated_columns(texts)
        for source in variant.sources:
            rows["source"][f"{variant.slug}/{source['key']}"] = {
                "title": source["title"],
                "url": source["url"],
                **translated_columns({"covers": source["covers"]}),
            }
    for term in terms:
        rows["term"][term.key] = translated_columns(term.texts)
    return rows


def _missing(path: Path) -> str:
    return f"{shown(path)} is {'empty' if path.exists() else 'missing'}"


def deletions(rules_dir: Path, parsed) -> list[str]:
    """The rows a load would delete because their file is gone or empty."""
    variants, terms = parsed
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
    return lines


SOURCE = Source(
    name="rules",
    place="rules_dir",
    default=CONTENT_DIR,
    parse=lambda place, _parsed, skip_empty: parse_content(place, skip_empty=skip_empty),
    expected=expected_rows,
    write=lambda parsed, report, keep: write_content(parsed[0], parsed[1], report, keep),
    kinds=(
        Kind("variant", Variant, ("slug",), ("order",), ("name", "summary")),
        Kind("section", RuleSection, ("variant__slug", "key"), (), ("title", "body")),
        Kind("source", SourceRow, ("variant__slug", "key"), ("title", "url"), ("covers",)),
        Kind("term", GlossaryTerm, ("key",), (), ("term", "definition")),
    ),
    deletions=deletions,
    export=export_rules,
    models=(Variant, RuleSection, SourceRow, GlossaryTerm),
)
