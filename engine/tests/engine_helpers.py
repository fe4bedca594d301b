"""Shared helpers for the engine tests: layouts, action shorthands, random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from sixtysix import Action, Deal, fast, get_preset
from sixtysix.actions import ACTION_TYPES
from sixtysix.cards import CODES, SUITS, get_pack
from sixtysix.errors import RuleSetError
from sixtysix.ruleset import RuleSet

CLASSIC_HANDS = [
    ["AS", "TS", "KS", "QS", "JS", "9S"],
    ["AH", "TH", "KH", "QH", "JH", "9H"],
]
CLASSIC_STOCK = ["AD", "TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC"]


def play(p: int, card: str) -> Action:
    """A play action."""
    return Action(p, "play", card=card)


def act(p: int, kind: str, **kw: object) -> Action:
    """Any action."""
    return Action(p, kind, **kw)  # type: ignore[arg-type]


def new_deal(preset: str = "classic66", options: dict | None = None, **layout: object) -> Deal:
    """A deal of a preset (with option overrides) from an explicit layout."""
    rules = get_preset(preset)
    if options:
        rules = rules.with_options(options)
    return Deal.new(rules, layout=dict(layout))


def run(deal: Deal, *actions: Action) -> Deal:
    """Apply actions in order."""
    for a in actions:
        deal.apply(a)
    return deal


def candidates(deal: Deal) -> list[Action]:
    """Every conceivable action for every seat: all cards of the pack, all types."""
    rules = deal.rules
    pack = get_pack(rules.deck)
    codes = sorted({CODES[c] for c in pack.cards})
    out = []
    for p in range(rules.players):
        out.extend(Action(p, "play", card=c) for c in codes)
        out.extend(Action(p, kind) for kind in ("exchange", "close", "declare", "pass", "draw"))
        out.extend(Action(p, "meld", suit=s) for s in SUITS)
        out.extend(Action(p, "trump", suit=s) for s in SUITS)
        out.extend(Action(p, "bid", value=v) for v in range(0, 7))
    assert {a.type for a in out} == set(ACTION_TYPES)
    return out


def random_deal(preset: str, seed: int, end_weight: float = 0.3) -> tuple[Deal, random.Random]:
    """A seeded deal and the random generator that plays it."""
    rules = get_preset(preset)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    return deal, random.Random(seed * 7919 + 1)


def classic() -> Deal:
    """classic66: dealer 0 holds spades, player 1 hearts, clubs trump (9C turned up)."""
    return new_deal(
        dealer=0, hands=[list(h) for h in CLASSIC_HANDS], turnup="9C", stock=list(CLASSIC_STOCK)
    )


def unseen_pool(deal, seat: int) -> tuple[int, int]:
    """(the opponent's hand plus the undrawn stock, the cards of it that `seat` knows).

    Known: the King and Queen of marriages the opponent showed and the turn-up he took by
    exchanging; both as bitmasks of card ids.
    """
    from sixtysix.cards import KING, QUEEN

    opp = 1 - seat
    pool = deal.hands[opp]
    for c in deal.stock[deal.stock_pos :]:
        pool |= 1 << c
    known = 0
    for s, su, _v, _ok in deal.marriages:
        if s == opp:
            known |= (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
    for i, a in enumerate(deal.actions):
        if a.type == "exchange" and a.player == opp:
            known |= 1 << deal.history[i]["turnup"]
    return pool, known & pool


def minimax_reference(deal: Deal, seat: int) -> dict[Action, int]:
    """Brute-force reference for the solver tests: the value of every legal action.

    Plain minimax over `Deal.copy()` / `apply` on the full (omniscient) deal, no pruning;
    the value is `seat`'s game points minus the opponent's (the other active seat: an idle
    dealer holds nothing). Only for small positions.
    """
    opponent = next(s for s in deal.active if s != seat)

    def value(d: Deal) -> int:
        if d.result is not None:
            by = d.result.game_points_by_seat
            return by[seat] - by[opponent]
        vals = []
        for a in d.legal_actions():
            c = d.copy()
            c.apply(a)
            vals.append(value(c))
        return max(vals) if d.to_act == seat else min(vals)

    out = {}
    for a in deal.legal_actions():
        c = deal.copy()
        c.apply(a)
        out[a] = value(c)
    return out


FAST_OPTIONS: dict[str, tuple[object, ...]] = {
    "exchange_requires_trick": (True, False),
    "exchange_when_following": (True, False),
    "exchange_min_stock": (2, 3, 4),
    "exchange_on_opponent_close": ("any", "needs_trick", "never"),
    "marriage_trick_rule": (
        "counts_after_first_trick",
        "must_have_trick_to_declare",
        "not_in_first_trick",
        "no_trick_needed",
    ),
    "marriage_lead_card": ("either", "queen", "king"),
    "marriage_in_strict_phase": (True, False),
    "go_out_by_marriage": (True, False),
    "strict_obligation": ("follow_head_trump", "follow_trump", "follow_only"),
    "close_min_stock": (2, 3, 5),
    "close_before_draw": (True, False),
    "close_before_first_trick": (True, False),
    "close_scoring_snapshot": ("end", "at_close"),
    "failed_close_penalty": (
        "two_or_three",
        "always_three",
        "by_closer_count",
        "closer_loses_on_any_trick",
    ),
    "closer_beaten_penalty": ("flat_2", "two_or_three"),
    "declare_timing": ("after_own_trick_or_marriage", "any_time_on_turn"),
    "false_claim_penalty": ("flat_2", "two_or_three", "mirror"),
    "exhausted_resolution": (
        "last_trick_bonus_10",
        "last_trick_wins_scaled",
        "last_trick_wins_1",
        "most_points_wins",
    ),
    "target": (66, 50),
    "last_trick_bonus": (0, 10),
}
"""Rule options the fast path plays, with values to draw (test_fast*.py)."""


def random_fast_rules(
    preset: str, rng: random.Random, options: dict[str, tuple[object, ...]], keys: int
) -> RuleSet:
    """`preset` with `keys` of `options` set at random, a set the fast path supports (the
    preset itself when 20 draws found none)."""
    base = get_preset(preset)
    for _ in range(20):
        chosen = rng.sample(sorted(options), keys)
        try:
            rules = base.with_options({k: rng.choice(options[k]) for k in chosen})
        except RuleSetError:  # an inconsistent mix: draw again
            continue
        if rules != base and fast.supports(rules):
            return rules
    return base


def fast_option_sets(
    seed: int,
    count: int,
    presets: tuple[str, ...],
    options: dict[str, tuple[object, ...]],
    keys: int,
) -> Iterator[tuple[int, RuleSet]]:
    """`count` seeded `random_fast_rules` sets on `presets` in turn, with their index."""
    rng = random.Random(seed)
    for i in range(count):
        yield i, random_fast_rules(presets[i % len(presets)], rng, options, keys)


def advanced_deal(rules: RuleSet, seed: int, most: int, skip_claims: float = 0.0) -> Deal:
    """A seeded deal moved on by random legal moves (fewer than `most`, their number drawn
    too); a claim drawn gives way to the first other move with odds `skip_claims`."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed & 1)
    for _ in range(rng.randrange(most)):
        if deal.result is not None:
            break
        legal = deal.legal_actions()
        a = legal[rng.randrange(len(legal))]
        if a.type == "declare" and skip_claims and rng.random() < skip_claims:
            a = next((b for b in legal if b.type != "declare"), a)
        deal.apply(a)
    return deal
