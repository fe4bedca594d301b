"""RuleSet validation: every key required, every value checked, exact round trip."""

from __future__ import annotations

import hashlib
import json
import pickle
from typing import get_args

import pytest
from sixtysix import RuleSet, RuleSetError, get_preset
from sixtysix.kinds import RuleKey
from sixtysix.ruleset import KEYS, SPEC, field_names

pytestmark = pytest.mark.unit

SPEC_20_KEYS = get_args(RuleKey)[:39]
"""The keys of rules spec 2.0, in their order: the first 39 rule keys (kinds.RuleKey)."""
SPEC_20_FINGERPRINT = "18978307fcb5f732"
"""The first 16 hex digits of the sha256 of those keys joined by spaces: a spec 2.0 key
renamed, dropped or moved, or a key put among them, changes it (kinds.py is not the check)."""


def _base() -> dict:
    return get_preset("classic66").to_dict()


def test_ruleset_keys_include_every_spec_key() -> None:
    joined = " ".join(SPEC_20_KEYS).encode()
    assert hashlib.sha256(joined).hexdigest()[:16] == SPEC_20_FINGERPRINT
    assert KEYS[:39] == SPEC_20_KEYS
    assert list(RuleSet.KEYS) == field_names()


def test_ruleset_round_trip_is_exact() -> None:
    rules = get_preset("classic66")
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_ruleset_unknown_key_refused() -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({**_base(), "colour": "red"})
    assert info.value.key == "colour"


@pytest.mark.parametrize("key", KEYS)
def test_ruleset_missing_key_refused(key: str) -> None:
    d = _base()
    del d[key]
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict(d)
    assert info.value.key == key


BAD_VALUES = {
    "bool": ["yes", 1, None],
    "int": ["3", 2.5, True, -1, 10**6],
    "intlist": [[], "3,3", [3, "3"], [True]],
    "choice": ["nonsense", None, 3.5, []],
}


@pytest.mark.parametrize("key", KEYS)
def test_ruleset_bad_value_refused(key: str) -> None:
    for value in BAD_VALUES[SPEC[key][0]]:
        with pytest.raises(RuleSetError) as info:
            RuleSet.from_dict({**_base(), key: value})
        assert info.value.key == key


def test_ruleset_numbers_accepted_for_deck_and_exchange_card() -> None:
    rules = RuleSet.from_dict(
        {**_base(), "deck": 32, "exchange_card": 7, "schneider_threshold": 33}
    )
    assert (rules.deck, rules.exchange_card) == ("32", "7")


def test_ruleset_with_options_validates() -> None:
    rules = get_preset("classic66").with_options({"exchange_min_stock": 2})
    assert rules.exchange_min_stock == 2
    with pytest.raises(RuleSetError) as info:
        get_preset("classic66").with_options({"nope": 1})
    assert info.value.key == "nope"
    with pytest.raises(RuleSetError):
        get_preset("classic66").with_options(["deck"])  # type: ignore[arg-type]


def test_ruleset_inconsistent_keys_refused() -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({**_base(), "deal_pattern": [3, 2]})
    assert info.value.key == "deal_pattern"
    with pytest.raises(RuleSetError) as info:
        get_preset("three_no_stock").with_options({"trump_after_batch": 0})
    assert info.value.key == "trump_after_batch"
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({**_base(), "players": 3})
    assert info.value.key == "active_players"


def test_ruleset_refuses_a_last_trick_bonus_of_nothing_that_decides_the_deal() -> None:
    # a played-out classic66 deal is won on the last trick's 10; without them it is another game
    with pytest.raises(RuleSetError) as info:
        get_preset("classic66").with_options({"last_trick_bonus": 0})
    assert info.value.key == "last_trick_bonus"
    # Schnapsen has no bonus because the last trick itself decides
    assert get_preset("schnapsen").last_trick_bonus == 0


def test_ruleset_is_frozen() -> None:
    rules = get_preset("classic66")
    with pytest.raises(AttributeError):
        rules.deck = "20"  # type: ignore[misc]


def test_equal_rule_sets_hash_alike_and_pickle_without_the_cached_hash() -> None:
    rules = get_preset("classic66")
    twin = RuleSet.from_dict(rules.to_dict())
    assert twin is not rules and hash(twin) == hash(rules)
    assert hash(rules.replace(deck="32")) != hash(rules)
    assert "_hash" in vars(rules)  # cached by the first hash()
    copied = pickle.loads(pickle.dumps(rules))  # noqa: S301 - our own bytes
    assert "_hash" not in vars(copied) and copied == rules
    assert {rules: "tables"}[copied] == "tables"
