"""Sixty-Six game engine: plain Python, no Django (see README.md)."""

from .actions import Action
from .deal import Deal
from .errors import EngineError, IllegalAction, LayoutError, RuleSetError
from .presets import PRESET_IDS, get_preset, load_presets
from .ruleset import RuleSet
from .scoring import Result

__all__ = [
    "PRESET_IDS",
    "Action",
    "Deal",
    "EngineError",
    "IllegalAction",
    "LayoutError",
    "Result",
    "RuleSet",
    "RuleSetError",
    "get_preset",
    "load_presets",
]
