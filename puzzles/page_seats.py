"""The seats of a puzzle page: their hands face up or, where the other hands are hidden
(layouts puzzles), only as many card backs."""

from dataclasses import replace

from sixtysix import Deal
from sixtysix.shapes import StateShape

from words.table import SeatView


def table_seats(
    deal: Deal, state: StateShape, names: list[str], seat: int, *, hidden: bool = False
) -> list[SeatView]:
    """The active seats' hands, the reader's last (the idle dealer has none): face up in an
    ending, where a counting player knows every card; with `hidden` the other hands are
    only their number of cards (fair play: their codes never reach the page)."""
    seats = []
    for s in deal.active:
        closed = hidden and s != seat
        view = SeatView.of(state, s, name=names[s], you=seat, to_act=deal.to_act, hidden=closed)
        if closed:
            view = replace(view, cards=[""] * len(view.cards))
        seats.append(view)
    seats.sort(key=lambda s: s.is_you)
    return seats
