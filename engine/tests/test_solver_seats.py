"""The idle dealer's table: the exact solver, renumbered onto two seats, against brute force."""

from __future__ import annotations

import random

import pytest
from engine_helpers import minimax_reference
from sixtysix import Deal, get_preset
from sixtysix.players import player_view
from sixtysix.solver import solve, supports
from sixtysix.solver.seats import active_seats

pytestmark = pytest.mark.unit

RULES = get_preset("three_dealer_out")


def ending(seed: int, max_cards: int) -> Deal | None:
    """A random three_dealer_out deal played on at random into the strict phase, stock out."""
    rng = random.Random(seed)
    deal = Deal.new(RULES, seed=seed, dealer=seed % 3)
    while deal.result is None:
        small = deal.hands[deal.to_act].bit_count() <= max_cards
        if deal.phase == "strict" and small and rng.random() < 0.6:
            return deal
        legal = deal.legal_actions()
        calm = [a for a in legal if a.type not in ("declare", "close")] or legal
        deal.apply(rng.choice(calm))
    return None


def test_the_idle_dealers_table_is_in_the_solvers_domain() -> None:
    assert supports(RULES)
    assert not supports(get_preset("three_all_play"))
    assert not supports(get_preset("four_partnership_66"))


def test_the_mapped_solver_matches_brute_force_on_random_endings() -> None:
    """Every dealer seat, both active seats to act: exact values per move as brute force."""
    checked = set()
    count = 0
    for seed in range(400):
        deal = ending(seed, 4)
        if deal is None:
            continue
        seat = deal.to_act
        analysis = solve(player_view(deal, seat), deal.rules)
        reference = minimax_reference(deal, seat)
        assert analysis.perfect_information
        assert analysis.seat == seat
        assert {m.action: m.value for m in analysis.moves} == reference, seed
        assert set(analysis.best) == {a for a, v in reference.items() if v == analysis.value}
        assert analysis.value == max(reference.values())
        checked.add((deal.dealer, seat))
        count += 1
        if count >= 60:
            break
    assert count >= 60
    assert len(checked) == 6  # three dealers, two seats to act each


def test_active_seats_come_from_the_view_alone() -> None:
    for dealer in range(3):
        deal = Deal.new(RULES, seed=dealer, dealer=dealer)
        seat = deal.to_act
        assert active_seats(player_view(deal, seat), RULES) == tuple(sorted(deal.active))
