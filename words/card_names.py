"""Card names and pictures in the reader's language.

The engine speaks in two-letter codes (`QH`); readers see a card with the index letter their
own packs print and a spoken name for screen readers. Inside a sentence the card is a small
tile of text; on the table it is the card's face from the cached sprite `cards/cards.svg`
(drawn by scripts/make_cards.py), with the same index laid over it in HTML, so one sprite
serves every language.
"""

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext_lazy
from sixtysix.cards import RANKS

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

RANK_NAMES = {
    "A": pgettext_lazy("rank", "Ace"),
    "T": pgettext_lazy("rank", "Ten"),
    "K": pgettext_lazy("rank", "King"),
    "Q": pgettext_lazy("rank", "Queen"),
    "J": pgettext_lazy("rank", "Jack"),
    "9": pgettext_lazy("rank", "Nine"),
    "8": pgettext_lazy("rank", "Eight"),
    "7": pgettext_lazy("rank", "Seven"),
}

SUIT_NAMES = {
    "C": pgettext_lazy("suit", "Clubs"),
    "D": pgettext_lazy("suit", "Diamonds"),
    "H": pgettext_lazy("suit", "Hearts"),
    "S": pgettext_lazy("suit", "Spades"),
}

# Translators: rank and suit as they stand inside a card's full name (inflect as needed,
# e.g. Latvian genitive "ercena").
RANK_IN_CARD_NAME = {
    "A": pgettext_lazy("rank in a card name", "Ace"),
    "T": pgettext_lazy("rank in a card name", "Ten"),
    "K": pgettext_lazy("rank in a card name", "King"),
    "Q": pgettext_lazy("rank in a card name", "Queen"),
    "J": pgettext_lazy("rank in a card name", "Jack"),
    "9": pgettext_lazy("rank in a card name", "Nine"),
    "8": pgettext_lazy("rank in a card name", "Eight"),
    "7": pgettext_lazy("rank in a card name", "Seven"),
}
SUIT_IN_CARD_NAME = {
    "C": pgettext_lazy("suit in a card name", "Clubs"),
    "D": pgettext_lazy("suit in a card name", "Diamonds"),
    "H": pgettext_lazy("suit in a card name", "Hearts"),
    "S": pgettext_lazy("suit in a card name", "Spades"),
}


# A card named inside a sentence takes the case the sentence gives it ("Zagrywasz damę
# kier", "Tu liec ercena dāmu"). Texts ask for it with a suffix, `[QH:acc]`; each entry
# lists the eight ranks in that case, in the order of its English text, split at "|".
# Translators: languages without these cases repeat the "rank in a card name" words.
RANKS_IN_CASE = {
    "gen": pgettext_lazy(
        "ranks in a card name, genitive (of the ...)", "Ace|Ten|King|Queen|Jack|Nine|Eight|Seven"
    ),
    "dat": pgettext_lazy(
        "ranks in a card name, dative (to the ...)", "Ace|Ten|King|Queen|Jack|Nine|Eight|Seven"
    ),
    "acc": pgettext_lazy(
        "ranks in a card name, accusative (you play the ...)",
        "Ace|Ten|King|Queen|Jack|Nine|Eight|Seven",
    ),
    "ins": pgettext_lazy(
        "ranks in a card name, instrumental (with the ...; Latvian: accusative after ar)",
        "Ace|Ten|King|Queen|Jack|Nine|Eight|Seven",
    ),
    "loc": pgettext_lazy(
        "ranks in a card name, locative (in/on the ...)", "Ace|Ten|King|Queen|Jack|Nine|Eight|Seven"
    ),
}
CASES = tuple(RANKS_IN_CASE)


def rank_in_case(rank: str, case: str | None) -> str:
    """The rank word of a card name, inflected for `case` (None: as a name stands alone)."""
    if case is None:
        return str(RANK_IN_CARD_NAME[rank])
    forms = str(RANKS_IN_CASE[case]).split("|")
    return forms[RANKS.index(rank)].strip()


def card_name(code: str, case: str | None = None) -> str:
    """The spoken name of a card, e.g. "Queen of Hearts" / "dama kier" / "ercena dāma"."""
    rank, suit = code[0], code[1]
    # Translators: a card's full name. Reorder or inflect freely; the two words come from
    # the "rank in a card name" and "suit in a card name" entries.
    return gettext("%(rank)s of %(suit)s") % {
        "rank": rank_in_case(rank, case),
        "suit": SUIT_IN_CARD_NAME[suit],
    }


def card_html(code: str, case: str | None = None, *, face: bool = False) -> str:
    """A card picture: role=img with the spoken name, the visible glyphs hidden.

    `face=True` draws the full card face (hands, trick, turn-up); otherwise a small tile
    that sits in a line of text.
    """
    rank, suit = code[0], code[1]
    if face:
        return format_html(
            '<span class="card card--face" role="img" aria-label="{}" data-suit="{}"'
            ' data-card="{}"><svg class="card__art" viewBox="0 0 200 280" aria-hidden="true">'
            '<use href="{}#{}"></use></svg>'
            '<span class="card__index" aria-hidden="true"><span class="card__rank">{}</span>'
            '<span class="card__suit">{}</span></span></span>',
            card_name(code, case),
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
        card_name(code, case),
        suit,
        RANK_LETTERS[rank],
        SUIT_SYMBOLS[suit],
    )


def suit_html(suit: str) -> str:
    """A suit symbol with its spoken name."""
    return format_html(
        '<span class="suit" role="img" aria-label="{}" data-suit="{}">{}</span>',
        SUIT_NAMES[suit],
        suit,
        SUIT_SYMBOLS[suit],
    )
