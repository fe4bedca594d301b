"""The computer player: legal moves only, only its own seat's information, sensible play."""

from __future__ import annotations

import random

import pytest
from engine_helpers import unseen_pool
from sixtysix import Action, Deal, get_preset
from sixtysix.cards import CODES
from sixtysix.computer import ComputerPlayer
from sixtysix.players import PlayerView, RandomPlayer, player_view
from sixtysix.presets import PRESET_IDS
from sixtysix.solver import Analysis, MoveEval

pytestmark = pytest.mark.unit

VARIANTS = ("classic66", "classic66_32", "schnapsen", "idiot66")


def fast(seed: int) -> ComputerPlayer:
    """A cheap, deterministic computer (few layouts after a close, two sampled worlds per
    open-phase move, no clock)."""
    return ComputerPlayer(seed, layouts=4, time_limit=None, samples=2)


@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
@pytest.mark.parametrize("preset", VARIANTS)
def test_computer_never_makes_an_illegal_move(preset: str) -> None:
    rules = get_preset(preset)
    for i in range(300):
        deal = Deal.new(rules, seed=i, dealer=i % 2)
        if i < 250:  # then 50 deals of the computer against itself
            players = [fast(i), RandomPlayer(i, end_weight=0.2)]
            if i % 2:
                players.reverse()
        else:
            players = [fast(i), fast(i + 1)]
        while deal.result is None:
            seat = deal.to_act
            view = player_view(deal, seat)
            action = players[seat].choose(view)
            assert action in view.legal
            deal.apply(action)


def hidden_cards(deal: Deal, seat: int) -> tuple[int, int]:
    """(cards the seat cannot place, cards known to be in the opponent's hand)."""
    pool, known = unseen_pool(deal, seat)
    if deal.phase == "strict" and deal.closed_by is None:
        known = pool  # stock exhausted: every card is known
    return pool & ~known, known & pool


def twin(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the opponent's unknown cards and the stock order reshuffled."""
    opp = 1 - seat
    free, known = hidden_cards(deal, seat)
    cards = [c for c in range(32) if free >> c & 1]
    rng.shuffle(cards)
    k = deal.hands[opp].bit_count() - known.bit_count()
    other = deal.copy()
    other.hands[opp] = known | sum(1 << c for c in cards[:k])
    other.stock = (*deal.stock[: deal.stock_pos], *cards[k:])
    return other


def test_computer_choice_depends_only_on_its_view() -> None:
    rng = random.Random(5)
    differed = 0
    checked = 0
    for preset in VARIANTS:
        rules = get_preset(preset)
        for i in range(60):
            deal = Deal.new(rules, seed=1000 + i, dealer=i % 2)
            stop = rng.randrange(30)
            while deal.result is None and len(deal.actions) < stop:
                legal = deal.legal_actions()
                calm = [a for a in legal if a.type != "declare"] or legal
                deal.apply(rng.choice(calm))
            if deal.result is not None:
                continue
            seat = deal.to_act
            other = twin(deal, seat, rng)
            differed += other.hands[1 - seat] != deal.hands[1 - seat]
            differed += other.stock != deal.stock
            view = player_view(deal, seat)
            assert player_view(other, seat) == view
            assert ComputerPlayer(i, time_limit=None, samples=6).choose(view) == ComputerPlayer(
                i, time_limit=None, samples=6
            ).choose(player_view(other, seat))
            checked += 1
    assert checked > 150
    assert differed > 100


def test_computer_view_holds_no_hidden_cards() -> None:
    assert not {"hands", "stock", "deal"} & set(PlayerView.__dataclass_fields__)
    rng = random.Random(2)
    for preset in ("classic66", "schnapsen"):
        rules = get_preset(preset)
        for i in range(40):
            deal = Deal.new(rules, seed=i)
            stop = rng.randrange(25)
            while deal.result is None and len(deal.actions) < stop:
                deal.apply(rng.choice(deal.legal_actions()))
            if deal.result is not None:
                continue
            seat = deal.to_act
            free, _known = hidden_cards(deal, seat)
            text = repr(player_view(deal, seat))
            for c in range(32):
                if free >> c & 1:
                    assert f"'{CODES[c]}'" not in text


def test_computer_claims_a_true_66_and_exchanges() -> None:
    deal = Deal.new(get_preset("classic66"), seed=0)
    deal.trick_points[0] = 60
    deal.tricks_won[0] = 3
    deal.tricks_won[1] = 1
    deal.trick_points[1] = 20
    deal.declare_seat = 0
    deal.to_act = deal.leader = 0
    view = player_view(deal, 0)
    assert Action(0, "declare") in view.legal
    assert fast(0).choose(view) != Action(0, "declare")  # 60 < 66: no false claim
    deal.trick_points[0] = 70
    assert fast(0).choose(player_view(deal, 0)) == Action(0, "declare")


def test_computer_beats_the_random_player() -> None:
    won = 0
    deals = 60
    for i in range(deals):
        rules = get_preset(VARIANTS[i % 4])
        deal = Deal.new(rules, seed=500 + i, dealer=i % 2)
        seat = (i // 4) % 2
        players: list = [RandomPlayer(i), RandomPlayer(i)]
        players[seat] = fast(i)
        while deal.result is None:
            s = deal.to_act
            deal.apply(players[s].choose(player_view(deal, s)))
        gp = deal.result.game_points_by_seat
        won += gp[seat] > gp[1 - seat]
    assert won >= 0.8 * deals


TWO_PLAYER = tuple(p for p in PRESET_IDS if get_preset(p).players == 2)


@pytest.mark.slow
@pytest.mark.parametrize("preset", TWO_PLAYER)
def test_computer_never_claims_what_it_does_not_have(preset: str) -> None:
    """400 seeded deals against the random player: every claim of the computer is true."""
    rules = get_preset(preset)
    claims = false_claims = 0
    for i in range(400):
        seat = i % 2
        deal = Deal.new(rules, seed=7_000 + i, dealer=(i // 2) % 2)
        players = [RandomPlayer(i), RandomPlayer(i)]
        players[seat] = ComputerPlayer(i, layouts=8, time_limit=None, samples=2)
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            action = players[s].choose(player_view(deal, s))
            if s == seat and action.type == "declare":
                claims += 1
                if player_view(deal, s).card_points[s] < rules.target:
                    false_claims += 1
            deal.apply(action)
            if action.type == "declare" and s == seat:
                assert deal.result is not None
                false_claims += deal.result.reason == "false_declaration"
    assert false_claims == 0
    if rules.going_out_allowed and rules.scoring != "raw_points":
        assert claims > 0  # the count is not vacuous: the computer does claim


def test_a_tied_hopeless_claim_is_never_chosen() -> None:
    """When the solver rates a false claim as good as playing on, the computer plays on."""
    rules = get_preset("schnapsen")
    deal = Deal.new(rules, seed=3, dealer=0)
    view = player_view(deal, deal.to_act)
    play = next(a for a in view.legal if a.type == "play")
    claim = Action(view.seat, "declare")
    moves = (
        MoveEval(claim, -2.0, 0.0, -2, -2),
        MoveEval(play, -2.0, 0.0, -2, -2),
    )
    analysis = Analysis(view.seat, True, moves, (claim, play), -2.0, 1, 1, True, 1)
    assert view.card_points[view.seat] < rules.target
    assert ComputerPlayer(0)._honest_best(view, rules, analysis) == play
    only_claim = Analysis(view.seat, True, moves, (claim,), -2.0, 1, 1, True, 1)
    assert ComputerPlayer(0)._honest_best(view, rules, only_claim) == play
