"""What the Polish reading of issue 22 found in sentences built by code: the match winner
named before the verb (a seat name starts with a capital), a marriage logged as the King
and Queen shown, a false claim called by the glossary's word, a heading duty that names the
card in the genitive after "starszą od", the reflexive "swojej pary" for the reader's own
side, and the Idiot-66 result without a doubled "oczka:"."""

import pytest
from django.utils import translation
from sixtysix import get_preset
from sixtysix.match import Match

from tests.words.checks import visible_text
from words.explain import describe_action, explain_refusal
from words.match_words import describe_match_end, explain_game_points
from words.result_words import describe_result

pytestmark = pytest.mark.unit


def said(html) -> str:
    return " ".join(visible_text(str(html)).split())


def test_a_three_player_match_names_its_winner_first():
    match = Match(get_preset("three_all_play"))
    match.winners = [1]
    with translation.override("pl"):
        line = describe_match_end(match, 0)
    assert line == "Gracz po lewej wygrywa całą grę.", line


def test_a_marriage_is_logged_as_the_king_and_queen_shown():
    rules = get_preset("classic66")
    action = {"player": 1, "type": "meld", "suit": "H"}
    with translation.override("pl"):
        line = said(describe_action(action, "Przeciwnik", False, rules))
        mine = said(describe_action(action, "Ty", True, rules))
    assert line.startswith("Przeciwnik melduje króla i damę "), line
    assert "w kolorze" not in line and "w kolorze" not in mine, (line, mine)


def test_heading_names_the_card_to_beat_in_the_genitive():
    rules = get_preset("classic66")
    with translation.override("pl"):
        html = str(explain_refusal("must_head_trick", {"card": "TD"}, None, rules=rules))
    assert "starszą od " in said(html) and 'aria-label="dziesiątki karo"' in html, html


def test_the_reader_claims_for_his_own_side_with_swojej():
    rules = get_preset("four_double_pack_101")
    action = {"player": 0, "type": "declare"}
    with translation.override("pl"):
        line = said(describe_action(action, "Ty", True, rules))
    assert line == "Ogłaszasz 101 w imieniu swojej pary.", line


def test_an_idiot_66_result_says_oczka_once():
    rules = get_preset("idiot66")
    result = {"reason": "most_points", "winners": [1], "card_points": [43, 147]}
    with translation.override("pl"):
        line = said(describe_result(result, ["Ty", "Przeciwnik"], rules))
    assert line == "Wynik: przeciwnik \u2013 więcej oczek (ty 43, przeciwnik 147).", line


def test_a_false_claim_of_yours_is_called_a_false_claim():
    rules = get_preset("classic66")
    result = {
        "reason": "false_declaration",
        "winners": [1],
        "game_points": 2,
        "card_points": [40, 30],
    }
    with translation.override("pl"):
        line = explain_game_points(result, rules, 0)
    assert (
        line == "Fałszywe ogłoszenie \u2013 nie masz 66 oczek, więc przeciwnik dostaje 2 punkty."
    ), line
