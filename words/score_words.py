"""A variant's scoring, match, bidding and last-trick rules in words (the rest of the facts
table's rows are in rule_words, whose small helpers these share)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from sixtysix.ruleset import RuleSet

from .rule_words import card_points, cards

SCORING = {
    "standard_1_2_3": gettext_lazy(
        "1 game point; 2 if the loser has under %(threshold)d (schneider); 3 if he took no trick "
        "(schwarz)"
    ),
    "each_loser_1_2_3": gettext_lazy(
        "each loser pays 1; 2 if under %(threshold)d; 3 if he took no trick"
    ),
    "four_hand_130": gettext_lazy(
        "%(target)d to 99 card points: 1 game point; 100 or more: 2; every trick: 3"
    ),
    "raw_points": gettext_lazy("each player's card points are written down"),
}

DRAW_HANDLING = {
    "void_redeal_same_dealer": gettext_lazy("nobody scores; the same dealer deals again"),
    "carry_1_to_next_winner": gettext_lazy(
        "1 extra game point goes to the winner of the next deal"
    ),
}


def bidding_words(r: RuleSet) -> str:
    """The auction with the RuleSet's unit, and the moon only where it is played."""
    if not r.has_bidding:
        return _("no bidding")
    if r.moon:
        return ngettext(
            "bids 1 to 5, each 1 a unit of %(unit)d card point; 5 is the moon, played alone for "
            "every trick",
            "bids 1 to 5, each 1 a unit of %(unit)d card points; 5 is the moon, played alone for "
            "every trick",
            r.bid_unit,
        ) % {"unit": r.bid_unit}
    return ngettext(
        "bids 1 to 5, each 1 a unit of %(unit)d card point",
        "bids 1 to 5, each 1 a unit of %(unit)d card points",
        r.bid_unit,
    ) % {"unit": r.bid_unit}


NEXT_DEALER = {
    "deal_winner": gettext_lazy("the winner of the deal"),
    "alternate": gettext_lazy("the players take turns"),
    "rotate_left": gettext_lazy("the player on the dealer's left"),
}

IDIOT_SETTLEMENT = {
    "per_round": gettext_lazy("the higher total after the round wins one stake"),
    "point_difference": gettext_lazy("the loser pays for every point of difference"),
}


def match_words(r: RuleSet) -> str:
    if r.match_by_deals:
        return ngettext(
            "a round of %(n)d deal; totals are added up",
            "a round of %(n)d deals; totals are added up",
            r.match_deals,
        ) % {"n": r.match_deals}
    n = r.match_target
    if r.match_direction == "down":
        return _("both start on %(n)d and count down; the first to reach 0 wins") % {"n": n}
    if r.scoring == "bid_units":
        return ngettext("the first side to %(n)d unit", "the first side to %(n)d units", n) % {
            "n": n
        }
    if r.team_play:
        return ngettext(
            "the first side to %(n)d game point", "the first side to %(n)d game points", n
        ) % {"n": n}
    return ngettext("the first to %(n)d game point", "the first to %(n)d game points", n) % {"n": n}


def closing_summary(r: RuleSet) -> str:
    if not r.can_close:
        return _("not allowed")
    if r.close_before_draw:
        return _("by the player on lead, before or after drawing, while %(n)s remain") % {
            "n": cards(r.close_min_stock)
        }
    return _("by the player on lead, after drawing, while %(n)s remain") % {
        "n": cards(r.close_min_stock)
    }


def last_trick_words(r: RuleSet) -> str:
    if r.last_trick_bonus:
        if r.can_close:
            return _("%(n)d card points, unless the stock was closed") % {"n": r.last_trick_bonus}
        return card_points(r.last_trick_bonus)
    if r.exhausted_resolution in ("last_trick_wins_1", "last_trick_wins_scaled") and (
        r.scoring not in ("raw_points", "bid_units", "four_hand_130")
    ):
        if r.can_declare:
            return _("no bonus, but it wins the deal if nobody has gone out")
        return _("no bonus, but it wins the deal")
    return _("no bonus")


def scoring_words(r: RuleSet) -> str:
    if r.scoring == "bid_units":
        return ngettext(
            "the bidders win or lose their bid; the defenders score 1 unit per %(unit)d card point",
            "the bidders win or lose their bid; the defenders score 1 unit per %(unit)d "
            "card points",
            r.bid_unit,
        ) % {"unit": r.bid_unit}
    text: object
    if r.scoring == "standard_1_2_3" and r.team_play:
        text = gettext_lazy(
            "1 game point; 2 if the losing side has under %(threshold)d (schneider); 3 if it "
            "took no trick (schwarz)"
        )
    else:
        text = SCORING.get(r.scoring)
    if text is None:
        return str(r.scoring)
    facts = {"threshold": r.schneider_threshold, "target": r.target}
    return str(text) % facts if "%(" in str(text) else str(text)


def per_lead_words(n: int) -> str:
    return ngettext("%(n)d marriage per lead", "%(n)d marriages per lead", n) % {"n": n}


def schneider_line(n: int) -> str:
    return _("under %(n)d card points") % {"n": n}
