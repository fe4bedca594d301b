"""The expert's play-outs on the bitmask path agree with the generic ones.

`pimc.evaluate(..., fast=True)` plays every world out on a `FastDeal` and must give the
very evaluation the generic `Deal` play-outs give (same worlds, same values); with
`exact=True` the world's strict phase is valued by the solver's search from the
`FastDeal`'s state, which must be the value `solver.solve` gives the same position.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import advanced_deal
from sixtysix import PRESET_IDS, Deal, fast, get_preset
from sixtysix.computer_thumb import honest_moves
from sixtysix.fast import FastDeal, from_action
from sixtysix.fast_pimc import Leaves, play_out
from sixtysix.pimc import evaluate
from sixtysix.players import player_view
from sixtysix.policy import fast_action
from sixtysix.solver import solve
from sixtysix.solver import supports as solver_supports

pytestmark = pytest.mark.unit

SUPPORTED = tuple(p for p in PRESET_IDS if fast.supports(get_preset(p)))


def open_position(preset: str, seed: int) -> Deal | None:
    """A seeded deal moved on by random legal moves, in the open phase, with a choice."""
    deal = advanced_deal(get_preset(preset), seed, 12, skip_claims=0.9)
    if deal.result is not None or deal.phase != "open" or len(deal.legal_actions()) < 2:
        return None
    return deal


@pytest.mark.parametrize("preset", SUPPORTED)
def test_fast_and_generic_play_outs_give_the_same_evaluation(preset: str) -> None:
    rules = get_preset(preset)
    checked = 0
    for seed in range(30):
        deal = open_position(preset, 600_000 + seed)
        if deal is None:
            continue
        view = player_view(deal, deal.to_act)
        moves = honest_moves(view, rules)
        evals = [
            evaluate(view, rules, moves, random.Random(seed), samples=6, time_limit=None, fast=f)
            for f in (False, True)
        ]
        assert evals[0] == evals[1]
        checked += 1
    assert checked >= 10


def strict_position(preset: str, seed: int) -> Deal | None:
    """A deal played by the policy into the strict phase (stock exhausted), a few moves on."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % 2)
    while deal.result is None and deal.phase != "strict":
        moves = [a for a in deal.legal_actions() if a.type != "close"]
        deal.apply(fast_action(deal) if rng.random() < 0.7 else rng.choice(moves))
    for _ in range(rng.randrange(3)):
        if deal.result is None:
            deal.apply(fast_action(deal))
    if deal.result is not None or deal.closed_by is not None:
        return None
    return deal


@pytest.mark.parametrize("preset", [p for p in SUPPORTED if solver_supports(get_preset(p))])
def test_exact_leaves_are_the_solvers_values(preset: str) -> None:
    """Each move of a strict-phase position: the solver's value for the seat to act, and
    the value `fast_pimc` reads off the same position as a `FastDeal`."""
    rules = get_preset(preset)
    checked = 0
    for seed in range(60):
        deal = strict_position(preset, 610_000 + seed)
        if deal is None:
            continue
        seat = deal.to_act
        assert seat is not None
        analysis = solve(player_view(deal, seat), rules)
        start = FastDeal.from_deal(deal)
        leaves = Leaves(rules)
        for m in analysis.moves:
            d = start.copy()
            d.apply(from_action(m.action))
            assert play_out(d, seat, leaves) == m.value, (preset, seed, m)
            checked += 1
    assert checked >= 30
