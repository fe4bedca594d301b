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
from dataclasses import dataclass

from .actions import Action
from .cards import POINTS, RANKS
from .computer_thumb import RulesOfThumb, claim_is_true, honest_moves
from .fast_core import supports as fast_supports
from .pimc import Evaluation, evaluate
from .players import PlayerView
from .ruleset import RuleSet
from .solver import Analysis, SolverError, solve, supports
from .worlds import WorldError

ORDER = {"declare": 0, "meld": 1, "exchange": 2, "draw": 3, "play": 4, "pass": 5, "close": 6}
"""Among moves of equal worth, the natural one first (a true claim ends the deal at once)."""
TIE = 0.02
"""Sampled means closer than this (game points) count as equal."""


@dataclass(frozen=True)
class ExactSearch:
    """The search where the bitmask path plays the rules (two seats, one pack): up to
    `samples` worlds and `playouts` play-outs a move, each world's strict phase valued
    by the solver, no further world once the solver has visited `nodes` nodes. A budget
    of work, not of time: the same view and seed give the same move on any machine."""

    samples: int
    playouts: int
    nodes: int


class ComputerPlayer(RulesOfThumb):
    """A seeded computer player implementing the engine's `Player` protocol.

    `time_limit` (seconds) bounds the work per move (sampling stops, the solver uses the
    layouts solved so far, or the rules of thumb when not even one was); `time_limit=None`
    makes the choice depend only on the view and the seed. `samples` bounds the worlds
    sampled per move and `playouts` the playouts per move (for 24 cards; fewer for bigger
    packs), `layouts` the layouts the solver weighs after a close. `exact`: the
    stronger search (`ExactSearch`) wherever the bitmask path plays the rules.
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
        exact: ExactSearch | None = None,
    ) -> None:
        super().__init__(seed, rules)
        self.layouts = layouts
        self.time_limit = time_limit
        self.samples = samples
        self.playouts = playouts
        self.exact = exact
        self.last: Evaluation | None = None
        """The sampled evaluation behind the last choice (None when not sampled)."""

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        """The action to apply (one of `view.legal`)."""
        self.last = None
        rules = self._settled(view)
        if isinstance(rules, Action):
            return rules
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
            ev = self._evaluate(view, rules, candidates)
        except WorldError:
            return self._heuristic(view, rules, candidates)
        self.last = ev
        return pick(ev)

    def _evaluate(self, view: PlayerView, rules: RuleSet, candidates: list[Action]) -> Evaluation:
        """The sampled evaluation: `exact`'s where it applies, else the generic one."""
        rng = random.Random(self.rng.randrange(1 << 30))
        ex = self.exact
        if ex is not None and fast_supports(rules):
            return evaluate(
                view,
                rules,
                candidates,
                rng,
                samples=ex.samples,
                time_limit=self.time_limit,
                playouts=ex.playouts,
                fast=True,
                exact=True,
                nodes=ex.nodes,
            )
        return evaluate(
            view,
            rules,
            candidates,
            rng,
            samples=self.samples,
            time_limit=self.time_limit,
            playouts=self.playouts,
        )

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


def _points(code: str) -> int:
    return POINTS[RANKS.index(code[0])]


__all__ = ["ORDER", "TIE", "ComputerPlayer", "ExactSearch", "pick"]
