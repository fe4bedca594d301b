"""A card played to a trick already led is said as following it, on every page with a log."""

import re

import pytest
from django.utils import translation

from words.log_words import describe_actions, in_trick_before, leads

pytestmark = [pytest.mark.django_db, pytest.mark.integration]

PLAY, DRAW = {"type": "play"}, {"type": "draw"}


def test_leads_alternate_with_follows_trick_by_trick():
    actions = [PLAY, PLAY, DRAW, DRAW, PLAY, PLAY, PLAY]
    assert leads(actions, 2) == [True, False, None, None, True, False, True]
    assert leads(actions, 3, in_trick=1) == [False, False, None, None, True, False, False]


def test_the_cards_before_a_run_are_read_back_from_the_trick_after_it():
    two_played = {"trick": [{"player": 0, "card": "AS"}]}
    assert in_trick_before([PLAY, PLAY], two_played, 2) == 1  # a card followed, then a lead
    assert in_trick_before([PLAY], two_played, 3) == 0
    assert in_trick_before([PLAY, DRAW], {"trick": []}, 2) == 1


def test_describe_actions_says_the_second_card_of_a_trick_as_following():
    from sixtysix import get_preset

    rules = get_preset("classic66")
    actions = [
        {"type": "play", "player": 1, "card": "AS"},
        {"type": "play", "player": 0, "card": "9S"},
    ]
    with translation.override("da"):
        lines = describe_actions(actions, ["Du", "Modspilleren"], 0, rules, state={"trick": []})
    assert "lagde" not in lines[0] and "lagde" in lines[1], lines


def _play(player: int, card: str) -> dict:
    return {"type": "play", "player": player, "card": card}


def _pl(actions, state) -> list[str]:
    from sixtysix import get_preset

    with translation.override("pl"):
        lines = describe_actions(
            actions, ["Ty", "Przeciwnik", "Gracz"], 0, get_preset("classic66"), state=state
        )
    card = r'<span class="card"[^>]*aria-label="([^"]+)".*?</span></span>'
    return [re.sub(card, r"\1", line) for line in lines]


def test_a_card_that_takes_over_the_trick_is_said_to_beat_it_in_polish():
    """A trump on another suit "przebija", a higher card of the suit "nadbija" (the card in the
    instrumental); a lower card of the suit "dokłada"."""
    trumps_hearts = {"trick": [], "trump": "H"}
    lines = _pl([_play(1, "AS"), _play(0, "9H"), _play(0, "KS"), _play(1, "QS")], trumps_hearts)
    assert lines[1].startswith("Przebijasz dziewiątką kier"), lines
    assert lines[3].startswith("Przeciwnik dokłada damę pik"), lines
    lines = _pl([_play(1, "QS"), _play(0, "KS")], trumps_hearts)
    assert lines[1].startswith("Nadbijasz królem pik"), lines
    run = [_play(1, "AS"), _play(0, "9H"), _play(2, "QH")]
    three = {"active": [0, 1, 2], "trick": [], "last_trick": run, "trump": "H"}
    lines = _pl(run, three)
    assert lines[1].startswith("Przebijasz dziewiątką kier"), lines
    assert lines[2].startswith("Gracz nadbija damą kier"), lines  # over a trump: in its suit
    lines = _pl([_play(1, "AH"), _play(0, "9H")], trumps_hearts)
    assert lines[1].startswith("Dokładasz dziewiątkę kier"), lines  # a lower trump follows


def test_the_card_led_before_the_run_is_read_back_from_the_open_or_the_last_trick():
    three_seats = {"active": [0, 1, 2], "trump": "H"}  # a trick of three is still open
    open_trick = {
        "trick": [{"player": 1, "card": "TS"}, {"player": 0, "card": "AS"}],
        **three_seats,
    }
    assert _pl([_play(0, "AS")], open_trick)[0].startswith("Nadbijasz asem pik")
    closed = {"trick": [], "last_trick": [{"player": 1, "card": "AS"}, {"player": 0, "card": "TS"}]}
    assert _pl([_play(0, "TS")], {**closed, "trump": "H"})[0].startswith("Dokładasz")
    unknown = {"trick": [], "trump": "H"}  # three plays from mid-trick: the lead is not known
    lines = _pl([_play(0, "9H"), _play(1, "AS"), _play(0, "KS")], unknown)
    assert lines[0].startswith("Dokładasz") and lines[2].startswith("Dokładasz"), lines


def _log(html: str) -> list[str]:
    """The lines of the page's log ("Just now:")."""
    block = re.search(r'<div class="happened">(.*?)</ul>', html, re.S).group(1)
    return re.findall(r"<li[^>]*>(.*?)</li>", block, re.S)


def test_a_lesson_says_the_card_played_to_the_lead_as_following(client):
    """The lesson's third step: the reader leads, the opponent plays to it."""
    lines = _log(client.get("/lv/tutorials/first-deal/3/").content.decode())
    assert lines[0].startswith("Tu izgāji ar"), lines
    assert lines[1].startswith("Pretinieks pielika"), lines
