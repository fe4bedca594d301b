"""The computer's levels: one entry point for practice, tables and benchmarks.

`choose(deal, seat, level=..., seed=...)` gives the move of the computer sitting at
`seat`, worked out from that seat's `PlayerView` only (never another hand or the stock
order). Every level is deterministic given its seed (no clock: the play-out budget bounds
the work), so a replayed position meets the same answer.

- ``beginner``: the rules of thumb of `computer_thumb`, no sampling and no inference, with
  human slips: now and then a middling card instead of the right one, a claim overlooked,
  a close made too early. Never an illegal move, never a false claim.
- ``club``: the sampling computer as the site has played it (perfect-information Monte
  Carlo in the open phase, the exact solver in the strict phase).
- ``expert``: in the two-seat, one-pack variants (`fast.supports`) the sampling search on
  the bitmask path with every world's strict phase valued by the solver
  (`EXPERT_EXACT`: both computers play the strict phase with the solver, so the play-out
  heuristic's weaker end play no longer decides the open phase); elsewhere the generic
  search with more worlds and play-outs; more layouts after a close. A budget of work
  (worlds, play-outs, solver nodes), never of time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Literal

from .actions import Action
from .computer_player import ComputerPlayer, ExactSearch
from .computer_thumb import RulesOfThumb, honest_moves
from .deal import Deal
from .players import Player, PlayerView, player_view
from .ruleset import RuleSet

Level = Literal["beginner", "club", "expert"]
LEVELS: Final[tuple[Level, ...]] = ("beginner", "club", "expert")
"""The levels, weakest first."""
DEFAULT_LEVEL: Final[Level] = "club"
"""The level of the computer the site played before there were levels."""

EXPERT_SAMPLES = 64
EXPERT_PLAYOUTS = 480
"""The expert's generic search (variants the bitmask path does not play)."""
EXPERT_EXACT = ExactSearch(samples=24, playouts=120, nodes=50_000)
"""The expert's search in two-seat one-pack variants: fewer worlds than club's 40, each
valued exactly from its strict phase on. More worlds and play-outs with the heuristic's
values did not win (45 % against club over 200 classic66 deals); the node budget holds
Idiot-66, whose solver searches are the longest, to the others' time."""
EXPERT_LAYOUTS = 24
CLUB_LAYOUTS = 16


class LevelError(ValueError):
    """An unknown level name (the message lists the known ones)."""


def check_level(level: object) -> Level:
    """`level` if it names a level, else `LevelError`."""
    if isinstance(level, str) and level in LEVELS:
        return level
    raise LevelError(f"unknown computer level {level!r}: choose one of {', '.join(LEVELS)}")


class BeginnerPlayer(RulesOfThumb):
    """Rules of thumb with human slips (seeded): `slip` of its card plays are a middling
    card instead, `missed_claim` of its true claims are overlooked, and with `eager` odds
    it closes on a hopeful count (target less 20) instead of a sure one."""

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | None = None,
        *,
        slip: float = 0.12,
        missed_claim: float = 0.15,
        eager: float = 0.1,
    ) -> None:
        super().__init__(seed, rules)
        self.slip = slip
        self.missed_claim = missed_claim
        self.eager = eager

    def choose(self, view: PlayerView) -> Action:
        """The action to apply (one of `view.legal`, never a false claim)."""
        rules = self._settled(view)
        if isinstance(rules, Action):
            return rules
        moves = honest_moves(view, rules)
        if len(moves) > 1 and self.rng.random() < self.missed_claim:
            moves = [a for a in moves if a.type != "declare"] or moves
        action = self._heuristic(view, rules, moves)
        if action.type == "play" and self.rng.random() < self.slip:
            return self._slip(view, moves, action)
        return action

    def _slip(self, view: PlayerView, moves: list[Action], right: Action) -> Action:
        """Another play that a hurried player might make: never a trump ace or ten, nor an
        ace of a side suit (those a beginner too holds on to)."""
        others = [
            a
            for a in moves
            if a.type == "play"
            and a != right
            and a.card
            and not (a.card[0] in "AT" and a.card[1] == view.trump)
            and a.card[0] != "A"
        ]
        if not others:
            return right
        return others[self.rng.randrange(len(others))]

    def _should_close(self, view: PlayerView, rules: RuleSet) -> bool:
        if super()._should_close(view, rules):
            return True
        if view.trump is None or self.rng.random() >= self.eager:
            return False
        me = view.seat
        trumps = sum(1 for c in view.hand if c[1] == view.trump)
        points = view.card_points[me] if view.card_points else view.own_points
        return trumps >= 2 and points >= rules.target - 20


def player_for(
    level: str,
    seed: int | None = None,
    rules: RuleSet | None = None,
    *,
    playouts: int | None = None,
) -> Player:
    """A player of `level` (`LevelError` if unknown). `playouts` replaces the level's
    play-out budget (the site's tests keep it small); the beginner plays none."""
    name = check_level(level)
    if name == "beginner":
        return BeginnerPlayer(seed, rules)
    if name == "club":
        return ComputerPlayer(seed, rules, layouts=CLUB_LAYOUTS, time_limit=None, playouts=playouts)
    return ComputerPlayer(
        seed,
        rules,
        layouts=EXPERT_LAYOUTS,
        time_limit=None,
        samples=EXPERT_SAMPLES,
        playouts=EXPERT_PLAYOUTS if playouts is None else playouts,
        exact=EXPERT_EXACT if playouts is None else replace(EXPERT_EXACT, playouts=playouts),
    )


def choose(
    deal: Deal,
    seat: int,
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    *,
    playouts: int | None = None,
) -> Action:
    """The move of the computer of `level` at `seat`, who must be to act (`ValueError`
    otherwise; `LevelError` for an unknown level). Sees only `seat`'s view."""
    player = player_for(level, seed, deal.rules, playouts=playouts)
    if deal.result is not None or deal.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    return player.choose(player_view(deal, seat))


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "BeginnerPlayer",
    "Level",
    "LevelError",
    "check_level",
    "choose",
    "player_for",
]
