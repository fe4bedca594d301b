"""A practice match against the computer: state, moves and hints, all through the engine.

The whole game is a small signed token (variant, seed, dealer, the deal's actions and the
match score). It travels in the page's form and in a cookie, so no account or database row
is needed, every tab plays its own copy, and a forged or stale token is simply refused.
"""

import random
from dataclasses import dataclass, field
from typing import Any

from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.engine import Action, Deal, EngineError, RuleSet
from rules.engine.match import Match
from rules.engine.players import player_view
from rules.models import Variant
from words.explain import describe_action, describe_result, explain_refusal, seat_name
from words.markup import render_inline
from words.table import SeatView, TableView, choice_label

SALT = "sixtysix.practice"
YOU, COMPUTER = 0, 1
PRACTICE_VARIANTS = ("classic66", "classic66_32", "schnapsen", "idiot66")
MAX_ACTIONS = 400  # far more than any deal has; a longer token is not a real game


class GameError(Exception):
    """A token that is forged, stale or not a game of this variant."""


def _computer(seed: int):
    """The strongest computer player the engine offers."""
    try:
        from rules.engine.computer import ComputerPlayer
    except ImportError:  # pragma: no cover - the computer player ships with the engine
        from rules.engine.players import RandomPlayer as ComputerPlayer
    return ComputerPlayer(seed)


@dataclass
class Game:
    variant: Variant
    rules: RuleSet
    seed: int
    dealer: int
    actions: list[dict[str, Any]]
    match: Match
    recorded: bool = False
    seen: int = 0  # actions the reader has already seen (the rest are "just now")
    deal: Deal = field(init=False)

    def __post_init__(self) -> None:
        self.deal = Deal.new(self.rules, seed=self.seed, dealer=self.dealer)
        for raw in self.actions:
            self.deal.apply(Action.from_dict(raw))

    # -- the token ---------------------------------------------------------------------
    def dumps(self) -> str:
        match = {
            "dealer": self.match.dealer,
            "scores": self.match.scores,
            "deals": self.match.deals_played,
            "carry": self.match.carry,
            "winners": self.match.winners,
            "stakes": sorted(self.match.stakes.items()),
        }
        data = {
            "v": self.variant.slug,
            "seed": self.seed,
            "dealer": self.dealer,
            "a": [Action.from_dict(a).key() + f"@{a['player']}" for a in self.actions],
            "m": match,
            "r": self.recorded,
            "s": self.seen,
        }
        return signing.dumps(data, salt=SALT, compress=True)


def _rules(variant: Variant) -> RuleSet:
    return RuleSet.from_dict(variant.rules)


def game_new(*, variant: Variant, seed: int | None = None) -> Game:
    """A new match, its first deal dealt by the computer so that the reader leads."""
    rules = _rules(variant)
    match = Match(rules, dealer=COMPUTER)
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    game = Game(variant, rules, seed, match.dealer, [], match)
    computer_turns(game)
    return game


def game_loads(*, variant: Variant, token: str) -> Game:
    try:
        data = signing.loads(token, salt=SALT)
        if data["v"] != variant.slug or len(data["a"]) > MAX_ACTIONS:
            raise GameError("other variant")
        actions = []
        for item in data["a"]:
            key, _sep, player = item.rpartition("@")
            actions.append(Action.from_key(key, int(player)).to_dict())
        rules = _rules(variant)
        m = data["m"]
        match = Match(
            rules,
            dealer=m["dealer"],
            scores=list(m["scores"]),
            deals_played=m["deals"],
            carry=m["carry"],
            winners=m["winners"],
            stakes={int(seat): int(stake) for seat, stake in m.get("stakes", [])},
        )
        return Game(
            variant,
            rules,
            int(data["seed"]),
            int(data["dealer"]),
            actions,
            match,
            bool(data["r"]),
            int(data["s"]),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, EngineError) as exc:
        raise GameError(str(exc)) from exc


def computer_turns(game: Game) -> None:
    """Let the computer act until it is the reader's turn or the deal is over."""
    computer = _computer(game.seed * 1000 + len(game.actions))
    while game.deal.result is None and game.deal.to_act == COMPUTER:
        action = computer.choose(player_view(game.deal, COMPUTER))
        game.deal.apply(action)
        game.actions.append(action.to_dict())
    if game.deal.result is not None and not game.recorded:
        game.match.record(game.deal.result)
        game.recorded = True


def game_move(*, game: Game, key: str) -> str | None:
    """Play the reader's move; None when done, else the explanation of the refusal."""
    if game.deal.result is not None:
        return _("The deal is over; start the next one.")
    try:
        action = Action.from_key(key[:20], YOU)
        game.deal.check(action)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, game.deal.state(), rules=game.rules)
    game.seen = len(game.actions)
    game.deal.apply(action)
    game.actions.append(action.to_dict())
    computer_turns(game)
    return None


def game_next_deal(*, game: Game) -> Game:
    """The next deal of the match (or a new match once this one is over)."""
    if game.match.over:
        return game_new(variant=game.variant)
    seed = random.SystemRandom().randrange(1, 2**31)
    nxt = Game(game.variant, game.rules, seed, game.match.dealer, [], game.match)
    computer_turns(nxt)
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
    can_reveal: bool = False
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
        return _("A declaration without enough points gives the opponent the penalty.")
    if reason in ("closed_failed", "closer_beaten"):
        return _(
            "The closer did not make it: the penalty is 2, or 3 if the other player had no "
            "trick when the stock was closed."
        )
    if reason == "last_trick":
        return _("Nobody declared, so the last trick decided the deal.")
    return ""


def practice_view(*, game: Game, token: str) -> PracticeView:
    deal, rules = game.deal, game.rules
    state = deal.state()
    names = _names(rules)
    over = deal.result is not None
    seats = [
        SeatView(
            seat=seat,
            name=names[seat],
            is_you=seat == YOU,
            cards=state["hands"][seat],
            hidden=seat != YOU and not over,
            tricks=state["tricks_won"][seat],
            points=state["card_points"][seat],
            pending=state["pending_marriage_points"][seat],
            dealer=seat == state.get("dealer"),
            to_act=seat == deal.to_act,
            sitting_out=False,
            # Counting is part of the game: the opponent's points show once the deal is over.
            points_visible=seat == YOU or over,
        )
        for seat in (COMPUTER, YOU)
    ]
    new = game.actions[game.seen :]
    happened = [
        str(render_inline(describe_action(a, names[a["player"]], a["player"] == YOU, rules)))
        for a in new
    ]
    last = state.get("last_trick") or []
    # After a trick its winner is the next leader (also once the deal is over).
    winner = names[state["leader"]] if last and not state["trick"] else ""
    choices = []
    if not over and deal.to_act == YOU:
        choices = [
            {"key": a.key(), "label": choice_label(a.to_dict(), rules), **a.to_dict()}
            for a in deal.legal_actions()
        ]
    result = why = ""
    if over:
        result_dict = deal.result.to_dict()
        result = str(render_inline(describe_result(result_dict, names, rules)))
        why = explain_game_points(result_dict, rules, names)
    scores = game.match.scores
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
        highlight={a["card"] for a in new if a.get("card")},
        choices=choices,
        result=result,
        why=why,
        match_line=match_line,
        match_result=describe_match_end(game.match),
        token=token,
        closed=state.get("closed_by") is not None,
    )


def practice_hint(*, game: Game) -> str | None:
    """The solver's advice for the reader once the stock is used up or closed, as HTML."""
    from rules.engine.solver import SolverError, solve, supports

    deal = game.deal
    if deal.result is not None or deal.to_act != YOU or deal.state()["phase"] != "strict":
        return None
    if not supports(game.rules):
        return None
    try:
        analysis = solve(player_view(deal, YOU), game.rules, time_limit=2.0)
    except SolverError:
        return str(render_inline(_("The solver could not finish in time; try again.")))
    moves = " / ".join(
        choice_label(a.to_dict(with_player=False), game.rules) for a in analysis.best
    )
    best = analysis.move(analysis.best[0])
    raw = game.rules.scoring == "raw_points"
    if analysis.perfect_information:
        value = round(best.value)
        if raw:
            outcome = (
                _("with best play on both sides you finish %(n)d points ahead.") % {"n": value}
                if value >= 0
                else _("with best play on both sides you finish %(n)d points behind.")
                % {"n": -value}
            )
        elif value > 0:
            outcome = ngettext(
                "with best play on both sides you win %(n)d game point.",
                "with best play on both sides you win %(n)d game points.",
                value,
            ) % {"n": value}
        elif value < 0:
            outcome = ngettext(
                "even with best play the computer wins %(n)d game point.",
                "even with best play the computer wins %(n)d game points.",
                -value,
            ) % {"n": -value}
        else:
            outcome = _("with best play on both sides nobody scores.")
        text = _("Best move: %(moves)s — %(outcome)s") % {"moves": moves, "outcome": outcome}
    else:
        facts = {
            "moves": moves,
            "share": round(best.win_share * 100),
            "value": f"{best.value:+.2f}",
            "layouts": analysis.layouts,
        }
        message = (
            _(
                "Best move: %(moves)s — it wins in %(share)d%% of the %(layouts)d ways the "
                "unseen cards can lie, %(value)s game points on average."
            )
            if analysis.exhaustive
            else _(
                "Best move: %(moves)s — it wins in %(share)d%% of %(layouts)d sampled ways the "
                "unseen cards can lie, %(value)s game points on average."
            )
        )
        text = message % facts
    return f"<p>{text}</p>"
