"""Each puzzle's kind, main theme and initial rating: in the file, the rows, the open data."""

import json

import pytest
from sixtysix import get_preset

from content.files import ContentError
from content.load import content_load
from puzzles.content_loader import PUZZLES_FILE
from puzzles.models import Puzzle
from puzzles.positions import KINDS, RATINGS, analyse, facts_of, main_theme, reach
from puzzles.services import puzzles_near

PUZZLES = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))["puzzles"]


@pytest.mark.unit
def test_every_puzzle_has_a_kind_its_main_theme_and_a_rating_in_range():
    for p in PUZZLES:
        assert p["kind"] in KINDS, p["id"]
        assert p["theme"] == main_theme(p["themes"]), p["id"]
        assert RATINGS[0] <= p["rating"] <= RATINGS[1], p["id"]
    assert len({p["rating"] for p in PUZZLES}) > 10


@pytest.mark.unit
def test_the_tags_are_the_solvers_facts_of_the_position():
    for p in [p for p in PUZZLES if p["kind"] == "ending"][::7]:
        deal = reach(get_preset(p["variant"]), p["deal"], p["actions"])
        facts = facts_of(deal, analyse(deal))
        assert (facts.themes, facts.theme, facts.rating) == (p["themes"], p["theme"], p["rating"])


@pytest.mark.integration
@pytest.mark.django_db
def test_the_json_adds_kind_theme_and_rating(client):
    puzzle = Puzzle.objects.order_by("number").last()
    data = client.get(f"/pl/puzzles/{puzzle.number}.json").json()
    raw = next(p for p in PUZZLES if p["id"] == puzzle.number)
    assert (data["kind"], data["theme"], data["rating"]) == (
        raw["kind"],
        raw["theme"],
        raw["rating"],
    )
    assert {"id", "variant", "rules", "deal", "actions", "answer", "value", "themes"} <= set(data)


@pytest.mark.integration
@pytest.mark.django_db
def test_puzzles_near_a_rating_are_nearest_first_and_filtered():
    found = puzzles_near(1200, variant="schnapsen", theme="last-trick", count=5)
    assert found and all(p.variant.slug == "schnapsen" for p in found)
    assert all("last-trick" in p.themes for p in found)
    gaps = [abs(p.rating - 1200) for p in found]
    assert gaps == sorted(gaps)
    every = Puzzle.objects.filter(variant__slug="schnapsen")
    assert min(abs(p.rating - 1200) for p in every if "last-trick" in p.themes) == gaps[0]
    assert puzzles_near(1200, kind="no-such-kind") == []


def _broken(tmp_path, change):
    data = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))
    change(data["puzzles"][0])
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.integration
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.update(kind="riddle"), "puzzle 1: kind"),
        (lambda p: p.update(theme="luck"), "puzzle 1: theme"),
        (lambda p: p.update(rating=9000), "puzzle 1: rating"),
        (lambda p: p.update(rating="1500"), "puzzle 1: rating"),
    ],
)
def test_load_content_refuses_bad_tags(tmp_path, change, message):
    with pytest.raises(ContentError, match=message):
        content_load(puzzles_file=_broken(tmp_path, change))
