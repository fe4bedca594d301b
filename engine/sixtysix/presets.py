"""Load the presets: one ``rules/content/<id>.toml`` per variant, table ``[rules]``."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from .errors import RuleSetError
from .ruleset import RuleSet

PRESET_IDS: tuple[str, ...] = (
    "classic66",
    "classic66_32",
    "schnapsen",
    "three_dealer_out",
    "three_all_play",
    "three_no_stock",
    "idiot66",
    "four_double_pack_101",
    "four_partnership_66",
    "four_hand_american",
    "north_american_bid66",
)

CONTENT_DIR = Path(__file__).resolve().parents[2] / "rules" / "content"


def load_preset_file(path: Path) -> RuleSet | None:
    """The RuleSet of one file, None when it has no ``[rules]`` table."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RuleSetError(None, f"cannot read: {exc}", file=str(path)) from exc
    if "rules" not in data:
        return None
    try:
        return RuleSet.from_dict(data["rules"])
    except RuleSetError as exc:
        raise RuleSetError(exc.key, exc.message, file=str(path)) from exc


def load_presets(content_dir: Path | None = None) -> dict[str, RuleSet]:
    """Every preset in the folder, keyed by file stem; other tables are ignored."""
    folder = Path(content_dir) if content_dir is not None else CONTENT_DIR
    presets: dict[str, RuleSet] = {}
    for path in sorted(folder.glob("*.toml")):
        rules = load_preset_file(path)
        if rules is not None:
            presets[path.stem] = rules
    return presets


@cache
def _default_presets() -> dict[str, RuleSet]:
    return load_presets()


def get_preset(preset_id: str) -> RuleSet:
    """The cached preset; KeyError when there is no such preset."""
    return _default_presets()[preset_id]


def preset_id_of(rules: RuleSet) -> str | None:
    """The id of the preset `rules` equal, None when options changed them (or none loads)."""
    try:
        presets = _default_presets()
    except RuleSetError:
        return None
    for preset_id, preset in presets.items():
        if preset == rules:
            return preset_id
    return None
