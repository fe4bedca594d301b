"""Deals that are over stay over: an old form of a finished deal cannot reopen it.

A token holds only public facts and any earlier token of a deal still verifies, so a
reader who played a deal to its end (and saw every card) could post an earlier form and
play the deal again knowing them. When a deal ends, its match, number and id are noted in
the shared store (guard.limits' store: Redis or the database, across workers); a move or
a take-back in a deal so noted is refused. "Play this deal again" starts a new match of
its own, so it is never refused. A store that is down lets the move through: the reader
can only deceive themself.
"""

import logging

from django.core.cache import caches

logger = logging.getLogger(__name__)

KEEP = 30 * 24 * 3600  # as long as the practice cookie lives


def _key(game) -> str:
    return key(game.variant.slug, game.match_id, game.number, game.deal_id)


def key(slug: str, match_id: str, number: int, deal_id: str) -> str:
    return f"over:{slug}:{match_id}:{number}:{deal_id}"


def note(game) -> None:
    """Remember that this deal of this match is over."""
    if not game.over:
        return
    try:
        caches["shared"].set(_key(game), 1, KEEP)
    except Exception as exc:
        logger.warning("Finished deal not noted: %s", exc)


def _noted(deal_key: str) -> bool:
    """The deal under `deal_key` was noted as over (False when the store cannot say)."""
    try:
        return caches["shared"].get(deal_key) is not None
    except Exception as exc:
        logger.warning("Finished deals unreadable: %s", exc)
        return False


def first_deal_over(slug: str, match_id: str, deal_id: str) -> bool:
    """The first deal of this match was played to its end (False when the store cannot say)."""
    return _noted(key(slug, match_id, 0, deal_id))


def reopened(game) -> bool:
    """True when `game` is an earlier position of a deal that was played to its end."""
    return not game.over and _noted(_key(game))
