"""Which of the reader's cards and buttons may be used now, and why not.

The engine judges (Deal.check and its reason codes); words/ says why. The page dims a card
the engine would refuse and shows the reason; the server still refuses it when it is
posted anyway. A claim the counted points do not carry is allowed by the rules but can
only lose, so the page shows it disabled with the points it lacks.
"""

from collections.abc import Sequence

from sixtysix import Action, EngineError
from sixtysix.computer import claim_is_true, side_seats
from sixtysix.players import player_view

from words.explain import explain_refusal
from words.legality_words import claim_too_early

from .game import Game
from .ids import YOU
from .seats import draw_for_others


def _after_draw(game: Game):
    """The deal as the reader's card would meet it: a draw that is due comes first."""
    deal = game.deal
    if not any(a.type == "draw" for a in deal.legal_actions()):
        return deal
    probe = deal.copy()
    probe.apply(Action(YOU, "draw"))
    draw_for_others(probe)
    return probe


def card_refusals(game: Game, hand: Sequence[str]) -> dict[str, str]:
    """{card: why it may not be played now} for the reader's cards the engine refuses
    (empty when no card may be played at all: not the reader's turn, bidding)."""
    deal = game.deal
    if deal.result is not None or deal.to_act != YOU:
        return {}
    if not any(a.type == "play" for a in deal.legal_actions()):
        return {}
    probe = _after_draw(game)
    state = deal.state()
    refused = {}
    for code in hand:
        try:
            probe.check(Action(YOU, "play", card=code))
        except EngineError as exc:
            refused[code] = str(explain_refusal(exc.code, exc.details, state, rules=game.rules))
    return refused


def claim_refusal(game: Game) -> str:
    """Why a claim now would lose ("" when it would win or is not offered)."""
    view = player_view(game.deal, YOU)
    if claim_is_true(view, game.rules):
        return ""
    side = side_seats(view, game.rules, YOU)
    points = sum(view.card_points[s] for s in side) if view.card_points else view.own_points
    others = game.rules.players - len(side)
    words = claim_too_early(
        points=points, target=game.rules.target, side=len(side) > 1, others=others
    )
    return str(words)
