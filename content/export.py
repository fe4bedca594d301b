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
from tomlkit.items import String, StringType, Trivia

from .files import read_toml, shown
from .load import chosen_sources


@dataclass
class ExportReport:
    files: list[str] = field(default_factory=list)  # files rewritten
    fields: int = 0  # values written
    skipped: list[str] = field(default_factory=list)  # values the files cannot take

    def __str__(self):
        return f"{self.fields} fields written into {len(self.files)} files"


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


class TomlFile:
    """One content file open for editing; written back only if a value changed."""

    def __init__(self, path: Path, report: ExportReport):
        self.path, self.report = path, report
        self.shown = shown(path)  # named in every skipped value: resolved once
        self.data = read_toml(path)  # for comparing: fast
        # for editing: tomlkit is slow, so parsed at the first change only
        self.doc: tomlkit.TOMLDocument | None = None
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
        if self.changed and self.doc is not None:
            self.path.write_text(tomlkit.dumps(self.doc), encoding="utf-8")
            self.report.files.append(self.shown)


def content_export(**places) -> ExportReport:
    """Write the editable prose of every registered source back into its files."""
    report = ExportReport()
    for source, place in chosen_sources(places):
        if source.export is not None:
            source.export(place, report)
    return report
