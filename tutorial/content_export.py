"""Writing the tutorials' editable prose (course groups, lessons, steps) back to their files."""

from pathlib import Path

from content.export import ExportReport, TomlFile
from content.files import languages, shown

from .content_loader import COURSE_FILE
from .models import CourseGroup, Tutorial


def _export_tutorial(tutorial: Tutorial, path: Path, report: ExportReport) -> None:
    file = TomlFile(path, report)
    file.put(("tutorial",), "order", tutorial.order)
    # A recap the file lacks is added only in every language at once, as the loader wants it.
    recaps = {lang: getattr(tutorial, f"recap_{lang}") for lang in languages()}
    in_file = any("recap" in (file.table(lang) or {}) for lang in languages())
    add_recap = not in_file and all(text.strip() for text in recaps.values())
    if not in_file and not add_recap and any(text.strip() for text in recaps.values()):
        report.skipped.append(
            f"{shown(path)}: recap: not in the file, and the database lacks it in a language"
        )
    for lang in languages():
        for name in ("title", "summary"):
            file.put((lang,), name, getattr(tutorial, f"{name}_{lang}"))
        if in_file or add_recap:
            file.put((lang,), "recap", recaps[lang], add=add_recap)
        for step in tutorial.steps.all():
            file.put((lang, "steps", step.key), "text", getattr(step, f"text_{lang}"))
            hint = getattr(step, f"hint_{lang}")
            if step.ask:  # the loader reads a hint only where the step asks for a move
                file.put((lang, "steps", step.key), "hint", hint)
            elif hint:
                report.skipped.append(
                    f"{shown(path)}: {lang}.steps.{step.key}.hint: the step asks for no move"
                )
    file.save()


def _export_course(path: Path, report: ExportReport) -> None:
    file = TomlFile(path, report)
    ids = [str(table.get("id")) for table in file.data.get("groups", [])]
    for group in CourseGroup.objects.all():
        if group.key not in ids:
            report.skipped.append(f"{shown(path)}: group {group.key} is not in the file")
            continue
        for lang in languages():
            file.put(("groups", ids.index(group.key)), lang, getattr(group, f"title_{lang}"))
    file.save()


def export_tutorials(tutorials_dir: Path, report: ExportReport) -> None:
    """The course file, then every lesson file; a missing file is named, never created."""
    course = tutorials_dir / COURSE_FILE
    if course.exists():
        _export_course(course, report)
    elif CourseGroup.objects.exists():
        report.skipped.append(f"{shown(course)}: missing, the course groups are not exported")
    for tutorial in Tutorial.objects.prefetch_related("steps"):
        path = tutorials_dir / f"{tutorial.slug}.toml"
        if path.exists():
            _export_tutorial(tutorial, path, report)
        else:
            report.skipped.append(f"{shown(path)}: missing, tutorial {tutorial.slug} not exported")
