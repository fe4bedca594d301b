"""Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2
system", 2013): a 1500/200/0.06 player beats a 1400/30, loses to 1550/100 and 1700/300."""

import pytest

from training.glicko import MAX_RD, MIN_RD, Rating, attempt, expected, update


def test_the_paper_s_example():
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(Rating(1500, 200, 0.06), games, bounded=False)
    assert new.rating == pytest.approx(1464.06, abs=0.05)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_game_only_widens_the_deviation():
    new = update(Rating(1500, 200, 0.06), [], bounded=False)
    assert new.rating == 1500
    assert new.deviation == pytest.approx(200.2714, abs=0.001)  # sqrt(phi^2 + sigma^2)


def test_solving_raises_the_reader_and_lowers_the_puzzle():
    reader, puzzle = Rating(1500, 350), Rating(1500, 100)
    up, down = attempt(reader, puzzle, solved=True)
    assert up.rating > 1500 > down.rating
    assert up.rating - 1500 > 1500 - down.rating  # the unsure rating moves more
    worse, better = attempt(reader, puzzle, solved=False)
    assert worse.rating < 1500 < better.rating


def test_a_harder_puzzle_gains_more_when_solved_and_deviation_stays_bounded():
    reader = Rating(1500, 60)
    easy = attempt(reader, Rating(1200, 60), solved=True)[0].rating
    hard = attempt(reader, Rating(1800, 60), solved=True)[0].rating
    assert hard - 1500 > easy - 1500 > 0
    sure = Rating(1500, MIN_RD)
    for _ in range(20):
        sure = attempt(sure, Rating(1500, MIN_RD), solved=True)[0]
        assert MIN_RD <= sure.deviation <= MAX_RD
    assert expected(Rating(1700, 50), Rating(1500, 50)) > 0.5 > expected(Rating(1300), Rating(1500))
