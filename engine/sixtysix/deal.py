"""The Deal: one deal of any variant as a state machine driven purely by its RuleSet.

Create one (seeded shuffle or explicit layout), ask `to_act` and `legal_actions()`,
`apply()` an action, `undo()` it, read `state()` and `result`. Cards are ints and hands
are bitmasks (see cards.py); every refusal is an IllegalAction with a stable code.

The attributes are declared in state.py (DealState); this module creates and fills them and
holds the public API. The rules live in the DealState subclasses legality.py (what may be
done), moves.py (what it does) and deal_endings.py (how it ends, which moves.py builds on;
outcomes.py decides each ending).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from .actions import Action
from .cards import CODES, SUIT, SUITS, Pack, get_pack, mask_codes, shuffled
from .errors import IllegalAction, LayoutError
from .legality import Legality
from .moves import EFFECTS, Moves
from .presets import preset_id_of
from .ruleset import RuleSet
from .shapes import StateShape

_SeatTable: TypeAlias = tuple[
    Pack,
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    dict[int, int],
    int | None,
]
_TABLES: dict[tuple[RuleSet, int], _SeatTable] = {}


def _seat_tables(rules: RuleSet, dealer: int) -> _SeatTable:
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
    return pack, n, tuple(order), side_of, sides, side_idx, rules.exchange_rank


def _check_dealer(rules: RuleSet, dealer: Any) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise LayoutError("bad_dealer", {"dealer": str(dealer)[:20]})


_Take: TypeAlias = Callable[[Any, str], int]
"""A layout's card code (and where it stands) to a card id of the pack not taken yet."""


def _taker(pack: Pack) -> _Take:
    """A `_Take` over `pack`: each copy of a card once, LayoutError for a card not in it or
    one taken too often."""
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

    return take


class Deal(Legality, Moves):
    """One deal. Seats are numbered 0.. clockwise; `rules` fixes everything else.

    Public API: `new`, `to_act`, `legal_actions()` (from Legality), `is_legal`, `check`,
    `apply`, `undo`, `copy`, `state()`, `seat_points`, `stock_size`, `result`.
    """

    _legal: list[Action] | None
    """`legal_actions()` of this position, once asked; `apply` drops it, `undo` restores the
    earlier position's with its snapshot, `copy` starts without (copies get edited)."""

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
        self.stock = ()
        self.history = []
        self._checked_card = 0
        self.actions = []
        self.forehand_turn_card = None
        self.forehand_first = 0
        self._legal = None

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        *,
        seed: int | None = None,
        layout: dict[str, Any] | None = None,
        dealer: int = 0,
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
        take = _taker(pack)
        hands_seq = d._layout_hands(layout.get("hands"), take)
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

    def _layout_hands(self, hands: Any, take: _Take) -> dict[int, list[int]]:
        """A layout's hands as card ids by seat (the seats dealt to), checked."""
        rules = self.rules
        if not isinstance(hands, list) or len(hands) != rules.players:
            raise LayoutError("wrong_card_count", {"where": "hands", "expected": rules.players})
        hands_seq: dict[int, list[int]] = {}
        for s, hand in enumerate(hands):
            expected = rules.hand_size if s in self.seats_in_order else 0
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
            if s in self.seats_in_order:
                hands_seq[s] = seq
        return hands_seq

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
        self.trump_card = None
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

    # ------------------------------------------------------------------ public API
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (computed once per position)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = Legality.legal_actions(self)
        return legal[:]

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
        self._legal = None
        EFFECTS[action.type](self, action)

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
        new._legal = None
        return new

    def _snapshot(self) -> dict[str, Any]:
        """Every attribute, with private copies of the mutable lists (history excluded)."""
        snap = self.__dict__.copy()
        snap["hands"] = self.hands[:]
        snap["trick"] = self.trick[:]
        snap["tricks_won"] = self.tricks_won[:]
        snap["trick_points"] = self.trick_points[:]
        snap["bonus"] = self.bonus[:]
        snap["won"] = self.won[:]
        return snap

    # ------------------------------------------------------------------ reading
    def __repr__(self) -> str:
        """One line a debugger or a failing test can be read from: whose turn, trumps, hands."""
        name = preset_id_of(self.rules) or "custom-rules"
        if "phase" not in self.__dict__:
            return f"<Deal {name} dealer={self.dealer} not dealt>"
        trump = SUITS[self.trump] if self.trump is not None else "-"
        parts = [
            f"<Deal {name}",
            f"dealer={self.dealer}",
            f"to_act={self.to_act}",
            f"phase={self.phase}",
            f"trump={trump}",
            f"stock={self._stock_size()}",
        ]
        if self.closed_by is not None:
            parts.append(f"closed_by={self.closed_by}")
        if self.trick:
            parts.append("trick=[" + " ".join(f"{s}:{CODES[c]}" for s, c in self.trick) + "]")
        parts.append(f"points={[self.seat_points(s) for s in range(self.n)]}")
        parts.append("hands=[" + ", ".join(" ".join(mask_codes(h)) for h in self.hands) + "]")
        if self.result is not None:
            parts.append(f"result={self.result.reason}")
        return " ".join(parts) + ">"

    def state(self) -> StateShape:
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
            "card_points": [self.seat_points(s) for s in range(self.n)],
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
            "last_trick_winner": self.last_trick_winner,
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
