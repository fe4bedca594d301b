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
