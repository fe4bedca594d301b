"""The computer's replies, cached: the same view and seed always bring the same move.

A reply costs 0.1-0.9 s of play-outs and depends only on what the computer's seat sees,
its secret seed and the play-out setting (no clock), so a replayed form, a take-back and
the same move, or another reader in the same position get the stored answer. A cache
that is down only means working the reply out again.
"""

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from sixtysix import Action
from sixtysix.hints import view_key
from sixtysix.players import player_view

logger = logging.getLogger(__name__)
CACHE_SECONDS = 24 * 3600


def cached_reply(seed: int, deal, seat: int, table: str, choose: Callable[[], Action]) -> Action:
    """The stored reply for this seat's view and seed, else `choose()`'s, then stored;
    `table` names the rules played by (the variant, or a house table of it)."""
    playouts = getattr(settings, "PRACTICE_COMPUTER_PLAYOUTS", None)
    key = f"practice-reply:{table}:{seed}:{playouts}:{view_key(player_view(deal, seat))}"
    try:
        stored = cache.get(key)
    except Exception as exc:
        logger.warning("Reply cache unavailable: %s", exc)
        stored = None
    if stored is not None:
        action = Action.from_key(stored, seat)
        if deal.is_legal(action):
            return action
    action = choose()
    try:
        cache.set(key, action.key(), CACHE_SECONDS)
    except Exception as exc:
        logger.warning("Reply not cached: %s", exc)
    return action
