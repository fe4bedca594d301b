"""Rule parameters in words: the rows of the facts table and of the comparison.

Each row reads the engine's RuleSet (the very values the engine plays by, and the answers
it derives from them: stock, closing, claiming, sides, ties) and says them in the reader's
language. No rule fact is written here a second time. Every engine key belongs to at least
one row; a test keeps it that way, so a new engine option cannot silently go missing.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext_lazy
from sixtysix.ruleset import RuleSet

from words import rule_words as said
from words import score_words as scored


def as_ruleset(rules: RuleSet | dict) -> RuleSet:
    """The RuleSet of a variant's stored parameters (pages keep them as a dict)."""
    return rules if isinstance(rules, RuleSet) else RuleSet.from_dict(rules)


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
        words = said.yes_no
    if isinstance(words, dict):
        words = said.choice(words)
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
        said.players_words,
    ),
    Row("deck", PLAYERS, gettext_lazy("Pack"), ("deck",), said.deck_words),
    Row("card_values", PLAYERS, gettext_lazy("Card values"), ("deck",), said.card_values_words),
    Row("hand_size", DEAL, gettext_lazy("Hand"), ("hand_size", "deal_pattern"), said.hand_words),
    Row(
        "trump_source",
        DEAL,
        gettext_lazy("Trumps"),
        ("trump_source", "trump_after_batch"),
        lambda r: said.choice(said.TRUMP_SOURCE)(r.trump_source),
    ),
    Row("stock", DEAL, gettext_lazy("Stock"), ("stock_draw_rule",), said.stock_words),
    key_row("first_leader", DEAL, gettext_lazy("First lead"), said.FIRST_LEADER),
    key_row("next_dealer", DEAL, gettext_lazy("Next dealer"), scored.NEXT_DEALER),
    Row(
        "strict_obligation",
        PLAY,
        gettext_lazy("Obligations when following"),
        ("strict_obligation",),
        said.strict_words,
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
    key_row("trick_review", PLAY, gettext_lazy("Looking back at tricks"), said.TRICK_REVIEW),
    key_row("marriage_values", MARRIAGES, gettext_lazy("Marriage values"), said.MARRIAGE_VALUES),
    key_row(
        "marriage_trick_rule",
        MARRIAGES,
        gettext_lazy("Marriage and won tricks"),
        said.MARRIAGE_TRICK_RULE,
        _has_marriages,
    ),
    key_row(
        "marriage_lead_card",
        MARRIAGES,
        gettext_lazy("Card led after showing a marriage"),
        said.MARRIAGE_LEAD_CARD,
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
        scored.per_lead_words,
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
        said.IDIOT_TRUMP_MODE,
        lambda r: r.trump_source == "none_until_marriage",
    ),
    Row(
        "exchange_card",
        EXCHANGE,
        gettext_lazy("Card that may be exchanged"),
        ("exchange_card",),
        lambda r: said.choice(said.EXCHANGE_CARD)(r.exchange_card if r.can_exchange else "none"),
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
        said.cards,
        _can_exchange,
    ),
    key_row(
        "exchange_on_opponent_close",
        EXCHANGE,
        gettext_lazy("Non-closer may exchange when the stock is closed"),
        said.EXCHANGE_ON_CLOSE,
        lambda r: r.can_exchange and r.can_close,
    ),
    Row(
        "closing_allowed",
        CLOSING,
        gettext_lazy("Closing allowed"),
        ("closing_allowed",),
        lambda r: said.yes_no(r.can_close),
        lambda r: r.has_stock,
    ),
    key_row(
        "close_min_stock",
        CLOSING,
        gettext_lazy("Cards the stock must hold to close"),
        said.cards,
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
    Row(
        "close_scoring_snapshot",
        CLOSING,
        gettext_lazy("A successful close is scored"),
        ("close_scoring_snapshot",),
        said.penalty_words(said.CLOSE_SNAPSHOT, "close_scoring_snapshot"),
        _can_close,
    ),
    Row(
        "failed_close_penalty",
        CLOSING,
        gettext_lazy("If the closer fails"),
        ("failed_close_penalty",),
        said.penalty_words(said.FAILED_CLOSE, "failed_close_penalty"),
        _can_close,
    ),
    key_row(
        "closer_beaten_penalty",
        CLOSING,
        gettext_lazy("If another player claims before the closer"),
        said.CLOSER_BEATEN,
        lambda r: r.can_close and r.can_declare,
    ),
    key_row(
        "target",
        GOING_OUT,
        gettext_lazy("Target"),
        said.card_points,
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
        said.DECLARE_TIMING,
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
        said.penalty_words(said.FALSE_CLAIM, "false_claim_penalty"),
        _can_declare,
    ),
    Row(
        "last_trick_bonus",
        SCORE,
        gettext_lazy("Last trick"),
        ("last_trick_bonus",),
        scored.last_trick_words,
    ),
    Row(
        "exhausted_resolution",
        SCORE,
        gettext_lazy("When the last trick has been played"),
        ("exhausted_resolution",),
        said.exhausted_words,
    ),
    Row("scoring", SCORE, gettext_lazy("Scoring a deal"), ("scoring",), scored.scoring_words),
    key_row(
        "schneider_threshold",
        SCORE,
        gettext_lazy("Schneider line"),
        scored.schneider_line,
        lambda r: r.has_schneider,
    ),
    Row(
        "draw_handling",
        SCORE,
        gettext_lazy("Equal totals"),
        ("draw_handling",),
        lambda r: said.choice(scored.DRAW_HANDLING)(r.draw_handling),
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
        scored.bidding_words,
        lambda r: r.has_bidding,
    ),
    Row(
        "match",
        MATCH,
        gettext_lazy("Match"),
        ("match_target", "match_direction", "match_deals"),
        scored.match_words,
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
        scored.IDIOT_SETTLEMENT,
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
        scored.closing_summary,
        lambda r: r.has_stock,
    ),
    ROWS_BY_ID["bidding"],
    ROWS_BY_ID["last_trick_bonus"],
    ROWS_BY_ID["scoring"],
    ROWS_BY_ID["match"],
)


def covered_keys() -> set[str]:
    return {key for row in ROWS for key in row.keys}
