"""What the practice page shows: the table as the reader sees it, and the words around it.

Every sentence comes from words/ (fed the engine's facts and the reader's seat); this
module only picks what the reader may see: the computer's cards stay hidden until the
deal is over, the marriages shown and the last trick stay public.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict
from urllib.parse import urlencode

from sixtysix import Action, Deal, Match, RuleSet
from sixtysix.players import player_view
from sixtysix.shapes import StateShape

from words.deal_words import (
    bidding_lines,
    contract_line,
    sat_out,
    seat_bid,
    side_points_line,
    turn_line,
)
from words.log_words import describe_actions
from words.markup import render_inline
from words.match_words import (
    describe_match_end,
    describe_settlement,
    explain_game_points,
    match_line,
    pad_heads,
    pad_how,
    pad_winner,
    score_text,
)
from words.result_words import describe_result
from words.table import (
    SeatView,
    TableView,
    choice_label,
    same_side,
    seat_names,
    table_position,
    trick_winner_name,
)

from .game import Game, pad_row
from .ids import COMPUTER, YOU
from .legality import card_refusals, claim_refusal
from .moves import can_take_back
from .positions import origin_next_url
from .seats import draw_is_a_chore
from .sharing import share_id


@dataclass(kw_only=True)
class PracticeView(TableView):
    game: Game
    choices: list[dict]
    result: str
    why: str
    match_line: str
    match_result: str
    token: str
    turn_line: str = ""
    drawn: list[str] = field(default_factory=list)
    shown: list[tuple[str, list[str]]] = field(default_factory=list)
    review: list[tuple[str, str]] = field(default_factory=list)
    review_winner: str = ""
    pad: list[dict] = field(default_factory=list)
    pad_heads: list[str] = field(default_factory=list)
    can_take_back: bool = False
    can_reveal: bool = False
    contract: str = ""
    bidding: list[tuple[str, str]] = field(default_factory=list)
    side_line: str = ""
    sat_out: str = ""
    settlement: str = ""
    refused: dict[str, str] = field(default_factory=dict)  # card -> why it may not be played
    shortcuts: dict[str, str] = field(default_factory=dict)  # playable card -> key "1".."9"
    next_url: str = ""  # after a match from a lesson: the next lesson

    @property
    def buttons(self) -> list[dict]:
        """The choices other than a card (those are the cards in the hand)."""
        return [c for c in self.choices if c["type"] != "play"]

    @property
    def can_play(self) -> bool:
        """A card of the hand may be played now (not while bidding or naming trumps)."""
        return any(c["type"] == "play" for c in self.choices)

    @property
    def hand(self) -> list[tuple[str, str, str]]:
        """The reader's cards with why each may not be played ("") and its key ("")."""
        cards = self.seats[-1].cards if self.seats else []
        return [(c, self.refused.get(c, ""), self.shortcuts.get(c, "")) for c in cards]

    hand_template: str = "practice/includes/hand.html"


def _pad(game: Game, names: list[str]) -> tuple[list[str], list[dict]]:
    """The score pad: its column heads (players, or the two sides) and one row a deal."""
    rows = list(game.pad)
    if game.over:
        rows.append(pad_row(game))
    rules = game.rules
    if rules.partnerships == "opposite_pairs":
        columns = [YOU, (YOU + 1) % rules.players]
    elif rules.players == 2:
        columns = [YOU, COMPUTER]
    else:
        columns = list(range(rules.players))
    out = []
    for number, row in enumerate(rows, start=1):
        deal_id, winner, reason, *points = row
        out.append(
            {
                "number": number,
                "id": deal_id,
                # the query that plays this deal again (a lesson's position by its origin)
                "query": urlencode(
                    {"from": game.origin}
                    if game.origin and number == 1
                    else {
                        "deal": share_id(deal_id),
                        **({"house": game.house} if game.house else {}),
                    }
                ),
                "winner": pad_winner(winner, rules, names, YOU),
                "how": pad_how(reason, rules),
                "points": [score_text(points[c] if c < len(points) else 0) for c in columns],
                "current": game.over and number == len(rows),
            }
        )
    return pad_heads(rules, names), out


def dealer_trump_card(state: StateShape, rules: RuleSet) -> str | None:
    """The dealer's bottom card that fixed trumps: shown to all (four-handed games)."""
    return state.get("trump_card") if rules.trump_source == "bottom_card_to_dealer" else None


def table_facts(state: StateShape, rules: RuleSet, names: list[str]) -> dict[str, Any]:
    """What lies on the table for everyone to see: trumps, the stock, the trick and the
    last one (practice and the tables alike)."""
    last = state.get("last_trick") or []
    return {
        "turnup": state.get("turnup"),
        "trump": state.get("trump"),
        "trump_card": dealer_trump_card(state, rules),
        "stock": state["stock_size"],
        "phase": state["phase"],
        "trick": [(names[p["player"]], p["card"]) for p in state["trick"]],
        "last_trick": [(names[p["player"]], p["card"]) for p in last],
        "last_trick_winner": trick_winner_name(state, names),
        "closed": state.get("closed_by") is not None,
        "has_stock": rules.has_stock,
    }


def choice_dicts(deal: Deal, actions: Iterable[Action]) -> list[dict]:
    """The moves offered, each with its key and label and the action's own fields."""
    return [
        {"key": a.key(), "label": choice_label(a.to_dict(), deal.rules), **a.to_dict()}
        for a in actions
    ]


class ResultWords(TypedDict):
    result: str
    why: str


class MatchWords(TypedDict):
    match_line: str
    match_result: str
    settlement: str


def result_words(deal: Deal, names: list[str], me: int) -> ResultWords:
    """The deal's result and why it scores what it does ("" while it is played)."""
    if deal.result is None:
        return {"result": "", "why": ""}
    result = deal.result.to_dict()
    return {
        "result": str(render_inline(describe_result(result, names, deal.rules))),
        "why": explain_game_points(result, deal.rules, me),
    }


def match_words(match: Match, me: int) -> MatchWords:
    """The match so far, how it ended and what it settles, as `me` reads them."""
    return {
        "match_line": match_line(match, me),
        "match_result": describe_match_end(match, me),
        "settlement": describe_settlement(match, me),
    }


def practice_view(*, game: Game, token: str) -> PracticeView:
    """The page in steps: the table, the news since the reader's last move, the moves
    offered, then the words around the table."""
    deal, rules = game.deal, game.rules
    state = deal.state()
    names = seat_names(rules, YOU)
    over = deal.result is not None
    you_view = player_view(deal, YOU)
    new = game.actions[game.seen :]
    drawn = [code for i, code in sorted(game.drawn.items()) if i >= game.seen]
    choices = _choices(game)
    pad_heads, pad = _pad(game, names)
    return PracticeView(
        game=game,
        token=token,
        seats=seat_views(deal, state, names, you_view.hand, YOU),
        **table_facts(state, rules, names),
        happened=_happened(game, new, names),
        highlight={a["card"] for a in new if a.get("card")} | set(drawn),
        drawn=[],  # the card drawn is named in the log, in its place (words.explain)
        shown=_shown_marriages(you_view.marriages, state, new, names, over),
        **_review(game, state, you_view.tricks, names),
        choices=choices,
        **_card_marks(game, you_view.hand, choices),
        can_take_back=can_take_back(game),
        **result_words(deal, names, YOU),
        **match_words(game.match, YOU),
        turn_line=turn_line(deal, YOU),
        contract=contract_line(deal, names),
        bidding=bidding_lines(deal, names),
        side_line=_side_line(game, state),
        sat_out=sat_out(deal, YOU),
        pad=pad,
        pad_heads=pad_heads,
        next_url=origin_next_url(game.origin) if game.origin and game.match.over else "",
    )


def _review(game: Game, state: StateShape, tricks: Sequence, names: list[str]) -> dict[str, Any]:
    """The reader's last finished trick, where the rules let it be looked back at and it is
    no longer the last trick on the table."""
    last = state.get("last_trick") or []
    if game.rules.trick_review == "none" or not tricks or not (state["trick"] or not last):
        return {"review": [], "review_winner": ""}
    return {
        "review": [(names[s], c) for s, c in tricks[-1]],
        "review_winner": names[_trick_winner(game, len(tricks) - 1)],
    }


def _choices(game: Game) -> list[dict]:
    """The reader's moves, when it is the reader's turn (a draw that is a chore is made
    for the reader)."""
    deal = game.deal
    if deal.result is not None or deal.to_act != YOU:
        return []
    actions = [a for a in deal.legal_actions() if a.type != "draw" or not draw_is_a_chore(deal)]
    choices = choice_dicts(deal, actions)
    _mark_buttons(game, choices)
    return choices


def _side_line(game: Game, state: StateShape) -> str:
    """The points of the reader's side, in a partnership game once the bidding is over."""
    deal, rules = game.deal, game.rules
    partner = (YOU + 2) % rules.players
    # A partner who sits out (a moon bid) adds nothing: the reader's own count is shown.
    if (
        rules.partnerships == "opposite_pairs"
        and deal.phase != "bidding"
        and partner in state["active"]
    ):
        return side_points_line(deal.seat_points(YOU) + deal.seat_points(partner))
    return ""


def _happened(game: Game, new: list[dict], names: list[str]) -> list[str]:
    """The log in the order things happened: a draw (with the card the reader took) before
    the next lead, and each card said as led or as played to a trick."""
    state = game.deal.state()
    played = sum(1 for a in game.actions[: game.seen] if a["type"] == "play")
    drawn = {i - game.seen: card for i, card in game.drawn.items() if i >= game.seen}
    lines = describe_actions(new, names, YOU, game.rules, state=state, in_trick=played, drawn=drawn)
    return [str(render_inline(line)) for line in lines]


# The keys the page offers for its buttons (keys.js presses the element with that key).
BUTTON_KEYS = {"declare": "c", "close": "x"}


def _mark_buttons(game: Game, choices: list[dict]) -> None:
    """A claim that can only lose is shown disabled with the reason; claim and close get
    their keys."""
    for choice in choices:
        if choice["key"] in BUTTON_KEYS:
            choice["shortcut"] = BUTTON_KEYS[choice["key"]]
        if choice["type"] == "declare":
            choice["why"] = claim_refusal(game)


def _card_marks(game: Game, hand: Sequence[str], choices: list[dict]) -> dict:
    """The refused cards with their reasons, and keys 1-9 for the playable ones in hand order."""
    if not any(c["type"] == "play" for c in choices):
        return {}
    refused = card_refusals(game, hand)
    playable = [code for code in hand if code not in refused]
    return {"refused": refused, "shortcuts": {c: str(i) for i, c in enumerate(playable[:9], 1)}}


def seat_views(
    deal: Deal, state: StateShape, names: list[str], hand: Sequence[str], me: int
) -> list[SeatView]:
    """The seats left, across and right of `me`, then `me`'s own: the others' cards
    hidden (only their count reaches the page) until the deal is over."""
    rules = deal.rules
    n = rules.players
    over = deal.result is not None
    others = [s for s in range(n) if s != me]
    order = {"left": 0, "across": 1, "right": 2}
    others.sort(key=lambda s: order[table_position(s, me, n)])
    seats = []
    for seat in [*others, me]:
        view = SeatView.of(
            state,
            seat,
            name=names[seat],
            you=me,
            to_act=deal.to_act,
            hidden=seat != me and not over,
            # Counting is part of the game: the other side's points show once the deal
            # is over; a partner's count is the reader's own side's.
            points_visible=same_side(seat, rules, me) or over,
        )
        if view.hidden:
            view.cards = [""] * len(view.cards)  # only the count reaches the page
        if seat == me:
            view.cards = list(hand)  # while naming trumps: only the first cards
        view.position = table_position(seat, me, n)
        view.partner = seat != me and same_side(seat, rules, me)
        view.bid = seat_bid(deal, seat)
        seats.append(view)
    return seats


def _shown_marriages(marriages, state: StateShape, new: list[dict], names: list[str], over: bool):
    """The marriages the computer seats showed: both cards just now, later those still in
    the hand (public knowledge: a counting player remembers them)."""
    shown = []
    for m in marriages:
        suit, player = m["suit"], m["player"]
        if player == YOU or over:
            continue
        held = set(state["hands"][player])
        just_now = {a["suit"] for a in new if a["type"] == "meld" and a["player"] == player}
        cards = [c for c in (f"K{suit}", f"Q{suit}") if c in held or suit in just_now]
        if cards:
            shown.append((names[player], cards))
    return shown


def _trick_winner(game: Game, index: int) -> int:
    """Who won trick `index`: the leader of the next one (the last one: the engine's record)."""
    tricks = player_view(game.deal, YOU).tricks
    if index + 1 < len(tricks):
        return tricks[index + 1][0][0]
    winner = game.deal.last_trick_winner
    return game.deal.leader if winner is None else winner
