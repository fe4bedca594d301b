"""A table as one seat sees it: built from that seat's engine view and public facts only.

Every page, poll and WebSocket message for a seat is drawn from here, so what one seat
receives never holds another hand or the stock: the other seats' cards reach it as a count
(until the deal is over and every hand is shown, as in practice). Every sentence is
practice's and the lessons' (words/).
"""

import time
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from sixtysix.players import player_view

from practice.game import pad_row
from practice.view import choice_dicts, match_words, result_words, seat_views, table_facts
from words.deal_words import bidding_lines, contract_line, sat_out, turn_line
from words.log_words import describe_actions
from words.markup import render_inline
from words.match_words import pad_heads, pad_how, pad_winner, score_text
from words.table import TableView, seat_names

from .play import deadline, last_start, only_draws
from .store import Loaded


def greeting_words() -> dict[str, str]:
    return {
        "luck": _("Good luck"),
        "well": _("Well played"),
        "thanks": _("Thanks"),
        "moment": pgettext("greeting", "One moment"),
    }


@dataclass(kw_only=True)
class SeatTable(TableView):
    code: str
    me: int
    version: int
    variant_name: str
    choices: list[dict] = field(default_factory=list)
    result: str = ""
    why: str = ""
    match_line: str = ""
    match_result: str = ""
    settlement: str = ""
    turn_line: str = ""
    contract: str = ""
    bidding: list[tuple[str, str]] = field(default_factory=list)
    sat_out: str = ""
    pad: list[dict] = field(default_factory=list)
    pad_heads: list[str] = field(default_factory=list)
    players: list[dict] = field(default_factory=list)
    greetings: list[str] = field(default_factory=list)
    started: bool = False
    over: bool = False
    match_over: bool = False
    deadline: int | None = None  # epoch seconds: the computer plays the seat to act
    now: int = 0  # the server's clock, for the countdown
    can_ask_back: bool = False
    asked_back: str = ""  # who asks to take a move back
    answer_back: bool = False  # the reader is to agree or refuse
    hand_template: str = "tables/includes/hand.html"

    @property
    def buttons(self) -> list[dict]:
        return [c for c in self.choices if c["type"] != "play"]

    @property
    def legal_keys(self) -> set[str]:
        """The moves offered: only the cards that may be played now are buttons."""
        return {c["key"] for c in self.choices}

    @property
    def can_play(self) -> bool:
        return any(c["type"] == "play" for c in self.choices)


def names_for(loaded: Loaded, me: int) -> list[str]:
    """Every seat's name as `me` sees the table: "You", the players' own names, and the
    computer seats by where they sit."""
    places = seat_names(loaded.game.rules, me)
    return [
        places[s.index] if s.index == me or s.kind == "computer" or not s.name else s.name
        for s in loaded.seats
    ]


def seat_table(loaded: Loaded, me: int) -> SeatTable:
    game, deal, table = loaded.game, loaded.deal, loaded.table
    rules = game.rules
    state = deal.state()
    names = names_for(loaded, me)
    over = deal.result is not None
    mine = player_view(deal, me)
    since = last_start(loaded, me) or 0
    new = game.actions[since:][-12:]
    happened = [
        str(render_inline(line))
        for a, line in zip(new, describe_actions(new, names, me, rules, state=state), strict=True)
        if a["type"] != "draw"
    ]
    due = deadline(loaded)
    view = SeatTable(
        code=table.code,
        me=me,
        version=table.version,
        variant_name=game.variant.name,
        seats=seat_views(deal, state, names, list(mine.hand), me),
        **table_facts(state, rules, names),
        happened=happened,
        highlight={a["card"] for a in new if a.get("card")},
        **result_words(deal, names, me),
        **match_words(game.match, me),
        started=table.started,
        over=over,
        deadline=None if due is None else int(due),
        now=int(time.time()),
    )
    if table.started and not over and deal.to_act == me and not only_draws(deal):
        view.choices = choice_dicts(deal, deal.legal_actions())
    _words(view, loaded, names, me)
    return view


def _words(view: SeatTable, loaded: Loaded, names: list[str], me: int) -> None:
    """The sentences around the table: turn, bidding, pad, greetings, players."""
    game, deal, table = loaded.game, loaded.deal, loaded.table
    view.match_over = game.match.over
    if table.started:
        view.turn_line = turn_line(deal, me)
    view.contract = contract_line(deal, names)
    view.bidding = bidding_lines(deal, names)
    view.sat_out = sat_out(deal, me)
    view.pad_heads, view.pad = _pad(loaded, names, me)
    words = greeting_words()
    view.greetings = [f"{names[s]}: {words[k]}" for s, k in table.greetings if k in words]
    request = table.request
    view.can_ask_back = (
        table.takeback != "off" and not view.over and last_start(loaded, me) is not None
    )
    if request:
        view.asked_back = names[request["seat"]]
        view.answer_back = request["seat"] != me and me not in request["yes"]
    view.players = [
        {
            "name": names[s.index],
            "computer": s.kind == "computer",
            "free": s.kind == "friend" and not s.secret,
            "away": s.away,
            "you": s.index == me,
            "to_act": table.started and not view.over and deal.to_act == s.index,
        }
        for s in loaded.seats
    ]


def _pad(loaded: Loaded, names: list[str], me: int) -> tuple[list[str], list[dict]]:
    game = loaded.game
    rules = game.rules
    rows = list(game.pad) + ([pad_row(game)] if game.over else [])
    if rules.partnerships == "opposite_pairs":
        columns = [me, (me + 1) % rules.players]
    else:
        columns = [me] + [s for s in range(rules.players) if s != me]
    out = []
    for number, (_deal_id, winner, reason, *points) in enumerate(rows, start=1):
        out.append(
            {
                "number": number,
                "winner": pad_winner(winner, rules, names, me),
                "how": pad_how(reason, rules),
                "points": [score_text(points[c] if c < len(points) else 0) for c in columns],
            }
        )
    heads = pad_heads(rules, [names[c] for c in columns] + names)
    return heads[: len(columns)], out
