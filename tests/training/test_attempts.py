"""Rated puzzle attempts: only a signed, single-use, fresh token and a line the engine
replays move a rating; every refusal is a translated 4xx, never a 500."""

import time

import pytest
from django.core import signing
from django.utils import translation
from sixtysix import Action, RuleSet

from puzzles.models import Puzzle
from puzzles.positions import analyse, best_reply, reach
from training import ratings
from training.models import PuzzleAttempt, PuzzleRating

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _old_tokens(monkeypatch):
    """Tokens count as a moment old (a reader never answers in under a second)."""
    monkeypatch.setattr(ratings, "TOKEN_MIN_AGE", 0.0)


def puzzle():
    return Puzzle.objects.order_by("number").first()


def solving_line(p):
    deal = reach(RuleSet.from_dict(p.variant.rules), p.deal, p.actions)
    keys = []
    move = Action.from_dict(p.answer[0])
    while True:
        keys.append(move.key())
        deal.apply(move)
        while deal.result is None and deal.to_act != p.seat:
            deal.apply(best_reply(deal))
        if deal.result is not None:
            return ".".join(keys)
        move = best_reply(deal)


def wrong_line(p):
    start = reach(RuleSet.from_dict(p.variant.rules), p.deal, p.actions)
    an = analyse(start)
    return next(m for m in an.moves if m.value < an.value).action.key()


def token(client, p):
    response = client.get(f"/en/puzzles/{p.number}/attempt-token.json")
    assert response.status_code == 200
    return response.json()["token"]


def attempt(client, p, tok, line, lang="en"):
    return client.post(f"/{lang}/puzzles/{p.number}/attempt", {"token": tok, "line": line})


def test_a_solved_attempt_moves_both_ratings_and_keeps_the_reader_s(client):
    p = puzzle()
    response = attempt(client, p, token(client, p), solving_line(p))
    assert response.status_code == 200
    data = response.json()
    assert data["solved"] is True and data["rating"] > 1500 and data["change"] > 0
    row = PuzzleRating.objects.get(puzzle=p.number)
    assert row.rating < ratings.start_rating(p) and row.attempts == 1 and row.solved == 1
    assert PuzzleAttempt.objects.filter(puzzle=p.number, solved=True).count() == 1
    cookie = client.cookies[ratings.RATING_COOKIE].value
    assert ratings.reader_rating(cookie).rating == pytest.approx(data["rating"], abs=1)
    # the next attempt starts from the kept rating
    second = attempt(client, p, token(client, p), wrong_line(p)).json()
    assert second["solved"] is False and second["rating"] < data["rating"]


def test_the_server_decides_solved_from_the_moves(client):
    p = puzzle()
    data = attempt(client, p, token(client, p), wrong_line(p)).json()
    assert data["solved"] is False and data["rating"] < 1500
    assert PuzzleRating.objects.get(puzzle=p.number).rating > ratings.start_rating(p)


@pytest.mark.parametrize("lang", ["en", "pl", "lv"])
def test_a_replayed_token_is_refused(client, lang):
    p = puzzle()
    tok = token(client, p)
    assert attempt(client, p, tok, solving_line(p), lang).status_code == 200
    again = attempt(client, p, tok, solving_line(p), lang)
    assert again.status_code == 409
    with translation.override(lang):
        assert again.json()["error"] == translation.gettext(
            "This attempt has already been recorded."
        )
    assert PuzzleRating.objects.get(puzzle=p.number).attempts == 1


def test_forged_stale_fresh_and_foreign_tokens_are_refused(client, monkeypatch):
    p = puzzle()
    other = Puzzle.objects.order_by("number")[1]
    line = solving_line(p)
    forged = signing.dumps({"p": p.number, "n": "a" * 24, "t": time.time()}, salt="other")
    foreign = token(client, other)
    stale = signing.dumps({"p": p.number, "n": "b" * 24, "t": time.time()}, salt=ratings.TOKEN_SALT)
    for bad in (forged, foreign, "garbage", ""):
        response = attempt(client, p, bad, line)
        assert response.status_code == 400, bad
        assert "reload the puzzle" in response.json()["error"]
    monkeypatch.setattr(ratings, "TOKEN_MAX_AGE", -1)
    assert attempt(client, p, stale, line).status_code == 400
    monkeypatch.setattr(ratings, "TOKEN_MAX_AGE", 3600)
    monkeypatch.setattr(ratings, "TOKEN_MIN_AGE", 60.0)
    fresh = attempt(client, p, token(client, p), line)
    assert fresh.status_code == 400 and "too quick" in fresh.json()["error"]
    assert not PuzzleAttempt.objects.exists()


@pytest.mark.parametrize("line", ["", "play-XX", "..", "x" * 500, "declare.declare", None])
def test_bad_lines_are_a_translated_400(client, line):
    p = puzzle()
    data = {"token": token(client, p)}
    if line is not None:
        data["line"] = line
    response = client.post(f"/pl/puzzles/{p.number}/attempt", data)
    assert response.status_code == 400
    with translation.override("pl"):
        expected = translation.gettext("Those moves do not finish an attempt at this puzzle.")
    assert response.json()["error"] == expected


def test_an_unfinished_line_is_no_attempt(client):
    p = puzzle()
    first = solving_line(p).split(".")[0]
    if first == solving_line(p):
        pytest.skip("a one-move puzzle")
    assert attempt(client, p, token(client, p), first).status_code == 400


def test_unknown_puzzles_and_methods(client):
    assert client.get("/en/puzzles/99999/attempt-token.json").status_code == 404
    assert client.post("/en/puzzles/99999/attempt", {}).status_code == 404
    p = puzzle()
    assert client.get(f"/en/puzzles/{p.number}/attempt").status_code == 405


def test_attempts_are_rate_limited(client):
    p = puzzle()
    statuses = [attempt(client, p, "garbage", "play-AS").status_code for _ in range(25)]
    assert statuses[:20] == [400] * 20
    assert statuses[20:] == [429] * 5


def test_a_forged_rating_cookie_counts_as_a_new_reader(client):
    p = puzzle()
    client.cookies[ratings.RATING_COOKIE] = signing.dumps({"r": 3000, "d": 30, "v": 0.06}, salt="x")
    data = attempt(client, p, token(client, p), solving_line(p)).json()
    assert 1500 < data["rating"] < 1900  # from 1500 +- 350, not from 3000
