"""The bid ladder of north_american_bid66: bids 1-5 in 33-point units, 5 = "moon"."""

from __future__ import annotations

from .ruleset import RuleSet

MOON_BID = 5


def max_bid(rules: RuleSet) -> int:
    """Highest bid: 5 (moon) when the rules have a moon, else 4."""
    return MOON_BID if rules.moon else MOON_BID - 1


def contract_points(bid: int, rules: RuleSet) -> int | None:
    """Card points a bid needs (1 = 33, 2 = 66 ...); None for the moon (every trick)."""
    if rules.moon and bid == MOON_BID:
        return None
    return bid * rules.bid_unit


def is_moon(bid: int, rules: RuleSet) -> bool:
    """True when the bid sends the bidder's partner out and must take every trick."""
    return rules.moon and bid == MOON_BID
