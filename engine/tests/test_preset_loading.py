"""Presets: one TOML file per variant shipped in the package, table [rules], every key explicit."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from sixtysix import PRESET_IDS, RuleSetError, get_preset, load_presets
from sixtysix.presets import preset_files
from sixtysix.ruleset import KEYS

pytestmark = pytest.mark.unit


def test_presets_every_file_loads() -> None:
    presets = load_presets()
    assert sorted(presets) == sorted(PRESET_IDS)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_presets_files_list_every_key_in_order(preset: str) -> None:
    data = tomllib.loads(preset_files().joinpath(f"{preset}.toml").read_text(encoding="utf-8"))
    assert list(data["rules"]) == list(KEYS)


def test_presets_are_package_data_not_site_files() -> None:
    """Found through importlib.resources inside the package, whatever the working folder."""
    import sixtysix

    folder = Path(str(preset_files()))
    assert folder == Path(sixtysix.__file__).parent / "presets"
    assert sorted(p.stem for p in folder.glob("*.toml")) == sorted(PRESET_IDS)


def test_presets_folder_may_be_given_as_a_string(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(_rules_table("schnapsen"), encoding="utf-8")
    assert load_presets(str(tmp_path)) == {"mine": get_preset("schnapsen")}


def test_presets_get_preset_is_cached() -> None:
    assert get_preset("schnapsen") is get_preset("schnapsen")
    with pytest.raises(KeyError):
        get_preset("bridge")


def _rules_table(preset: str) -> str:
    """The [rules] table of a preset file as TOML text."""
    rules = get_preset(preset).to_dict()
    lines = ["[rules]"]
    for key, value in rules.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, str):
            lines.append(f'{key} = "{value}"')
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def test_presets_other_tables_ignored_and_files_without_rules_skipped(tmp_path: Path) -> None:
    text = _rules_table("classic66")
    (tmp_path / "mine.toml").write_text(
        '[variant]\nslug = "mine"\n\n' + text + '\n[en]\nname = "Mine"\n', encoding="utf-8"
    )
    (tmp_path / "glossary.toml").write_text('[glossary]\norder = ["trick"]\n', encoding="utf-8")
    presets = load_presets(tmp_path)
    assert list(presets) == ["mine"]
    assert presets["mine"] == get_preset("classic66")


def test_presets_broken_file_names_file_and_key(tmp_path: Path) -> None:
    text = _rules_table("classic66")
    (tmp_path / "broken.toml").write_text(
        text.replace("close_min_stock = 3", 'close_min_stock = "three"'), encoding="utf-8"
    )
    with pytest.raises(RuleSetError) as info:
        load_presets(tmp_path)
    assert info.value.key == "close_min_stock"
    assert "broken.toml" in str(info.value)


def test_presets_bad_toml_names_file(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text("[rules\n", encoding="utf-8")
    with pytest.raises(RuleSetError) as info:
        load_presets(tmp_path)
    assert "bad.toml" in str(info.value)


@pytest.mark.parametrize(
    ("preset", "facts"),
    [
        ("classic66", {"deck": "24", "hand_size": 6, "exchange_card": "9", "target": 66}),
        ("classic66_32", {"deck": "32", "exchange_card": "7"}),
        (
            "schnapsen",
            {"deck": "20", "exchange_card": "J", "match_direction": "down", "last_trick_bonus": 0},
        ),
        ("three_dealer_out", {"players": 3, "active_players": 2, "dealer_score_cap": True}),
        ("three_all_play", {"close_before_draw": False, "scoring": "each_loser_1_2_3"}),
        ("three_no_stock", {"hand_size": 8, "trump_source": "forehand_names"}),
        ("idiot66", {"marriage_values": "escalating_20_40_60_80", "match_deals": 10}),
        ("four_double_pack_101", {"deck": "2x24", "target": 101, "false_claim_penalty": "mirror"}),
        ("four_partnership_66", {"partner_may_meld": True, "stock_draw_rule": "none"}),
        ("four_hand_american", {"scoring": "four_hand_130", "marriage_values": "none"}),
        ("north_american_bid66", {"bidding": "ladder_1_5", "moon": True, "match_target": 10}),
    ],
)
def test_presets_values_follow_the_spec(preset: str, facts: dict) -> None:
    rules = get_preset(preset).to_dict()
    assert {k: rules[k] for k in facts} == facts
