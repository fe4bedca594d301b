"""Puzzle pages: every puzzle in five languages, filters, the line against the best defence."""

import datetime
import re

import pytest
from sixtysix import Action, RuleSet

from puzzles.models import Puzzle
from puzzles.positions import analyse, best_reply, reach
from puzzles.services import puzzle_of_the_day
from tutorial.models import Tutorial

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]
TITLES = {"en": "Puzzle", "da": "Opgave", "nb": "Oppgave", "pl": "Zadanie", "lv": "Uzdevums"}
RAW = re.compile(r"\[[ATKQJ987]?[CDHS](:\w+)?\]|%\(|\{\{|\{%|&lt;|&amp;[a-z]+;")


def _start(puzzle):
    return reach(RuleSet.from_dict(puzzle.variant.rules), puzzle.deal, puzzle.actions)


def _hand_size(puzzle):
    return len(_start(puzzle).state()["hands"][puzzle.seat])


def _text(response):
    return response.content.decode()


def _assert_puzzle_page(client, puzzle, lang, hand_size):
    response = client.get(f"/{lang}/puzzles/{puzzle.number}/")
    assert response.status_code == 200, (lang, puzzle.number)
    html = _text(response)
    assert f"<h1>{TITLES[lang]} {puzzle.number}</h1>" in html, (lang, puzzle.number)
    assert f'lang="{lang}"' in html
    assert not RAW.search(html.split("<main", 1)[1]), (lang, puzzle.number)
    assert html.count('class="card-choice"') == hand_size


@pytest.mark.slow
def test_every_puzzle_page_in_every_language(client):
    puzzles = list(Puzzle.objects.select_related("variant"))
    assert len(puzzles) >= 150
    for puzzle in puzzles:
        hand_size = _hand_size(puzzle)  # one replay per puzzle, not one per language
        for lang in LANGUAGES:
            _assert_puzzle_page(client, puzzle, lang, hand_size)


def puzzle_sample(puzzles):
    """Each variant's first and last puzzle and every tenth one: every variant's page in
    `make test-fast`; the walk above, in `make test`, covers them all in every language."""
    by_variant = {}
    for puzzle in puzzles:
        by_variant.setdefault(puzzle.variant_id, []).append(puzzle)
    picked = {p.pk for group in by_variant.values() for p in (group[0], group[-1])}
    picked |= {p.pk for p in puzzles[::10]}
    return [p for p in puzzles if p.pk in picked]


def test_a_sample_of_puzzle_pages_in_rotating_languages(client):
    puzzles = list(Puzzle.objects.select_related("variant").order_by("number"))
    sample = puzzle_sample(puzzles)
    assert len({p.variant_id for p in sample}) == len({p.variant_id for p in puzzles})
    for index, puzzle in enumerate(sample):
        lang = LANGUAGES[index % len(LANGUAGES)]
        _assert_puzzle_page(client, puzzle, lang, _hand_size(puzzle))


def test_the_list_filters_by_variant_theme_and_difficulty(client):
    html = _text(client.get("/en/puzzles/"))
    assert html.count('class="puzzle-list"') == 1
    listed = re.findall(r'<li><a href="/en/puzzles/(\d+)/"', html)
    assert [int(n) for n in listed] == list(Puzzle.objects.values_list("number", flat=True))
    response = client.get("/en/puzzles/?variant=schnapsen&theme=draw-trumps&difficulty=2")
    assert response.status_code == 200
    expected = [
        p.number
        for p in Puzzle.objects.filter(variant__slug="schnapsen", difficulty=2)
        if "draw-trumps" in p.themes
    ]
    found = [int(n) for n in re.findall(r'<li><a href="/en/puzzles/(\d+)/"', _text(response))]
    assert found == expected and found


@pytest.mark.parametrize("query", ["variant=bridge", "theme=luck", "difficulty=4", "difficulty=x"])
def test_a_bad_filter_is_a_translated_400(client, query):
    response = client.get(f"/pl/puzzles/?{query}")
    assert response.status_code == 400
    assert 'role="alert"' in _text(response)
    assert "<h1>Zadania</h1>" in _text(response)


def test_the_json_gives_variant_deal_actions_and_answer(client):
    puzzle = Puzzle.objects.filter(kind="ending").order_by("?").first()
    data = client.get(f"/da/puzzles/{puzzle.number}.json").json()
    assert data["variant"] == puzzle.variant.slug
    deal = reach(RuleSet.from_dict(data["rules"]), data["deal"], data["actions"])
    assert deal.to_act == puzzle.seat
    assert analyse(deal).best == (Action.from_dict(data["answer"][0]),)
    assert client.get("/en/puzzles/99999.json").status_code == 404


def test_an_unknown_puzzle_is_404(client):
    assert client.get("/nb/puzzles/99999/").status_code == 404


def _line_url(puzzle, keys, lang="en"):
    return f"/{lang}/puzzles/{puzzle.number}/?line={'.'.join(keys)}"


@pytest.mark.parametrize(
    "variant", ["classic66", "schnapsen", "classic66_32", "idiot66", "three_dealer_out"]
)
def test_playing_the_whole_line_against_the_best_defence(client, variant):
    puzzle = Puzzle.objects.filter(variant__slug=variant).order_by("-difficulty").first()
    start = _start(puzzle)
    keys = [Action.from_dict(puzzle.answer[0]).key()]
    html = _text(client.get(_line_url(puzzle, keys)))
    assert "feedback--correct" in html
    deal = start.copy()
    for _ in range(30):
        for key in keys[
            len([a for a in deal.actions[len(start.actions) :] if a.player == puzzle.seat]) :
        ]:
            deal.apply(Action.from_key(key, puzzle.seat))
            while deal.result is None and deal.to_act != puzzle.seat:
                deal.apply(best_reply(deal))
        if deal.result is not None:
            break
        keys.append(best_reply(deal).key())
        html = _text(client.get(_line_url(puzzle, keys)))
        assert "feedback--correct" in html, keys
    assert "Solved!" in html
    assert 'class="result"' in html
    assert 'class="card-choice"' not in html  # nothing left to play


def test_the_idle_dealers_table_shows_two_players_face_up(client):
    """Dealer out: the two active hands face up, the other one "your opponent" (as the
    sentences say), no seat for the idle dealer."""
    puzzle = Puzzle.objects.filter(variant__slug="three_dealer_out").first()
    start = _start(puzzle)
    html = _text(client.get(f"/en/puzzles/{puzzle.number}/"))
    opponent = next(s for s in start.active if s != puzzle.seat)
    assert f'data-seat="{opponent}"' in html and "Your opponent" in html
    assert f'data-seat="{start.dealer}"' not in html
    for code in start.state()["hands"][opponent]:
        assert f'data-card="{code}"' in html


def test_a_worse_move_is_explained_with_its_values(client):
    puzzle = Puzzle.objects.filter(variant__slug="classic66").first()
    analysis = analyse(_start(puzzle))
    worse = min(analysis.moves, key=lambda m: m.value)
    response = client.get(_line_url(puzzle, [worse.action.key()], "en"))
    assert response.status_code == 200
    html = _text(response)
    assert "feedback--wrong" in html and "Not the best move" in html
    assert "Try another move" in html
    # the position is the one before the wrong move: every card is still offered
    assert html.count('class="card-choice"') == _hand_size(puzzle)


def test_a_worse_move_in_polish_names_the_values(client):
    puzzle = Puzzle.objects.filter(variant__slug="schnapsen").first()
    analysis = analyse(_start(puzzle))
    worse = next(m for m in analysis.moves if m.value < analysis.value)
    html = _text(client.get(_line_url(puzzle, [worse.action.key()], "pl")))
    assert "To nie jest najlepszy ruch" in html


@pytest.mark.parametrize(
    "line",
    ["nonsense", "play-ZZ", "..", "play-AH." * 30, "x" * 400, "bid-3"],
)
def test_a_bad_line_is_a_400_with_the_start_position(client, line):
    puzzle = Puzzle.objects.first()
    response = client.get(f"/lv/puzzles/{puzzle.number}/?line={line}")
    assert response.status_code == 400
    html = _text(response)
    assert "feedback--illegal" in html
    assert html.count('class="card-choice"') == _hand_size(puzzle)


def test_a_card_not_held_is_refused_with_the_engines_reason(client):
    puzzle = Puzzle.objects.first()
    held = set(_start(puzzle).state()["hands"][puzzle.seat])
    card = next(c for c in ("AC", "AD", "AH", "AS", "TC", "TD", "TH", "TS") if c not in held)
    response = client.get(_line_url(puzzle, [f"play-{card}"]))
    assert response.status_code == 400
    assert "feedback--illegal" in _text(response)


def test_the_solution_lists_every_other_move_with_its_value(client):
    puzzle = Puzzle.objects.filter(variant__slug="idiot66").first()
    analysis = analyse(_start(puzzle))
    html = _text(client.get(f"/en/puzzles/{puzzle.number}/"))
    solution = html.split('class="solution"', 1)[1].split("</details>", 1)[0]
    others = solution.split("The other moves:", 1)[1]
    assert others.count("<li>") == len(analysis.moves) - 1
    assert f"+{int(analysis.value)} points" in solution


def test_the_home_page_shows_the_puzzle_of_the_day(client):
    today = puzzle_of_the_day()
    html = _text(client.get("/nb/"))
    assert "Dagens oppgave" in html
    assert f'href="/nb/puzzles/{today.number}/"' in html
    assert 'href="/nb/puzzles/"' in html  # the navigation link
    days = {puzzle_of_the_day(datetime.date(2026, 1, d)).number for d in range(1, 8)}
    assert len(days) == 7


def test_the_home_page_starts_with_the_first_lesson_practice_and_the_puzzle(client):
    html = _text(client.get("/da/"))
    start = html.split('class="start"', 1)[1].split("</nav>", 1)[0]
    first = Tutorial.objects.order_by("order", "slug").first()
    assert f'href="/da/tutorials/{first.slug}/1/"' in start
    assert 'href="/da/practice/"' in start
    assert f'href="/da/puzzles/{puzzle_of_the_day().number}/"' in start
    # The ways in come before the puzzle's cards and the other doorways.
    assert html.index('class="start"') < html.index('class="daily-puzzle"')


def test_the_puzzle_of_the_day_offers_exactly_its_legal_cards(client):
    today = puzzle_of_the_day()
    deal = _start(today)
    legal = {a.key() for a in deal.legal_actions() if a.type == "play"}
    html = _text(client.get("/pl/"))
    hand = html.split('class="daily-puzzle"', 1)[1].split("</section>", 1)[0]
    offered = set(re.findall(r'data-move="([^"]+)"', hand))
    assert offered == legal
    assert hand.count('class="card card--face"') == len(deal.state()["hands"][deal.to_act])
    for key in sorted(offered):
        assert f'href="/pl/puzzles/{today.number}/?line={key}"' in hand
        answer = client.get(f"/pl/puzzles/{today.number}/?line={key}")
        assert answer.status_code == 200
        assert re.search(r"feedback--(correct|wrong)", _text(answer)), key


def test_the_sitemap_lists_the_puzzles_in_every_language(client):
    xml = _text(client.get("/sitemap.xml"))
    last = Puzzle.objects.order_by("number").last().number
    for lang in LANGUAGES:
        assert f"/{lang}/puzzles/</loc>" in xml
        assert f"/{lang}/puzzles/{last}/</loc>" in xml


def test_the_admin_shows_puzzles_read_only(admin_client):
    puzzle = Puzzle.objects.first()
    assert admin_client.get("/admin/puzzles/puzzle/").status_code == 200
    page = admin_client.get(f"/admin/puzzles/puzzle/{puzzle.pk}/change/")
    assert page.status_code == 200
    assert b'name="answer"' not in page.content  # shown, not editable
    assert admin_client.get("/admin/puzzles/puzzle/add/").status_code == 403


def test_a_marriage_answer_is_shown_then_followed_up(client):
    melds = [p for p in Puzzle.objects.all() if p.answer[0]["type"] == "meld"]
    assert melds
    for puzzle in melds[:5]:
        assert len(puzzle.answer) == 2 and puzzle.answer[1]["type"] in ("play", "declare")
        meld, follow = (Action.from_dict(a).key() for a in puzzle.answer)
        html = _text(client.get(_line_url(puzzle, [meld])))
        assert "feedback--correct" in html
        assert f'data-move="{follow}"' in html
        html = _text(client.get(_line_url(puzzle, [meld, follow])))
        assert "feedback--correct" in html
        if follow == "declare":
            assert "Solved!" in html


def test_the_solution_shows_the_best_line_to_the_end(client):
    puzzle = Puzzle.objects.filter(variant__slug="classic66_32").first()
    html = _text(client.get(f"/en/puzzles/{puzzle.number}/"))
    line = html.split('class="best-line"', 1)[1].split("</ol>", 1)[0]
    deal = _start(puzzle)
    count = 0
    while deal.result is None:
        deal.apply(best_reply(deal))
        count += 1
    assert line.count("<li>") == count
    assert line.split("<li>")[1].startswith("You ")
