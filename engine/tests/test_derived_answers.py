"""RuleSet's derived answers agree with what the engine does.

Random deals of every preset are played with random legal moves; each answer the pages
and lessons are built from (stock, exchange, closing, declaring, marriages, ties, sides,
opponents, pack) is checked against what the engine offered and how the deals ended.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from sixtysix.cards import CODES, RANKS, points_of
from sixtysix.deal import Deal
from sixtysix.presets import PRESET_IDS, get_preset

DEALS = 120


@cache
def observed(preset_id: str) -> dict:
    """What random play of one preset showed: action types offered, result reasons, setups."""
    rules = get_preset(preset_id)
    rng = random.Random(preset_id)
    seen: dict = {"types": set(), "reasons": set(), "stock_sizes": set(), "turnups": set()}
    seen["phases_at_first_card"] = set()
    for i in range(DEALS):
        deal = Deal.new(rules, seed=f"{preset_id}-{i}", dealer=i % rules.players)
        seen["stock_sizes"].add(deal.state()["stock_size"])
        seen["turnups"].add(deal.turnup is not None)
        seen["sides"] = len(deal.sides)
        seen["opponents"] = {
            seat: sum(1 for s in deal.active if deal.side_of[s] != deal.side_of[seat])
            for seat in deal.active
        }
        seen["pack"] = deal.pack
        first_card = True
        while deal.result is None:
            legal = deal.legal_actions()
            seen["types"].update(a.type for a in legal)
            if first_card and any(a.type == "play" for a in legal):
                seen["phases_at_first_card"].add(deal.phase)
                first_card = False
            # favour the rarer moves so that every one the rules allow shows up
            special = [a for a in legal if a.type in ("close", "exchange", "meld", "declare")]
            pick = rng.choice(special) if special and rng.random() < 0.3 else rng.choice(legal)
            deal.apply(pick)
        seen["reasons"].add(deal.result.reason)
    return seen


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_pack_answers_match_the_engine_pack(preset_id):
    rules = get_preset(preset_id)
    pack = observed(preset_id)["pack"]
    assert rules.pack_size == len(pack.cards)
    assert set(rules.ranks) == {CODES[c][0] for c in pack.cards}
    assert rules.ranks == "".join(r for r in RANKS if r in rules.ranks)  # strongest first
    assert rules.total_card_points == sum(points_of(c) for c in pack.cards)
    assert sum(rules.card_points[CODES[c][0]] for c in pack.cards) == rules.total_card_points


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_stock_answers_match_the_deal(preset_id):
    rules = get_preset(preset_id)
    seen = observed(preset_id)
    assert seen["stock_sizes"] == {rules.stock_size}
    assert rules.has_stock == (rules.stock_size > 0)
    assert rules.has_stock == ("draw" in seen["types"])
    assert seen["turnups"] == {rules.has_turnup}
    if rules.strict_from_start:
        assert seen["phases_at_first_card"] == {"strict"}
    else:
        assert seen["phases_at_first_card"] == {"open"}


@pytest.mark.parametrize("preset_id", PRESET_IDS)
@pytest.mark.parametrize(
    ("answer", "action"),
    [
        ("can_close", "close"),
        ("can_exchange", "exchange"),
        ("can_declare", "declare"),
        ("has_marriages", "meld"),
        ("has_bidding", "bid"),
    ],
)
def test_each_move_is_offered_exactly_when_the_rules_say(preset_id, answer, action):
    rules = get_preset(preset_id)
    offered = action in observed(preset_id)["types"]
    assert getattr(rules, answer) == offered, f"{answer}={getattr(rules, answer)}"


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_target_matters_only_where_a_claim_or_close_exists(preset_id):
    rules = get_preset(preset_id)
    reasons = observed(preset_id)["reasons"]
    target_reasons = {"declared", "false_declaration", "closed_made", "closed_failed"}
    assert bool(reasons & target_reasons) == rules.has_target, reasons


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_no_tie_where_the_rules_say_none_is_possible(preset_id):
    rules = get_preset(preset_id)
    if not rules.ties_possible:
        assert "tie" not in observed(preset_id)["reasons"]


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_sides_and_opponents(preset_id):
    rules = get_preset(preset_id)
    seen = observed(preset_id)
    assert rules.sides == seen["sides"]
    assert set(seen["opponents"].values()) == {rules.opponents}
    assert rules.team_play == (rules.sides < rules.active_players)


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_scoring_answers(preset_id):
    rules = get_preset(preset_id)
    if rules.has_schneider:
        assert rules.counts_game_points
    assert rules.match_by_deals == (rules.match_target == 0 or rules.match_deals > 0)


def test_exchange_rank_off_when_the_rank_is_not_in_the_pack():
    rules = get_preset("schnapsen").replace(exchange_card="9")
    assert rules.exchange_rank is None
    assert not rules.can_exchange
    assert get_preset("schnapsen").exchange_rank == RANKS.index("J")
