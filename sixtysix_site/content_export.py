"""Writing the database's editable prose back into the content files, so edits can be committed.

Only the fields an editor can change in the admin are written, each at the very table and key
the loaders read it from; everything else in a file (comments, layout, rule parameters, the
order of tables) stays as it was, because tomlkit edits the document in place. A value that
already reads the same as the file is not touched, so its formatting stays too. After an
export a load finds the files and the database agree: it changes nothing.
"""

from dataclasses import dataclass, field
from pathlib import Path

import tomlkit
from django.conf import settings
from tomlkit.items import String, StringType, Trivia

from rules.content_loader import CONTENT_DIR as RULES_DIR
from rules.content_loader import read_toml
from rules.models import GlossaryTerm, Variant
from tutorial.content_loader import CONTENT_DIR as TUTORIALS_DIR
from tutorial.content_loader import COURSE_FILE
from tutorial.models import CourseGroup, Tutorial

from .content import shown


@dataclass
class ExportReport:
    files: list[str] = field(default_factory=list)  # files rewritten
    fields: int = 0  # values written
    skipped: list[str] = field(default_factory=list)  # values the files cannot take

    def __str__(self):
        return f"{self.fields} fields written into {len(self.files)} files"


def _languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _literal_ok(text: str) -> bool:
    """A multi-line literal '''...''' holds no ''' and no control character but tab."""
    return "'''" not in text and not any(
        (ord(c) < 32 and c not in "\t\n") or c == "\x7f" for c in text
    )


def toml_value(value, old):
    """The TOML item for a new value, multi-line ('''...''' if it can be) where the old was."""
    if not isinstance(value, str):
        return value
    value = value.replace("\r\n", "\n")
    multiline = "\n" in value or (isinstance(old, String) and old.type.is_multiline())
    if not multiline:
        return tomlkit.string(value)
    # Laid out as the files are: the opening quotes, a newline (which TOML drops), the text
    # and the closing quotes on a line of their own (the loader strips that last newline).
    kind = StringType.MLL if _literal_ok(value) else StringType.MLB
    raw = String.from_raw(value, kind).as_string()[3:-3]
    return String(kind, f"{value}\n", f"\n{raw}\n", Trivia())


class _File:
    """One content file open for editing; written back only if a value changed."""

    def __init__(self, path: Path, report: ExportReport):
        self.path, self.report = path, report
        self.shown = shown(path)  # named in every skipped value: resolved once
        self.data = read_toml(path)  # for comparing: fast
        self.doc = None  # for editing: tomlkit is slow, so parsed at the first change only
        self.changed = False

    def table(self, *keys, doc=None):
        table = self.data if doc is None else doc
        for key in keys:
            if isinstance(key, int):  # an entry of an array of tables, such as [[sources]]
                table = table[key] if isinstance(table, list) and key < len(table) else None
            else:
                table = table.get(key) if hasattr(table, "get") else None
            if table is None:
                return None
        return table

    def put(self, keys: tuple, name: str, value, add: bool = False) -> None:
        """Write one value where the file has it; `add` may also add it to an existing table."""
        where = f"{self.shown}: {'.'.join(str(key) for key in (*keys, name))}"
        table = self.table(*keys)
        if table is None or (name not in table and not add):
            self.report.skipped.append(f"{where}: not in the file")
            return
        if value is None or (isinstance(value, str) and not value.strip()):
            if name in table:
                self.report.skipped.append(
                    f"{where}: empty in the database, the file keeps its text"
                )
            return
        old = table.get(name)
        same = old.strip() == value if isinstance(old, str) else old == value
        if same:
            return
        if self.doc is None:
            self.doc = tomlkit.parse(self.path.read_text(encoding="utf-8"))
        table = self.table(*keys, doc=self.doc)
        table[name] = toml_value(value, table.get(name))
        self.changed = True
        self.report.fields += 1

    def save(self) -> None:
        if self.changed:
            self.path.write_text(tomlkit.dumps(self.doc), encoding="utf-8")
            self.report.files.append(self.shown)


def _export_variant(variant: Variant, path: Path, report: ExportReport) -> None:
    file = _File(path, report)
    file.put(("variant",), "order", variant.order)
    ids = [str(table.get("id")) for table in file.data.get("sources", [])]
    for source in variant.sources.all():
        if source.key in ids:
            for name in ("title", "url"):
                file.put(("sources", ids.index(source.key)), name, getattr(source, name))
    for lang in _languages():
        for name in ("name", "summary"):
            file.put((lang,), name, getattr(variant, f"{name}_{lang}"))
        for source in variant.sources.all():
            file.put((lang, "sources"), source.key, getattr(source, f"covers_{lang}"))
        for section in variant.sections.all():
            for name in ("title", "body"):
                value = getattr(section, f"{name}_{lang}")
                file.put((lang, "sections", section.key), name, value)
    file.save()


def _export_glossary(path: Path, report: ExportReport) -> None:
    file = _File(path, report)
    for term in GlossaryTerm.objects.all():
        for lang in _languages():
            for name in ("term", "definition"):
                file.put((lang, "terms", term.key), name, getattr(term, f"{name}_{lang}"))
    file.save()


def _export_tutorial(tutorial: Tutorial, path: Path, report: ExportReport) -> None:
    file = _File(path, report)
    file.put(("tutorial",), "order", tutorial.order)
    # A recap the file lacks is added only in every language at once, as the loader wants it.
    recaps = {lang: getattr(tutorial, f"recap_{lang}") for lang in _languages()}
    in_file = any("recap" in (file.table(lang) or {}) for lang in _languages())
    add_recap = not in_file and all(text.strip() for text in recaps.values())
    if not in_file and not add_recap and any(text.strip() for text in recaps.values()):
        report.skipped.append(
            f"{shown(path)}: recap: not in the file, and the database lacks it in a language"
        )
    for lang in _languages():
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
    file = _File(path, report)
    ids = [str(table.get("id")) for table in file.data.get("groups", [])]
    for group in CourseGroup.objects.all():
        if group.key not in ids:
            report.skipped.append(f"{shown(path)}: group {group.key} is not in the file")
            continue
        for lang in _languages():
            file.put(("groups", ids.index(group.key)), lang, getattr(group, f"title_{lang}"))
    file.save()


def content_export(*, rules_dir=RULES_DIR, tutorials_dir=TUTORIALS_DIR) -> ExportReport:
    """Write the editable prose of variants, glossary, course and tutorials into their files."""
    report = ExportReport()
    variants = Variant.objects.prefetch_related("sections", "sources")
    for variant in variants:
        path = Path(rules_dir) / f"{variant.slug}.toml"
        if path.exists():
            _export_variant(variant, path, report)
        else:
            report.skipped.append(f"{shown(path)}: missing, variant {variant.slug} not exported")
    glossary = Path(rules_dir) / "glossary.toml"
    if glossary.exists():
        _export_glossary(glossary, report)
    elif GlossaryTerm.objects.exists():
        report.skipped.append(f"{shown(glossary)}: missing, the glossary is not exported")
    course = Path(tutorials_dir) / COURSE_FILE
    if course.exists():
        _export_course(course, report)
    elif CourseGroup.objects.exists():
        report.skipped.append(f"{shown(course)}: missing, the course groups are not exported")
    for tutorial in Tutorial.objects.prefetch_related("steps"):
        path = Path(tutorials_dir) / f"{tutorial.slug}.toml"
        if path.exists():
            _export_tutorial(tutorial, path, report)
        else:
            report.skipped.append(f"{shown(path)}: missing, tutorial {tutorial.slug} not exported")
    return report
