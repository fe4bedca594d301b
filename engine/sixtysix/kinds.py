"""The engine's closed vocabularies as Literal types, so a type checker catches a misspelt
phase, action type, refusal code or rule value.

Plain names at run time (nothing here is checked while playing); test_typing.py keeps each
one equal to the tuple the engine validates against (ruleset.SPEC, actions.ACTION_TYPES).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

Phase: TypeAlias = Literal["bidding", "trump_naming", "open", "strict", "over"]
"""Where a deal stands: `open` while the stock is open, `strict` once exhausted or closed."""

ActionType: TypeAlias = Literal[
    "play", "meld", "exchange", "close", "declare", "bid", "pass", "trump", "draw"
]
"""Every action type of the protocol, in the order of actions.ACTION_TYPES."""

ResultReason: TypeAlias = Literal[
    "declared",
    "false_declaration",
    "closed_made",
    "closed_failed",
    "closer_beaten",
    "last_trick",
    "most_points",
    "tie",
    "contract_made",
    "contract_failed",
]
"""How a deal ended (the protocol's `result.reason`)."""

FollowCode: TypeAlias = Literal[
    "must_follow_suit", "must_head_trick", "must_trump", "must_overtrump"
]
"""The strict-phase obligation a refused card breaks (tricks.follow_options)."""

RefusalCode: TypeAlias = (
    FollowCode
    | Literal[
        "bad_suit",
        "bid_too_high",
        "bid_too_low",
        "bidding_closed",
        "bidding_not_over",
        "card_not_in_hand",
        "close_not_allowed",
        "close_not_on_lead",
        "deal_over",
        "declare_not_allowed",
        "exchange_decision_pending",
        "exchange_needs_trick",
        "exchange_not_allowed",
        "exchange_not_on_lead",
        "exchange_same_card",
        "illegal_card",
        "marriage_already_this_lead",
        "marriage_in_strict_phase",
        "marriage_needs_trick",
        "marriage_not_allowed",
        "meld_not_on_lead",
        "must_draw_first",
        "must_lead_marriage_card",
        "no_draw_due",
        "no_exchange_card",
        "no_marriage",
        "no_stock",
        "not_your_turn",
        "nothing_to_pass",
        "stock_closed",
        "stock_too_small",
        "trump_not_allowed",
        "trump_not_named",
        "unknown_action",
    ]
)
"""Why `Deal.apply` refuses an action now (IllegalAction.code; the site translates it)."""

Refusal: TypeAlias = tuple[RefusalCode, dict[str, Any]]
"""A refusal code with its details, as the `_why_*` checks return it."""

# --- rule keys and the values of the choice keys (ruleset.SPEC) ---------------------------

RuleKey: TypeAlias = Literal[
    "deck",
    "hand_size",
    "deal_pattern",
    "trump_source",
    "first_leader",
    "exchange_card",
    "exchange_requires_trick",
    "exchange_when_following",
    "exchange_min_stock",
    "exchange_on_opponent_close",
    "marriage_values",
    "marriage_trick_rule",
    "marriage_lead_card",
    "marriage_in_strict_phase",
    "marriages_per_lead",
    "go_out_by_marriage",
    "strict_obligation",
    "must_overtrump",
    "must_undertrump",
    "closing_allowed",
    "close_min_stock",
    "close_before_draw",
    "close_before_first_trick",
    "close_scoring_snapshot",
    "failed_close_penalty",
    "closer_beaten_penalty",
    "declare_timing",
    "going_out_allowed",
    "false_claim_penalty",
    "exhausted_resolution",
    "schneider_threshold",
    "draw_handling",
    "match_target",
    "match_direction",
    "next_dealer",
    "trick_review",
    "partnerships",
    "idiot_trump_mode",
    "idiot_settlement",
    "players",
    "active_players",
    "dealer_sits_out",
    "dealer_score_cap",
    "trump_after_batch",
    "stock_draw_rule",
    "target",
    "last_trick_bonus",
    "scoring",
    "partner_may_meld",
    "close_requires_most_points",
    "bidding",
    "moon",
    "bid_unit",
    "match_deals",
    "trump_ten_bonus",
]
"""Every RuleSet key, in ruleset.KEYS order."""

Deck: TypeAlias = Literal["24", "20", "32", "2x24"]
TrumpSource: TypeAlias = Literal[
    "turn_up",
    "none_until_marriage",
    "first_lead_of_bid_winner",
    "bottom_card_to_dealer",
    "forehand_names",
]
FirstLeader: TypeAlias = Literal["non_dealer", "left_of_dealer", "bid_winner"]
ExchangeCard: TypeAlias = Literal["9", "J", "7", "8", "Q", "K", "T", "A", "none"]
ExchangeOnOpponentClose: TypeAlias = Literal["any", "needs_trick", "never"]
MarriageValues: TypeAlias = Literal["20_40", "escalating_20_40_60_80", "none"]
MarriageTrickRule: TypeAlias = Literal[
    "counts_after_first_trick",
    "must_have_trick_to_declare",
    "not_in_first_trick",
    "no_trick_needed",
]
MarriageLeadCard: TypeAlias = Literal["either", "queen", "king"]
StrictObligation: TypeAlias = Literal["follow_head_trump", "follow_trump", "follow_only"]
CloseScoringSnapshot: TypeAlias = Literal["end", "at_close"]
FailedClosePenalty: TypeAlias = Literal[
    "two_or_three", "always_three", "by_closer_count", "closer_loses_on_any_trick"
]
CloserBeatenPenalty: TypeAlias = Literal["flat_2", "two_or_three"]
DeclareTiming: TypeAlias = Literal["after_own_trick_or_marriage", "any_time_on_turn"]
FalseClaimPenalty: TypeAlias = Literal["flat_2", "two_or_three", "mirror"]
ExhaustedResolution: TypeAlias = Literal[
    "last_trick_bonus_10", "last_trick_wins_scaled", "last_trick_wins_1", "most_points_wins"
]
DrawHandling: TypeAlias = Literal["void_redeal_same_dealer", "carry_1_to_next_winner"]
MatchDirection: TypeAlias = Literal["up", "down"]
NextDealer: TypeAlias = Literal["deal_winner", "alternate", "rotate_left"]
TrickReview: TypeAlias = Literal["last_trick_only", "own_tricks", "none"]
Partnerships: TypeAlias = Literal["opposite_pairs", "none"]
IdiotTrumpMode: TypeAlias = Literal["latest_marriage", "first_marriage_fixed"]
IdiotSettlement: TypeAlias = Literal["per_round", "point_difference"]
StockDrawRule: TypeAlias = Literal["winner_first", "none"]
Scoring: TypeAlias = Literal[
    "standard_1_2_3", "each_loser_1_2_3", "four_hand_130", "bid_units", "raw_points"
]
Bidding: TypeAlias = Literal["none", "ladder_1_5"]

RULE_CHOICES: dict[str, Any] = {
    "deck": Deck,
    "trump_source": TrumpSource,
    "first_leader": FirstLeader,
    "exchange_card": ExchangeCard,
    "exchange_on_opponent_close": ExchangeOnOpponentClose,
    "marriage_values": MarriageValues,
    "marriage_trick_rule": MarriageTrickRule,
    "marriage_lead_card": MarriageLeadCard,
    "strict_obligation": StrictObligation,
    "close_scoring_snapshot": CloseScoringSnapshot,
    "failed_close_penalty": FailedClosePenalty,
    "closer_beaten_penalty": CloserBeatenPenalty,
    "declare_timing": DeclareTiming,
    "false_claim_penalty": FalseClaimPenalty,
    "exhausted_resolution": ExhaustedResolution,
    "draw_handling": DrawHandling,
    "match_direction": MatchDirection,
    "next_dealer": NextDealer,
    "trick_review": TrickReview,
    "partnerships": Partnerships,
    "idiot_trump_mode": IdiotTrumpMode,
    "idiot_settlement": IdiotSettlement,
    "stock_draw_rule": StockDrawRule,
    "scoring": Scoring,
    "bidding": Bidding,
}
"""The Literal type of each choice key, for `typing.get_args` (e.g. to build ruleset.SPEC)."""
