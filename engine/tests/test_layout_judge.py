"""The layout judge of small three- and four-seat endings against a brute force that
re-deals the hidden cards in the deal's own layout and replays the whole deal."""

from __future__ import annotations

import itertools
import random

import pytest
from sixtysix import Action, Deal, IllegalAction, RuleSet, get_preset
from sixtysix.cards import CODES, mask_codes
from sixtysix.players import player_view
from sixtysix.solver import SolverError
from sixtysix.solver.endings import judge_ending, layouts
from sixtysix.worlds import WorldSampler

pytestmark = pytest.mark.unit


def position(rules: RuleSet, seed: int, max_cards: int) -> Deal | None:
    """A random deal played on at random to a strict, stock-less position with a choice."""
    rng = random.Random(seed)
    start = Deal.new(rules, seed=seed, dealer=seed % rules.players).state()
    layout = {k: start[k] for k in ("dealer", "hands", "turnup", "stock")}
    deal = Deal.new(rules, layout=layout)
    deal.layout = layout  # type: ignore[attr-defined]  # for rebuilt()
    while deal.result is None:
        to_act = deal.to_act
        assert to_act is not None
        small = deal.hands[to_act].bit_count() <= max_cards and not deal.stock_size
        choice = len(deal.legal_actions()) > 1
        if deal.phase == "strict" and small and choice and rng.random() < 0.5:
            return deal
        deal.apply(rng.choice(deal.legal_actions()))
    return None


def rebuilt(deal: Deal, seat: int, held: dict[int, list[str]]) -> Deal | None:
    """The deal again from its layout with the other seats' unplayed cards replaced by
    `held` (in the layout's hands or the stock they were drawn from), replayed action by
    action; None when an action is refused."""
    layout = deal.layout  # type: ignore[attr-defined]
    rows = [list(h) for h in layout["hands"]] + [list(layout["stock"])]
    slots = {
        s: [(r, i) for r, row in enumerate(rows) for i, c in enumerate(row) if c in now]
        for s in held
        for now in [set(mask_codes(deal.hands[s]))]
    }
    old = [row[:] for row in rows]
    for s, cards in held.items():
        # a card the seat keeps stays in its place (the forehand's turned card is public)
        kept = {old[r][i] for r, i in slots[s]}
        rest = iter(c for c in cards if c not in kept)
        for r, i in slots[s]:
            if old[r][i] not in cards:
                rows[r][i] = next(rest)
    twin = Deal.new(deal.rules, layout={**layout, "hands": rows[:-1], "stock": rows[-1]})
    try:
        for a in deal.actions:
            twin.apply(a)
    except IllegalAction:
        return None
    return twin


def brute_layouts(deal: Deal, seat: int) -> list[Deal]:
    """Every re-deal of the hidden cards after which the reader sees exactly what it saw."""
    others = [s for s in deal.active if s != seat and deal.hands[s]]
    hidden = sorted(c for s in others for c in mask_codes(deal.hands[s]))
    sizes = [deal.hands[s].bit_count() for s in others]
    seen = player_view(deal, seat)
    out = []
    for perm in set(itertools.permutations(hidden)):
        parts, i = {}, 0
        for s, n in zip(others, sizes, strict=True):
            parts[s] = sorted(perm[i : i + n])
            i += n
        key = tuple(tuple(p) for p in parts.values())
        if key in {tuple(tuple(sorted(mask_codes(d.hands[s]))) for s in others) for d in out}:
            continue
        twin = rebuilt(deal, seat, parts)
        if twin is not None and player_view(twin, seat) == seen:
            out.append(twin)
    return out


def reference_value(d: Deal, seat: int) -> int:
    """Paranoid minimax on the full deal, scored from the result as the rules say."""
    if d.result is not None:
        res, rules = d.result, d.rules
        side = d.side_of[seat]
        if any(d.side_of[w] == side for w in res.winners) and res.game_points_by_seat[seat]:
            return res.game_points_by_seat[seat]
        if not any(res.game_points_by_seat):
            return 0
        if rules.scoring == "each_loser_1_2_3":
            pts, tricks = res.card_points[seat], d.tricks_won[seat]
            return -(3 if not tricks else 2 if pts < rules.schneider_threshold else 1)
        return -max(res.game_points_by_seat)
    vals = []
    for a in d.legal_actions():
        c = d.copy()
        c.apply(a)
        vals.append(reference_value(c, seat))
    mine = d.side_of[d.to_act] == d.side_of[seat]
    return max(vals) if mine else min(vals)


def reference_best(table: dict[Action, list[int]]) -> Action | None:
    """The move never worse than another in any layout and better than each somewhere."""
    for a, mine in table.items():
        rest = [v for b, v in table.items() if b != a]
        if all(min(x - y for x, y in zip(mine, v, strict=True)) >= 0 for v in rest) and all(
            max(x - y for x, y in zip(mine, v, strict=True)) > 0 for v in rest
        ):
            return a
    return None


CASES = [("three_no_stock", 3, 14), ("four_partnership_66", 2, 10), ("three_all_play", 2, 6)]


@pytest.mark.parametrize(("preset", "max_cards", "count"), CASES)
def test_the_layout_judge_matches_brute_force(preset: str, max_cards: int, count: int) -> None:
    """Same layouts (as multisets of values per move) and the same dominant move."""
    rules = get_preset(preset)
    checked = decided = 0
    for seed in range(400):
        deal = position(rules, seed, max_cards)
        if deal is None:
            continue
        seat = deal.to_act
        assert seat is not None
        judged = judge_ending(player_view(deal, seat), rules, max_cards=max_cards)
        twins = brute_layouts(deal, seat)
        assert judged.layouts == len(twins), seed
        table = {}
        for m in judged.moves:
            ref = []
            for twin in twins:
                c = twin.copy()
                c.apply(m.action)
                ref.append(reference_value(c, seat))
            assert sorted(m.values) == sorted(ref), (seed, m.action)
            table[m.action] = ref
        assert judged.best == reference_best(table), seed
        decided += judged.best is not None
        checked += 1
        if checked >= count:
            break
    assert checked >= count
    assert decided or preset != "three_no_stock"  # some positions have one best move


def test_a_revealed_void_is_respected() -> None:
    """A seat that did not follow suit never holds that suit in any judged layout, and
    the real hands are among the layouts."""
    rules = get_preset("three_no_stock")
    found = 0
    for seed in range(600):
        deal = position(rules, seed, 3)
        if deal is None:
            continue
        seat = deal.to_act
        assert seat is not None
        view = player_view(deal, seat)
        voids = {(s, t[0][1][1]) for t in view.tricks for s, c in t[1:] if c[1] != t[0][1][1]}
        voids = {(s, suit) for s, suit in voids if s != seat}
        if not voids:
            continue
        lays = list(layouts(view, rules, WorldSampler(view, rules)))
        real = [deal.hands[s] for s in range(rules.players)]
        assert any(all(h[s] == real[s] for s in deal.active if s != seat) for h in lays)
        for h in lays:
            for s, suit in voids:
                assert not any(CODES[c][1] == suit for c in range(24) if h[s] >> c & 1)
        found += 1
        if found >= 8:
            break
    assert found >= 8


def test_the_judge_refuses_big_or_two_seat_positions() -> None:
    deal = Deal.new(get_preset("three_no_stock"), seed=1, dealer=0)
    while deal.phase != "strict":
        deal.apply(deal.legal_actions()[0])
    with pytest.raises(SolverError):
        judge_ending(player_view(deal, deal.to_act), deal.rules)
    two = Deal.new(get_preset("classic66"), seed=1, dealer=0)
    with pytest.raises(SolverError):
        judge_ending(player_view(two, two.to_act), two.rules)
