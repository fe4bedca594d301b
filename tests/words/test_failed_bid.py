"""A bid not made: the line says what the bidders lose, not only the others' 0 units."""

import pytest
from django.utils import translation
from sixtysix import get_preset

from tests.words.checks import visible_text
from words.result_words import describe_result
from words.table import seat_names

pytestmark = pytest.mark.unit

RULES = get_preset("north_american_bid66")
FAILED = {
    "reason": "contract_failed",
    "winners": [1, 3],
    "game_points": 0,
    "card_points": [50, 30, 20, 20],
    "game_points_by_seat": [-2, 0, -2, 0],
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Result: the bid was not made, so your side loses 2 units and the other side "
            "scores 0 units.",
        ),
        (
            "pl",
            "Wynik: kontrakt niewypełniony, więc twoja para traci 2 jednostki, a para "
            "przeciwników dostaje 0 jednostek.",
        ),
    ],
)
def test_the_bidders_loss_is_said(lang, expected):
    with translation.override(lang):
        line = describe_result(FAILED, seat_names(RULES, 0), RULES)
    assert " ".join(visible_text(str(line)).split()) == expected
