"""A suit written out beside its symbol ("kreiča ♣ kārts") is read once by a screen reader:
the symbol beside the word is hidden from it; a symbol alone keeps its spoken name."""

import pytest
from django.utils import translation

from words.card_names import suit_slot

pytestmark = pytest.mark.unit


def test_the_symbol_beside_the_word_is_hidden_and_alone_it_is_named():
    with translation.override("lv"):
        named = str(suit_slot("C", named=True).form("gen"))
        alone = str(suit_slot("C").form("gen"))
    assert named.startswith("kreiča ") and 'aria-hidden="true"' in named
    assert "aria-label" not in named
    assert 'aria-label="kreiča"' in alone and 'role="img"' in alone
