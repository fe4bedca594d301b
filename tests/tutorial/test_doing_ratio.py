"""Issue 13, "Lessons, not slideshows": the course makes the reader play.

Every lesson asks for a move in at least half of its steps, the course as a whole in at
least 60 % of them, and every lesson belongs to a group of the course and ends with a recap
in all five languages.
"""

import pytest

from content.files import read_toml
from tutorial.content_loader import CONTENT_DIR, lesson_paths, parse_course

pytestmark = pytest.mark.unit

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
LESSONS = lesson_paths(CONTENT_DIR)


def asking_share(data: dict) -> float:
    """Share of a lesson's steps that ask the reader for a move."""
    steps = data["steps"]
    return sum(1 for step in steps if step.get("ask")) / len(steps)


def test_the_share_counts_asking_steps():
    data = {"steps": [{"ask": [{"type": "draw"}]}, {"actions": []}, {"ask": []}, {}]}
    assert asking_share(data) == 0.25


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_at_least_half_of_the_steps_ask_for_a_move(path):
    assert asking_share(read_toml(path)) >= 0.5


def test_at_least_60_percent_of_the_course_asks_for_a_move():
    steps = [step for path in LESSONS for step in read_toml(path)["steps"]]
    asking = sum(1 for step in steps if step.get("ask"))
    assert asking / len(steps) >= 0.6, f"{asking} of {len(steps)} steps ask for a move"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_has_a_group_and_a_recap_in_five_languages(path):
    data = read_toml(path)
    assert data["tutorial"].get("group") in {g.key for g in parse_course(CONTENT_DIR)}
    missing = [lang for lang in LANGUAGES if not data.get(lang, {}).get("recap", "").strip()]
    assert not missing, f"no recap in {missing}"
