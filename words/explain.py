"""The engine's reason codes, actions and results, said in the reader's language.

The engine speaks in codes and facts (`must_follow_suit`, `{"suit": "H"}`); this module
turns them into sentences with gettext, so every language explains a refused move the
same way. Where a sentence states a rule it asks the variant's RuleSet (how many
marriages per lead, whether a stock or a claim exists, one opponent or several), so it is
true for the variant it is shown in. Every sentence comes back as safe HTML built once
(fill_html), with cards and suits already drawn: callers neither escape nor render it again.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy
from sixtysix.bidding import is_moon
from sixtysix.ruleset import RuleSet

from .card_names import SUIT_SYMBOLS, Slot, card_slot, suit_slot
from .markup import fill_html


def _suit(suit: object, *, named: bool = False) -> Slot:
    """A suit slot ("Hearts ♥" when `named`); nothing for anything but a suit letter."""
    if suit not in SUIT_SYMBOLS:
        return Slot(lambda form: SafeString(""))
    return suit_slot(str(suit), named=named)


def _card(card: object) -> Slot:
    if not (isinstance(card, str) and len(card) == 2):
        return Slot(lambda form: SafeString(""))
    return card_slot(card)


def _phase_reason(state: Mapping[str, Any] | None, rules: RuleSet) -> str:
    """Why obligations apply: the stock was closed or used up (games without one: no reason)."""
    if state is None or not rules.has_stock:
        return ""
    if state.get("closed_by") is not None:
        return _("The stock is closed, so ")
    if state.get("stock_size") == 0:
        return _("The stock is used up, so ")
    return ""


def _claim_timing(rules: RuleSet) -> str:
    if not rules.has_marriages:
        return _("You may claim only right after winning a trick.")
    return _("You may claim only right after winning a trick or showing a marriage.")


Builders = dict[str, Callable[[], SafeString]]


@dataclass(frozen=True)
class _Refusal:
    """What a refusal's sentence is built from: the engine's details and the variant."""

    details: dict[str, Any]
    rules: RuleSet
    because: str  # _phase_reason: "The stock is closed, so " or ""

    @property
    def suit(self) -> Slot:
        return _suit(self.details.get("suit"), named=True)

    @property
    def card(self) -> Slot:
        return _card(self.details.get("card"))

    @property
    def reason(self) -> object:
        return self.details.get("reason")

    def obliged(self, text: str, **values: object) -> SafeString:
        # "The stock is closed, so you must …", or "You must …" where no reason is given.
        sentence = self.because + text if self.because else text[:1].upper() + text[1:]
        return fill_html(sentence, **values)


def _play_refusals(why: _Refusal) -> Builders:
    """Turn, hand and the duties of following, heading and trumping."""
    plain = fill_html
    return {
        "deal_over": lambda: plain(_("The deal is over; no more moves can be made.")),
        "not_your_turn": lambda: plain(_("It is not your turn.")),
        "card_not_in_hand": lambda: plain(_("That card is not in your hand.")),
        "must_follow_suit": lambda: why.obliged(
            _("you must follow suit: play a card of [suit]."), suit=why.suit
        ),
        "must_head_trick": lambda: why.obliged(
            _("you must win the trick if you can: play a higher card than [card:def]."),
            card=why.card,
        ),
        "must_overtrump": lambda: why.obliged(
            _("you must over-trump: play a trump higher than [card:def]."), card=why.card
        ),
        "must_trump": lambda: why.obliged(
            _("you must play a trump ([suit]), since you cannot follow suit."), suit=why.suit
        ),
        "must_lead_marriage_card": lambda: plain(
            _("You have shown a marriage, so you must lead its King or Queen ([suit])."),
            suit=why.suit,
        ),
    }


def _stock_refusals(why: _Refusal) -> Builders:
    """Drawing, closing and exchanging the trump card."""
    plain, details, rules, reason = fill_html, why.details, why.rules, why.reason
    minimum = details.get("minimum", 0)
    return {
        "must_draw_first": lambda: plain(_("The trick's winner must draw from the stock first.")),
        "no_draw_due": lambda: plain(_("There is nothing to draw now.")),
        "no_stock": lambda: plain(_("This game has no stock.")),
        "stock_closed": lambda: plain(_("The stock is closed.")),
        "stock_too_small": lambda: plain(
            ngettext(
                "The stock must hold at least %(minimum)d card for that; it holds %(stock_size)d.",
                "The stock must hold at least %(minimum)d cards for that; it holds %(stock_size)d.",
                minimum,
            ),
            minimum=minimum,
            stock_size=details.get("stock_size", 0),
        ),
        "close_not_on_lead": lambda: plain(_("Only the player on lead may close the stock.")),
        "close_not_allowed": lambda: plain(
            _("This game has no closing of the stock.")
            if reason == "variant" or not rules.can_close
            else _("The stock may not be closed before the first trick.")
            if reason == "first_lead"
            else _("Closing the stock is not allowed here.")
        ),
        "exchange_needs_trick": lambda: plain(
            _("You may exchange only after you have won a trick.")
        ),
        "exchange_not_on_lead": lambda: plain(
            _("Only the player on lead may exchange the trump card.")
        ),
        "exchange_not_allowed": lambda: plain(_("This game has no exchange of the trump card.")),
        "no_exchange_card": lambda: plain(
            _("You do not hold [card:def], the card to exchange."), card=why.card
        ),
        "exchange_same_card": lambda: plain(
            _("The turn-up is already that card; there is nothing to gain.")
        ),
        "exchange_decision_pending": lambda: plain(
            _("First decide whether to exchange the trump card.")
        ),
    }


def _marriage_refusals(why: _Refusal) -> Builders:
    """Showing a marriage: who, when and how many per lead."""
    plain, rules, reason = fill_html, why.rules, why.reason
    per_lead = rules.marriages_per_lead
    return {
        "meld_not_on_lead": lambda: plain(_("A marriage may be shown only by the player on lead.")),
        "no_marriage": lambda: plain(
            _("You do not hold both King and Queen of [suit]."), suit=why.suit
        ),
        "marriage_already_this_lead": lambda: plain(
            ngettext(
                "Only %(n)d marriage may be shown per lead.",
                "Only %(n)d marriages may be shown per lead.",
                per_lead,
            ),
            n=per_lead,
        ),
        "marriage_in_strict_phase": lambda: plain(
            _("Marriages can no longer be shown once the stock is closed or used up.")
            if rules.can_close
            else _("Marriages can no longer be shown once the stock is used up.")
        ),
        "marriage_needs_trick": lambda: plain(
            _("No marriage may be shown before the first trick.")
            if reason == "first_trick"
            else _("You may show a marriage only after you have won a trick.")
        ),
        "marriage_not_allowed": lambda: plain(_("This game has no marriages.")),
    }


def _claim_and_bid_refusals(why: _Refusal) -> Builders:
    """The claim, the bidding and naming trumps."""
    plain, details, rules, reason = fill_html, why.details, why.rules, why.reason
    minimum = details.get("minimum", 0)
    return {
        "declare_not_allowed": lambda: plain(
            _("This game has no claim: the deal is played to the last trick.")
            if reason == "variant" or not rules.can_declare
            else _claim_timing(rules)
        ),
        "bidding_not_over": lambda: plain(_("The bidding is not over yet.")),
        "bidding_closed": lambda: plain(_("The bidding is over.")),
        "bid_too_low": lambda: plain(_("Your bid must be at least %(minimum)d."), minimum=minimum),
        "bid_too_high": lambda: plain(
            _("The highest bid is %(maximum)d."), maximum=details.get("maximum", 0)
        ),
        "nothing_to_pass": lambda: plain(_("There is nothing to pass on now.")),
        "trump_not_allowed": lambda: plain(_("You may not name trumps now.")),
        "trump_not_named": lambda: plain(_("Trumps must be named first.")),
    }


_REFUSAL_GROUPS = (_play_refusals, _stock_refusals, _marriage_refusals, _claim_and_bid_refusals)


def explain_refusal(
    code: str,
    details: dict[str, Any],
    state: Mapping[str, Any] | None = None,
    *,
    rules: RuleSet,
) -> SafeString:
    """One sentence that says why the engine refused a move, as safe HTML.

    The sentence states the variant's own rule (its number of marriages per lead, whether
    it has a stock, a claim, closing), read from `rules`.
    """
    details = details if isinstance(details, dict) else {}
    why = _Refusal(details, rules, _phase_reason(state, rules))
    for group in _REFUSAL_GROUPS:
        build = group(why).get(code)
        if build:
            return build()
    return fill_html(_("That move is not allowed here."))


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


def _draw_line(actor: str, is_you: bool, rules: RuleSet, drawn: str | None) -> SafeString:
    """The draw after a trick, winner first; `drawn` is the card the reader took, where the
    page may show it (practice), so the log names it in its place, before the next lead."""
    # The log says what happened, so in the past tense (its heading: "Just now:").
    one_opponent = rules.opponents == 1 and not rules.team_play
    if drawn:
        card = _card(drawn)
        if is_you and one_opponent:
            text = pgettext("log", "You drew [card:def] from the stock, then your opponent drew.")
        elif is_you:
            text = pgettext("log", "You drew [card:def] from the stock, then the others drew.")
        elif one_opponent:
            text = pgettext("log", "%(player)s drew from the stock, then you drew [card:def].")
        else:
            text = pgettext("log", "%(player)s drew from the stock first; you drew [card:def].")
        return fill_html(text, player=actor, card=card)
    if is_you:
        if one_opponent:
            return fill_html(pgettext("log", "You drew from the stock, then your opponent drew."))
        return fill_html(pgettext("log", "You drew from the stock, then the others drew."))
    if one_opponent:
        return fill_html(
            pgettext("log", "%(player)s drew from the stock, then you drew."), player=actor
        )
    return fill_html(
        pgettext("log", "%(player)s drew from the stock, then the others drew."), player=actor
    )


# A claim in the log, by (partnership play, the reader's own claim).
CLAIMED = {
    (True, True): pgettext_lazy("log", "You claimed %(target)d for your side."),
    (True, False): pgettext_lazy("log", "%(player)s claimed %(target)d for his side."),
    (False, True): pgettext_lazy("log", "You claimed %(target)d."),
    (False, False): pgettext_lazy("log", "%(player)s claimed %(target)d."),
}


def claim_words(
    sentences: Mapping[tuple[bool, bool], object], actor: str, is_you: bool, rules: RuleSet
) -> SafeString:
    """A claim: of one's own points, or (partners) of the side's points together. The
    sentence is `sentences`' for (partnership play, the reader's own claim)."""
    sentence = sentences[rules.team_play, is_you]
    return fill_html(str(sentence), player=actor, target=rules.target)


def _your_line(kind: str, card: Slot, suit: Slot, value: object) -> SafeString | None:
    """A move of the reader's own in the log, or None for a kind without a line."""
    lines = {
        # Translators: [card] and [suit] take the form you name, e.g. [card:acc]
        # (the forms of each language: words/card_forms.toml).
        "play": lambda: fill_html(pgettext("log", "You played [card:def]."), card=card),
        "meld": lambda: fill_html(pgettext("log", "You showed the marriage in [suit]."), suit=suit),
        "exchange": lambda: fill_html(pgettext("log", "You exchanged the trump card.")),
        "close": lambda: fill_html(pgettext("log", "You closed the stock.")),
        "bid": lambda: fill_html(pgettext("log", "You bid %(value)s."), value=value),
        "pass": lambda: fill_html(pgettext("log", "You passed.")),
        "trump": lambda: fill_html(pgettext("log", "You named [suit] as trumps."), suit=suit),
    }
    line = lines.get(kind)
    return line() if line else None


def _their_line(kind: str, actor: str, card: Slot, suit: Slot, value: object) -> SafeString | None:
    """Another player's move in the log, or None for a kind without a line."""
    lines = {
        # Translators: [card] and [suit] take the form you name, e.g. [card:acc]
        # (the forms of each language: words/card_forms.toml).
        "play": lambda: fill_html(
            pgettext("log", "%(player)s played [card:def]."), player=actor, card=card
        ),
        "meld": lambda: fill_html(
            pgettext("log", "%(player)s showed the marriage in [suit]."),
            player=actor,
            suit=suit,
        ),
        "exchange": lambda: fill_html(
            pgettext("log", "%(player)s exchanged the trump card."), player=actor
        ),
        "close": lambda: fill_html(pgettext("log", "%(player)s closed the stock."), player=actor),
        "bid": lambda: fill_html(
            pgettext("log", "%(player)s bid %(value)s."), player=actor, value=value
        ),
        "pass": lambda: fill_html(pgettext("log", "%(player)s passed."), player=actor),
        "trump": lambda: fill_html(
            pgettext("log", "%(player)s named [suit] as trumps."), player=actor, suit=suit
        ),
    }
    line = lines.get(kind)
    return line() if line else None


Beating = Literal["suit", "trump"]
"""How a card played to a trick already led takes it over (log_words.takes_over)."""


def describe_action(
    action: dict[str, Any],
    actor: str,
    is_you: bool,
    rules: RuleSet,
    *,
    drawn: str | None = None,
    led: bool | None = None,
    beats: Beating | None = None,
) -> SafeString:
    """A line of the log ("Just now:"), in the past tense: "Your opponent played [AS]".

    `drawn`: the card the reader drew in a draw action, where the page shows it; `led`:
    False for a card played to a trick already led (Danish "lagde", not "spillede ud");
    `beats`: how that card takes over the trick: "suit", a higher card of the winning
    card's suit (Polish "nadbija", not "dokłada"), or "trump" (Polish "przebija")."""
    kind = action.get("type")
    card = _card(action.get("card"))
    suit = _suit(action.get("suit"))
    value = action.get("value")
    if kind == "draw":
        return _draw_line(actor, is_you, rules, drawn)
    if kind == "declare":
        return claim_words(CLAIMED, actor, is_you, rules)
    if kind == "play" and led is False and beats == "trump":
        if is_you:
            return fill_html(pgettext("log, trumping", "You played [card:def]."), card=card)
        return fill_html(
            pgettext("log, trumping", "%(player)s played [card:def]."), player=actor, card=card
        )
    if kind == "play" and led is False and beats == "suit":
        if is_you:
            return fill_html(pgettext("log, beating", "You played [card:def]."), card=card)
        return fill_html(
            pgettext("log, beating", "%(player)s played [card:def]."), player=actor, card=card
        )
    if kind == "play" and led is False:
        if is_you:
            return fill_html(pgettext("log, following", "You played [card:def]."), card=card)
        return fill_html(
            pgettext("log, following", "%(player)s played [card:def]."), player=actor, card=card
        )
    if kind == "bid" and isinstance(value, int) and is_moon(value, rules):
        if is_you:
            return fill_html(pgettext("log", "You bid the moon."))
        return fill_html(pgettext("log", "%(player)s bid the moon."), player=actor)
    if is_you:
        line = _your_line(str(kind), card, suit, value)
    else:
        line = _their_line(str(kind), actor, card, suit, value)
    return line if line is not None else fill_html("%(kind)s", kind=str(kind))
