"""Spoken card names: inflected where a sentence asks for a case, plain elsewhere."""

import pytest
from django.utils import translation

from rules.explain import describe_action
from rules.markup import render_inline

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("lang", "text", "label"),
    [
        ("en", "You play [QH:acc].", "Queen of Hearts"),
        ("pl", "Zagrywasz [QH:acc].", "damę kier"),
        ("pl", "Bierze lewę [AS:ins].", "asem pik"),
        ("pl", "Nie masz [TD:gen].", "dziesiątki karo"),
        ("pl", "To jest [KC].", "król trefl"),
        ("lv", "Izej ar [QH:ins].", "ercena dāmu"),
        ("lv", "Viņa [JS:gen] vietā", "pīķa kalpa"),
        ("da", "Du spiller [QH:acc].", "hjerter dame"),
    ],
)
def test_a_card_token_is_spoken_in_the_case_it_asks_for(lang, text, label):
    with translation.override(lang):
        html = str(render_inline(text))
    assert f'aria-label="{label}"' in html
    assert ":acc" not in html and ":ins" not in html and ":gen" not in html


@pytest.mark.parametrize(("lang", "label"), [("pl", "damę kier"), ("lv", "ercena dāmu")])
def test_a_played_card_is_the_object_of_the_sentence(lang, label):
    action = {"player": 0, "type": "play", "card": "QH"}
    with translation.override(lang):
        mine = str(render_inline(describe_action(action, "", True)))
        theirs = str(render_inline(describe_action(action, "X", False)))
    assert f'aria-label="{label}"' in mine
    assert f'aria-label="{label}"' in theirs
