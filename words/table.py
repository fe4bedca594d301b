"""The table as a reader sees it: seats, stock, trick, and the labels of the moves offered.

Tutorial steps and practice games both fill a `TableView` and draw it with
`words/table.html`; each page supplies its own hand template (links or buttons).
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .markup import render_inline


@dataclass
class SeatView:
    seat: int
    name: str
    is_you: bool
    cards: list[str]
    hidden: bool
    tricks: int
    points: int
    pending: int
    dealer: bool
    to_act: bool
    sitting_out: bool
    points_visible: bool = True


@dataclass(kw_only=True)
class TableView:
    """What words/table.html draws: the seats, the stock, the trick."""

    seats: list[SeatView]
    turnup: str | None
    trump: str | None
    stock: int
    phase: str
    trick: list[tuple[str, str]]
    last_trick: list[tuple[str, str]]
    last_trick_winner: str
    happened: list[str]
    highlight: set[str]
    closed: bool = False


def choice_label(action: dict) -> str:
    """A button label for a move the reader may choose (cards are drawn as cards)."""
    kind = action["type"]
    labels = {
        # Translators: %(card)s is spoken in the accusative ("Zagraj damę kier").
        "play": lambda: _("Play %(card)s") % {"card": f"[{action.get('card')}:acc]"},
        "meld": lambda: _("Show the marriage in %(suit)s") % {"suit": f"[{action.get('suit')}]"},
        "exchange": lambda: _("Exchange the trump card"),
        "close": lambda: _("Close the stock"),
        "declare": lambda: _("Declare"),
        "draw": lambda: _("Draw"),
        "bid": lambda: _("Bid %(value)s") % {"value": action.get("value")},
        "pass": lambda: _("Pass"),
        "trump": lambda: _("Name %(suit)s as trumps") % {"suit": f"[{action.get('suit')}]"},
    }
    return str(render_inline(labels.get(kind, lambda: kind)()))
