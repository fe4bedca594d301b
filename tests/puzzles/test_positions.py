"""Puzzle positions through the engine: generation, the answer check, the reader's line."""

import json

import pytest
from sixtysix import Action, get_preset

from puzzles.generator import generate
from puzzles.positions import (
    MAX_LINE,
    PuzzleError,
    analyse,
    best_reply,
    check,
    consequence,
    margin_needed,
    play_line,
    reach,
)

pytestmark = pytest.mark.unit

SMALL = {"classic66": 2, "schnapsen": 2, "classic66_32": 1, "idiot66": 1}


@pytest.fixture(scope="module")
def small():
    return generate(7, SMALL)


def test_generation_is_reproducible_and_every_position_holds(small):
    assert json.dumps(generate(7, SMALL)) == json.dumps(small)
    assert [p["id"] for p in small] == list(range(1, 7))
    assert {p["variant"] for p in small} == set(SMALL)
    for p in small:
        rules = get_preset(p["variant"])
        analysis = check(rules, p["deal"], p["actions"], p["answer"])
        assert analysis.perfect_information
        assert analysis.value == p["value"] > 0
        others = [m.value for m in analysis.moves if m.action != analysis.best[0]]
        assert analysis.value - max(others) >= margin_needed(rules)


def test_another_seed_gives_other_puzzles(small):
    other = generate(8, {"classic66": 2})
    assert [p["deal"] for p in other] != [p["deal"] for p in small[:2]]


def test_a_wrong_answer_is_refused(small):
    p = small[0]
    rules = get_preset(p["variant"])
    deal = reach(rules, p["deal"], p["actions"])
    answer = Action.from_dict(p["answer"][0])
    other = next(a for a in deal.legal_actions() if a != answer)
    with pytest.raises(PuzzleError, match="not the solver's best"):
        check(rules, p["deal"], p["actions"], [other.to_dict()])


def test_a_position_with_the_stock_open_is_refused(small):
    p = small[0]
    rules = get_preset(p["variant"])
    with pytest.raises(PuzzleError, match="stock"):
        check(rules, p["deal"], p["actions"][:2], p["answer"])


def _start(p):
    return reach(get_preset(p["variant"]), p["deal"], p["actions"])


def test_the_answer_then_best_moves_solve_the_puzzle(small):
    for p in small:
        start = _start(p)
        seat = start.to_act
        keys = [Action.from_dict(p["answer"][0]).key()]
        walk = play_line(start, keys)
        while not walk.solved:
            assert walk.wrong is None and not walk.error
            assert walk.deal.to_act == seat
            keys.append(best_reply(walk.deal).key())
            walk = play_line(start, keys)
        # the reader kept the value: the deal ends as the solver said at the start
        gp = walk.deal.result.to_dict()["game_points_by_seat"]
        assert gp[seat] - gp[1 - seat] == p["value"]


def test_a_worse_move_is_explained_and_refused_inside_a_line(small):
    p = small[0]
    start = _start(p)
    analysis = analyse(start)
    worse = next(m for m in analysis.moves if m.value < analysis.value)
    walk = play_line(start, [worse.action.key()])
    assert walk.wrong is not None
    assert (walk.wrong.before, walk.wrong.after) == (analysis.value, worse.value)
    assert walk.deal.actions == start.actions  # the position before the wrong move
    longer = play_line(start, [worse.action.key(), "play-AH"])
    assert longer.error == "off_line"


@pytest.mark.parametrize(
    ("keys", "error"),
    [
        (["nonsense"], "bad_key"),
        (["play-ZZ"], "bad_key"),
        (["bid-2"], "illegal"),
        (["play-AH"] * (MAX_LINE + 1), "too_long"),
    ],
)
def test_bad_lines_are_refused(small, keys, error):
    walk = play_line(_start(small[0]), keys)
    assert walk.error == error


def test_a_card_not_in_hand_is_illegal_with_the_engines_reason(small):
    start = _start(small[0])
    held = set(start.state()["hands"][start.to_act])
    card = next(c for c in ("AC", "AD", "AH", "AS", "TC", "TD") if c not in held)
    walk = play_line(start, [f"play-{card}"])
    assert walk.error == "illegal"
    assert walk.error_details[0] == "card_not_in_hand"


def test_the_consequence_of_a_worse_move_agrees_with_its_value(small):
    seen = set()
    for p in small:
        start = _start(p)
        analysis = analyse(start)
        for m in analysis.moves:
            if m.value >= analysis.value:
                continue
            what = consequence(start, m.action)
            seen.add(what)
            if what in ("loses_deal", "opponent_claims", "false_claim"):
                assert m.value < 0 < analysis.value, (p["id"], m.action, what)
            if what == "false_claim":
                assert m.action.type == "declare"
            if what == "schneider":
                assert 0 < m.value < analysis.value
    assert seen - {""}, "no worse move explained at all"
