"""RuleSet: every rule parameter of a variant, validated, with no defaults.

The preset files (``rules/content/<id>.toml``, table ``[rules]``) are the single source of
values; this module only knows the keys, their types and their allowed values.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import RuleSetError

_BOOL = "bool"
_INT = "int"
_INTLIST = "intlist"

# key -> (kind, allowed values or (min, max) for ints)
SPEC: dict[str, tuple[str, Any]] = {
    "deck": ("choice", ("24", "20", "32", "2x24")),
    "hand_size": (_INT, (1, 16)),
    "deal_pattern": (_INTLIST, (1, 16)),
    "trump_source": (
        "choice",
        (
            "turn_up",
            "none_until_marriage",
            "first_lead_of_bid_winner",
            "bottom_card_to_dealer",
            "forehand_names",
        ),
    ),
    "first_leader": ("choice", ("non_dealer", "left_of_dealer", "bid_winner")),
    "exchange_card": ("choice", ("9", "J", "7", "8", "Q", "K", "T", "A", "none")),
    "exchange_requires_trick": (_BOOL, None),
    "exchange_when_following": (_BOOL, None),
    "exchange_min_stock": (_INT, (0, 64)),
    "exchange_on_opponent_close": ("choice", ("any", "needs_trick", "never")),
    "marriage_values": ("choice", ("20_40", "escalating_20_40_60_80", "none")),
    "marriage_trick_rule": (
        "choice",
        (
            "counts_after_first_trick",
            "must_have_trick_to_declare",
            "not_in_first_trick",
            "no_trick_needed",
        ),
    ),
    "marriage_lead_card": ("choice", ("either", "queen", "king")),
    "marriage_in_strict_phase": (_BOOL, None),
    "marriages_per_lead": (_INT, (1, 4)),
    "go_out_by_marriage": (_BOOL, None),
    "strict_obligation": ("choice", ("follow_head_trump", "follow_trump", "follow_only")),
    "must_overtrump": (_BOOL, None),
    "must_undertrump": (_BOOL, None),
    "closing_allowed": (_BOOL, None),
    "close_min_stock": (_INT, (0, 64)),
    "close_before_draw": (_BOOL, None),
    "close_before_first_trick": (_BOOL, None),
    "close_scoring_snapshot": ("choice", ("end", "at_close")),
    "failed_close_penalty": (
        "choice",
        ("two_or_three", "always_three", "by_closer_count", "closer_loses_on_any_trick"),
    ),
    "closer_beaten_penalty": ("choice", ("flat_2", "two_or_three")),
    "declare_timing": ("choice", ("after_own_trick_or_marriage", "any_time_on_turn")),
    "going_out_allowed": (_BOOL, None),
    "false_claim_penalty": ("choice", ("flat_2", "two_or_three", "mirror")),
    "exhausted_resolution": (
        "choice",
        ("last_trick_bonus_10", "last_trick_wins_scaled", "last_trick_wins_1", "most_points_wins"),
    ),
    "schneider_threshold": (_INT, (0, 250)),
    "draw_handling": ("choice", ("void_redeal_same_dealer", "carry_1_to_next_winner")),
    "match_target": (_INT, (0, 1000)),
    "match_direction": ("choice", ("up", "down")),
    "next_dealer": ("choice", ("deal_winner", "alternate", "rotate_left")),
    "trick_review": ("choice", ("last_trick_only", "own_tricks", "none")),
    "partnerships": ("choice", ("opposite_pairs", "none")),
    "idiot_trump_mode": ("choice", ("latest_marriage", "first_marriage_fixed")),
    "idiot_settlement": ("choice", ("per_round", "point_difference")),
    # keys beyond rules-spec.md §2.0 (see README)
    "players": (_INT, (2, 4)),
    "active_players": (_INT, (2, 4)),
    "dealer_sits_out": (_BOOL, None),
    "dealer_score_cap": (_BOOL, None),
    "trump_after_batch": (_INT, (0, 16)),
    "stock_draw_rule": ("choice", ("winner_first", "none")),
    "target": (_INT, (1, 500)),
    "last_trick_bonus": (_INT, (0, 100)),
    "scoring": (
        "choice",
        ("standard_1_2_3", "each_loser_1_2_3", "four_hand_130", "bid_units", "raw_points"),
    ),
    "partner_may_meld": (_BOOL, None),
    "close_requires_most_points": (_BOOL, None),
    "bidding": ("choice", ("none", "ladder_1_5")),
    "moon": (_BOOL, None),
    "bid_unit": (_INT, (1, 200)),
    "match_deals": (_INT, (0, 1000)),
    "trump_ten_bonus": (_BOOL, None),
}

KEYS: tuple[str, ...] = tuple(SPEC)


def _check_value(key: str, value: Any) -> Any:
    kind, allowed = SPEC[key]
    if kind == _BOOL:
        if not isinstance(value, bool):
            raise RuleSetError(key, f"expected true or false, got {value!r}")
        return value
    if kind == _INT:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(key, f"expected an integer, got {value!r}")
        lo, hi = allowed
        if not lo <= value <= hi:
            raise RuleSetError(key, f"expected {lo}..{hi}, got {value!r}")
        return value
    if kind == _INTLIST:
        if not isinstance(value, list | tuple) or not value:
            raise RuleSetError(key, f"expected a non-empty list of integers, got {value!r}")
        lo, hi = allowed
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise RuleSetError(key, f"expected integers {lo}..{hi}, got {v!r}")
        return tuple(value)
    if isinstance(value, int) and not isinstance(value, bool) and str(value) in allowed:
        value = str(value)  # deck = 24 and exchange_card = 9 written as numbers
    if not isinstance(value, str) or value not in allowed:
        raise RuleSetError(key, f"expected one of {', '.join(allowed)}, got {value!r}")
    return value


@dataclass(frozen=True)
class RuleSet:
    """Every parameter of one variant; build it with `from_dict` or a preset."""

    KEYS: ClassVar[tuple[str, ...]] = KEYS

    deck: str
    hand_size: int
    deal_pattern: tuple[int, ...]
    trump_source: str
    first_leader: str
    exchange_card: str
    exchange_requires_trick: bool
    exchange_when_following: bool
    exchange_min_stock: int
    exchange_on_opponent_close: str
    marriage_values: str
    marriage_trick_rule: str
    marriage_lead_card: str
    marriage_in_strict_phase: bool
    marriages_per_lead: int
    go_out_by_marriage: bool
    strict_obligation: str
    must_overtrump: bool
    must_undertrump: bool
    closing_allowed: bool
    close_min_stock: int
    close_before_draw: bool
    close_before_first_trick: bool
    close_scoring_snapshot: str
    failed_close_penalty: str
    closer_beaten_penalty: str
    declare_timing: str
    going_out_allowed: bool
    false_claim_penalty: str
    exhausted_resolution: str
    schneider_threshold: int
    draw_handling: str
    match_target: int
    match_direction: str
    next_dealer: str
    trick_review: str
    partnerships: str
    idiot_trump_mode: str
    idiot_settlement: str
    players: int
    active_players: int
    dealer_sits_out: bool
    dealer_score_cap: bool
    trump_after_batch: int
    stock_draw_rule: str
    target: int
    last_trick_bonus: int
    scoring: str
    partner_may_meld: bool
    close_requires_most_points: bool
    bidding: str
    moon: bool
    bid_unit: int
    match_deals: int
    trump_ten_bonus: bool

    def __hash__(self) -> int:
        """Hashed once: a RuleSet keys the engine's seat tables, looked up at every deal."""
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, key) for key in KEYS))
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the cached hash, which is only valid in this process."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleSet:
        """Validate every key and value; raise RuleSetError naming the key."""
        if not isinstance(d, dict):
            raise RuleSetError(None, "rules must be a table of keys")
        for key in d:
            if key not in SPEC:
                raise RuleSetError(str(key), "unknown rule key")
        values = {}
        for key in KEYS:
            if key not in d:
                raise RuleSetError(key, "missing rule key")
            values[key] = _check_value(key, d[key])
        _check_consistency(values)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values in key order (lists for tuples)."""
        out: dict[str, Any] = {}
        for key in KEYS:
            v = getattr(self, key)
            out[key] = list(v) if isinstance(v, tuple) else v
        return out

    def with_options(self, overrides: dict[str, Any]) -> RuleSet:
        """A copy with some keys changed, validated as a whole."""
        if not isinstance(overrides, dict):
            raise RuleSetError(None, "options must be an object")
        d = self.to_dict()
        for key, value in overrides.items():
            if key not in SPEC:
                raise RuleSetError(str(key), "unknown rule key")
            d[key] = value
        return RuleSet.from_dict(d)

    def replace(self, **changes: Any) -> RuleSet:
        """Dataclass replace, validated."""
        return RuleSet.from_dict({**self.to_dict(), **changes})

    @property
    def packs(self) -> int:
        """Number of packs shuffled together."""
        return 2 if self.deck == "2x24" else 1


def _check_consistency(v: dict[str, Any]) -> None:
    """Cross-key checks that make a deal impossible when violated."""
    from .cards import get_pack

    players, active = v["players"], v["active_players"]
    if v["dealer_sits_out"] != (active == players - 1):
        raise RuleSetError("active_players", "must be players - 1 exactly when the dealer sits out")
    if active > players or (active != players and not v["dealer_sits_out"]):
        raise RuleSetError("active_players", "must equal players unless the dealer sits out")
    if sum(v["deal_pattern"]) != v["hand_size"]:
        raise RuleSetError("deal_pattern", "batch sizes must add up to hand_size")
    if v["trump_after_batch"] > len(v["deal_pattern"]):
        raise RuleSetError("trump_after_batch", "is beyond the last batch")
    pack = get_pack(v["deck"])
    dealt = active * v["hand_size"]
    extra = 1 if v["trump_source"] == "turn_up" else 0
    if dealt + extra > pack.size:
        raise RuleSetError("hand_size", "the pack is too small for these hands")
    if v["stock_draw_rule"] == "none" and dealt != pack.size:
        raise RuleSetError("hand_size", "without a stock every card must be dealt")
    if v["stock_draw_rule"] != "none" and dealt == pack.size:
        raise RuleSetError("stock_draw_rule", "no cards are left for a stock")
    if v["trump_source"] == "turn_up" and v["stock_draw_rule"] == "none":
        raise RuleSetError("trump_source", "a turn-up needs a stock to lie under")
    if v["partnerships"] == "opposite_pairs" and active != 4:
        raise RuleSetError("partnerships", "opposite pairs need four active players")
    if v["bidding"] != "none" and v["trump_source"] != "first_lead_of_bid_winner":
        raise RuleSetError("trump_source", "bidding variants fix trumps by the bid winner's lead")
    if (v["trump_source"] == "first_lead_of_bid_winner") != (v["bidding"] != "none"):
        raise RuleSetError("bidding", "first_lead_of_bid_winner needs bidding")
    if (v["first_leader"] == "bid_winner") != (v["bidding"] != "none"):
        raise RuleSetError("first_leader", "bid_winner needs bidding and bidding needs it")
    if v["trump_source"] == "forehand_names" and v["trump_after_batch"] == 0:
        raise RuleSetError("trump_after_batch", "the forehand names trumps after a batch (>= 1)")
    if v["scoring"] == "bid_units" and v["bidding"] == "none":
        raise RuleSetError("scoring", "bid_units needs bidding")
    game_points = v["scoring"] not in ("raw_points", "bid_units")
    if v["trump_ten_bonus"] and (v["deck"] == "2x24" or not game_points):
        raise RuleSetError("trump_ten_bonus", "needs one pack and scoring in game points")
    if v["match_target"] == 0 and v["match_deals"] == 0:
        raise RuleSetError("match_target", "needs a target or a fixed number of deals")


def field_names() -> list[str]:
    """Dataclass fields in order (equal to KEYS)."""
    return [f.name for f in dataclasses.fields(RuleSet)]
