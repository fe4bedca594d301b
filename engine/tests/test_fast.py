"""The fast path (sixtysix.fast) and `Deal` agree move for move.

Over seeded random deals of every preset the fast path supports, and of random option
sets on top of them: the same legal moves in the same order at every step, the same
seat to act, trick winners, tricks, card points and pending marriages after every move,
the same position read back by `FastDeal.from_deal`, and the same result. The moves are
picked among all legal ones (false claims and closes at any time included, a fifth as
often as the rest, so that most deals are played out), so every ending is met; a second
run plays the benchmark's sensible policy (`fast.play_out_at_random`), from the deal and from a
position reached midway.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from engine_helpers import FAST_OPTIONS, advanced_deal, fast_option_sets
from sixtysix import PRESET_IDS, Deal, fast, get_preset
from sixtysix.cards import POINTS
from sixtysix.fast import FastDeal
from sixtysix.ruleset import RuleSet
from sixtysix.tricks import SUIT_ALL

SUPPORTED = ("classic66", "classic66_32", "schnapsen", "idiot66")


def pending(deal: Deal) -> list[int]:
    out = [0, 0]
    for s, _suit, v, ok in deal.marriages:
        if v and not ok:
            out[s] += v
    return out


def same_position(f: FastDeal, deal: Deal) -> None:
    """Everything the fast state holds matches the deal."""
    assert f.to_act == (-1 if deal.to_act is None else deal.to_act)
    assert f.hands == deal.hands
    assert f.points == [deal.seat_points(0), deal.seat_points(1)]
    assert f.pending == pending(deal)
    assert f.tricks_won == deal.tricks_won
    assert f.won == deal.won
    assert f.stock_size() == deal.stock_size
    assert f.trump == (4 if deal.trump is None else deal.trump)
    assert f.leader == deal.leader
    assert f.closed_by == (-1 if deal.closed_by is None else deal.closed_by)
    assert f.lead_card == (deal.trick[0][1] if deal.trick else -1)


def play_both(rules: RuleSet, seed: int) -> None:
    """One seeded deal on both engines, random legal moves, checked after every move."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed & 1)
    f = FastDeal.new(rules, seed=seed, dealer=seed & 1)
    while True:
        same_position(f, deal)
        legal = deal.legal_actions()
        assert f.legal_actions() == legal, repr(deal)
        assert FastDeal.from_deal(deal).legal_actions() == legal
        if deal.result is not None:
            break
        a = legal[rng.randrange(len(legal))]
        if a.type in ("declare", "close") and rng.random() < 0.8:  # most deals played out
            a = next((b for b in legal if b.type not in ("declare", "close")), a)
        deal.apply(a)
        f.apply(fast.from_action(a))
    assert f.over and f.result is not None
    assert f.result.to_dict() == deal.result.to_dict()
    assert FastDeal.from_deal(deal).result == deal.result


def trump_points(hand: int, trump: int | None) -> int:
    if trump is None:
        return 0
    return sum(POINTS[c] for c in range(32) if (hand & SUIT_ALL[trump]) >> c & 1)


def policy_from(deal: Deal, f: FastDeal, seed: int) -> None:
    """The benchmark's policy on `deal` and `fast.play_out_at_random` on `f` (the same
    position) with one random stream: the same moves, so the same number and the same result."""
    rules = deal.rules
    stream = random.Random(seed)
    draws = [stream.random() for _ in range(200)]
    it = iter(draws)
    moves = fast.play_out_at_random(f, lambda: next(it))
    it = iter(draws)
    count = 0
    while deal.result is None:
        legal = deal.legal_actions()
        p = legal[0].player
        choice = None
        for a in legal:
            if a.type == "declare" and deal.seat_points(p) >= rules.target:
                choice = a
                break
            if a.type == "close" and (
                deal.seat_points(p) + trump_points(deal.hands[p], deal.trump) >= rules.target
            ):
                choice = a
                break
        if choice is None:
            others = [a for a in legal if a.type not in ("declare", "close")]
            choice = others[int(next(it) * len(others))]
        deal.apply(choice)
        count += 1
    assert moves == count
    assert f.result is not None
    assert f.result.to_dict() == deal.result.to_dict()
    same_position(f, deal)


def policy_both(rules: RuleSet, seed: int) -> None:
    """A whole deal played by the policy on both engines."""
    deal = Deal.new(rules, seed=seed, dealer=seed & 1)
    policy_from(deal, FastDeal.new(rules, seed=seed, dealer=seed & 1), seed)


def policy_from_midway(rules: RuleSet, seed: int) -> None:
    """A deal played at random for a while, then by the policy from `FastDeal.from_deal`."""
    deal = advanced_deal(rules, seed, 30)
    policy_from(deal, FastDeal.from_deal(deal), seed)


def option_sets(seed: int, count: int) -> Iterator[tuple[int, RuleSet]]:
    return fast_option_sets(seed, count, SUPPORTED, FAST_OPTIONS, 6)


def test_supports_exactly_the_two_player_one_pack_presets() -> None:
    assert [p for p in PRESET_IDS if fast.supports(get_preset(p))] == list(SUPPORTED)
    with pytest.raises(ValueError):
        FastDeal.new(get_preset("four_partnership_66"), seed=1)


def test_same_deal_from_the_same_seed() -> None:
    for preset in SUPPORTED:
        rules = get_preset(preset)
        for seed in range(20):
            deal = Deal.new(rules, seed=seed, dealer=seed & 1)
            f = FastDeal.new(rules, seed=seed, dealer=seed & 1)
            same_position(f, deal)
            assert f.stock == deal.stock
            assert f.turnup == (-1 if deal.turnup is None else deal.turnup)


@pytest.mark.parametrize("preset", SUPPORTED)
def test_random_deals_agree(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(150):
        play_both(rules, seed)


@pytest.mark.parametrize("preset", SUPPORTED)
def test_policy_playouts_agree(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(150):
        policy_both(rules, seed)
        policy_from_midway(rules, seed)


def test_policy_playouts_agree_under_options() -> None:
    for i, rules in option_sets(5, 120):
        policy_both(rules, i)
        policy_from_midway(rules, i)


def test_random_options_agree() -> None:
    for i, rules in option_sets(7, 120):
        play_both(rules, i)


def test_copy_is_independent() -> None:
    f = FastDeal.new(get_preset("classic66"), seed=3)
    g = f.copy()
    fast.play_out_at_random(g, random.Random(1).random)
    assert g.over and not f.over
    assert f.hands == FastDeal.new(get_preset("classic66"), seed=3).hands


@pytest.mark.slow
@pytest.mark.parametrize("preset", SUPPORTED)
def test_thousands_of_random_deals_agree(preset: str) -> None:
    rules = get_preset(preset)
    for seed in range(1000, 4000):
        play_both(rules, seed)
        policy_both(rules, seed)
        policy_from_midway(rules, seed)


@pytest.mark.slow
def test_thousands_of_option_sets_agree() -> None:
    for i, rules in option_sets(11, 3000):
        play_both(rules, 10_000 + i)
        policy_from_midway(rules, 10_000 + i)
