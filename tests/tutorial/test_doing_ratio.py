"""Issue 13, "Lessons, not slideshows": the lessons written for it make the reader play.

Every lesson from order DOING_FIRST_FROM on asks for a move in at least half of its steps,
and every move it asks for has replies to the wrong moves the reader is likely to try.
"""

import pytest

from rules.content_loader import read_toml
from tutorial.content_loader import CONTENT_DIR

pytestmark = pytest.mark.unit

DOING_FIRST_FROM = 130
LESSONS = [
    path
    for path in sorted(CONTENT_DIR.glob("*.toml"))
    if read_toml(path)["tutorial"]["order"] >= DOING_FIRST_FROM
]


def asking_share(data: dict) -> float:
    """Share of a lesson's steps that ask the reader for a move."""
    steps = data["steps"]
    return sum(1 for step in steps if step.get("ask")) / len(steps)


def test_the_share_counts_asking_steps():
    data = {"steps": [{"ask": [{"type": "draw"}]}, {"actions": []}, {"ask": []}, {}]}
    assert asking_share(data) == 0.25


def test_there_are_doing_first_lessons():
    assert LESSONS, f"no lesson with order >= {DOING_FIRST_FROM}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_at_least_half_of_the_steps_ask_for_a_move(path):
    assert asking_share(read_toml(path)) >= 0.5


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_asked_move_answers_the_likely_wrong_ones(path):
    data = read_toml(path)
    asking = [step["id"] for step in data["steps"] if step.get("ask")]
    bare = [key for key in asking if not data["en"]["steps"][key].get("wrong")]
    assert not bare, f"no wrong replies for {bare}"
