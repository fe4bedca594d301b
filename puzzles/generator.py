"""Finding puzzles: play seeded random deals and keep exact positions with one clear best move.

Plain Python over the engine (no Django), so `generate_puzzles` and the tests share it.
The same seed always gives the same puzzles (the random players and the deals are seeded,
the solver is deterministic).
"""

from __future__ import annotations

import random

from sixtysix import Deal, get_preset
from sixtysix.players import RandomPlayer
from sixtysix.solver.endings import supports_endings

from .layout_positions import MIN_MOVES, is_layout_position, judged, layout_facts, qualifies
from .positions import analyse, facts_of, margin_needed, signature

COUNTS = {
    "classic66": 125,
    "schnapsen": 125,
    "classic66_32": 125,
    "idiot66": 125,
    "three_dealer_out": 100,
    "three_no_stock": 60,
}
"""Puzzles per variant, in page order (new variants are added at the end, so the pages of
the earlier ones keep their numbers): the exact solver's two-seat variants (the idle
dealer's table is one), then the layout judge's three-player endings."""
MAX_DEALS = 12000
"""Deals tried per variant before giving up."""
DECLARE_SHARE = 0.05
"""At most this share of a variant's puzzles may have "declare" as the answer (rare: the
lesson is counting, not claiming what one already has)."""
HIGHEST_SHARE = 0.25
"""At most this share of a variant's puzzles may have "play your highest card" as the
answer. Both shares are kept as the puzzles are found (never more than the share of those
found so far, counting the new one), so asking for fewer puzzles gives the first ones of
the same list."""


def layout_of(deal: Deal) -> dict:
    """The protocol layout of a deal nobody has acted in yet."""
    state = deal.state()
    return {
        "dealer": state["dealer"],
        "hands": [list(h) for h in state["hands"]],
        "turnup": state.get("turnup"),
        "stock": list(state["stock"]),
    }


def _qualifies(deal: Deal, analysis) -> bool:
    if not analysis.perfect_information or len(analysis.best) != 1:
        return False
    if len(analysis.moves) < 3 or analysis.value <= 0:
        return False
    best = analysis.best[0]
    others = [m for m in analysis.moves if m.action != best]
    if analysis.value - max(m.value for m in others) < margin_needed(deal.rules):
        return False
    # at least one card that loses value, so the puzzle is not only "do not claim falsely"
    return best.type == "declare" or any(m.action.type != "declare" for m in others)


RANKS = "AT" + "KQJ987"


def is_highest_card(deal: Deal, action) -> bool:
    """The answer plays a card of the best rank in the hand (no card ranks above it)."""
    if action.type != "play" or not action.card:
        return False
    hand = deal.state()["hands"][action.player]
    return RANKS.index(action.card[0]) == min(RANKS.index(c[0]) for c in hand)


def _within(share: float, so_far: int, found: int) -> bool:
    """One more of a capped kind keeps it within `share` of the puzzles found, counting it."""
    return so_far + 1 <= share * (found + 1)


def layout_candidates(variant: str, rng: random.Random):
    """As `candidates`, for the layout judge's variants: the first small ending of a deal
    (dealt from its layout, so that replaying the file gives the same deal) where one move
    is best in every layout of the hidden cards."""
    rules = get_preset(variant)
    for _ in range(MAX_DEALS):
        dealt = Deal.new(rules, seed=rng.randrange(2**31), dealer=rng.randrange(rules.players))
        layout = layout_of(dealt)
        deal = Deal.new(rules, layout=layout)
        player = RandomPlayer(rng.randrange(2**31), end_weight=0.0)
        while deal.result is None:
            legal = deal.legal_actions()
            if is_layout_position(deal) and len(legal) >= MIN_MOVES:
                judgement = judged(deal)
                if qualifies(judgement):
                    facts = layout_facts(judgement)
                    actions = [a.to_dict() for a in deal.actions]
                    top = is_highest_card(deal, facts.answer[0])
                    yield layout, actions, facts, signature(deal), top
                    break
            deal.apply(player.pick(legal))


def candidates(variant: str, rng: random.Random):
    """Yield (layout, actions, facts, signature) for one qualifying position per deal."""
    rules = get_preset(variant)
    if supports_endings(rules):
        yield from layout_candidates(variant, rng)
        return
    for _ in range(MAX_DEALS):
        deal = Deal.new(rules, seed=rng.randrange(2**31), dealer=rng.randrange(rules.players))
        layout = layout_of(deal)
        player = RandomPlayer(rng.randrange(2**31), end_weight=0.0)
        while deal.result is None and not (deal.phase == "strict" and deal.closed_by is None):
            deal.apply(player.pick(deal.legal_actions()))
        if deal.result is not None or deal.stock_size:
            continue
        # the first exact position with a clear best move, walking down the random play
        while deal.result is None:
            analysis = analyse(deal)
            if _qualifies(deal, analysis):
                facts = facts_of(deal, analysis)
                if facts.themes:
                    actions = [a.to_dict() for a in deal.actions]
                    yield (
                        layout,
                        actions,
                        facts,
                        signature(deal),
                        is_highest_card(deal, facts.answer[0]),
                    )
                    break
            deal.apply(player.pick(deal.legal_actions()))


def generate(seed: int, counts: dict[str, int] | None = None) -> list[dict]:
    """The puzzles, numbered from 1, in variant order; reproducible from `seed`."""
    counts = COUNTS if counts is None else counts
    puzzles: list[dict] = []
    seen: set[str] = set()
    for variant, wanted in counts.items():
        rng = random.Random(f"{seed}:{variant}")
        found = declares = highest = 0
        for layout, actions, facts, sig, top in candidates(variant, rng):
            if sig in seen:
                continue
            if facts.answer[0].type == "declare":
                if not _within(DECLARE_SHARE, declares, found):
                    continue
                declares += 1
            if top:
                if not _within(HIGHEST_SHARE, highest, found):
                    continue
                highest += 1
            seen.add(sig)
            puzzles.append(
                {
                    "id": len(puzzles) + 1,
                    "variant": variant,
                    "deal": layout,
                    "actions": actions,
                    "answer": [a.to_dict() for a in facts.answer],
                    "value": int(facts.value),
                    "difficulty": facts.difficulty,
                    "themes": facts.themes,
                    "kind": getattr(facts, "kind", "ending"),
                    "theme": facts.theme,
                    "rating": facts.rating,
                }
            )
            found += 1
            if found >= wanted:
                break
    return puzzles
