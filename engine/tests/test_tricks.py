"""Trick winner and the follower's strict-phase obligations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sixtysix.cards import SUIT, card_id, get_pack
from sixtysix.tricks import beats, follow_options, trick_winner

pytestmark = pytest.mark.unit

C, D, H, S = range(4)
A, T, K, Q, J, N9 = range(6)


def c(suit: int, rank: int, copy: int = 0) -> int:
    return card_id(suit, rank, copy)


def mask(*cards: int) -> int:
    out = 0
    for x in cards:
        out |= 1 << x
    return out


def test_tricks_highest_of_led_suit_wins_without_trump() -> None:
    assert trick_winner([c(S, K), c(S, A)], None) == 1
    assert trick_winner([c(S, K), c(H, A)], None) == 0


def test_tricks_trump_beats_led_suit_and_higher_trump_wins() -> None:
    assert trick_winner([c(S, A), c(C, N9)], C) == 1
    assert trick_winner([c(S, A), c(C, N9), c(C, J)], C) == 2
    assert trick_winner([c(S, A), c(C, J), c(C, N9)], C) == 1


def test_tricks_third_suit_never_wins() -> None:
    assert trick_winner([c(S, N9), c(H, A), c(D, A)], C) == 0


def test_tricks_identical_cards_first_played_wins() -> None:
    assert get_pack("2x24").size == 48
    assert trick_winner([c(S, K), c(S, A), c(S, A, 1), c(S, N9)], None) == 1
    assert trick_winner([c(S, K), c(S, A, 1), c(S, A)], H) == 1


def _opts(hand: int, led: int, best: int, trump: int | None = C, **kw: object) -> tuple:
    args = {
        "obligation": "follow_head_trump",
        "must_overtrump": True,
        "must_undertrump": True,
    }
    args.update(kw)
    return follow_options(hand, led, best, trump, **args)  # type: ignore[arg-type]


def test_tricks_must_head_with_a_higher_card() -> None:
    hand = mask(c(D, A), c(D, J), c(C, A), c(S, N9))
    allowed, code, _ = _opts(hand, D, c(D, K))
    assert (allowed, code) == (mask(c(D, A)), "must_head_trick")


def test_tricks_only_lower_cards_of_suit_must_still_follow() -> None:
    hand = mask(c(D, J), c(D, N9), c(C, A))
    allowed, code, _ = _opts(hand, D, c(D, K))
    assert (allowed, code) == (mask(c(D, J), c(D, N9)), "must_follow_suit")


def test_tricks_void_must_trump_and_void_in_both_is_free() -> None:
    hand = mask(c(H, A), c(C, N9), c(C, K))
    assert _opts(hand, D, c(D, K))[:2] == (mask(c(C, N9), c(C, K)), "must_trump")
    free = mask(c(H, A), c(S, N9))
    assert _opts(free, D, c(D, K))[:2] == (free, None)


def test_tricks_trump_led_must_beat_with_higher_trump() -> None:
    hand = mask(c(C, A), c(C, N9), c(H, A))
    assert _opts(hand, C, c(C, K))[:2] == (mask(c(C, A)), "must_head_trick")


def test_tricks_overtrump_and_undertrump_options() -> None:
    hand = mask(c(C, A), c(C, N9), c(H, A))
    assert _opts(hand, D, c(C, K))[:2] == (mask(c(C, A)), "must_overtrump")
    low = mask(c(C, N9), c(H, A))
    assert _opts(low, D, c(C, K))[:2] == (mask(c(C, N9)), "must_trump")
    assert _opts(low, D, c(C, K), must_undertrump=False)[:2] == (low, None)
    assert _opts(hand, D, c(C, K), must_overtrump=False)[:2] == (
        mask(c(C, A), c(C, N9)),
        "must_trump",
    )


def test_tricks_must_beat_partner_too() -> None:
    hand = mask(c(D, A), c(D, N9))
    assert _opts(hand, D, c(D, T))[:2] == (mask(c(D, A)), "must_head_trick")


def test_tricks_follow_trump_and_follow_only_obligations() -> None:
    hand = mask(c(D, A), c(D, J), c(C, A))
    assert _opts(hand, D, c(D, K), obligation="follow_trump")[:2] == (
        mask(c(D, A), c(D, J)),
        "must_follow_suit",
    )
    void = mask(c(H, A), c(C, A))
    assert _opts(void, D, c(D, K), obligation="follow_only")[:2] == (void, None)
    assert _opts(void, D, c(D, K), obligation="follow_trump")[:2] == (mask(c(C, A)), "must_trump")


def test_tricks_no_trump_suit_means_no_trump_obligation() -> None:
    void = mask(c(H, A), c(C, A))
    assert _opts(void, D, c(D, K), trump=None)[:2] == (void, None)


@settings(max_examples=300, deadline=None)
@given(
    hand=st.integers(1, (1 << 64) - 1),
    led=st.integers(0, 3),
    best=st.integers(0, 63),
    trump=st.none() | st.integers(0, 3),
    obligation=st.sampled_from(["follow_head_trump", "follow_trump", "follow_only"]),
    over=st.booleans(),
    under=st.booleans(),
)
@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
def test_tricks_follow_options_never_empty_and_within_hand(
    hand: int, led: int, best: int, trump: int | None, obligation: str, over: bool, under: bool
) -> None:
    allowed, code, _ = follow_options(hand, led, best, trump, obligation, over, under)
    assert allowed
    assert allowed & ~hand == 0
    assert (code is None) == (allowed == hand)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 63), min_size=1, max_size=4), trump=st.none() | st.integers(0, 3)
)
@pytest.mark.slow  # a heavy property run: `make test` and CI, not test-fast
def test_tricks_winner_is_never_beaten_by_a_later_card(cards: list[int], trump: int | None) -> None:
    w = trick_winner(cards, trump)
    assert not any(beats(c, cards[w], trump) for c in cards[w + 1 :])
    # the winner is of the led suit or a trump
    assert SUIT[cards[w]] == SUIT[cards[0]] or SUIT[cards[w]] == trump
