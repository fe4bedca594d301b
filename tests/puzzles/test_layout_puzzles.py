"""Three-player puzzles judged over every layout of the hidden cards, and the idle dealer's
table: re-checked at test time, fair on the page and in the open data, refused when wrong."""

import json
import random

import pytest
from django.utils import translation
from sixtysix import Action, get_preset
from sixtysix.cards import mask_codes

from content.files import ContentError
from content.load import content_load
from puzzles.content_loader import PUZZLES_FILE
from puzzles.layout_positions import LAYOUT_THEME, check_layouts
from puzzles.models import Puzzle
from puzzles.positions import check, reach
from words.card_names import card_name

PUZZLES = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))["puzzles"]
LAYOUTS = [p for p in PUZZLES if p["kind"] == "layouts"]
DEALER_OUT = [p for p in PUZZLES if p["variant"] == "three_dealer_out"]


def _start(p):
    return reach(get_preset(p["variant"]), p["deal"], p["actions"])


def _hidden(p):
    """The cards the other seats still hold at the puzzle's position."""
    deal = _start(p)
    seat = deal.to_act
    return [c for s in deal.active if s != seat for c in mask_codes(deal.hands[s])]


@pytest.mark.unit
def test_a_sample_of_the_new_puzzles_holds_at_test_time():
    """Each re-checked by its judge now: the layout judge for three players (one move best
    in every layout), the exact solver for the idle dealer's table."""
    assert len(LAYOUTS) >= 50 and len(DEALER_OUT) >= 50
    seed = random.randrange(10**6)
    rng = random.Random(seed)
    for p in rng.sample(LAYOUTS, 12):
        judged = check_layouts(get_preset(p["variant"]), p["deal"], p["actions"], p["answer"])
        assert judged.best == Action.from_dict(p["answer"][0]), (seed, p["id"])
        assert judged.value == p["value"] and p["themes"] == [LAYOUT_THEME], (seed, p["id"])
        best = judged.move(judged.best)
        for m in judged.moves:
            if m is not best:
                pairs = list(zip(best.values, m.values, strict=True))
                assert all(a >= b for a, b in pairs) and any(a > b for a, b in pairs)
        assert len(judged.moves) >= 3
    for p in rng.sample(DEALER_OUT, 12):
        analysis = check(get_preset(p["variant"]), p["deal"], p["actions"], p["answer"])
        assert analysis.best == (Action.from_dict(p["answer"][0]),), (seed, p["id"])
        assert analysis.value == p["value"], (seed, p["id"])


@pytest.mark.integration
@pytest.mark.django_db
def test_a_three_player_page_never_shows_a_hidden_card(client):
    """Neither the start page, nor the page after a wrong or the right move, names a card
    another seat still holds: not as a card face, nor by its spoken name."""
    for p in LAYOUTS[:: max(1, len(LAYOUTS) // 8)]:
        puzzle = Puzzle.objects.get(number=p["id"])
        hidden = _hidden(p)
        assert hidden
        deal = _start(p)
        answer = Action.from_dict(p["answer"][0])
        wrong = next(a for a in deal.legal_actions() if a != answer)
        for line in ("", answer.key(), wrong.key()):
            html = client.get(f"/en/puzzles/{puzzle.number}/?line={line}").content.decode()
            assert "card--back" in html
            with translation.override("en"):
                for code in hidden:
                    assert f'data-card="{code}"' not in html, (p["id"], code)
                    assert f'#{code}"' not in html, (p["id"], code)
                    assert f'aria-label="{card_name(code)}"' not in html, (p["id"], code)


@pytest.mark.integration
@pytest.mark.django_db
def test_a_three_player_puzzle_is_one_move_right_or_wrong(client):
    p = LAYOUTS[0]
    deal = _start(p)
    answer = Action.from_dict(p["answer"][0])
    wrong = next(a for a in deal.legal_actions() if a != answer)
    right = client.get(f"/en/puzzles/{p['id']}/?line={answer.key()}").content.decode()
    assert "however the hidden cards lie" in right and 'data-outcome="solved"' in right
    bad = client.get(f"/pl/puzzles/{p['id']}/?line={wrong.key()}").content.decode()
    assert 'data-outcome="wrong"' in bad and "układy, w których jest gorszy" in bad
    longer = client.get(f"/en/puzzles/{p['id']}/?line={answer.key()}.{wrong.key()}")
    assert longer.status_code == 400
    start = client.get(f"/lv/puzzles/{p['id']}/").content.decode()
    assert "Best play on both sides" not in start


@pytest.mark.integration
@pytest.mark.django_db
def test_the_open_data_of_a_three_player_puzzle_names_no_hidden_card(client):
    p = LAYOUTS[-1]
    data = client.get(f"/da/puzzles/{p['id']}.json").json()
    assert (data["kind"], data["theme"]) == ("layouts", LAYOUT_THEME)
    assert {"id", "variant", "rules", "deal", "actions", "answer", "value", "rating"} <= set(data)
    seat = _start(p).to_act
    hands = data["deal"]["hands"]
    assert hands[seat] == p["deal"]["hands"][seat]
    shown = {c for h in hands for c in h if c}
    assert not shown & set(_hidden(p))
    played = {a["card"] for a in p["actions"] if a["type"] == "play"}
    assert played <= shown
    assert sum(c is None for h in hands for c in h) == len(_hidden(p))


def _tampered_answer(puzzles):
    p = next(q for q in puzzles if q["kind"] == "layouts")
    deal = reach(get_preset(p["variant"]), p["deal"], p["actions"])
    answer = Action.from_dict(p["answer"][0])
    p["answer"] = [next(a for a in deal.legal_actions() if a != answer).to_dict()]


def _first(kind):
    return next(q["id"] for q in PUZZLES if q["kind"] == kind)


@pytest.mark.integration
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_tampered_answer, f"puzzle {_first('layouts')}: the answer is not the judge's best"),
        (
            lambda ps: next(q for q in ps if q["kind"] == "layouts").update(value=3),
            f"puzzle {_first('layouts')}: value",
        ),
        (
            lambda ps: next(q for q in ps if q["kind"] == "layouts").update(
                kind="ending", themes=["last-trick"], theme="last-trick"
            ),
            f"puzzle {_first('layouts')}: the solver cannot decide here",
        ),
        (
            lambda ps: next(q for q in ps if q["variant"] == "three_dealer_out").update(
                kind="layouts", themes=[LAYOUT_THEME], theme=LAYOUT_THEME
            ),
            f"puzzle {DEALER_OUT[0]['id']}: not a small ending of three players",
        ),
    ],
)
def test_load_content_refuses_a_tampered_new_puzzle(tmp_path, change, message):
    data = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))
    change(data["puzzles"])
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = list(Puzzle.objects.values_list("number", "answer"))
    with pytest.raises(ContentError, match=message):
        content_load(puzzles_file=path)
    assert list(Puzzle.objects.values_list("number", "answer")) == before
