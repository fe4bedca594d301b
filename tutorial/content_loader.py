"""Read tutorial/content/*.toml and replay each through the engine (content_writer.py writes them).

A tutorial whose actions the engine refuses, whose "your move" does not lead to the next
step, or whose narration names an unknown placeholder is refused with the file, the step
and the language; nothing is written then (the rules loader's transaction covers both).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sixtysix import Action, EngineError, LayoutError, RuleSet, RuleSetError, get_preset

from content.files import (
    EMPTY_FILE,
    ContentError,
    check_tokens,
    is_empty,
    languages,
    read_toml,
    text_field,
)
from content.schema import Key, check, one_of, whole
from rules.models import Variant

from .replay import (
    Position,
    ReplayError,
    Script,
    fill,
    misformed_placeholders,
    narration_values,
    placeholders,
    replay_once,
)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
COURSE_FILE = "course.toml"
STEP_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")


@dataclass
class GroupData:
    key: str
    order: int
    titles: dict[str, str]


def lesson_paths(content_dir: Path = CONTENT_DIR) -> list[Path]:
    """The lesson files of a content folder (every TOML file but the course's)."""
    return [p for p in sorted(Path(content_dir).glob("*.toml")) if p.name != COURSE_FILE]


def parse_course(content_dir: Path = CONTENT_DIR) -> list[GroupData]:
    """The course's groups in order, each with a title in every language."""
    path = Path(content_dir) / COURSE_FILE
    data = read_toml(path) if path.exists() else {}
    raw = data.get("groups")
    if not isinstance(raw, list) or not raw:
        raise ContentError(path, "groups", "the course needs at least one [[groups]]")
    groups: list[GroupData] = []
    for number, table in enumerate(raw, start=1):
        key = table.get("id") if isinstance(table, dict) else None
        if not isinstance(key, str) or not STEP_ID.match(key):
            raise ContentError(
                path, f"groups[{number}].id", "must be lower-case letters, digits and -"
            )
        if any(g.key == key for g in groups):
            raise ContentError(path, f"groups[{number}].id", f"{key!r} is used twice")
        titles = {
            lang: text_field(path, table, lang, f"groups.{key}", lang) for lang in languages()
        }
        groups.append(GroupData(key, number * 10, titles))
    return groups


class Lessons(list):
    """The parsed lessons, carrying the course they belong to."""

    course: list[GroupData]


@dataclass
class TutorialData:
    slug: str
    variant: str
    group: str
    order: int
    you: int
    reveal: bool
    options: dict
    deals: list[dict]
    texts: dict[str, dict[str, str]]
    steps: list[dict] = field(default_factory=list)


def _ruleset(path: Path, variant: str, options: dict) -> RuleSet:
    try:
        return get_preset(variant).with_options(options)
    except (RuleSetError, KeyError, EngineError) as exc:
        raise ContentError(path, "tutorial.options", str(exc)) from exc


def _action(path: Path, where: str, raw: Any, player: int | None = None) -> dict:
    data = dict(raw) if isinstance(raw, dict) else raw
    if player is not None and isinstance(data, dict):
        data.setdefault("player", player)
    try:
        return Action.from_dict(data).to_dict()
    except EngineError as exc:
        raise ContentError(path, where, f"not an action ({exc.code} {exc.details})") from exc


def parse_tutorial_file(
    path: Path,
    variant_sections: dict[str, list[str]],
    only: list[str] | None = None,
    groups: set[str] | None = None,
) -> TutorialData:
    """Parse and check one file; `only` limits the text checks to some languages (drafting).

    `groups` are the course's group ids (by default read from the folder's course.toml)."""
    data = read_toml(path)
    if not data:
        raise ContentError(path, "file", EMPTY_FILE)
    if groups is None:
        groups = {g.key for g in parse_course(path.parent)}
    variant, order, group, options, rules, you, reveal, layouts = _meta(
        path, data, variant_sections, groups
    )
    steps = _steps(path, data, you, len(layouts), variant_sections[variant], variant)
    positions = _replay(path, rules, variant, layouts, steps)
    _check_asks(path, steps, positions, you)
    texts = _texts(path, data, steps, positions, rules, you, only)
    return TutorialData(
        path.stem, variant, group, order, you, reveal, options, layouts, texts, steps
    )


TUTORIAL_KEYS = (
    Key("order", "must be a whole number from 0 to 32767", whole(0, 32767), required=False),
    Key("options", "must be a table", lambda v: isinstance(v, dict), required=False),
    Key("reveal", "must be true or false", lambda v: isinstance(v, bool), required=False),
)


def _meta(path: Path, data: dict, variant_sections: dict[str, list[str]], groups: set[str]):
    """The [tutorial] table checked, the rules it plays by, and its deal layouts."""
    meta = data.get("tutorial")
    if isinstance(meta, dict) and meta.get("slug") != path.stem:
        raise ContentError(path, "tutorial.slug", f"must equal the file name {path.stem!r}")
    if isinstance(meta, dict) and meta.get("variant") not in variant_sections:
        raise ContentError(path, "tutorial.variant", f"unknown variant {meta.get('variant')!r}")
    group = meta.get("group") if isinstance(meta, dict) else None
    group_must = f"must be a group of the course {sorted(groups)}, not {group!r}"
    meta = check(path, "tutorial", meta, (*TUTORIAL_KEYS, Key("group", group_must, one_of(groups))))
    variant, order, options = meta["variant"], meta.get("order", 0), meta.get("options", {})
    rules = _ruleset(path, variant, options)
    seats = f"must be a seat from 0 to {rules.players - 1}"
    you = check(path, "tutorial", meta, (Key("you", seats, whole(0, rules.players - 1)),))["you"]
    reveal = meta.get("reveal", True)
    layouts = [data["deal"]] if "deal" in data else data.get("deals")
    if (
        not isinstance(layouts, list)
        or not layouts
        or not all(isinstance(x, dict) for x in layouts)
    ):
        raise ContentError(path, "deal", "give one [deal] table or several [[deals]]")
    return variant, order, group, options, rules, you, reveal, layouts


def _steps(
    path: Path, data: dict, you: int, deals: int, sections_of_variant: list[str], variant: str
) -> list[dict]:
    """The [[steps]]: ids, actions, the moves asked, their deal and the sections they cite."""
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ContentError(path, "steps", "a tutorial needs at least one [[steps]]")
    steps: list[dict[str, Any]] = []
    for number, raw in enumerate(raw_steps, start=1):
        where = f"steps[{number}]"
        key = raw.get("id")
        if not isinstance(key, str) or not STEP_ID.match(key):
            raise ContentError(path, f"{where}.id", "must be lower-case letters, digits and -")
        if any(step["key"] == key for step in steps):
            raise ContentError(path, f"{where}.id", f"{key!r} is used twice")
        where = f"step {number} ({key})"
        actions = [_action(path, f"{where}.actions", a) for a in raw.get("actions", [])]
        ask = [_action(path, f"{where}.ask", a, player=you) for a in raw.get("ask", [])]
        deal_number = raw.get("deal", steps[-1]["deal"] if steps else 1)
        previous = steps[-1]["deal"] if steps else 1
        if deal_number not in (previous, previous + 1) or deal_number > deals:
            raise ContentError(path, f"{where}.deal", "deals must follow each other: 1, 2, ...")
        sections = raw.get("sections", [])
        unknown = [s for s in sections if s not in sections_of_variant]
        if unknown:
            raise ContentError(path, f"{where}.sections", f"not sections of {variant}: {unknown}")
        steps.append(
            {
                "key": key,
                "number": number,
                "deal": deal_number,
                "actions": actions,
                "ask": ask,
                "sections": list(sections),
                "text": {},
                "hint": dict.fromkeys(languages(), ""),
                "wrong": {},
            }
        )
    return steps


def _replay(
    path: Path, rules: RuleSet, variant: str, layouts: list, steps: list[dict]
) -> tuple[Position, ...]:
    """Every step's position, replayed by the engine; a refused action names its step."""
    try:
        return replay_once(rules, Script(layouts, [(s["deal"], s["actions"]) for s in steps]))
    except LayoutError as exc:
        raise ContentError(
            path, "deal", f"not a deal of {variant} ({exc.code} {exc.details})"
        ) from exc
    except ReplayError as exc:
        step = steps[exc.step - 1]
        raise ContentError(
            path,
            f"step {exc.step} ({step['key']}) action {exc.action + 1}",
            f"refused by the engine: {exc.code} {exc.details or ''}".strip(),
        ) from exc


def _check_asks(path: Path, steps: list[dict], positions: Sequence[Position], you: int) -> None:
    """A step that asks for a move: the reader's turn, a legal move, and the next step plays it."""
    for step, position in zip(steps, positions, strict=True):
        where = f"step {step['number']} ({step['key']})"
        if not step["ask"]:
            continue
        if position.to_act != you:
            raise ContentError(
                path, f"{where}.ask", f"it is seat {position.to_act}'s turn, not you"
            )
        for accepted in step["ask"]:
            if {k: v for k, v in accepted.items() if k != "player"} not in position.legal:
                raise ContentError(
                    path,
                    f"{where}.ask",
                    f"{Action.from_dict({**accepted, 'player': you}).key()} is not legal",
                )
        if step["number"] == len(steps):
            raise ContentError(path, f"{where}.ask", "the last step cannot ask for a move")
        following = steps[step["number"]]
        if (
            following["deal"] != step["deal"]
            or not following["actions"]
            or (following["actions"][0] not in step["ask"])
        ):
            raise ContentError(path, f"{where}.ask", "the next step must begin with that move")


def _texts(
    path: Path, data: dict, steps: list[dict], positions: Sequence[Position], rules, you, only
) -> dict:
    """Title, summary, recap and every step's text, hint and wrong-move notes, per language
    (the steps' texts are filled in place); the lesson's own texts are returned."""
    texts: dict[str, dict[str, str]] = {"title": {}, "summary": {}}
    # The recap (shown at the lesson's end) is optional, but once one language has it
    # every language needs it.
    if any(isinstance(data.get(lang), dict) and "recap" in data[lang] for lang in languages()):
        texts["recap"] = {}
    for language in only or languages():
        block = data.get(language)
        if not isinstance(block, dict):
            raise ContentError(path, language, "the language table is missing", language)
        for name in texts:
            texts[name][language] = text_field(path, block, name, name, language)
        if "recap" in texts:
            check_tokens(path, "recap", language, texts["recap"][language])
        step_texts = block.get("steps", {})
        extra = set(step_texts) - {step["key"] for step in steps}
        if extra:
            raise ContentError(path, "steps", f"texts for unknown steps {sorted(extra)}", language)
        for step, position in zip(steps, positions, strict=True):
            where = f"steps.{step['key']}"
            table = step_texts.get(step["key"])
            if not isinstance(table, dict):
                raise ContentError(path, where, "missing", language)
            values = narration_values(position, rules, you)
            names = ["text", "hint"] if step["ask"] else ["text"]
            for name in names:
                text = text_field(path, table, name, f"{where}.{name}", language)
                _check_text(path, f"{where}.{name}", language, text, values)
                step[name][language] = text
            wrong = table.get("wrong", {})
            if not isinstance(wrong, dict):
                raise ContentError(path, f"{where}.wrong", "must be a table", language)
            for key, text in wrong.items():
                if not isinstance(text, str) or not text.strip():
                    raise ContentError(path, f"{where}.wrong.{key}", "empty", language)
                _check_text(path, f"{where}.wrong.{key}", language, text, values)
                step["wrong"].setdefault(language, {})[key] = text.strip()
    for step in steps:
        key_sets = {lang: set(step["wrong"].get(lang, {})) for lang in only or languages()}
        if len({frozenset(keys) for keys in key_sets.values()}) > 1:
            raise ContentError(path, f"steps.{step['key']}.wrong", "differs between languages")
    return texts


def _check_text(path: Path, where: str, language: str, text: str, values: dict) -> None:
    check_tokens(path, where, language, text)
    missing = placeholders(text) - set(values)
    if missing:
        raise ContentError(path, where, f"placeholder(s) {sorted(missing)} unknown here", language)
    misformed = misformed_placeholders(text, values)
    if misformed:
        raise ContentError(
            path,
            where,
            f"only a card takes a case, only a number a counted noun: {sorted(misformed)}",
            language,
        )
    check_tokens(path, where, language, fill(text, values))


def parse_tutorials(
    content_dir: Path = CONTENT_DIR, variant_sections=None, *, skip_empty: bool = False
) -> list[TutorialData]:
    """Every tutorial file; `skip_empty` reads an empty file as a missing one."""
    if variant_sections is None:
        variant_sections = {}
        for variant in Variant.objects.prefetch_related("sections"):
            variant_sections[variant.slug] = [s.key for s in variant.sections.all()]
    course = parse_course(content_dir)
    keys = {g.key for g in course}
    lessons = Lessons(
        parse_tutorial_file(p, variant_sections, groups=keys)
        for p in lesson_paths(content_dir)
        if not (skip_empty and is_empty(p))
    )
    lessons.course = course
    return lessons
