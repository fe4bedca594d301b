"""The Deal: one deal of any variant as a state machine driven purely by its RuleSet.

Create one (seeded shuffle or explicit layout), ask `to_act` and `legal_actions()`,
`apply()` an action, `undo()` it, read `state()` and `result`. Cards are ints and hands
are bitmasks (see cards.py); every refusal is an IllegalAction with a stable code.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .cards import CODES, KING, POINTS, QUEEN, SUIT, SUITS, get_pack, mask_codes, shuffled
from .errors import IllegalAction, LayoutError
from .ruleset import RuleSet
from .scoring import (
    Result,
    bid_units,
    failed_close_points,
    four_hand_130_points,
    game_points_1_2_3,
)
from .tricks import SUIT_ALL, follow_options, trick_winner

_RANK_INDEX = {"A": 0, "T": 1, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}

_ACTION_CACHE: dict[tuple, Action] = {}


def _act(
    player: int,
    kind: str,
    card: str | None = None,
    suit: str | None = None,
    value: int | None = None,
) -> Action:
    key = (player, kind, card, suit, value)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = Action(player, kind, card, suit, value)
    return a


_TABLES: dict[tuple[RuleSet, int], tuple] = {}


def _seat_tables(rules: RuleSet, dealer: int) -> tuple:
    """Per (rules, dealer) constants: pack, seat order, sides, exchange rank (cached)."""
    pack = get_pack(rules.deck)
    n = rules.players
    order = [(dealer + 1 + i) % n for i in range(n)]
    if rules.dealer_sits_out:
        order.remove(dealer)
    if rules.partnerships == "opposite_pairs":
        side_of = tuple(s % 2 for s in range(n))
        sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    else:
        side_of = tuple(range(n))
        sides = tuple((s,) for s in sorted(order))
    side_idx = {seat: i for i, members in enumerate(sides) for seat in members}
    ex = rules.exchange_card
    # no exchange without a turn-up, nor when that rank is not in the pack (deck option)
    rank = None if ex == "none" else _RANK_INDEX[ex]
    if rules.trump_source != "turn_up" or (rank is not None and rank >= pack.rank_count):
        rank = None
    return pack, n, tuple(order), side_of, sides, side_idx, rank


def _check_dealer(rules: RuleSet, dealer: Any) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise LayoutError("bad_dealer", {"dealer": str(dealer)[:20]})


class Deal:
    """One deal. Seats are numbered 0.. clockwise; `rules` fixes everything else."""

    # ------------------------------------------------------------------ creation
    def __init__(self, rules: RuleSet, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        table = _TABLES.get((rules, dealer))
        if table is None:
            table = _TABLES[(rules, dealer)] = _seat_tables(rules, dealer)
        (
            self.pack,
            self.n,
            self.seats_in_order,
            self.side_of,
            self.sides,
            self.side_idx,
            self.exchange_rank,
        ) = table
        self.stock: tuple[int, ...] = ()
        self.history: list[dict] = []
        self._checked_card = 0
        self.actions: list[Action] = []
        self.forehand_turn_card: int | None = None
        self.forehand_first: int = 0

    @classmethod
    def new(
        cls, rules: RuleSet, *, seed: int | None = None, layout: dict | None = None, dealer: int = 0
    ) -> Deal:
        """A deal from an explicit layout (protocol `deal` shape) or a seeded shuffle."""
        if layout is not None:
            return cls._from_layout(rules, layout)
        _check_dealer(rules, dealer)
        d = cls(rules, dealer)
        cards = shuffled(d.pack.cards, seed)
        hands_seq: dict[int, list[int]] = {s: [] for s in d.seats_in_order}
        pos = 0
        turnup = None
        pattern = rules.deal_pattern
        turn_at = rules.trump_after_batch or len(pattern)
        for b, size in enumerate(pattern):
            if b == turn_at and rules.trump_source == "turn_up":
                turnup = cards[pos]
                pos += 1
            for s in d.seats_in_order:
                hands_seq[s].extend(cards[pos : pos + size])
                pos += size
        if turn_at == len(pattern) and rules.trump_source == "turn_up":
            turnup = cards[pos]
            pos += 1
        d._setup(hands_seq, cards[pos:], turnup)
        return d

    @classmethod
    def _from_layout(cls, rules: RuleSet, layout: Any) -> Deal:
        if not isinstance(layout, dict):
            raise LayoutError("bad_layout", {"reason": "not_an_object"})
        known = {"dealer", "hands", "turnup", "stock"}
        for k in layout:
            if k not in known:
                raise LayoutError("bad_layout", {"field": str(k)[:40]})
        dealer = layout.get("dealer", 0)
        _check_dealer(rules, dealer)
        d = cls(rules, dealer)
        pack = d.pack
        counts: dict[int, int] = {}

        def take(code: Any, where: str) -> int:
            if not isinstance(code, str) or not pack.ids_for(code):
                raise LayoutError("unknown_card", {"card": str(code)[:10], "where": where})
            ids = pack.ids_for(code)
            used = counts.get(ids[0], 0)
            if used >= len(ids):
                raise LayoutError("duplicate_card", {"card": code})
            counts[ids[0]] = used + 1
            return ids[used]

        hands = layout.get("hands")
        if not isinstance(hands, list) or len(hands) != rules.players:
            raise LayoutError("wrong_card_count", {"where": "hands", "expected": rules.players})
        hands_seq: dict[int, list[int]] = {}
        for s, hand in enumerate(hands):
            expected = rules.hand_size if s in d.seats_in_order else 0
            if not isinstance(hand, list) or len(hand) != expected:
                raise LayoutError(
                    "wrong_card_count",
                    {
                        "player": s,
                        "count": len(hand) if isinstance(hand, list) else None,
                        "expected": expected,
                    },
                )
            seq = [take(c, f"hands[{s}]") for c in hand]
            if s in d.seats_in_order:
                hands_seq[s] = seq
        turnup_code = layout.get("turnup")
        turnup = None
        if rules.trump_source == "turn_up":
            if turnup_code is None:
                raise LayoutError("turnup_required", {})
            turnup = take(turnup_code, "turnup")
        elif turnup_code is not None:
            raise LayoutError("turnup_not_allowed", {"card": str(turnup_code)[:10]})
        stock = layout.get("stock", [])
        if not isinstance(stock, list):
            raise LayoutError("bad_layout", {"field": "stock"})
        expected_stock = (
            pack.size - rules.active_players * rules.hand_size - (1 if turnup is not None else 0)
        )
        if len(stock) != expected_stock:
            raise LayoutError(
                "wrong_card_count",
                {"where": "stock", "count": len(stock), "expected": expected_stock},
            )
        stock_ids = [take(c, "stock") for c in stock]
        d._setup(hands_seq, stock_ids, turnup)
        return d

    def _setup(self, hands_seq: dict[int, list[int]], stock: list[int], turnup: int | None) -> None:
        r = self.rules
        self.hands = [0] * self.n
        for s, seq in hands_seq.items():
            mask = 0
            for c in seq:
                mask |= 1 << c
            self.hands[s] = mask
        self.stock = tuple(stock)
        self.stock_pos = 0
        self.turnup = turnup
        self.turnup_in_stock = turnup is not None
        self.active = self.seats_in_order
        self.trump = SUIT[turnup] if turnup is not None else None
        self.trump_card: int | None = None
        if r.trump_source == "bottom_card_to_dealer":
            seq = hands_seq[self.dealer] if self.dealer in hands_seq else hands_seq[self.active[-1]]
            self.trump_card = seq[-1]
            self.trump = SUIT[self.trump_card]
        if r.trump_source == "forehand_names":
            fh = self.active[0]
            first = sum(r.deal_pattern[: r.trump_after_batch])
            self.forehand_first = sum(1 << c for c in hands_seq[fh][:first])
            self.forehand_turn_card = hands_seq[fh][first]
        self.stock_open = self._stock_size() >= len(self.active) and r.stock_draw_rule != "none"
        self.closed_by = None
        self.close_snap = None
        self.trick = []
        self.need_draw = False
        self.tricks_won = [0] * self.n
        self.trick_points = [0] * self.n
        self.bonus = [0] * self.n
        self.marriages = []
        self.melded = 0
        self.melds_this_lead = 0
        self.lead_mask = 0
        self.declare_seat = None
        self.exchange_queue = ()
        self.result = None
        self.won = [0] * self.n
        self.last_trick = ()
        self.dead = 0
        self.tricks_played = 0
        self.partner_melded = False
        self.bids = []
        self.high_bid = 0
        self.high_bidder = None
        self.passed = ()
        self.leader = self.active[0]
        self.to_act = self.active[0]
        if r.bidding != "none":
            self.phase = "bidding"
        elif r.trump_source == "forehand_names":
            self.phase = "trump_naming"
        else:
            self.phase = "open" if self.stock_open else "strict"

    # ------------------------------------------------------------------ helpers
    def _stock_size(self) -> int:
        return len(self.stock) - self.stock_pos + (1 if self.turnup_in_stock else 0)

    @property
    def stock_size(self) -> int:
        """Cards in the stock, counting the turn-up while it lies under it."""
        return self._stock_size()

    def _next(self, seat: int) -> int:
        act = self.active
        return act[(act.index(seat) + 1) % len(act)]

    def _side_tricks(self, side: int) -> int:
        won = self.tricks_won
        return sum([won[s] for s in self.sides[side]])

    def _seat_points(self, seat: int) -> int:
        points = self.trick_points[seat] + self.bonus[seat]
        for s, _suit, v, ok in self.marriages:
            if s == seat and ok and v:
                points += v
        return points

    def _side_points(self, side: int) -> int:
        return sum([self._seat_points(s) for s in self.sides[side]])

    def _side_index(self, seat: int) -> int:
        return self.side_idx[seat]

    def _exchange_card_in(self, hand: int) -> int | None:
        if self.exchange_rank is None or self.trump is None:
            return None
        base = self.trump * 8 + self.exchange_rank
        for c in (base, base + 32):
            if hand >> c & 1:
                return c
        return None

    def _find(self, seat: int, code: str | None) -> int | None:
        hand = self.hands[seat]
        for c in self.pack.code_ids.get(code, ()):  # type: ignore[arg-type]
            if hand >> c & 1:
                return c
        return None

    def _marriage_cards(self, seat: int, suit: int) -> tuple[int, int] | None:
        hand = self.hands[seat] & ~self.melded
        k = q = None
        for cp in (0, 32):
            if k is None and hand >> (cp + suit * 8 + KING) & 1:
                k = cp + suit * 8 + KING
            if q is None and hand >> (cp + suit * 8 + QUEEN) & 1:
                q = cp + suit * 8 + QUEEN
        if k is None or q is None:
            return None
        return k, q

    # ------------------------------------------------------------------ play legality
    def _play_mask(self, seat: int) -> tuple[int, str | None, dict]:
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

    def _why_not(self, a: Action) -> tuple[str, dict] | None:
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

    def _turn(self, p: int) -> tuple[str, dict] | None:
        if p != self.to_act:
            return "not_your_turn", {"to_act": self.to_act}
        return None

    def _play_turn(self, p: int) -> tuple[str, dict] | None:
        """Refusal when it is not `p`'s turn or the cards are not being played yet."""
        if p != self.to_act:
            return "not_your_turn", {"to_act": self.to_act}
        ph = self.phase
        if ph == "bidding":
            return "bidding_not_over", {}
        if ph == "trump_naming":
            return "trump_not_named", {}
        return None

    def _why_play(self, a: Action) -> tuple[str, dict] | None:
        err = self._play_turn(a.player)
        if err:
            return err
        if self.exchange_queue:
            return "exchange_decision_pending", {}
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

    def _why_draw(self, a: Action) -> tuple[str, dict] | None:
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

    def _why_close(self, a: Action) -> tuple[str, dict] | None:
        r = self.rules
        if not r.closing_allowed or r.stock_draw_rule == "none":
            return "close_not_allowed", {"reason": "variant"}
        err = self._play_turn(a.player)
        if err:
            return err
        if self.exchange_queue:
            return "exchange_decision_pending", {}
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

    def _why_exchange(self, a: Action) -> tuple[str, dict] | None:
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

    def _why_meld(self, a: Action) -> tuple[str, dict] | None:
        r = self.rules
        if r.marriage_values == "none":
            return "marriage_not_allowed", {"reason": "variant"}
        err = self._play_turn(a.player)
        if err:
            return err
        if self.exchange_queue:
            return "exchange_decision_pending", {}
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

    def _why_declare(self, a: Action) -> tuple[str, dict] | None:
        r = self.rules
        if not r.going_out_allowed:
            return "declare_not_allowed", {"reason": "variant"}
        err = self._play_turn(a.player)
        if err:
            return err
        if self.exchange_queue:
            return "exchange_decision_pending", {}
        if r.declare_timing == "any_time_on_turn" or self.declare_seat == a.player:
            return None
        return "declare_not_allowed", {"reason": "timing"}

    def _why_bid(self, a: Action) -> tuple[str, dict] | None:
        r = self.rules
        if r.bidding == "none" or self.phase != "bidding":
            return "bidding_closed", {}
        err = self._turn(a.player)
        if err:
            return err
        top = 5 if r.moon else 4
        v = a.value
        if not isinstance(v, int) or v <= self.high_bid:
            return "bid_too_low", {"minimum": self.high_bid + 1}
        if v > top:
            return "bid_too_high", {"maximum": top}
        return None

    def _why_pass(self, a: Action) -> tuple[str, dict] | None:
        if self.phase == "bidding":
            return self._turn(a.player)
        if self.phase == "trump_naming":
            return self._turn(a.player)
        if self.exchange_queue:
            return self._turn(a.player)
        return "nothing_to_pass", {}

    def _why_trump(self, a: Action) -> tuple[str, dict] | None:
        if self.phase != "trump_naming":
            return "trump_not_allowed", {}
        err = self._turn(a.player)
        if err:
            return err
        if not isinstance(a.suit, str) or a.suit not in SUITS:
            return "bad_suit", {"suit": str(a.suit)[:4]}
        return None

    # ------------------------------------------------------------------ public API
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now.

        Cheap pre-filters skip action types that cannot be legal; the `_why_*` checks
        decide the rest, so this list and `apply` never disagree.
        """
        p = self.to_act
        if p is None:
            return []
        ph = self.phase
        if ph == "bidding":
            top = 5 if self.rules.moon else 4
            out = [_act(p, "bid", value=v) for v in range(self.high_bid + 1, top + 1)]
            out.append(_SIMPLE[p]["pass"])
            return out
        if ph == "trump_naming":
            return [*(_act(p, "trump", suit=s) for s in SUITS), _SIMPLE[p]["pass"]]
        simple = _SIMPLE[p]
        if self.exchange_queue:
            return [simple["exchange"], simple["pass"]]
        r = self.rules
        if self.need_draw:
            out = [simple["draw"]]
            if (
                self.declare_seat == p or r.declare_timing == "any_time_on_turn"
            ) and self._why_declare(simple["declare"]) is None:
                out.append(simple["declare"])
            if r.close_before_draw and self._why_close(simple["close"]) is None:
                out.append(simple["close"])
            return out
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
            hand = self.hands[p] & ~self.melded
            hand = (hand | hand >> 32) & 0xFFFFFFFF  # either copy of a card will do
            pairs = hand & hand >> (QUEEN - KING) & _KINGS  # a King whose Queen is there too
            while pairs:
                low = pairs & -pairs
                a = _MELD[p][SUIT[low.bit_length() - 1]]
                if self._why_meld(a) is None:
                    out.append(a)
                pairs ^= low
        return out

    def is_legal(self, action: Action) -> bool:
        """True when `action` may be applied now."""
        return self._why_not(action) is None

    def check(self, action: Action) -> None:
        """Raise IllegalAction when `action` is not legal now."""
        why = self._why_not(action)
        if why is not None:
            raise IllegalAction(why[0], why[1])

    def apply(self, action: Action) -> None:
        """Apply a legal action; IllegalAction (nothing changed) otherwise."""
        why = self._why_not(action)
        if why is not None:
            raise IllegalAction(why[0], why[1])
        self.history.append(self._snapshot())
        self.actions.append(action)
        _DO[action.type](self, action)

    def undo(self) -> None:
        """Take back the last applied action."""
        if not self.history:
            raise IllegalAction("nothing_to_undo", {})
        snap = self.history.pop()
        self.actions.pop()
        history, actions = self.history, self.actions
        self.__dict__ = snap
        self.history, self.actions = history, actions

    def copy(self) -> Deal:
        """An independent copy (history included)."""
        new = Deal.__new__(Deal)
        new.__dict__ = self._snapshot()
        new.history = list(self.history)
        new.actions = list(self.actions)
        return new

    def _snapshot(self) -> dict:
        """Every attribute, with private copies of the mutable lists (history excluded)."""
        snap = self.__dict__.copy()
        snap["hands"] = self.hands[:]
        snap["trick"] = self.trick[:]
        snap["tricks_won"] = self.tricks_won[:]
        snap["trick_points"] = self.trick_points[:]
        snap["bonus"] = self.bonus[:]
        snap["won"] = self.won[:]
        return snap

    # ------------------------------------------------------------------ effects
    def _do_play(self, a: Action) -> None:
        p = a.player
        c = self._checked_card  # resolved by _why_play just before (copy chosen for 2 packs)
        self.hands[p] &= ~(1 << c)
        if not self.trick:
            self.declare_seat = None
            self.lead_mask = 0
            if self.trump is None and self.rules.trump_source == "first_lead_of_bid_winner":
                self.trump = SUIT[c]
                self.marriages = [
                    (s, su, (40 if su == self.trump else 20) if v is None else v, ok)
                    for (s, su, v, ok) in self.marriages
                ]
        trick = self.trick
        trick.append((p, c))
        if len(trick) < len(self.active):
            self.to_act = self._next(p)
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        r = self.rules
        trick = self.trick
        cards = [c for _, c in trick]
        w = trick[trick_winner(cards, self.trump)][0]
        won = self.won[w]
        pts = 0
        for c in cards:
            pts += POINTS[c]
            won |= 1 << c
        self.won[w] = won
        self.trick_points[w] += pts
        self.tricks_won[w] += 1
        self.last_trick = tuple(trick)
        self.trick = []
        self.tricks_played += 1
        self.melds_this_lead = 0
        self.partner_melded = False
        side = self.side_idx[w]
        members = self.sides[side]
        if self.marriages and any(not ok for (_s, _su, _v, ok) in self.marriages):
            self.marriages = [(s, su, v, ok or s in members) for (s, su, v, ok) in self.marriages]
        if (
            self.closed_by is not None
            and r.failed_close_penalty == "closer_loses_on_any_trick"
            and side != self._side_index(self.closed_by)
        ):
            self._end_failed_close()
            return
        if not self.hands[w]:  # every active hand holds the same number of cards after a trick
            if self.closed_by is None:
                self.bonus[w] += r.last_trick_bonus
            self._end_exhausted(w)
            return
        self.leader = w
        self.to_act = w
        self.need_draw = self.stock_open and self.closed_by is None
        self.declare_seat = w if r.going_out_allowed else None

    def _do_draw(self, a: Action) -> None:
        seat = a.player
        hands, stock, pos = self.hands, self.stock, self.stock_pos
        active = self.active
        for _ in active:
            if pos < len(stock):
                c = stock[pos]
                pos += 1
            else:
                c = self.turnup
                self.turnup_in_stock = False
            hands[seat] |= 1 << c
            seat = self._next(seat)
        self.stock_pos = pos
        self.need_draw = False
        if self._stock_size() < len(active):
            self.stock_open = False
            self.phase = "strict"

    def _do_close(self, a: Action) -> None:
        r = self.rules
        p = a.player
        self.closed_by = p
        self.need_draw = False
        self.phase = "strict"
        self.close_snap = tuple(
            (self._side_points(i), self._side_tricks(i)) for i in range(len(self.sides))
        )
        queue = []
        my_side = self._side_index(p)
        if self.exchange_rank is not None and r.exchange_on_opponent_close != "never":
            seat = self._next(p)
            while seat != p:
                side = self._side_index(seat)
                if (
                    side != my_side
                    and self._exchange_card_in(self.hands[seat]) is not None
                    and self.turnup_in_stock
                    and CODES[self.turnup] != CODES[self.trump * 8 + self.exchange_rank]
                    and (r.exchange_on_opponent_close == "any" or self._side_tricks(side) > 0)
                ):
                    queue.append(seat)
                    break
                seat = self._next(seat)
        self.exchange_queue = tuple(queue)
        if queue:
            self.to_act = queue[0]

    def _do_exchange(self, a: Action) -> None:
        p = a.player
        c = self._exchange_card_in(self.hands[p])
        assert c is not None and self.turnup is not None
        self.hands[p] = (self.hands[p] & ~(1 << c)) | (1 << self.turnup)
        self.turnup = c
        if self.exchange_queue:
            self._pop_queue()

    def _pop_queue(self) -> None:
        self.exchange_queue = self.exchange_queue[1:]
        self.to_act = self.exchange_queue[0] if self.exchange_queue else self.leader

    def _do_meld(self, a: Action) -> None:
        r = self.rules
        p = a.player
        suit = SUITS.index(a.suit)
        k, q = self._marriage_cards(p, suit)  # type: ignore[misc]
        self.melded |= (1 << k) | (1 << q)
        if r.trump_source == "none_until_marriage" and (
            r.idiot_trump_mode == "latest_marriage" or self.trump is None
        ):
            self.trump = suit
        if r.marriage_values == "escalating_20_40_60_80":
            value: int | None = 20 * (len(self.marriages) + 1)
        elif self.trump is None and r.trump_source == "first_lead_of_bid_winner":
            value = None
        else:
            value = 40 if suit == self.trump else 20
        side = self._side_index(p)
        ok = r.marriage_trick_rule in ("no_trick_needed", "must_have_trick_to_declare") or (
            self._side_tricks(side) > 0
        )
        self.marriages = [*self.marriages, (p, suit, value, ok)]
        if self.trick:
            self.partner_melded = True
            return
        self.melds_this_lead += 1
        lead = 0
        if r.marriage_lead_card in ("either", "king"):
            lead |= 1 << k
            lead |= self.hands[p] & ((1 << (suit * 8 + KING)) | (1 << (32 + suit * 8 + KING)))
        if r.marriage_lead_card in ("either", "queen"):
            lead |= 1 << q
            lead |= self.hands[p] & ((1 << (suit * 8 + QUEEN)) | (1 << (32 + suit * 8 + QUEEN)))
        self.lead_mask |= lead
        if ok and r.go_out_by_marriage and r.going_out_allowed:
            self.declare_seat = p
        elif not r.go_out_by_marriage:
            self.declare_seat = None  # a shown marriage must be led, not used to stop

    def _do_declare(self, a: Action) -> None:
        r = self.rules
        side = self._side_index(a.player)
        pts = self._side_points(side)
        closer_side = None if self.closed_by is None else self._side_index(self.closed_by)
        true_claim = pts >= r.target
        if true_claim and closer_side == side and r.close_requires_most_points:
            true_claim = all(
                pts > self._side_points(i) for i in range(len(self.sides)) if i != side
            )
        if closer_side == side and not true_claim:
            self._end_failed_close()
            return
        if not true_claim:
            self._end_false_claim(side)
            return
        if closer_side is not None and closer_side != side:
            had = self.close_snap[side][1] if self.close_snap else 1
            gp = 2 if r.closer_beaten_penalty == "flat_2" or had else 3
            self._finish("closer_beaten", {side: gp})
            return
        reason = "closed_made" if closer_side == side else "declared"
        self._finish(reason, self._win_gains(side, use_snapshot=closer_side == side))

    def _do_bid(self, a: Action) -> None:
        self.bids = [*self.bids, (a.player, a.value)]
        self.high_bid = a.value  # type: ignore[assignment]
        self.high_bidder = a.player
        top = 5 if self.rules.moon else 4
        if self.high_bid >= top:
            self._end_bidding()
            return
        self._advance_bidding(a.player)

    def _do_pass(self, a: Action) -> None:
        if self.phase == "bidding":
            self.bids = [*self.bids, (a.player, 0)]
            self.passed = (*self.passed, a.player)
            if len(self.passed) == len(self.active):
                self.phase = "over"
                self.to_act = None
                self.result = Result(
                    [], 0, "tie", [0] * self.n, [0] * self.n, {"redeal": True, "all_passed": True}
                )
                return
            self._advance_bidding(a.player)
            return
        if self.phase == "trump_naming":
            c = self.forehand_turn_card
            assert c is not None
            self._set_named_trump(SUIT[c], revealed=c)
            return
        self._pop_queue()

    def _do_trump(self, a: Action) -> None:
        self._set_named_trump(SUITS.index(a.suit), revealed=None)  # type: ignore[arg-type]

    def _set_named_trump(self, suit: int, revealed: int | None) -> None:
        self.trump = suit
        self.trump_card = revealed
        self.phase = "open" if self.stock_open else "strict"
        self.to_act = self.leader

    def _advance_bidding(self, seat: int) -> None:
        nxt = self._next(seat)
        while nxt in self.passed:
            nxt = self._next(nxt)
        if nxt == self.high_bidder:
            self._end_bidding()
        else:
            self.to_act = nxt

    def _end_bidding(self) -> None:
        bidder = self.high_bidder
        assert bidder is not None
        if self.rules.moon and self.high_bid == 5 and self.rules.partnerships == "opposite_pairs":
            partner = (bidder + 2) % self.n
            self.dead |= self.hands[partner]
            self.hands[partner] = 0
            self.active = tuple(s for s in self.active if s != partner)
        self.phase = "open" if self.stock_open else "strict"
        self.leader = bidder
        self.to_act = bidder

    # ------------------------------------------------------------------ results
    def _loser_basis(self, side: int, use_snapshot: bool) -> tuple[int, int]:
        if use_snapshot and self.rules.close_scoring_snapshot == "at_close" and self.close_snap:
            return self.close_snap[side]
        return self._side_points(side), self._side_tricks(side)

    def _win_gains(self, side: int, use_snapshot: bool = False) -> dict[int, int]:
        """Game points the winning side collects: 1/2/3 on the loser (each loser pays)."""
        r = self.rules
        total = 0
        for i in range(len(self.sides)):
            if i == side:
                continue
            pts, tricks = self._loser_basis(i, use_snapshot)
            total += game_points_1_2_3(pts, tricks, r.schneider_threshold)
        return {side: total}

    def _end_failed_close(self) -> None:
        r = self.rules
        closer = self._side_index(self.closed_by)  # type: ignore[arg-type]
        gains = {}
        for i in range(len(self.sides)):
            if i == closer:
                continue
            had = self.close_snap[i][1] if self.close_snap else 0
            gains[i] = failed_close_points(
                r.failed_close_penalty, had, self._side_points(closer), r.schneider_threshold
            )
        self._finish("closed_failed", gains)

    def _end_false_claim(self, side: int) -> None:
        r = self.rules
        gains = {}
        for i in range(len(self.sides)):
            if i == side:
                continue
            tricks = self._side_tricks(i)
            if r.false_claim_penalty == "flat_2":
                gains[i] = 2
            elif r.false_claim_penalty == "two_or_three":
                gains[i] = 3 if tricks == 0 else 2
            else:
                gains[i] = game_points_1_2_3(self._side_points(i), tricks, r.schneider_threshold)
        self._finish("false_declaration", gains)

    def _end_exhausted(self, last_winner: int) -> None:
        r = self.rules
        nsides = len(self.sides)
        totals = [self._side_points(i) for i in range(nsides)]
        if self.closed_by is not None:
            closer = self._side_index(self.closed_by)
            made = totals[closer] >= r.target and (
                not r.close_requires_most_points
                or all(totals[closer] > totals[i] for i in range(nsides) if i != closer)
            )
            if made:
                self._finish("closed_made", self._win_gains(closer, use_snapshot=True))
            else:
                self._end_failed_close()
            return
        if r.scoring == "raw_points":
            best = max(totals)
            winners = [i for i in range(nsides) if totals[i] == best]
            gains = {i: totals[i] for i in range(nsides)}
            reason = "tie" if len(winners) > 1 else "most_points"
            self._finish(reason, gains, winners=winners if len(winners) == 1 else [])
            return
        if r.scoring == "bid_units":
            self._end_contract()
            return
        if r.scoring == "four_hand_130":
            for i in range(nsides):
                every = self._side_tricks(i) == self.tricks_played
                gp = four_hand_130_points(totals[i], every)
                if gp:
                    self._finish("most_points", {i: gp})
                    return
            self._finish("tie", {})
            return
        lw = self._side_index(last_winner)
        if r.exhausted_resolution == "last_trick_wins_1":
            self._finish("last_trick", {lw: 1})
            return
        if r.exhausted_resolution == "last_trick_wins_scaled":
            self._finish("last_trick", self._win_gains(lw))
            return
        best = max(totals)
        tops = [i for i in range(nsides) if totals[i] == best]
        if len(tops) > 1:
            self._finish("tie", {})
            return
        self._finish("most_points", self._win_gains(tops[0]))

    def _end_contract(self) -> None:
        r = self.rules
        bidder = self.high_bidder
        assert bidder is not None
        side = self._side_index(bidder)
        pts = self._side_points(side)
        moon = r.moon and self.high_bid == 5
        moon_made = (self.tricks_won[bidder] == self.tricks_played) if moon else None
        units = bid_units(pts, self.high_bid, r.bid_unit, moon_made)
        gains = {side: units}
        for i in range(len(self.sides)):
            if i != side:
                gains[i] = self._side_points(i) // r.bid_unit
        reason = "contract_made" if units > 0 else "contract_failed"
        winners_sides = [side] if units > 0 else [i for i in range(len(self.sides)) if i != side]
        self._finish(reason, gains, winners=winners_sides)

    def _finish(self, reason: str, gains: dict[int, int], winners: list[int] | None = None) -> None:
        """End the deal: gains maps side index -> game points for each member."""
        by_seat = [0] * self.n
        for side, gp in gains.items():
            for s in self.sides[side]:
                by_seat[s] = gp
        if winners is None:
            winners = [i for i, gp in gains.items() if gp > 0]
        win_seats = sorted(s for i in winners for s in self.sides[i])
        if self.rules.dealer_sits_out and win_seats and reason != "tie":
            by_seat[self.dealer] = max(by_seat[s] for s in win_seats)
        gp = max((by_seat[s] for s in win_seats), default=0)
        self.result = Result(
            win_seats,
            gp,
            reason,
            [self._seat_points(s) for s in range(self.n)],
            by_seat,
        )
        if self.high_bidder is not None:
            self.result.extra["contract"] = {"player": self.high_bidder, "value": self.high_bid}
        self.phase = "over"
        self.to_act = None
        self.declare_seat = None

    # ------------------------------------------------------------------ reading
    def state(self) -> dict[str, Any]:
        """The protocol's `final` shape (omniscient: every hand and the stock)."""
        legal = [a.to_dict(with_player=False) for a in self.legal_actions()]
        pending = [0] * self.n
        for s, _su, v, ok in self.marriages:
            if not ok and v:
                pending[s] += v
        return {
            "to_act": self.to_act,
            "legal": legal,
            "phase": self.phase,
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "turnup": CODES[self.turnup]
            if self.turnup is not None and self.turnup_in_stock
            else None,
            "stock_size": self._stock_size() if self.rules.stock_draw_rule != "none" else 0,
            "closed_by": self.closed_by,
            "hands": [mask_codes(h) for h in self.hands],
            "trick": [{"player": s, "card": CODES[c]} for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "card_points": [self._seat_points(s) for s in range(self.n)],
            "pending_marriage_points": pending,
            "dealer": self.dealer,
            "leader": self.leader,
            "stock": [CODES[c] for c in self.stock[self.stock_pos :]],
            "trump_card": CODES[self.trump_card] if self.trump_card is not None else None,
            "marriages": [
                {"player": s, "suit": SUITS[su], "points": v, "counted": ok}
                for s, su, v, ok in self.marriages
            ],
            "last_trick": [{"player": s, "card": CODES[c]} for s, c in self.last_trick],
            "won_cards": [mask_codes(m) for m in self.won],
            "dead": mask_codes(self.dead),
            "bids": [{"player": s, "value": v} for s, v in self.bids],
            "active": list(self.active),
        }

    def card_count_check(self) -> list[int]:
        """Every card id accounted for (hands, stock, turn-up, trick, tricks, dead): a multiset."""
        out: list[int] = []
        for h in self.hands:
            out.extend(c for c in range(64) if h >> c & 1)
        out.extend(self.stock[self.stock_pos :])
        if self.turnup is not None and self.turnup_in_stock:
            out.append(self.turnup)
        out.extend(c for _, c in self.trick)
        for m in self.won:
            out.extend(c for c in range(64) if m >> c & 1)
        out.extend(c for c in range(64) if self.dead >> c & 1)
        return sorted(out)


_WHY = {name[5:]: fn for name, fn in vars(Deal).items() if name.startswith("_why_")}
_DO = {name[4:]: fn for name, fn in vars(Deal).items() if name.startswith("_do_")}
_PLAY = tuple(tuple(Action(p, "play", card=CODES[c]) for c in range(32)) for p in range(4))
_SIMPLE = tuple(
    {k: Action(p, k) for k in ("pass", "draw", "declare", "close", "exchange")} for p in range(4)
)
_MELD = tuple(tuple(Action(p, "meld", suit=SUITS[s]) for s in range(4)) for p in range(4))
_KINGS = sum(1 << (s * 8 + KING) for s in range(4))
