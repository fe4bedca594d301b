"""A bitmask playout path for two-player, one-pack deals: the same rules as `Deal`, faster.

For playouts (benchmarks, the computer's Monte Carlo): a `FastDeal` holds a deal as plain
ints (cards as bits of an int, hands and won cards as bitmasks), lists its legal moves as
one int bitmask (`legal_mask()`), and applies a move given as a small int, with no
`Action` objects, no validation and no undo stack. `FastDeal.new` deals exactly the cards
`Deal.new` deals for the same seed; `FastDeal.from_deal(deal)` starts from any position of
a `Deal`. engine/tests/test_fast*.py check move for move that both agree.

Moves are ints: 0..31 play that card id, then `DRAW`, `DECLARE`, `CLOSE`, `EXCHANGE`,
``MELD + suit`` (show a marriage) and `PASS` (the close-exchange decision): ascending, they
come in the order of `Deal.legal_actions()`. `supports(rules)` tells which rule sets it
plays (classic66, classic66_32, schnapsen, idiot66 and their options); anything else
stays with `Deal`. `play_out_at_random` plays a deal to its end by the benchmark's policy.
"""

from __future__ import annotations

from collections.abc import Callable

from . import outcomes
from .actions import Action
from .cards import CODES, KING, POINTS, QUEEN, RANK, SUIT, SUITS, get_pack, shuffled
from .deal import Deal
from .kinds import ActionType
from .ruleset import RuleSet
from .scoring import Result
from .tricks import BEATS, SUIT_ALL
from .values import marriage_value

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


class FastDeal:
    """One two-player deal as ints. Seats 0 and 1; `to_act` is -1 once the deal is over."""

    __slots__ = (
        "_r",
        "closed_by",
        "dealer",
        "declare_seat",
        "hands",
        "lead_card",
        "lead_mask",
        "leader",
        "marriage_count",
        "melded",
        "melds_this_lead",
        "need_draw",
        "over",
        "pending",
        "points",
        "queue",
        "result",
        "rules",
        "snap",
        "stock",
        "stock_open",
        "stock_pos",
        "to_act",
        "tricks_played",
        "tricks_won",
        "trump",
        "turnup",
        "turnup_in_stock",
        "won",
    )

    rules: RuleSet
    dealer: int
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    turnup: int
    """Card id of the turn-up, -1 when there is none."""
    turnup_in_stock: bool
    trump: int
    """Trump suit, 4 while there is none (Idiot-66 before a marriage)."""
    stock_open: bool
    closed_by: int
    snap: tuple[int, int, int, int] | None
    """(points 0, tricks 0, points 1, tricks 1) at the close."""
    lead_card: int
    """The card led to the current trick, -1 on lead."""
    leader: int
    to_act: int
    need_draw: bool
    tricks_won: list[int]
    tricks_played: int
    points: list[int]
    """Card points that count now: tricks, last-trick bonus, counted marriages."""
    pending: list[int]
    """Marriage points not yet counted (no trick yet)."""
    marriage_count: int
    melded: int
    melds_this_lead: int
    lead_mask: int
    declare_seat: int
    queue: int
    """Seat that must decide on the exchange after a close, -1 when none."""
    won: list[int]
    over: bool
    result: Result | None
    _r: _Rules

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: RuleSet, *, seed: int | None = None, dealer: int = 0) -> FastDeal:
        """The deal `Deal.new(rules, seed=seed, dealer=dealer)` deals, as a FastDeal."""
        r = _rules(rules)
        cards = shuffled(r.pack_cards, seed)
        forehand = dealer_hand = 0
        for i in r.forehand_slots:
            forehand |= 1 << cards[i]
        for i in r.dealer_slots:
            dealer_hand |= 1 << cards[i]
        hands = [dealer_hand, forehand] if dealer == 0 else [forehand, dealer_hand]
        turnup = cards[r.turnup_slot] if r.turnup_slot >= 0 else _NO
        pos = r.stock_slot
        d = cls.__new__(cls)
        d._start(rules, r, dealer, hands, tuple(cards[pos:]), turnup)
        return d

    def _start(
        self,
        rules: RuleSet,
        r: _Rules,
        dealer: int,
        hands: list[int],
        stock: tuple[int, ...],
        turnup: int,
    ) -> None:
        self.rules = rules
        self._r = r
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.stock_pos = 0
        self.turnup = turnup
        self.turnup_in_stock = turnup != _NO
        self.trump = SUIT[turnup] if turnup != _NO else 4
        self.stock_open = len(stock) + (turnup != _NO) >= 2
        self.closed_by = _NO
        self.snap = None
        self.lead_card = _NO
        self.leader = self.to_act = 1 - dealer
        self.need_draw = False
        self.tricks_won = [0, 0]
        self.tricks_played = 0
        self.points = [0, 0]
        self.pending = [0, 0]
        self.marriage_count = 0
        self.melded = 0
        self.melds_this_lead = 0
        self.lead_mask = 0
        self.declare_seat = _NO
        self.queue = _NO
        self.won = [0, 0]
        self.over = False
        self.result = None

    @classmethod
    def from_deal(cls, deal: Deal) -> FastDeal:
        """The position of `deal` (any moment of the play) as a FastDeal."""
        rules = deal.rules
        if not supports(rules):
            raise ValueError("the fast path does not play these rules")
        if deal.phase not in ("open", "strict", "over"):
            raise ValueError(f"the fast path starts from the play, not from {deal.phase}")
        d = cls.__new__(cls)
        d.rules = rules
        d._r = _rules(rules)
        d.dealer = deal.dealer
        d.hands = list(deal.hands)
        d.stock = deal.stock
        d.stock_pos = deal.stock_pos
        d.turnup = _NO if deal.turnup is None else deal.turnup
        d.turnup_in_stock = deal.turnup_in_stock
        d.trump = 4 if deal.trump is None else deal.trump
        d.stock_open = deal.stock_open
        d.closed_by = _NO if deal.closed_by is None else deal.closed_by
        snap = deal.close_snap
        d.snap = None if snap is None else (snap[0][0], snap[0][1], snap[1][0], snap[1][1])
        d.lead_card = deal.trick[0][1] if deal.trick else _NO
        d.leader = deal.leader
        d.to_act = _NO if deal.to_act is None else deal.to_act
        d.need_draw = deal.need_draw
        d.tricks_won = list(deal.tricks_won)
        d.tricks_played = deal.tricks_played
        d.points = [deal.seat_points(0), deal.seat_points(1)]
        d.pending = [0, 0]
        for s, _suit, v, ok in deal.marriages:
            if v and not ok:
                d.pending[s] += v
        d.marriage_count = len(deal.marriages)
        d.melded = deal.melded
        d.melds_this_lead = deal.melds_this_lead
        d.lead_mask = deal.lead_mask
        d.declare_seat = _NO if deal.declare_seat is None else deal.declare_seat
        d.queue = deal.exchange_queue[0] if deal.exchange_queue else _NO
        d.won = list(deal.won)
        d.over = deal.result is not None
        d.result = deal.result
        return d

    def copy(self) -> FastDeal:
        """An independent copy."""
        d = FastDeal.__new__(FastDeal)
        for name in FastDeal.__slots__:
            setattr(d, name, getattr(self, name))
        d.hands = self.hands[:]
        d.tricks_won = self.tricks_won[:]
        d.points = self.points[:]
        d.pending = self.pending[:]
        d.won = self.won[:]
        return d

    # ------------------------------------------------------------------ queries
    def stock_size(self) -> int:
        """Cards in the stock, the turn-up included while it lies there."""
        return len(self.stock) - self.stock_pos + self.turnup_in_stock

    def _exchange_card(self, hand: int) -> int:
        """The exchange card in `hand` as a bit, 0 when absent."""
        r = self._r
        if r.exchange_rank < 0 or self.trump == 4:
            return 0
        return hand & (1 << (self.trump * 8 + r.exchange_rank))

    def legal_mask(self) -> int:
        """The legal moves as bits of one int (bit m = move m), 0 when the deal is over."""
        p = self.to_act
        if p < 0:
            return 0
        if self.queue >= 0:
            return (1 << EXCHANGE) | (1 << PASS)
        r = self._r
        if self.need_draw:
            out = 1 << DRAW
            if self.declare_seat == p or r.declare_any_time:
                out |= r.declare_bit
            if (
                r.close_before_draw
                and self.stock_size() >= r.close_min_stock
                and (self.tricks_played or r.close_before_first_trick)
            ):
                out |= 1 << CLOSE
            return out
        hand = self.hands[p]
        lead = self.lead_card
        if lead < 0:
            out = hand & self.lead_mask if self.lead_mask else hand
            if self.declare_seat == p or r.declare_any_time:
                out |= r.declare_bit
            if self.closed_by < 0 and self.stock_open:
                size = self.stock_size()
                if (
                    r.closing
                    and size >= r.close_min_stock
                    and (self.tricks_played or r.close_before_first_trick)
                ):
                    out |= 1 << CLOSE
                if (
                    self.turnup_in_stock
                    and size >= r.exchange_min_stock
                    and self._exchange_card(hand)
                    and (not r.exchange_requires_trick or self.tricks_won[p])
                ):
                    out |= 1 << EXCHANGE
            if r.marriages and (r.marriage_in_strict or (self.stock_open and self.closed_by < 0)):
                free = hand & ~self.melded
                pairs = free & free >> (QUEEN - KING) & _KINGS
                if (
                    pairs
                    and self.melds_this_lead < 1
                    and (
                        r.marriage_any_time
                        or (self.tricks_won[p] if r.needs_own_trick else self.tricks_played)
                    )
                ):
                    while pairs:
                        low = pairs & -pairs
                        out |= 1 << (MELD + (low.bit_length() - 1 >> 3))
                        pairs ^= low
            return out
        # following
        out = hand if self.stock_open and self.closed_by < 0 else self._follow(hand, lead)
        if self.declare_seat == p or r.declare_any_time:
            out |= r.declare_bit
        if (
            r.exchange_when_following
            and self.closed_by < 0
            and self.stock_open
            and self.turnup_in_stock
            and self.stock_size() >= r.exchange_min_stock
            and self._exchange_card(hand)
            and (not r.exchange_requires_trick or self.tricks_won[p])
        ):
            out |= 1 << EXCHANGE
        return out

    def _follow(self, hand: int, lead: int) -> int:
        """Cards the follower may play in the strict phase (tricks.follow_options, inlined)."""
        r = self._r
        suit = SUIT[lead]
        in_suit = hand & SUIT_ALL[suit]
        if in_suit:
            if r.head:
                higher = in_suit & _HIGHER[lead]
                if higher:
                    return higher
            return in_suit
        # void: a trump if held (a trump lead was answered in suit above, so no over-trumping)
        trumps = hand & _TRUMPS[self.trump]
        if r.follow_only or not trumps:
            return hand
        return trumps

    def legal_moves(self) -> list[int]:
        """The legal moves as a list of ints, ascending."""
        mask = self.legal_mask()
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def legal_actions(self) -> list[Action]:
        """The legal moves as `Action`s, in `Deal.legal_actions()` order (for tests and tools)."""
        p = self.to_act
        return [to_action(p, m) for m in self.legal_moves()]

    # ------------------------------------------------------------------ moves
    def apply(self, m: int) -> None:
        """Apply legal move `m` (not checked: `legal_mask()` tells what is legal)."""
        if m < 32:
            self._play(m)
        elif m == DRAW:
            self._draw()
        elif m >= MELD and m < PASS:
            self._meld(m - MELD)
        elif m == DECLARE:
            self._declare()
        elif m == CLOSE:
            self._close()
        elif m == EXCHANGE:
            self._exchange()
        else:  # PASS: the exchange decision after a close
            self.queue = _NO
            self.to_act = self.leader

    def _play(self, c: int) -> None:
        p = self.to_act
        self.hands[p] &= ~(1 << c)
        lead = self.lead_card
        if lead < 0:
            self.declare_seat = _NO
            self.lead_mask = 0
            self.lead_card = c
            self.to_act = 1 - p
            return
        trump = self.trump
        if SUIT[c] == SUIT[lead]:
            w = p if RANK[c] < RANK[lead] else 1 - p
        else:
            w = p if SUIT[c] == trump else 1 - p
        self.lead_card = _NO
        self.won[w] |= (1 << c) | (1 << lead)
        self.points[w] += POINTS[c] + POINTS[lead] + self.pending[w]
        self.pending[w] = 0
        self.tricks_won[w] += 1
        self.tricks_played += 1
        self.melds_this_lead = 0
        r = self._r
        if self.closed_by >= 0 and r.close_lost_on_trick and w != self.closed_by:
            self._failed_close()
            return
        if not self.hands[w]:
            if self.closed_by < 0:
                self.points[w] += r.last_trick_bonus
            self._exhausted(w)
            return
        self.leader = self.to_act = w
        self.need_draw = self.stock_open and self.closed_by < 0
        self.declare_seat = w if r.going_out else _NO

    def _draw(self) -> None:
        seat = self.to_act
        pos = self.stock_pos
        stock = self.stock
        hands = self.hands
        for _ in (0, 1):
            if pos < len(stock):
                c = stock[pos]
                pos += 1
            else:
                c = self.turnup
                self.turnup_in_stock = False
            hands[seat] |= 1 << c
            seat = 1 - seat
        self.stock_pos = pos
        self.need_draw = False
        if len(stock) - pos + self.turnup_in_stock < 2:
            self.stock_open = False

    def _close(self) -> None:
        p = self.to_act
        r = self._r
        self.closed_by = p
        self.need_draw = False
        self.snap = (self.points[0], self.tricks_won[0], self.points[1], self.tricks_won[1])
        o = 1 - p
        if (
            r.exchange_at_close
            and self.turnup_in_stock
            and self._exchange_card(self.hands[o])
            and (r.exchange_at_close == 1 or self.tricks_won[o])
        ):
            self.queue = o
            self.to_act = o

    def _exchange(self) -> None:
        p = self.to_act
        bit = self._exchange_card(self.hands[p])
        self.hands[p] = (self.hands[p] & ~bit) | (1 << self.turnup)
        self.turnup = bit.bit_length() - 1
        if self.queue >= 0:
            self.queue = _NO
            self.to_act = self.leader

    def _meld(self, suit: int) -> None:
        r = self._r
        p = self.to_act
        k = 1 << (suit * 8 + KING)
        q = 1 << (suit * 8 + QUEEN)
        self.melded |= k | q
        if r.trump_by_marriage and (r.latest_marriage or self.trump == 4):
            self.trump = suit
        self.marriage_count += 1
        value = marriage_value(self.rules, suit == self.trump, self.marriage_count - 1)
        ok = r.marriage_counts_at_once or self.tricks_won[p] > 0
        if ok:
            self.points[p] += value
        else:
            self.pending[p] += value
        self.melds_this_lead += 1
        self.lead_mask |= (k if r.lead_king else 0) | (q if r.lead_queen else 0)
        if ok and r.go_out_by_marriage and r.going_out:
            self.declare_seat = p
        elif not r.go_out_by_marriage:
            self.declare_seat = _NO

    def _declare(self) -> None:
        p = self.to_act
        closer = self.closed_by if self.closed_by >= 0 else None
        self._settle(
            outcomes.claim(self.rules, p, self.points, self.tricks_won, closer, self._snapshot())
        )

    def _snapshot(self) -> outcomes.Snapshot:
        snap = self.snap
        return None if snap is None else ((snap[0], snap[1]), (snap[2], snap[3]))

    def _failed_close(self) -> None:
        self._settle(
            outcomes.failed_close(self.rules, self.closed_by, self.points, self._snapshot())
        )

    def _exhausted(self, last: int) -> None:
        closer = self.closed_by if self.closed_by >= 0 else None
        self._settle(
            outcomes.exhausted(
                self.rules,
                last,
                self.points,
                self.tricks_won,
                closer,
                self._snapshot(),
                self.tricks_played,
            )
        )

    def _settle(self, ending: outcomes.Ending) -> None:
        """End the deal as `outcomes` decides it (two seats, one per side: as `Deal` does
        for the rules `supports` admits)."""
        reason, gains, winners = ending
        by_seat = [gains.get(0, 0), gains.get(1, 0)]
        if winners is None:
            winners = [side for side, gp in gains.items() if gp > 0]
        gp = max((by_seat[s] for s in winners), default=0)
        self.result = Result(sorted(winners), gp, reason, self.points[:], by_seat)
        self.over = True
        self.to_act = _NO
        self.declare_seat = _NO


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


_BYTE_POINTS = tuple(sum(POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))
"""Card points of the cards of one suit, indexed by that suit's eight bits of a hand."""


def play_out_at_random(d: FastDeal, random_: Callable[[], float]) -> int:
    """Play `d` to its end with the sensible policy; the number of moves applied.

    Claim as soon as the claim is true, close when own points plus the points of the own
    trumps in hand reach the target, otherwise a uniformly random other legal move
    (`random_()` in [0, 1) picks it). benchmarks/engine.py plays the same policy on `Deal`.

    The loop is `legal_mask()` and `apply()` inlined for plays and draws, with the state
    in local variables; the rarer moves (claims, closes, exchanges, marriages, endings) go
    through the methods, the locals stored before and read back after.
    """
    r = d._r
    target = r.target
    declare_bit = r.declare_bit
    any_time = r.declare_any_time
    close_before_draw = r.close_before_draw
    close_min = r.close_min_stock
    first_trick_close = r.close_before_first_trick
    closing = r.closing
    ex_rank = r.exchange_rank
    ex_min = r.exchange_min_stock
    ex_trick = r.exchange_requires_trick
    ex_following = r.exchange_when_following
    marriages = r.marriages
    in_strict = r.marriage_in_strict
    meld_any_time = r.marriage_any_time
    meld_own_trick = r.needs_own_trick
    head = r.head
    follow_only = r.follow_only
    lost_on_trick = r.close_lost_on_trick
    bonus = r.last_trick_bonus
    going_out = r.going_out
    hands, points, pending, tricks, won = d.hands, d.points, d.pending, d.tricks_won, d.won
    stock = d.stock
    nstock = len(stock)
    suit_of, card_points = SUIT, POINTS

    count = 0
    while True:
        p, lead, need_draw, pos = d.to_act, d.lead_card, d.need_draw, d.stock_pos
        tin, open_, played, closed = d.turnup_in_stock, d.stock_open, d.tricks_played, d.closed_by
        melds, lead_mask, dseat, leader = d.melds_this_lead, d.lead_mask, d.declare_seat, d.leader
        queue, trump, melded = d.queue, d.trump, d.melded
        trumps_of = _TRUMPS[trump]
        beats_lead = _BEATS_LEAD[trump]
        trump_shift = trump * 8 if trump != 4 else 32  # no trumps: no card above bit 31
        ex_bit = 1 << (trump * 8 + ex_rank) if ex_rank >= 0 and trump != 4 else 0
        while p >= 0:
            count += 1
            hand = hands[p]
            if (
                points[p] >= target and declare_bit and (dseat == p or any_time) and queue < 0
            ):  # a true claim
                d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                d.leader = leader
                d._declare()
                return count
            if lead >= 0:  # following
                if open_ and closed < 0:
                    opts = hand
                    if (
                        ex_following
                        and hand & ex_bit
                        and tin
                        and nstock - pos + tin >= ex_min
                        and (not ex_trick or tricks[p])
                    ):
                        opts |= 1 << EXCHANGE
                else:
                    led = suit_of[lead]
                    opts = hand & SUIT_ALL[led]
                    if opts:
                        if head and opts & _HIGHER[lead]:
                            opts &= _HIGHER[lead]
                    elif follow_only or not hand & trumps_of:
                        opts = hand
                    else:
                        opts = hand & trumps_of
            elif need_draw:  # the trick's winner: close or draw (his only other move)
                if (
                    close_before_draw
                    and nstock - pos + tin >= close_min
                    and (played or first_trick_close)
                    and points[p] + _BYTE_POINTS[hand >> trump_shift & 255] >= target
                ):
                    d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                    d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                    d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                    d.leader = leader
                    d._close()
                    break  # read the state back
                random_()  # one move to pick from: the stream stays in step with Deal's policy
                seat = p
                for _ in (0, 1):
                    if pos < nstock:
                        c = stock[pos]
                        pos += 1
                    else:
                        c = d.turnup
                        tin = False
                    hands[seat] |= 1 << c
                    seat = 1 - seat
                need_draw = False
                if nstock - pos + tin < 2:
                    open_ = False
                continue
            elif queue >= 0:
                opts = (1 << EXCHANGE) | (1 << PASS)
            else:  # on lead
                opts = hand & lead_mask if lead_mask else hand
                if closed < 0 and open_:
                    size = nstock - pos + tin
                    if (
                        closing
                        and size >= close_min
                        and (played or first_trick_close)
                        and points[p] + _BYTE_POINTS[hand >> trump_shift & 255] >= target
                    ):
                        d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                        d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                        d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                        d.leader = leader
                        d._close()
                        break  # read the state back
                    if hand & ex_bit and tin and size >= ex_min and (not ex_trick or tricks[p]):
                        opts |= 1 << EXCHANGE
                if marriages and (in_strict or (open_ and closed < 0)) and melds < 1:
                    free = hand & ~melded
                    pairs = free & free >> (QUEEN - KING) & _KINGS
                    if pairs and (meld_any_time or (tricks[p] if meld_own_trick else played)):
                        while pairs:
                            low = pairs & -pairs
                            opts |= 1 << (MELD + (low.bit_length() - 1 >> 3))
                            pairs ^= low
            n = opts.bit_count()
            if n > 1:
                k = int(random_() * n)
                while k:
                    opts &= opts - 1
                    k -= 1
            else:
                random_()
            m = (opts & -opts).bit_length() - 1
            if m < 32:  # play
                hands[p] = hand & ~(1 << m)
                if lead < 0:
                    dseat = -1
                    lead_mask = 0
                    lead = m
                    p = 1 - p
                    continue
                w = p if beats_lead[lead] >> m & 1 else 1 - p
                won[w] |= (1 << m) | (1 << lead)
                points[w] += card_points[m] + card_points[lead] + pending[w]
                pending[w] = 0
                tricks[w] += 1
                played += 1
                melds = 0
                lead = -1
                if closed >= 0 and lost_on_trick and w != closed:
                    d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                    d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                    d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                    d.leader = leader
                    d._failed_close()
                    return count
                if not hands[w]:
                    if closed < 0:
                        points[w] += bonus
                    d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                    d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                    d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                    d.leader = leader
                    d._exhausted(w)
                    return count
                leader = p = w
                need_draw = open_ and closed < 0
                dseat = w if going_out else -1
            else:
                d.to_act, d.lead_card, d.need_draw, d.stock_pos = p, lead, need_draw, pos
                d.turnup_in_stock, d.stock_open, d.tricks_played = tin, open_, played
                d.melds_this_lead, d.lead_mask, d.declare_seat = melds, lead_mask, dseat
                d.leader = leader
                d.apply(m)
                break  # read the state back
        else:
            return count
