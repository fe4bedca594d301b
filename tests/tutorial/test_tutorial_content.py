"""Tutorial files: every one replays legally and says every number through the engine."""

import shutil
from pathlib import Path

import pytest
import tomlkit
from django.utils import translation

from content.files import ContentError
from content.load import content_load
from rules.content_loader import CONTENT_DIR as RULES_DIR
from rules.content_loader import parse_content
from tutorial.content_loader import CONTENT_DIR, lesson_paths, parse_course, parse_tutorial_file
from tutorial.models import CourseGroup, Tutorial, TutorialStep
from tutorial.replay import PLACEHOLDER, fill, narration_values
from tutorial.services import tutorial_positions, tutorial_rules

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
FILES = lesson_paths(CONTENT_DIR)
REQUIRED = {
    "first-deal",
    "marriages",
    "trump-exchange",
    "closing",
    "failed-close",
    "strict-phase",
    "declaring-66",
    "schnapsen",
    "three-dealer-out",
    "three-all-play",
    "idiot-66",
    "partnership-bidding",
}


@pytest.fixture(scope="module")
def sections():
    variants, _terms = parse_content(RULES_DIR)
    return {v.slug: [s["key"] for s in v.sections] for v in variants}


def test_the_required_tutorials_exist():
    assert {path.stem for path in FILES} >= REQUIRED


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_tutorial_file_replays_legally_in_every_language(path, sections):
    data = parse_tutorial_file(path, sections)
    assert data.steps
    assert any(step["ask"] for step in data.steps), "every tutorial lets the reader move"


def test_every_placeholder_resolves_in_every_language():
    leftovers = []
    for tutorial in Tutorial.objects.select_related("variant").prefetch_related("steps"):
        steps = list(tutorial.steps.all())
        positions = tutorial_positions(tutorial, steps)
        rules = tutorial_rules(tutorial)
        for step, position in zip(steps, positions, strict=True):
            values = narration_values(position, rules, tutorial.you)
            for lang in LANGUAGES:
                for text in (getattr(step, f"text_{lang}"), getattr(step, f"hint_{lang}")):
                    if text and PLACEHOLDER.search(fill(text, values)):
                        leftovers.append(f"{tutorial.slug} step {step.number} [{lang}]")
    assert leftovers == []


def test_every_tutorial_is_loaded_with_all_its_steps():
    assert set(Tutorial.objects.values_list("slug", flat=True)) == {p.stem for p in FILES}
    for tutorial in Tutorial.objects.all():
        numbers = list(tutorial.steps.values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))


@pytest.fixture
def content_copy(tmp_path) -> Path:
    target = tmp_path / "tutorials"
    shutil.copytree(CONTENT_DIR, target, ignore=shutil.ignore_patterns("*.md", "_drafts"))
    return target


def test_an_illegal_action_is_refused_naming_file_and_step(content_copy):
    path = content_copy / "first-deal.toml"
    text = path.read_text()
    first_play = text.index('type = "play", card = "') + len('type = "play", card = "')
    path.write_text(text[:first_play] + "ZZ" + text[first_play + 2 :])
    before = list(TutorialStep.objects.order_by("pk").values())
    with pytest.raises(ContentError) as excinfo:
        content_load(tutorials_dir=content_copy)
    assert "first-deal.toml" in str(excinfo.value)
    assert "step" in str(excinfo.value)
    assert list(TutorialStep.objects.order_by("pk").values()) == before


def test_a_move_the_engine_refuses_names_the_reason(content_copy):
    path = content_copy / "first-deal.toml"
    text = path.read_text()
    # Playing out of turn: the first action of the first step that has one, by the other seat.
    start = text.index("actions = [{player = ") + len("actions = [{player = ")
    seat = text[start]
    other = "0" if seat == "1" else "1"
    path.write_text(text[:start] + other + text[start + 1 :])
    with pytest.raises(ContentError, match=r"first-deal.toml: step \d+ \(.*\) action 1: refused"):
        content_load(tutorials_dir=content_copy)


def test_an_unknown_placeholder_is_refused(content_copy):
    path = content_copy / "marriages.toml"
    text = path.read_text()
    marker = "[pl.steps."
    start = text.index("text = ", text.index(marker)) + len("text = ")
    quote = text[start : start + 3] if text[start : start + 3] in ("'''", '"""') else text[start]
    path.write_text(text[: start + len(quote)] + "{no_such_number} " + text[start + len(quote) :])
    with pytest.raises(ContentError, match=r"\[pl\].*no_such_number"):
        content_load(tutorials_dir=content_copy)


def test_loading_tutorials_twice_changes_nothing():
    with translation.override("en"):
        report = content_load()
    assert report.changed == 0


def test_every_lesson_is_stored_in_its_course_group():
    groups = list(CourseGroup.objects.values_list("key", flat=True))
    assert groups == [g.key for g in parse_course(CONTENT_DIR)]
    for tutorial in Tutorial.objects.select_related("group"):
        assert tutorial.group is not None, tutorial.slug
    assert CourseGroup.objects.get(key="first-steps").title_pl == "Pierwsze kroki"


def test_a_lesson_without_a_known_group_is_refused(content_copy):
    path = content_copy / "closing.toml"
    path.write_text(path.read_text().replace('group = "closing"', 'group = "no-such-group"', 1))
    with pytest.raises(ContentError, match=r"closing.toml: tutorial.group"):
        content_load(tutorials_dir=content_copy)
    path.write_text(path.read_text().replace('group = "no-such-group"\n', "", 1))
    with pytest.raises(ContentError, match=r"closing.toml: tutorial.group"):
        content_load(tutorials_dir=content_copy)


def _set_recap(path: Path, languages) -> None:
    """Give the file a recap in `languages` only (the others lose theirs)."""
    doc = tomlkit.parse(path.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        doc[lang].pop("recap", None)
        if lang in languages:
            doc[lang]["recap"] = f"What [QH] taught ({lang})."
    path.write_text(tomlkit.dumps(doc), encoding="utf-8")


def test_a_recap_is_stored_translated(content_copy):
    _set_recap(content_copy / "closing.toml", LANGUAGES)
    content_load(tutorials_dir=content_copy)
    tutorial = Tutorial.objects.get(slug="closing")
    assert tutorial.recap_da == "What [QH] taught (da)."
    with translation.override("lv"):
        assert tutorial.recap == "What [QH] taught (lv)."


def test_a_recap_in_one_language_is_needed_in_all(content_copy):
    _set_recap(content_copy / "closing.toml", ["en", "da"])
    with pytest.raises(ContentError, match=r"closing.toml.*recap.*\[(nb|pl|lv)\]"):
        content_load(tutorials_dir=content_copy)
