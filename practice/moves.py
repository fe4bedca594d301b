"""The reader's side of a practice match: a new match, a move, taking it back, the next deal.

Each returns the game to show next; the computer seats answer through seats.advance.
"""

from sixtysix import Action, EngineError
from sixtysix.computer import DEFAULT_LEVEL
from sixtysix.match import Match

from rules.models import Variant
from words.deal_words import deal_over_refusal, not_your_turn_refusal
from words.explain import explain_refusal

from . import finished
from .game import MAX_PAD, Game, GameError, pad_row, table_rules
from .ids import YOU, fresh_match_id, new_id, next_deal_id, next_match_id
from .positions import start_position
from .seats import advance, draw_for_others, others_only_draw

FRESH_STEPS = 32  # finished first deals a client's match of the day steps past


def game_new(
    *,
    variant: Variant,
    deal_id: str | None = None,
    match_id: str | None = None,
    origin: str = "",
    house: str = "",
    client: str | None = None,
    level: str = DEFAULT_LEVEL,
) -> Game:
    """A new match, its first deal dealt by the computer on the reader's right so that the
    reader leads (or plays first after the bidding).

    With `deal_id` (a shared deal) that deal opens a match of its own (a fresh match id, so
    a finished deal's record never stops another reader: finished.py); else a fresh match
    id (or the given one) fixes every deal. With `origin` (a registered start position, see
    `start_position`) the first deal is that position; GameError when it is unknown.
    With `house` (a canonical house-rules code) the match is played by that table's rules.
    With `client` (the reader's address, guard.clients), no `match_id` and a first deal the
    match id would deal, the match id is fixed by the client (ids.fresh_match_id): starting
    again without a game gives the same cards, never a re-roll. A shared deal or an origin
    fixes the first deal itself (and may be played again, so its match stays fresh); a later
    deal of it comes only after that deal is played out. Every page that starts a match for
    a reader passes `client`. `level` is the computer's (sixtysix.computer.LEVELS)."""
    rules = table_rules(variant, house)
    if deal_id is not None or origin:
        match_id = new_id()
    elif match_id is None:
        match_id = new_id() if client is None else _fresh_match(client, variant.slug, house)
    if deal_id is None:
        deal_id = next_deal_id(match_id, 0)
    dealer = rules.players - 1
    if origin:
        start = start_position(origin, variant)
        if start is None:
            raise GameError("unknown origin")
        dealer = start[0]["dealer"]
    game = Game(
        variant,
        rules,
        match_id,
        0,
        deal_id,
        [],
        Match(rules, dealer=dealer),
        origin=origin,
        house=house,
        level=level,
    )
    advance(game)
    return game


def _fresh_match(client: str, slug: str, house: str) -> str:
    """The client's match of the day (ids.fresh_match_id), or, once its first deal was
    played to its end (by this reader before the cookie went, or by another at the same
    address), the match after it: nobody is dealt a deal that refuses every move."""
    match_id = fresh_match_id(client, slug, house)
    for _step in range(FRESH_STEPS):
        if not finished.first_deal_over(slug, match_id, next_deal_id(match_id, 0)):
            return match_id
        match_id = next_match_id(match_id)
    return new_id()


def is_your_turn(game: Game) -> bool:
    """The deal is on and the reader is to act."""
    return game.deal.result is None and game.deal.to_act == YOU


def is_offered(game: Game, key: str) -> bool:
    """The reader may make this move now."""
    deal = game.deal
    return (
        deal.result is None
        and deal.to_act == YOU
        and any(a.key() == key for a in deal.legal_actions())
    )


def needs_confirmation(key: str) -> bool:
    """Claiming and closing end or change the deal at once: the page asks first."""
    return key in ("declare", "close")


def game_move(*, game: Game, key: str) -> str | None:
    """Play the reader's move; None when done, else the explanation of the refusal.

    A card clicked while a draw is due draws first, then plays (a card the page offers
    is never refused for "draw first")."""
    deal = game.deal
    if deal.result is not None:
        return deal_over_refusal()
    if deal.to_act != YOU:  # pragma: no cover - advance() always hands the turn back
        return not_your_turn_refusal()
    try:
        action = Action.from_key(key[:20], YOU)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=game.rules)
    start = len(game.actions)
    probe = deal.copy()
    draw_first = (
        action.type == "play"
        and any(a.type == "draw" for a in deal.legal_actions())
        and not deal.is_legal(action)
    )
    try:
        if draw_first:
            probe.apply(Action(YOU, "draw"))
            draw_for_others(probe)
        probe.check(action)
    except EngineError as exc:
        return explain_refusal(exc.code, exc.details, deal.state(), rules=game.rules)
    game.seen = start
    game.moves.append(start)
    if draw_first:
        game._apply(Action(YOU, "draw"))
        while others_only_draw(deal):
            game._apply(Action(deal.to_act, "draw"))
    game._apply(action)
    advance(game)
    return None


def can_take_back(game: Game) -> bool:
    """The reader has a move of this deal to undo (and the deal is still on)."""
    return not game.over and bool(game.moves)


def game_take_back(*, game: Game) -> Game:
    """The deal as it was before the reader's last move (and the computer's reply)."""
    cut = game.moves[-1]
    back = Game(
        game.variant,
        game.rules,
        game.match_id,
        game.number,
        game.deal_id,
        game.actions[:cut],
        game.start,
        game.moves[:-1],
        game.pad,
        min(game.seen, cut),
        game.origin,
        game.house,
        game.level,
    )
    back.seen = len(back.actions)
    return back


def game_next_deal(*, game: Game) -> Game:
    """The next deal of the match (or a new match once this one is over); both fixed by
    the ids, so posting an old page again gives the same deal."""
    if game.match.over:
        return game_new(
            variant=game.variant,
            match_id=next_match_id(game.match_id),
            house=game.house,
            level=game.level,
        )
    number = game.number + 1
    nxt = Game(
        game.variant,
        game.rules,
        game.match_id,
        number,
        next_deal_id(game.match_id, number),
        [],
        game.match,
        [],
        [*game.pad, pad_row(game)][-MAX_PAD:],
        origin=game.origin,  # only the first deal came from it; kept for the score pad
        house=game.house,
        level=game.level,
    )
    advance(nxt)
    return nxt
