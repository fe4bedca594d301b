"""A practice match against the computer: state, moves and hints, all through the engine.

The game travels as a small signed token (in the page's form and in a cookie): the variant,
the match id, the public id of the deal, the moves played so far (public facts) and the
match score. The cards of a deal come from a server-side secret: seed = HMAC(SECRET_KEY,
purpose + deal id), so the token, the page and the URL say nothing about the computer's
hand or the stock, while the same short id still gives the same deal ("play this deal
again", "send it to a friend"). The next deal's id derives from the match id and the deal
number, so replaying an old form gives the same next deal: no re-rolls.
"""

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Action, Deal, EngineError, RuleSet
from sixtysix.cards import mask_codes
from sixtysix.computer import ComputerPlayer
from sixtysix.match import Match
from sixtysix.players import player_view

from rules.models import Variant
from words.explain import (
    RESULT_REASONS,
    describe_action,
    describe_result,
    explain_refusal,
    seat_name,
)
from words.markup import render_inline
from words.table import SeatView, TableView, choice_label

SALT = "sixtysix.practice"
YOU, COMPUTER = 0, 1
PRACTICE_VARIANTS = ("classic66", "classic66_32", "schnapsen", "idiot66")
MAX_ACTIONS = 400  # far more than any deal has; a longer token is not a real game
MAX_PAD = 60  # deals kept on the score pad (a match is far shorter)
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read aloud
ID_LENGTH = 10
ID_PATTERN = re.compile(rf"[{ID_ALPHABET}]{{{ID_LENGTH}}}", re.ASCII)


class GameError(Exception):
    """A token that is forged, stale or not a game of this variant."""


# -- secrets ------------------------------------------------------------------------------


def _mac(purpose: str, *parts: object) -> bytes:
    """HMAC-SHA256 of the parts under the site's secret (read now, never at import)."""
    key = settings.SECRET_KEY.encode()
    message = ":".join([f"sixtysix.practice.{purpose}", *map(str, parts)]).encode()
    return hmac.new(key, message, hashlib.sha256).digest()


def _short_id(raw: bytes) -> str:
    number = int.from_bytes(raw[:8], "big")
    out = []
    for _i in range(ID_LENGTH):
        number, digit = divmod(number, len(ID_ALPHABET))
        out.append(ID_ALPHABET[digit])
    return "".join(out)


def new_id() -> str:
    """A fresh random public id (of a match)."""
    return _short_id(secrets.token_bytes(8))


def clean_id(raw: str | None) -> str | None:
    """The id if `raw` is a well-formed public id (any case), else None."""
    if raw is None or len(raw) != ID_LENGTH or not raw.isascii():
        return None
    raw = raw.lower()
    return raw if ID_PATTERN.fullmatch(raw) else None


def deal_seed(slug: str, deal_id: str) -> int:
    """The shuffle of a deal: known to the server only."""
    return int.from_bytes(_mac("deal", slug, deal_id)[:8], "big")


def computer_seed(slug: str, deal_id: str, step: int) -> int:
    """The computer's own randomness at one point of a deal: secret in the same way."""
    return int.from_bytes(_mac("computer", slug, deal_id, step)[:8], "big")


def next_deal_id(match_id: str, number: int) -> str:
    """Deal `number` (0-based) of a match: fixed by the match id, so no re-rolls."""
    return _short_id(_mac("next", match_id, number))


def match_of_deal(deal_id: str) -> str:
    """The match id of a shared deal, so the whole match after it is the same too."""
    return _short_id(_mac("match-of", deal_id))


def next_match_id(match_id: str) -> str:
    """The match started from a finished (or abandoned) one: fixed, not re-rolled."""
    return _short_id(_mac("match-after", match_id))


# -- the game -----------------------------------------------------------------------------


def _match_copy(m: Match) -> Match:
    return Match(
        m.rules,
        dealer=m.dealer,
        scores=list(m.scores),
        deals_played=m.deals_played,
        carry=m.carry,
        winners=list(m.winners) if m.winners is not None else None,
        stakes=dict(m.stakes),
    )


@dataclass
class Game:
    """One deal of a match. `start` is the match before this deal; `match` adds the deal
    once it is over. `moves` are the indices in `actions` where a move of the reader began
    (what "take back" returns to); `pad` the finished deals of the match."""

    variant: Variant
    rules: RuleSet
    match_id: str
    number: int
    deal_id: str
    actions: list[dict[str, Any]]
    start: Match
    moves: list[int] = field(default_factory=list)
    pad: list[list[Any]] = field(default_factory=list)
    seen: int = 0  # actions the reader has already seen (the rest are "just now")
    deal: Deal = field(init=False)
    drawn: dict[int, str] = field(init=False)

    def __post_init__(self) -> None:
        self.deal = Deal.new(
            self.rules, seed=deal_seed(self.variant.slug, self.deal_id), dealer=self.start.dealer
        )
        self.drawn = {}
        for raw in self.actions:
            self._apply(Action.from_dict(raw), record=False)

    def _apply(self, action: Action, *, record: bool = True) -> None:
        before = self.deal.hands[YOU]
        self.deal.apply(action)
        if action.type == "draw":  # one draw action fills every hand, winner first
            new = self.deal.hands[YOU] & ~before
            if new:
                self.drawn[len(self.deal.actions) - 1] = mask_codes(new)[0]
        if record:
            self.actions.append(action.to_dict())

    @property
    def match(self) -> Match:
        """The match with this deal counted once it is over."""
        if self.deal.result is None:
            return self.start
        done = _match_copy(self.start)
        done.record(self.deal.result)
        return done

    @property
    def over(self) -> bool:
        return self.deal.result is not None

    # -- the token ---------------------------------------------------------------------
    def dumps(self) -> str:
        m = self.start
        data = {
            "v": self.variant.slug,
            "id": self.match_id,
            "n": self.number,
            "d": self.deal_id,
            "a": [Action.from_dict(a).key() + f"@{a['player']}" for a in self.actions],
            "u": self.moves,
            "m": {
                "dealer": m.dealer,
                "scores": m.scores,
                "deals": m.deals_played,
                "carry": m.carry,
                "winners": m.winners,
                "stakes": sorted(m.stakes.items()),
            },
            "p": self.pad,
            "s": self.seen,
        }
        return signing.dumps(data, salt=SALT, compress=True)


def _rules(variant: Variant) -> RuleSet:
    return RuleSet.from_dict(variant.rules)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not an integer")
    return value


def game_new(*, variant: Variant, deal_id: str | None = None, match_id: str | None = None) -> Game:
    """A new match, its first deal dealt by the computer so that the reader leads.

    With `deal_id` (a shared deal) the match id derives from it; else a fresh match id
    (or the given one) fixes every deal."""
    rules = _rules(variant)
    if deal_id is not None:
        match_id = match_of_deal(deal_id)
    else:
        match_id = match_id or new_id()
        deal_id = next_deal_id(match_id, 0)
    game = Game(variant, rules, match_id, 0, deal_id, [], Match(rules, dealer=COMPUTER))
    advance(game)
    return game


def game_loads(*, variant: Variant, token: str) -> Game:
    try:
        data = signing.loads(token, salt=SALT)
        if data["v"] != variant.slug or len(data["a"]) > MAX_ACTIONS:
            raise GameError("other variant")
        match_id, deal_id = clean_id(data["id"]), clean_id(data["d"])
        if match_id is None or deal_id is None:
            raise GameError("bad id")
        actions = []
        for item in data["a"]:
            key, _sep, player = item.rpartition("@")
            actions.append(Action.from_key(key, int(player)).to_dict())
        rules = _rules(variant)
        m = data["m"]
        start = Match(
            rules,
            dealer=_int(m["dealer"]),
            scores=[_int(s) for s in m["scores"]],
            deals_played=_int(m["deals"]),
            carry=_int(m["carry"]),
            winners=[_int(w) for w in m["winners"]] if m["winners"] is not None else None,
            stakes={_int(seat): _int(stake) for seat, stake in m.get("stakes", [])},
        )
        moves = [_int(i) for i in data["u"]]
        pad = [list(row) for row in data["p"]][:MAX_PAD]
        return Game(
            variant,
            rules,
            match_id,
            _int(data["n"]),
            deal_id,
            actions,
            start,
            moves,
            pad,
            _int(data["s"]),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, EngineError) as exc:
        raise GameError(str(exc)) from exc


def _draw_is_a_chore(deal: Deal) -> bool:
    """True when the reader must draw and has no real choice before drawing: every other
    move offered now (a claim) is still offered once both have drawn."""
    legal = deal.legal_actions()
    if not any(a.type == "draw" for a in legal):
        return False
    others = {a.key() for a in legal if a.type != "draw"}
    if not others:
        return True
    after = deal.copy()
    after.apply(Action(YOU, "draw"))
    while after.to_act == COMPUTER and [a.type for a in after.legal_actions()] == ["draw"]:
        after.apply(Action(COMPUTER, "draw"))
    if after.to_act != YOU:
        return False
    return others <= {a.key() for a in after.legal_actions()}


def advance(game: Game) -> None:
    """Let the computer act, and draw for the reader when drawing is all there is to do,
    until the reader has a real choice or the deal is over."""
    deal = game.deal
    for _i in range(MAX_ACTIONS):
        if deal.result is not None or deal.to_act is None:
            return
        if deal.to_act == COMPUTER:
            seed = computer_seed(game.variant.slug, game.deal_id, len(game.actions))
            # no clock: the reply depends only on the position and the secret seed, so a
            # move taken back and played again meets the same answer
            computer = ComputerPlayer(seed, layouts=16, time_limit=None)
            game._apply(computer.choose(player_view(deal, COMPUTER)))
        elif _draw_is_a_chore(deal):
            game._apply(Action(YOU, "draw"))
        else:
            return


def is_your_turn(game: Game) -> bool:
    """The deal is on and the reader is to act."""
    return game.deal.result is None and game.deal.to_act == YOU


def is_offered(game: Game, key: str) -> bool:
    """The reader may make this move now."""
    deal = game.deal
    return (
        deal.result is None
        and deal.to_act == YOU
        and any(a.key() == key for a in deal.legal_actions())
    )


def needs_confirmation(key: str) -> bool:
    """Claiming and closing end or change the deal at once: the page asks first."""
    return key in ("declare", "close")


def game_move(*, game: Game, key: str) -> str | None:
    """Play the reader's move; None when done, else the explanation of the refusal.

    A card clicked while a draw is due draws first, then plays (a card the page offers
    is never refused for "draw first")."""
    deal = game.deal
    if deal.result is not None:
        return _("The deal is over; start the next one.")
    if deal.to_act != YOU:  # pragma: no cover - advance() always hands the turn back
        return _("It is not your turn.")
    try:
        action = Action.from_key(key[:20], YOU)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=game.rules)
    start = len(game.actions)
    probe = deal.copy()
    draw_first = (
        action.type == "play"
        and any(a.type == "draw" for a in deal.legal_actions())
        and not deal.is_legal(action)
    )
    try:
        if draw_first:
            probe.apply(Action(YOU, "draw"))
            while probe.to_act == COMPUTER and [a.type for a in probe.legal_actions()] == ["draw"]:
                probe.apply(Action(COMPUTER, "draw"))
        probe.check(action)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=game.rules)
    game.seen = start
    game.moves.append(start)
    if draw_first:
        game._apply(Action(YOU, "draw"))
        while deal.to_act == COMPUTER and [a.type for a in deal.legal_actions()] == ["draw"]:
            game._apply(Action(COMPUTER, "draw"))
    game._apply(action)
    advance(game)
    return None


def can_take_back(game: Game) -> bool:
    """The reader has a move of this deal to undo (and the deal is still on)."""
    return not game.over and bool(game.moves)


def game_take_back(*, game: Game) -> Game:
    """The deal as it was before the reader's last move (and the computer's reply)."""
    cut = game.moves[-1]
    back = Game(
        game.variant,
        game.rules,
        game.match_id,
        game.number,
        game.deal_id,
        game.actions[:cut],
        game.start,
        game.moves[:-1],
        game.pad,
        min(game.seen, cut),
    )
    back.seen = len(back.actions)
    return back


def pad_row(game: Game) -> list[Any]:
    """The score pad's line of a finished deal: id, winner (-1 none), reason, points."""
    result = game.deal.result
    assert result is not None
    winners = list(result.winners)
    gp = list(result.game_points_by_seat) or [0, 0]
    return [game.deal_id, winners[0] if winners else -1, result.reason, gp[YOU], gp[COMPUTER]]


def game_next_deal(*, game: Game) -> Game:
    """The next deal of the match (or a new match once this one is over); both fixed by
    the ids, so posting an old page again gives the same deal."""
    if game.match.over:
        return game_new(variant=game.variant, match_id=next_match_id(game.match_id))
    number = game.number + 1
    nxt = Game(
        game.variant,
        game.rules,
        game.match_id,
        number,
        next_deal_id(game.match_id, number),
        [],
        game.match,
        [],
        [*game.pad, pad_row(game)][-MAX_PAD:],
    )
    advance(nxt)
    return nxt


# -- what the page shows -----------------------------------------------------------------


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
    can_take_back: bool = False
    can_reveal: bool = False

    @property
    def buttons(self) -> list[dict]:
        """The choices other than a card (those are the cards in the hand)."""
        return [c for c in self.choices if c["type"] != "play"]

    hand_template: str = "practice/includes/hand.html"


def _names(rules: RuleSet) -> list[str]:
    return [seat_name(s, YOU, rules.players, False) for s in range(rules.players)]


def describe_match_end(match: Match) -> str:
    """Who won the match, and whether it counts double (Schneider-Bummerl); "" while on."""
    if not match.over:
        return ""
    if match.winners == [YOU]:
        text = _("You won the match.")
    elif match.winners == [COMPUTER]:
        text = _("The computer won the match.")
    else:
        return _("The match is drawn.")
    if match.rules.match_direction == "down" and match.stakes.get(match.winners[0]) == 2:
        text += " " + _(
            "The loser never won a game point: a Schneider-Bummerl, which counts double."
        )
    return text


def explain_game_points(result: dict, rules: RuleSet, names: list[str]) -> str:
    """Why the deal scored 1, 2 or 3: the loser's points and tricks against the table."""
    if not result.get("winners") or rules.scoring != "standard_1_2_3":
        return ""
    reason = result["reason"]
    winner = result["winners"][0]
    loser = 1 - winner
    points = result["card_points"][loser]
    if reason in ("declared", "most_points", "closed_made"):
        facts = {"points": points, "line": rules.schneider_threshold}
        game_points = result["game_points"]
        if loser == YOU:
            if game_points == 3:
                return _("You took no trick (schwarz): 3 game points.")
            if game_points == 2:
                return (
                    _("You have %(points)d card points, under %(line)d (schneider): 2 game points.")
                    % facts
                )
            return _("You have %(points)d card points, %(line)d or more: 1 game point.") % facts
        if game_points == 3:
            return _("The computer took no trick (schwarz): 3 game points.")
        if game_points == 2:
            return (
                _(
                    "The computer has %(points)d card points, under %(line)d (schneider): "
                    "2 game points."
                )
                % facts
            )
        return _("The computer has %(points)d card points, %(line)d or more: 1 game point.") % facts
    if reason == "false_declaration":
        return _(
            "Claiming %(target)d without having %(target)d points gives the other side the penalty."
        ) % {"target": rules.target}
    if reason in ("closed_failed", "closer_beaten"):
        return _(
            "The closer did not make it: the penalty is 2, or 3 if the other player had no "
            "trick when the stock was closed."
        )
    if reason == "last_trick":
        return _("Nobody claimed %(target)d, so the last trick decided the deal.") % {
            "target": rules.target
        }
    return ""


def _turn_line(deal: Deal) -> str:
    if deal.result is not None:
        return ""
    if deal.to_act == YOU:
        if deal.trick:
            return _("Your turn: answer your opponent's card.")
        return _("Your turn to lead.")
    return _("Your opponent leads.")


def _pad(game: Game, names: list[str]) -> list[dict]:
    rows = list(game.pad)
    if game.over:
        rows.append(pad_row(game))
    out = []
    for number, (deal_id, winner, reason, you, computer) in enumerate(rows, start=1):
        how_of = RESULT_REASONS.get(reason)
        how = how_of(game.rules.target) if how_of else ""
        out.append(
            {
                "number": number,
                "id": deal_id,
                "winner": names[winner] if winner in (YOU, COMPUTER) else "—",
                "how": how,
                "you": you,
                "computer": computer,
                "current": game.over and number == len(rows),
            }
        )
    return out


def practice_view(*, game: Game, token: str) -> PracticeView:
    deal, rules = game.deal, game.rules
    state = deal.state()
    names = _names(rules)
    over = deal.result is not None
    you_view = player_view(deal, YOU)
    seats = [
        SeatView.of(
            state,
            seat,
            name=names[seat],
            you=YOU,
            to_act=deal.to_act,
            hidden=seat != YOU and not over,
            # Counting is part of the game: the opponent's points show once the deal is over.
            points_visible=seat == YOU or over,
        )
        for seat in (COMPUTER, YOU)
    ]
    new = game.actions[game.seen :]
    happened = [
        str(render_inline(describe_action(a, names[a["player"]], a["player"] == YOU, rules)))
        for a in new
        if a["type"] != "draw"
    ]
    drawn = [code for i, code in sorted(game.drawn.items()) if i >= game.seen]
    # The marriage the computer showed: both cards just now, later those still in its hand
    # (public knowledge: a counting player remembers them).
    shown = []
    held = set(state["hands"][COMPUTER])
    just_now = {a["suit"] for a in new if a["type"] == "meld" and a["player"] == COMPUTER}
    for m in you_view.marriages:
        suit = m["suit"]
        if m["player"] != COMPUTER or over:
            continue
        cards = [c for c in (f"K{suit}", f"Q{suit}") if c in held or suit in just_now]
        if cards:
            shown.append((names[COMPUTER], cards))
    last = state.get("last_trick") or []
    # After a trick its winner is the next leader (also once the deal is over).
    winner = names[state["leader"]] if last and not state["trick"] else ""
    review: list[tuple[str, str]] = []
    review_winner = ""
    if rules.trick_review != "none" and you_view.tricks and (state["trick"] or not last):
        previous = you_view.tricks[-1]
        review = [(names[s], c) for s, c in previous]
        review_winner = names[_trick_winner(game, len(you_view.tricks) - 1)]
    choices = []
    if not over and deal.to_act == YOU:
        choices = [
            {"key": a.key(), "label": choice_label(a.to_dict(), rules), **a.to_dict()}
            for a in deal.legal_actions()
            if a.type != "draw" or not _draw_is_a_chore(deal)
        ]
    result = why = ""
    if over:
        result_dict = deal.result.to_dict()
        result = str(render_inline(describe_result(result_dict, names, rules)))
        why = explain_game_points(result_dict, rules, names)
    match = game.match
    scores = match.scores
    match_line = _("Match: you %(you)d, the computer %(computer)d (%(rule)s)") % {
        "you": scores[YOU],
        "computer": scores[COMPUTER],
        "rule": ngettext(
            "first to %(n)d game point", "first to %(n)d game points", rules.match_target
        )
        % {"n": rules.match_target}
        if rules.match_direction == "up" and not rules.match_deals
        else _("from %(n)d down to 0") % {"n": rules.match_target}
        if rules.match_direction == "down"
        else ngettext("%(n)d deal", "%(n)d deals", rules.match_deals) % {"n": rules.match_deals},
    }
    return PracticeView(
        game=game,
        seats=seats,
        turnup=state.get("turnup"),
        trump=state.get("trump"),
        stock=state["stock_size"],
        phase=state["phase"],
        trick=[(names[p["player"]], p["card"]) for p in state["trick"]],
        last_trick=[(names[p["player"]], p["card"]) for p in last],
        last_trick_winner=winner,
        happened=happened,
        highlight={a["card"] for a in new if a.get("card")} | set(drawn),
        choices=choices,
        result=result,
        why=why,
        match_line=match_line,
        match_result=describe_match_end(match),
        token=token,
        closed=state.get("closed_by") is not None,
        turn_line=_turn_line(deal),
        drawn=drawn,
        shown=shown,
        review=review,
        review_winner=review_winner,
        pad=_pad(game, names),
        can_take_back=can_take_back(game),
    )


def _trick_winner(game: Game, index: int) -> int:
    """Who won trick `index`: the leader of the next one (or the deal's last leader)."""
    tricks = player_view(game.deal, YOU).tricks
    if index + 1 < len(tricks):
        return tricks[index + 1][0][0]
    return game.deal.leader
