"""Moves at a table: a person's move, the computer's seats, idle seats, the next deal.

Only the server deals, judges and plays the computer's seats; each function reads the
table, checks, and writes with store.commit (compare-and-set), so a replayed or raced
message changes nothing. The computer plays with practice's player (practice.seats), the
refusals are practice's sentences (words/).
"""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from sixtysix import Action, EngineError
from sixtysix.match import Match

from practice.game import MAX_ACTIONS, MAX_PAD, match_state, pad_row
from practice.ids import next_match_id
from practice.seats import computer_move
from words.deal_words import deal_over_refusal, not_your_turn_refusal
from words.explain import explain_refusal

from .models import Seat, Table
from .store import Loaded, commit, load

GREETINGS = ("luck", "well", "thanks", "moment")


def idle_seconds() -> float:
    return float(getattr(settings, "TABLES_IDLE_SECONDS", 60))


def stale_refusal() -> str:
    return _("The table has moved on since: here it is as it is now.")


def only_draws(deal) -> bool:
    legal = deal.legal_actions()
    return bool(legal) and all(a.type == "draw" for a in legal)


def auto_action(loaded: Loaded) -> tuple[Action, str] | None:
    """The move nobody chooses: a computer seat's (or an idle seat's), or a draw that is
    all a person may do."""
    deal = loaded.deal
    if not loaded.table.started or deal.result is not None or deal.to_act is None:
        return None
    seat = loaded.seats[deal.to_act]
    if seat.kind == "computer" or seat.away:
        return computer_move(loaded.game, deal.to_act), "computer"
    if only_draws(deal):
        return Action(deal.to_act, "draw"), "auto"
    return None


def advance(table: Table, notify: Callable[[], None] | None = None) -> int:
    """Play every move nobody chooses, one commit each (so each reaches the table as it
    happens); the count of moves made."""
    made = 0
    for _i in range(MAX_ACTIONS):
        table.refresh_from_db()
        loaded = load(table)
        step = auto_action(loaded)
        if step is None:
            return made
        action, by = step
        if commit(table, [(action, by, False)]):
            made += 1
            if notify:
                notify()
    return made


def _check(loaded: Loaded, seat: int, at: int | None) -> str:
    deal = loaded.deal
    if not loaded.table.started:
        return _("The match starts when every seat is taken.")
    if at is not None and at != loaded.table.version:
        return stale_refusal()
    if deal.result is not None:
        return deal_over_refusal()
    if deal.to_act != seat:
        return not_your_turn_refusal()
    return ""


def human_move(table: Table, seat: int, key: str, at: int | None = None) -> str:
    """Play `seat`'s move `key`; "" when done, else why not (translated).

    A card chosen while a draw is due draws first (every seat whose only move is the draw
    draws too), then plays, as in practice."""
    loaded = load(table)
    refusal = _check(loaded, seat, at)
    if refusal:
        return refusal
    deal, rules = loaded.deal, loaded.game.rules
    try:
        action = Action.from_key(key[:20], seat)
        probe = deal.copy()
        steps: list[Action] = []
        if (
            action.type == "play"
            and any(a.type == "draw" for a in deal.legal_actions())
            and not deal.is_legal(action)
        ):
            steps.append(Action(seat, "draw"))
            probe.apply(steps[-1])
            while probe.to_act != seat and only_draws(probe):
                steps.append(Action(probe.to_act, "draw"))
                probe.apply(steps[-1])
        probe.check(action)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=rules)
    steps.append(action)
    moves = [(a, "seat" if a.player == seat else "auto", i == 0) for i, a in enumerate(steps)]
    if not commit(table, moves, request=None):
        return stale_refusal()
    return ""


def next_deal(table: Table, at: int | None = None) -> str:
    """The next deal of the match, or a rematch once the match is over."""
    loaded = load(table)
    game = loaded.game
    if at is not None and at != table.version:
        return stale_refusal()
    if not game.over:
        return _("Finish this deal first.")
    if game.match.over:
        rules = game.rules
        changes: dict[str, Any] = {
            "match_id": next_match_id(table.match_id),
            "number": 0,
            "start": match_state(Match(rules, dealer=rules.players - 1)),
            "pad": [],
        }
    else:
        changes = {
            "number": table.number + 1,
            "start": match_state(game.match),
            "pad": [*table.pad, pad_row(game)][-MAX_PAD:],
        }
    if not commit(table, request=None, **changes):
        return stale_refusal()
    return ""


def last_start(loaded: Loaded, seat: int) -> int | None:
    starts = [m.index for m in loaded.moves if m.start and m.player == seat]
    return starts[-1] if starts else None


def ask_back(table: Table, seat: int, at: int | None = None) -> str:
    """Ask to take back `seat`'s last move; done at once when nobody else must agree."""
    loaded = load(table)
    if table.takeback == "off":
        return _("Take-backs are off at this table.")
    if at is not None and at != table.version:
        return stale_refusal()
    cut = last_start(loaded, seat)
    if cut is None or loaded.game.over:
        return _("There is no move to take back.")
    if loaded.humans == [seat]:
        ok = commit(table, cut=cut, request=None)
    else:
        ok = commit(table, turn=False, request={"seat": seat, "cut": cut, "yes": [seat]})
    return "" if ok else stale_refusal()


def answer_back(table: Table, seat: int, yes: bool) -> str:
    """Agree to (or refuse) the take-back another player asked for."""
    loaded = load(table)
    request = table.request
    if not request or request["seat"] == seat or seat not in loaded.humans:
        return _("Nobody has asked to take a move back.")
    if not yes:
        ok = commit(table, turn=False, request=None)
    elif set(loaded.humans) <= {*request["yes"], seat}:
        ok = commit(table, cut=request["cut"], request=None)
    else:
        ok = commit(table, turn=False, request={**request, "yes": [*request["yes"], seat]})
    return "" if ok else stale_refusal()


def greet(table: Table, seat: int, key: str) -> str:
    if key not in GREETINGS:
        return _("That request is not understood.")
    said = [*table.greetings[-3:], [seat, key]]
    return "" if commit(table, turn=False, greetings=said) else stale_refusal()


def deadline(loaded: Loaded) -> float | None:
    """When the seat to act is played by the computer if it has not moved (epoch seconds)."""
    deal, table = loaded.deal, loaded.table
    if not table.started or deal.result is not None or deal.to_act is None:
        return None
    seat = loaded.seats[deal.to_act]
    if seat.kind != "friend" or seat.away or table.turn_since is None:
        return None
    return table.turn_since.timestamp() + idle_seconds()


def tick(table: Table, notify: Callable[[], None] | None = None) -> bool:
    """Hand an idle seat to the computer once its time is up, and play on whatever is due
    (also after a worker died between two moves). True when anything changed."""
    loaded = load(table)
    due = deadline(loaded)
    changed = False
    if due is not None and timezone.now().timestamp() >= due:
        seat = loaded.seats[loaded.deal.to_act]
        if Seat.objects.filter(pk=seat.pk, away=False).update(away=True):
            changed = commit(table, turn=False) or changed
            if notify:
                notify()
    return bool(advance(table, notify)) or changed


def present(table: Table, seat: Seat) -> int | None:
    """The seat's player is here: take the seat back from the computer.

    When it was away, the version its fresh turn clock replaced, else None: only the
    clock changed there, so a message sent on that version still stands (`rebase`)."""
    now = timezone.now()
    if seat.seen is None or now - seat.seen > timedelta(seconds=10):
        Seat.objects.filter(pk=seat.pk).update(seen=now)
        Table.objects.filter(pk=table.pk).update(touched=now)
    if seat.away and Seat.objects.filter(pk=seat.pk, away=True).update(away=False):
        seat.away = False
        table.refresh_from_db()
        replaced = table.version
        if commit(table):  # a fresh turn clock for the one who came back
            return replaced
    return None


def rebase(at: int | None, replaced: int | None) -> int | None:
    """The version a message was sent on, moved past a return (`present`) it predates."""
    return at + 1 if replaced is not None and at == replaced else at
