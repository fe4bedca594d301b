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

PUZZLES = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))["puzzles"]
ORDER = "AT" + "KQJ987"


def _winner(trick: list[dict], trump: str) -> int:
    """The seat that takes a trick: the highest trump, else the highest of the led suit."""
    led = trick[0]["card"][1]

    def strength(play):
        rank, suit = play["card"][0], play["card"][1]
        if suit not in (trump, led):
            return -1
        return (100 if suit == trump else 0) + (10 - ORDER.index(rank))

    return max(trick, key=strength)["player"]


def _best_line(deal):
    """Play the solver's first best move to the end; the result and the last trick's taker."""
    d = deal.copy()
    last = None
    while d.result is None:
        d.apply(analyse(d).best[0])
        state = d.state()
        if state["last_trick"] and not state["trick"]:
            last = _winner(state["last_trick"], state["trump"])
    result = d.result.to_dict()
    if result["reason"] in ("declared", "false_declaration", "closer_beaten"):
        last = None
    return result, last


def _after(deal, action):
    d = deal.copy()
    d.apply(action)
    return (d.result.to_dict(), None) if d.result is not None else _best_line(d)


def _check_wrong(puzzle, deal, wrong, best):
    seat, opponent = deal.to_act, 1 - deal.to_act
    result, last = _after(deal, wrong.action)
    where = (puzzle["id"], wrong.action.key(), wrong.consequence)
    if wrong.consequence == "last_trick":
        assert best[1] == seat and last == opponent, where
    elif wrong.consequence in ("opponent_claims", "loses_deal"):
        assert result["winners"] == [opponent], where  # never of a tie
        assert (result["reason"] == "declared") == (wrong.consequence == "opponent_claims"), where
    elif wrong.consequence == "schneider":
        assert wrong.details["points"] == result["card_points"][opponent], where
        assert result["card_points"][opponent] >= deal.rules.schneider_threshold, where
        assert best[0]["card_points"][opponent] < deal.rules.schneider_threshold, where
    elif wrong.consequence == "false_claim":
        assert result["reason"] == "false_declaration", where


def _check_themes(puzzle, deal, best):
    rules, seat = deal.rules, deal.to_act
    result, last = best
    if "last-trick" in puzzle["themes"]:
        assert last == seat, puzzle["id"]
        if rules.scoring != "raw_points":
            assert result["winners"] == [seat], puzzle["id"]
            points = result["card_points"]
            decides = result["reason"] == "last_trick" or (
                points[seat] - rules.last_trick_bonus <= points[1 - seat] + rules.last_trick_bonus
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
@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: str(p["id"]))
def test_every_reason_is_a_fact_of_the_best_line(puzzle):
    deal = reach(get_preset(puzzle["variant"]), puzzle["deal"], puzzle["actions"])
    best = _best_line(deal)
    _check_themes(puzzle, deal, best)
    analysis = analyse(deal)
    for move in analysis.moves:
        if move.value >= analysis.value:
            continue
        walk = play_line(deal, [move.action.key()])
        assert walk.wrong is not None, (puzzle["id"], move.action.key())
        _check_wrong(puzzle, deal, walk.wrong, best)
