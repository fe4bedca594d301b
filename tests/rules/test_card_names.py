"""Spoken card names: inflected where a sentence asks for a case, plain elsewhere."""

import re

import pytest
from django.utils import translation
from sixtysix.cards import RANKS
from sixtysix.presets import get_preset

from content.files import read_toml
from rules import content_loader
from tutorial import content_loader as tutorial_content
from words.card_names import FORMS
from words.explain import describe_action
from words.markup import CARD_TOKEN, render_inline

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
        ("lv", "Tu parādi [C:gen] pāri.", "kreiča"),
        ("nb", "Du spiller [QH:def].", "hjerterdamen"),
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
        mine = str(render_inline(describe_action(action, "", True, get_preset("classic66"))))
        theirs = str(render_inline(describe_action(action, "X", False, get_preset("classic66"))))
    assert f'aria-label="{label}"' in mine
    assert f'aria-label="{label}"' in theirs


def _texts(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value)


def _content_texts(lang):
    folders = (content_loader.CONTENT_DIR, tutorial_content.CONTENT_DIR)
    for path in (path for folder in folders for path in sorted(folder.glob("*.toml"))):
        for text in _texts(read_toml(path).get(lang, {})):
            yield path.name, text


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_no_card_is_named_twice_to_a_screen_reader(lang):
    """A card picture speaks its full name, so a rank word just before it reads double
    ("Ace, Ace of Hearts")."""
    forms = {rank: {word.lower() for word in FORMS[lang]["rank"][rank].values()} for rank in RANKS}
    token = re.compile(r"([^\s\[\]]+)\s+" + CARD_TOKEN.pattern)
    doubled = [
        f"{name}: {match.group(0)}"
        for name, text in _content_texts(lang)
        for match in token.finditer(text)
        if match.group(1).lower().strip("*(„\"'") in forms[match.group(2)]
    ]
    assert not doubled, "\n".join(doubled)
