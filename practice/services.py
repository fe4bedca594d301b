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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Action, Deal, EngineError, RuleSet
from sixtysix.bidding import contract_points, is_moon
from sixtysix.cards import mask_codes
from sixtysix.computer import ComputerPlayer, claim_is_true
from sixtysix.match import Match
from sixtysix.players import RandomPlayer, player_view

from rules.models import Variant
from words.explain import (
    RESULT_REASONS,
    describe_action,
    describe_result,
    explain_refusal,
    seat_name,
)
from words.markup import render_inline
from words.table import SeatView, TableView, choice_label, trick_winner_name

SALT = "sixtysix.practice"
YOU, COMPUTER = 0, 1  # the reader always sits at seat 0; in two-player games seat 1 is the computer
PRACTICE_VARIANTS = (
    "classic66",
    "classic66_32",
    "schnapsen",
    "idiot66",
    "three_all_play",
    "three_dealer_out",
    "three_no_stock",
    "four_double_pack_101",
    "four_partnership_66",
    "four_hand_american",
    "north_american_bid66",
)
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


def computer_seed(slug: str, deal_id: str, step: int, seat: int = COMPUTER) -> int:
    """A computer seat's own randomness at one point of a deal: secret in the same way."""
    parts = (slug, deal_id, step) if seat == COMPUTER else (slug, deal_id, step, seat)
    return int.from_bytes(_mac("computer", *parts)[:8], "big")


def next_deal_id(match_id: str, number: int) -> str:
    """Deal `number` (0-based) of a match: fixed by the match id, so no re-rolls."""
    return _short_id(_mac("next", match_id, number))


def match_of_deal(deal_id: str) -> str:
    """The match id of a shared deal, so the whole match after it is the same too."""
    return _short_id(_mac("match-of", deal_id))


def next_match_id(match_id: str) -> str:
    """The match started from a finished (or abandoned) one: fixed, not re-rolled."""
    return _short_id(_mac("match-after", match_id))


# -- "play on from here": start positions named by other apps -----------------------------


@dataclass
class StartPosition:
    """A public position to play on from: a layout and the actions already played (both in
    the engine protocol's shapes), and the seat the reader takes."""

    variant: str
    layout: dict[str, Any]
    actions: list[dict[str, Any]]
    you: int = 0


_SOURCES: dict[str, Callable[[str], StartPosition | None]] = {}
ORIGIN_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,19}:[A-Za-z0-9_.-]{1,80}", re.ASCII)


def register_position_source(prefix: str, resolve: Callable[[str], StartPosition | None]) -> None:
    """Let `?from=<prefix>:<name>` start a match from `resolve(name)` (None: unknown name).

    Other apps register here (the lessons do, in their AppConfig.ready); practice imports
    none of them."""
    _SOURCES[prefix] = resolve


def unregister_position_source(prefix: str) -> None:
    _SOURCES.pop(prefix, None)


def _source(prefix: str) -> Callable[[str], StartPosition | None] | None:
    return _SOURCES.get(prefix)


def _rotate(seat: int, you: int, n: int) -> int:
    return (seat - you) % n


def start_position(origin: str, variant: Variant) -> tuple[dict, list[dict]] | None:
    """The layout and prelude of an origin, turned so the reader sits at seat 0; None when
    the origin is unknown, of another variant, or not a position the engine accepts."""
    if not isinstance(origin, str) or not ORIGIN_PATTERN.fullmatch(origin):
        return None
    prefix, _sep, name = origin.partition(":")
    resolve = _source(prefix)
    if resolve is None:
        return None
    try:
        position = resolve(name)
    except Exception:  # another app's bug must not break practice
        return None
    if position is None or position.variant != variant.slug:
        return None
    rules = _rules(variant)
    n = rules.players
    try:
        you = _int(position.you)
        layout = dict(position.layout)
        hands = list(layout["hands"])
        turned = [hands[(s + you) % n] for s in range(n)]
        layout["hands"] = turned
        layout["dealer"] = _rotate(_int(layout.get("dealer", 0)), you, n)
        prelude = [
            {**a, "player": _rotate(_int(a["player"]), you, n)} for a in list(position.actions)
        ]
        deal = Deal.new(rules, layout=layout)
        for raw in prelude:
            deal.apply(Action.from_dict(raw))
    except (EngineError, KeyError, TypeError, ValueError, IndexError):
        return None
    if deal.result is not None:
        return None
    return layout, prelude


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
    origin: str = ""  # the public position the first deal started from ("lesson:<slug>")
    deal: Deal = field(init=False)
    drawn: dict[int, str] = field(init=False)
    prelude: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.drawn = {}
        start = start_position(self.origin, self.variant) if self.origin else None
        if self.origin and self.number == 0:
            if start is None:
                raise GameError("unknown origin")
            layout, prelude = start
            self.deal = Deal.new(self.rules, layout=layout)
            for raw in prelude:
                self.deal.apply(Action.from_dict(raw))
            self.prelude = len(prelude)
        else:
            self.deal = Deal.new(
                self.rules,
                seed=deal_seed(self.variant.slug, self.deal_id),
                dealer=self.start.dealer,
            )
        for raw in self.actions:
            self._apply(Action.from_dict(raw), record=False)

    def _apply(self, action: Action, *, record: bool = True) -> None:
        before = self.deal.hands[YOU]
        self.deal.apply(action)
        if action.type == "draw":  # one draw action fills every hand, winner first
            new = self.deal.hands[YOU] & ~before
            if new:
                self.drawn[len(self.deal.actions) - 1 - self.prelude] = mask_codes(new)[0]
        if record:
            self.actions.append(action.to_dict())

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def partners(self) -> bool:
        return self.rules.partnerships == "opposite_pairs"

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
        if self.origin:
            data["o"] = self.origin
        return signing.dumps(data, salt=SALT, compress=True)


def _rules(variant: Variant) -> RuleSet:
    return RuleSet.from_dict(variant.rules)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not an integer")
    return value


def game_new(
    *,
    variant: Variant,
    deal_id: str | None = None,
    match_id: str | None = None,
    origin: str = "",
) -> Game:
    """A new match, its first deal dealt by the computer on the reader's right so that the
    reader leads (or plays first after the bidding).

    With `deal_id` (a shared deal) the match id derives from it; else a fresh match id
    (or the given one) fixes every deal. With `origin` (a registered start position, see
    `start_position`) the first deal is that position; GameError when it is unknown."""
    rules = _rules(variant)
    if deal_id is not None:
        match_id = match_of_deal(deal_id)
    else:
        match_id = match_id or new_id()
        deal_id = next_deal_id(match_id, 0)
    dealer = rules.players - 1
    if origin:
        start = start_position(origin, variant)
        if start is None:
            raise GameError("unknown origin")
        dealer = start[0]["dealer"]
    game = Game(
        variant, rules, match_id, 0, deal_id, [], Match(rules, dealer=dealer), origin=origin
    )
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
        origin = data.get("o", "")
        if not isinstance(origin, str):
            raise GameError("bad origin")
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
            origin,
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
    while _others_only_draw(after):
        after.apply(Action(after.to_act, "draw"))
    if after.to_act != YOU:
        return False
    return others <= {a.key() for a in after.legal_actions()}


def _others_only_draw(deal: Deal) -> bool:
    """A computer seat is to act and drawing is all it may do."""
    return (
        deal.to_act is not None
        and deal.to_act != YOU
        and [a.type for a in deal.legal_actions()] == ["draw"]
    )


def computer_move(game: Game, seat: int) -> Action:
    """The computer's move for `seat`: the engine's ComputerPlayer, checked.

    No clock: the reply depends only on the position and the secret seed, so a move taken
    back and played again meets the same answer. Should the player fail or offer a move
    the deal refuses (a variant it does not know well yet), a seeded random legal move
    stands in, never a claim the counted points do not carry."""
    deal = game.deal
    seed = computer_seed(game.variant.slug, game.deal_id, len(game.actions), seat)
    view = player_view(deal, seat)
    try:
        # No clock: the reply depends only on the view and the seed (a take-back and the
        # same move bring the same reply); the playouts bound the work instead.
        playouts = getattr(settings, "PRACTICE_COMPUTER_PLAYOUTS", None)
        player = ComputerPlayer(seed, layouts=16, time_limit=None, playouts=playouts)
        action = player.choose(view)
        if deal.is_legal(action) and (action.type != "declare" or claim_is_true(view, game.rules)):
            return action
    except Exception:  # noqa: S110 - the page must go on whatever the player does
        pass
    legal = deal.legal_actions()
    honest = [a for a in legal if a.type != "declare" or claim_is_true(view, game.rules)]
    return RandomPlayer(seed, end_weight=0.2).pick(honest or legal)


def advance(game: Game) -> None:
    """Let the computer seats act, and draw for the reader when drawing is all there is to
    do, until the reader has a real choice or the deal is over."""
    deal = game.deal
    for _i in range(MAX_ACTIONS):
        if deal.result is not None or deal.to_act is None:
            return
        if deal.to_act != YOU:
            game._apply(computer_move(game, deal.to_act))
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
            while _others_only_draw(probe):
                probe.apply(Action(probe.to_act, "draw"))
        probe.check(action)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=game.rules)
    game.seen = start
    game.moves.append(start)
    if draw_first:
        game._apply(Action(YOU, "draw"))
        while _others_only_draw(deal):
            game._apply(Action(deal.to_act, "draw"))
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
        game.origin,
    )
    back.seen = len(back.actions)
    return back


def pad_row(game: Game) -> list[Any]:
    """The score pad's line of a finished deal: id, winner (-1 none), reason, then the
    game points of every seat."""
    result = game.deal.result
    assert result is not None
    winners = list(result.winners)
    gp = list(result.game_points_by_seat) or [0] * game.players
    return [game.deal_id, winners[0] if winners else -1, result.reason, *gp]


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
        origin=game.origin,  # only the first deal came from it; kept for the score pad
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
    pad_heads: list[str] = field(default_factory=list)
    can_take_back: bool = False
    can_reveal: bool = False
    contract: str = ""
    bidding: list[tuple[str, str]] = field(default_factory=list)
    side_line: str = ""
    sat_out: str = ""
    settlement: str = ""

    @property
    def buttons(self) -> list[dict]:
        """The choices other than a card (those are the cards in the hand)."""
        return [c for c in self.choices if c["type"] != "play"]

    @property
    def can_play(self) -> bool:
        """A card of the hand may be played now (not while bidding or naming trumps)."""
        return any(c["type"] == "play" for c in self.choices)

    hand_template: str = "practice/includes/hand.html"


def _names(rules: RuleSet) -> list[str]:
    partners = rules.partnerships == "opposite_pairs"
    return [seat_name(s, YOU, rules.players, partners) for s in range(rules.players)]


def _position(seat: int, players: int) -> str:
    """Where a seat sits as the reader (bottom) sees the table: left, across or right."""
    offset = (seat - YOU) % players
    if offset == 0:
        return "you"
    if players == 2:
        return "across"
    if offset == 1:
        return "left"
    if players == 4 and offset == 2:
        return "across"
    return "right"


def _same_side(seat: int, rules: RuleSet) -> bool:
    if seat == YOU:
        return True
    return rules.partnerships == "opposite_pairs" and (seat - YOU) % 2 == 0


def _side_names() -> list[str]:
    return [_("Your side"), _("The other side")]


def _mid(name: str) -> str:
    """A name inside a sentence ("Match: your side 3"), not starting it."""
    return name[:1].lower() + name[1:]


def _score_list(values: list[int], names: list[str]) -> str:
    return ", ".join(
        _("%(player)s %(points)d") % {"player": names[i], "points": v} for i, v in enumerate(values)
    )


def _match_rule(rules: RuleSet) -> str:
    if rules.match_direction == "up" and not rules.match_deals:
        return ngettext(
            "first to %(n)d game point", "first to %(n)d game points", rules.match_target
        ) % {"n": rules.match_target}
    if rules.match_direction == "down":
        return _("from %(n)d down to 0") % {"n": rules.match_target}
    return ngettext("%(n)d deal", "%(n)d deals", rules.match_deals) % {"n": rules.match_deals}


def match_line(match: Match) -> str:
    """The match score: per player, or per side in partnership games."""
    rules, scores = match.rules, match.scores
    if rules.players == 2:
        return _("Match: you %(you)d, the computer %(computer)d (%(rule)s)") % {
            "you": scores[YOU],
            "computer": scores[COMPUTER],
            "rule": _match_rule(rules),
        }
    if rules.partnerships == "opposite_pairs":
        names = [_mid(name) for name in _side_names()]
        text = _score_list([scores[YOU], scores[(YOU + 1) % rules.players]], names)
    else:
        text = _score_list(list(scores), [_mid(name) for name in _names(rules)])
    return _("Match: %(scores)s (%(rule)s)") % {"scores": text, "rule": _match_rule(rules)}


def describe_match_end(match: Match) -> str:
    """Who won the match, and whether it counts double (Schneider-Bummerl); "" while on."""
    if not match.over:
        return ""
    rules = match.rules
    winners = list(match.winners or [])
    if rules.partnerships == "opposite_pairs" and winners:
        if all(_same_side(w, rules) for w in winners):
            return _("You and your partner won the match.")
        if not any(_same_side(w, rules) for w in winners):
            return _("Your opponents won the match.")
        return _("The match is drawn.")
    if rules.players > 2:
        if winners == [YOU]:
            return _("You won the match.")
        if len(winners) == 1:
            return _("%(player)s won the match.") % {"player": _names(rules)[winners[0]]}
        return _("The match is drawn.")
    if winners == [YOU]:
        text = _("You won the match.")
    elif winners == [COMPUTER]:
        text = _("The computer won the match.")
    else:
        return _("The match is drawn.")
    if rules.match_direction == "down" and match.stakes.get(winners[0]) == 2:
        text += " " + _(
            "The loser never won a game point: a Schneider-Bummerl, which counts double."
        )
    return text


def describe_settlement(match: Match) -> str:
    """What changes hands at the end of an Idiot-66 round; "" elsewhere or while on."""
    rules = match.rules
    if not match.over or not rules.match_deals or not match.stakes or rules.players != 2:
        return ""
    ((winner, stake),) = match.stakes.items()
    if rules.idiot_settlement == "per_round":
        if winner == YOU:
            return _("Settlement: one stake a round, so the computer pays you 1.")
        return _("Settlement: one stake a round, so you pay the computer 1.")
    if winner == YOU:
        return _("Settlement: the difference in card points, so the computer pays you %(n)d.") % {
            "n": stake
        }
    return _("Settlement: the difference in card points, so you pay the computer %(n)d.") % {
        "n": stake
    }


def explain_game_points(result: dict, rules: RuleSet, names: list[str]) -> str:
    """Why the deal scored 1, 2 or 3: the loser's points and tricks against the table."""
    if not result.get("winners") or rules.scoring != "standard_1_2_3" or rules.players != 2:
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


def _turn_line(deal: Deal, names: list[str]) -> str:
    if deal.result is not None:
        return ""
    if deal.to_act == YOU:
        if deal.phase == "bidding":
            return _("Your turn to bid, or pass.")
        if deal.phase == "trump_naming":
            return _(
                "Your turn: name trumps from the cards you hold so far, or pass and let your "
                "next card decide."
            )
        if deal.trick:
            if deal.rules.players == 2:
                return _("Your turn: answer your opponent's card.")
            return _("Your turn: answer the cards on the table.")
        return _("Your turn to lead.")
    if deal.rules.players == 2:
        return _("Your opponent leads.")
    return ""


def _pad(game: Game, names: list[str]) -> tuple[list[str], list[dict]]:
    """The score pad: its column heads (players, or the two sides) and one row a deal."""
    rows = list(game.pad)
    if game.over:
        rows.append(pad_row(game))
    rules = game.rules
    partners = rules.partnerships == "opposite_pairs"
    if partners:
        heads, columns = _side_names(), [YOU, (YOU + 1) % rules.players]
    elif rules.players == 2:
        heads, columns = [_("You"), _("Your opponent")], [YOU, COMPUTER]
    else:
        heads, columns = list(names), list(range(rules.players))
    out = []
    for number, row in enumerate(rows, start=1):
        deal_id, winner, reason, *points = row
        how_of = RESULT_REASONS.get(reason)
        how = how_of(rules.target) if how_of else ""
        if not isinstance(winner, int) or not 0 <= winner < rules.players:
            who = "—"
        elif partners:
            who = _side_names()[0 if _same_side(winner, rules) else 1]
        else:
            who = names[winner]
        out.append(
            {
                "number": number,
                "id": deal_id,
                # the query that plays this deal again (a lesson's position by its origin)
                "query": urlencode(
                    {"from": game.origin} if game.origin and number == 1 else {"deal": deal_id}
                ),
                "winner": who,
                "how": how,
                "points": [points[c] if c < len(points) else 0 for c in columns],
                "current": game.over and number == len(rows),
            }
        )
    return heads, out


def _bidding(deal: Deal, names: list[str]) -> list[tuple[str, str]]:
    """Each bid and pass so far, in order: (seat name, what was said)."""
    out = []
    for seat, value in deal.bids:
        said = _("pass") if value == 0 else _bid_words(value, deal.rules)
        out.append((names[seat], said))
    return out


def _bid_words(value: int, rules: RuleSet) -> str:
    if is_moon(value, rules):
        return _("the moon (every trick, alone)")
    points = contract_points(value, rules) or 0
    return ngettext("%(n)d (%(points)d point)", "%(n)d (%(points)d points)", points) % {
        "n": value,
        "points": points,
    }


def _contract(deal: Deal, names: list[str]) -> str:
    if deal.rules.bidding == "none" or deal.phase == "bidding" or deal.high_bidder is None:
        return ""
    return _("Contract: %(player)s, %(bid)s") % {
        "player": _mid(names[deal.high_bidder]),
        "bid": _bid_words(deal.high_bid, deal.rules),
    }


def _seat_bid(deal: Deal, seat: int) -> str:
    said = [value for s, value in deal.bids if s == seat]
    if not said:
        return ""
    if said[-1] == 0:
        return _("passed")
    return _("bid %(bid)s") % {"bid": _bid_words(said[-1], deal.rules)}


def _sat_out(deal: Deal) -> str:
    """Why the reader takes no part in this deal ("" when playing)."""
    if YOU in deal.active:
        return ""
    if YOU not in deal.seats_in_order:
        return _("You dealt, so you sit out this deal; the others play it.")
    return _("Your partner bid the moon: you lay down your cards and sit out this deal.")


def _dealer_trump_card(state: dict, rules: RuleSet) -> str | None:
    """The dealer's bottom card that fixed trumps: shown to all (four-handed games)."""
    return state.get("trump_card") if rules.trump_source == "bottom_card_to_dealer" else None


def practice_view(*, game: Game, token: str) -> PracticeView:
    deal, rules = game.deal, game.rules
    n = rules.players
    state = deal.state()
    names = _names(rules)
    over = deal.result is not None
    you_view = player_view(deal, YOU)
    others = [s for s in range(n) if s != YOU]
    order = {"left": 0, "across": 1, "right": 2}
    others.sort(key=lambda s: order[_position(s, n)])
    seats = []
    for seat in [*others, YOU]:
        view = SeatView.of(
            state,
            seat,
            name=names[seat],
            you=YOU,
            to_act=deal.to_act,
            hidden=seat != YOU and not over,
            # Counting is part of the game: the other side's points show once the deal
            # is over; a partner's count is the reader's own side's.
            points_visible=_same_side(seat, rules) or over,
        )
        if view.hidden:
            view.cards = [""] * len(view.cards)  # only the count reaches the page
        if seat == YOU:
            view.cards = list(you_view.hand)  # while naming trumps: only the first cards
        view.position = _position(seat, n)
        view.partner = seat != YOU and _same_side(seat, rules)
        view.bid = _seat_bid(deal, seat)
        seats.append(view)
    new = game.actions[game.seen :]
    happened = [
        str(render_inline(describe_action(a, names[a["player"]], a["player"] == YOU, rules)))
        for a in new
        if a["type"] != "draw"
    ]
    drawn = [code for i, code in sorted(game.drawn.items()) if i >= game.seen]
    # The marriages the computer seats showed: both cards just now, later those still in
    # the hand (public knowledge: a counting player remembers them).
    shown = []
    for m in you_view.marriages:
        suit, player = m["suit"], m["player"]
        if player == YOU or over:
            continue
        held = set(state["hands"][player])
        just_now = {a["suit"] for a in new if a["type"] == "meld" and a["player"] == player}
        cards = [c for c in (f"K{suit}", f"Q{suit}") if c in held or suit in just_now]
        if cards:
            shown.append((names[player], cards))
    last = state.get("last_trick") or []
    winner = trick_winner_name(state, names)
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
    side_line = ""
    if rules.partnerships == "opposite_pairs" and deal.phase != "bidding":
        partner = (YOU + 2) % n
        side_line = _("Your side has %(points)d card points (you and your partner together).") % {
            "points": deal.seat_points(YOU) + deal.seat_points(partner)
        }
    match = game.match
    pad_heads, pad = _pad(game, names)
    return PracticeView(
        game=game,
        seats=seats,
        turnup=state.get("turnup"),
        trump=state.get("trump"),
        trump_card=_dealer_trump_card(state, rules),
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
        match_line=match_line(match),
        match_result=describe_match_end(match),
        settlement=describe_settlement(match),
        token=token,
        closed=state.get("closed_by") is not None,
        turn_line=_turn_line(deal, names),
        drawn=drawn,
        shown=shown,
        review=review,
        review_winner=review_winner,
        pad=pad,
        pad_heads=pad_heads,
        can_take_back=can_take_back(game),
        contract=_contract(deal, names),
        bidding=_bidding(deal, names),
        side_line=side_line,
        sat_out=_sat_out(deal),
    )


def _trick_winner(game: Game, index: int) -> int:
    """Who won trick `index`: the leader of the next one (the last one: the engine's record)."""
    tricks = player_view(game.deal, YOU).tricks
    if index + 1 < len(tricks):
        return tricks[index + 1][0][0]
    winner = game.deal.last_trick_winner
    return game.deal.leader if winner is None else winner
