"""Engine exceptions: every refusal carries a stable code, never player-facing prose."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every engine error; `code` is stable and `details` explains it."""

    def __init__(self, code: str, details: dict[str, Any] | None = None, message: str = "") -> None:
        self.code = code
        self.details: dict[str, Any] = dict(details or {})
        super().__init__(message or code)


class IllegalAction(EngineError):
    """An action the rules refuse at this moment (the site translates `code`)."""


class LayoutError(EngineError):
    """An explicit deal layout that cannot be a deal of the variant."""


class RuleSetError(EngineError):
    """A rule set with an unknown, missing or badly valued key; `key` names it."""

    def __init__(self, key: str | None, message: str, file: str | None = None) -> None:
        self.key = key
        self.file = file
        self.message = message
        where = f"{file}: " if file else ""
        super().__init__("bad_rules", {"key": key, "file": file}, f"{where}{key}: {message}")
