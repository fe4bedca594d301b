"""`fast_policy` plays on a `FastDeal` exactly the moves `policy.fast_action` plays on `Deal`.

Over seeded deals of every preset the fast path supports (and random option sets on top),
from positions reached by random legal moves (the deal's start, mid-deal, after a close,
with the stock gone) and from worlds the review samples (`worlds.WorldSampler`): both
engines are stepped side by side by their policy, the same move at every step, and they
end with the same result and the same side values; `play_out_by_fast_policy` on its own
ends the same way.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import FAST_OPTIONS, advanced_deal, fast_option_sets
from sixtysix import PRESET_IDS, Deal, fast, get_preset
from sixtysix.fast import FastDeal
from sixtysix.fast_policy import fast_side_value, play_out_by_fast_policy, policy_move
from sixtysix.pimc import side_value
from sixtysix.players import player_view
from sixtysix.policy import fast_action, step
from sixtysix.ruleset import RuleSet
from sixtysix.worlds import WorldSampler

SUPPORTED = tuple(p for p in PRESET_IDS if fast.supports(get_preset(p)))

OPTIONS = {
    k: FAST_OPTIONS[k]
    for k in (
        "exchange_requires_trick",
        "exchange_when_following",
        "exchange_on_opponent_close",
        "marriage_trick_rule",
        "marriage_lead_card",
        "marriage_in_strict_phase",
        "strict_obligation",
        "close_min_stock",
        "close_before_draw",
        "declare_timing",
        "target",
    )
}
"""The options drawn from (a part of FAST_OPTIONS)."""


def advanced(rules: RuleSet, seed: int) -> Deal:
    """A seeded deal moved on by random legal moves (0 to 25 of them; claims rare)."""
    return advanced_deal(rules, seed, 26, skip_claims=0.9)


def both_by_policy(deal: Deal) -> list[int]:
    """Step `deal` by `fast_action` and its FastDeal by `policy_move` side by side: the
    same move every time, the same result. The moves played."""
    f = FastDeal.from_deal(deal)
    g = f.copy()
    d = deal.copy()
    moves: list[int] = []
    while d.result is None and d.to_act is not None:
        a = fast_action(d)
        m = policy_move(f)
        assert fast.to_action(f.to_act, m) == a, (repr(d), moves)
        step(d, a)
        f.apply(m)
        moves.append(m)
    assert f.over and f.result is not None and d.result is not None
    assert f.result.to_dict() == d.result.to_dict()
    for seat in (0, 1):
        assert fast_side_value(f, seat) == side_value(d, seat)
    play_out_by_fast_policy(g)
    assert g.result is not None and g.result.to_dict() == d.result.to_dict()
    return moves


def sampled_worlds(deal: Deal, seed: int, count: int) -> list[Deal]:
    """Worlds the review would deal for the seat to act, each with one candidate applied."""
    if deal.result is not None or len(deal.legal_actions()) < 2:
        return []
    view = player_view(deal, deal.to_act)
    sampler = WorldSampler(view, deal.rules)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        world = sampler.sample(rng)
        assert world.dead == 0  # FastDeal has no dead hand: none in these rules
        for a in view.legal:
            if world.is_legal(a):
                d = world.copy()
                step(d, a)
                out.append(d)
    return out


@pytest.mark.parametrize("preset", SUPPORTED)
def test_the_same_moves_from_seeded_positions(preset: str) -> None:
    rules = get_preset(preset)
    kinds: set[int] = set()
    for seed in range(300):
        kinds.update(both_by_policy(advanced(rules, seed)))
    # the positions met every kind of move the policy makes
    assert fast.DRAW in kinds
    assert kinds & {fast.MELD + s for s in range(4)}
    assert (fast.CLOSE in kinds) == rules.closing_allowed
    assert (fast.DECLARE in kinds) == rules.going_out_allowed
    assert (fast.EXCHANGE in kinds) == (rules.exchange_rank is not None)


@pytest.mark.parametrize("preset", SUPPORTED)
def test_the_same_moves_in_sampled_worlds(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(40):
        for world in sampled_worlds(advanced(rules, 1000 + seed), seed, 3):
            both_by_policy(world)


def test_the_same_moves_under_options() -> None:
    for i, rules in fast_option_sets(3, 240, SUPPORTED, OPTIONS, 5):
        deal = advanced(rules, 5000 + i)
        both_by_policy(deal)
        for world in sampled_worlds(deal, i, 1):
            both_by_policy(world)


def test_every_supported_preset_is_covered() -> None:
    assert {"classic66", "schnapsen", "idiot66"} <= set(SUPPORTED)
