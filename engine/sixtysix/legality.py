"""Legality: why an action is refused now, and the list of the actions that are not.

A DealState subclass that `Deal` builds on. Each action type has one `_why_<type>` check
returning None (legal) or (reason code, details); `legal_actions()` runs cheap necessary
conditions first and lets the checks decide, so the list and `Deal.apply` never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .bidding import max_bid
from .cards import CODES, KING, QUEEN, SUIT, SUITS
from .kinds import ActionType, Refusal, RefusalCode
from .state import DealState
from .tricks import SUIT_ALL, follow_options, trick_winner

_ACTION_CACHE: dict[tuple[int, str, str | None, int | None], Action] = {}


def _act(
    player: int, kind: ActionType, suit: str | None = None, value: int | None = None
) -> Action:
    """One shared Action per bid or trump call, so listing moves builds no new objects."""
    key = (player, kind, suit, value)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = Action(player, kind, suit=suit, value=value)
    return a


class Legality(DealState):
    """The legality half of `Deal`: `legal_actions()` and the `_why_*` checks."""

    def _play_mask(self, seat: int) -> tuple[int, RefusalCode | None, dict[str, Any]]:
        """Cards `seat` may play now and the rule a refused card breaks."""
        hand = self.hands[seat]
        if not self.trick:
            if self.need_draw:
                return 0, "must_draw_first", {}
            if self.lead_mask:
                allowed = hand & self.lead_mask
                suits = sorted({SUITS[SUIT[c]] for c in range(64) if self.lead_mask >> c & 1})
                return allowed, "must_lead_marriage_card", {"suit": suits[0], "suits": suits}
            return hand, None, {}
        if self.phase != "strict":
            return hand, None, {}
        cards = [c for _, c in self.trick]
        best = cards[trick_winner(cards, self.trump)]
        r = self.rules
        mask, code, det = follow_options(
            hand,
            SUIT[cards[0]],
            best,
            self.trump,
            r.strict_obligation,
            r.must_overtrump,
            r.must_undertrump,
        )
        if "card" in det:
            det = {"card": CODES[det["card"]]}
        elif "suit" in det:
            det = {"suit": SUITS[det["suit"]]}
        return mask, code, det

    def _why_not(self, a: Action) -> Refusal | None:
        """None when `a` is legal now, else (code, details)."""
        if self.phase == "over":
            return "deal_over", {}
        p = a.player
        t = a.type
        if not isinstance(p, int) or not 0 <= p < self.n:
            return "not_your_turn", {"to_act": self.to_act}
        method = _WHY.get(t) if isinstance(t, str) else None
        if method is None:
            return "unknown_action", {"type": str(t)[:40]}
        return method(self, a)

    def _turn(self, p: int) -> Refusal | None:
        if p != self.to_act:
            return "not_your_turn", {"to_act": self.to_act}
        return None

    def _play_turn(self, p: int) -> Refusal | None:
        """Refusal when it is not `p`'s turn or the cards are not being played yet."""
        if p != self.to_act:
            return "not_your_turn", {"to_act": self.to_act}
        ph = self.phase
        if ph == "bidding":
            return "bidding_not_over", {}
        if ph == "trump_naming":
            return "trump_not_named", {}
        return None

    def _move_turn(self, player: int) -> Refusal | None:
        """`_play_turn`, and no exchange decision pending: a card, a close, a marriage, a claim."""
        err = self._play_turn(player)
        if err:
            return err
        if self.exchange_queue:
            return "exchange_decision_pending", {}
        return None

    def _why_play(self, a: Action) -> Refusal | None:
        err = self._move_turn(a.player)
        if err:
            return err
        c = self._find(a.player, a.card)
        if c is None:
            return "card_not_in_hand", {"card": a.card}
        if not self.trick and not self.need_draw and not self.lead_mask:
            self._checked_card = c  # a free lead: any card in hand
            return None
        mask, code, det = self._play_mask(a.player)
        if mask >> c & 1:
            self._checked_card = c
            return None
        other = c ^ 32
        if self.pack.copies == 2 and mask >> other & 1 and self.hands[a.player] >> other & 1:
            self._checked_card = other
            return None
        if self.trick and code in (
            "must_head_trick",
            "must_overtrump",
            "must_follow_suit",
            "must_trump",
        ):
            led = SUIT[self.trick[0][1]]
            if self.hands[a.player] & SUIT_ALL[led]:
                if SUIT[c] != led:
                    return "must_follow_suit", {"suit": SUITS[led]}
            elif self.trump is not None and SUIT[c] != self.trump:
                return "must_trump", {"suit": SUITS[self.trump]}
        return code or "illegal_card", det

    def _why_draw(self, a: Action) -> Refusal | None:
        err = self._play_turn(a.player)
        if err:
            return err
        if self.need_draw and not self.exchange_queue:
            return None
        if self.closed_by is not None:
            return "stock_closed", {}
        if self.rules.stock_draw_rule == "none":
            return "no_stock", {}
        return "no_draw_due", {"stock_size": self._stock_size()}

    def _why_close(self, a: Action) -> Refusal | None:
        r = self.rules
        if not r.closing_allowed or r.stock_draw_rule == "none":
            return "close_not_allowed", {"reason": "variant"}
        err = self._move_turn(a.player)
        if err:
            return err
        if self.closed_by is not None:
            return "stock_closed", {}
        if self.trick:
            return "close_not_on_lead", {}
        if self.need_draw and not r.close_before_draw:
            return "must_draw_first", {}
        if self.tricks_played == 0 and not r.close_before_first_trick:
            return "close_not_allowed", {"reason": "first_lead"}
        size = self._stock_size()
        if not self.stock_open or size < r.close_min_stock:
            return "stock_too_small", {"stock_size": size, "minimum": r.close_min_stock}
        return None

    def _why_exchange(self, a: Action) -> Refusal | None:
        r = self.rules
        if self.exchange_rank is None:
            return "exchange_not_allowed", {"reason": "variant"}
        err = self._play_turn(a.player)
        if err:
            return err
        hand = self.hands[a.player]
        ex_card = CODES[(self.trump or 0) * 8 + self.exchange_rank]
        if self.exchange_queue:
            if self._exchange_card_in(hand) is None:
                return "no_exchange_card", {"card": ex_card}
            return None
        if self.closed_by is not None:
            return "stock_closed", {}
        if self.trick and not r.exchange_when_following:
            return "exchange_not_on_lead", {}
        if self.need_draw:
            return "must_draw_first", {}
        size = self._stock_size()
        if not self.stock_open or not self.turnup_in_stock or size < r.exchange_min_stock:
            return "stock_too_small", {"stock_size": size, "minimum": r.exchange_min_stock}
        if r.exchange_requires_trick and self._side_tricks(self._side_index(a.player)) == 0:
            return "exchange_needs_trick", {}
        if self._exchange_card_in(hand) is None:
            return "no_exchange_card", {"card": ex_card}
        if self.turnup is not None and CODES[self.turnup] == ex_card:
            return "exchange_same_card", {"card": ex_card}
        return None

    def _why_meld(self, a: Action) -> Refusal | None:
        r = self.rules
        if r.marriage_values == "none":
            return "marriage_not_allowed", {"reason": "variant"}
        err = self._move_turn(a.player)
        if err:
            return err
        suit = SUITS.index(a.suit) if isinstance(a.suit, str) and a.suit in SUITS else None
        if suit is None:
            return "no_marriage", {"suit": str(a.suit)[:4]}
        partner_meld = False
        if self.trick:
            lead_seat = self.trick[0][0]
            if (
                r.partner_may_meld
                and lead_seat != a.player
                and self.side_of[lead_seat] == self.side_of[a.player]
            ):
                if self.partner_melded:
                    return "marriage_already_this_lead", {}
                partner_meld = True
            else:
                return "meld_not_on_lead", {}
        if self.need_draw:
            return "must_draw_first", {}
        if self.phase == "strict" and not r.marriage_in_strict_phase:
            return "marriage_in_strict_phase", {}
        if not partner_meld and self.melds_this_lead >= r.marriages_per_lead:
            return "marriage_already_this_lead", {}
        side = self._side_index(a.player)
        if r.marriage_trick_rule == "must_have_trick_to_declare" and self._side_tricks(side) == 0:
            return "marriage_needs_trick", {}
        if r.marriage_trick_rule == "not_in_first_trick" and self.tricks_played == 0:
            return "marriage_needs_trick", {"reason": "first_trick"}
        if self._marriage_cards(a.player, suit) is None:
            return "no_marriage", {"suit": a.suit}
        return None

    def _why_declare(self, a: Action) -> Refusal | None:
        r = self.rules
        if not r.going_out_allowed:
            return "declare_not_allowed", {"reason": "variant"}
        err = self._move_turn(a.player)
        if err:
            return err
        if r.declare_timing == "any_time_on_turn" or self.declare_seat == a.player:
            return None
        return "declare_not_allowed", {"reason": "timing"}

    def _why_bid(self, a: Action) -> Refusal | None:
        r = self.rules
        if r.bidding == "none" or self.phase != "bidding":
            return "bidding_closed", {}
        err = self._turn(a.player)
        if err:
            return err
        top = max_bid(r)
        v = a.value
        if not isinstance(v, int) or v <= self.high_bid:
            return "bid_too_low", {"minimum": self.high_bid + 1}
        if v > top:
            return "bid_too_high", {"maximum": top}
        return None

    def _why_pass(self, a: Action) -> Refusal | None:
        if self.phase == "bidding":
            return self._turn(a.player)
        if self.phase == "trump_naming":
            return self._turn(a.player)
        if self.exchange_queue:
            return self._turn(a.player)
        return "nothing_to_pass", {}

    def _why_trump(self, a: Action) -> Refusal | None:
        if self.phase != "trump_naming":
            return "trump_not_allowed", {}
        err = self._turn(a.player)
        if err:
            return err
        if not isinstance(a.suit, str) or a.suit not in SUITS:
            return "bad_suit", {"suit": str(a.suit)[:4]}
        return None

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now.

        Cheap pre-filters skip action types that cannot be legal; the `_why_*` checks
        decide the rest, so this list and `apply` never disagree.
        """
        p = self.to_act
        if p is None:
            return []
        ph = self.phase
        if ph in ("bidding", "trump_naming"):
            return self._auction_actions(p)
        simple = _SIMPLE[p]
        if self.exchange_queue:
            return [simple["exchange"], simple["pass"]]
        if self.need_draw:
            return self._draw_actions(p)
        r = self.rules
        plays = _PLAY[p]
        on_lead = not self.trick
        mask = self.hands[p] if on_lead and not self.lead_mask else self._play_mask(p)[0]
        if self.pack.copies == 2:
            mask = (mask | mask >> 32) & 0xFFFFFFFF
        out = []
        while mask:
            low = mask & -mask
            out.append(plays[low.bit_length() - 1])
            mask ^= low
        if (
            r.going_out_allowed
            and (self.declare_seat == p or r.declare_timing == "any_time_on_turn")
            and self._why_declare(simple["declare"]) is None
        ):
            out.append(simple["declare"])
        if (
            on_lead
            and self.stock_open
            and self.closed_by is None
            and r.closing_allowed
            and (self.tricks_played or r.close_before_first_trick)
            and self._why_close(simple["close"]) is None
        ):
            out.append(simple["close"])
        if (
            self.exchange_rank is not None
            and self.stock_open
            and self.closed_by is None
            and (on_lead or r.exchange_when_following)
            and self.turnup_in_stock
            and self._exchange_card_in(self.hands[p]) is not None
            and self._why_exchange(simple["exchange"]) is None
        ):
            out.append(simple["exchange"])
        if r.marriage_values != "none" and (on_lead or r.partner_may_meld):
            self._add_melds(p, out)
        return out

    def _add_melds(self, p: int, out: list[Action]) -> None:
        """Append to `out` the marriages `p` may show now."""
        hand = self.hands[p] & ~self.melded
        hand = (hand | hand >> 32) & 0xFFFFFFFF  # either copy of a card will do
        pairs = hand & hand >> (QUEEN - KING) & _KINGS  # a King whose Queen is there too
        while pairs:
            low = pairs & -pairs
            a = _MELD[p][SUIT[low.bit_length() - 1]]
            if self._why_meld(a) is None:
                out.append(a)
            pairs ^= low

    def _auction_actions(self, p: int) -> list[Action]:
        """In the auction: every higher bid and pass; naming trumps: every suit and pass."""
        if self.phase == "bidding":
            top = max_bid(self.rules)
            out = [_act(p, "bid", value=v) for v in range(self.high_bid + 1, top + 1)]
            out.append(_SIMPLE[p]["pass"])
            return out
        return [*(_act(p, "trump", suit=s) for s in SUITS), _SIMPLE[p]["pass"]]

    def _draw_actions(self, p: int) -> list[Action]:
        """The trick's winner before he draws: draw, and claim or close where allowed."""
        r = self.rules
        simple = _SIMPLE[p]
        out = [simple["draw"]]
        may_claim = self.declare_seat == p or r.declare_timing == "any_time_on_turn"
        if may_claim and self._why_declare(simple["declare"]) is None:
            out.append(simple["declare"])
        if r.close_before_draw and self._why_close(simple["close"]) is None:
            out.append(simple["close"])
        return out


_WHY: dict[str, Callable[[Legality, Action], Refusal | None]] = {
    name[5:]: fn for name, fn in vars(Legality).items() if name.startswith("_why_")
}
_PLAY = tuple(tuple(Action(p, "play", card=CODES[c]) for c in range(32)) for p in range(4))
_SIMPLE = tuple(
    {k: Action(p, k) for k in ("pass", "draw", "declare", "close", "exchange")} for p in range(4)
)
_MELD = tuple(tuple(Action(p, "meld", suit=SUITS[s]) for s in range(4)) for p in range(4))
_KINGS = sum(1 << (s * 8 + KING) for s in range(4))
