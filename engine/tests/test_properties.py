"""Property tests over many random deals of every preset."""

from __future__ import annotations

from typing import get_args

import pytest
from engine_helpers import candidates, random_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from sixtysix import PRESET_IDS, Deal, IllegalAction, get_preset
from sixtysix.cards import POINTS, get_pack
from sixtysix.kinds import ResultReason
from sixtysix.scoring import game_points_1_2_3

pytestmark = pytest.mark.unit

DEALS_PER_PRESET = 2000
FULL_CHECK_DEALS = 80
RESULT_REASONS = frozenset(get_args(ResultReason))
"""How a deal may end (the protocol's words; test_typing checks them against play)."""


def _end_weight(seed: int) -> float:
    return (0.02, 0.2, 1.0)[seed % 3]


def _check_result(deal: Deal) -> None:
    result = deal.result
    assert result is not None
    assert result.reason in RESULT_REASONS
    d = result.to_dict()
    assert sorted(d) == sorted(
        ["winners", "game_points", "reason", "card_points", "game_points_by_seat", *result.extra]
    )
    rules = deal.rules
    if result.reason == "tie":
        assert result.winners == []
    if rules.scoring in ("standard_1_2_3", "each_loser_1_2_3") and result.reason != "tie":
        assert result.winners
        paid = [result.game_points_by_seat[s] for s in result.winners]
        if result.reason in ("false_declaration", "closed_failed", "closer_beaten"):
            # Penalties are paid to each opponent (2, or 3 to one who had no trick yet; with
            # `mirror` what a correct claim would have paid).
            expected = (1, 2, 3) if rules.false_claim_penalty == "mirror" else (2, 3)
            assert all(p in expected for p in paid)
            assert result.game_points == max(paid)
        else:
            assert paid == [result.game_points] * len(paid)
        losers = len(deal.sides) - 1
        assert 1 <= result.game_points <= 3 * losers
    if rules.scoring == "standard_1_2_3" and len(deal.sides) == 2 and result.winners:
        _check_two_sided_table(deal)
    if rules.scoring == "four_hand_130" and result.reason != "tie":
        assert result.game_points in (1, 2, 3)
    if rules.scoring == "bid_units":
        assert result.reason in ("contract_made", "contract_failed", "tie")


def _check_two_sided_table(deal: Deal) -> None:
    """Two sides: the game points follow the 1/2/3 table on the loser's count."""
    rules = deal.rules
    result = deal.result
    assert result is not None
    win_side = deal.side_idx[result.winners[0]]
    lose_side = 1 - win_side
    loser_points = sum(result.card_points[s] for s in deal.sides[lose_side])
    loser_tricks = sum(deal.tricks_won[s] for s in deal.sides[lose_side])
    table = game_points_1_2_3(loser_points, loser_tricks, rules.schneider_threshold)
    reason = result.reason
    if reason in ("declared", "most_points") or (
        reason == "closed_made" and rules.close_scoring_snapshot == "end"
    ):
        assert result.game_points == table
    elif reason == "last_trick":
        expected = 1 if rules.exhausted_resolution == "last_trick_wins_1" else table
        assert result.game_points == expected
    elif reason == "false_declaration" and rules.false_claim_penalty == "flat_2":
        assert result.game_points == 2
    elif reason in ("closed_failed", "closer_beaten"):
        assert result.game_points in (2, 3)
    else:
        assert 1 <= result.game_points <= 3


@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_random_deals_conserve_cards_and_score(preset: str) -> None:
    """Cards are never created or lost, points add up, results match the score table."""
    rules = get_preset(preset)
    pack = get_pack(rules.deck)
    full = sorted(pack.cards)
    played_out = 0
    seen_types: set[str] = set()
    for seed in range(DEALS_PER_PRESET):
        deal, rng = random_deal(preset, seed)
        weight = _end_weight(seed)
        while deal.result is None:
            legal = deal.legal_actions()
            assert legal
            if weight < 1.0 and len(legal) > 1:
                calm = [a for a in legal if a.type not in ("declare", "close")]
                if calm and rng.random() >= weight:
                    legal = calm
            deal.apply(legal[rng.randrange(len(legal))])
        seen_types.update(a.type for a in deal.actions)
        assert deal.card_count_check() == full
        if not any(deal.hands) and deal.stock_size == 0:
            # every card was played: the tricks hold the whole pack's points (minus dead cards)
            assert sum(deal.trick_points) == pack.total_points - _dead_points(deal)
            played_out += 1
        _check_result(deal)
    assert played_out > DEALS_PER_PRESET // 10
    assert seen_types == _expected_types(rules)


def _expected_types(rules: object) -> set[str]:
    """Every action type the preset's rules make possible shows up in random play."""
    r = rules
    types = {"play"}
    if r.stock_draw_rule != "none":
        types.add("draw")
    if r.closing_allowed and r.stock_draw_rule != "none":
        types.add("close")
    if r.going_out_allowed:
        types.add("declare")
    if r.marriage_values != "none":
        types.add("meld")
    if r.exchange_card != "none" and r.trump_source == "turn_up":
        types.add("exchange")
    if r.bidding != "none":
        types |= {"bid", "pass"}
    if r.trump_source == "forehand_names":
        types |= {"trump", "pass"}
    if r.closing_allowed and r.exchange_on_opponent_close != "never" and "exchange" in types:
        types.add("pass")
    return types


def _dead_points(deal: Deal) -> int:
    return sum(POINTS[c] for c in range(64) if deal.dead >> c & 1)


@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_random_deals_legal_and_illegal_actions_agree(preset: str) -> None:
    """Each legal action applies; every other candidate is refused with a code; undo restores."""
    for seed in range(FULL_CHECK_DEALS):
        deal, rng = random_deal(preset, 10_000 + seed)
        cands = candidates(deal)
        while deal.result is None:
            legal = deal.legal_actions()
            legal_set = set(legal)
            assert len(legal_set) == len(legal)
            before = deal.state()
            for a in cands:
                if a in legal_set:
                    deal.apply(a)
                    deal.undo()
                    assert deal.state() == before
                else:
                    with pytest.raises(IllegalAction) as info:
                        deal.apply(a)
                    assert info.value.code
                    assert isinstance(info.value.details, dict)
            assert deal.state() == before
            deal.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_random_deals_undo_to_start_restores_state(preset: str) -> None:
    """Undoing every action returns to the dealt state, step by step."""
    for seed in range(100):
        deal, rng = random_deal(preset, 20_000 + seed)
        states = [deal.state()]
        while deal.result is None:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
            states.append(deal.state())
        for expected in reversed(states[:-1]):
            deal.undo()
            assert deal.state() == expected


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_random_deals_same_seed_same_deal(preset: str) -> None:
    """A seed fixes the deal."""
    rules = get_preset(preset)
    for seed in range(20):
        assert Deal.new(rules, seed=seed).state() == Deal.new(rules, seed=seed).state()
    assert Deal.new(rules, seed=1).state() != Deal.new(rules, seed=2).state()


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESET_IDS), seed=st.integers(0, 2**64), steps=st.integers(0, 40))
def test_copy_is_independent(preset: str, seed: int, steps: int) -> None:
    """A copy plays on without touching the original."""
    deal, rng = random_deal(preset, seed % 10**9)
    for _ in range(steps):
        if deal.result is not None:
            break
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    before = deal.state()
    other = deal.copy()
    while other.result is None:
        other.apply(other.legal_actions()[0])
    assert deal.state() == before
