"""Card names and pictures in the reader's language.

The engine speaks in two-letter codes (`QH`); readers see a card with the index letter their
own packs print and a spoken name for screen readers, in the form its sentence asks for
(the forms are the site's table `card_forms.toml`). Inside a sentence the card is a small
tile of text; on the table it is the card's face from the cached sprite `cards/cards.svg`
(drawn by scripts/make_cards.py), with the same index laid over it in HTML, so one sprite
serves every language.
"""

import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext_lazy

SUIT_SYMBOLS = {"C": "♣\ufe0e", "D": "♦\ufe0e", "H": "♥\ufe0e", "S": "♠\ufe0e"}

# Translators: the index letter printed in the corner of a card
# (Polish packs print D for the Queen).
RANK_LETTERS = {
    "A": pgettext_lazy("card rank", "A"),
    "T": pgettext_lazy("card rank", "10"),
    "K": pgettext_lazy("card rank", "K"),
    "Q": pgettext_lazy("card rank", "Q"),
    "J": pgettext_lazy("card rank", "J"),
    "9": pgettext_lazy("card rank", "9"),
    "8": pgettext_lazy("card rank", "8"),
    "7": pgettext_lazy("card rank", "7"),
}

FORMS = tomllib.loads(Path(__file__).with_name("card_forms.toml").read_text(encoding="utf-8"))
# every form a card token or slot may name in some language ("[QH:acc]", "[card:def]")
CARD_FORMS = tuple(
    dict.fromkeys(form for table in FORMS.values() for form in table["card"]["forms"])
)
SUIT_FORMS = tuple(
    dict.fromkeys(
        form for table in FORMS.values() for words in table["suit"].values() for form in words
    )
)


def _language() -> dict[str, Any]:
    table: dict[str, Any] = FORMS.get((get_language() or "en").split("-")[0], FORMS["en"])
    return table


def _form(table: dict[str, Any], words: dict[str, Any], form: str | None) -> str:
    """The form asked for where the language has it, else the form a name takes on its own."""
    return form if form in words else table["card"]["default"]


def rank_word(rank: str, form: str | None = None) -> str:
    """A rank on its own in a form: "asa", "dūzi", "esset", "Ace"."""
    table = _language()
    words = table["rank"][rank]
    return str(words[_form(table, words, form)])


def suit_word(suit: str, form: str | None = None) -> str:
    """A suit on its own in a form: "kiera", "ercena", "hjerteren", "Hearts"."""
    table = _language()
    words = table["suit"][suit]
    return str(words[_form(table, words, form)])


def card_name(code: str, form: str | None = None) -> str:
    """The spoken name of a card in a form: "Queen of Hearts", "damę kier", "ercena dāmu".

    The language's pattern for that form joins its rank and suit words (card_forms.toml);
    a form the language does not have (Danish has no accusative) gives the plain name.
    """
    table = _language()
    patterns = table["card"]
    form = form if form in patterns["forms"] else patterns["default"]
    rank, suit = (table["rank"][code[0]], table["suit"][code[1]])
    return str(patterns.get(form, patterns.get("*", ""))).format(
        rank={**rank, "*": rank.get(form)}, suit={**suit, "*": suit.get(form)}
    )


class Slot:
    """A card or suit in a sentence, spoken in the form the translation names: `[card:acc]`.

    The translated string, not the code, picks the form, since Polish and Latvian need
    different cases in the same sentence (words.markup.fill_html fills it).
    """

    def __init__(self, draw: Callable[[str | None], SafeString]) -> None:
        self.draw = draw

    def form(self, form: str | None) -> SafeString:
        return self.draw(form)


def card_slot(code: str) -> Slot:
    return Slot(lambda form: card_html(code, form))


def suit_slot(suit: str, *, named: bool = False) -> Slot:
    """A suit picture; `named` puts its word before it ("Hearts ♥", "kreiča ♣")."""
    if named:  # the word is read out; the picture beside it is only seen
        return Slot(lambda form: format_html("{} {}", suit_word(suit, form), suit_symbol(suit)))
    return Slot(lambda form: suit_html(suit, form))


def card_html(code: str, form: str | None = None, *, face: bool = False) -> SafeString:
    """A card picture: role=img with the spoken name, the visible glyphs hidden.

    `face=True` draws the full card face (hands, trick, turn-up); otherwise a small tile
    that sits in a line of text. Drawn once per language (a table draws dozens a view).
    """
    return _card_html(code, form, face, get_language())


@lru_cache(maxsize=4096)
def _card_html(code: str, form: str | None, face: bool, language: str | None) -> SafeString:
    rank, suit = code[0], code[1]
    if face:
        return format_html(
            '<span class="card card--face" role="img" aria-label="{}" data-suit="{}"'
            ' data-card="{}"><svg class="card__art" viewBox="0 0 200 280" aria-hidden="true">'
            '<use href="{}#{}"></use></svg>'
            '<span class="card__index" aria-hidden="true"><span class="card__rank">{}</span>'
            '<span class="card__suit">{}</span></span></span>',
            card_name(code, form),
            suit,
            code,
            static("cards/cards.svg"),
            code,
            RANK_LETTERS[rank],
            SUIT_SYMBOLS[suit],
        )
    return format_html(
        '<span class="card" role="img" aria-label="{}" data-suit="{}">'
        '<span class="card__rank" aria-hidden="true">{}</span>'
        '<span class="card__suit" aria-hidden="true">{}</span></span>',
        card_name(code, form),
        suit,
        RANK_LETTERS[rank],
        SUIT_SYMBOLS[suit],
    )


def suit_symbol(suit: str) -> SafeString:
    """A suit symbol beside its written name: hidden from screen readers, which read the name."""
    return format_html(
        '<span class="suit" aria-hidden="true" data-suit="{}">{}</span>', suit, SUIT_SYMBOLS[suit]
    )


def suit_html(suit: str, form: str | None = None) -> SafeString:
    """A suit symbol with its spoken name."""
    return format_html(
        '<span class="suit" role="img" aria-label="{}" data-suit="{}">{}</span>',
        suit_word(suit, form),
        suit,
        SUIT_SYMBOLS[suit],
    )
