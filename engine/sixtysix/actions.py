"""Actions: the moves a player makes, in protocol form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import SUITS, is_card_code
from .errors import IllegalAction
from .kinds import ActionType

ACTION_TYPES: tuple[ActionType, ...] = (
    "play",
    "meld",
    "exchange",
    "close",
    "declare",
    "bid",
    "pass",
    "trump",
    "draw",
)


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `player` and `type`, plus `card`, `suit` or `value` where the type needs it."""

    player: int
    type: ActionType
    card: str | None = None
    suit: str | None = None
    value: int | None = None

    def __repr__(self) -> str:
        """Only the fields the type uses: ``Action(1, 'play', card='QC')`` (evaluable)."""
        extra = "".join(
            f", {name}={value!r}"
            for name, value in (("card", self.card), ("suit", self.suit), ("value", self.value))
            if value is not None
        )
        return f"Action({self.player}, {self.type!r}{extra})"

    def to_dict(self, with_player: bool = True) -> dict[str, Any]:
        """Protocol form, e.g. ``{"player": 0, "type": "play", "card": "AS"}``."""
        d: dict[str, Any] = (
            {"player": self.player, "type": self.type} if with_player else {"type": self.type}
        )
        if self.card is not None:
            d["card"] = self.card
        if self.suit is not None:
            d["suit"] = self.suit
        if self.value is not None:
            d["value"] = self.value
        return d

    def key(self) -> str:
        """The short name of the move, without the player: ``play-QH``, ``meld-H``, ``bid-2``,
        ``close``. Content files, forms and tokens carry moves in this form."""
        for arg in (self.card, self.suit, self.value):
            if arg is not None:
                return f"{self.type}-{arg}"
        return self.type

    @classmethod
    def from_key(cls, key: str, player: int) -> Action:
        """The move `key` names for `player`; IllegalAction("bad_action") when malformed."""
        if not isinstance(key, str) or len(key) > 20:
            raise IllegalAction("bad_action", {"reason": "not_a_key"})
        kind, _sep, arg = key.partition("-")
        d: dict[str, Any] = {"player": player, "type": kind}
        if kind == "play":
            d["card"] = arg
        elif kind in ("meld", "trump"):
            d["suit"] = arg
        elif kind == "bid":
            if not (arg.isascii() and arg.isdigit()):
                raise IllegalAction("bad_action", {"field": "value"})
            d["value"] = int(arg)
        elif arg:
            raise IllegalAction("bad_action", {"field": "type"})
        return cls.from_dict(d)

    @classmethod
    def from_dict(cls, d: Any) -> Action:
        """Parse a protocol action; IllegalAction("bad_action") on a malformed one."""
        if not isinstance(d, dict):
            raise IllegalAction("bad_action", {"reason": "not_an_object"})
        player = d.get("player")
        kind = d.get("type")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 16:
            raise IllegalAction("bad_action", {"field": "player"})
        if kind not in ACTION_TYPES:
            raise IllegalAction("unknown_action", {"type": str(kind)[:40]})
        allowed = {"player", "type"}
        card = suit = value = None
        if kind == "play":
            card = d.get("card")
            if not is_card_code(card):
                raise IllegalAction("bad_action", {"field": "card"})
            allowed.add("card")
        elif kind in ("meld", "trump"):
            suit = d.get("suit")
            if not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS:
                raise IllegalAction("bad_action", {"field": "suit"})
            allowed.add("suit")
        elif kind == "bid":
            value = d.get("value")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise IllegalAction("bad_action", {"field": "value"})
            allowed.add("value")
        extra = [k for k in d if k not in allowed]
        if extra:
            raise IllegalAction("bad_action", {"field": str(extra[0])[:40]})
        return cls(player, kind, card, suit, value)
