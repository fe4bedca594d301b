"""The practice log ("Just now:") in the order things happened and in the past tense:
after a trick the draw comes before the next lead, and it names the card the reader drew."""

import itertools
import re

import pytest

from tests.practice.test_practice_pages import DEAL, card_move, follow, load, page, post, token_of
from tests.words.checks import visible_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LOG = re.compile(r'<div class="happened">(.*?)</div>', re.S)
ITEM = re.compile(r"<li>(.*?)</li>", re.S)


def log_lines(html: str) -> list[str]:
    found = LOG.search(html)
    return (
        [" ".join(visible_text(item).split()) for item in ITEM.findall(found.group(1))]
        if found
        else []
    )


@pytest.mark.parametrize("slug", ["classic66", "three_all_play"])
def test_the_draw_is_logged_before_the_next_lead(client, slug):
    html = page(client, slug, deal=DEAL)
    for _ in range(4):
        html = follow(
            client,
            post(client, slug, {"state": token_of(html), "move": card_move(load(slug, html))}),
        )
        lines = log_lines(html)
        draws = [i for i, line in enumerate(lines) if " drew " in f" {line} "]
        if not draws:
            continue
        first = draws[0]
        assert first > 0 and "played" in lines[first - 1], lines  # the trick, then the draw
        assert all("played" in line for line in lines[first + 1 :]), lines  # then the lead
        assert re.search(r"\b[Yy]ou drew \S", lines[first]), lines
        assert not any(re.search(r"\b(plays|draws|You play)\b", line) for line in lines), lines
        return
    pytest.fail("no draw in four moves")


FOLLOWS = re.compile(r"\b(lagde|stak med|trumfede med)\b")


def test_a_card_played_to_a_trick_is_said_as_following_it(client):
    """Danish says "spillede" of a lead and "lagde" (or, taking the trick over, "stak med" or
    "trumfede med") of a card played to it: with two players a lead and a card played to it
    alternate, never two of one kind in a row."""
    html = page(client, "classic66", "da", deal=DEAL)
    seen = []
    for _ in range(4):
        move = card_move(load("classic66", html))
        html = follow(
            client, post(client, "classic66", {"state": token_of(html), "move": move}, "da")
        )
        verbs = [
            "lead" if "spillede" in line else "follow" if FOLLOWS.search(line) else "other"
            for line in log_lines(html)
        ]
        plays = [v for v in verbs if v != "other"]
        assert all(a != b for a, b in itertools.pairwise(plays)), log_lines(html)
        seen += plays
    assert {"lead", "follow"} <= set(seen), seen
