"""The computer's rules of thumb for the play, and the honesty of a claim.

`RulesOfThumb` plays from the view alone, no sampling: claim when true, exchange, show
marriages (trumps first), close when the points taken and the sure trump winners reach
the target, lead low, win valuable tricks cheaply. The sampling computer falls back on it
when no world can be sampled; the beginner level plays it (with human slips).
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import POINTS, RANKS, get_pack
from .computer_bidding import choose_bid, choose_trump
from .players import PlayerView
from .ruleset import RuleSet


class RulesOfThumb:
    """The rules-of-thumb play, seeded; `rules` None: the view's."""

    def __init__(self, seed: int | None, rules: RuleSet | None) -> None:
        self.rng = random.Random(seed)
        self.rules = rules

    def _settled(self, view: PlayerView) -> Action | RuleSet:
        """The action where the play is not weighed (a single legal action; no rules known:
        a random action, a claim only when nothing else is legal; the auction and naming
        trumps: the rules of thumb of `computer_bidding`), else the rules to weigh it by."""
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
        return rules

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


def _points(code: str) -> int:
    return POINTS[RANKS.index(code[0])]


def _beats(card: str, led: str, trump: str | None) -> bool:
    if card[1] == led[1]:
        return RANKS.index(card[0]) < RANKS.index(led[0])
    return trump is not None and card[1] == trump


__all__ = ["RulesOfThumb", "claim_is_true", "honest_moves", "side_seats"]
