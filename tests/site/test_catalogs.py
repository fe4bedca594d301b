"""Message catalogs: complete, not fuzzy, placeholders intact, plural forms right."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.utils import translation

pytestmark = pytest.mark.unit

LOCALE = Path(__file__).resolve().parents[2] / "locale"
TRANSLATED = ["da", "nb", "pl", "lv"]


def catalog(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_header_is_not_fuzzy(lang):
    text = (LOCALE / lang / "LC_MESSAGES" / "django.po").read_text()
    header = text.split("\n\n", 1)[0]
    assert "#, fuzzy" not in header


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_is_complete_and_not_fuzzy(lang):
    cat = catalog(lang)
    untranslated = [
        m.id
        for m in cat
        if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_placeholders_match(lang):
    problems = []
    cat = catalog(lang)  # read once: parsing it again for every message took seconds
    for message in cat:
        if message.id:
            problems.extend(f"{message.id!r}: {error}" for error in message.check(cat))
    assert problems == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "pl",
            {
                1: "1 odmiana",
                2: "2 odmiany",
                5: "5 odmian",
                12: "12 odmian",
                21: "21 odmian",
                22: "22 odmiany",
            },
        ),
        (
            "lv",
            {
                0: "0 variantu",
                1: "1 variants",
                2: "2 varianti",
                11: "11 varianti",
                21: "21 variants",
                22: "22 varianti",
            },
        ),
        ("da", {0: "0 varianter", 1: "1 variant", 2: "2 varianter"}),
        ("nb", {0: "0 varianter", 1: "1 variant", 2: "2 varianter"}),
    ],
)
def test_plural_forms_follow_the_catalog_header(lang, expected):
    with translation.override(lang):
        for n, text in expected.items():
            assert (
                translation.ngettext("%(counter)s variant", "%(counter)s variants", n)
                % {"counter": n}
                == text
            )


GETTEXT = {"_": 0, "gettext": 0, "gettext_lazy": 0, "ngettext": 0, "pgettext": 1, "npgettext": 1}
SOURCES = [
    "words", "rules", "tutorial", "puzzles", "practice", "training", "tables", "content",
    "guard", "sixtysix_site",
]  # fmt: skip


def code_messages():
    """(context, msgid, where) of every gettext call with literal text in the site's code."""
    import ast

    root = LOCALE.parent
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                index = GETTEXT.get(node.func.id)
                if index is None or len(node.args) <= index:
                    continue
                args = node.args
                text = args[index]
                if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
                    continue
                first = args[0]
                context = first.value if index == 1 and isinstance(first, ast.Constant) else None
                yield context, text.value, f"{path.relative_to(root)}:{node.lineno}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_the_code_asks_for_is_in_the_catalog(lang):
    """A msgid in the code but not in the catalogue is shown in English: a new or renamed
    message must reach every language."""
    cat = catalog(lang)
    known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}
    missing = [
        (where, msgid)
        for context, msgid, where in code_messages()
        if msgid and (context, msgid) not in known
    ]
    assert missing == []
