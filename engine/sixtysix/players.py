"""Computer players: what a seat may see (PlayerView) and a seeded random player."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action
from .cards import CODES, SUITS, mask_codes
from .deal import Deal
from .ruleset import RuleSet


@dataclass(frozen=True)
class PlayerView:
    """Only what `seat` may know: own hand, public cards and counts, never hidden cards."""

    seat: int
    to_act: int | None
    phase: str
    hand: tuple[str, ...]
    trump: str | None
    turnup: str | None
    trump_card: str | None
    stock_size: int
    closed_by: int | None
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    tricks_won: tuple[int, ...]
    own_points: int
    own_won_cards: tuple[str, ...]
    marriages: tuple[dict[str, Any], ...]
    bids: tuple[tuple[int, int], ...]
    legal: tuple[Action, ...]
    # What a counting player remembers (tricks are played face up); added with defaults so
    # older constructions stay valid. Used by the solver and the computer player.
    played: tuple[str, ...] = ()
    """Every card of the completed tricks (both seats), display order."""
    card_points: tuple[int, ...] = ()
    """Each seat's counted card points (tricks + counted marriages + last-trick bonus)."""
    pending_points: tuple[int, ...] = ()
    """Each seat's shown marriage points not yet counted (no trick yet)."""
    close_snapshot: tuple[tuple[int, int], ...] | None = None
    """(points, tricks) of each side at the moment of the close, None when not closed."""
    exchanges: tuple[tuple[int, str], ...] = ()
    """(seat, card taken from under the stock) for every trump exchange, in order."""
    tricks: tuple[tuple[tuple[int, str], ...], ...] = ()
    """Every completed trick in order, as (seat, card) in play order (played face up)."""
    rules: RuleSet | None = field(default=None, repr=False)
    """The rules being played (public)."""


def player_view(deal: Deal, seat: int) -> PlayerView:
    """The view of `seat`; trick review follows the `trick_review` rule."""
    hand = deal.hands[seat]
    if deal.phase == "trump_naming" and seat == deal.active[0]:
        hand = deal.forehand_first
    review = deal.rules.trick_review
    return PlayerView(
        seat=seat,
        to_act=deal.to_act,
        phase=deal.phase,
        hand=tuple(mask_codes(hand)),
        trump=SUITS[deal.trump] if deal.trump is not None else None,
        turnup=CODES[deal.turnup] if deal.turnup is not None and deal.turnup_in_stock else None,
        trump_card=CODES[deal.trump_card] if deal.trump_card is not None else None,
        stock_size=deal.stock_size,
        closed_by=deal.closed_by,
        trick=tuple((s, CODES[c]) for s, c in deal.trick),
        last_trick=tuple((s, CODES[c]) for s, c in deal.last_trick)
        if review != "none" and not deal.trick
        else (),
        tricks_won=tuple(deal.tricks_won),
        own_points=deal.seat_points(seat),
        own_won_cards=tuple(mask_codes(deal.won[seat])) if review == "own_tricks" else (),
        marriages=tuple(
            {"player": s, "suit": SUITS[su], "points": v} for s, su, v, _ok in deal.marriages
        ),
        bids=tuple(deal.bids),
        legal=tuple(deal.legal_actions()) if deal.to_act == seat else (),
        played=tuple(mask_codes(_played_mask(deal))),
        card_points=tuple(deal.seat_points(s) for s in range(deal.n)),
        pending_points=tuple(
            sum(v for s2, _su, v, ok in deal.marriages if s2 == s and v and not ok)
            for s in range(deal.n)
        ),
        close_snapshot=deal.close_snap if deal.close_snap else None,
        exchanges=_exchanges(deal),
        tricks=_tricks(deal),
        rules=deal.rules,
    )


def _played_mask(deal: Deal) -> int:
    mask = 0
    for m in deal.won:
        mask |= m
    return mask


def _tricks(deal: Deal) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Completed tricks from the applied plays (each trick has one card per active seat)."""
    plays = [(a.player, a.card or "") for a in deal.actions if a.type == "play"]
    size = len(deal.active) or 1
    done = deal.tricks_played * size
    return tuple(tuple(plays[i : i + size]) for i in range(0, done, size))


def _exchanges(deal: Deal) -> tuple[tuple[int, str], ...]:
    """Exchanges so far: the turn-up before each `exchange` action is the card taken."""
    out = []
    for i, a in enumerate(deal.actions):
        if a.type == "exchange" and i < len(deal.history):
            taken = deal.history[i].get("turnup")
            if taken is not None:
                out.append((a.player, CODES[taken]))
    return tuple(out)


class Player(Protocol):
    """A computer player: picks one of `view.legal`."""

    def choose(self, view: PlayerView) -> Action:
        """The action to apply."""
        ...


class RandomPlayer:
    """Uniformly random legal moves; `end_weight` < 1 makes ending moves rarer."""

    ENDING = frozenset(("declare", "close"))

    def __init__(self, seed: int | None = None, end_weight: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.end_weight = end_weight

    def choose(self, view: PlayerView) -> Action:
        """A random legal action."""
        return self.pick(list(view.legal))

    def pick(self, legal: list[Action]) -> Action:
        """A random action from a legal list (usable without building a view)."""
        if self.end_weight < 1.0 and len(legal) > 1:
            calm = [a for a in legal if a.type not in self.ENDING]
            if calm and self.rng.random() >= self.end_weight:
                legal = calm
        return legal[self.rng.randrange(len(legal))]


def play_out(deal: Deal, players: list[Player]) -> None:
    """Let the players act until the deal is over (each seat's `Player` sees only its view;
    the computer's sampled worlds use policy.play_out_by_policy, the fast path's benchmark
    fast.play_out_at_random)."""
    while deal.result is None and deal.to_act is not None:
        seat = deal.to_act
        deal.apply(players[seat].choose(player_view(deal, seat)))
