"""The computer's levels: every level legal and honest in every variant, the expert
deterministic given its seed, unknown levels refused clearly."""

from __future__ import annotations

import pytest
from sixtysix import Action, Deal, get_preset
from sixtysix.computer import (
    DEFAULT_LEVEL,
    LEVELS,
    BeginnerPlayer,
    LevelError,
    check_level,
    choose,
    claim_is_true,
    player_for,
)
from sixtysix.players import Player, PlayerView, player_view
from sixtysix.presets import PRESET_IDS

pytestmark = pytest.mark.unit

CHEAP = 8
"""Play-outs per decision in the quick runs: the level's code paths, little work."""


def play_levels(preset: str, deals: int, start: int, playouts: int | None) -> tuple[int, int]:
    """Deals where the levels sit round the table (each seat a level in turn): every move
    is legal and every claim true. Returns (decisions, claims)."""
    rules = get_preset(preset)
    decisions = claims = 0
    for i in range(deals):
        deal = Deal.new(rules, seed=start + i, dealer=i % rules.players)
        players: list[Player] = [
            player_for(LEVELS[(i + s) % len(LEVELS)], start + i + s, rules, playouts=playouts)
            for s in range(rules.players)
        ]
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            action = players[s].choose(view)
            assert action in view.legal, (preset, deal, action)
            decisions += 1
            if action.type == "declare":
                claims += 1
                assert claim_is_true(view, rules), (preset, deal)
            deal.apply(action)
            if action.type == "declare":
                assert deal.result is not None
                assert deal.result.reason != "false_declaration"
    return decisions, claims


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_level_plays_legally_and_claims_only_truly(preset: str) -> None:
    decisions, _claims = play_levels(preset, 16, 300_000, CHEAP)
    assert decisions > 80


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_the_beginner_over_hundreds_of_deals(preset: str) -> None:
    """The beginner (no sampling: cheap) in every seat: legal, honest, and it does claim."""
    rules = get_preset(preset)
    claims = 0
    for i in range(300):
        deal = Deal.new(rules, seed=310_000 + i, dealer=i % rules.players)
        players = [BeginnerPlayer(i * 7 + s, rules) for s in range(rules.players)]
        while deal.result is None and deal.to_act is not None:
            s = deal.to_act
            view = player_view(deal, s)
            action = players[s].choose(view)
            assert action in view.legal
            if action.type == "declare":
                claims += 1
                assert claim_is_true(view, rules)
            deal.apply(action)
    if rules.going_out_allowed and rules.scoring != "raw_points":
        assert claims > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_level_over_hundreds_of_deals(preset: str) -> None:
    """120 deals a variant, 1,320 in all, each level in every seat in turn."""
    decisions, _claims = play_levels(preset, 120, 320_000, CHEAP)
    assert decisions > 480


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic66", "schnapsen", "idiot66", "three_all_play"])
def test_every_level_at_full_strength(preset: str) -> None:
    decisions, _claims = play_levels(preset, 12, 330_000, None)
    assert decisions > 80


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_is_deterministic_given_its_seed(level: str) -> None:
    """The same position and seed bring the same move, whichever instance is asked; the
    expert at its full budget (no clock decides)."""
    rules = get_preset("classic66")
    for i in range(3):
        playouts = None if level == "expert" and i == 0 else CHEAP
        deal = Deal.new(rules, seed=340_000 + i, dealer=1)
        for _step in range(3 if playouts is None else 8):
            if deal.result is not None or deal.to_act is None:
                break
            s = deal.to_act
            first = choose(deal, s, level, seed=i, playouts=playouts)
            again = choose(deal.copy(), s, level, seed=i, playouts=playouts)
            assert first == again
            deal.apply(first)


@pytest.mark.parametrize("preset", ["schnapsen", "classic66_32"])
def test_the_expert_search_repeats_exactly(preset: str) -> None:
    """The expert's exact search (bitmask play-outs, solver leaves, a node budget, no
    clock): two players of one seed weigh the same worlds to the same numbers."""
    rules = get_preset(preset)
    deal = Deal.new(rules, seed=345_000, dealer=0)
    for _step in range(4):
        if deal.result is not None or deal.to_act is None:
            break
        view = player_view(deal, deal.to_act)
        a, b = player_for("expert", 9, rules), player_for("expert", 9, rules)
        first, again = a.choose(view), b.choose(view)
        assert first == again
        assert getattr(a, "last", None) == getattr(b, "last", None)
        deal.apply(first)


def test_unknown_levels_are_refused_clearly() -> None:
    deal = Deal.new(get_preset("classic66"), seed=1)
    assert deal.to_act is not None
    for bad in ("grandmaster", "", "Expert", None, 3):
        with pytest.raises(LevelError, match="beginner, club, expert"):
            choose(deal, deal.to_act, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            player_for(bad)  # type: ignore[arg-type]
    assert check_level("expert") == "expert"
    assert DEFAULT_LEVEL in LEVELS


def test_only_the_seat_to_act_is_answered() -> None:
    deal = Deal.new(get_preset("classic66"), seed=2)
    assert deal.to_act is not None
    with pytest.raises(ValueError, match="not to act"):
        choose(deal, 1 - deal.to_act, "club")


def test_the_beginner_slips_but_only_into_sensible_cards() -> None:
    """The beginner now and then plays another card than its rules of thumb (a slip), and
    a slip is never a trump ace or ten or a side ace."""
    slips: list[tuple[Action, Action, str | None]] = []

    class Recording(BeginnerPlayer):
        def _slip(self, view: PlayerView, moves: list[Action], right: Action) -> Action:
            chosen = super()._slip(view, moves, right)
            assert chosen in view.legal
            slips.append((right, chosen, view.trump))
            return chosen

    rules = get_preset("classic66")
    plays = 0
    for i in range(60):
        deal = Deal.new(rules, seed=350_000 + i, dealer=i % 2)
        beginner = Recording(i, rules)
        while deal.result is None and deal.to_act is not None:
            view = player_view(deal, deal.to_act)
            action = beginner.choose(view)
            plays += action.type == "play" and len(view.legal) > 1
            deal.apply(action)
    changed = [(c, t) for r, c, t in slips if r != c]
    assert plays > 200
    assert 0.02 * plays < len(changed) < 0.25 * plays
    for chosen, trump in changed:
        assert chosen.card is not None and chosen.card[0] != "A"
        assert not (chosen.card[0] == "T" and chosen.card[1] == trump)
