"""The engine's reason codes, actions and results, said in the reader's language.

The engine speaks in codes and facts (`must_follow_suit`, `{"suit": "H"}`); this module
turns them into sentences with gettext, so every language explains a refused move the
same way. Cards and suits are returned in the content markup (`[QH]`, `[H]`) and drawn
by render_inline().
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .card_names import SUIT_NAMES


def _phase_reason(state: dict | None, has_stock: bool) -> str:
    """Why obligations apply: the stock was closed or used up (games without one: no reason)."""
    if state is None or not has_stock:
        return ""
    if state.get("closed_by") is not None:
        return _("The stock is closed, so ")
    if state.get("stock_size") == 0:
        return _("The stock is used up, so ")
    return ""


def explain_refusal(
    code: str, details: dict, state: dict | None = None, *, has_stock: bool = True
) -> str:
    """One sentence that says why the engine refused a move."""
    suit = details.get("suit")
    suit_words = f"{SUIT_NAMES[suit]} [{suit}]" if suit in SUIT_NAMES else ""
    card = details.get("card")
    card_token = f"[{card}]" if isinstance(card, str) and len(card) == 2 else ""
    because = _phase_reason(state, has_stock)

    def obliged(text: str) -> str:
        # "The stock is closed, so you must …", or "You must …" where no reason is given.
        return because + text if because else text[:1].upper() + text[1:]

    messages = {
        "deal_over": _("The deal is over; no more moves can be made."),
        "not_your_turn": _("It is not your turn."),
        "card_not_in_hand": _("That card is not in your hand."),
        "must_follow_suit": obliged(
            _("you must follow suit: play a card of %(suit)s.") % {"suit": suit_words}
        ),
        "must_head_trick": obliged(
            _("you must win the trick if you can: play a higher card than %(card)s.")
            % {"card": card_token}
        ),
        "must_overtrump": obliged(
            _("you must over-trump: play a trump higher than %(card)s.") % {"card": card_token}
        ),
        "must_trump": obliged(
            _("you must play a trump (%(suit)s), since you cannot follow suit.")
            % {"suit": suit_words}
        ),
        "must_lead_marriage_card": _(
            "You have shown a marriage, so you must lead its King or Queen (%(suit)s)."
        )
        % {"suit": suit_words},
        "must_draw_first": _("The trick's winner must draw from the stock first."),
        "no_draw_due": _("There is nothing to draw now."),
        "no_stock": _("This game has no stock."),
        "stock_closed": _("The stock is closed."),
        "stock_too_small": ngettext(
            "The stock must hold at least %(minimum)d card for that; it holds %(stock_size)d.",
            "The stock must hold at least %(minimum)d cards for that; it holds %(stock_size)d.",
            details.get("minimum", 0),
        )
        % {"minimum": details.get("minimum", 0), "stock_size": details.get("stock_size", 0)},
        "close_not_on_lead": _("Only the player on lead may close the stock."),
        "close_not_allowed": _("Closing the stock is not allowed here."),
        "exchange_needs_trick": _("You may exchange only after you have won a trick."),
        "exchange_not_on_lead": _("Only the player on lead may exchange the trump card."),
        "exchange_not_allowed": _("This game has no exchange of the trump card."),
        "no_exchange_card": _("You do not hold %(card)s, the card to exchange.")
        % {"card": card_token},
        "exchange_same_card": _("The turn-up is already that card; there is nothing to gain."),
        "exchange_decision_pending": _("First decide whether to exchange the trump card."),
        "meld_not_on_lead": _("A marriage may be shown only by the player on lead."),
        "no_marriage": _("You do not hold both King and Queen of %(suit)s.") % {"suit": suit_words},
        "marriage_already_this_lead": _("Only one marriage may be shown per lead."),
        "marriage_in_strict_phase": _(
            "Marriages can no longer be shown once the stock is closed or used up."
        ),
        "marriage_needs_trick": _("You may show a marriage only after you have won a trick."),
        "marriage_not_allowed": _("This game has no marriages."),
        "declare_not_allowed": _(
            "You may declare only right after winning a trick or showing a marriage."
        ),
        "bidding_not_over": _("The bidding is not over yet."),
        "bidding_closed": _("The bidding is over."),
        "bid_too_low": _("Your bid must be at least %(minimum)d.")
        % {"minimum": details.get("minimum", 0)},
        "bid_too_high": _("The highest bid is %(maximum)d.")
        % {"maximum": details.get("maximum", 0)},
        "nothing_to_pass": _("There is nothing to pass on now."),
        "trump_not_allowed": _("You may not name trumps now."),
        "trump_not_named": _("Trumps must be named first."),
    }
    return messages.get(code, _("That move is not allowed here."))


def seat_name(seat: int, you: int, players: int, partnerships: bool) -> str:
    """The seat as the reader sees the table: you, your opponent, your partner ..."""
    offset = (seat - you) % players
    if offset == 0:
        return _("You")
    if players == 2:
        return _("Your opponent")
    if players == 4 and partnerships and offset == 2:
        return _("Your partner")
    if offset == 1:
        return _("Left-hand player")
    if offset == players - 1:
        return _("Right-hand player")
    return _("Player opposite")


def describe_action(action: dict, actor: str, is_you: bool) -> str:
    """A past-tense line for "what just happened", e.g. "Your opponent plays [AS]"."""
    kind = action.get("type")
    # the played card is the object of the verb: its spoken name takes the accusative
    card = f"[{action['card']}:acc]" if action.get("card") else ""
    suit = f"[{action['suit']}]" if action.get("suit") else ""
    value = action.get("value")
    if is_you:
        lines = {
            # Translators: %(card)s is spoken in the accusative ("Zagrywasz damę kier").
            "play": _("You play %(card)s.") % {"card": card},
            "meld": _("You show the marriage in %(suit)s.") % {"suit": suit},
            "exchange": _("You exchange the trump card."),
            "close": _("You close the stock."),
            "declare": _("You declare that you have reached the target."),
            "draw": _("You draw from the stock, then the others draw."),
            "bid": _("You bid %(value)s.") % {"value": value},
            "pass": _("You pass."),
            "trump": _("You name %(suit)s as trumps.") % {"suit": suit},
        }
    else:
        lines = {
            # Translators: %(card)s is spoken in the accusative.
            "play": _("%(player)s plays %(card)s.") % {"player": actor, "card": card},
            "meld": _("%(player)s shows the marriage in %(suit)s.")
            % {"player": actor, "suit": suit},
            "exchange": _("%(player)s exchanges the trump card.") % {"player": actor},
            "close": _("%(player)s closes the stock.") % {"player": actor},
            "declare": _("%(player)s declares reaching the target.") % {"player": actor},
            "draw": _("%(player)s draws from the stock, then the others draw.") % {"player": actor},
            "bid": _("%(player)s bids %(value)s.") % {"player": actor, "value": value},
            "pass": _("%(player)s passes.") % {"player": actor},
            "trump": _("%(player)s names %(suit)s as trumps.") % {"player": actor, "suit": suit},
        }
    return lines.get(kind, str(kind))


RESULT_REASONS = {
    "declared": lambda: _("declared the target correctly"),
    "false_declaration": lambda: _("the other side declared without enough points"),
    "closed_made": lambda: _("closed the stock and reached the target"),
    "closed_failed": lambda: _("the closer did not reach the target"),
    "closer_beaten": lambda: _("went out before the closer"),
    "last_trick": lambda: _("won the last trick"),
    "most_points": lambda: _("more card points"),
    "tie": lambda: _("equal totals: nobody scores"),
    "contract_made": lambda: _("the bid was made"),
    "contract_failed": lambda: _("the bid was not made"),
}


def describe_result(result: dict, names: list[str]) -> str:
    """ "Result: You win 2 game points (closed the stock and reached the target)."""
    reason = RESULT_REASONS.get(result.get("reason"), lambda: str(result.get("reason")))()
    winners = [names[seat] for seat in result.get("winners", []) if seat < len(names)]
    if not winners:
        return _("Result: %(reason)s.") % {"reason": reason}
    points = result.get("game_points", 0)
    return ngettext(
        "Result: %(winners)s — %(points)d game point (%(reason)s).",
        "Result: %(winners)s — %(points)d game points (%(reason)s).",
        points,
    ) % {"winners": " & ".join(winners), "points": points, "reason": reason}
