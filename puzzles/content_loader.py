"""Read puzzles/content/puzzles.json, re-check every puzzle, write the rows.

Endings are re-checked with the exact solver, layouts puzzles (three players) with the
layout judge over every layout of the hidden cards.

The file is generated (`generate_puzzles`) and committed with its seed. A puzzle that does
not hold — an illegal move, a position that is not exact, an answer that is not the
solver's only best move, a near-duplicate — is refused with its id; nothing is written then
(the caller's transaction covers every loader).
"""

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sixtysix import Analysis, RuleSet, RuleSetError
from sixtysix.solver import SolverError
from sixtysix.solver.endings import Judgement

from content.files import ContentError, LoadReport
from content.rows import write_table
from rules.models import Variant

from .layout_positions import LAYOUT_THEME, check_layouts
from .models import Puzzle
from .positions import (
    DIFFICULTIES,
    KINDS,
    RATINGS,
    THEMES,
    PuzzleError,
    check,
    main_theme,
    reach,
    signature,
)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
PUZZLES_FILE = CONTENT_DIR / "puzzles.json"
FIELDS = (
    "id",
    "variant",
    "deal",
    "actions",
    "answer",
    "value",
    "difficulty",
    "themes",
    "kind",
    "theme",
    "rating",
)


@dataclass
class PuzzleData:
    number: int
    variant: str
    seat: int
    deal: dict
    actions: list
    answer: list
    value: int
    difficulty: int
    themes: list
    kind: str
    theme: str
    rating: int


def dump(puzzles: list[dict], *, seed: int, command: str) -> str:
    """The file's text: a header with the seed and command line, then one puzzle a line."""
    header = json.dumps({"seed": seed, "command": command}, ensure_ascii=False)
    lines = [json.dumps(p, separators=(",", ":"), ensure_ascii=False) for p in puzzles]
    return '{"generator": ' + header + ',\n"puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


def _read(path: Path) -> list:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ContentError(path, "file", f"not readable JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise ContentError(path, "puzzles", "missing: a list of puzzles is expected")
    return data["puzzles"]


def check_kind(rules: RuleSet, kind: str, layout, actions, answer) -> Analysis | Judgement:
    """The exact solver's check for an ending, the layout judge's for a layouts puzzle;
    PuzzleError either way when the puzzle does not hold."""
    if kind == "layouts":
        return check_layouts(rules, layout, actions, answer)
    try:
        return check(rules, layout, actions, answer)
    except SolverError as exc:  # e.g. an "ending" of three active seats
        raise PuzzleError(f"the solver cannot decide here ({exc})") from exc


@lru_cache(maxsize=4096)
def _checked(payload: str) -> Analysis | Judgement:
    """The solver's (or layout judge's) verdict on one puzzle, once per process: a load that
    re-reads unchanged puzzles (each release, each test's load) need not solve them again.
    The key is the whole input (rules, kind, deal, actions, answer), so any change is
    checked afresh; refusals raise and are never kept."""
    rules, kind, layout, actions, answer = json.loads(payload)
    return check_kind(RuleSet.from_dict(rules), kind, layout, actions, answer)


@lru_cache(maxsize=4096)
def _signature(payload: str) -> str:
    """The position a checked puzzle reaches, as a key for duplicates; remembered as
    `_checked` is."""
    rules, layout, actions = json.loads(payload)
    return signature(reach(RuleSet.from_dict(rules), layout, actions))


def _check(rules: RuleSet, rules_dict: dict, raw: dict) -> Analysis | Judgement:
    fields = [raw["kind"], raw["deal"], raw["actions"], raw["answer"]]
    try:
        payload = json.dumps([rules_dict, *fields])
    except (TypeError, ValueError):  # not plain JSON: check it without the memo
        return check_kind(rules, *fields)
    return _checked(payload)


def parse_puzzle(path: Path, raw, rules_by_variant: dict[str, dict], index: int) -> PuzzleData:
    where = f"puzzles[{index}]"
    if not isinstance(raw, dict) or set(raw) != set(FIELDS):
        raise ContentError(path, where, f"a puzzle has exactly the fields {', '.join(FIELDS)}")
    number = raw["id"]
    where = f"puzzle {number}"
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ContentError(path, where, "id must be a positive whole number")
    if raw["variant"] not in rules_by_variant:
        raise ContentError(path, f"{where}: variant", f"unknown variant {raw['variant']!r}")
    if raw["difficulty"] not in DIFFICULTIES:
        raise ContentError(path, f"{where}: difficulty", "must be 1, 2 or 3")
    themes = raw["themes"]
    if not isinstance(themes, list) or not themes or not set(themes) <= set(THEMES):
        raise ContentError(path, f"{where}: themes", f"one or more of {', '.join(THEMES)}")
    _check_tags(path, where, raw)
    if not isinstance(raw["actions"], list) or not isinstance(raw["answer"], list):
        raise ContentError(path, where, "actions and answer must be lists of actions")
    try:
        rules = RuleSet.from_dict(rules_by_variant[raw["variant"]])
    except RuleSetError as exc:
        raise ContentError(path, f"{where}: variant", str(exc)) from exc
    try:
        analysis = _check(rules, rules_by_variant[raw["variant"]], raw)
    except PuzzleError as exc:
        raise ContentError(path, where, str(exc)) from exc
    if analysis.value != raw["value"]:
        raise ContentError(
            path, f"{where}: value", f"the solver gives {analysis.value:g}, not {raw['value']}"
        )
    return PuzzleData(
        number=number,
        variant=raw["variant"],
        seat=analysis.seat,
        deal=raw["deal"],
        actions=raw["actions"],
        answer=raw["answer"],
        value=int(analysis.value),
        difficulty=raw["difficulty"],
        themes=list(themes),
        kind=raw["kind"],
        theme=raw["theme"],
        rating=raw["rating"],
    )


def _check_tags(path: Path, where: str, raw: dict) -> None:
    """kind, theme (the main one of the themes) and an initial rating in range."""
    if raw["kind"] not in KINDS:
        raise ContentError(path, f"{where}: kind", f"one of {', '.join(KINDS)}")
    if (raw["kind"] == "layouts") != (LAYOUT_THEME in raw["themes"]):
        raise ContentError(path, f"{where}: kind", f"{LAYOUT_THEME} is the layouts kind's theme")
    if raw["theme"] != main_theme(raw["themes"]):
        raise ContentError(path, f"{where}: theme", "must be the main one of its themes")
    rating = raw["rating"]
    low, high = RATINGS
    if isinstance(rating, bool) or not isinstance(rating, int) or not low <= rating <= high:
        raise ContentError(path, f"{where}: rating", f"a whole number from {low} to {high}")


def parse_puzzles(path: Path = PUZZLES_FILE, rules_by_variant=None) -> list[PuzzleData]:
    """Every puzzle of the file, re-checked by the solver; ContentError on the first bad one."""
    if rules_by_variant is None:
        rules_by_variant = {v.slug: v.rules for v in Variant.objects.all()}
    if not path.exists():
        return []
    puzzles, numbers = [], set()
    seen: dict[str, int] = {}
    for index, raw in enumerate(_read(path)):
        data = parse_puzzle(path, raw, rules_by_variant, index)
        if data.number in numbers:
            raise ContentError(path, f"puzzle {data.number}", "this id is used twice")
        payload = json.dumps([rules_by_variant[data.variant], data.deal, data.actions])
        sig = data.variant + ":" + _signature(payload)
        if sig in seen:
            raise ContentError(path, f"puzzle {data.number}", f"same position as {seen[sig]}")
        numbers.add(data.number)
        seen[sig] = data.number
        puzzles.append(data)
    return puzzles


def write_puzzles(puzzles: list[PuzzleData], report: LoadReport) -> None:
    variants = {v.slug: v.pk for v in Variant.objects.all()}
    wanted = [
        (
            data.number,
            {
                "variant_id": variants[data.variant],
                "seat": data.seat,
                "deal": data.deal,
                "actions": data.actions,
                "answer": data.answer,
                "value": data.value,
                "difficulty": data.difficulty,
                "themes": data.themes,
                "kind": data.kind,
                "theme": data.theme,
                "rating": data.rating,
            },
        )
        for data in puzzles
    ]
    write_table(Puzzle, "number", wanted, report)
