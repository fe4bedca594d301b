"""The protocol's JSON shapes as TypedDicts, so a reader of `Deal.state()` (the protocol's
`final`) gets each key checked: `state["hnads"]` is a type error, the dict is unchanged.

Plain dicts at run time; /work/shared/engine-protocol.md is the contract they describe.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .kinds import Phase


class PlayShape(TypedDict):
    """One card in a trick: who played it."""

    player: int
    card: str


class MarriageShape(TypedDict):
    """A marriage shown: `points` None until trumps are fixed, `counted` once the side has
    a trick."""

    player: int
    suit: str
    points: int | None
    counted: bool


class BidShape(TypedDict):
    player: int
    value: int


class StateShape(TypedDict):
    """Everything about a deal, every hand and the stock included (omniscient)."""

    to_act: int | None
    legal: list[dict[str, Any]]
    phase: Phase
    trump: str | None
    turnup: str | None
    stock_size: int
    closed_by: int | None
    hands: list[list[str]]
    trick: list[PlayShape]
    tricks_won: list[int]
    card_points: list[int]
    pending_marriage_points: list[int]
    dealer: int
    leader: int
    stock: list[str]
    trump_card: str | None
    marriages: list[MarriageShape]
    last_trick: list[PlayShape]
    last_trick_winner: int | None
    won_cards: list[list[str]]
    dead: list[str]
    bids: list[BidShape]
    active: list[int]
