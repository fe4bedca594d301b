"""The computer player for every variant, seeing only its own `PlayerView`.

Open phase, and every phase the exact solver does not cover (three and four players, two
packs, partnerships, contracts): perfect-information Monte Carlo (`pimc.evaluate`) —
deal the unseen cards consistently with the view many times, play each legal move out in
each deal with the fast policy (`policy.py`), and keep the policy's own move unless another
is clearly better on average (by more than the sampling noise); closing, claiming and
exchanging are moves like any other. Strict phase of the two-player, one-pack
variants: the exact solver (`solver.solve`; after a close a seeded sample of the layouts
consistent with the view). The auction and naming trumps: rules of thumb on the hand's
strength. A claim is only ever made when the side's counted points carry it.

Everything it uses comes from the view (`view.rules` or the `rules` argument for the
rules themselves); it never sees another hand or the stock order.
"""

from __future__ import annotations

import random

from .actions import Action
from .bidding import max_bid
from .cards import POINTS, RANKS, SUITS, get_pack
from .pimc import Evaluation, evaluate
from .players import PlayerView
from .ruleset import RuleSet
from .solver import Analysis, SolverError, solve, supports
from .values import plain_marriage_value
from .worlds import WorldError

ORDER = {"declare": 0, "meld": 1, "exchange": 2, "draw": 3, "play": 4, "pass": 5, "close": 6}
"""Among moves of equal worth, the natural one first (a true claim ends the deal at once)."""
TIE = 0.02
"""Sampled means closer than this (game points) count as equal."""


class ComputerPlayer:
    """A seeded computer player implementing the engine's `Player` protocol.

    `time_limit` (seconds) bounds the work per move (sampling stops, the solver uses the
    layouts solved so far, or the rules of thumb when not even one was); `time_limit=None`
    makes the choice depend only on the view and the seed. `samples` bounds the worlds
    sampled per move and `playouts` the playouts per move (for 24 cards; fewer for bigger
    packs), `layouts` the layouts the solver weighs after a close.
    """

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | None = None,
        *,
        layouts: int = 32,
        time_limit: float | None = 0.35,
        samples: int = 40,
        playouts: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.layouts = layouts
        self.time_limit = time_limit
        self.samples = samples
        self.playouts = playouts
        self.last: Evaluation | None = None
        """The sampled evaluation behind the last choice (None when not sampled)."""

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        """The action to apply (one of `view.legal`)."""
        self.last = None
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        rules = self.rules or view.rules
        if rules is None:
            calm = [a for a in legal if a.type != "declare"] or legal
            return calm[self.rng.randrange(len(calm))]
        if view.phase == "bidding":
            return choose_bid(view, rules)
        if view.phase == "trump_naming":
            return choose_trump(view, rules)
        if view.phase == "strict" and supports(rules):
            try:
                an = solve(
                    view,
                    rules,
                    max_layouts=self.layouts,
                    seed=self.rng.randrange(1 << 30),
                    time_limit=self.time_limit,
                )
            except SolverError:
                pass
            else:
                return self._honest_best(view, rules, an)
        candidates = honest_moves(view, rules)
        if len(candidates) == 1:
            return candidates[0]
        try:
            ev = evaluate(
                view,
                rules,
                candidates,
                random.Random(self.rng.randrange(1 << 30)),
                samples=self.samples,
                time_limit=self.time_limit,
                playouts=self.playouts,
            )
        except WorldError:
            return self._heuristic(view, rules, candidates)
        self.last = ev
        return pick(ev)

    def _honest_best(self, view: PlayerView, rules: RuleSet, an: Analysis) -> Action:
        """The solver's best move, but never a claim the counted points do not carry.

        A true claim is preferred among equals (it ends the deal at once); a false one is
        dropped even when every move loses as much, so the computer plays on instead.
        """
        true_claim = claim_is_true(view, rules)
        best = [a for a in an.best if a.type != "declare" or true_claim]
        if best:
            # among equals: a true claim, a marriage, then the cheapest card (no throwaway)
            order = {"declare": 0, "meld": 1, "exchange": 2, "play": 3, "close": 4}
            return min(
                best,
                key=lambda a: (order.get(a.type, 5), _points(a.card) if a.card else 0),
            )
        others = [m for m in an.moves if m.action.type != "declare"]
        return max(others, key=lambda m: (m.value, m.win_share)).action

    # ------------------------------------------------------------------ heuristics
    def _heuristic(self, view: PlayerView, rules: RuleSet, legal: list[Action]) -> Action:
        types = {a.type for a in legal}
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        me = view.seat
        points = view.card_points[me] if view.card_points else view.own_points
        if "declare" in types and claim_is_true(view, rules):
            return by_type["declare"][0]
        if types & {"bid", "trump"} or (types == {"exchange", "pass"}):
            # not a two-player decision (or the exchange decision at a close): keep it simple
            if "exchange" in types:
                return by_type["exchange"][0]
            return legal[0]
        if "exchange" in types:
            return by_type["exchange"][0]
        if "meld" in types:
            melds = by_type["meld"]
            melds.sort(key=lambda a: a.suit != view.trump)
            return melds[0]
        if "close" in types and self._should_close(view, rules):
            return by_type["close"][0]
        if "draw" in types:
            return by_type["draw"][0]
        plays = by_type.get("play", [])
        if not plays:
            return legal[0]
        if view.trick:
            return self._follow(view, rules, plays, points)
        return self._lead(view, rules, plays)

    def _unseen_higher(self, view: PlayerView, card: str) -> int:
        """Cards of the same suit above `card` that are neither in hand nor played."""
        rules = self.rules or view.rules
        assert rules is not None
        pack = get_pack(rules.deck)
        gone = set(view.hand) | set(view.played) | {c for _s, c in view.trick}
        n = 0
        for r in RANKS[: RANKS.index(card[0])]:
            code = r + card[1]
            if pack.ids_for(code) and code not in gone:
                n += 1
        return n

    def _should_close(self, view: PlayerView, rules: RuleSet) -> bool:
        """Close when the points taken plus sure trump winners reach the target."""
        if view.trump is None:
            return False
        me = view.seat
        points = view.card_points[me] + view.pending_points[me] * (view.tricks_won[me] > 0)
        sure = 0
        tricks = 0
        trumps = sorted(
            (c for c in view.hand if c[1] == view.trump), key=lambda c: RANKS.index(c[0])
        )
        for c in trumps:
            higher_out = self._unseen_higher(view, c)
            # the turn-up goes dead at the close: it cannot beat us
            if (
                view.turnup
                and view.turnup[1] == view.trump
                and RANKS.index(view.turnup[0]) < RANKS.index(c[0])
            ):
                higher_out -= 1
            if higher_out > 0:
                break
            sure += _points(c)
            tricks += 1
        sure += sum(11 for c in view.hand if c[1] != view.trump and c[0] == "A")
        return points + sure + 2 * tricks >= rules.target + 6

    def _lead(self, view: PlayerView, rules: RuleSet, plays: list[Action]) -> Action:
        trump = view.trump
        hand = set(view.hand)
        played = set(view.played)

        def cost(a: Action) -> tuple[bool, bool, bool, int, float]:
            c = a.card or ""
            is_trump = c[1] == trump
            marriage_half = False
            if c[0] in "KQ" and rules.marriage_values != "none":
                other = ("Q" if c[0] == "K" else "K") + c[1]
                marriage_half = other in hand or other not in played
            high = c[0] in "AT"
            return (is_trump, high, marriage_half, _points(c), self.rng.random())

        # with a marriage obligation the legal plays are its K/Q: lead the cheaper
        return min(plays, key=cost)

    def _follow(self, view: PlayerView, rules: RuleSet, plays: list[Action], points: int) -> Action:
        trump = view.trump
        led = view.trick[0][1]
        led_pts = _points(led)
        winners = []
        losers = []
        for a in plays:
            c = a.card or ""
            if _beats(c, led, trump):
                winners.append(a)
            else:
                losers.append(a)

        def win_cost(a: Action) -> tuple[bool, int]:
            c = a.card or ""
            return (c[1] == trump, _points(c) if c[1] == trump else -_points(c))

        def lose_cost(a: Action) -> tuple[bool, int, bool, float]:
            c = a.card or ""
            marriage_half = c[0] in "KQ" and rules.marriage_values != "none"
            return (c[1] == trump, _points(c), marriage_half, self.rng.random())

        winners.sort(key=win_cost)
        me = view.seat
        pending = view.pending_points[me] if view.pending_points else 0
        if winners:
            best = winners[0]
            bc = best.card or ""
            gain = led_pts + _points(bc)
            reach = points + pending + gain >= rules.target
            cheap_same_suit = bc[1] == led[1] and bc[1] != trump
            if (
                reach
                or (cheap_same_suit and (gain >= 10 or bc[0] in "AT"))
                or (led_pts >= 10 and led[1] != trump)
            ):
                return best
        if losers:
            return min(losers, key=lose_cost)
        return winners[0]


def side_seats(view: PlayerView, rules: RuleSet, seat: int) -> tuple[int, ...]:
    """The seats of `seat`'s side (itself, and its partner in a partnership game)."""
    if rules.partnerships == "opposite_pairs":
        return tuple(s for s in range(rules.players) if s % 2 == seat % 2)
    return (seat,)


def claim_is_true(view: PlayerView, rules: RuleSet) -> bool:
    """Whether a claim now would be judged true: the side's counted points reach the target
    (and, for a closer who must have the most points, beat every other side's).

    Mirrors the engine's ending (`card_points` holds exactly the counted points: shown
    marriages count only once the side has a trick).
    """
    me = view.seat
    if not view.card_points:
        return view.own_points >= rules.target
    mine = side_seats(view, rules, me)
    points = sum(view.card_points[s] for s in mine)
    if points < rules.target:
        return False
    closer = view.closed_by
    if closer is not None and closer in mine and rules.close_requires_most_points:
        others = [s for s in range(rules.players) if s not in mine]
        sides = {side_seats(view, rules, s) for s in others}
        return all(points > sum(view.card_points[s] for s in side) for side in sides)
    return True


def honest_moves(view: PlayerView, rules: RuleSet) -> list[Action]:
    """The legal moves without a claim that the counted points do not carry."""
    true_claim = claim_is_true(view, rules)
    moves = [a for a in view.legal if a.type != "declare" or true_claim]
    return moves or list(view.legal)


def pick(ev: Evaluation) -> Action:
    """The best sampled move; among near-equal ones the natural one (claim, marriage,
    exchange, draw, play, pass, close), then the cheaper card. The fast policy's own move
    stands unless another is clearly better over the sampled worlds (sampling noise then
    cannot talk the computer out of a sound move)."""
    if ev.edge and 0 <= ev.default < len(ev.moves):
        j = max(range(len(ev.moves)), key=lambda i: ev.edge[i])
        if ev.edge[j] <= 0:
            return ev.moves[ev.default].action
        return ev.moves[j].action
    top = max(m.value for m in ev.moves)
    near = [m for m in ev.moves if m.value >= top - TIE]
    return min(
        near,
        key=lambda m: (
            ORDER.get(m.action.type, 9),
            -m.value,
            _points(m.action.card) if m.action.card else 0,
        ),
    ).action


# ---------------------------------------------------------------------- auction and trumps
def hand_strength(hand: tuple[str, ...], trump: str, rules: RuleSet) -> int:
    """Card points the hand can hope to take with `trump` as trumps (a rule of thumb):
    aces, tens guarded by their ace or in trumps, length in trumps, marriages."""
    codes = set(hand)
    est = 0
    for c in hand:
        rank, suit = c[0], c[1]
        if rank == "A":
            est += 15
        elif rank == "T":
            est += 12 if ("A" + suit in codes or suit == trump) else 4
        if suit == trump:
            est += 6 if rank not in "AT" else 3
    if rules.marriage_values != "none":
        for suit in SUITS:
            if "K" + suit in codes and "Q" + suit in codes:
                est += plain_marriage_value(suit == trump)
    return est


def best_trump(hand: tuple[str, ...], rules: RuleSet) -> tuple[str, int]:
    """The suit in which the hand is strongest, with its strength."""
    scored = [(hand_strength(hand, s, rules), s) for s in SUITS]
    strength, suit = max(scored)
    return suit, strength


PARTNER_SHARE = 22
"""Card points a partner is expected to add to the contract (a quarter of the pack, less)."""


def choose_bid(view: PlayerView, rules: RuleSet) -> Action:
    """Bid what the hand and an average partner can make (33 points a unit), else pass.

    A partner's bid is not raised unless the hand is two units better; the moon only with
    a hand that can take every trick on its own."""
    legal = list(view.legal)
    passing = next((a for a in legal if a.type == "pass"), legal[0])
    bids = sorted((a for a in legal if a.type == "bid"), key=lambda a: a.value or 0)
    if not bids:
        return passing
    _suit, strength = best_trump(view.hand, rules)
    partner = rules.partnerships == "opposite_pairs"
    can = (strength + (PARTNER_SHARE if partner else 0)) // max(1, rules.bid_unit)
    can = min(can, max_bid(rules) - (1 if rules.moon else 0))
    if rules.moon and strength >= 140:
        can = max_bid(rules)
    high_seat, high = max(view.bids, key=lambda b: b[1], default=(-1, 0))
    if partner and high and high_seat % 2 == view.seat % 2 and can < high + 2:
        return passing
    for a in bids:
        if (a.value or 0) <= can:
            return a
    return passing


def choose_trump(view: PlayerView, rules: RuleSet) -> Action:
    """Name the suit of two or more of the cards seen, or of an ace or ten; else pass
    (the next card dealt fixes trumps)."""
    legal = list(view.legal)
    passing = next((a for a in legal if a.type == "pass"), legal[0])
    names = {a.suit: a for a in legal if a.type == "trump"}
    best: tuple[int, int, str] | None = None
    for suit in SUITS:
        cards = [c for c in view.hand if c[1] == suit]
        high = sum(1 for c in cards if c[0] in "AT")
        key = (len(cards), high + sum(_points(c) for c in cards), suit)
        if suit in names and (best is None or key > best):
            best = key
    if best is None:
        return passing
    count, worth, suit = best
    if count >= 2 or worth >= 10:
        return names[suit]
    return passing


def _points(code: str) -> int:
    return POINTS[RANKS.index(code[0])]


def _beats(card: str, led: str, trump: str | None) -> bool:
    if card[1] == led[1]:
        return RANKS.index(card[0]) < RANKS.index(led[0])
    return trump is not None and card[1] == trump


__all__ = [
    "ComputerPlayer",
    "choose_bid",
    "choose_trump",
    "claim_is_true",
    "honest_moves",
    "pick",
]
