"""Every sentence builder of words/, for every preset, in the person and number of its table.

Each builder is rendered for each preset's RuleSet in all five languages and held against
what the RuleSet says: one opponent or several, a side (partners) or a player, two sides
("more points") or three ("the most points"), a stock or none, closing or none, ties or
none. A sentence written for two players that reaches a table of three or four fails, as
does "I have 66" where a side's points count, or "endgame" where the strict rules hold
from the first trick.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from sixtysix import Deal
from sixtysix.match import Match
from sixtysix.presets import PRESET_IDS, get_preset

from rules.parameters import ROWS
from tests.words.checks import visible_text
from tests.words.test_messages import CODES, STATES, details_for
from words import deal_words, match_words
from words.explain import describe_action, explain_refusal
from words.hint_words import hint_text
from words.markup import render_inline
from words.result_words import RESULT_REASONS, describe_result
from words.table import choice_label, seat_names, strict_badge

pytestmark = pytest.mark.unit

LANGUAGES = ["en", "da", "nb", "pl", "lv"]

# What may not be said, by language and by what the RuleSet says of the table.
# one: one opponent, no partners; many: several opponents or a side against the reader;
# team: partners count together; solo: no partners; three_sides: three or more sides score
# separately; two_sides: exactly two; no_stock: the strict rules from the first trick.
FORBIDDEN = {
    "en": {
        "one": r"\bthe others\b|\beach opponent\b|\bthe most card points\b|\bthe other side\b",
        "many": r"\byour opponent\b(?!s)|\bthe opponent\b|\bthe other player\b",
        "team": r"\bI have\b|\bhe thinks he has\b|\bif you have fewer\b|\bif you do not reach\b"
        r"|\byou already have\b|^Result: you\b|\bthe player with (more|the most)\b",
        "solo": r"\byour side\b|\bpartner|\bthe other side\b",
        "three_sides": r"\bmore card points\b|\(more points\)",
        "two_sides": r"\bthe most card points\b|\bmost points\b",
        "no_stock": r"\bstock\b|\bendgame\b|\bdraws? (from|a card)\b",
        "no_close": r"\bclos(e|ed|es|ing|er)\b",
        "no_ties": r"\ba tie\b|\bequal totals\b",
    },
    "da": {
        "one": r"\bde andre\b|\bhver (af modspillerne|modspiller)\b|\bflest point\b",
        "many": r"\bdin modspiller\b",
        "team": r"\bjeg har\b|\bmener at have\b|\bhar du færre\b|\bdu har allerede\b",
        "solo": r"\bhold\b|\bmakker",
        "three_sides": r"\bflere point(?! end)",
        "two_sides": r"\bflest point\b",
        "no_stock": r"\btalon|\bslutspil",
    },
    "nb": {
        "one": r"\bde andre\b|\bhver motspiller\b|\bflest poeng\b",
        "many": r"\bmotspilleren din\b",
        "team": r"\bjeg har\b|\bmener (du har|å ha)\b|\bhar du færre\b|\bdu har allerede\b",
        "solo": r"\blag(et)?\b|\bmakker",
        "three_sides": r"\bflere poeng(?! enn)",
        "two_sides": r"\bflest poeng\b",
        "no_stock": r"\btalong|\bsluttspill",
    },
    "pl": {
        "one": r"\bpozostali\b|\bkażdy przeciwnik\b|\bnajwięcej oczek\b",
        "team": r"\bjeśli masz mniej\b|\bmasz już (co najmniej )?\d",
        "three_sides": r"(?<!naj)więcej oczek(?! niż)",
        "two_sides": r"\bnajwięcej oczek\b",
        "no_stock": r"\bstos",
    },
    "lv": {
        "one": r"\bpārējie\b|\bkatrs pretinieks\b|\bkatram pretiniekam\b|\bvisvairāk\b",
        "team": r"\bja tev ir mazāk\b|\btu zaudē",
        "three_sides": r"(?<!vis)vairāk (acu|punktu)(?! nekā)",
        "two_sides": r"\bvisvairāk\b",
        "no_stock": r"\bkav(a|u|as|ā)\b",
    },
}


def facts_of(rules) -> list[str]:
    """The kinds of table the RuleSet describes (the keys of FORBIDDEN)."""
    kinds = ["team" if rules.team_play else "solo"]
    kinds.append("one" if rules.opponents == 1 and not rules.team_play else "many")
    kinds.append("three_sides" if rules.sides > 2 else "two_sides")
    if not rules.has_stock:
        kinds.append("no_stock")
    if not rules.can_close:
        kinds.append("no_close")
    if not rules.ties_possible:
        kinds.append("no_ties")
    return kinds


def faults(text: str, rules, lang: str) -> list[str]:
    found = []
    for kind in facts_of(rules):
        pattern = FORBIDDEN[lang].get(kind)
        if pattern and re.search(pattern, text, re.I | re.M):
            found.append(f"{kind}: {text}")
    return found


def _text(html) -> str:
    return " ".join(visible_text(str(render_inline(html))).split())


def _actions(rules):
    """The moves this variant has (a game without a stock draws and closes nothing)."""
    yield {"player": 0, "type": "play", "card": "QH"}
    if rules.has_marriages:
        yield {"player": 0, "type": "meld", "suit": "H"}
    if rules.has_stock:
        yield {"player": 0, "type": "draw"}
    if rules.can_exchange:
        yield {"player": 0, "type": "exchange"}
    if rules.can_close:
        yield {"player": 0, "type": "close"}
    if rules.can_declare:
        yield {"player": 0, "type": "declare"}
    if rules.has_bidding:
        yield {"player": 0, "type": "bid", "value": 2}
        yield {"player": 0, "type": "pass"}
    if rules.trump_source in ("forehand_names", "first_lead_of_bid_winner"):
        yield {"player": 0, "type": "trump", "suit": "S"}


def _reasons(rules):
    """The ways a deal of this variant can end."""
    reasons = ["last_trick", "most_points"]
    if rules.can_declare:
        reasons += ["declared", "false_declaration"]
    if rules.can_close:
        reasons += ["closed_made", "closed_failed", "closer_beaten"]
    if rules.ties_possible:
        reasons.append("tie")
    if rules.has_bidding:
        reasons += ["contract_made", "contract_failed"]
    return [r for r in reasons if r in RESULT_REASONS]


def _results(rules):
    points = [70, 30, 20, 0][: rules.players]
    sides = [[0, 2], [1, 3]] if rules.team_play else [[0], [1]]
    for reason in _reasons(rules):
        for winners in sides:
            yield {"winners": winners, "reason": reason, "card_points": points, "game_points": 2}


def _hints(rules):
    moves = [["play-AS", 0.4, 0.6], ["play-7H", -0.2, 0.2]]
    yield {  # every play-out won: no "about 10 times out of 10"
        "best": "play-AS",
        "reason": "likely",
        "method": "sampled",
        "points": 0,
        "samples": 18,
        "moves": [["play-AS", 1.0, 1.0], ["play-7H", -0.2, 0.2]],
    }
    for reason in ("claim", "last_trump", "only_win", "wins", "all_lose", "likely", "best"):
        yield {
            "best": "play-AS",
            "reason": reason,
            "method": "exact",
            "points": rules.target + 2,
            "samples": 1,
            "moves": moves,
        }


def _deal_sentences(rules):
    deal = Deal.new(rules, seed=7, dealer=0)
    names = seat_names(rules, 0)
    match = Match(rules)
    yield deal_words.turn_line(deal, 0)
    yield deal_words.turn_line(deal, 1)
    if rules.can_declare:
        yield deal_words.confirm_question("declare", rules)
    if rules.can_close:
        yield deal_words.confirm_question("close", rules)
    yield match_words.match_line(match, 0)
    yield from match_words.pad_heads(rules, names)
    for seat in range(rules.players):
        yield match_words.pad_winner(seat, rules, names, 0)
    for reason in _reasons(rules):
        yield match_words.pad_how(reason, rules)
    for result in _results(rules):
        yield match_words.explain_game_points(result, rules, 0)
    yield strict_badge("strict", rules.has_stock)


def sentences(rules):
    """Every sentence the words app builds for a table of this RuleSet (current language)."""
    names = seat_names(rules, 0)
    out = [("row " + row.id, str(row.value(rules))) for row in ROWS if row.value(rules)]
    for action in _actions(rules):
        out.append(("button", _text(choice_label(action, rules))))
        for seat in range(rules.players):
            line = describe_action(action, names[seat], seat == 0, rules)
            out.append(("log", _text(line)))
            if action["type"] == "play":  # a card played to a trick already led
                line = describe_action(action, names[seat], seat == 0, rules, led=False)
                out.append(("log", _text(line)))
            if action["type"] == "draw":  # practice names the card the reader drew
                line = describe_action(action, names[seat], seat == 0, rules, drawn="QH")
                out.append(("log", _text(line)))
    for result in _results(rules):
        out.append(("result", _text(describe_result(result, names, rules))))
    for data in _hints(rules):
        hint = hint_text(data, rules)
        out += [("hint", _text(line)) for line in [hint.line, *hint.details]]
    out += [("deal", _text(text)) for text in _deal_sentences(rules) if text]
    # the dealer who sits out watches the others: "the others play it" is right with three
    out.append(("sat out", _text(deal_words.sat_out(Deal.new(rules, seed=7, dealer=0), 0))))
    for code, spec in CODES.items():
        for details in details_for(spec):
            for state in STATES if rules.has_stock else [None]:
                message = explain_refusal(code, details, state, rules=rules)
                out.append(("refusal", _text(message)))
    return out


# Refusals answer a move the engine refused: "This game has no stock" must be sayable in a
# game without one, so the stock and closing checks skip them.
ABOUT_THE_RULES = {"no_stock", "no_close"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_sentence_fits_the_table_of_its_variant(lang, preset_id):
    rules = get_preset(preset_id)
    with translation.override(lang):
        found = []
        for where, text in sentences(rules):
            for fault in faults(text, rules, lang):
                kind = fault.split(":", 1)[0]
                if where == "refusal" and kind in ABOUT_THE_RULES:
                    continue
                if where == "sat out" and kind == "one":
                    continue
                if where.startswith("row ") and kind in ABOUT_THE_RULES | {"no_ties"}:
                    continue  # a facts row may say "not allowed", "none"
                found.append(f"{where} — {fault}")
    assert not found, "\n".join(found)


def test_the_presets_cover_every_kind_of_table():
    kinds = {kind for preset_id in PRESET_IDS for kind in facts_of(get_preset(preset_id))}
    assert kinds >= {"team", "solo", "one", "many", "three_sides", "two_sides", "no_stock"}


@pytest.mark.parametrize(
    ("preset_id", "lang", "wrong"),
    [
        ("three_all_play", "en", "Result: You — 2 game points (more card points)."),
        ("four_partnership_66", "en", "Claim 66 now? If you have fewer than 66 points, …"),
        ("four_partnership_66", "en", "the most card points wins, even below the target"),
        ("four_partnership_66", "da", "Stop - jeg har 66"),
        ("three_no_stock", "da", "slutspillet: bekend kulør"),
        ("classic66", "en", "You draw from the stock, then the others draw."),
        ("three_all_play", "nb", "Din tur: svar på kortet til motspilleren din."),
        ("four_double_pack_101", "lv", "Slēgt kavu tagad? … ja tev ir mazāk, tu zaudē partiju."),
    ],
)
def test_the_check_finds_two_player_sentences_at_other_tables(preset_id, lang, wrong):
    """The sentences the site said before this test: each is caught."""
    assert faults(wrong, get_preset(preset_id), lang)


def test_partners_win_as_a_side_and_three_players_by_the_most_points():
    with translation.override("en"):
        four = get_preset("four_partnership_66")
        names = seat_names(four, 0)
        ours = {"winners": [0, 2], "reason": "most_points", "card_points": [40, 20, 30, 30]}
        theirs = {**ours, "winners": [1, 3]}
        assert _text(describe_result({**ours, "game_points": 1}, names, four)).startswith(
            "Result: your side — 1 game point (more card points)"
        )
        assert "the other side" in _text(describe_result({**theirs, "game_points": 1}, names, four))
        three = get_preset("three_all_play")
        line = _text(describe_result({**ours, "winners": [1], "game_points": 2}, names, three))
        assert "(the most card points)" in line
        assert "more points than each opponent" in deal_words.confirm_question("close", three)
        assert "more points than each" not in deal_words.confirm_question(
            "close", get_preset("classic66")
        )
