"""What the tutorial app gives the content pipeline: lessons checked against the variants."""

from pathlib import Path

from content.files import languages, shown, translated_columns
from content.registry import Kind, Rows, Source

from .content_export import export_tutorials
from .content_loader import CONTENT_DIR, parse_tutorials
from .content_writer import write_tutorials
from .models import CourseGroup, Tutorial, TutorialStep


def parse(tutorials_dir: Path, parsed: dict, skip_empty: bool):
    """The lessons, each checked against the sections of the variants parsed before."""
    variants, _terms = parsed["rules"]
    sections = {variant.slug: [s["key"] for s in variant.sections] for variant in variants}
    return parse_tutorials(tutorials_dir, variant_sections=sections, skip_empty=skip_empty)


def expected_rows(tutorials) -> Rows:
    """The editable values a load of these parsed course and lesson files writes."""
    rows: Rows = {"tutorial": {}, "step": {}, "group": {}}
    for group in tutorials.course:
        rows["group"][group.key] = translated_columns({"title": group.titles})
    for tutorial in tutorials:
        # A lesson without a recap in its file is loaded with an empty one.
        texts = {"recap": dict.fromkeys(languages(), ""), **tutorial.texts}
        rows["tutorial"][tutorial.slug] = {"order": tutorial.order, **translated_columns(texts)}
        for step in tutorial.steps:
            texts = {"text": step["text"], "hint": step["hint"]}
            rows["step"][f"{tutorial.slug}/{step['key']}"] = translated_columns(texts)
    return rows


def deletions(tutorials_dir: Path, tutorials) -> list[str]:
    """The lessons a load would delete because their file is gone or empty."""
    gone = Tutorial.objects.exclude(slug__in=[t.slug for t in tutorials]).order_by("slug")
    lines = []
    for slug in gone.values_list("slug", flat=True):
        path = tutorials_dir / f"{slug}.toml"
        state = "empty" if path.exists() else "missing"
        lines.append(f"{shown(path)} is {state}: tutorial {slug} would be deleted")
    return lines


SOURCE = Source(
    name="tutorial",
    place="tutorials_dir",
    default=CONTENT_DIR,
    parse=parse,
    expected=expected_rows,
    write=write_tutorials,
    kinds=(
        Kind("tutorial", Tutorial, ("slug",), ("order",), ("title", "summary", "recap")),
        Kind("step", TutorialStep, ("tutorial__slug", "key"), (), ("text", "hint")),
        # A group's order is its place in course.toml's [[groups]]: only its title is editable.
        Kind("group", CourseGroup, ("key",), (), ("title",)),
    ),
    deletions=deletions,
    export=export_tutorials,
    needs=("rules",),
    models=(Tutorial, TutorialStep),
)
