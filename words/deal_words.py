"""A deal in progress in words: whose turn it is, the bidding, the contract, who sits out.

Practice passes the engine's Deal and the reader's seat (and the seats' names from
words.table.seat_names); nothing here knows a practice game.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix import Deal
from sixtysix.bidding import contract_points, is_moon
from sixtysix.ruleset import RuleSet

from .result_words import in_sentence


def _one_opponent(rules: RuleSet) -> bool:
    """One player against one in this deal (two players, or three with the dealer out)."""
    return rules.opponents == 1 and not rules.team_play


def turn_line(deal: Deal, you: int) -> str:
    """What the reader is to do now (or that the opponent leads); "" when nothing to say."""
    if deal.result is not None:
        return ""
    rules = deal.rules
    if deal.to_act == you:
        if deal.phase == "bidding":
            return _("Your turn to bid, or pass.")
        if deal.phase == "trump_naming":
            return _(
                "Your turn: name trumps from the cards you hold so far, or pass and let your "
                "next card decide."
            )
        if deal.trick:
            if rules.players == 2:
                return _("Your turn: answer your opponent's card.")
            if _one_opponent(rules):  # three, the dealer sitting out: one card led
                return _("Your turn: answer the card led.")
            return _("Your turn: answer the cards on the table.")
        return _("Your turn to lead.")
    if rules.players == 2:
        return _("Your opponent leads.")
    return ""


def confirm_question(key: str, rules: RuleSet) -> str:
    """The question before a claim or a close, with the conditions of this variant: a side's
    points where partners count together, and "more than each opponent" where the closer needs
    it (the Danish three-player game)."""
    facts = {"target": rules.target}
    if key == "declare":
        if rules.team_play:
            return (
                _(
                    "Claim %(target)d now? If your side has fewer than %(target)d points, "
                    "your side loses the deal."
                )
                % facts
            )
        return (
            _("Claim %(target)d now? If you have fewer than %(target)d points, you lose the deal.")
            % facts
        )
    if rules.team_play:
        return (
            _(
                "Close the stock now? Nobody draws any more, and if your side does not reach "
                "%(target)d points, your side loses the deal."
            )
            % facts
        )
    if rules.close_requires_most_points:
        return (
            _(
                "Close the stock now? Nobody draws any more, and unless you reach %(target)d "
                "points and have more points than each opponent, you lose the deal."
            )
            % facts
        )
    return (
        _(
            "Close the stock now? Nobody draws any more, and if you do not reach %(target)d "
            "points you lose the deal."
        )
        % facts
    )


def bidding_lines(deal: Deal, names: list[str]) -> list[tuple[str, str]]:
    """Each bid and pass so far, in order: (seat name, what was said)."""
    out = []
    for seat, value in deal.bids:
        said = _("pass") if value == 0 else bid_words(value, deal.rules)
        out.append((names[seat], said))
    return out


def bid_words(value: int, rules: RuleSet) -> str:
    """A bid as said at the table: "2 (66 points)", or the moon."""
    if is_moon(value, rules):
        return _("the moon (every trick, alone)")
    points = contract_points(value, rules) or 0
    return ngettext("%(n)d (%(points)d point)", "%(n)d (%(points)d points)", points) % {
        "n": value,
        "points": points,
    }


def contract_line(deal: Deal, names: list[str]) -> str:
    """Who won the bidding and for what; "" without bidding or while it goes on."""
    if deal.rules.bidding == "none" or deal.phase == "bidding" or deal.high_bidder is None:
        return ""
    return _("Contract: %(player)s, %(bid)s") % {
        "player": in_sentence(names[deal.high_bidder]),
        "bid": bid_words(deal.high_bid, deal.rules),
    }


def seat_bid(deal: Deal, seat: int) -> str:
    """What a seat said last in the bidding ("passed", "bid 2 (66 points)"), or ""."""
    said = [value for s, value in deal.bids if s == seat]
    if not said:
        return ""
    if said[-1] == 0:
        return _("passed")
    return _("bid %(bid)s") % {"bid": bid_words(said[-1], deal.rules)}


def sat_out(deal: Deal, you: int) -> str:
    """Why the reader takes no part in this deal ("" when playing)."""
    if you in deal.active:
        return ""
    if you not in deal.seats_in_order:
        return _("You dealt, so you sit out this deal; the others play it.")
    return _("Your partner bid the moon: you lay down your cards and sit out this deal.")


def side_points_line(points: int) -> str:
    """The card points of the reader's side in a partnership game."""
    return _("Your side has %(points)d card points (you and your partner together).") % {
        "points": points
    }


def deal_over_refusal() -> str:
    return _("The deal is over; start the next one.")


def not_your_turn_refusal() -> str:
    return _("It is not your turn.")
