"""Hints for the practice table: computed once per position, shared, and kept in bounds.

A position's hint (the engine's `sixtysix.hints`) is cached for everyone under a hash
of what the reader's seat knows; at most `HINT_SLOTS` are computed at once per process and
`machine_slots()` on the whole machine (leases in the shared store, guard.limits:
with sync workers one worker always stays free for pages); the rest are told to try again
(503, also when the store is down). Each client may ask for `rate_limit()` new hints a
minute across all workers (429). Words are made here, per language, from the cached
numbers.
"""

import contextlib
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Action, RuleSet
from sixtysix.hints import hint_for, view_key
from sixtysix.players import player_view

from guard import limits
from words.table import choice_label

from .game import Game
from .ids import YOU

logger = logging.getLogger(__name__)

HINT_SLOTS = 2
RATE_LIMIT = 10  # new hints per client and minute (setting PRACTICE_HINT_RATE overrides)
RATE_WINDOW = 60
RETRY_BUSY = 2  # seconds
CACHE_SECONDS = 24 * 3600
_slots = threading.BoundedSemaphore(HINT_SLOTS)


class HintBusy(Exception):
    """Every hint slot of this process is taken."""


class HintRateLimited(Exception):
    """This client asked for too many new hints in the last minute."""


@dataclass
class HintText:
    line: str  # the advice, as safe HTML
    summary: str  # what the numbers rest on (plain text)
    details: list[str]  # one line per move, safe HTML


def _key(game: Game) -> str:
    return f"practice-hint:{game.table}:{view_key(player_view(game.deal, YOU))}"


def _compute(game: Game) -> dict | None:
    hint = hint_for(game.deal, YOU)
    if hint is None:
        return None
    return {
        "best": hint.best.key(),
        "method": hint.method,
        "reason": hint.reason,
        "samples": hint.samples,
        "points": hint.points,
        "marriage": hint.marriage,
        "moves": [[m.action.key(), m.value, m.win_share] for m in hint.moves],
    }


def rate_limit() -> int:
    return int(getattr(settings, "PRACTICE_HINT_RATE", RATE_LIMIT))


def machine_slots() -> int:
    """Hints and computer moves worked out at once on the machine (one pool, "compute"):
    one core is left for everything else."""
    return int(getattr(settings, "PRACTICE_HINT_MACHINE_SLOTS", max(1, (os.cpu_count() or 2) - 1)))


@contextlib.contextmanager
def hint_slot() -> Iterator[None]:
    """One of the process's and of the machine's hint slots, or HintBusy at once."""
    if not _slots.acquire(blocking=False):
        raise HintBusy
    try:
        with limits.slot("compute", machine_slots()):
            yield
    except (limits.Busy, limits.Unavailable) as exc:
        raise HintBusy from exc
    finally:
        _slots.release()


def _cached(key: str):
    try:
        return cache.get(key)
    except Exception as exc:  # a cache that is down: work the hint out, uncached
        logger.warning("Hint cache unavailable: %s", exc)
        return None


def hint_data(game: Game, client: str) -> dict | None:
    """The cached numbers of the reader's position, computing them if need be.

    Raises HintRateLimited or HintBusy instead of computing when over the limits."""
    deal = game.deal
    if deal.result is not None or deal.to_act != YOU or len(deal.legal_actions()) < 2:
        return None
    key = _key(game)
    cached = _cached(key)
    if cached is not None:
        return cached or None
    try:
        limits.take("hint", client, rate_limit(), RATE_WINDOW)
    except limits.Limited as exc:
        raise HintRateLimited from exc
    except limits.Unavailable as exc:
        raise HintBusy from exc
    with hint_slot():
        data = _compute(game)
    try:
        cache.set(key, data or {}, CACHE_SECONDS)
    except Exception as exc:
        logger.warning("Hint not cached: %s", exc)
    return data


def _label(key: str, rules: RuleSet) -> str:
    return choice_label(Action.from_key(key, YOU).to_dict(with_player=False), rules)


def _tenths(share: float) -> int:
    return round(share * 10)


def _signed(value: float) -> str:
    """An average with its sign, as the reader's language writes numbers: "+0,6", and a true
    minus sign (U+2212) rather than a hyphen."""
    rounded = round(value, 1)
    text = number_format(abs(rounded), decimal_pos=1)
    if rounded == 0:  # no "-0,0": an average that rounds to nothing has no sign
        return text
    return ("+" if rounded > 0 else "\u2212") + text


def hint_text(data: dict, rules: RuleSet) -> HintText:
    """The advice in plain words; the numbers go to `details`."""
    target = rules.target
    move = _label(data["best"], rules)
    reason, method = data["reason"], data["method"]
    if method == "rule":  # the auction or naming trumps: a rule of thumb, no numbers
        facts = {"move": move}
        if data["best"] == "pass" and reason == "bid":
            line = _fill(
                _(
                    "%(move)s: your hand is not strong enough to bid higher. A rule of thumb, "
                    "not a worked-out answer."
                ),
                facts,
            )
        elif data["best"] == "pass":
            line = _fill(
                _(
                    "%(move)s: no suit is strong enough to name, so let the next card decide. "
                    "A rule of thumb, not a worked-out answer."
                ),
                facts,
            )
        elif reason == "trump":
            line = _fill(
                _("%(move)s: your strongest suit. A rule of thumb, not a worked-out answer."),
                facts,
            )
        else:
            line = _fill(
                _(
                    "%(move)s: what your high cards, trumps and marriages are likely to take. "
                    "A rule of thumb, not a worked-out answer."
                ),
                facts,
            )
        return HintText(line, "", [])
    best = next(m for m in data["moves"] if m[0] == data["best"])
    n = _tenths(best[2])
    facts = {"move": move, "points": data["points"], "target": target, "n": n}
    many = rules.players > 2
    if reason == "claim":
        line = _fill(_("%(move)s: you already have %(points)d points, %(target)d or more."), facts)
    elif reason == "last_trump" and many:
        line = _fill(
            _(
                "%(move)s: it draws the last trump the others hold, and then you win the deal "
                "whatever they play."
            ),
            facts,
        )
    elif reason == "last_trump":
        line = _fill(
            _(
                "%(move)s: it draws your opponent's last trump, and then you win the deal "
                "whatever they play."
            ),
            facts,
        )
    elif reason == "marriage":
        facts["marriage"] = data.get("marriage", 0)
        line = _fill(_("%(move)s: the marriage is worth %(marriage)d points."), facts)
    elif reason == "only_win" and many:
        line = _fill(_("%(move)s: it is the only move that wins, whatever the others play."), facts)
    elif reason == "only_win":
        line = _fill(
            _("%(move)s: it is the only move that wins, whatever your opponent plays."), facts
        )
    elif reason == "wins" and many:
        line = _fill(_("%(move)s: with it you win the deal, whatever the others play."), facts)
    elif reason == "wins":
        line = _fill(_("%(move)s: with it you win the deal, whatever your opponent plays."), facts)
    elif reason == "all_lose" and method == "exact":
        line = _fill(
            _("Every move loses this deal. The one that loses the least: %(move)s."), facts
        )
    elif reason == "all_lose":
        line = _fill(
            _("Every move is likely to lose. The one that loses the least: %(move)s."), facts
        )
    elif reason == "likely":
        line = _fill(
            ngettext(
                "%(move)s: it wins about %(n)d time out of 10, however the unseen cards lie.",
                "%(move)s: it wins about %(n)d times out of 10, however the unseen cards lie.",
                n,
            ),
            facts,
        )
    elif n == 0:  # under one in twenty: "about 0 times" is no number to give
        line = _fill(_("%(move)s: your best chance, though it wins less than once in 10."), facts)
    else:
        line = _fill(
            ngettext(
                "%(move)s: your best chance, though it wins only about %(n)d time out of 10.",
                "%(move)s: your best chance, though it wins only about %(n)d times out of 10.",
                n,
            ),
            facts,
        )
    count = data["samples"]
    if method == "exact":
        summary = _("Worked out exactly: every card left is known.")
    else:
        summary = ngettext(
            "Played out in %(count)d way the unseen cards could lie.",
            "Played out in %(count)d ways the unseen cards could lie.",
            count,
        ) % {"count": count}
    details = []
    for key, value, share in sorted(data["moves"], key=lambda m: -m[1]):
        facts = {"move": _label(key, rules), "share": round(share * 100), "value": _signed(value)}
        details.append(
            _fill(
                _("%(move)s: wins %(share)d%% of the time, %(value)s game points on average."),
                facts,
            )
        )
    return HintText(line, summary, details)


def _fill(template: str, facts: dict) -> str:
    """A translated sentence with the move's label (already HTML) put in, escaped once."""
    return mark_safe(conditional_escape(template) % facts)  # noqa: S308 - escaped above
