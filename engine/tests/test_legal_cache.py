"""`Deal.legal_actions()` is computed once per position: the cache never shows stale moves.

After every apply, undo and copy, and after a copy's hands are edited (as the hints and
the tests' twins do), the list equals a fresh computation; a caller changing the list it
got changes nothing for the next caller.
"""

from __future__ import annotations

import random

import pytest
from sixtysix import PRESET_IDS, Action, Deal, get_preset
from sixtysix.legality import Legality


def fresh(deal: Deal) -> list[Action]:
    """What the listing computes without the cache."""
    return Legality.legal_actions(deal)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_cached_list_is_always_the_fresh_one(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(15):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
        while deal.result is None:
            legal = deal.legal_actions()
            assert legal == fresh(deal)
            legal.clear()  # the caller's own list
            assert deal.legal_actions() == fresh(deal)
            options = deal.legal_actions()
            deal.apply(options[rng.randrange(len(options))])
            if rng.random() < 0.2:
                deal.undo()
                assert deal.legal_actions() == fresh(deal)
                deal.apply(fresh(deal)[0])
                assert deal.legal_actions() == fresh(deal)
        assert deal.legal_actions() == [] == fresh(deal)


def test_undo_brings_back_the_earlier_list() -> None:
    deal = Deal.new(get_preset("classic66"), seed=4)
    first = deal.legal_actions()
    deal.apply(first[0])
    assert deal.legal_actions() != first
    deal.undo()
    assert deal.legal_actions() == first == fresh(deal)


def test_an_edited_copy_lists_its_own_moves() -> None:
    deal = Deal.new(get_preset("classic66"), seed=9)
    seat = deal.to_act
    before = deal.legal_actions()
    twin = deal.copy()
    other = 0
    for c in range(32):  # give the seat to act the other player's hand
        if deal.hands[1 - seat] >> c & 1:
            other |= 1 << c
    twin.hands[seat] = other
    assert twin.legal_actions() == fresh(twin) != before
    assert deal.legal_actions() == before
