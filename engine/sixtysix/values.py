"""Each point value of the rules written once: what a marriage is worth, the most the
marriages of a deal can add, and the claim threshold (when a side's points make the target).
The deal, the fast path, the solver, the computer and the hints all ask here, so a variant
with other values changes one function.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ruleset import RuleSet

PLAIN_MARRIAGE = 20
TRUMP_MARRIAGE = 40
SUITS_WITH_MARRIAGES = 4


def plain_marriage_value(in_trumps: bool) -> int:
    """The usual 20, or 40 in trumps: also the computer's estimate of a marriage in hand."""
    return TRUMP_MARRIAGE if in_trumps else PLAIN_MARRIAGE


def marriage_value(rules: RuleSet, in_trumps: bool, shown_before: int) -> int:
    """Points of a marriage shown after `shown_before` others: 20 or 40 in trumps, or, where
    they escalate (Idiot), 20, 40, 60, 80 in the order shown whatever the suit."""
    if rules.marriage_values == "escalating_20_40_60_80":
        return PLAIN_MARRIAGE * (shown_before + 1)
    return plain_marriage_value(in_trumps)


def most_marriage_points(rules: RuleSet) -> int:
    """All four marriages of a deal together (one of them in trumps): the solver's bound."""
    if not rules.has_marriages:
        return 0
    return sum(marriage_value(rules, shown == 0, shown) for shown in range(SUITS_WITH_MARRIAGES))


def reaches_target(rules: RuleSet, points: Sequence[int], side: int, *, closer: bool) -> bool:
    """Side `side` makes the target: `target` card points, and, for the closer where the
    rules ask it (`close_requires_most_points`), more than every other side."""
    if points[side] < rules.target:
        return False
    if not (closer and rules.close_requires_most_points):
        return True
    return all(points[side] > pts for i, pts in enumerate(points) if i != side)
