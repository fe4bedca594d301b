"""Checks of the solver's reasons against lines played out here, move by move, with the
trick winners read off the cards of each trick (not off the engine's leader field, which is
stale once the deal is over): shared by the puzzles' and the lessons' tests (issue 22)."""

from puzzles.positions import analyse

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


def best_line(deal):
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
    return (d.result.to_dict(), None) if d.result is not None else best_line(d)


def check_wrong(label, deal, wrong, best):
    """A wrong move's consequence holds on the lines played out after it and after the best."""
    seat = deal.to_act
    opponent = next(s for s in deal.active if s != seat)  # the idle dealer is no opponent
    result, last = _after(deal, wrong.action)
    where = (label, wrong.action.key(), wrong.consequence)
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
