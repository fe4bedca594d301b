"""What happened since the reader's move, as the reader's seat saw it: the live table's events.

The live page plays these one by one (each card from its seat, the trick gathered to its
winner, a marriage shown with its cards, a draw from the stock) and then shows the table
the server rendered. Every event carries only public facts: a card once it is played,
shown or turned up, who drew (the reader's own card only to the reader), never a card
still in another hand or in the stock.
"""

from typing import Any

from sixtysix import Action
from sixtysix.cards import CODES, mask_codes

from words.card_names import card_html
from words.log_words import describe_actions
from words.table import seat_names

from .game import Game
from .ids import YOU


def _face(code: str) -> dict[str, str]:
    return {"card": code, "face": str(card_html(code, face=True))}


def _turnup(deal) -> str | None:
    return CODES[deal.turnup] if deal.turnup is not None and deal.turnup_in_stock else None


def replay_from(game: Game, start: int) -> Game:
    """The deal as it stood before action `start` (rebuilt from the seed, as a token is)."""
    return Game(
        game.variant,
        game.rules,
        game.match_id,
        game.number,
        game.deal_id,
        list(game.actions[:start]),
        game.start,
        origin=game.origin,
        house=game.house,
    )


def events_since(game: Game, start: int) -> list[dict[str, Any]]:
    """The events of `game.actions[start:]` in order, for the reader's seat."""
    deal = replay_from(game, start).deal
    raws = game.actions[start:]
    # the log's own sentences: words.log_words decides which card leads and which follows
    names = seat_names(game.rules, YOU)
    state = game.deal.state()
    texts = describe_actions(raws, names, YOU, game.rules, state=state, in_trick=len(deal.trick))
    out: list[dict[str, Any]] = []
    for raw, text in zip(raws, texts, strict=True):
        action = Action.from_dict(raw)
        event: dict[str, Any] = {"type": action.type, "seat": action.player}
        if action.type != "draw":
            event["text"] = str(text)
        event.update(_apply(deal, action, raw))
        out.append(event)
        if action.type == "play" and not deal.trick:
            out.append({"type": "trick", "seat": deal.last_trick_winner})
        if deal.result is not None:
            out.append({"type": "end", "seat": None})
            break
    return out


def _apply(deal, action: Action, raw: dict[str, Any]) -> dict[str, Any]:
    """Play `action` on `deal`; the public cards it shows (played, shown, exchanged, drawn)."""
    turnup, mine = _turnup(deal), deal.hands[YOU]
    sizes = [bin(h).count("1") for h in deal.hands]
    deal.apply(action)
    if action.type == "play":
        return _face(raw["card"])
    if action.type == "meld":
        return {"cards": [_face(f"{r}{raw['suit']}") for r in "KQ"]}
    if action.type == "exchange":
        # the turn-up goes to the hand, the low trump takes its place: both public
        given = _turnup(deal)
        return {
            "taken": _face(turnup) if turnup else None,
            "given": _face(given) if given else None,
        }
    if action.type == "draw":
        new = mask_codes(deal.hands[YOU] & ~mine)
        return {
            "seats": [s for s, h in enumerate(deal.hands) if bin(h).count("1") > sizes[s]],
            "you": _face(new[0]) if new else None,
        }
    return {}
