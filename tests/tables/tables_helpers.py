"""Shared by the table tests: what one seat must not learn, and whether a message told it."""

import re

from sixtysix import Action, Deal

from practice.ids import deal_seed
from tables.models import Table
from tables.store import load


def hidden_from(table: Table, me: int, upto: int | None = None) -> set[str]:
    """The cards `me` must not know after the first `upto` actions of the current deal
    (all of them by default): the other hands, the stock and the dead cards, minus its own
    cards and every card ever shown to all (played, a turn-up, a marriage's king and queen,
    the dealer's trump card)."""
    table.refresh_from_db()
    game = load(table).game
    actions = game.actions if upto is None else game.actions[:upto]
    seed = deal_seed(game.variant.slug, game.deal_id)
    deal = Deal.new(game.rules, seed=seed, dealer=game.start.dealer)
    public: set[str] = set()
    bottom = game.rules.trump_source == "bottom_card_to_dealer"
    for raw in actions:
        public |= _shown(deal.state(), bottom)
        action = Action.from_dict(raw)
        if action.type == "play":
            public.add(action.card)
        if action.type == "meld":
            public |= {f"K{raw['suit']}", f"Q{raw['suit']}"}
        deal.apply(action)
    if deal.result is not None:
        return set()  # every hand is shown once the deal is over
    state = deal.state()
    public |= _shown(state, bottom)
    hidden = set(state["stock"]) | set(state["dead"])
    for seat, hand in enumerate(state["hands"]):
        if seat != me:
            hidden |= set(hand)
    return hidden - set(state["hands"][me]) - public


def _shown(state: dict, bottom: bool) -> set[str]:
    """The turn-up, and the dealer's trump card where the rules show it to all."""
    return {c for c in (state.get("turnup"), state.get("trump_card") if bottom else None) if c}


def leaked(text: str, hidden: set[str]) -> list[str]:
    """The hidden cards named in `text` (by code, as the pages draw every card)."""
    return [c for c in sorted(hidden) if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)]


def pick(choices: list[str]) -> str:
    """A move to make: a card or a bid if there is one, never a claim or closing (which
    ask for confirmation)."""
    calm = [k for k in choices if k not in ("declare", "close")]
    return (calm or choices)[0]
