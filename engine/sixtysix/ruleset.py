"""RuleSet: every rule parameter of a variant, validated, with no defaults.

The preset files (``sixtysix/presets/<id>.toml``, table ``[rules]``) are the single source of
values; this module only knows the keys, their types and their allowed values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, get_args

from . import kinds
from .cards import RANK_POINTS, RANKS, Pack, get_pack
from .consistency import check_consistency
from .errors import RuleSetError
from .kinds import RULE_CHOICES, RuleKey

_BOOL = "bool"
_INT = "int"
_INTLIST = "intlist"

# the flag keys, and key -> (kind, (min, max)) for the number keys; the choice keys take
# their values from kinds.py's Literal types, and the keys and their order from kinds.RuleKey
_FLAGS: frozenset[str] = frozenset(
    (
        "close_before_draw",
        "close_before_first_trick",
        "close_requires_most_points",
        "closing_allowed",
        "dealer_score_cap",
        "dealer_sits_out",
        "exchange_requires_trick",
        "exchange_when_following",
        "go_out_by_marriage",
        "going_out_allowed",
        "marriage_in_strict_phase",
        "moon",
        "must_overtrump",
        "must_undertrump",
        "partner_may_meld",
        "trump_ten_bonus",
    )
)
"""The true-or-false keys."""
_NUMBERS: dict[str, tuple[str, Any]] = {
    "hand_size": (_INT, (1, 16)),
    "deal_pattern": (_INTLIST, (1, 16)),
    "exchange_min_stock": (_INT, (0, 64)),
    "marriages_per_lead": (_INT, (1, 4)),
    "close_min_stock": (_INT, (0, 64)),
    "schneider_threshold": (_INT, (0, 250)),
    "match_target": (_INT, (0, 1000)),
    "players": (_INT, (2, 4)),
    "active_players": (_INT, (2, 4)),
    "trump_after_batch": (_INT, (0, 16)),
    "target": (_INT, (1, 500)),
    "last_trick_bonus": (_INT, (0, 100)),
    "bid_unit": (_INT, (1, 200)),
    "match_deals": (_INT, (0, 1000)),
}

SPEC: dict[str, tuple[str, Any]] = {
    key: (
        ("choice", get_args(RULE_CHOICES[key]))
        if key in RULE_CHOICES
        else (_BOOL, None)
        if key in _FLAGS
        else _NUMBERS[key]
    )
    for key in get_args(RuleKey)
}
"""Every key in order with its kind and allowed values (built, never written twice)."""

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


def _no_names() -> Mapping[str, RuleSet]:
    return {}


named_rule_sets: Callable[[], Mapping[str, RuleSet]] = _no_names
"""The named rule sets a repr compares with. The presets package, which builds on this
module, installs its `default_presets` here when imported, so the import runs one way."""


@dataclass(frozen=True)
class RuleSet:
    """Every parameter of one variant; build it with `from_dict` or a preset."""

    KEYS: ClassVar[tuple[str, ...]] = KEYS

    deck: kinds.Deck
    hand_size: int
    deal_pattern: tuple[int, ...]
    trump_source: kinds.TrumpSource
    first_leader: kinds.FirstLeader
    exchange_card: kinds.ExchangeCard
    exchange_requires_trick: bool
    exchange_when_following: bool
    exchange_min_stock: int
    exchange_on_opponent_close: kinds.ExchangeOnOpponentClose
    marriage_values: kinds.MarriageValues
    marriage_trick_rule: kinds.MarriageTrickRule
    marriage_lead_card: kinds.MarriageLeadCard
    marriage_in_strict_phase: bool
    marriages_per_lead: int
    go_out_by_marriage: bool
    strict_obligation: kinds.StrictObligation
    must_overtrump: bool
    must_undertrump: bool
    closing_allowed: bool
    close_min_stock: int
    close_before_draw: bool
    close_before_first_trick: bool
    close_scoring_snapshot: kinds.CloseScoringSnapshot
    failed_close_penalty: kinds.FailedClosePenalty
    closer_beaten_penalty: kinds.CloserBeatenPenalty
    declare_timing: kinds.DeclareTiming
    going_out_allowed: bool
    false_claim_penalty: kinds.FalseClaimPenalty
    exhausted_resolution: kinds.ExhaustedResolution
    schneider_threshold: int
    draw_handling: kinds.DrawHandling
    match_target: int
    match_direction: kinds.MatchDirection
    next_dealer: kinds.NextDealer
    trick_review: kinds.TrickReview
    partnerships: kinds.Partnerships
    idiot_trump_mode: kinds.IdiotTrumpMode
    idiot_settlement: kinds.IdiotSettlement
    players: int
    active_players: int
    dealer_sits_out: bool
    dealer_score_cap: bool
    trump_after_batch: int
    stock_draw_rule: kinds.StockDrawRule
    target: int
    last_trick_bonus: int
    scoring: kinds.Scoring
    partner_may_meld: bool
    close_requires_most_points: bool
    bidding: kinds.Bidding
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

    def __repr__(self) -> str:
        """The preset's name, and the keys that differ from the nearest preset:
        ``<RuleSet classic66>``, ``<RuleSet classic66 with target=70>`` (`to_dict` has all)."""
        mine = self.to_dict()
        best: tuple[int, str, list[str]] | None = None
        for preset_id, preset in named_rule_sets().items():
            theirs = preset.to_dict()
            diff = [f"{k}={mine[k]!r}" for k in KEYS if mine[k] != theirs[k]]
            if best is None or len(diff) < best[0]:
                best = (len(diff), preset_id, diff)
        if best is None:
            return "<RuleSet>"
        _n, name, diff = best
        return f"<RuleSet {name} with {', '.join(diff)}>" if diff else f"<RuleSet {name}>"

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
        check_consistency(values)
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

    # --- derived answers: every question pages, practice and lessons ask of a variant -----
    # Each is read from the parameters above and agrees with what the engine allows (a test
    # plays random deals of every preset and checks it). Words are built from these, never
    # from a second copy of the rules.

    @property
    def pack(self) -> Pack:
        """The engine's pack tables for this deck."""
        return get_pack(self.deck)

    @property
    def pack_size(self) -> int:
        """Cards in the pack (48 for two packs of 24)."""
        return self.pack.size

    @property
    def ranks(self) -> str:
        """Rank letters in the pack, strongest first ("ATKQJ9" for 24 cards)."""
        return RANKS[: self.pack.rank_count]

    @property
    def card_points(self) -> dict[str, int]:
        """Card points by rank letter, for the ranks in the pack."""
        return {rank: RANK_POINTS[i] for i, rank in enumerate(self.ranks)}

    @property
    def total_card_points(self) -> int:
        """Card points of the whole pack (120 per pack; the last-trick bonus not included)."""
        return self.pack.total_points

    @property
    def has_stock(self) -> bool:
        """True when cards are left after the deal and players draw from them."""
        return self.stock_draw_rule != "none"

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal, the turn-up included (0 without a stock)."""
        if not self.has_stock:
            return 0
        return self.pack_size - self.active_players * self.hand_size

    @property
    def has_turnup(self) -> bool:
        """True when a card is turned face up under the stock to fix trumps."""
        return self.trump_source == "turn_up"

    @property
    def exchange_rank(self) -> int | None:
        """Rank index of the card that may take the turn-up, None when nobody may exchange.

        The engine's deal tables read this very property: no exchange without a turn-up, nor
        when that rank is not in the pack.
        """
        if self.exchange_card == "none" or not self.has_turnup:
            return None
        rank = RANKS.index(self.exchange_card)
        return rank if rank < self.pack.rank_count else None

    @property
    def can_exchange(self) -> bool:
        """True when some deal lets a player exchange the turn-up."""
        if self.exchange_rank is None:
            return False
        # a won trick first means one round of drawing has already thinned the stock
        stock = self.stock_size - (self.active_players if self.exchange_requires_trick else 0)
        return stock >= max(self.exchange_min_stock, self.active_players)

    @property
    def can_close(self) -> bool:
        """True when some deal lets the player on lead close the stock."""
        if not self.closing_allowed or not self.has_stock:
            return False
        early = self.close_before_first_trick or self.close_before_draw
        stock = self.stock_size - (0 if early else self.active_players)
        return stock >= max(self.close_min_stock, self.active_players)

    @property
    def can_declare(self) -> bool:
        """True when a player may claim the target ("say enough") and end the deal."""
        return self.going_out_allowed

    @property
    def has_marriages(self) -> bool:
        """True when King and Queen of a suit may be shown as a marriage."""
        return self.marriage_values != "none"

    @property
    def has_bidding(self) -> bool:
        """True when the deal opens with bids."""
        return self.bidding != "none"

    @property
    def has_target(self) -> bool:
        """True when reaching `target` card points decides anything (a claim or a close)."""
        return self.can_declare or self.can_close

    @property
    def team_play(self) -> bool:
        """True when partners play as sides of two."""
        return self.partnerships != "none"

    @property
    def sides(self) -> int:
        """Number of sides that score in a deal (a side is one player unless in teams)."""
        return 2 if self.team_play else self.active_players

    @property
    def opponents(self) -> int:
        """Number of players a seat plays against in a deal."""
        return 2 if self.team_play else self.active_players - 1

    @property
    def counts_game_points(self) -> bool:
        """True when a deal is scored in game points (not raw card points nor bid units)."""
        return self.scoring not in ("raw_points", "bid_units")

    @property
    def has_schneider(self) -> bool:
        """True when a loser under `schneider_threshold` pays more (the 1-2-3 scales)."""
        return self.scoring in ("standard_1_2_3", "each_loser_1_2_3")

    @property
    def ties_possible(self) -> bool:
        """True when a deal can end with no winner (equal totals, or nobody reaches 66)."""
        if self.scoring in ("raw_points", "four_hand_130"):
            return True
        if self.scoring == "bid_units":
            return False
        return self.exhausted_resolution in ("last_trick_bonus_10", "most_points_wins")

    @property
    def strict_from_start(self) -> bool:
        """True when the strict rules of play hold from the first trick (no stock)."""
        return not self.has_stock

    @property
    def match_by_deals(self) -> bool:
        """True when the match is a fixed number of deals rather than a race to a target."""
        return self.match_deals > 0


def field_names() -> list[str]:
    """Dataclass fields in order (equal to KEYS)."""
    return [f.name for f in dataclasses.fields(RuleSet)]
