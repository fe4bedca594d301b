"""The review of a practice deal: the deal replayed, each decision of the reader judged.

A review reads the practice game (its token holds only public facts) and rebuilds the
deal from the server's secret, then walks through it action by action. Each decision of
the reader is judged by judge.py from the reader's view at that moment; what a page may
show is decided here: the reader's own hand at every step, the cards played, the turn-up,
shown marriages, and — only once the deal is over — the other hands (every card of which
the reader has seen by then: played, or open on the table at the end). The cards left in
the stock are never shown.

Verdicts are cached per position (the view's hash and the move: the same for every reader
and for the review during and after the deal), and the whole review by its content.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from sixtysix import Action, Deal
from sixtysix.cards import mask_codes
from sixtysix.hints import view_key
from sixtysix.players import player_view

from practice.events import replay_from
from practice.game import Game
from practice.ids import YOU

from .judge import Verdict, judge

VERSION = 1  # bump when a verdict's meaning changes: old cached reviews are not read
KEEP = 7 * 24 * 3600


@dataclass
class Step:
    """One action of the deal. For the reader's decisions: the verdict, the hand before
    it, and (once the deal is over) the other hands before it."""

    index: int
    action: dict[str, Any]
    verdict: Verdict | None = None
    hand: list[str] = field(default_factory=list)
    others: list[tuple[int, list[str]]] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    phase: str = ""
    stock: int = 0

    @property
    def decision(self) -> bool:
        return self.verdict is not None

    @property
    def player(self) -> int:
        return int(self.action["player"])


@dataclass
class Review:
    """A deal's review. `key` is the index in `steps` of the key moment (-1: none);
    `seen` every card code the reader has seen (what a page may show)."""

    steps: list[Step]
    over: bool
    key: int
    seen: frozenset[str]
    initial: dict[str, Any]
    result: dict[str, Any] | None
    prelude: list[dict[str, Any]]

    @property
    def decisions(self) -> list[Step]:
        return [s for s in self.steps if s.decision]

    @property
    def judged(self) -> list[Step]:
        return [s for s in self.decisions if s.verdict and s.verdict.judged]

    @property
    def key_step(self) -> Step | None:
        return self.steps[self.key] if self.key >= 0 else None


def first_deal(game: Game) -> Game:
    """The same deal with no action played yet (after a start position's prelude)."""
    return replay_from(game, 0)


def content_key(game: Game) -> str:
    """The review's cache key: the table, the real deal and the actions (never shown)."""
    start = first_deal(game).deal
    parts = (VERSION, game.table, repr(start.state()), start.actions, game.actions, game.over)
    return "training:review:" + hashlib.sha256(repr(parts).encode()).hexdigest()[:40]


def cached_verdict(deal: Deal, chosen: Action) -> Verdict:
    """A position's verdict, computed once for every reader (it depends only on the view)."""
    assert deal.to_act is not None
    key = f"training:verdict:{VERSION}:{view_key(player_view(deal, deal.to_act))}:{chosen.key()}"
    found = cache.get(key)
    if isinstance(found, Verdict):
        return found
    verdict = judge(deal, chosen)
    cache.set(key, verdict, KEEP)
    return verdict


def review_of(game: Game) -> Review:
    """The review of `game`'s deal as far as it has been played (cached by content)."""
    key = content_key(game)
    found = cache.get(key)
    if isinstance(found, Review):
        return found
    review = build(game)
    cache.set(key, review, KEEP)
    return review


def _seen_now(deal: Deal) -> set[str]:
    """What the reader sees in this position: own hand, the cards played, turn-up, trump
    card, shown marriages."""
    state = deal.state()
    seen = set(state["hands"][YOU]) | {p["card"] for p in state["trick"]}
    seen |= {p["card"] for p in state["last_trick"]}
    seen |= {c for won in state["won_cards"] for c in won}  # played face up
    for code in (state.get("turnup"), state.get("trump_card")):
        if code:
            seen.add(code)
    for m in state["marriages"]:
        seen |= {f"K{m['suit']}", f"Q{m['suit']}"}
    return seen


def build(game: Game) -> Review:
    """Replay the deal; judge each decision of the reader (the only seat judged)."""
    start = first_deal(game)
    deal = start.deal.copy()
    prelude = [a.to_dict() for a in deal.actions]
    initial = dict(deal.state())
    seen = _seen_now(deal)
    steps = []
    for index, raw in enumerate(game.actions):
        action = Action.from_dict(raw)
        state = deal.state()
        step = Step(index, action.to_dict(), phase=state["phase"], stock=state["stock_size"])
        step.trick = [(p["player"], p["card"]) for p in state["trick"]]
        if action.player == YOU and deal.to_act == YOU and len(deal.legal_actions()) > 1:
            step.verdict = cached_verdict(deal, action)
            step.hand = list(state["hands"][YOU])
            step.others = [(s, list(h)) for s, h in enumerate(state["hands"]) if s != YOU]
        steps.append(step)
        deal.apply(action)
        seen |= _seen_now(deal)
    over = deal.result is not None
    if over:
        for hand in deal.state()["hands"]:
            seen |= set(hand)
    for step in steps:  # the other hands: only once the deal is over, only cards seen
        step.others = [(s, [c for c in h if c in seen]) for s, h in step.others] if over else []
    result = deal.result.to_dict() if deal.result is not None else None
    return Review(steps, over, _key_moment(steps), frozenset(seen), initial, result, prelude)


def _key_moment(steps: list[Step]) -> int:
    """The decision that cost the most winning chances (then game points); -1 if none."""
    worst, index = (0.0, 0.0), -1
    for i, step in enumerate(steps):
        v = step.verdict
        if v is None or not v.judged or v.mark == "good":
            continue
        if (v.drop, v.cost) > worst:
            worst, index = (v.drop, v.cost), i
    return index


def drawn_stock(game: Game) -> tuple[list[str], int]:
    """The stock cards drawn in the deal, in order, and how many were never drawn (a
    finished deal's open data: the cards still in the stock at its end were never seen)."""
    start, end = first_deal(game).deal, game.deal
    codes = [mask_codes(1 << c)[0] for c in start.stock]
    drawn = min(end.stock_pos, len(codes))
    return codes[:drawn], len(codes) - drawn
