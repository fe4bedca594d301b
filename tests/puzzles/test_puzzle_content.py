"""The committed puzzle file: enough puzzles, reproducible, re-checked by the solver on load."""

import hashlib
import json
import random
import shutil

import pytest
from sixtysix import Action, get_preset

from content.files import ContentError
from content.load import content_load
from puzzles.content_loader import PUZZLES_FILE
from puzzles.generator import generate, is_highest_card
from puzzles.models import Puzzle
from puzzles.positions import THEMES, check, margin_needed, reach, signature

DATA = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))
PUZZLES = DATA["puzzles"]
FIRST_500 = "9a50a1ac451cbfe529f7cd84f3696b34b139516c8b21fd50d011d6e0ac24bdc7"


@pytest.mark.unit
def test_the_file_has_enough_varied_puzzles_and_names_its_seed():
    assert len(PUZZLES) >= 500
    variants = {"classic66", "schnapsen", "classic66_32", "idiot66", "three_dealer_out"}
    assert {p["variant"] for p in PUZZLES} == variants | {"three_no_stock"}
    assert {p["kind"] for p in PUZZLES if p["variant"] == "three_no_stock"} == {"layouts"}
    assert {t for p in PUZZLES for t in p["themes"]} == set(THEMES)
    assert {p["difficulty"] for p in PUZZLES} == {1, 2, 3}
    assert DATA["generator"]["seed"] == 66
    assert f"--seed {DATA['generator']['seed']}" in DATA["generator"]["command"]


@pytest.mark.unit
def test_few_answers_are_the_highest_card_or_a_plain_claim():
    for variant in {p["variant"] for p in PUZZLES}:
        mine = [p for p in PUZZLES if p["variant"] == variant]
        top = 0
        for p in mine:
            deal = reach(get_preset(variant), p["deal"], p["actions"])
            top += is_highest_card(deal, Action.from_dict(p["answer"][0]))
        assert top <= 0.25 * len(mine), variant
        assert sum(p["answer"][0]["type"] == "declare" for p in mine) <= 0.05 * len(mine)


@pytest.mark.unit
def test_the_first_five_hundred_pages_keep_their_positions():
    """New variants were added after the first 500 puzzles: their ids (the page numbers)
    still name the same positions as before (a digest of those 500 as first published)."""
    first = json.dumps(PUZZLES[:500], sort_keys=True, separators=(",", ":"))
    assert [p["id"] for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))
    assert hashlib.sha256(first.encode()).hexdigest() == FIRST_500


@pytest.mark.unit
def test_no_near_duplicates():
    deals = [json.dumps(p["deal"], sort_keys=True) for p in PUZZLES]
    assert len(set(deals)) == len(deals)
    sigs = {signature(reach(get_preset(p["variant"]), p["deal"], p["actions"])) for p in PUZZLES}
    assert len(sigs) == len(PUZZLES)


@pytest.mark.unit
def test_the_seed_reproduces_the_file():
    # the capped shares are kept as puzzles are found: fewer asked for, the same first ones
    first = [p for p in PUZZLES if p["variant"] == "classic66"][:8]
    assert generate(DATA["generator"]["seed"], {"classic66": 8}) == first


@pytest.mark.unit
def test_a_sample_of_answers_is_the_solvers_best():
    seed = random.randrange(10**6)
    endings = [p for p in PUZZLES if p["kind"] == "ending"]
    for p in random.Random(seed).sample(endings, 25):
        rules = get_preset(p["variant"])
        analysis = check(rules, p["deal"], p["actions"], p["answer"])
        assert analysis.best == (Action.from_dict(p["answer"][0]),), (seed, p["id"])
        assert analysis.value == p["value"], (seed, p["id"])
        others = [m.value for m in analysis.moves if m.action != analysis.best[0]]
        assert analysis.value - max(others) >= margin_needed(rules), (seed, p["id"])


@pytest.mark.integration
@pytest.mark.django_db
def test_load_content_wrote_every_puzzle():
    assert Puzzle.objects.count() == len(PUZZLES)
    row = Puzzle.objects.get(number=PUZZLES[-1]["id"])
    assert row.answer == PUZZLES[-1]["answer"]
    assert row.variant.slug == PUZZLES[-1]["variant"]


def _broken(tmp_path, change):
    data = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))
    change(data["puzzles"])
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _other_move(puzzles):
    p = puzzles[4]
    deal = reach(get_preset(p["variant"]), p["deal"], p["actions"])
    answer = Action.from_dict(p["answer"][0])
    p["answer"] = [next(a for a in deal.legal_actions() if a != answer).to_dict()]


@pytest.mark.integration
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_other_move, "puzzle 5: the answer is not the solver's best move"),
        (lambda ps: ps[2].update(id=2), "puzzle 2: this id is used twice"),
        (lambda ps: ps.append({**ps[0], "id": 999}), "puzzle 999: same position as 1"),
        (lambda ps: ps[0].update(actions=ps[0]["actions"][:-3]), "puzzle 1"),
        (lambda ps: ps[0].update(value=3), "puzzle 1: value"),
        (lambda ps: ps[0].update(themes=["luck"]), "puzzle 1: themes"),
    ],
)
def test_load_content_refuses_a_puzzle_that_does_not_hold(tmp_path, change, message):
    before = list(Puzzle.objects.values_list("number", "answer"))
    with pytest.raises(ContentError, match=message):
        content_load(puzzles_file=_broken(tmp_path, change))
    assert list(Puzzle.objects.values_list("number", "answer")) == before


@pytest.mark.integration
@pytest.mark.django_db
def test_a_second_load_changes_no_puzzle(tmp_path):
    path = tmp_path / "puzzles.json"
    shutil.copy(PUZZLES_FILE, path)
    content_load(puzzles_file=path)
    report = content_load(puzzles_file=path)
    assert report.created == report.updated == report.deleted == 0
