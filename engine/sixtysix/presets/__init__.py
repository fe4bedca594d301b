"""The presets: one ``<id>.toml`` per variant in this package, table ``[rules]``.

They ship as package data and are found with importlib.resources, so an installed wheel
plays every variant without the site. `load_presets(folder)` reads another folder of files
of the same shape (a bot author's own variants).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .. import ruleset
from ..errors import RuleSetError
from ..ruleset import RuleSet

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


def preset_files() -> Traversable:
    """The folder of the shipped preset files (inside the installed package)."""
    return resources.files(__name__)


def _parse(text: str, name: str) -> RuleSet | None:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(None, f"cannot read: {exc}", file=name) from exc
    if "rules" not in data:
        return None
    try:
        return RuleSet.from_dict(data["rules"])
    except RuleSetError as exc:
        raise RuleSetError(exc.key, exc.message, file=name) from exc


def load_preset_file(path: Path | Traversable) -> RuleSet | None:
    """The RuleSet of one file, None when it has no ``[rules]`` table."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleSetError(None, f"cannot read: {exc}", file=str(path)) from exc
    return _parse(text, str(path))


def _load(files: Iterable[Path | Traversable]) -> dict[str, RuleSet]:
    presets: dict[str, RuleSet] = {}
    for path in sorted(files, key=lambda p: p.name):
        if path.name.endswith(".toml"):
            rules = load_preset_file(path)
            if rules is not None:
                presets[path.name.removesuffix(".toml")] = rules
    return presets


def load_presets(content_dir: Path | str | None = None) -> dict[str, RuleSet]:
    """Every preset in the folder (the shipped ones by default), keyed by file stem.

    Other tables are ignored and files without ``[rules]`` skipped, so a folder that mixes
    presets with other TOML files loads as well.
    """
    if content_dir is None:
        return _load(preset_files().iterdir())
    return _load(Path(content_dir).glob("*.toml"))


@cache
def default_presets() -> dict[str, RuleSet]:
    """The shipped presets, read once (do not change the dict)."""
    return load_presets()


_default_presets = default_presets
ruleset.named_rule_sets = default_presets  # RuleSet's repr names the nearest preset


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
