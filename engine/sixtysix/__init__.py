"""Sixty-Six game engine: plain Python, no Django (see README.md)."""

from .actions import Action
from .computer import ComputerPlayer
from .deal import Deal
from .errors import EngineError, IllegalAction, LayoutError, RuleSetError
from .kinds import ActionType, Phase, RefusalCode, ResultReason, RuleKey
from .match import Match
from .players import Player, PlayerView, RandomPlayer, play_out, player_view
from .presets import PRESET_IDS, get_preset, load_presets
from .ruleset import RuleSet
from .scoring import Result
from .solver import Analysis, MoveEval, SolverError, SolverTimeout, solve

__all__ = [
    "PRESET_IDS",
    "Action",
    "ActionType",
    "Analysis",
    "ComputerPlayer",
    "Deal",
    "EngineError",
    "IllegalAction",
    "LayoutError",
    "Match",
    "MoveEval",
    "Phase",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "RefusalCode",
    "Result",
    "ResultReason",
    "RuleKey",
    "RuleSet",
    "RuleSetError",
    "SolverError",
    "SolverTimeout",
    "get_preset",
    "load_presets",
    "play_out",
    "player_view",
    "solve",
]
