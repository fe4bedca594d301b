"""Rule parameters in words: the rows of the facts table and of the comparison.

Each row reads the engine's RuleSet (the very values the engine plays by, and the answers
it derives from them: stock, closing, claiming, sides, ties) and says them in the reader's
language. No rule fact is written here a second time. Every engine key belongs to at least
one row; a test keeps it that way, so a new engine option cannot silently go missing.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from sixtysix.ruleset import RuleSet

from words.card_names import RANK_LETTERS


def as_ruleset(rules: RuleSet | dict) -> RuleSet:
    """The RuleSet of a variant's stored parameters (pages keep them as a dict)."""
    return rules if isinstance(rules, RuleSet) else RuleSet.from_dict(rules)


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def choice(mapping: dict) -> Callable[[object], str]:
    """Words for an enumerated value; an unknown value is shown as it is."""

    def words(value):
        text = mapping.get(value)
        return str(text) if text is not None else str(value)

    return words


def cards(n: int) -> str:
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


def card_points(n: int) -> str:
    return ngettext("%(n)d card point", "%(n)d card points", n) % {"n": n}


def for_opponents(r: RuleSet, one, each, side) -> str:
    """The form of a sentence for this table: one opponent, several, or the other side."""
    if r.team_play:
        return str(side)
    return str(one) if r.opponents == 1 else str(each)


# --- words for single parameters -------------------------------------------------------


def players_words(r: RuleSet) -> str:
    n = r.players
    text = ngettext("%(n)d player", "%(n)d players", n) % {"n": n}
    if r.dealer_sits_out:
        return _("%(players)s; the dealer sits out each deal") % {"players": text}
    if r.team_play:
        return _("%(players)s, two against two, partners sitting opposite") % {"players": text}
    if n > 2:
        return _("%(players)s, each for himself") % {"players": text}
    return text


def deck_words(r: RuleSet) -> str:
    ranks = ", ".join(str(RANK_LETTERS[rank]) for rank in r.ranks)
    if r.packs == 2:
        return _("two packs of 24 cards (48 in all): %(ranks)s, each card twice") % {"ranks": ranks}
    return _("%(cards)s: %(ranks)s in each suit") % {"cards": cards(r.pack_size), "ranks": ranks}


def card_values_words(r: RuleSet) -> str:
    values = " · ".join(f"{RANK_LETTERS[rank]} {points}" for rank, points in r.card_points.items())
    return _("%(values)s; %(total)d card points in all") % {
        "values": values,
        "total": r.total_card_points,
    }


def hand_words(r: RuleSet) -> str:
    pattern = " + ".join(str(n) for n in r.deal_pattern)
    return _("%(cards)s each, dealt %(pattern)s") % {
        "cards": cards(r.hand_size),
        "pattern": pattern,
    }


TRUMP_SOURCE = {
    "turn_up": gettext_lazy("the suit of the turn-up, the card turned face up under the stock"),
    "none_until_marriage": gettext_lazy("no trumps at first: each marriage shown makes trumps"),
    "first_lead_of_bid_winner": gettext_lazy(
        "the suit of the first card led by the highest bidder"
    ),
    "bottom_card_to_dealer": gettext_lazy("the suit of the dealer's last card, shown to all"),
    "forehand_names": gettext_lazy(
        "named by forehand after seeing three cards, or else fixed by a card turned up"
    ),
}


def stock_words(r: RuleSet) -> str:
    if not r.has_stock:
        return _("none: all cards are dealt")
    if r.has_turnup:
        text = _("%(cards)s including the turn-up") % {"cards": cards(r.stock_size)}
    else:
        text = _("%(cards)s face down") % {"cards": cards(r.stock_size)}
    if r.opponents == 1:
        return _("%(stock)s; after each trick the winner draws first, then the other player") % {
            "stock": text
        }
    return _("%(stock)s; after each trick the winner draws first, then the others") % {
        "stock": text
    }


FIRST_LEADER = {
    "non_dealer": gettext_lazy("the non-dealer"),
    "left_of_dealer": gettext_lazy("the player on the dealer's left"),
    "bid_winner": gettext_lazy("the highest bidder"),
}

STRICT_OBLIGATION = {
    "follow_head_trump": gettext_lazy(
        "follow suit and win the trick if you can; if void, trump; otherwise any card"
    ),
    "follow_trump": gettext_lazy("follow suit; if void, trump; otherwise any card"),
    "follow_only": gettext_lazy("follow suit; if void, any card"),
}


def strict_words(r: RuleSet) -> str:
    text = choice(STRICT_OBLIGATION)(r.strict_obligation)
    if r.strict_from_start:
        return _("from the first trick: %(rule)s") % {"rule": text}
    if r.can_close:
        return _("once the stock is used up or closed: %(rule)s") % {"rule": text}
    return _("once the stock is used up: %(rule)s") % {"rule": text}


TRICK_REVIEW = {
    "last_trick_only": gettext_lazy("only the last trick, until the next card is led"),
    "own_tricks": gettext_lazy("your own tricks at any time"),
    "none": gettext_lazy("none"),
}

MARRIAGE_VALUES = {
    "20_40": gettext_lazy("20 in a plain suit, 40 in trumps"),
    "escalating_20_40_60_80": gettext_lazy(
        "20, 40, 60 and 80 for the first, second, third and fourth marriage of the deal"
    ),
    "none": gettext_lazy("no marriages"),
}

MARRIAGE_TRICK_RULE = {
    "counts_after_first_trick": gettext_lazy(
        "may be shown before the first trick, but counts only once its holder wins a trick"
    ),
    "must_have_trick_to_declare": gettext_lazy("may be shown only by a player who has won a trick"),
    "not_in_first_trick": gettext_lazy("may not be shown before the first trick"),
    "no_trick_needed": gettext_lazy("counts even if its holder wins no trick"),
}

MARRIAGE_LEAD_CARD = {
    "either": gettext_lazy("the King or the Queen"),
    "queen": gettext_lazy("the Queen"),
    "king": gettext_lazy("the King"),
}

IDIOT_TRUMP_MODE = {
    "latest_marriage": gettext_lazy("each new marriage makes its suit trumps"),
    "first_marriage_fixed": gettext_lazy("the first marriage fixes trumps for the deal"),
}

EXCHANGE_CARD = {
    "9": gettext_lazy("the Nine of trumps"),
    "J": gettext_lazy("the Jack of trumps"),
    "7": gettext_lazy("the Seven of trumps"),
    "none": gettext_lazy("no exchange"),
}

EXCHANGE_ON_CLOSE = {
    "any": gettext_lazy("yes, even without a trick"),
    "needs_trick": gettext_lazy("yes, if he has won a trick"),
    "never": gettext_lazy("no"),
}

CLOSE_SNAPSHOT = {
    "end": gettext_lazy("on the opponent's points at the end of the deal"),
    "at_close": gettext_lazy("on the opponent's points at the moment of closing"),
}

# One opponent, several opponents each for himself, or the other side of a partnership.
FAILED_CLOSE = {
    "two_or_three": (
        gettext_lazy("the opponent scores 2, or 3 if he had no trick when the stock was closed"),
        gettext_lazy("each opponent scores 2, or 3 if he had no trick when the stock was closed"),
        gettext_lazy("the other side scores 2, or 3 if it had no trick when the stock was closed"),
    ),
    "always_three": (
        gettext_lazy("the opponent scores 3"),
        gettext_lazy("each opponent scores 3"),
        gettext_lazy("the other side scores 3"),
    ),
    "by_closer_count": (
        gettext_lazy(
            "the opponent scores 1 or 2 by the closer's own points, 3 if closed before his "
            "first trick"
        ),
        gettext_lazy(
            "each opponent scores 1 or 2 by the closer's own points, 3 if closed before his "
            "first trick"
        ),
        gettext_lazy(
            "the other side scores 1 or 2 by the closer's own points, 3 if closed before its "
            "first trick"
        ),
    ),
    "closer_loses_on_any_trick": (
        gettext_lazy(
            "the closer loses at once when the opponent wins any trick after the close "
            "(3 game points)"
        ),
        gettext_lazy(
            "the closer loses at once when an opponent wins any trick after the close "
            "(3 game points)"
        ),
        gettext_lazy(
            "the closer's side loses at once when the other side wins any trick after the "
            "close (3 game points)"
        ),
    ),
}

CLOSER_BEATEN = {
    "flat_2": gettext_lazy("2 game points"),
    "two_or_three": gettext_lazy(
        "2 game points, or 3 if he had no trick when the stock was closed"
    ),
}

DECLARE_TIMING = {
    "after_own_trick_or_marriage": gettext_lazy(
        "right after winning a trick or showing a marriage"
    ),
    "any_time_on_turn": gettext_lazy("at any time when it is his turn"),
}

FALSE_CLAIM = {
    "flat_2": (
        gettext_lazy("the opponent scores 2 game points"),
        gettext_lazy("each opponent scores 2 game points"),
        gettext_lazy("the other side scores 2 game points"),
    ),
    "two_or_three": (
        gettext_lazy("the opponent scores 2 game points, or 3 if he had not yet won a trick"),
        gettext_lazy("each opponent scores 2 game points, or 3 if he had not yet won a trick"),
        gettext_lazy("the other side scores 2 game points, or 3 if it had not yet won a trick"),
    ),
    "mirror": (
        gettext_lazy("the opponent scores what a correct claim would have earned"),
        gettext_lazy("each opponent scores what a correct claim would have earned"),
        gettext_lazy("the other side scores what a correct claim would have earned"),
    ),
}


def penalty_words(mapping: dict, key: str) -> Callable[[RuleSet], str]:
    """Words for a penalty, said of the opponent, each opponent or the other side."""

    def words(r: RuleSet) -> str:
        forms = mapping.get(getattr(r, key))
        return for_opponents(r, *forms) if forms else str(getattr(r, key))

    return words


EXHAUSTED = {
    "last_trick_wins_scaled": gettext_lazy(
        "the winner of the last trick wins the deal, scored 1, 2 or 3"
    ),
    "last_trick_wins_1": gettext_lazy("the winner of the last trick wins the deal: 1 game point"),
    "most_points_wins": gettext_lazy("the most card points wins, even below the target"),
}


def exhausted_words(r: RuleSet) -> str:
    if r.scoring == "raw_points":
        return _("each player's card points are written down; the higher total wins the deal")
    if r.scoring == "bid_units":
        return _("the bid decides: the bidders need the card points they bid")
    if r.scoring == "four_hand_130":
        return _("a side with 66 card points or more scores; 65 each is a tie")
    if r.exhausted_resolution == "most_points_wins" and not r.has_target:
        return _("the most card points wins")
    if r.exhausted_resolution == "last_trick_bonus_10":  # the bonus is the RuleSet's, not 10
        return _("the last trick earns %(n)d; the higher total wins") % {"n": r.last_trick_bonus}
    return choice(EXHAUSTED)(r.exhausted_resolution)


SCORING = {
    "standard_1_2_3": gettext_lazy(
        "1 game point; 2 if the loser has under %(threshold)d (schneider); 3 if he took no trick "
        "(schwarz)"
    ),
    "each_loser_1_2_3": gettext_lazy(
        "each loser pays 1; 2 if under %(threshold)d; 3 if he took no trick"
    ),
    "four_hand_130": gettext_lazy(
        "66 to 99 card points: 1 game point; 100 or more: 2; every trick: 3"
    ),
    "bid_units": gettext_lazy(
        "the bidders win or lose their bid; the defenders score 1 unit per 33 card points"
    ),
    "raw_points": gettext_lazy("each player's card points are written down"),
}

DRAW_HANDLING = {
    "void_redeal_same_dealer": gettext_lazy("nobody scores; the same dealer deals again"),
    "carry_1_to_next_winner": gettext_lazy(
        "1 extra game point goes to the winner of the next deal"
    ),
}

BIDDING = {
    "none": gettext_lazy("no bidding"),
    "ladder_1_5": gettext_lazy(
        "bids 1 to 5, each 1 a unit of 33 card points; 5 is the moon, played alone for every trick"
    ),
}

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
        return _("the first side to %(n)d units") % {"n": n}
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
    if r.scoring == "standard_1_2_3" and r.team_play:
        text = gettext_lazy(
            "1 game point; 2 if the losing side has under %(threshold)d (schneider); 3 if it "
            "took no trick (schwarz)"
        )
    else:
        text = SCORING.get(r.scoring)
    if text is None:
        return str(r.scoring)
    return str(text) % {"threshold": r.schneider_threshold} if "%(" in str(text) else str(text)


def per_lead_words(n: int) -> str:
    return ngettext("%(n)d marriage per lead", "%(n)d marriages per lead", n) % {"n": n}


# --- the rows ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    id: str
    group: object
    label: object
    keys: tuple[str, ...]
    words: Callable[[RuleSet], str]
    applies: Callable[[RuleSet], bool] = lambda r: True

    def value(self, rules: RuleSet | dict) -> str | None:
        """The value in words, or None where the parameter does not apply to the variant."""
        r = as_ruleset(rules)
        return self.words(r) if self.applies(r) else None


def key_row(key, group, label, words=None, applies=lambda r: True, extra_keys=()):
    """A row that shows one parameter, through a mapping, a function or yes/no."""
    if words is None:
        words = yes_no
    if isinstance(words, dict):
        words = choice(words)
    return Row(key, group, label, (key, *extra_keys), lambda r: words(getattr(r, key)), applies)


PLAYERS = pgettext_lazy("parameter group", "Players and cards")
DEAL = pgettext_lazy("parameter group", "Deal and trumps")
PLAY = pgettext_lazy("parameter group", "Play of the cards")
MARRIAGES = pgettext_lazy("parameter group", "Marriages")
EXCHANGE = pgettext_lazy("parameter group", "Exchanging the trump card")
CLOSING = pgettext_lazy("parameter group", "Closing the stock")
GOING_OUT = pgettext_lazy("parameter group", "Claiming the target")
SCORE = pgettext_lazy("parameter group", "Scoring")
MATCH = pgettext_lazy("parameter group", "The match")


def _has_marriages(r: RuleSet) -> bool:
    return r.has_marriages


def _can_exchange(r: RuleSet) -> bool:
    return r.can_exchange


def _can_close(r: RuleSet) -> bool:
    return r.can_close


def _can_declare(r: RuleSet) -> bool:
    return r.can_declare


def _several_opponents(r: RuleSet) -> bool:
    return r.active_players > 2


ROWS: tuple[Row, ...] = (
    Row(
        "players",
        PLAYERS,
        gettext_lazy("Players"),
        ("players", "active_players", "dealer_sits_out", "partnerships"),
        players_words,
    ),
    Row("deck", PLAYERS, gettext_lazy("Pack"), ("deck",), deck_words),
    Row("card_values", PLAYERS, gettext_lazy("Card values"), ("deck",), card_values_words),
    Row("hand_size", DEAL, gettext_lazy("Hand"), ("hand_size", "deal_pattern"), hand_words),
    Row(
        "trump_source",
        DEAL,
        gettext_lazy("Trumps"),
        ("trump_source", "trump_after_batch"),
        lambda r: choice(TRUMP_SOURCE)(r.trump_source),
    ),
    Row("stock", DEAL, gettext_lazy("Stock"), ("stock_draw_rule",), stock_words),
    key_row("first_leader", DEAL, gettext_lazy("First lead"), FIRST_LEADER),
    key_row("next_dealer", DEAL, gettext_lazy("Next dealer"), NEXT_DEALER),
    Row(
        "strict_obligation",
        PLAY,
        gettext_lazy("Obligations when following"),
        ("strict_obligation",),
        strict_words,
    ),
    key_row(
        "must_overtrump",
        PLAY,
        gettext_lazy("Must over-trump a trump already played"),
        applies=_several_opponents,
    ),
    key_row(
        "must_undertrump",
        PLAY,
        gettext_lazy("Must trump even when unable to over-trump"),
        applies=_several_opponents,
    ),
    key_row("trick_review", PLAY, gettext_lazy("Looking back at tricks"), TRICK_REVIEW),
    key_row("marriage_values", MARRIAGES, gettext_lazy("Marriage values"), MARRIAGE_VALUES),
    key_row(
        "marriage_trick_rule",
        MARRIAGES,
        gettext_lazy("Marriage and won tricks"),
        MARRIAGE_TRICK_RULE,
        _has_marriages,
    ),
    key_row(
        "marriage_lead_card",
        MARRIAGES,
        gettext_lazy("Card led after showing a marriage"),
        MARRIAGE_LEAD_CARD,
        _has_marriages,
    ),
    key_row(
        "marriage_in_strict_phase",
        MARRIAGES,
        gettext_lazy("Marriages after the stock is used up or closed"),
        applies=lambda r: r.has_marriages and r.has_stock,
    ),
    key_row(
        "marriages_per_lead",
        MARRIAGES,
        gettext_lazy("Marriages per lead"),
        per_lead_words,
        _has_marriages,
    ),
    key_row(
        "partner_may_meld",
        MARRIAGES,
        gettext_lazy("The leader's partner may show a marriage too"),
        applies=lambda r: r.has_marriages and r.team_play,
    ),
    key_row(
        "idiot_trump_mode",
        MARRIAGES,
        gettext_lazy("Marriages and trumps"),
        IDIOT_TRUMP_MODE,
        lambda r: r.trump_source == "none_until_marriage",
    ),
    Row(
        "exchange_card",
        EXCHANGE,
        gettext_lazy("Card that may be exchanged"),
        ("exchange_card",),
        lambda r: choice(EXCHANGE_CARD)(r.exchange_card if r.can_exchange else "none"),
        lambda r: r.has_turnup,
    ),
    key_row(
        "exchange_requires_trick",
        EXCHANGE,
        gettext_lazy("Exchange needs a won trick"),
        applies=_can_exchange,
    ),
    key_row(
        "exchange_when_following",
        EXCHANGE,
        gettext_lazy("Exchange also when following"),
        applies=_can_exchange,
    ),
    key_row(
        "exchange_min_stock",
        EXCHANGE,
        gettext_lazy("Cards the stock must still hold"),
        cards,
        _can_exchange,
    ),
    key_row(
        "exchange_on_opponent_close",
        EXCHANGE,
        gettext_lazy("Non-closer may exchange when the stock is closed"),
        EXCHANGE_ON_CLOSE,
        lambda r: r.can_exchange and r.can_close,
    ),
    Row(
        "closing_allowed",
        CLOSING,
        gettext_lazy("Closing allowed"),
        ("closing_allowed",),
        lambda r: yes_no(r.can_close),
        lambda r: r.has_stock,
    ),
    key_row(
        "close_min_stock",
        CLOSING,
        gettext_lazy("Cards the stock must hold to close"),
        cards,
        _can_close,
    ),
    key_row("close_before_draw", CLOSING, gettext_lazy("Close before drawing"), applies=_can_close),
    key_row(
        "close_before_first_trick",
        CLOSING,
        gettext_lazy("Close before the first trick"),
        applies=_can_close,
    ),
    key_row(
        "close_requires_most_points",
        CLOSING,
        gettext_lazy("Closer also needs more points than each opponent"),
        applies=lambda r: r.can_close and r.sides > 2,
    ),
    key_row(
        "close_scoring_snapshot",
        CLOSING,
        gettext_lazy("A successful close is scored"),
        CLOSE_SNAPSHOT,
        _can_close,
    ),
    Row(
        "failed_close_penalty",
        CLOSING,
        gettext_lazy("If the closer fails"),
        ("failed_close_penalty",),
        penalty_words(FAILED_CLOSE, "failed_close_penalty"),
        _can_close,
    ),
    key_row(
        "closer_beaten_penalty",
        CLOSING,
        gettext_lazy("If another player claims before the closer"),
        CLOSER_BEATEN,
        lambda r: r.can_close and r.can_declare,
    ),
    key_row(
        "target",
        GOING_OUT,
        gettext_lazy("Target"),
        card_points,
        lambda r: r.has_target,
    ),
    key_row(
        "going_out_allowed",
        GOING_OUT,
        gettext_lazy("A player who has the target may claim it and end the deal"),
    ),
    key_row(
        "declare_timing",
        GOING_OUT,
        gettext_lazy("When a player may claim"),
        DECLARE_TIMING,
        _can_declare,
    ),
    key_row(
        "go_out_by_marriage",
        GOING_OUT,
        gettext_lazy("Claim by showing a marriage, without leading"),
        applies=lambda r: r.can_declare and r.has_marriages,
    ),
    Row(
        "false_claim_penalty",
        GOING_OUT,
        gettext_lazy("A false claim"),
        ("false_claim_penalty",),
        penalty_words(FALSE_CLAIM, "false_claim_penalty"),
        _can_declare,
    ),
    Row(
        "last_trick_bonus",
        SCORE,
        gettext_lazy("Last trick"),
        ("last_trick_bonus",),
        last_trick_words,
    ),
    Row(
        "exhausted_resolution",
        SCORE,
        gettext_lazy("When the last trick has been played"),
        ("exhausted_resolution",),
        exhausted_words,
    ),
    Row("scoring", SCORE, gettext_lazy("Scoring a deal"), ("scoring",), scoring_words),
    key_row(
        "schneider_threshold",
        SCORE,
        gettext_lazy("Schneider line"),
        lambda n: _("under %(n)d card points") % {"n": n},
        lambda r: r.has_schneider,
    ),
    Row(
        "draw_handling",
        SCORE,
        gettext_lazy("Equal totals"),
        ("draw_handling",),
        lambda r: choice(DRAW_HANDLING)(r.draw_handling),
        lambda r: r.ties_possible and r.counts_game_points,
    ),
    key_row(
        "trump_ten_bonus",
        SCORE,
        gettext_lazy("Extra game point for the ten of trumps"),
        applies=lambda r: r.scoring == "four_hand_130" or r.trump_ten_bonus,
    ),
    Row(
        "bidding",
        SCORE,
        gettext_lazy("Bidding"),
        ("bidding", "bid_unit", "moon"),
        lambda r: choice(BIDDING)(r.bidding),
        lambda r: r.has_bidding,
    ),
    Row(
        "match",
        MATCH,
        gettext_lazy("Match"),
        ("match_target", "match_direction", "match_deals"),
        match_words,
    ),
    key_row(
        "dealer_score_cap",
        MATCH,
        gettext_lazy("The dealer cannot reach the target while sitting out"),
        applies=lambda r: r.dealer_sits_out,
    ),
    key_row(
        "idiot_settlement",
        MATCH,
        gettext_lazy("Settling the round"),
        IDIOT_SETTLEMENT,
        lambda r: r.scoring == "raw_points",
    ),
)

ROWS_BY_ID = {row.id: row for row in ROWS}

FACT_ROWS: tuple[Row, ...] = (
    ROWS_BY_ID["players"],
    ROWS_BY_ID["deck"],
    ROWS_BY_ID["card_values"],
    ROWS_BY_ID["hand_size"],
    ROWS_BY_ID["trump_source"],
    ROWS_BY_ID["stock"],
    ROWS_BY_ID["target"],
    ROWS_BY_ID["marriage_values"],
    ROWS_BY_ID["exchange_card"],
    Row(
        "closing",
        CLOSING,
        gettext_lazy("Closing"),
        ("closing_allowed",),
        closing_summary,
        lambda r: r.has_stock,
    ),
    ROWS_BY_ID["bidding"],
    ROWS_BY_ID["last_trick_bonus"],
    ROWS_BY_ID["scoring"],
    ROWS_BY_ID["match"],
)


def covered_keys() -> set[str]:
    return {key for row in ROWS for key in row.keys}
