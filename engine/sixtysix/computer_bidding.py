"""The computer's rules of thumb for the auction and for naming trumps.

No sampling here: a hand's strength in each suit (aces, guarded tens, trump length,
marriages) sets the bid and the suit named. Shared by every level and by the hints.
"""

from __future__ import annotations

from .actions import Action
from .bidding import max_bid
from .cards import POINTS, RANKS, SUITS
from .players import PlayerView
from .ruleset import RuleSet
from .values import plain_marriage_value


def hand_strength(hand: tuple[str, ...], trump: str, rules: RuleSet) -> int:
    """Card points the hand can hope to take with `trump` as trumps (a rule of thumb):
    aces, tens guarded by their ace or in trumps, length in trumps, marriages."""
    codes = set(hand)
    est = 0
    for c in hand:
        rank, suit = c[0], c[1]
        if rank == "A":
            est += 15
        elif rank == "T":
            est += 12 if ("A" + suit in codes or suit == trump) else 4
        if suit == trump:
            est += 6 if rank not in "AT" else 3
    if rules.marriage_values != "none":
        for suit in SUITS:
            if "K" + suit in codes and "Q" + suit in codes:
                est += plain_marriage_value(suit == trump)
    return est


def best_trump(hand: tuple[str, ...], rules: RuleSet) -> tuple[str, int]:
    """The suit in which the hand is strongest, with its strength."""
    scored = [(hand_strength(hand, s, rules), s) for s in SUITS]
    strength, suit = max(scored)
    return suit, strength


PARTNER_SHARE = 22
"""Card points a partner is expected to add to the contract (a quarter of the pack, less)."""


def choose_bid(view: PlayerView, rules: RuleSet) -> Action:
    """Bid what the hand and an average partner can make (33 points a unit), else pass.

    A partner's bid is not raised unless the hand is two units better; the moon only with
    a hand that can take every trick on its own."""
    legal = list(view.legal)
    passing = next((a for a in legal if a.type == "pass"), legal[0])
    bids = sorted((a for a in legal if a.type == "bid"), key=lambda a: a.value or 0)
    if not bids:
        return passing
    _suit, strength = best_trump(view.hand, rules)
    partner = rules.partnerships == "opposite_pairs"
    can = (strength + (PARTNER_SHARE if partner else 0)) // max(1, rules.bid_unit)
    can = min(can, max_bid(rules) - (1 if rules.moon else 0))
    if rules.moon and strength >= 140:
        can = max_bid(rules)
    high_seat, high = max(view.bids, key=lambda b: b[1], default=(-1, 0))
    if partner and high and high_seat % 2 == view.seat % 2 and can < high + 2:
        return passing
    for a in bids:
        if (a.value or 0) <= can:
            return a
    return passing


def choose_trump(view: PlayerView, rules: RuleSet) -> Action:
    """Name the suit of two or more of the cards seen, or of an ace or ten; else pass
    (the next card dealt fixes trumps)."""
    legal = list(view.legal)
    passing = next((a for a in legal if a.type == "pass"), legal[0])
    names = {a.suit: a for a in legal if a.type == "trump"}
    best: tuple[int, int, str] | None = None
    for suit in SUITS:
        cards = [c for c in view.hand if c[1] == suit]
        high = sum(1 for c in cards if c[0] in "AT")
        key = (len(cards), high + sum(_points(c) for c in cards), suit)
        if suit in names and (best is None or key > best):
            best = key
    if best is None:
        return passing
    count, worth, suit = best
    if count >= 2 or worth >= 10:
        return names[suit]
    return passing


def _points(code: str) -> int:
    return POINTS[RANKS.index(code[0])]


__all__ = ["PARTNER_SHARE", "best_trump", "choose_bid", "choose_trump", "hand_strength"]
