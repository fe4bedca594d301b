"""The lesson table names the seat whose card took the last trick (the deal's last trick too)."""

import pytest
from django.utils import translation
from sixtysix.cards import CODES, SUITS
from sixtysix.tricks import beats

from tutorial.models import Tutorial
from tutorial.services import step_view

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _taker(plays, trump):
    """The name beside the card that took the trick, by the cards alone."""
    trump_id = SUITS.index(trump) if trump else None
    best = 0
    for i in range(1, len(plays)):
        if beats(CODES.index(plays[i][1]), CODES.index(plays[best][1]), trump_id):
            best = i
    return plays[best][0]


def test_every_lessons_last_trick_is_named_for_the_card_that_took_it():
    """declaring-66 ends with the reader trumping the last trick: "Trick won by: You"."""
    checked = 0
    with translation.override("en"):
        for tutorial in Tutorial.objects.all():
            for number in range(1, tutorial.steps.count() + 1):
                view = step_view(tutorial=tutorial, number=number)
                if not view.last_trick or view.trick:
                    continue
                expected = _taker(view.last_trick, view.trump)
                assert view.last_trick_winner == expected, (tutorial.slug, number)
                checked += 1
    assert checked
