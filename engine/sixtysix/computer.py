"""The computer player for every variant, seeing only its own `PlayerView`.

One door for the site and the tables: `choose(deal, seat, level=..., seed=...)` and the
levels (`LEVELS`, `DEFAULT_LEVEL`, `player_for`; computer_levels.py). Behind it:

- `ComputerPlayer` (computer_player.py): open phase, and every phase the exact solver
  does not cover (three and four players, two packs, partnerships, contracts),
  perfect-information Monte Carlo (`pimc.evaluate`); the strict phase of the two-player,
  one-pack variants, the exact solver (`solver.solve`).
- the rules of thumb of the play and the honesty of claims (computer_thumb.py);
- the auction and naming trumps (computer_bidding.py).

A claim is only ever made when the side's counted points carry it.
"""

from __future__ import annotations

from .computer_bidding import best_trump, choose_bid, choose_trump, hand_strength
from .computer_levels import (
    DEFAULT_LEVEL,
    LEVELS,
    BeginnerPlayer,
    Level,
    LevelError,
    check_level,
    choose,
    player_for,
)
from .computer_player import ORDER, TIE, ComputerPlayer, pick
from .computer_thumb import RulesOfThumb, claim_is_true, honest_moves, side_seats

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "ORDER",
    "TIE",
    "BeginnerPlayer",
    "ComputerPlayer",
    "Level",
    "LevelError",
    "RulesOfThumb",
    "best_trump",
    "check_level",
    "choose",
    "choose_bid",
    "choose_trump",
    "claim_is_true",
    "hand_strength",
    "honest_moves",
    "pick",
    "player_for",
    "side_seats",
]
