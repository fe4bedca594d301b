"""Puzzles at the reader's level, the streak and dashboard pages, in every language."""

import re

import pytest
from django.core import signing

from puzzles.models import Puzzle
from training import ratings
from training.models import PuzzleRating

pytestmark = [pytest.mark.django_db]
LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def number_of(response):
    assert response.status_code == 302
    return int(re.search(r"/puzzles/(\d+)/", response["Location"]).group(1))


def rated(client, rating):
    data = {"r": rating, "d": 60.0, "v": 0.06}
    client.cookies[ratings.RATING_COOKIE] = signing.dumps(data, salt=ratings.RATING_SALT)


def test_next_puzzle_is_near_the_reader_s_rating_and_skips_solved_ones(client):
    numbers = list(Puzzle.objects.order_by("number").values_list("number", flat=True))
    PuzzleRating.objects.bulk_create(
        PuzzleRating(puzzle=n, rating=1000 + 10 * i) for i, n in enumerate(numbers)
    )
    rated(client, 1500)
    chosen = number_of(client.get("/en/puzzles/next/"))
    assert abs(PuzzleRating.objects.get(puzzle=chosen).rating - 1500) <= 30
    near = [n for n in numbers if abs(PuzzleRating.objects.get(puzzle=n).rating - 1500) <= 30]
    skip = ",".join(map(str, near))
    other = number_of(client.get("/en/puzzles/next/", {"skip": skip}))
    assert other not in near
    assert abs(PuzzleRating.objects.get(puzzle=other).rating - 1500) <= 60


def test_a_streak_climbs(client):
    numbers = list(Puzzle.objects.order_by("number").values_list("number", flat=True))
    PuzzleRating.objects.bulk_create(
        PuzzleRating(puzzle=n, rating=1000 + 10 * i) for i, n in enumerate(numbers)
    )
    response = client.get("/en/puzzles/next/", {"after": "1200", "streak": "1"})
    assert response["Location"].endswith("#streak")
    assert 1200 < PuzzleRating.objects.get(puzzle=number_of(response)).rating <= 1250


@pytest.mark.parametrize(
    "query", [{"after": "abc"}, {"skip": "1,x,,99999999999"}, {"after": "1e9"}]
)
def test_bad_queries_still_give_a_puzzle(client, query):
    assert number_of(client.get("/en/puzzles/next/", query))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_streak_and_dashboard_pages_in_every_language(client, lang):
    streak = client.get(f"/{lang}/puzzles/streak/")
    assert streak.status_code == 200 and f'<html lang="{lang}">' in streak.content.decode()
    rated(client, 1640)
    html = client.get(f"/{lang}/puzzles/dashboard/").content.decode()
    assert "1640" in html and 'data-theme="last-trick"' in html
    detail = client.get(f"/{lang}/puzzles/1/").content.decode()
    assert "data-token-url=" in detail and "puzzles/rated.js" in detail
    assert detail.index('class="table-area"') < detail.index('id="feedback"')
