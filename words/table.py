"""The table as a reader sees it: seats, stock, trick, and the labels of the moves offered.

Tutorial steps and practice games both fill a `TableView` and draw it with
`words/table.html`; each page supplies its own hand template (links or buttons).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from sixtysix.bidding import MOON_BID
from sixtysix.ruleset import RuleSet

from .card_names import SUIT_SYMBOLS, Slot, card_slot, suit_slot
from .explain import seat_name
from .markup import fill_html


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
    position: str = ""  # where the seat sits as the reader sees it: left, across, right, you
    partner: bool = False  # the reader's partner (partnership games)
    bid: str = ""  # what the seat said in the bidding, e.g. "passed"

    @classmethod
    def of(
        cls,
        state: Mapping[str, Any],
        seat: int,
        *,
        name: str,
        you: int,
        to_act: int | None,
        hidden: bool,
        points_visible: bool = True,
    ) -> "SeatView":
        """One seat of the engine's `state()` as the reader at seat `you` sees it."""
        active = state.get("active") or range(len(state["hands"]))
        return cls(
            seat=seat,
            name=name,
            is_you=seat == you,
            cards=state["hands"][seat],
            hidden=hidden,
            tricks=state["tricks_won"][seat],
            points=state["card_points"][seat],
            pending=state["pending_marriage_points"][seat],
            dealer=seat == state.get("dealer"),
            to_act=seat == to_act,
            sitting_out=seat not in active,
            points_visible=points_visible,
        )


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
    has_stock: bool = True  # False: the strict rules hold from the first trick
    trump_card: str | None = None  # the dealer's card that fixed trumps, when it is shown

    @property
    def strict_label(self) -> str:
        return strict_badge(self.phase, self.has_stock)


def trick_winner_name(state: Mapping[str, Any], names: list[str]) -> str:
    """Who took the trick on the table's "last trick" (the engine's record of it), or ""
    while a trick is being played or before the first one: lessons, practice and puzzles
    all name it from here."""
    winner = state.get("last_trick_winner")
    if winner is None or state["trick"] or not state.get("last_trick"):
        return ""
    return names[int(winner)]


def choice_label(action: dict[str, Any], rules: RuleSet) -> SafeString:
    """A button label for a move the reader may choose, as safe HTML (cards drawn as cards).

    The claim names the variant's target ("Claim 66", "Claim 101"), so it cannot be taken
    for showing a marriage.
    """
    kind = action["type"]
    suit = action.get("suit")
    suit_picture = suit_slot(suit) if suit in SUIT_SYMBOLS else Slot(lambda form: SafeString(""))
    labels = {
        # Translators: [card] and [suit] take the form you name, e.g. [card:acc]
        # (the forms of each language: words/card_forms.toml).
        "play": lambda: fill_html(_("Play [card]"), card=card_slot(action["card"])),
        "meld": lambda: fill_html(_("Show the marriage in [suit]"), suit=suit_picture),
        "exchange": lambda: fill_html(_("Exchange the trump card")),
        "close": lambda: fill_html(_("Close the stock")),
        "declare": lambda: _claim_label(rules),
        "draw": lambda: fill_html(_("Draw")),
        "bid": lambda: _bid_label(action.get("value"), rules),
        "pass": lambda: fill_html(_("Pass")),
        "trump": lambda: fill_html(_("Name [suit] as trumps"), suit=suit_picture),
    }
    label = labels.get(kind)
    return label() if label else fill_html("%(kind)s", kind=str(kind))


def _claim_label(rules: RuleSet) -> SafeString:
    """ "Claim 66": of one's own points, or (partners) of the side's points together."""
    if rules.team_play:
        return fill_html(pgettext("side", "Claim %(target)d"), target=rules.target)
    return fill_html(_("Claim %(target)d"), target=rules.target)


def countdown_words(seconds: int) -> list[str]:
    """What an idle seat's clock says at each second left, 0 to `seconds`: the language's
    plural forms ("1 sekunde", "21 sekunde", "2 sekundes"), which the page's script, counting
    down, could not choose; it reads them from this list."""
    return [
        ngettext("%(n)d second left", "%(n)d seconds left", n) % {"n": n}
        for n in range(seconds + 1)
    ]


def strict_badge(phase: str, has_stock: bool) -> str:
    """The badge of the strict phase: the endgame once the stock is gone; in games without
    a stock the same rules hold from the first trick, so it is no "endgame"."""
    if phase != "strict":
        return ""
    if has_stock:
        return _("endgame: follow suit")
    return _("strict play: follow suit")


def _bid_label(value: object, rules: RuleSet) -> SafeString:
    """ "Bid 2 (66 points)"; the top bid of a game with a moon is "Bid the moon"."""
    if not isinstance(value, int) or isinstance(value, bool):
        return fill_html(_("Bid %(value)s"), value=value)
    if rules.moon and value == MOON_BID:
        return fill_html(_("Bid the moon: every trick, alone"))
    points = value * rules.bid_unit
    return fill_html(
        ngettext("Bid %(value)d (%(points)d point)", "Bid %(value)d (%(points)d points)", points),
        value=value,
        points=points,
    )


def seat_names(rules: RuleSet, you: int) -> list[str]:
    """Every seat's name as the reader at `you` sees the table (you, your partner, ...)."""
    partners = rules.partnerships == "opposite_pairs"
    return [seat_name(s, you, rules.players, partners) for s in range(rules.players)]


def seat_names_in_play(rules: RuleSet, you: int, active: tuple[int, ...]) -> list[str]:
    """As seat_names; at a table whose dealer sits out the one other player is "your
    opponent" (as the two-player sentences call him), not a seat beside you."""
    names = seat_names(rules, you)
    if rules.dealer_sits_out:
        for s in active:
            if s != you:
                names[s] = _("Your opponent")
    return names


def same_side(seat: int, rules: RuleSet, you: int) -> bool:
    """The seat is the reader's own or, in a partnership game, the reader's partner's."""
    if seat == you:
        return True
    return rules.partnerships == "opposite_pairs" and (seat - you) % 2 == 0


def table_position(seat: int, you: int, players: int) -> str:
    """Where a seat sits as the reader (bottom) sees the table: left, across or right."""
    offset = (seat - you) % players
    if offset == 0:
        return "you"
    if players == 2:
        return "across"
    if offset == 1:
        return "left"
    if players == 4 and offset == 2:
        return "across"
    return "right"
