"""A computer opponent for the two-player variants, seeing only its own `PlayerView`.

Open phase (stock open): sound card-play heuristics — claim as soon as the claim is true,
exchange the trump card, show marriages (trumps first), close only when the cards in hand
that cannot lose plus the points already taken reach the target, lead low and keep
marriage halves, win valuable tricks cheaply, throw the least valuable card otherwise.
Strict phase (stock exhausted or closed): the exact solver (`solver.solve`); after a close
it solves a seeded sample of the layouts consistent with the view within a time budget.

Everything it uses comes from the view (`view.rules` or the `rules` argument for the
rules themselves); it never sees the opponent's hand or the stock order.
"""

from __future__ import annotations

import random

from .actions import Action
from .cards import POINTS, RANKS, get_pack
from .players import PlayerView
from .ruleset import RuleSet
from .solver import Analysis, SolverError, solve, supports


class ComputerPlayer:
    """A seeded computer player implementing the engine's `Player` protocol.

    `layouts` bounds the layouts solved after a close and `time_limit` (seconds) the solver's
    work per move (past it the solved sample is used, or the heuristics when not even one
    layout was solved); `time_limit=None` makes the choice depend only on the view and the
    seed.
    """

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | None = None,
        *,
        layouts: int = 32,
        time_limit: float | None = 0.1,
    ) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.layouts = layouts
        self.time_limit = time_limit

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        """The action to apply (one of `view.legal`)."""
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        rules = self.rules or view.rules
        if rules is None:
            return legal[self.rng.randrange(len(legal))]
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
        return self._heuristic(view, rules, legal)

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

        def cost(a: Action) -> tuple:
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

        def win_cost(a: Action) -> tuple:
            c = a.card or ""
            return (c[1] == trump, _points(c) if c[1] == trump else -_points(c))

        def lose_cost(a: Action) -> tuple:
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


def claim_is_true(view: PlayerView, rules: RuleSet) -> bool:
    """Whether a claim now would be judged true: the seat's counted points reach the target.

    Mirrors the engine's ending for two seats (shown marriages count only after a trick,
    and `card_points` already holds exactly the counted points).
    """
    me = view.seat
    points = view.card_points[me] if view.card_points else view.own_points
    return points >= rules.target


def _points(code: str) -> int:
    return POINTS[RANKS.index(code[0])]


def _beats(card: str, led: str, trump: str | None) -> bool:
    if card[1] == led[1]:
        return RANKS.index(card[0]) < RANKS.index(led[0])
    return trump is not None and card[1] == trump


__all__ = ["ComputerPlayer", "claim_is_true"]
