"""Cards: codes, ids, points and pack tables."""

from __future__ import annotations

import pytest
from sixtysix.cards import (
    CODES,
    DECKS,
    card_id,
    code_of,
    get_pack,
    is_card_code,
    mask_codes,
    parse_code,
    points_of,
    shuffled,
)

pytestmark = pytest.mark.unit


def test_cards_codes_rank_then_suit() -> None:
    assert code_of(card_id(3, 0)) == "AS"
    assert code_of(card_id(2, 1)) == "TH"
    assert code_of(card_id(0, 5)) == "9C"
    assert code_of(card_id(1, 7, copy=1)) == "7D"


def test_cards_points_per_rank() -> None:
    assert [points_of(card_id(0, r)) for r in range(8)] == [11, 10, 4, 3, 2, 0, 0, 0]


@pytest.mark.parametrize(
    ("deck", "size", "points"),
    [("24", 24, 120), ("20", 20, 120), ("32", 32, 120), ("2x24", 48, 240)],
)
def test_cards_pack_sizes_and_points(deck: str, size: int, points: int) -> None:
    pack = get_pack(deck)
    assert pack.size == size
    assert pack.total_points == points
    assert bin(pack.mask).count("1") == size


def test_cards_two_packs_share_codes() -> None:
    pack = get_pack("2x24")
    assert pack.ids_for("AS") == (card_id(3, 0), card_id(3, 0, 1))
    assert get_pack("24").ids_for("7S") == ()


def test_cards_parse_and_validate_codes() -> None:
    assert parse_code("QH") == (2, 3)
    assert is_card_code("TS") is True
    assert is_card_code("10S") is False
    assert is_card_code(12) is False
    with pytest.raises(ValueError):
        parse_code("XX")


def test_cards_mask_codes_in_display_order() -> None:
    mask = (1 << card_id(3, 5)) | (1 << card_id(0, 0)) | (1 << card_id(3, 0))
    assert mask_codes(mask) == ["AC", "AS", "9S"]
    assert len(set(CODES)) == 32


@pytest.mark.parametrize("deck", DECKS)
def test_shuffled_is_a_permutation_fixed_by_its_seed(deck: str) -> None:
    cards = get_pack(deck).cards
    for seed in (0, 1, -7, 10**30):
        once = shuffled(cards, seed)
        assert sorted(once) == sorted(cards)
        assert shuffled(cards, seed) == once
    assert shuffled(cards, 1) != shuffled(cards, 2)
    assert shuffled(cards, None) != shuffled(cards, None)


def test_shuffled_puts_each_card_everywhere_equally_often() -> None:
    """Over 24,000 seeds each card lands in each of the 24 places about 1,000 times."""
    cards = get_pack("24").cards
    counts = [[0] * 24 for _ in cards]
    for seed in range(24_000):
        for place, card in enumerate(shuffled(cards, seed)):
            counts[cards.index(card)][place] += 1
    flat = [n for row in counts for n in row]
    # each count is binomial(24000, 1/24): mean 1000, sd 31; 6 sd either way
    assert min(flat) > 810 and max(flat) < 1190
    chi2 = sum((n - 1000) ** 2 / 1000 for n in flat)
    assert chi2 < 700  # 529 degrees of freedom: mean 529, sd 33
