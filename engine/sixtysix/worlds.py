"""Worlds: complete deals consistent with one seat's `PlayerView`, for sampling.

Perfect-information Monte Carlo needs whole deals that the asking seat cannot tell from
the real one. `WorldSampler(view, rules)` reads once what the view fixes (the seat's hand,
the cards played, the turn-up, the trump card under the dealer, marriages shown and trump
cards exchanged but not yet played, suits a player showed void by not following in the
strict phase) and `sample(rng)` deals the unseen cards at random around those facts into
a `Deal` in the same position. The real deal is never read: only the view, so a choice
built on these worlds reveals nothing the seat does not know.

Works for every variant in play (open or strict phase, 2-4 seats, two packs, partnerships,
the moon partner's dead hand); not in the auction or while the forehand names trumps.
"""

from __future__ import annotations

import random

from .cards import KING, QUEEN, SUITS, get_pack
from .deal import Deal
from .players import PlayerView
from .ruleset import RuleSet
from .state import Marriage
from .worlds_facts import (
    WorldError,
    _dealer,
    _exchange_decision,
    _Fixed,
    _id_in,
    _id_in_hand,
    _Ids,
    _played_by,
    _void_mask,
)

__all__ = ["WorldError", "WorldSampler"]

_TRIES = 40
"""Random deals tried against the void constraints before they are relaxed."""


class WorldSampler:
    """Deals consistent with `view` (the seat to act); see the module docstring."""

    def __init__(self, view: PlayerView, rules: RuleSet) -> None:
        if view.phase not in ("open", "strict"):
            raise WorldError(f"no worlds in the {view.phase} phase")
        if view.to_act != view.seat or not view.legal:
            raise WorldError("the seat is not to act")
        if len(view.card_points) != rules.players:
            raise WorldError("the view lacks the counting fields (use player_view)")
        self.view = view
        self.rules = rules
        self.fixed = self._fix(view, rules)

    # ------------------------------------------------------------------ reading the view
    def _fix(self, view: PlayerView, rules: RuleSet) -> _Fixed:
        n = rules.players
        me = view.seat
        dealer = _dealer(view, rules)
        order, moon_out = self._order(view, rules, dealer)
        active = tuple(s for s in order if s != moon_out)
        ids = _Ids(rules)
        hands = [0] * n
        for code in view.hand:
            hands[me] |= 1 << ids.take(code)
        won = self._won(view, ids, n)
        trick = tuple((s, ids.take(code)) for s, code in view.trick)
        last = view.tricks[-1] if view.tricks else ()
        # ids of the last trick again (display only): look them up among the won cards
        last_trick = tuple((s, _id_in(won, code, rules) or 0) for s, code in last)
        turnup = ids.take(view.turnup) if view.turnup else None
        # cards a seat is known to hold: unplayed shown marriage cards, taken turn-ups and
        # the trump card dealt to the dealer (or turned by the forehand)
        melded = self._place_marriages(view, rules, ids, hands)
        for s, code in view.exchanges:
            if s != me and not _played_by(view, s, code) and ids.free.get(code):
                hands[s] |= 1 << ids.take(code)
        trump_card = None
        if view.trump_card:
            holder = dealer if rules.trump_source == "bottom_card_to_dealer" else order[0]
            if holder not in active:
                holder = active[-1]
            trump_card = self._place_trump_card(view, rules, ids, hands, won, holder)
        pool = tuple(ids.remaining())
        need = self._needs(view, active, hands)
        dead_count = rules.hand_size if moon_out is not None else 0
        stock_count = view.stock_size - (1 if view.turnup else 0)
        if rules.stock_draw_rule == "none":
            stock_count = 0
        if sum(need) + stock_count + dead_count != len(pool):
            raise WorldError(
                f"unseen cards do not add up: {len(pool)} unseen, "
                f"{sum(need)} in hands, {stock_count} in the stock, {dead_count} dead"
            )
        void = self._voids(view, rules, n)
        void_masks = tuple(_void_mask(v, rules) for v in void)
        return _Fixed(
            dealer=dealer,
            active=active,
            hands=tuple(hands),
            need=tuple(need),
            void=void_masks,
            pool=pool,
            stock_count=stock_count,
            dead_count=dead_count,
            won=tuple(won),
            trick=trick,
            last_trick=last_trick,
            turnup=turnup,
            trump_card=trump_card,
            melded=melded,
        )

    @staticmethod
    def _order(view: PlayerView, rules: RuleSet, dealer: int) -> tuple[list[int], int | None]:
        """The seats dealt to, forehand first, and the moon bidder's partner (out of the
        play, his hand dead) if any."""
        n = rules.players
        order = [(dealer + 1 + i) % n for i in range(n)]
        if rules.dealer_sits_out:
            order.remove(dealer)
        moon_out: int | None = None
        if view.bids and rules.moon and rules.partnerships == "opposite_pairs":
            top_seat, top = max(view.bids, key=lambda b: b[1])
            if top == 5:
                moon_out = (top_seat + 2) % n
        return order, moon_out

    @staticmethod
    def _place_marriages(view: PlayerView, rules: RuleSet, ids: _Ids, hands: list[int]) -> int:
        """Put the unplayed cards of the other seats' shown marriages in their hands; the
        mask of the shown marriage cards still held (the seat's own included)."""
        me = view.seat
        melded = 0
        for m in view.marriages:
            s = m["player"]
            for rank in (KING, QUEEN):
                code = "ATKQJ987"[rank] + m["suit"]
                if s == me:
                    c = _id_in_hand(hands[me], code, rules)
                    if c is not None:
                        melded |= 1 << c
                    continue
                if code in ids.free and ids.free[code] and not _played_by(view, s, code):
                    c = ids.take(code)
                    hands[s] |= 1 << c
                    melded |= 1 << c
        return melded

    @staticmethod
    def _place_trump_card(
        view: PlayerView, rules: RuleSet, ids: _Ids, hands: list[int], won: list[int], holder: int
    ) -> int:
        """The id of the trump card `holder` was given: in his hand while he has not played
        it (put there for another seat), else among the won cards or the pack's first copy."""
        code = view.trump_card or ""
        trump_card = None
        if holder == view.seat:
            trump_card = _id_in_hand(hands[holder], code, rules)
        elif not _played_by(view, holder, code) and ids.free.get(code):
            trump_card = ids.take(code)
            hands[holder] |= 1 << trump_card
        if trump_card is None:
            trump_card = _id_in(won, code, rules)
            if trump_card is None:
                trump_card = get_pack(rules.deck).ids_for(code)[0]
        return trump_card

    @staticmethod
    def _needs(view: PlayerView, active: tuple[int, ...], hands: list[int]) -> list[int]:
        """The unseen cards each other active hand still takes: every active hand holds as
        many cards as the seat's, less one for each seat that already played to the trick
        the seat is about to play to, less the cards known in it."""
        size = len(view.hand)
        played_now = {s for s, _c in view.trick}
        need = [0] * len(hands)
        for s in active:
            if s == view.seat:
                continue
            need[s] = size - (1 if s in played_now else 0) - hands[s].bit_count()
            if need[s] < 0:
                raise WorldError("more cards known in a hand than it holds")
        return need

    @staticmethod
    def _won(view: PlayerView, ids: _Ids, n: int) -> list[int]:
        """Per seat the mask of the cards in the tricks it won (ids taken from `ids`)."""
        won = [0] * n
        winners = WorldSampler._trick_winners(view)
        for t, w in zip(view.tricks, winners, strict=True):
            for _s, code in t:
                won[w] |= 1 << ids.take(code)
        return won

    @staticmethod
    def _trick_winners(view: PlayerView) -> list[int]:
        """Who won each completed trick: the next trick's leader, the last from the table."""
        tricks = view.tricks
        out = [tricks[i + 1][0][0] for i in range(len(tricks) - 1)]
        if tricks:
            if view.trick:
                out.append(view.trick[0][0])
            elif _exchange_decision(view):
                out.append(view.closed_by if view.closed_by is not None else view.seat)
            else:
                out.append(view.seat)
        return out

    @staticmethod
    def _voids(view: PlayerView, rules: RuleSet, n: int) -> list[int]:
        """Per seat a mask of suits (bit per suit) it showed void in the strict phase."""
        void = [0] * n
        if rules.strict_from_start:
            first = 0
        else:
            size = len(view.tricks[0]) if view.tricks else max(1, rules.active_players)
            first = rules.stock_size // size
            if view.close_snapshot is not None:
                first = min(first, sum(t for _p, t in view.close_snapshot))
        fixed_trump = rules.trump_source != "none_until_marriage"
        trump = SUITS.index(view.trump) if view.trump else None
        tricks = [*view.tricks[first:]]
        if view.phase == "strict" and view.trick:
            tricks.append(view.trick)
        for t in tricks:
            led = SUITS.index(t[0][1][1])
            for s, code in t[1:]:
                suit = SUITS.index(code[1])
                if suit != led:
                    void[s] |= 1 << led
                    if (
                        fixed_trump
                        and trump is not None
                        and suit != trump
                        and rules.strict_obligation != "follow_only"
                    ):
                        void[s] |= 1 << trump
        void[view.seat] = 0
        return void

    # ------------------------------------------------------------------ dealing
    def sample(self, rng: random.Random) -> Deal:
        """One world: a `Deal` in the view's position with the unseen cards dealt at random."""
        f = self.fixed
        hands = list(f.hands)
        cards = list(f.pool)
        seats = [s for s in f.active if f.need[s]]
        for attempt in range(_TRIES + 1):
            rng.shuffle(cards)
            relax = attempt == _TRIES
            dealt = self._deal(cards, seats, relax)
            if dealt is not None:
                break
        assert dealt is not None  # the relaxed deal always succeeds
        rest = list(cards)
        for s, mask in dealt.items():
            hands[s] |= mask
            rest = [c for c in rest if not mask >> c & 1]
        stock = rest[: f.stock_count]
        dead = 0
        for c in rest[f.stock_count :]:
            dead |= 1 << c
        return self._build(hands, stock, dead)

    def _deal(self, cards: list[int], seats: list[int], relax: bool) -> dict[int, int] | None:
        """The most constrained seats first take the first cards they may hold."""
        f = self.fixed
        order = sorted(seats, key=lambda s: f.void[s].bit_count(), reverse=True)
        taken = 0
        out: dict[int, int] = {}
        for s in order:
            bar = 0 if relax else f.void[s]
            need = f.need[s]
            mask = 0
            for c in cards:
                if need == 0:
                    break
                bit = 1 << c
                if taken & bit or bar & bit:
                    continue
                mask |= bit
                need -= 1
            if need:
                return None
            taken |= mask
            out[s] = mask
        return out

    def _build(self, hands: list[int], stock: list[int], dead: int) -> Deal:
        view, rules, f = self.view, self.rules, self.fixed
        n = rules.players
        d = Deal(rules, f.dealer)
        legal = view.legal
        types = {a.type for a in legal}
        d.hands = hands
        d.stock = tuple(stock)
        d.stock_pos = 0
        d.turnup = f.turnup
        d.turnup_in_stock = f.turnup is not None
        d.trump = SUITS.index(view.trump) if view.trump else None
        d.trump_card = f.trump_card
        d.forehand_first = 0
        d.forehand_turn_card = None
        d.won = list(f.won)
        d.dead = dead
        d.phase = "strict" if view.phase == "strict" else "open"
        d.active = f.active
        exchange_decision = _exchange_decision(view)
        if view.trick:
            d.leader = view.trick[0][0]
        elif exchange_decision and view.closed_by is not None:
            d.leader = view.closed_by
        else:
            d.leader = view.seat
        d.to_act = view.seat
        d.stock_open = view.phase == "open"
        d.closed_by = view.closed_by
        d.close_snap = view.close_snapshot
        d.trick = list(f.trick)
        d.last_trick = f.last_trick
        d.need_draw = "draw" in types
        d.tricks_won = list(view.tricks_won)
        d.tricks_played = len(view.tricks)
        d.bonus = [0] * n
        d.marriages, counted = self._marriages(d.side_of)
        d.trick_points = [view.card_points[s] - counted[s] for s in range(n)]
        d.melded = f.melded
        lead_mask = self._lead_mask()
        d.lead_mask = lead_mask
        d.melds_this_lead = 1 if lead_mask else 0
        d.partner_melded = bool(view.trick) and "meld" not in types and rules.partner_may_meld
        d.declare_seat = view.seat if "declare" in types else None
        d.exchange_queue = (view.seat,) if exchange_decision else ()
        d.bids = list(view.bids)
        d.high_bid = max((v for _s, v in view.bids), default=0)
        d.high_bidder = max(view.bids, key=lambda b: b[1])[0] if d.high_bid else None
        d.passed = tuple(s for s, v in view.bids if v == 0)
        d.result = None
        return d

    def _marriages(self, side_of: tuple[int, ...]) -> tuple[list[Marriage], list[int]]:
        """The view's marriages as the deal keeps them (counted once the side has a trick,
        or at once by the rules), and the points they count per seat."""
        view, rules = self.view, self.rules
        n = rules.players
        side_tricks = [0] * n
        for s in range(n):
            side_tricks[side_of[s]] += view.tricks_won[s]
        counted_always = rules.marriage_trick_rule in (
            "no_trick_needed",
            "must_have_trick_to_declare",
        )
        marriages: list[Marriage] = []
        counted = [0] * n
        for m in view.marriages:
            s = m["player"]
            ok = counted_always or side_tricks[side_of[s]] > 0
            value = m["points"]
            marriages.append((s, SUITS.index(m["suit"]), value, ok))
            if ok and value:
                counted[s] += value
        return marriages, counted

    def _lead_mask(self) -> int:
        """The cards the seat on lead must lead from (a shown marriage's), 0 for any."""
        view = self.view
        plays = [a for a in view.legal if a.type == "play"]
        lead_mask = 0
        if not view.trick and plays and len(plays) < len(set(view.hand)):
            for a in plays:
                for c in get_pack(self.rules.deck).ids_for(a.card or ""):
                    lead_mask |= 1 << c
        return lead_mask
