"""Polish lessons: a number filled into a narration agrees with the noun after it.

A lesson writes its numbers as placeholders ("dostajesz {game_points} punkty", "w stosie
leży {stock} kart") and the noun's form is fixed in the text, so it is right only for the
values the deal gives. Polish has three forms (1 punkt, 2-4 punkty, 5+ punktów; 12-14 take
the last), and after "do", "poniżej", "od", "około", "z(e)" and "talią" the genitive
(1 punktu, else punktów). This replays every step and checks every filled number, so a
changed deal cannot leave "dostajesz 5 punkty" behind.
"""

import re

import pytest
from django.utils import translation

from tutorial.models import Tutorial
from tutorial.replay import fill, misformed_placeholders, narration_values
from tutorial.services import tutorial_positions, tutorial_rules

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

# noun: (singular, 2-4, 5+, genitive singular, genitive plural)
NOUNS = {
    "oczko": ("oczko", "oczka", "oczek", "oczka", "oczek"),
    "punkt": ("punkt", "punkty", "punktów", "punktu", "punktów"),
    "lewa": ("lewa", "lewy", "lew", "lewy", "lew"),
    "karta": ("karta", "karty", "kart", "karty", "kart"),
    "jednostka": ("jednostka", "jednostki", "jednostek", "jednostki", "jednostek"),
}
FORMS = {form: noun for noun, forms in NOUNS.items() for form in forms}
GENITIVE = {"do", "poniżej", "od", "około", "z", "ze", "talią", "talii"}
NUMBER = re.compile(r"(?:(\w+) )?(\d+) (" + "|".join(sorted(FORMS, key=len, reverse=True)) + r")\b")


def wanted(n: int, noun: str, genitive: bool) -> str:
    one, few, many, gen_one, gen_many = NOUNS[noun]
    if genitive:
        return gen_one if n == 1 else gen_many
    if n == 1:
        return one
    return few if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else many


def agreement_faults(text: str) -> list[str]:
    faults = []
    for match in NUMBER.finditer(text):
        before, n, form = (match.group(1) or "").lower(), int(match.group(2)), match.group(3)
        want = wanted(n, FORMS[form], before in GENITIVE)
        if form != want:
            faults.append(f"'{n} {form}' (want {n} {want})")
    return faults


def test_the_check_itself():
    assert agreement_faults("dostajesz 3 punkty i 1 punkt, masz 22 oczka, 12 oczek") == []
    assert agreement_faults("poniżej 33 oczek, do 1 punktu, talią 24 kart") == []
    assert agreement_faults("dostajesz 5 punkty") == ["'5 punkty' (want 5 punktów)"]
    assert agreement_faults("w stosie leży 4 kart") == ["'4 kart' (want 4 karty)"]
    assert agreement_faults("poniżej 33 oczka") == ["'33 oczka' (want 33 oczek)"]


def test_every_number_in_the_polish_lessons_agrees_with_its_noun():
    faults = []
    with translation.override("pl"):
        for tutorial in Tutorial.objects.prefetch_related("steps"):
            steps = list(tutorial.steps.all())
            rules = tutorial_rules(tutorial)
            positions = tutorial_positions(tutorial, steps)
            for step, position in zip(steps, positions, strict=True):
                values = narration_values(position, rules, tutorial.you)
                texts = [step.text, step.hint, *(step.wrong.get("pl") or {}).values()]
                for text in texts:
                    for fault in agreement_faults(fill(text or "", values)):
                        faults.append(f"{tutorial.slug} step {step.number}: {fault}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize(
    ("lang", "value", "said"),
    [
        ("pl", "1", "1 punkt"),
        ("pl", "3", "3 punkty"),
        ("pl", "5", "5 punktów"),
        ("en", "2", "2 game points"),
    ],
)
def test_a_number_with_its_noun_takes_the_plural_form_of_its_value(lang, value, said):
    with translation.override(lang):
        assert fill("dostajesz {game_points:game_points}.", {"game_points": value}) == (
            f"dostajesz {said}."
        )
        assert fill("{stock:cards}", {"stock": "12"}) == ("12 kart" if lang == "pl" else "12 cards")


def test_a_noun_only_on_a_number_and_a_case_only_on_a_card():
    values = {"stock": "4", "turnup": "[AS]", "game_points": "2"}
    assert misformed_placeholders("{stock:cards} {turnup:acc} {game_points}", values) == set()
    assert misformed_placeholders("{stock:acc} {turnup:cards}", values) == {"stock", "turnup"}
