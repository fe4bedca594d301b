"""Engine speed: played-out classic66 deals per second, side by side with the VU engine.

Run: ``.venv/bin/python benchmarks/engine.py [seconds]``; ``--presets`` prints instead one
line per preset (Deal and fast path deals/s, µs per listing). A benchmark, not a test.

Every engine plays the same policy, the one a sensible player follows when claims and
closes are all he thinks about: claim as soon as the claim is true, close on lead when
his points plus the points of his trumps in hand reach the target, otherwise a uniformly
random legal move (draw, play, exchange, show a marriage). The engines:

- ``Deal``: the engine's public API (`legal_actions()` / `apply()`);
- ``fast``: the bitmask playout path (`sixtysix.fast`), when present;
- ``VU``: the VU Amsterdam ``schnapsen`` package (optional: ``pip install --no-deps -r
  benchmarks/requirements.txt``), configured as close to classic66 as it allows: the
  24-card pack, six cards each, the Nine worth 0, ten for the last trick and then most
  points wins. It cannot close (so it never does), exchanges with the trump Jack only,
  claims by itself as soon as the leader has 66, and has no "exchange needs a trick".

It prints deals/s per engine, the ratios, and µs per legal-move listing. Times are the
process's CPU time (`time.process_time`), so that other people's jobs on a shared machine
(which take the CPU away, not make the work larger) move the figures less.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from sixtysix import PRESET_IDS, Deal, get_preset
from sixtysix.cards import POINTS
from sixtysix.legality import Legality
from sixtysix.ruleset import RuleSet
from sixtysix.tricks import SUIT_ALL

try:
    from sixtysix import fast
except ImportError:  # before the fast path exists
    fast = None  # type: ignore[assignment]

PRESET = "classic66"
TARGET_RATIO = 10.0
TARGET_MICROSECONDS = 2.0
ROUNDS = 5


# ---------------------------------------------------------------------- our engine, Deal API
def _trump_points(hand: int, trump: int | None) -> int:
    if trump is None:
        return 0
    hand &= SUIT_ALL[trump]
    total = 0
    while hand:
        low = hand & -hand
        total += POINTS[low.bit_length() - 1]
        hand ^= low
    return total


def _points(deal: Deal, p: int) -> int:
    """Card points of `p`'s side (his own without partners)."""
    return sum(deal.seat_points(s) for s in deal.sides[deal.side_idx[p]])


def play_deal(deal: Deal, random_: Any) -> int:
    """Play `deal` out with the sensible policy; the number of actions applied."""
    target = deal.rules.target
    count = 0
    while deal.result is None:
        legal = deal.legal_actions()
        p = legal[0].player
        choice = None
        others = []
        for a in legal:
            t = a.type
            if t == "declare":
                if _points(deal, p) >= target:
                    choice = a
                    break
            elif t == "close":
                if _points(deal, p) + _trump_points(deal.hands[p], deal.trump) >= target:
                    choice = a
                    break
            else:
                others.append(a)
        if choice is None:
            choice = others[int(random_() * len(others))]
        deal.apply(choice)
        count += 1
    return count


def deal_rate(rules: RuleSet, seconds: float) -> tuple[float, float]:
    """Played-out deals per second through `Deal`, and actions per deal."""
    random_ = random.Random(1).random
    deals = actions = 0
    start = time.process_time()
    end = start + seconds
    seed = 0
    while time.process_time() < end:
        for _ in range(20):
            deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
            actions += play_deal(deal, random_)
            seed += 1
            deals += 1
    return deals / (time.process_time() - start), actions / deals


def positions(rules: RuleSet, count: int) -> list[Deal]:
    """Positions met in played-out deals (every position of each deal, in order)."""
    random_ = random.Random(2).random
    out: list[Deal] = []
    seed = 0
    while len(out) < count:
        deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
        seed += 1
        while deal.result is None and len(out) < count:
            out.append(deal.copy())
            legal = deal.legal_actions()
            deal.apply(legal[int(random_() * len(legal))])
    return out


def listing_microseconds(call: Any, items: list[Any], repeat: int = 20) -> float:
    """Mean µs of `call(item)` over the items."""
    start = time.process_time()
    for _ in range(repeat):
        for item in items:
            call(item)
    return (time.process_time() - start) / (len(items) * repeat) * 1e6


# ---------------------------------------------------------------------- our engine, fast path
def fast_rate(rules: RuleSet, seconds: float) -> tuple[float, float]:
    """Played-out deals per second through the fast path (same deals, same policy)."""
    assert fast is not None
    random_ = random.Random(1).random
    deals = actions = 0
    start = time.process_time()
    end = start + seconds
    seed = 0
    while time.process_time() < end:
        for _ in range(50):
            state = fast.FastDeal.new(rules, seed=seed, dealer=seed & 1)
            actions += fast.play_out_at_random(state, random_)
            seed += 1
            deals += 1
    return deals / (time.process_time() - start), actions / deals


# ---------------------------------------------------------------------- the VU engine
def vu_engine() -> Any:
    """The VU engine configured for classic66 (None when the package is missing)."""
    try:
        from schnapsen import game as g
        from schnapsen.deck import Card, OrderedCardCollection, Rank, Suit
    except ImportError:
        return None

    ranks = [Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE]

    class Deck24(g.DeckGenerator):
        def __init__(self) -> None:
            self.deck = [Card.get_card(r, s) for s in Suit for r in ranks]

        def get_initial_deck(self) -> OrderedCardCollection:
            return OrderedCardCollection(self.deck)

    class Hands6(g.HandGenerator):
        def generateHands(self, cards: OrderedCardCollection) -> tuple[Any, Any, Any]:
            c = list(cards.get_cards())
            return (
                g.Hand([c[i] for i in range(0, 12, 2)], max_size=6),
                g.Hand([c[i] for i in range(1, 12, 2)], max_size=6),
                g.Talon(c[12:]),
            )

    class Classic66Scorer(g.SchnapsenTrickScorer):
        SCORES = {**g.SchnapsenTrickScorer.SCORES, Rank.NINE: 0}

        def rank_to_points(self, rank: Rank) -> int:
            return self.SCORES[rank]

        def declare_winner(self, game_state: Any) -> Any:
            leader, follower = game_state.leader, game_state.follower
            if leader.score.direct_points >= 66:
                other = follower.score.direct_points
                return leader, 3 if not follower.won_cards else 1 if other >= 33 else 2
            if game_state.are_all_cards_played():  # ten for the last trick, most points wins
                a, b = leader.score.direct_points + 10, follower.score.direct_points
                if a == b:
                    return leader, 0
                win, lose, low = (leader, follower, b) if a > b else (follower, leader, a)
                return win, 1 if low >= 33 else 2 if lose.won_cards else 3
            return None

    class RandomBot(g.Bot):
        def __init__(self, random_: Any) -> None:
            super().__init__()
            self.random_ = random_

        def get_move(self, perspective: Any, leader_move: Any) -> Any:
            moves = perspective.valid_moves()
            return moves[int(self.random_() * len(moves))]

    engine = g.GamePlayEngine(
        deck_generator=Deck24(),
        hand_generator=Hands6(),
        trick_implementer=g.SchnapsenTrickImplementer(),
        move_requester=g.SimpleMoveRequester(),
        move_validator=g.SchnapsenMoveValidator(),
        trick_scorer=Classic66Scorer(),
    )
    return engine, RandomBot, g


def vu_rate(vu: Any, seconds: float) -> float:
    """Played-out deals per second on the VU engine."""
    engine, random_bot, _g = vu
    rng = random.Random(1)
    bot1, bot2 = random_bot(rng.random), random_bot(rng.random)
    deals = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for _ in range(20):
            engine.play_game(bot1, bot2, rng)
            deals += 1
    return deals / (time.process_time() - start)


def vu_listing_microseconds(vu: Any, count: int = 2000) -> float:
    """Mean µs of one `valid_moves()` (leader or follower) in VU positions."""
    engine, random_bot, _g = vu
    rng = random.Random(2)
    perspectives: list[Any] = []

    class Recorder(random_bot):  # type: ignore[misc, valid-type]
        def get_move(self, perspective: Any, leader_move: Any) -> Any:
            perspectives.append(perspective)
            return super().get_move(perspective, leader_move)

    bot1, bot2 = Recorder(rng.random), Recorder(rng.random)
    while len(perspectives) < count:
        engine.play_game(bot1, bot2, rng)
    return listing_microseconds(lambda p: p.valid_moves(), perspectives[:count], repeat=5)


# ---------------------------------------------------------------------- report
def presets_table(seconds: float) -> None:
    """One line per preset: Deal and (where supported) fast deals/s, µs per listing."""
    print(f"every preset, the same policy, {seconds} s each; CPU time")
    print(f"{'preset':22} {'Deal/s':>8} {'acts':>5} {'fast/s':>8} {'Deal µs':>8} {'fast µs':>8}")
    for preset in PRESET_IDS:
        rules = get_preset(preset)
        rate, acts = deal_rate(rules, seconds)
        deals = positions(rules, 1000)
        deal_us = listing_microseconds(Legality.legal_actions, deals)
        fast_s = fast_us = "-"
        if fast is not None and fast.supports(rules):
            fast_s = f"{fast_rate(rules, seconds)[0]:8.0f}"
            states = [fast.FastDeal.from_deal(d) for d in deals]
            fast_us = f"{listing_microseconds(fast.FastDeal.legal_mask, states):8.2f}"
        print(f"{preset:22} {rate:8.0f} {acts:5.1f} {fast_s:>8} {deal_us:8.2f} {fast_us:>8}")


def main() -> None:
    """Print deals/s of each engine, the ratios and µs per listing.

    The engines take turns in ROUNDS rounds (a load that comes and goes on a shared machine
    then weighs on all of them); the figures are the medians over the rounds.
    """
    args = [a for a in sys.argv[1:] if a != "--presets"]
    seconds = float(args[0]) if args else 3.0
    if "--presets" in sys.argv:
        presets_table(seconds)
        return
    rules = get_preset(PRESET)
    vu = vu_engine()
    print(
        f"{PRESET}: played-out deals (claim when true, close by rule, else random), "
        f"{seconds} s per engine in {ROUNDS} rounds, CPU time"
    )
    rounds: list[tuple[float, float | None, float | None]] = []
    acts = 0.0
    for _ in range(ROUNDS):
        deal_s, acts = deal_rate(rules, seconds / ROUNDS)
        fast_s = fast_rate(rules, seconds / ROUNDS)[0] if fast is not None else None
        vu_s = vu_rate(vu, seconds / ROUNDS) if vu is not None else None
        rounds.append((deal_s, fast_s, vu_s))
    deal_s = statistics.median(r[0] for r in rounds)
    print(f"  Deal (legal_actions/apply)  {deal_s:9,.0f} deals/s  {acts:4.1f} actions/deal")
    if fast is not None:
        fast_s = statistics.median(r[1] or 0 for r in rounds)
        print(f"  fast path (sixtysix.fast)   {fast_s:9,.0f} deals/s")
    if vu is None:
        print(
            "  VU engine: not installed (optional: .venv/bin/pip install --no-deps "
            "-r benchmarks/requirements.txt); our side only"
        )
    else:
        vu_s = statistics.median(r[2] or 0 for r in rounds)
        print(f"  VU schnapsen 0.0.5          {vu_s:9,.0f} deals/s  (no closing; claims by itself)")
        ratios = sorted(r[0] / (r[2] or 1) for r in rounds)
        print(
            f"  ratio Deal / VU: {statistics.median(ratios):.2f}x "
            f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})"
        )
        if fast is not None:
            ratios = sorted((r[1] or 0) / (r[2] or 1) for r in rounds)
            ratio = statistics.median(ratios)
            verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
            print(
                f"  ratio fast / VU: {ratio:.2f}x (rounds {ratios[0]:.2f}-{ratios[-1]:.2f}; "
                f"target {TARGET_RATIO:.0f}x: {verdict})"
            )
    print("legal-move listing, mean over positions of random deals:")
    deals = positions(rules, 2000)
    first_us = listing_microseconds(Legality.legal_actions, deals)  # the listing itself
    for d in deals:
        d.legal_actions()
    again_us = listing_microseconds(Deal.legal_actions, deals)
    print(f"  Deal.legal_actions(), first  {first_us:6.2f} µs (computed)")
    print(f"  Deal.legal_actions(), again  {again_us:6.2f} µs (the same position: cached)")
    if fast is not None:
        states = [fast.FastDeal.from_deal(d) for d in deals]
        mask_us = listing_microseconds(fast.FastDeal.legal_mask, states)
        list_us = listing_microseconds(fast.FastDeal.legal_moves, states)
        verdict = "met" if mask_us < TARGET_MICROSECONDS else "MISSED"
        print(
            f"  fast legal_mask()            {mask_us:6.2f} µs (target < {TARGET_MICROSECONDS}: "
            f"{verdict})"
        )
        print(f"  fast legal_moves() (list)    {list_us:6.2f} µs")
    if vu is not None:
        print(f"  VU valid_moves()             {vu_listing_microseconds(vu):6.2f} µs")


if __name__ == "__main__":
    main()
