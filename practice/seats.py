"""The computer seats, and the draws nobody chooses: what happens between the reader's moves."""

from django.conf import settings
from django.utils.translation import gettext_lazy
from sixtysix import Action, Deal
from sixtysix.computer import DEFAULT_LEVEL, claim_is_true, player_for
from sixtysix.players import RandomPlayer, player_view

from .game import MAX_ACTIONS, Game
from .ids import YOU, computer_seed
from .replies import cached_reply

LEVEL_NAMES = {
    "beginner": gettext_lazy("Beginner"),
    "club": gettext_lazy("Club player"),
    "expert": gettext_lazy("Expert"),
}
"""The computer's levels (sixtysix.computer.LEVELS) as the new-match form names them."""


def draw_is_a_chore(deal: Deal) -> bool:
    """True when the reader must draw and has no real choice before drawing: every other
    move offered now (a claim) is still offered once both have drawn."""
    legal = deal.legal_actions()
    if not any(a.type == "draw" for a in legal):
        return False
    others = {a.key() for a in legal if a.type != "draw"}
    if not others:
        return True
    after = deal.copy()
    after.apply(Action(YOU, "draw"))
    draw_for_others(after)
    if after.to_act != YOU:
        return False
    return others <= {a.key() for a in after.legal_actions()}


def draw_for_others(deal: Deal) -> None:
    """The computer seats take the draws that are all they may do (the reader's draw done)."""
    while others_only_draw(deal) and deal.to_act is not None:
        deal.apply(Action(deal.to_act, "draw"))


def others_only_draw(deal: Deal) -> bool:
    """A computer seat is to act and drawing is all it may do."""
    return (
        deal.to_act is not None
        and deal.to_act != YOU
        and [a.type for a in deal.legal_actions()] == ["draw"]
    )


def computer_move(game: Game, seat: int) -> Action:
    """The computer's move for `seat`, from the cache of replies when it was worked out
    before (replies.py: replayed forms cost nothing)."""
    seed = computer_seed(game.variant.slug, game.deal_id, len(game.actions), seat)
    table = game.table if game.level == DEFAULT_LEVEL else f"{game.table}@{game.level}"
    return cached_reply(seed, game.deal, seat, table, lambda: _worked_out_move(game, seat))


def _worked_out_move(game: Game, seat: int) -> Action:
    """The computer's move for `seat`: the engine's player of the match's level, checked.

    No clock: the reply depends only on the position and the secret seed, so a move taken
    back and played again meets the same answer. Should the player fail or offer a move
    the deal refuses (a variant it does not know well yet), a seeded random legal move
    stands in, never a claim the counted points do not carry."""
    deal = game.deal
    seed = computer_seed(game.variant.slug, game.deal_id, len(game.actions), seat)
    view = player_view(deal, seat)
    try:
        # No clock: the reply depends only on the view and the seed (a take-back and the
        # same move bring the same reply); the playouts bound the work instead.
        playouts = getattr(settings, "PRACTICE_COMPUTER_PLAYOUTS", None)
        player = player_for(game.level, seed, playouts=playouts)
        action = player.choose(view)
        if deal.is_legal(action) and (action.type != "declare" or claim_is_true(view, game.rules)):
            return action
    except Exception:  # noqa: S110 - the page must go on whatever the player does
        pass
    legal = deal.legal_actions()
    honest = [a for a in legal if a.type != "declare" or claim_is_true(view, game.rules)]
    return RandomPlayer(seed, end_weight=0.2).pick(honest or legal)


def advance(game: Game) -> None:
    """Let the computer seats act, and draw for the reader when drawing is all there is to
    do, until the reader has a real choice or the deal is over."""
    deal = game.deal
    for _i in range(MAX_ACTIONS):
        if deal.result is not None or deal.to_act is None:
            return
        if deal.to_act != YOU:
            game._apply(computer_move(game, deal.to_act))
        elif draw_is_a_chore(deal):
            game._apply(Action(YOU, "draw"))
        else:
            return
