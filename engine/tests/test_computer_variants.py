"""The computer in every variant: legal moves only, true claims only, sampled worlds that
match the view, sensible bids and trumps, and play for its side with a partner."""

from __future__ import annotations

import random

import pytest
from sixtysix import Action, Deal, get_preset
from sixtysix.cards import SUITS
from sixtysix.computer import ComputerPlayer, claim_is_true
from sixtysix.pimc import side_value
from sixtysix.players import Player, RandomPlayer, player_view
from sixtysix.policy import fast_action
from sixtysix.presets import PRESET_IDS
from sixtysix.worlds import WorldSampler

pytestmark = pytest.mark.unit


def cheap(seed: int) -> ComputerPlayer:
    """The computer with one sampled world per move and no clock: the same code paths as
    the real one (sampling, playouts, the solver, the auction), fast and deterministic."""
    return ComputerPlayer(seed, layouts=2, time_limit=None, samples=1)


def play_deals(preset: str, deals: int, start: int) -> tuple[int, int]:
    """Computers (one side, or every seat on odd deals) against random players: every
    action is legal and every claim of a computer is true. Returns (decisions, claims)."""
    rules = get_preset(preset)
    decisions = claims = 0
    for i in range(deals):
        deal = Deal.new(rules, seed=start + i, dealer=i % rules.players)
        players: list[Player] = []
        for s in range(rules.players):
            if i % 2 or deal.side_of[s] == deal.side_of[deal.active[i // 2 % len(deal.active)]]:
                players.append(cheap(start + i + s))
            else:
                players.append(RandomPlayer(start + i + s, end_weight=0.3))
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            action = players[s].choose(view)
            assert action in view.legal, (preset, deal, action)
            if isinstance(players[s], ComputerPlayer):
                decisions += 1
                if action.type == "declare":
                    claims += 1
                    assert claim_is_true(view, rules), (preset, deal)
            deal.apply(action)
            if action.type == "declare" and isinstance(players[s], ComputerPlayer):
                assert deal.result is not None
                assert deal.result.reason != "false_declaration"
    return decisions, claims


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_computer_plays_every_variant_legally_and_claims_only_truly(preset: str) -> None:
    decisions, _claims = play_deals(preset, 12, 40_000)
    assert decisions > 50


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_computer_over_hundreds_of_deals_per_variant(preset: str) -> None:
    rules = get_preset(preset)
    decisions, claims = play_deals(preset, 250, 50_000)
    assert decisions > 1000
    if rules.going_out_allowed and rules.scoring != "raw_points":
        assert claims > 0  # not vacuous: the computer does claim


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_sampled_worlds_match_the_view(preset: str) -> None:
    """A world sampled from a seat's view shows that seat the same view: hand, points,
    stock, trick, and exactly the same legal moves; every hand has its right size."""
    rules = get_preset(preset)
    rng = random.Random(3)
    checked = 0
    for i in range(25):
        deal = Deal.new(rules, seed=60_000 + i, dealer=i % rules.players)
        rp = RandomPlayer(i, end_weight=0.2)
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            if deal.phase in ("open", "strict"):
                world = WorldSampler(view, rules).sample(rng)
                seen = player_view(world, s)
                assert set(world.legal_actions()) == set(view.legal)
                for name in ("hand", "card_points", "pending_points", "tricks_won", "trick"):
                    assert getattr(seen, name) == getattr(view, name), name
                assert seen.stock_size == view.stock_size
                assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in deal.hands]
                assert len(world.card_count_check()) == len(deal.card_count_check())
                checked += 1
            deal.apply(rp.choose(view))
    assert checked > 100


def test_worlds_respect_shown_voids() -> None:
    """Strict phase: a player who did not follow suit never gets that suit in a world."""
    rules = get_preset("three_no_stock")
    rng = random.Random(1)
    found = 0
    for i in range(40):
        deal = Deal.new(rules, seed=70_000 + i, dealer=i % 3)
        rp = RandomPlayer(i)
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            voids = [
                (p, t[0][1][1])
                for t in view.tricks
                for p, c in t[1:]
                if c[1] != t[0][1][1] and p != s
            ]
            if voids and deal.phase == "strict":
                world = WorldSampler(view, rules).sample(rng)
                for p, suit in voids:
                    held = [c for c in range(32) if world.hands[p] >> c & 1]
                    assert all(SUITS[c // 8] != suit for c in held)
                found += 1
            deal.apply(rp.choose(view))
    assert found > 20


def test_the_computer_bids_legally_and_sensibly() -> None:
    """Partnership bidding: only legal bids (each above the last), bids and passes both
    made, and the bid winner's first lead names trumps."""
    rules = get_preset("north_american_bid66")
    bids = passes = leads = 0
    for i in range(60):
        deal = Deal.new(rules, seed=80_000 + i, dealer=i % 4)
        players = [cheap(i * 4 + s) for s in range(4)]
        while deal.phase == "bidding":
            s = deal.to_act
            assert s is not None
            view = player_view(deal, s)
            action = players[s].choose(view)
            assert action in view.legal
            if action.type == "bid":
                bids += 1
                assert action.value is not None and action.value > deal.high_bid
            else:
                passes += 1
            deal.apply(action)
        if deal.result is not None:
            continue
        assert deal.trump is None
        while not deal.trick:  # marriages may be shown before the lead
            s = deal.to_act
            assert s is not None
            deal.apply(players[s].choose(player_view(deal, s)))
        assert deal.trump is not None  # the first lead named trumps
        leads += 1
    assert bids > 30 and passes > 30 and leads > 20


def test_the_forehand_names_trumps_legally() -> None:
    rules = get_preset("three_no_stock")
    named = passed = 0
    for i in range(40):
        deal = Deal.new(rules, seed=90_000 + i, dealer=i % 3)
        assert deal.phase == "trump_naming"
        s = deal.to_act
        assert s is not None
        view = player_view(deal, s)
        action = cheap(i).choose(view)
        assert action in view.legal
        if action.type == "trump":
            named += 1
            held = [c for c in view.hand if c[1] == action.suit]
            assert len(held) >= 2 or any(c[0] in "AT" for c in held)
        else:
            passed += 1
        deal.apply(action)
        assert deal.trump is not None
    assert named and passed


def partnership_position(winner: int) -> Deal:
    """Four players, two packs, stock open: seat 0 leads 9H, seat 1 plays `AH` when
    `winner` is 1 (seat 3's partner) else a low heart, seat 2 plays the ace when `winner`
    is 2; seat 3, last to play, holds no heart, one trump (spades) and clubs."""
    rules = get_preset("four_double_pack_101")
    mine = ["QS", "TC", "9C", "KD", "9D", "JD", "QC"]
    trick = ["9H", "AH" if winner == 1 else "JH", "AH" if winner == 2 else "JH"]
    pack = [c + s for s in SUITS for c in "ATKQJ9"] * 2
    for c in [*mine, *trick, "JS"]:
        pack.remove(c)
    rng = random.Random(winner)
    rest = [c for c in pack if c[1] != "H"]
    hearts = [c for c in pack if c[1] == "H"]
    rng.shuffle(rest)
    others = rest[: 6 * 3 - len(hearts) + 6]
    stock_cards = rest[len(others) :]
    pool = hearts + others
    rng.shuffle(pool)
    hands = [[trick[0], *pool[0:6]], [trick[1], *pool[6:12]], [trick[2], *pool[12:18]], mine]
    stock = pool[18:] + stock_cards
    layout = {"dealer": 3, "hands": hands, "turnup": "JS", "stock": stock}
    deal = Deal.new(rules, layout=layout)
    for seat, card in enumerate(trick):
        deal.apply(Action(seat, "play", card=card))
    assert deal.to_act == 3
    return deal


def test_partner_winning_trick_is_not_trumped_and_gets_points() -> None:
    deal = partnership_position(winner=1)
    view = player_view(deal, 3)
    choice = ComputerPlayer(1, time_limit=None, samples=16).choose(view)
    assert choice.type == "play" and choice.card is not None
    assert choice.card[1] != "S"  # no trump on the partner's ace
    assert fast_action(deal).card == "TC"  # the playouts give the partner the ten


def test_opponents_winning_ace_is_trumped() -> None:
    deal = partnership_position(winner=2)
    view = player_view(deal, 3)
    choice = ComputerPlayer(1, time_limit=None, samples=16).choose(view)
    assert choice == Action(3, "play", card="QS")
    assert fast_action(deal).card == "QS"


def test_side_value_counts_for_the_side() -> None:
    """Partners share the result: the value is the side's gain over the opponents'."""
    rules = get_preset("four_partnership_66")
    deal = Deal.new(rules, seed=5, dealer=0)
    while deal.result is None:
        deal.apply(fast_action(deal))
    assert deal.result is not None
    assert side_value(deal, 0) == side_value(deal, 2) == -side_value(deal, 1)
