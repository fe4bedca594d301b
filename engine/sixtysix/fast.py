"""A bitmask playout path for two-player, one-pack deals: the same rules as `Deal`, faster.

For playouts (benchmarks, the computer's Monte Carlo): a `FastDeal` holds a deal as plain
ints (cards as bits of an int, hands and won cards as bitmasks), lists its legal moves as
one int bitmask (`legal_mask()`), and applies a move given as a small int, with no
`Action` objects, no validation and no undo stack. `FastDeal.new` deals exactly the cards
`Deal.new` deals for the same seed; `FastDeal.from_deal(deal)` starts from any position of
a `Deal`. engine/tests/test_fast*.py check move for move that both agree.

Moves are ints: 0..31 play that card id, then `DRAW`, `DECLARE`, `CLOSE`, `EXCHANGE`,
``MELD + suit`` (show a marriage) and `PASS` (the close-exchange decision): ascending, they
come in the order of `Deal.legal_actions()`. `supports(rules)` tells which rule sets it
plays (classic66, classic66_32, schnapsen, idiot66 and their options); anything else
stays with `Deal`. `play_out_at_random` plays a deal to its end by the benchmark's policy.
"""

from __future__ import annotations

from .fast_core import (
    CLOSE,
    DECLARE,
    DRAW,
    EXCHANGE,
    MELD,
    PASS,
    PLAY_BITS,
    from_action,
    supports,
    to_action,
)
from .fast_deal import FastDeal
from .fast_moves import FastMoves
from .fast_playout import play_out_at_random

__all__ = [
    "CLOSE",
    "DECLARE",
    "DRAW",
    "EXCHANGE",
    "MELD",
    "PASS",
    "PLAY_BITS",
    "FastDeal",
    "FastMoves",
    "from_action",
    "play_out_at_random",
    "supports",
    "to_action",
]
