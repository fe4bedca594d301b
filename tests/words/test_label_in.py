"""A button's label inside a sentence: a small first letter after a colon ("Vismazākais
zaudējums: likt J♣"), as it is where the sentence starts with it ("Zagraj W♣ - najlepszy
ruch"); never a letter of a card's picture."""

import pytest
from django.utils.safestring import SafeString, mark_safe

from words.markup import label_in

pytestmark = pytest.mark.unit

CARD = '<span class="card" aria-label="asem pik">A</span>'


def test_inside_a_sentence_the_label_starts_small():
    assert label_in("The one that loses the least: %(move)s.", "move", "Play J") == "play J"


def test_at_the_start_the_label_keeps_its_capital():
    assert label_in("%(move)s - najlepszy ruch.", "move", "Zagraj J") == "Zagraj J"


def test_html_stays_safe_and_a_card_picture_is_not_touched():
    label = mark_safe(f"Zagraj {CARD}")  # noqa: S308 (a constant)
    lowered = label_in("Lepiej: %(move)s.", "move", label)
    assert lowered == f"zagraj {CARD}" and isinstance(lowered, SafeString)
    assert label_in("Lepiej: %(move)s.", "move", mark_safe(CARD)) == CARD  # noqa: S308
