"""Cards: codes, ids, points and pack tables."""

from __future__ import annotations

import pytest

from rules.engine.cards import (
    CODES,
    card_id,
    code_of,
    get_pack,
    is_card_code,
    mask_codes,
    parse_code,
    points_of,
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
