"""The fast path's fixed tables: move numbers, rule keys as plain attributes, `supports`.

Shared by `fast_deal`, `fast_moves` and `fast_playout` (the public names are re-exported
by `fast`).
"""

from __future__ import annotations

from . import outcomes
from .actions import Action
from .cards import CODES, KING, SUIT, SUITS, get_pack
from .kinds import ActionType
from .ruleset import RuleSet
from .tricks import BEATS, SUIT_ALL

DRAW = 32
DECLARE = 33
CLOSE = 34
EXCHANGE = 35
MELD = 36
PASS = 40
PLAY_BITS = (1 << 32) - 1
_TYPES: dict[int, ActionType] = {
    DRAW: "draw",
    DECLARE: "declare",
    CLOSE: "close",
    EXCHANGE: "exchange",
    PASS: "pass",
}
_KINGS = sum(1 << (s * 8 + KING) for s in range(4))
_TRUMPS = (*(SUIT_ALL[s] & PLAY_BITS for s in range(4)), 0)
"""Cards of each suit; index 4 (no trumps yet) is empty."""
_HIGHER = tuple(b & PLAY_BITS for b in BEATS[:32])
_NO = -1
_BEATS_LEAD = tuple(
    tuple(_HIGHER[c] | (_TRUMPS[t] if SUIT[c] != t else 0) for c in range(32)) for t in range(5)
)
"""_BEATS_LEAD[trump][led card]: the cards that take the trick from it."""


def supports(rules: RuleSet) -> bool:
    """True when the fast path plays these rules exactly as `Deal` does."""
    return (
        rules.players == 2
        and rules.active_players == 2
        and not rules.dealer_sits_out
        and rules.deck in ("20", "24", "32")
        and rules.trump_source in ("turn_up", "none_until_marriage")
        and rules.bidding == "none"
        and rules.partnerships == "none"
        and rules.stock_draw_rule == "winner_first"
        and rules.scoring in ("standard_1_2_3", "raw_points")
        and rules.marriages_per_lead == 1
        and not rules.partner_may_meld
        and not rules.close_requires_most_points
        and not rules.trump_ten_bonus
    )


class _Rules:
    """The rule keys the fast path reads, as plain attributes (one per RuleSet, cached)."""

    def __init__(self, rules: RuleSet) -> None:
        pack = get_pack(rules.deck)
        self.pack_cards = pack.cards
        # where each card of the shuffled pack goes (Deal.new's dealing, once per RuleSet)
        turn_at = rules.trump_after_batch or len(rules.deal_pattern)
        slots: tuple[list[int], list[int]] = ([], [])
        pos = 0
        self.turnup_slot = _NO
        for b, size in enumerate((*rules.deal_pattern, 0)):
            if b == turn_at and rules.trump_source == "turn_up":
                self.turnup_slot = pos
                pos += 1
            for seat in (0, 1):  # the forehand first, then the dealer
                slots[seat].extend(range(pos, pos + size))
                pos += size
        self.forehand_slots = tuple(slots[0])
        self.dealer_slots = tuple(slots[1])
        self.stock_slot = pos
        ex = rules.exchange_rank
        self.exchange_rank = -1 if ex is None else ex
        self.exchange_requires_trick = rules.exchange_requires_trick
        self.exchange_when_following = rules.exchange_when_following
        self.exchange_min_stock = rules.exchange_min_stock
        self.exchange_at_close = (
            0
            if ex is None
            else {"never": 0, "any": 1, "needs_trick": 2}[rules.exchange_on_opponent_close]
        )
        self.marriages = rules.marriage_values != "none"
        rule = rules.marriage_trick_rule
        self.marriage_counts_at_once = rule in ("no_trick_needed", "must_have_trick_to_declare")
        self.marriage_any_time = rule in ("no_trick_needed", "counts_after_first_trick")
        self.needs_own_trick = rule == "must_have_trick_to_declare"
        self.lead_king = rules.marriage_lead_card in ("either", "king")
        self.lead_queen = rules.marriage_lead_card in ("either", "queen")
        self.marriage_in_strict = rules.marriage_in_strict_phase
        self.go_out_by_marriage = rules.go_out_by_marriage
        self.trump_by_marriage = rules.trump_source == "none_until_marriage"
        self.latest_marriage = rules.idiot_trump_mode == "latest_marriage"
        self.head = rules.strict_obligation == "follow_head_trump"
        self.follow_only = rules.strict_obligation == "follow_only"
        self.closing = rules.closing_allowed
        self.close_min_stock = rules.close_min_stock
        self.close_before_draw = rules.closing_allowed and rules.close_before_draw
        self.close_before_first_trick = rules.close_before_first_trick
        # Read off outcomes.py's rules once per RuleSet: a trick won against the closer,
        # and the last trick's bonus without a close.
        self.close_lost_on_trick = outcomes.close_fails_on_trick(rules, 0, 1)
        self.going_out = rules.going_out_allowed
        self.declare_any_time = (
            rules.going_out_allowed and rules.declare_timing == "any_time_on_turn"
        )
        self.declare_bit = (1 << DECLARE) if rules.going_out_allowed else 0
        self.target = rules.target
        self.last_trick_bonus = outcomes.last_trick_bonus(rules, None)


_RULES: dict[RuleSet, _Rules] = {}


def _rules(rules: RuleSet) -> _Rules:
    r = _RULES.get(rules)
    if r is None:
        if not supports(rules):
            raise ValueError("the fast path does not play these rules")
        r = _RULES[rules] = _Rules(rules)
    return r


def to_action(player: int, m: int) -> Action:
    """The `Action` a fast move stands for."""
    if m < 32:
        return Action(player, "play", card=CODES[m])
    if MELD <= m < PASS:
        return Action(player, "meld", suit=SUITS[m - MELD])
    return Action(player, _TYPES[m])


def from_action(a: Action) -> int:
    """The fast move an `Action` stands for (ValueError for bids and trumps)."""
    if a.type == "play":
        return CODES.index(a.card or "")
    if a.type == "meld":
        return MELD + SUITS.index(a.suit or "")
    for m, t in _TYPES.items():
        if t == a.type:
            return m
    raise ValueError(a.type)
