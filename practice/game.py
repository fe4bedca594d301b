"""One deal of a practice match and the signed token it travels in.

The token (in the page's form and in a cookie) holds only public facts: the variant, the
match id, the public id of the deal, the moves played so far and the match score; the
cards come back from the deal id's secret seed (ids.py).
"""

from dataclasses import dataclass, field
from typing import Any

from django.core import signing
from sixtysix import Action, Deal, EngineError, RuleSet
from sixtysix.cards import mask_codes
from sixtysix.computer import DEFAULT_LEVEL, check_level
from sixtysix.match import Match

from rules import house as house_rules
from rules.models import Variant

from .ids import YOU, as_int, clean_id, deal_seed
from .positions import start_position

SALT = "sixtysix.practice"
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


class GameError(Exception):
    """A token that is forged, stale or not a game of this variant."""


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


def match_state(m: Match) -> dict[str, Any]:
    """The match as a token or a table row keeps it (plain JSON)."""
    return {
        "dealer": m.dealer,
        "scores": list(m.scores),
        "deals": m.deals_played,
        "carry": m.carry,
        "winners": list(m.winners) if m.winners is not None else None,
        "stakes": sorted(m.stakes.items()),
    }


def match_from(rules: RuleSet, d: dict[str, Any]) -> Match:
    """The match back from `match_state`'s form."""
    return Match(
        rules,
        dealer=as_int(d["dealer"]),
        scores=[as_int(s) for s in d["scores"]],
        deals_played=as_int(d["deals"]),
        carry=as_int(d["carry"]),
        winners=[as_int(w) for w in d["winners"]] if d["winners"] is not None else None,
        stakes={as_int(seat): as_int(stake) for seat, stake in d.get("stakes", [])},
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
    house: str = ""  # the house-rules code the match is played by ("" = the preset); public
    level: str = DEFAULT_LEVEL  # the computer's level (sixtysix.computer.LEVELS); public
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
    def table(self) -> str:
        """Which rules the match plays by, for the caches of hints and replies: the variant,
        or a house table of it (the code is canonical, so one name per table)."""
        return f"{self.variant.slug}~{self.house}" if self.house else self.variant.slug

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
        data = {
            "v": self.variant.slug,
            "id": self.match_id,
            "n": self.number,
            "d": self.deal_id,
            "a": [Action.from_dict(a).key() + f"@{a['player']}" for a in self.actions],
            "u": self.moves,
            "m": match_state(self.start),
            "p": self.pad,
            "s": self.seen,
        }
        if self.origin:
            data["o"] = self.origin
        if self.house:
            data["h"] = self.house
        if self.level != DEFAULT_LEVEL:
            data["l"] = self.level
        return signing.dumps(data, salt=SALT, compress=True)


def table_rules(variant: Variant, house: str = "") -> RuleSet:
    """The variant's rules, or those of a house table of it (GameError if not a table)."""
    base = variant.ruleset
    if not house:
        return base
    try:
        table, canonical = house_rules.from_code(base, house)
    except (house_rules.HouseCodeError, EngineError) as exc:
        raise GameError(f"bad house code: {exc}") from exc
    if canonical != house:
        raise GameError("house code not canonical")
    return table


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
        house = data.get("h", "")
        if not isinstance(house, str):
            raise GameError("bad house code")
        rules = table_rules(variant, house)
        level = check_level(data.get("l", DEFAULT_LEVEL))
        start = match_from(rules, data["m"])
        moves = [as_int(i) for i in data["u"]]
        pad = [list(row) for row in data["p"]][:MAX_PAD]
        origin = data.get("o", "")
        if not isinstance(origin, str):
            raise GameError("bad origin")
        return Game(
            variant,
            rules,
            match_id,
            as_int(data["n"]),
            deal_id,
            actions,
            start,
            moves,
            pad,
            as_int(data["s"]),
            origin,
            house,
            level,
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, EngineError) as exc:
        raise GameError(str(exc)) from exc


def pad_row(game: Game) -> list[Any]:
    """The score pad's line of a finished deal: id, winner (-1 none), reason, then the
    game points of every seat."""
    result = game.deal.result
    assert result is not None
    winners = list(result.winners)
    gp = list(result.game_points_by_seat) or [0] * game.players
    return [game.deal_id, winners[0] if winners else -1, result.reason, *gp]
