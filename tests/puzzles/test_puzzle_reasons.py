"""Every reason a puzzle gives is a fact of the solver's best line (issue 22, item 5).

For each committed puzzle, each wrong first move's reply and each theme sentence is checked
against a best line replayed here move by move, with the trick winners read off the cards
of each trick (not off the engine's leader field, which is stale once the deal is over).
"""

import json

import pytest
from sixtysix import get_preset

from puzzles.content_loader import PUZZLES_FILE
from puzzles.positions import analyse, play_line, reach
from tests.reason_checks import best_line, check_wrong

PUZZLES = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))["puzzles"]
ENDINGS = [p for p in PUZZLES if p["kind"] == "ending"]
"""The exact solver's puzzles (layouts puzzles have no best line: test_layout_puzzles.py)."""


def _check_themes(puzzle, deal, best):
    rules, seat = deal.rules, deal.to_act
    result, last = best
    if "last-trick" in puzzle["themes"]:
        assert last == seat, puzzle["id"]
        if rules.scoring != "raw_points":
            assert result["winners"] == [seat], puzzle["id"]
            points = result["card_points"]
            other = points[next(s for s in deal.active if s != seat)]
            decides = result["reason"] == "last_trick" or (
                points[seat] - rules.last_trick_bonus <= other + rules.last_trick_bonus
            )
            assert decides, puzzle["id"]
    if "trump-ace" in puzzle["themes"]:
        _check_trump_ace(puzzle, deal)
    if "claim-or-play-on" in puzzle["themes"]:
        assert deal.state()["card_points"][seat] >= rules.target, puzzle["id"]


def _check_trump_ace(puzzle, deal):
    """ "Lead it now" or "keep it": every move that does the other is worth less."""
    ace = "A" + deal.state()["trump"]
    assert ace in deal.state()["hands"][deal.to_act], puzzle["id"]
    analysis = analyse(deal)
    plays = puzzle["answer"][0].get("card") == ace
    others = [
        m for m in analysis.moves if m.action.type == "play" and (m.action.card == ace) != plays
    ]
    assert others, puzzle["id"]
    assert all(m.value < analysis.value for m in others), puzzle["id"]


@pytest.mark.unit
@pytest.mark.parametrize("puzzle", ENDINGS, ids=lambda p: str(p["id"]))
def test_every_reason_is_a_fact_of_the_best_line(puzzle):
    deal = reach(get_preset(puzzle["variant"]), puzzle["deal"], puzzle["actions"])
    best = best_line(deal)
    _check_themes(puzzle, deal, best)
    analysis = analyse(deal)
    for move in analysis.moves:
        if move.value >= analysis.value:
            continue
        walk = play_line(deal, [move.action.key()])
        assert walk.wrong is not None, (puzzle["id"], move.action.key())
        check_wrong(puzzle["id"], deal, walk.wrong, best)
