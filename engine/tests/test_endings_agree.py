"""The solver and the deal score every ending alike: both ask outcomes.py, tested here once.

Random deals of every solver variant, under options that change how endings score, are
played into the strict phase; at each position every legal move that ends the deal is
applied to the deal and to the solver's state (the real opponent hand as the layout), and
the game points must be the same: claims true and false, the closer's claim, the closer
beaten, the stock played out, made and failed closes, closer_loses_on_any_trick.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sixtysix import Deal, get_preset, player_view
from sixtysix.cards import get_pack
from sixtysix.solver import _root_children
from sixtysix.solver.layouts import root_of, supports
from sixtysix.solver.search import Game

pytestmark = pytest.mark.unit

OPTIONS: list[tuple[str, dict[str, object]]] = [
    ("classic66", {}),
    ("classic66", {"close_scoring_snapshot": "at_close", "false_claim_penalty": "mirror"}),
    (
        "classic66",
        {"failed_close_penalty": "by_closer_count", "closer_beaten_penalty": "two_or_three"},
    ),
    (
        "classic66",
        {"failed_close_penalty": "closer_loses_on_any_trick", "marriage_in_strict_phase": True},
    ),
    (
        "classic66",
        {"exhausted_resolution": "last_trick_wins_1", "false_claim_penalty": "two_or_three"},
    ),
    (
        "classic66",
        {"exhausted_resolution": "most_points_wins", "declare_timing": "any_time_on_turn"},
    ),
    ("classic66_32", {"failed_close_penalty": "always_three"}),
    ("schnapsen", {}),
    ("schnapsen", {"close_requires_most_points": True}),
    ("idiot66", {}),
]


def _opponent_hand(deal: Deal, seat: int) -> int:
    """The opponent's real hand as the solver's one-pack mask."""
    pack = get_pack(deal.rules.deck)
    mask = 0
    for code in player_view(deal, 1 - seat).hand:
        mask |= 1 << pack.ids_for(code)[0]
    return mask


def _check_position(deal: Deal, seen: Counter[str]) -> None:
    seat = deal.to_act
    assert seat is not None
    view = player_view(deal, seat)
    root = root_of(view, deal.rules)
    game = Game(deal.rules, view.closed_by, view.close_snapshot)
    children = _root_children(game, root, _opponent_hand(deal, seat), view.legal, deal.rules)
    for action, (state, value) in zip(view.legal, children, strict=True):
        after = deal.copy()
        after.apply(action)
        if after.result is None:
            assert state is not None, action
            continue
        by = after.result.game_points_by_seat
        assert state is None, action
        assert value == by[0] - by[1], (action, after.result.to_dict(), value)
        seen[after.result.reason] += 1


@pytest.mark.parametrize(("preset", "options"), OPTIONS)
def test_the_solver_scores_every_ending_as_the_deal(preset: str, options: dict) -> None:
    rules = get_preset(preset).with_options(options)
    assert supports(rules)
    rng = random.Random(preset + str(sorted(options.items())))
    seen: Counter[str] = Counter()
    for seed in range(60):
        deal = Deal.new(rules, seed=seed, dealer=seed % 2)
        while deal.result is None:
            legal = deal.legal_actions()
            if deal.phase == "strict":
                _check_position(deal, seen)
            # closes fairly often, claims rarely, so that deals reach the strict phase
            close = [a for a in legal if a.type == "close"]
            if close and rng.random() < 0.15:
                deal.apply(close[0])
                continue
            calm = [a for a in legal if a.type not in ("declare", "close")]
            deal.apply(rng.choice(calm if calm and rng.random() < 0.9 else legal))
    assert seen, "no ending was compared"
    assert {"closed_made", "closed_failed"} & set(seen) or not rules.closing_allowed, seen
    assert {"declared", "false_declaration"} & set(seen) or not rules.can_declare, seen
