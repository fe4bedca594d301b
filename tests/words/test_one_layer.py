"""Every sentence the site builds from the game lives in words/: the apps pass facts.

The source of every app outside words/ (and outside the engine, the tests and migrations)
is read as a syntax tree. A translated string that gets values put into it — `_() % {...}`,
`.format()`, an f-string around it, a message assigned and formatted later, or a translated
template handed to `fill_html` with values — is a sentence built outside words/, and fails,
unless it is one of the few plain messages listed below (a 404 or a bad-input message that
names what the reader typed, not a fact of the game). Templates may translate with
`{% blocktranslate %}`; they are not read here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "tests", "words", "engine", "node_modules", "benchmarks", "scripts", ".git"}
GETTEXT = {
    "_",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "gettext_lazy",
    "ngettext_lazy",
    "pgettext_lazy",
    "npgettext_lazy",
}
NOT_YET: set[str] = set()
# Plain messages about the request, not the game: (file, start of the English message).
ALLOWED = {
    ("practice/views.py", "There is no practice game for"),
    ("practice/views.py", "That is not a deal number of this site"),
    ("training/views.py", "There is no practice game for"),
    ("puzzles/services.py", "There is no puzzle number"),
    ("training/rating_views.py", "There is no puzzle number"),
    ("puzzles/services.py", "There is no variant called"),
    ("puzzles/services.py", "There is no puzzle theme called"),
    ("rules/house_pages.py", "There is no variant called"),
    ("rules/selectors.py", "There is no variant called"),
    ("tutorial/services.py", "There is no tutorial called"),
    ("tutorial/services.py", "This tutorial has no step"),
    ("sixtysix_site/views.py", "Too many failed sign-in attempts"),
}


def _is_gettext(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name in GETTEXT


def _message(node: ast.AST) -> str:
    """The English message of a gettext call (its first string argument)."""
    for arg in getattr(node, "args", []):
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
    return ""


def built_sentences(source: str) -> list[tuple[int, str]]:
    """(line, message) of every translated string that gets values put into it."""
    tree = ast.parse(source)
    found: list[tuple[int, ast.AST]] = []
    for scope in ast.walk(tree):
        if not isinstance(scope, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        translated = {}  # names assigned a translated string in this scope
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and _is_gettext(node.value):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        translated[target.id] = node.value
        for node in ast.walk(scope):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
                if _is_gettext(node.left):
                    found.append((node.lineno, node.left))
                elif isinstance(node.left, ast.Name) and node.left.id in translated:
                    found.append((node.lineno, translated[node.left.id]))
            elif isinstance(node, ast.Call):
                func = node.func
                if (
                    isinstance(func, ast.Attribute)
                    and func.attr == "format"
                    and (_is_gettext(func.value))
                ):
                    found.append((node.lineno, func.value))
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name == "fill_html" and node.keywords and node.args:
                    first = node.args[0]
                    if _is_gettext(first):
                        found.append((node.lineno, first))
                    elif isinstance(first, ast.Name) and first.id in translated:
                        found.append((node.lineno, translated[first.id]))
                if (
                    _is_gettext(node)
                    and node.args
                    and (isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)))
                ):
                    found.append((node.lineno, node))
            elif isinstance(node, ast.JoinedStr):
                for value in node.values:
                    if isinstance(value, ast.FormattedValue) and _is_gettext(value.value):
                        found.append((node.lineno, value.value))
    return sorted({(line, _message(call)) for line, call in found})


def app_files() -> list[Path]:
    return [
        path
        for path in sorted(ROOT.rglob("*.py"))
        if not SKIP & set(path.relative_to(ROOT).parts[:1])
        and "migrations" not in path.parts
        and not any(part.startswith(".") for part in path.relative_to(ROOT).parts)
    ]


def offenders() -> list[str]:
    out = []
    for path in app_files():
        name = path.relative_to(ROOT).as_posix()
        if name in NOT_YET:
            continue
        for line, message in built_sentences(path.read_text(encoding="utf-8")):
            if any(name == file and message.startswith(start) for file, start in ALLOWED):
                continue
            out.append(f"{name}:{line}: {message[:70]!r}")
    return out


def test_no_app_builds_a_sentence_outside_words():
    assert offenders() == []


def test_the_apps_were_read():
    names = {path.relative_to(ROOT).as_posix() for path in app_files()}
    assert {"practice/views.py", "rules/parameters.py", "tutorial/services.py"} <= names
    assert not any(name.startswith(("words/", "tests/", "engine/")) for name in names)


def test_every_allowed_message_is_still_there():
    """An exception that no longer exists is removed from the list, so it stays short."""
    seen = set()
    for path in app_files():
        name = path.relative_to(ROOT).as_posix()
        for _line, message in built_sentences(path.read_text(encoding="utf-8")):
            seen |= {(f, s) for f, s in ALLOWED if f == name and message.startswith(s)}
    assert seen == ALLOWED


@pytest.mark.parametrize(
    "source",
    [
        'x = _("You have %(n)d points.") % {"n": n}',
        'x = ngettext("%(n)d trick", "%(n)d tricks", n) % {"n": n}',
        'def f(n):\n    text = _("You have %(n)d.")\n    return text % {"n": n}',
        'x = _("You have {n}.").format(n=n)',
        "x = f\"{_('You have')} {n}\"",
        'x = _(f"You have {n}")',
        'x = fill_html(_("You play [card]."), card=card)',
        'def f(c):\n    m = _("Hint: %(hint)s")\n    return fill_html(m, hint=c)',
    ],
)
def test_the_reader_finds_each_way_of_building_a_sentence(source):
    assert built_sentences(source)


def test_a_plain_label_is_no_sentence():
    assert not built_sentences('x = _("Close the stock")\ny = fill_html(_("Draw"))')
