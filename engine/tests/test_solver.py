"""The strict-phase solver against a brute-force minimax, and its information discipline."""

from __future__ import annotations

import itertools
import random

import pytest
from engine_helpers import minimax_reference, unseen_pool
from sixtysix import Action, Deal, IllegalAction, get_preset
from sixtysix.players import player_view
from sixtysix.solver import SolverError, solve

pytestmark = pytest.mark.unit


def strict_position(
    preset: str, seed: int, max_cards: int, closed: bool, options: dict | None = None
) -> Deal | None:
    """A random strict-phase deal (exhausted, or after a close) with <= max_cards in hand."""
    rules = get_preset(preset).with_options(options or {})
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % 2)
    while deal.result is None:
        if (
            deal.phase == "strict"
            and (deal.closed_by is not None) == closed
            and not deal.exchange_queue
            and deal.hands[deal.to_act].bit_count() <= max_cards
            and rng.random() < 0.6
        ):
            return deal
        legal = deal.legal_actions()
        if closed and deal.closed_by is None:
            close = [a for a in legal if a.type == "close"]
            if close and rng.random() < 0.3:
                deal.apply(close[0])
                continue
        calm = [a for a in legal if a.type not in ("declare", "close")] or legal
        deal.apply(rng.choice(calm))
    return None


def positions(
    preset: str,
    count: int,
    max_cards: int,
    closed: bool,
    max_layouts: int = 0,
    options: dict | None = None,
):
    found = 0
    seed = 0
    while found < count and seed < 50 * count:
        deal = strict_position(preset, seed, max_cards, closed, options)
        seed += 1
        if deal is None:
            continue
        if max_layouts and len(layouts(deal, deal.to_act)) > max_layouts:
            continue
        found += 1
        yield seed, deal


def layouts(deal: Deal, seat: int) -> list[int]:
    """Opponent hands consistent with what `seat` saw (computed from the full deal)."""
    opp = 1 - seat
    pool, known = unseen_pool(deal, seat)
    free = [c for c in range(32) if (pool & ~known) >> c & 1]
    k = deal.hands[opp].bit_count() - known.bit_count()
    hands = [known | sum(1 << c for c in combo) for combo in itertools.combinations(free, k)]
    return [h for h in hands if replays(deal, opp, h)]


def replays(deal: Deal, opp: int, hand: int) -> bool:
    """True when the play since the close stays legal with `hand` as the opponent's hand."""
    if deal.closed_by is None:
        return True
    start = max(i for i, a in enumerate(deal.actions) if a.type == "close") + 1
    if start == len(deal.actions):
        return True
    snap = deal.history[start]
    old = Deal.__new__(Deal)
    old.__dict__ = dict(snap)
    for key in ("hands", "trick", "tricks_won", "trick_points", "bonus", "won"):
        old.__dict__[key] = list(snap[key])
    old.history, old.actions = [], []
    later = deal.actions[start:]
    for j, a in enumerate(later, start):
        if a.player == opp and a.type == "play":
            hand |= 1 << deal.pack.ids_for(a.card)[0]
        if a.player == opp and a.type == "exchange":  # take the turn-up back, give the card
            given = deal.history[j + 1]["turnup"] if j + 1 < len(deal.history) else deal.turnup
            hand = (hand & ~(1 << deal.history[j]["turnup"])) | (1 << given)
    old.hands[opp] = hand
    try:
        for a in later:
            old.apply(a)
    except IllegalAction:
        return False
    return True


def reference_over(deal: Deal, seat: int, lays: list[int]) -> tuple[dict, dict]:
    """Brute-force values summed over opponent layouts, and how many layouts each move wins."""
    sums: dict[Action, int] = {}
    wins: dict[Action, int] = {}
    for hand in lays:
        twin = deal.copy()
        twin.hands[1 - seat] = hand
        for a, v in minimax_reference(twin, seat).items():
            sums[a] = sums.get(a, 0) + v
            wins[a] = wins.get(a, 0) + (v > 0)
    return sums, wins


@pytest.mark.parametrize(
    ("preset", "count"), [("classic66", 130), ("schnapsen", 130), ("idiot66", 30)]
)
@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
def test_solver_matches_brute_force_after_exhaustion(preset: str, count: int) -> None:
    checked = 0
    for seed, deal in positions(preset, count, 4, closed=False):
        seat = deal.to_act
        analysis = solve(player_view(deal, seat), deal.rules)
        reference = minimax_reference(deal, seat)
        assert analysis.perfect_information
        assert analysis.layouts == analysis.layouts_total == 1
        assert {m.action: m.value for m in analysis.moves} == reference, seed
        best = max(reference.values())
        assert analysis.value == best
        assert set(analysis.best) == {a for a, v in reference.items() if v == best}
        checked += 1
    assert checked == count


@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
@pytest.mark.parametrize(("preset", "count"), [("classic66", 25), ("schnapsen", 25)])
def test_solver_matches_brute_force_over_layouts_after_a_close(preset: str, count: int) -> None:
    checked = 0
    for seed, deal in positions(preset, count, 3, closed=True, max_layouts=30):
        seat = deal.to_act
        lays = layouts(deal, seat)
        analysis = solve(player_view(deal, seat), deal.rules)
        assert not analysis.perfect_information
        assert analysis.exhaustive
        assert analysis.layouts == analysis.layouts_total == len(lays)
        sums, wins = reference_over(deal, seat, lays)
        for m in analysis.moves:
            assert m.value == pytest.approx(sums[m.action] / len(lays)), seed
            assert m.win_share == pytest.approx(wins[m.action] / len(lays)), seed
        checked += 1
    assert checked == count


OPTION_SETS = [
    (
        "classic66",
        {
            "close_scoring_snapshot": "at_close",
            "failed_close_penalty": "closer_loses_on_any_trick",
            "false_claim_penalty": "mirror",
        },
    ),
    (
        "classic66",
        {
            "exhausted_resolution": "last_trick_wins_scaled",
            "declare_timing": "any_time_on_turn",
            "marriage_in_strict_phase": True,
        },
    ),
    (
        "classic66",
        {
            "exhausted_resolution": "most_points_wins",
            "last_trick_bonus": 0,
            "failed_close_penalty": "by_closer_count",
            "closer_beaten_penalty": "two_or_three",
        },
    ),
    (
        "schnapsen",
        {
            "marriage_trick_rule": "must_have_trick_to_declare",
            "marriage_lead_card": "king",
            "close_requires_most_points": True,
        },
    ),
    (
        "schnapsen",
        {
            "marriage_trick_rule": "no_trick_needed",
            "go_out_by_marriage": False,
            "strict_obligation": "follow_trump",
            "must_overtrump": False,
        },
    ),
    ("idiot66", {"idiot_trump_mode": "first_marriage_fixed"}),
]


@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
@pytest.mark.parametrize(("preset", "options"), OPTION_SETS)
def test_solver_matches_brute_force_under_rule_options(preset: str, options: dict) -> None:
    checked = 0
    for closed in (False, True) if preset != "idiot66" else (False,):
        for seed, deal in positions(preset, 12, 3, closed, max_layouts=20, options=options):
            seat = deal.to_act
            lays = layouts(deal, seat) if closed else [deal.hands[1 - seat]]
            analysis = solve(player_view(deal, seat), deal.rules)
            sums, _wins = reference_over(deal, seat, lays)
            for m in analysis.moves:
                assert m.value == pytest.approx(sums[m.action] / len(lays)), (seed, closed)
            checked += 1
    assert checked >= 12


def test_solver_exchange_decision_at_a_close_matches_brute_force() -> None:
    # a 20-card pack with 3-card hands keeps the brute force small
    rules = get_preset("classic66").with_options(
        {"deck": "20", "hand_size": 3, "deal_pattern": [3], "exchange_card": "J"}
    )
    deal = Deal.new(
        rules,
        layout={
            "dealer": 0,
            "hands": [["JC", "TH", "KS"], ["AH", "KH", "QD"]],
            "turnup": "AC",
            "stock": ["TC", "KC", "QC", "AD", "TD", "KD", "JD", "QH", "JH", "AS", "TS", "QS", "JS"],
        },
    )
    deal.apply(Action(1, "close"))
    assert {a.type for a in deal.legal_actions()} == {"exchange", "pass"}
    analysis = solve(player_view(deal, 0), rules, max_layouts=10_000)
    lays = layouts(deal, 0)
    assert analysis.exhaustive and analysis.layouts == len(lays)
    sums, _wins = reference_over(deal, 0, lays)
    for m in analysis.moves:
        assert m.value == pytest.approx(sums[m.action] / len(lays))


def test_solver_best_moves_are_legal_and_values_bounded() -> None:
    for preset in ("classic66", "classic66_32", "schnapsen"):
        for closed in (False, True):
            for _seed, deal in positions(preset, 10, 6, closed):
                view = player_view(deal, deal.to_act)
                analysis = solve(view, deal.rules, max_layouts=20)
                assert [m.action for m in analysis.moves] == list(view.legal)
                assert analysis.best
                for a in analysis.best:
                    assert deal.is_legal(a)
                for m in analysis.moves:
                    assert -3 <= m.low <= m.value <= m.high <= 3
                    assert 0 <= m.win_share <= 1


def test_solver_uses_only_the_view_after_a_close() -> None:
    # permuting the hidden cards (opponent's hand and dead stock) changes nothing
    checked = 0
    for seed, deal in positions("classic66", 15, 5, closed=True):
        seat = deal.to_act
        opp = 1 - seat
        lays = layouts(deal, seat)
        other = random.Random(seed).choice(lays)
        twin = deal.copy()
        pool = deal.hands[opp] | sum(1 << c for c in deal.stock[deal.stock_pos :])
        twin.hands[opp] = other
        rest = [c for c in range(32) if (pool & ~other) >> c & 1]
        twin.stock = (*deal.stock[: deal.stock_pos], *rest)
        assert player_view(twin, seat) == player_view(deal, seat)
        a = solve(player_view(deal, seat), deal.rules, max_layouts=30, seed=seed)
        b = solve(player_view(twin, seat), twin.rules, max_layouts=30, seed=seed)
        assert a == b
        checked += 1
    assert checked == 15


def test_solver_declares_a_true_claim_and_refuses_open_positions() -> None:
    deal = Deal.new(get_preset("classic66"), seed=3)
    with pytest.raises(SolverError):
        solve(player_view(deal, deal.to_act), deal.rules)
    with pytest.raises(SolverError):
        solve(player_view(deal, 1 - deal.to_act), deal.rules)  # not to act
    for _seed, d in positions("schnapsen", 40, 5, closed=False):
        view = player_view(d, d.to_act)
        me = d.to_act
        if any(a.type == "declare" for a in view.legal) and view.card_points[me] >= 66:
            analysis = solve(view, d.rules)
            assert analysis.move(Action(me, "declare")).value > 0


@pytest.mark.parametrize(
    ("preset", "cards"), [("classic66", 6), ("classic66_32", 5), ("schnapsen", 5)]
)
@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
def test_solver_matches_brute_force_on_full_strict_hands(preset: str, cards: int) -> None:
    checked = 0
    for seed, deal in positions(preset, 30, cards, closed=False):
        if deal.hands[deal.to_act].bit_count() < cards:
            continue
        seat = deal.to_act
        analysis = solve(player_view(deal, seat), deal.rules)
        assert {m.action: m.value for m in analysis.moves} == minimax_reference(deal, seat), seed
        checked += 1
        if checked == 5:
            break
    assert checked == 5
