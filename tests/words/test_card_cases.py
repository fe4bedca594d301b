"""Card, rank and suit names in every form, held against a native card player's table.

The reference is `card-forms.toml` of the shared grammar folder beside the repository
(`../shared/grammar/`, looked for beside every folder above the repository, since a worktree
may sit deeper); where it is absent, the committed copy in tests/data. Its first form is the
preferred one, and the site follows it.
"""

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.utils import translation
from sixtysix.cards import RANKS, SUITS

from words.card_names import FORMS, card_name, card_slot, rank_word, suit_slot, suit_word
from words.markup import SLOT, fill_html

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
COPY = ROOT / "tests" / "data" / "card-forms.toml"
SHARED = next(
    (
        folder / "shared" / "grammar" / "card-forms.toml"
        for folder in ROOT.parents
        if (folder / "shared" / "grammar" / "card-forms.toml").is_file()
    ),
    None,
)
REFERENCE = tomllib.loads((SHARED or COPY).read_text(encoding="utf-8"))
LANGUAGES = ["en", "da", "nb", "pl", "lv"]
CARDS = [rank + suit for suit in SUITS for rank in RANKS]
LABEL = re.compile(r'aria-label="([^"]*)"')


def preferred(value: str | list[str], lang: str) -> str:
    """The table's first form; Latvian "ar" belongs to the sentence, not to the name."""
    form = value[0] if isinstance(value, list) else value
    return form.removeprefix("ar ") if lang == "lv" else form


@pytest.mark.skipif(SHARED is None, reason="no shared grammar folder beside the repository")
def test_the_committed_copy_is_the_shared_table():
    assert COPY.read_bytes() == SHARED.read_bytes()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_in_every_form(lang):
    wrong = []
    with translation.override(lang):
        for code in CARDS:
            for form, expected in REFERENCE[lang]["card"][code].items():
                got = card_name(code, form)
                if got != preferred(expected, lang):
                    wrong.append(f"{code}:{form} {got!r} != {preferred(expected, lang)!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", ["da", "nb", "pl", "lv"])
@pytest.mark.parametrize(
    ("kind", "codes", "word"), [("rank", RANKS, rank_word), ("suit", SUITS, suit_word)]
)
def test_every_rank_and_suit_in_every_form(lang, kind, codes, word):
    wrong = []
    with translation.override(lang):
        for code in codes:
            for form, expected in REFERENCE[lang][kind][code].items():
                got = word(code, form)
                if got != preferred(expected, lang):
                    wrong.append(f"{code}:{form} {got!r} != {preferred(expected, lang)!r}")
    assert wrong == []


def _slot_templates(lang):
    """Every catalogue message with a card or suit slot: (msgid, msgstr) of `lang`."""
    path = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=lang)
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any(_slots(text) for text in ids):
            yield from ((ids[0], string) for string in strings)


def _slots(text):
    return [(name, form) for name, form in SLOT.findall(text) if name in ("card", "suit")]


def _allowed(lang, name):
    table = FORMS[lang]
    if name == "card":
        return set(table["card"]["forms"])
    return {form for words in table["suit"].values() for form in words} - {"article"}


def _expected(lang, name, form):
    """What the reference says the slot should speak: the QH card, or the Clubs suit."""
    table = FORMS[lang]
    if name == "card":
        form = form or table["card"]["default"]
        return preferred(REFERENCE[lang]["card"]["QH"][form], lang)
    return preferred(REFERENCE[lang]["suit"]["C"][form or table["card"]["default"]], lang)


def test_every_card_slot_of_the_site_names_its_form():
    """A card slot filled by %(card)s would take one form for every language."""
    templates = list(_slot_templates("pl"))
    assert len(templates) >= 16
    with open(ROOT / "locale" / "pl" / "LC_MESSAGES" / "django.po", encoding="utf-8") as po:
        ids = [line for line in po if line.startswith("msgid")]
    assert not [line for line in ids if "%(card)s" in line or "%(suit)s" in line]


@pytest.mark.parametrize("lang", ["da", "nb", "pl", "lv"])
def test_every_template_speaks_each_slot_in_the_form_it_names(lang):
    """Render each template with a card (QH) and a suit (C); every slot's spoken name must be
    the reference's form for the form its translation names, in the order written."""
    problems = []
    for msgid, msgstr in _slot_templates(lang):
        slots = _slots(msgstr)
        if sorted(name for name, _ in slots) != sorted(name for name, _ in _slots(msgid)):
            problems.append(f"{msgstr!r}: slots differ from {msgid!r}")
            continue
        bad = [form for name, form in slots if form and form not in _allowed(lang, name)]
        if bad:
            problems.append(f"{msgstr!r}: no such form {bad}")
            continue
        plain = {key: "X" for key in re.findall(r"%\((\w+)\)s", msgid)}
        plain.update({key: 1 for key in re.findall(r"%\((\w+)\)d", msgid)})
        with translation.override(lang):
            html = str(fill_html(msgstr, card=card_slot("QH"), suit=suit_slot("C"), **plain))
        labels = LABEL.findall(html)
        expected = [_expected(lang, name, form) for name, form in slots]
        if labels != expected:
            problems.append(f"{msgstr!r}: {labels} != {expected}")
    assert problems == []


def test_english_sentences_take_the_article_their_msgid_names():
    with translation.override("en"):
        html = str(fill_html("You play [card:def], not [card:indef].", card=card_slot("AH")))
    assert LABEL.findall(html) == ["the Ace of Hearts", "an Ace of Hearts"]
