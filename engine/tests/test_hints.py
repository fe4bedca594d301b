"""Hints: the advice depends only on what the seat knows, never suggests a false claim,
and in the endgame agrees with the exact solver."""

from __future__ import annotations

import pytest
from sixtysix import Deal, get_preset
from sixtysix.computer import ComputerPlayer, claim_is_true
from sixtysix.hints import hint_for, view_key
from sixtysix.players import player_view
from sixtysix.solver import solve

pytestmark = pytest.mark.unit


def positions(preset: str, deals: int, phase: str):
    """Deals (copies) where seat 0 is to act with a choice, in the given phase."""
    rules = get_preset(preset)
    for i in range(deals):
        deal = Deal.new(rules, seed=900 + i, dealer=i % 2)
        computer = ComputerPlayer(i, layouts=4, time_limit=None, samples=2)
        while deal.result is None and deal.to_act is not None:
            if deal.to_act == 0 and len(deal.legal_actions()) > 1 and deal.phase == phase:
                yield deal.copy()
            deal.apply(computer.choose(player_view(deal, deal.to_act)))


def swap_hidden(deal: Deal) -> Deal | None:
    """The same deal for seat 0's eyes: one hidden card of seat 1 swapped with the stock."""
    other = deal.copy()
    face_down = list(other.stock[other.stock_pos :])
    hidden = [c for c in range(32) if other.hands[1] >> c & 1]
    shown = {m["suit"] for m in player_view(deal, 0).marriages if m["player"] == 1}
    hidden = [c for c in hidden if "CDHS"[c // 8] not in shown]
    if not face_down or not hidden:
        return None
    a, b = hidden[0], face_down[0]
    other.hands[1] = (other.hands[1] & ~(1 << a)) | (1 << b)
    other.stock = (*other.stock[: other.stock_pos], a, *face_down[1:])
    return other


@pytest.mark.parametrize("preset", ["classic66", "schnapsen"])
def test_an_open_phase_hint_depends_only_on_the_seats_view(preset):
    checked = 0
    for deal in positions(preset, 6, "open"):
        other = swap_hidden(deal)
        if other is None:
            continue
        assert view_key(player_view(deal, 0)) == view_key(player_view(other, 0))
        assert other.hands[1] != deal.hands[1]
        first = hint_for(deal, 0, time_limit=60)
        second = hint_for(other, 0, time_limit=60)
        assert first == second
        checked += 1
        if checked >= 4:
            break
    assert checked


@pytest.mark.parametrize("preset", ["classic66", "schnapsen", "idiot66"])
def test_a_hint_never_advises_a_false_claim(preset):
    rules = get_preset(preset)
    for phase in ("open", "strict"):
        for n, deal in enumerate(positions(preset, 8, phase)):
            hint = hint_for(deal, 0, samples=6)
            assert hint is not None
            if hint.best.type == "declare":
                assert claim_is_true(player_view(deal, 0), rules)
            if n > 12:
                break


def test_the_endgame_hint_is_the_solvers_best_move():
    rules = get_preset("classic66")
    checked = 0
    for deal in positions("classic66", 6, "strict"):
        view = player_view(deal, 0)
        if view.closed_by is not None:
            continue
        hint = hint_for(deal, 0)
        analysis = solve(view, rules)
        assert hint.method == "exact"
        honest = [
            m for m in analysis.moves if m.action.type != "declare" or claim_is_true(view, rules)
        ]
        assert hint.advice(hint.best).value == max(m.value for m in honest)
        if hint.reason == "all_lose":
            assert all(m.value < 0 for m in analysis.moves)
        checked += 1
    assert checked


def test_an_open_phase_hint_plays_out_several_deals():
    deal = next(positions("schnapsen", 2, "open"))
    hint = hint_for(deal, 0)
    assert hint.method == "sampled"
    assert hint.samples >= 4
    assert {m.action for m in hint.moves} <= set(deal.legal_actions())


def test_the_last_trump_reason_is_true():
    """'It draws your opponent's last trump': a trump lead, and he holds exactly one."""
    seen = 0
    for deal in positions("classic66", 60, "strict"):
        hint = hint_for(deal, 0)
        if hint.reason != "last_trump":
            continue
        trump = "CDHS".index(player_view(deal, 0).trump)
        held = [c for c in range(32) if deal.hands[1] >> c & 1 and c // 8 == trump]
        assert len(held) == 1
        assert hint.best.type == "play" and hint.best.card[1] == "CDHS"[trump]
        assert hint.advice(hint.best).value > 0
        seen += 1
        if seen == 3:  # three true cases are enough; the search for them is the cost
            break
    assert seen


def table_positions(preset: str, deals: int):
    """Positions of a three- or four-player variant where the seat to act has a choice."""
    rules = get_preset(preset)
    for i in range(deals):
        deal = Deal.new(rules, seed=950 + i, dealer=i % rules.players)
        computer = ComputerPlayer(i, layouts=2, time_limit=None, samples=1)
        while deal.result is None and deal.to_act is not None:
            if len(deal.legal_actions()) > 1:
                yield deal.copy()
            deal.apply(computer.choose(player_view(deal, deal.to_act)))


@pytest.mark.parametrize(
    "preset", ["three_all_play", "three_dealer_out", "three_no_stock", "four_partnership_66"]
)
def test_a_three_or_four_player_hint_is_sampled_and_honest(preset):
    """No exact solver at these tables while the stock is open (three or four active seats:
    never): the hint samples deals, says how many and how often its move was the best,
    depends only on the seat's view, and never claims falsely. (The idle dealer's table is
    solved exactly once the stock is out: test_solver_seats.py.)"""
    rules = get_preset(preset)
    checked = 0
    for n, deal in enumerate(table_positions(preset, 4)):
        if n % 3 or deal.phase not in ("open", "strict"):
            continue
        if rules.dealer_sits_out and deal.phase == "strict":
            continue
        seat = deal.to_act
        hint = hint_for(deal, seat, samples=6, time_limit=60)
        assert hint is not None and hint.method == "sampled"
        assert hint.samples == 6
        assert {m.action for m in hint.moves} <= set(deal.legal_actions())
        assert hint.best in deal.legal_actions()
        assert 0 < hint.best_share <= 1
        assert hint.best_share == hint.advice(hint.best).best_share
        assert abs(sum(m.best_share for m in hint.moves) - 1) < 1e-9
        if hint.best.type == "declare":
            assert claim_is_true(player_view(deal, seat), rules)
        assert hint_for(deal, seat, samples=6, time_limit=60) == hint
        checked += 1
    assert checked >= 3


def test_hints_in_the_auction_and_for_four_with_two_packs():
    """The auction: the computer's rule of thumb, said to be one (no numbers); the game to
    101 with two packs: a sampled hint in the open phase."""
    deal = Deal.new(get_preset("north_american_bid66"), seed=4, dealer=0)
    hint = hint_for(deal, deal.to_act)
    assert hint is not None and hint.method == "rule" and hint.reason == "bid"
    assert hint.best in deal.legal_actions() and hint.samples == 0
    deal = Deal.new(get_preset("four_double_pack_101"), seed=4, dealer=0)
    hint = hint_for(deal, deal.to_act, samples=4, time_limit=60)
    assert hint is not None and hint.method == "sampled" and hint.samples == 4
    assert hint_for(deal, (deal.to_act + 1) % 4) is None  # not this seat's turn
