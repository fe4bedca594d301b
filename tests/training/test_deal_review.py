"""Deal review: verdicts agree with the solver, and a review never shows a hidden card."""

import json
import random
import re

import pytest
from django.utils import translation
from sixtysix import Action
from sixtysix.players import player_view
from sixtysix.solver import solve

from practice.ids import YOU
from practice.moves import game_move, game_new
from practice.views import COOKIE
from rules.models import Variant
from training import judge
from training.review import build, first_deal
from words.card_names import card_name

pytestmark = [pytest.mark.django_db]

DEALS = ["abcdefghjk", "mnpqrstuvw", "qrstuvwxyz", "bcdefghjkm"]


def played(slug, deal_id, *, seed=0, moves=None):
    """A practice game of `deal_id`, the reader playing random legal moves (all of them,
    or the first `moves`)."""
    rng = random.Random(seed)
    game = game_new(variant=Variant.objects.get(slug=slug), deal_id=deal_id)
    count = 0
    while not game.over and (moves is None or count < moves):
        legal = [a for a in game.deal.legal_actions() if a.type != "declare"]
        legal = legal or game.deal.legal_actions()
        assert game_move(game=game, key=rng.choice(legal).key()) is None
        count += 1
    return game


def positions(game):
    """(deal before the action, action) for every action of the game."""
    deal = first_deal(game).deal
    for raw in game.actions:
        action = Action.from_dict(raw)
        yield deal.copy(), action
        deal.apply(action)


@pytest.mark.parametrize("slug", ["classic66", "schnapsen", "idiot66"])
def test_exact_verdicts_are_the_solver_s_values(slug):
    """Once the stock is gone (or closed) each move's value is the solver's, identically."""
    checked = 0
    for n, deal_id in enumerate(DEALS):
        game = played(slug, deal_id, seed=n)
        review = build(game)
        before = dict(enumerate(positions(game)))
        for step in review.decisions:
            v = step.verdict
            if v.method not in ("exact", "closed"):
                continue
            deal, action = before[step.index]
            an = solve(
                player_view(deal, YOU),
                deal.rules,
                max_layouts=judge.CLOSED_LAYOUTS,
                seed=int(judge.view_key(player_view(deal, YOU)), 16) % (1 << 30),
            )
            assert [(o.action, o.value, o.win) for o in v.options] == [
                (m.action, m.value, m.win_share) for m in an.moves
            ]
            best = max(an.moves, key=lambda m: (m.value, m.win_share))
            assert v.cost == pytest.approx(
                max(0.0, best.value - an.move(action).value) / judge.scale(deal.rules)
            )
            if v.method == "exact":
                assert (v.mark == "good") == (an.move(action).value == an.value)
            checked += 1
    assert checked >= 6


def test_a_throwaway_is_judged_and_the_key_moment_is_the_worst_decision():
    game = played("classic66", DEALS[0], seed=3)
    review = build(game)
    judged = review.judged
    assert judged and {s.verdict.method for s in judged} >= {"exact", "sampled"}
    for step in judged:
        v = step.verdict
        assert v.mark in judge.MARKS and 0 <= v.sure <= 1
        if v.method == "sampled":
            assert v.samples >= judge.FIRST_WORLDS
    bad = [s for s in judged if s.verdict.mark != "good"]
    if bad:
        worst = max(bad, key=lambda s: (s.verdict.drop, s.verdict.cost))
        assert review.key_step.verdict.drop == worst.verdict.drop
    else:
        assert review.key == -1


def test_a_sampled_verdict_is_stable_and_the_same_every_time():
    game = played("classic66", DEALS[1], seed=1, moves=3)
    first = [s.verdict for s in build(game).decisions]
    again = [s.verdict for s in build(game).decisions]
    assert first == again
    assert all(v.method == "sampled" for v in first)


def test_the_auction_is_not_judged_and_says_so(client):
    game = played("north_american_bid66", DEALS[0], seed=0, moves=2)
    review = build(game)
    auction = [s for s in review.decisions if s.phase == "bidding"]
    for step in auction:
        assert not step.verdict.judged and step.verdict.why == "auction"
    client.cookies[COOKIE.format(slug="north_american_bid66")] = game.dumps()
    html = client.get("/en/practice/north_american_bid66/review/").content.decode()
    if auction:
        assert "Not judged: the engine gives no values for bidding" in html


def seen_by_reader(game):
    """Every card the reader could see before the deal's end, worked out from the deal."""
    seen = set()
    for deal, _action in positions(game):
        state = deal.state()
        seen |= set(state["hands"][YOU]) | {p["card"] for p in state["trick"]}
        seen |= {state.get("turnup"), state.get("trump_card")} - {None}
        seen |= {f"{r}{m['suit']}" for m in state["marriages"] for r in "KQ"}
    end = game.deal.state()
    seen |= set(end["hands"][YOU]) | {p["card"] for p in end["trick"]}
    seen |= {c for t in player_view(game.deal, YOU).tricks for _s, c in t}
    seen |= {end.get("turnup")} - {None}
    if game.over:
        seen |= {c for h in end["hands"] for c in h}
    return seen


def cards_on_page(html, codes):
    names = {card_name(c): c for c in codes}
    labels = re.findall(r'role="img" aria-label="([^"]+)" data-suit', html)
    return {names[label] for label in labels if label in names}


def cards_in_json(data):
    text = json.dumps(data)
    return set(re.findall(r'"([AKQJT9876][CDHS])"', text))


@pytest.mark.parametrize(
    "slug", ["classic66", "schnapsen", "three_all_play", "four_partnership_66"]
)
def test_a_review_never_shows_a_card_the_reader_could_not_see(client, slug):
    rules = Variant.objects.get(slug=slug).ruleset
    from sixtysix.cards import get_pack

    codes = sorted(get_pack(rules.deck).code_ids)
    for n, deal_id in enumerate(DEALS[:3]):
        for moves in (2, None):  # during the deal, and after it
            game = played(slug, deal_id, seed=n, moves=moves)
            client.cookies[COOKIE.format(slug=slug)] = game.dumps()
            with translation.override("en"):
                html = client.get(f"/en/practice/{slug}/review/").content.decode()
            data = client.get(f"/en/practice/{slug}/review.json").json()
            allowed = seen_by_reader(game)
            assert cards_on_page(html, codes) <= allowed
            assert cards_in_json(data) <= allowed
            if not game.over:
                assert data["deal"] is None
                hidden = {
                    c for s, h in enumerate(game.deal.state()["hands"]) if s != YOU for c in h
                }
                assert not (cards_on_page(html, codes) & hidden - allowed)
            left = game.deal.state()["stock"]
            assert not set(left) - allowed & (cards_on_page(html, codes) | cards_in_json(data))


def test_a_finished_deal_s_review_opens_the_hands_and_offers_to_try_again(client):
    game = played("classic66", DEALS[0], seed=3)
    client.cookies[COOKIE.format(slug="classic66")] = game.dumps()
    html = client.get("/en/practice/classic66/review/").content.decode()
    from sixtysix.cards import get_pack

    codes = sorted(get_pack("24").code_ids)
    opponent = set(first_deal(game).deal.state()["hands"][1])
    assert cards_on_page(html, codes) & opponent  # the other hand is open once it is over
    assert "Review this deal" in html and "review.json" in html
    again = re.findall(r'href="(/en/practice/classic66/\?from=review:[0-9a-f]+)"', html)
    review = build(game)
    if any(s.verdict.mark != "good" for s in review.judged):
        assert again
        page = client.get(again[0].replace("&amp;", "&"))
        assert page.status_code == 200
        assert "could not be found" not in page.content.decode()


def test_a_review_is_worked_out_once_and_cached_by_its_content(monkeypatch):
    from training import review as review_module

    game = played("classic66", DEALS[2], seed=2)
    first = review_module.review_of(game)

    def again(*args):
        pytest.fail("worked out twice")

    monkeypatch.setattr(review_module, "build", again)
    assert review_module.review_of(game) == first
    monkeypatch.undo()
    # every verdict is kept by position: a new build judges nothing again
    monkeypatch.setattr(review_module, "judge", again)
    assert review_module.build(game).decisions == first.decisions
    # another deal is another review
    other = played("classic66", DEALS[3], seed=2)
    assert review_module.content_key(other) != review_module.content_key(game)


def test_sampled_verdicts_are_stable_across_other_worlds():
    """Judged again over other worlds (another seed), the marks mostly stay the same, and a
    blunder never becomes a good move."""
    agree = total = 0
    for n, deal_id in enumerate(DEALS[:2]):
        game = played("classic66", deal_id, seed=n + 3)
        for deal, action in positions(game):
            if action.player != YOU or deal.phase != "open" or len(deal.legal_actions()) < 2:
                continue
            view = player_view(deal, YOU)
            one = judge._sampled(view, deal.rules, action, 101)
            two = judge._sampled(view, deal.rules, action, 202)
            total += 1
            agree += one.mark == two.mark
            assert {one.mark, two.mark} != {"good", "blunder"}
    assert total >= 8 and agree >= 0.75 * total, (agree, total)


def test_a_blunder_becomes_a_puzzle_of_the_reader_s_own(client):
    from training.models import ReviewPosition

    game = played("classic66", DEALS[0], seed=3)
    client.cookies[COOKIE.format(slug="classic66")] = game.dumps()
    html = client.get("/en/practice/classic66/review/").content.decode()
    urls = re.findall(r'data-own-puzzle="(/en/puzzles/mine/[0-9a-f]+/)"', html)
    assert urls, "the deal has blunders"
    key = urls[0].rstrip("/").rsplit("/", 1)[1]
    row = ReviewPosition.objects.get(key=key)
    best = max(row.options, key=lambda o: o["value"])
    worst = min(row.options, key=lambda o: o["value"])
    page = client.get(urls[0]).content.decode()
    assert "Find the best move." in page and f"?from=review:{key}" in page
    right = client.get(urls[0], {"move": best["key"]}).content.decode()
    assert "Right: that is the best move here." in right
    wrong = client.get(urls[0], {"move": worst["key"]}, HTTP_ACCEPT_LANGUAGE="pl")
    assert "Not the best move here" in wrong.content.decode()
    assert client.get(urls[0], {"move": "play-XX"}).status_code == 400
    assert client.get("/en/puzzles/mine/0123456789abcdef01234567/").status_code == 404
