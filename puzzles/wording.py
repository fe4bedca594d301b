"""The puzzle pages' sentences live in words/puzzle_words.py (one layer for sentences);
this module keeps the names the puzzle and training apps import."""

from words.line_words import describe_line
from words.puzzle_words import (
    LINE_ERRORS,
    THEME_NAMES,
    best_move,
    first_right,
    kept,
    other_move,
    solved,
    task,
    theme_sentences,
    value_note,
    worth,
    wrong_move,
)

__all__ = [
    "LINE_ERRORS",
    "THEME_NAMES",
    "best_move",
    "describe_line",
    "first_right",
    "kept",
    "other_move",
    "solved",
    "task",
    "theme_sentences",
    "value_note",
    "worth",
    "wrong_move",
]
