"""Writing parsed lessons to the database: the course's groups, the lessons, their steps.

Rows are created or updated by key and saved only on change (content.rows); `keep` maps
(label, key) to the fields whose editor's change the load was told to keep.
"""

from content.files import LoadReport, languages, translated_columns
from content.rows import write_rows, write_table
from rules.models import Variant

from .content_loader import GroupData, TutorialData, parse_course
from .models import CourseGroup, Tutorial, TutorialStep


def write_course(groups: list[GroupData], report: LoadReport, keep=None) -> dict[str, CourseGroup]:
    """Write the course's groups; `keep` maps (label, key) to fields whose edits stay."""
    wanted = [
        (data.key, {"order": data.order, **translated_columns({"title": data.titles})})
        for data in groups
    ]
    return write_table(CourseGroup, "key", wanted, report, keep=keep, label="group")


def write_tutorials(tutorials: list[TutorialData], report: LoadReport, keep=None) -> None:
    """Write the parsed tutorials; `keep` maps (label, key) to fields whose edits stay."""
    course = getattr(tutorials, "course", None)
    groups = write_course(course if course is not None else parse_course(), report, keep)
    variants = {v.slug: v for v in Variant.objects.all()}
    no_recap = translated_columns({"recap": dict.fromkeys(languages(), "")})
    wanted = []
    for data in tutorials:
        values = {
            "variant_id": variants[data.variant].pk,
            "group_id": groups[data.group].pk,
            "order": data.order,
            "you": data.you,
            "reveal": data.reveal,
            "options": data.options,
            "deals": data.deals,
            **(no_recap if "recap" not in data.texts else {}),
            **translated_columns(data.texts),
        }
        wanted.append((data.slug, values))
    lessons = write_table(Tutorial, "slug", wanted, report, keep=keep, label="tutorial")
    for data in tutorials:
        _write_steps(lessons[data.slug], data.steps, report, keep)


def _write_steps(tutorial: Tutorial, steps: list[dict], report: LoadReport, keep) -> None:
    rows = {row.key: row for row in TutorialStep.objects.filter(tutorial=tutorial)}
    # Numbers are unique per tutorial: park the old rows on free numbers before renumbering.
    for offset, row in enumerate(rows.values()):
        if row.number != next((s["number"] for s in steps if s["key"] == row.key), None):
            row.number = 10_000 + offset
            row.save(update_fields=["number"])
    wanted = [
        (
            step["key"],
            {
                "number": step["number"],
                "deal": step["deal"],
                "actions": step["actions"],
                "ask": step["ask"],
                "sections": step["sections"],
                "wrong": step["wrong"],
                **translated_columns({"text": step["text"], "hint": step["hint"]}),
            },
        )
        for step in steps
    ]
    write_rows(
        rows,
        wanted,
        lambda key: TutorialStep(tutorial=tutorial, key=key),
        report,
        keep=keep,
        label="step",
        prefix=f"{tutorial.slug}/",
    )
