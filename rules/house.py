"""House rules: a table's own choices where the sources disagree, as a short stable code.

The code is the options themselves (no database row): for each option that differs from
the preset, its two-letter id and the position of the chosen value ("es1cp2"); "0" is the
preset unchanged. The same code reads the same in every language. The options and who
plays each way are data (`house_options.toml`); the values are the engine's
keys, and whether a set of choices can be played together is the engine's RuleSet
validation, never a second list here.
"""

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from sixtysix.errors import RuleSetError
from sixtysix.ruleset import SPEC, RuleSet

from .parameters import ROWS, Row

OPTIONS_FILE = Path(__file__).parent / "house_options.toml"
PRESET_CODE = "0"
MAX_CODE_LENGTH = 120
TOKEN = re.compile(r"([a-z]{2})(\d)")


@dataclass(frozen=True)
class Option:
    """One engine key a table may set, with the values offered and who plays each."""

    id: str
    key: str
    values: tuple[Any, ...]
    sections: tuple[str, ...]
    sources: dict[str, tuple[str, ...]]

    def sources_of(self, value: Any) -> tuple[str, ...]:
        return self.sources.get(value_id(value), ())


@dataclass(frozen=True)
class Source:
    key: str
    title: str
    url: str


class HouseCodeError(ValueError):
    """A code that is not a table of this variant; `reason` says how, for the message."""

    def __init__(self, reason: str, token: str = "") -> None:
        self.reason = reason
        self.token = token
        super().__init__(f"{reason}: {token}" if token else reason)


def value_id(value: Any) -> str:
    """A value as the options file writes it in a `sources` table ("true", "3", "end")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Bundle:
    """A named set of house rules: a table's code and its name in each language."""

    variant: str
    code: str
    names: dict[str, str]

    def name(self, language: str) -> str:
        return self.names.get(language, self.names["en"])


@cache
def _data() -> dict[str, Any]:
    return tomllib.loads(OPTIONS_FILE.read_text(encoding="utf-8"))


def bundles(slug: str) -> list[Bundle]:
    """The named sets of house rules of a variant, in file order."""
    return [
        Bundle(b["variant"], b["code"], dict(b["name"]))
        for b in _data().get("bundles", [])
        if b["variant"] == slug
    ]


@cache
def _load() -> tuple[tuple[Option, ...], dict[str, Source]]:
    data = _data()
    sources = {key: Source(key, s["title"], s["url"]) for key, s in data["sources"].items()}
    options = []
    for raw in data["options"]:
        key = raw["key"]
        if key not in SPEC:
            raise RuleSetError(key, "unknown rule key", file=str(OPTIONS_FILE))
        option = Option(
            raw["id"],
            key,
            tuple(raw["values"]),
            tuple(raw["sections"]),
            {value: tuple(keys) for value, keys in raw["sources"].items()},
        )
        options.append(option)
    return tuple(options), sources


def all_options() -> tuple[Option, ...]:
    """Every option in code order."""
    return _load()[0]


def sources() -> dict[str, Source]:
    return _load()[1]


def _normalised(option: Option, value: Any) -> Any:
    """A RuleSet value as the option lists it (deck-like keys are strings in a RuleSet)."""
    for offered in option.values:
        if value_id(offered) == value_id(value):
            return offered
    return value


def offered(base: RuleSet) -> tuple[Option, ...]:
    """The options a table of this variant may choose: those the variant plays at all.

    An option whose key the preset makes moot (no exchange, no closing, a fixed number of
    deals) is left out, and so is one whose preset value is not among those offered
    (a multi-player dealer rotation, say), so every offered option shows the preset's value.
    """
    return tuple(
        option
        for option in all_options()
        if applies(option.key, base)
        and _normalised(option, getattr(base, option.key)) in option.values
    )


def _scored_1_2_3(r: RuleSet) -> bool:
    return r.scoring in ("standard_1_2_3", "each_loser_1_2_3")


# Keys whose facts row applies more widely than the option does: the other scales decide a
# played-out deal without the last trick.
NARROWER = {"exhausted_resolution": _scored_1_2_3, "last_trick_bonus": _scored_1_2_3}


def applies(key: str, base: RuleSet) -> bool:
    """True when the variant plays this key at all: its facts row shows it."""
    narrower = NARROWER.get(key)
    return row_for(key).applies(base) and (narrower is None or narrower(base))


def row_for(key: str) -> Row:
    """The facts row that says this key in words (the first that shows it)."""
    return next(row for row in ROWS if key in row.keys)


def choices_of(base: RuleSet, house: RuleSet) -> dict[str, Any]:
    """The house table's value of every offered option."""
    return {o.key: _normalised(o, getattr(house, o.key)) for o in offered(base)}


def encode(base: RuleSet, house: RuleSet) -> str:
    """The canonical code of a house table: the changed options in file order."""
    tokens = [f"{option_id}{position}" for option_id, position in query_of(base, house).items()]
    return "".join(tokens) or PRESET_CODE


def decode(base: RuleSet, code: str) -> dict[str, Any]:
    """The options a code sets, {key: value}; HouseCodeError when it is not a code."""
    if code == PRESET_CODE:
        return {}
    if not code or len(code) > MAX_CODE_LENGTH or not code.isascii():
        raise HouseCodeError("malformed")
    by_id = {option.id: option for option in offered(base)}
    pos, changes = 0, {}
    while pos < len(code):
        match = TOKEN.match(code, pos)
        if match is None:
            raise HouseCodeError("malformed", code[pos : pos + 3])
        option_id, index = match.group(1), int(match.group(2))
        option = by_id.get(option_id)
        if option is None:
            raise HouseCodeError("unknown_option", match.group(0))
        if index >= len(option.values):
            raise HouseCodeError("unknown_value", match.group(0))
        if option.key in changes:
            raise HouseCodeError("repeated_option", match.group(0))
        changes[option.key] = option.values[index]
        pos = match.end()
    return changes


def house_rules(base: RuleSet, changes: dict[str, Any]) -> RuleSet:
    """The preset with the table's choices; RuleSetError when they cannot be combined."""
    return base.with_options(changes) if changes else base


def from_code(base: RuleSet, code: str) -> tuple[RuleSet, str]:
    """The table a code describes and its canonical code (a code listing a preset value or
    options out of order reads the same table under another spelling)."""
    house = house_rules(base, decode(base, code))
    return house, encode(base, house)


def from_query(base: RuleSet, query: dict[str, str]) -> dict[str, Any]:
    """The options chosen in the form ({option id: value position}); unknown or missing
    fields keep the preset's value, a position out of range is an error."""
    changes = {}
    for option in offered(base):
        raw = query.get(option.id)
        if raw is None or raw == "":
            continue
        if not (raw.isascii() and raw.isdigit()) or int(raw) >= len(option.values):
            raise HouseCodeError("unknown_value", f"{option.id}={raw[:8]}")
        changes[option.key] = option.values[int(raw)]
    return changes


def query_of(base: RuleSet, table: RuleSet) -> dict[str, int]:
    """The form fields that choose this table ({option id: value position})."""
    out = {}
    for option in offered(base):
        value = _normalised(option, getattr(table, option.key))
        if value != _normalised(option, getattr(base, option.key)):
            out[option.id] = option.values.index(value)
    return out
