"""Every lesson step accepts exactly the move its script goes on with.

"Correct!" followed by a next step that plays another card than the reader's would teach
nonsense (declaring-66 step 14 once accepted A♦ and then played K♦)."""

import pytest
from django.utils import translation
from sixtysix import Action

from tutorial.models import Tutorial
from tutorial.services import move_check

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _asking_steps():
    for tutorial in Tutorial.objects.select_related("variant").prefetch_related("steps"):
        steps = list(tutorial.steps.all())
        for step in steps:
            if step.ask:
                yield tutorial, steps, step


def _key(action, you):
    return Action.from_dict({"player": you, **action}).key()


def test_each_accepted_move_is_correct_only_where_the_script_plays_it():
    checked, alternatives = 0, 0
    with translation.override("en"):
        for tutorial, steps, step in _asking_steps():
            following = _key(steps[step.number].actions[0], tutorial.you)
            for accepted in step.ask:
                key = _key(accepted, tutorial.you)
                verdict = move_check(tutorial=tutorial, number=step.number, action=accepted)
                where = f"{tutorial.slug} step {step.number} {key}"
                assert verdict.legal, where
                assert verdict.correct == (key == following), where
                if key != following:
                    assert verdict.code == "also_good", where
                    assert "Correct" not in verdict.message, where
                    alternatives += 1
                checked += 1
    assert checked > 100
    assert alternatives >= 10  # the steps where two cards do equally well


def test_declaring_66_step_14_accepts_the_king_and_not_the_ace_as_correct():
    tutorial = Tutorial.objects.prefetch_related("steps").get(slug="declaring-66")
    with translation.override("en"):
        king = move_check(tutorial=tutorial, number=14, action={"type": "play", "card": "KD"})
        ace = move_check(tutorial=tutorial, number=14, action={"type": "play", "card": "AD"})
    assert (king.correct, ace.correct, ace.legal) == (True, False, True)
    assert ace.message == (
        "That works too, but this lesson goes on with another move. Try the other one."
    )
