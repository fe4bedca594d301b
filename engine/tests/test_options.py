"""Every rule option of rules-spec.md section 2.0, each value shown to change the behaviour.

Layouts and helpers are shared with the section-5 cases (test_spec_cases.py). Options that only
act across deals (match target and direction, next dealer, drawn-deal handling, trick review,
Idiot-66 settlement) cannot be observed through a one-deal replay: for those the tests check
that every listed value is accepted and that the presets carry the documented values.
"""

import pytest
from sixtysix.protocol import replay
from test_spec_cases import (
    BASE,
    CLOSED_LATE,
    CLOSED_LATE_PLAY,
    FOLLOWING_05,
    HEARTS_SPADES,
    IDIOT_45,
    LAYOUT_05,
    LAYOUT_12,
    LAYOUT_18,
    NA_LAYOUT,
    OPEN_SIX,
    T4,
    T5,
    TO_58,
    TO_SECOND_MARRIAGE,
    TO_STRICT_23,
    acts,
    deal,
    led,
    legal,
    ok,
    plays,
    presets,
    refused,
    result,
    run,
    seq,
)

pytestmark = pytest.mark.unit


def outcome(resp):
    r = resp["result"]
    return (r["winners"], r["game_points"])


# --- pack, deal, trumps, leader ------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "ranks", "copies", "stock_size"),
    [
        ("24", "ATKQJ9", 1, 12),
        ("20", "ATKQJ", 1, 8),
        ("32", "ATKQJ987", 1, 20),
        ("2x24", "ATKQJ9", 2, 36),
    ],
)
def test_deck_sets_the_pack(deck, ranks, copies, stock_size):
    """deck: the whole pack of that size deals 6 + 6 and leaves the rest as stock."""
    layout = deal(["AS", "AH"], "JC" if deck != "20" else "KC", ranks=ranks, copies=copies, fill=6)
    extra = {"exchange_card": "J"} if deck == "20" else {}  # the 20-card pack has no nines
    assert ok(layout, deck=deck, **extra)["final"]["stock_size"] == stock_size


def test_deck_20_has_no_nines():
    """deck=20: a layout containing nines is malformed."""
    assert run(BASE, deck="20")[0] == 2


def test_hand_size_changes_the_stock():
    """hand_size=5 (batches 3+2): hands of five, stock 14; malformed without the option."""
    layout = deal(["AS TS KS QS JS", "AH TH KH QH JH"], "JC", fill=5)
    final = ok(layout, hand_size=5, deal_pattern=[3, 2])["final"]
    assert final["stock_size"] == 14
    assert [len(h) for h in final["hands"]] == [5, 5]
    assert run(layout)[0] == 2


def test_deal_pattern_changes_who_gets_which_card():
    """deal_pattern: the same shuffle dealt 3+3 or 2+2+2 gives the same 12 cards and turn-up,
    split differently (the turn-up may come at another batch)."""
    finals = []
    for pattern in ([3, 3], [2, 2, 2]):
        request = {"variant": "classic66", "seed": 12345, "options": {"deal_pattern": pattern}}
        status, resp = replay(request)
        assert status == 0, resp
        finals.append(resp["final"])
    a, b = finals
    dealt_a = sorted([*a["hands"][0], *a["hands"][1], a["turnup"]])
    dealt_b = sorted([*b["hands"][0], *b["hands"][1], b["turnup"]])
    assert dealt_a == dealt_b  # the same 13 cards leave the top of the pack
    assert sorted(a["hands"][1]) != sorted(b["hands"][1])


def test_trump_source_turn_up():
    """trump_source=turn_up: trumps are the turn-up's suit."""
    assert ok(BASE)["final"]["trump"] == "C"
    hearts = deal(
        ["AS TS KS QS JS AD", "9C AC TH KH QH JH"], "AH", "9H 9S TD KD QD JD 9D JC TC KC QC"
    )
    assert ok(hearts)["final"]["trump"] == "H"


NO_TURNUP = deal(HEARTS_SPADES, None, "AD AC TD TC KD KC QD QC JD JC 9D 9C")


def test_trump_source_none_until_marriage():
    """trump_source=none_until_marriage: no turn-up (one is malformed), a marriage names trumps."""
    final = ok(NO_TURNUP, trump_source="none_until_marriage")["final"]
    assert final["trump"] is None
    assert final["stock_size"] == 12
    assert run(BASE, trump_source="none_until_marriage")[0] == 2
    final = ok(NO_TURNUP, "1 meld H", trump_source="none_until_marriage")["final"]
    assert final["trump"] == "H"


@pytest.mark.parametrize(("lead", "trump"), [("KC", "C"), ("TD", "D")])
def test_trump_source_first_lead_of_bid_winner(lead, trump):
    """trump_source=first_lead_of_bid_winner: the suit of the bid winner's first card."""
    final = ok(NA_LAYOUT, f"1 bid 2, 2 pass, 3 pass, 0 pass, 1 {lead}", "north_american_bid66")[
        "final"
    ]
    assert final["trump"] == trump


@pytest.mark.parametrize(("last", "trump"), [("9H", "H"), ("9S", "S")])
def test_trump_source_bottom_card_to_dealer(last, trump):
    """trump_source=bottom_card_to_dealer: the dealer's last card fixes trumps (V7)."""
    other = "9S" if last == "9H" else "9H"
    layout = deal(
        [
            f"AC TC KC QC {other} {last}",
            "AD TD KD QD JD 9D",
            "AH TH KH QH JH JC",
            "AS TS KS QS JS 9C",
        ],
        None,
    )
    assert ok(layout, variant="four_partnership_66")["final"]["trump"] == trump


def test_trump_source_forehand_names():
    """trump_source=forehand_names: forehand names trumps (V4a)."""
    layout = deal(
        ["AC TC KC QC JC 9C AD TD", "KD QD JD 9D AH TH KH QH", "JH 9H AS TS KS QS JS 9S"], None
    )
    assert ok(layout, "1 trump D", "three_no_stock")["final"]["trump"] == "D"
    assert ok(layout, "1 trump S", "three_no_stock")["final"]["trump"] == "S"


def test_first_leader_non_dealer():
    """first_leader=non_dealer: the player who did not deal leads."""
    assert ok(BASE)["final"]["to_act"] == 1
    assert ok(dict(BASE, dealer=1))["final"]["to_act"] == 0


THREE = deal(
    ["QC KC JH 9H KS QS", "9D AC AH TH JS 9S", "JC TC AS TS KH QH"], "9C", "AD KD TD QD JD"
)


@pytest.mark.parametrize(("dealer", "leader"), [(0, 1), (1, 2), (2, 0)])
def test_first_leader_left_of_dealer(dealer, leader):
    """first_leader=left_of_dealer: with three players the seat after the dealer leads."""
    final = ok(dict(THREE, dealer=dealer), variant="three_all_play", first_leader="left_of_dealer")[
        "final"
    ]
    assert final["to_act"] == leader


def test_first_leader_bid_winner():
    """first_leader=bid_winner: the highest bidder leads, not the dealer's left."""
    final = ok(NA_LAYOUT, "1 bid 1, 2 bid 2, 3 pass, 0 pass, 1 pass", "north_american_bid66")[
        "final"
    ]
    assert final["to_act"] == 2
    assert "play AC" in plays(final)


# --- trump exchange ----------------------------------------------------------------------

JACK_HOLDER = deal(
    ["AS TS KS QS JS AD", "JC AH TH KH QH JH"], "9C", "9H 9S TD KD QD JD 9D AC TC KC QC"
)


@pytest.mark.parametrize(
    ("card", "layout", "allowed"),
    [
        ("9", BASE, True),
        ("J", BASE, False),
        ("J", JACK_HOLDER, True),
        ("9", JACK_HOLDER, False),
        ("none", BASE, False),
    ],
)
def test_exchange_card(card, layout, allowed):
    """exchange_card: only the named trump rank (none: no card) may be swapped for the turn-up."""
    script = "1 AH, 0 JS, 1 draw"
    assert ("exchange" in legal(ok(layout, script, exchange_card=card)["final"])) == allowed
    if allowed:
        final = ok(layout, seq(script, "1 exchange"), exchange_card=card)["final"]
        assert final["turnup"] == f"{card}C"
    else:
        refused(layout, seq(script, "1 exchange"), exchange_card=card)


def test_exchange_card_seven_in_the_32_card_game():
    """exchange_card=7 (classic66_32): the trump seven is swapped for the turn-up."""
    layout = deal(["AS", "7C AH"], "JC", ranks="ATKQJ987", fill=6)
    final = ok(layout, "1 AH, 0 AS, 1 draw", "classic66_32")["final"]
    assert "exchange" in legal(final)
    final = ok(layout, "1 AH, 0 AS, 1 draw, 1 exchange", "classic66_32")["final"]
    assert final["turnup"] == "7C"
    assert "JC" in final["hands"][1]


def test_exchange_requires_trick():
    """exchange_requires_trick: before trick 1 the exchange is refused (true) or allowed (false)."""
    refused(BASE, "1 exchange", "exchange_needs_trick", exchange_requires_trick=True)
    final = ok(BASE, "1 exchange", exchange_requires_trick=False)["final"]
    assert final["turnup"] == "9C"
    assert "JC" in final["hands"][1]


@pytest.mark.parametrize("value", [False, True])
def test_exchange_when_following(value):
    """exchange_when_following: a follower with a trick may exchange only when true."""
    assert (
        "exchange" in legal(ok(LAYOUT_05, FOLLOWING_05, exchange_when_following=value)["final"])
    ) == value
    status, _ = run(LAYOUT_05, seq(FOLLOWING_05, "1 exchange"), exchange_when_following=value)
    assert status == (0 if value else 1)


@pytest.mark.parametrize(("minimum", "allowed"), [(3, False), (2, True)])
def test_exchange_min_stock(minimum, allowed):
    """exchange_min_stock: at stock 2 (after trick 5's draw) refused with 3, allowed with 2."""
    script = seq(T5, "1 draw")
    final = ok(BASE, script, exchange_min_stock=minimum)["final"]
    assert final["stock_size"] == 2
    assert ("exchange" in legal(final)) == allowed
    status, resp = run(BASE, seq(script, "1 exchange"), exchange_min_stock=minimum)
    assert status == (0 if allowed else 1)
    if not allowed:
        assert resp["error"]["code"] == "stock_too_small"


# Player 1 closes after trick 1; player 0 (no trick) holds the trump 9.
NO_TRICK_CLOSE = deal(
    ["9C AS TS KS QS JS", "AD AH TH KH QH JH"], "JC", "9H 9S TD KD QD JD 9D AC TC KC QC"
)
# Player 0 wins trick 2 and closes; player 1 (one trick) holds the trump 9.
TRICK_CLOSE = "1 AH, 0 JS, 1 draw, 1 TH, 0 QC, 0 draw, 0 close"


@pytest.mark.parametrize(
    ("value", "without_trick", "with_trick"),
    [("any", True, True), ("needs_trick", False, True), ("never", False, False)],
)
def test_exchange_on_opponent_close(value, without_trick, with_trick):
    """exchange_on_opponent_close: may the non-closer exchange at the close (no trick / trick)?"""
    status, _ = run(
        NO_TRICK_CLOSE, "1 AH, 0 JS, 1 draw, 1 close, 0 exchange", exchange_on_opponent_close=value
    )
    assert status == (0 if without_trick else 1)
    status, _ = run(LAYOUT_05, seq(TRICK_CLOSE, "1 exchange"), exchange_on_opponent_close=value)
    assert status == (0 if with_trick else 1)


# --- marriages ---------------------------------------------------------------------------

TWO_MARRIAGES = deal(
    ["JD TS JS QS 9H JH", "KH QH KD QD AS 9S"], "JC", "AC TC KC QC 9C AD TD 9D AH TH KS"
)
SECOND_MARRIAGE = "1 meld H, 1 KH, 0 JD, 1 draw, 1 meld D"


@pytest.mark.parametrize(("value", "points"), [("20_40", 46), ("escalating_20_40_60_80", 66)])
def test_marriage_values(value, points):
    """marriage_values: two plain marriages score 20 + 20, or 20 + 40 when escalating."""
    final = ok(TWO_MARRIAGES, SECOND_MARRIAGE, marriage_values=value)["final"]
    assert final["card_points"] == [0, points]
    assert final["trump"] == "C"  # values only: trumps stay the turn-up's suit


def test_marriage_values_none():
    """marriage_values=none: no marriage can be shown."""
    assert "meld H" not in legal(ok(TWO_MARRIAGES, marriage_values="none")["final"])
    refused(TWO_MARRIAGES, "1 meld H", marriage_values="none")


@pytest.mark.parametrize(
    ("value", "first_lead", "pending", "points"),
    [
        ("counts_after_first_trick", True, 20, 0),
        ("must_have_trick_to_declare", False, None, None),
        ("not_in_first_trick", False, None, None),
        ("no_trick_needed", True, 0, 20),
    ],
)
def test_marriage_trick_rule(value, first_lead, pending, points):
    """marriage_trick_rule: a marriage on the first lead, before any trick, is pending,
    refused or counted at once; after a won trick it is always allowed."""
    status, resp = run(BASE, "1 meld H", marriage_trick_rule=value)
    assert status == (0 if first_lead else 1)
    if first_lead:
        assert resp["final"]["pending_marriage_points"] == [0, pending]
        assert resp["final"]["card_points"] == [0, points]
    final = ok(BASE, "1 AH, 0 JS, 1 draw, 1 meld H", marriage_trick_rule=value)["final"]
    assert final["card_points"] == [0, 13 + 20]


@pytest.mark.parametrize(
    ("value", "card", "allowed"),
    [
        ("either", "KH", True),
        ("either", "QH", True),
        ("queen", "KH", False),
        ("queen", "QH", True),
        ("king", "KH", True),
        ("king", "QH", False),
    ],
)
def test_marriage_lead_card(value, card, allowed):
    """marriage_lead_card: which card of the shown marriage may be led."""
    assert (
        f"play {card}" in plays(ok(BASE, "1 meld H", marriage_lead_card=value)["final"])
    ) == allowed
    status, resp = run(BASE, f"1 meld H, 1 {card}", marriage_lead_card=value)
    assert status == (0 if allowed else 1)
    if not allowed:
        assert resp["error"]["code"] == "must_lead_marriage_card"


@pytest.mark.parametrize("value", [False, True])
def test_marriage_in_strict_phase(value):
    """marriage_in_strict_phase: after the stock is used up a marriage is allowed only when true."""
    layout = deal(
        ["AS TS KS QS JS 9S", "AH TH JH 9H KD QD"], "JC", "AD AC TD TC JD KC 9D QC KH 9C QH"
    )
    six = led(1, 0, "AH/9S TH/JS JH/QS 9H/KS AD/TS TD/AS")
    assert ok(layout, six)["final"]["phase"] == "strict"
    status, _ = run(layout, seq(six, "1 meld D, 1 KD"), marriage_in_strict_phase=value)
    assert status == (0 if value else 1)


@pytest.mark.parametrize(("value", "allowed"), [(1, False), (2, True)])
def test_marriages_per_lead(value, allowed):
    """marriages_per_lead: a second marriage on the same lead needs the limit 2."""
    status, _ = run(TWO_MARRIAGES, "1 meld H, 1 meld D", marriages_per_lead=value)
    assert status == (0 if allowed else 1)


@pytest.mark.parametrize("value", [True, False])
def test_go_out_by_marriage(value):
    """go_out_by_marriage: a marriage lifting the holder to 78 lets him claim unled if true."""
    status, resp = run(LAYOUT_12, seq(TO_58, "1 meld D, 1 declare"), go_out_by_marriage=value)
    if value:
        assert status == 0
        assert resp["result"]["reason"] == "declared"
    else:
        assert status == 1
        assert "declare" not in legal(
            ok(LAYOUT_12, seq(TO_58, "1 meld D"), go_out_by_marriage=False)["final"]
        )


# --- strict-phase obligations -------------------------------------------------------------

VOID_TRUMPS = deal(
    ["TC QC AS TS AD TD", "AH TH KH QH JH 9H"], "JC", "AC KC 9C KS QS JS 9S KD QD JD 9D"
)


@pytest.mark.parametrize(
    ("value", "in_suit", "void"),
    [
        ("follow_head_trump", {"AH", "KH"}, {"TC", "QC"}),
        ("follow_trump", {"AH", "KH", "9H"}, {"TC", "QC"}),
        ("follow_only", {"AH", "KH", "9H"}, {"TC", "QC", "AS", "TS", "AD", "TD"}),
    ],
)
def test_strict_obligation(value, in_suit, void):
    """strict_obligation: heading a suit and trumping when void are required or not."""
    final = ok(LAYOUT_18, "1 close, 1 QH", strict_obligation=value)["final"]
    assert plays(final) == {f"play {c}" for c in in_suit}
    final = ok(VOID_TRUMPS, "1 close, 1 AH", strict_obligation=value)["final"]
    assert plays(final) == {f"play {c}" for c in void}


P1_23 = "AS AH TH KH KS QS"


@pytest.mark.parametrize(("value", "legal_cards"), [(True, {"AC"}), (False, {"AC", "QC", "KC"})])
def test_must_overtrump(value, legal_cards):
    """must_overtrump (3 players): holding a higher trump, only it may be played (true)."""
    layout = deal(["9H AC QC TS JS JD", P1_23, "9D TC AD TD KD QD"], "9C", "QH 9S KC JH JC")
    final = ok(layout, seq(TO_STRICT_23, "2 TC"), "three_all_play", must_overtrump=value)["final"]
    assert plays(final) == {f"play {c}" for c in legal_cards}


@pytest.mark.parametrize(
    ("value", "legal_cards"),
    [(True, {"KC", "QC", "TC"}), (False, {"KC", "QC", "TC", "TS", "JS", "JD"})],
)
def test_must_undertrump(value, legal_cards):
    """must_undertrump (3 players): unable to beat the trump, he must still trump (true) or not."""
    layout = deal(["9H KC QC TS JS JD", P1_23, "9D AC AD TD KD QD"], "9C", "QH 9S TC JH JC")
    final = ok(layout, seq(TO_STRICT_23, "2 AC"), "three_all_play", must_undertrump=value)["final"]
    assert plays(final) == {f"play {c}" for c in legal_cards}


# --- closing ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, False])
def test_closing_allowed(value):
    """closing_allowed: closing is offered and accepted only when true."""
    assert ("close" in legal(ok(BASE, closing_allowed=value)["final"])) == value
    assert run(BASE, "1 close", closing_allowed=value)[0] == (0 if value else 1)


@pytest.mark.parametrize(("minimum", "allowed"), [(3, False), (2, True)])
def test_close_min_stock(minimum, allowed):
    """close_min_stock: at stock 2 closing is refused with 3, allowed with 2."""
    script = seq(T5, "1 draw")
    assert ("close" in legal(ok(BASE, script, close_min_stock=minimum)["final"])) == allowed
    assert run(BASE, seq(script, "1 close"), close_min_stock=minimum)[0] == (0 if allowed else 1)


@pytest.mark.parametrize("value", [True, False])
def test_close_before_draw(value):
    """close_before_draw: right after winning a trick, closing before drawing only when true."""
    assert ("close" in legal(ok(BASE, "1 AH, 0 JS", close_before_draw=value)["final"])) == value
    status, resp = run(BASE, "1 AH, 0 JS, 1 close", close_before_draw=value)
    assert status == (0 if value else 1)
    if value:
        assert [len(h) for h in resp["final"]["hands"]] == [5, 5]
    ok(BASE, "1 AH, 0 JS, 1 draw, 1 close", close_before_draw=value)


@pytest.mark.parametrize("value", [True, False])
def test_close_before_first_trick(value):
    """close_before_first_trick: the non-dealer may close on the first lead only when true."""
    assert ("close" in legal(ok(BASE, close_before_first_trick=value)["final"])) == value
    assert run(BASE, "1 close", close_before_first_trick=value)[0] == (0 if value else 1)


@pytest.mark.parametrize(("value", "points"), [("end", 1), ("at_close", 2)])
def test_close_scoring_snapshot(value, points):
    """close_scoring_snapshot: opponent had 20 at the close, 41 at the end: 1 or 2 (at_close)."""
    layout = deal(
        ["TC 9S TS AD KS 9D", "TH AS KC QC TD 9H"], "JC", "QS KH QH JS AC 9C KD QD JD AH JH"
    )
    script = (
        "1 TH, 0 TC, 0 draw, 0 9S, 1 AS, 1 draw, 1 meld C, 1 close, 1 KC, 0 TS,"
        " 1 TD, 0 AD, 0 KS, 1 QC, 1 declare"
    )
    assert outcome(ok(layout, script, close_scoring_snapshot=value)) == ([1], points)


@pytest.mark.parametrize(
    ("value", "points"), [("two_or_three", 2), ("always_three", 3), ("by_closer_count", 1)]
)
def test_failed_close_penalty(value, points):
    """failed_close_penalty: closer ends on 62, opponent had a trick at the close."""
    resp = ok(CLOSED_LATE, CLOSED_LATE_PLAY, failed_close_penalty=value)
    assert outcome(resp) == ([0], points)
    assert resp["result"]["reason"] == "closed_failed"


CLOSE_THEN_LOSE = deal(
    ["AH TH AS TS KS QS", "9H KH QH AD TD JD"], "JC", "AC TC KC QC 9C KD QD 9D JH JS 9S"
)


@pytest.mark.parametrize(
    "value", ["two_or_three", "always_three", "by_closer_count", "closer_loses_on_any_trick"]
)
def test_failed_close_penalty_first_opponent_trick(value):
    """Only closer_loses_on_any_trick ends the deal at the opponent's first trick after a close."""
    resp = ok(CLOSE_THEN_LOSE, "1 close, 1 9H, 0 AH", failed_close_penalty=value)
    if value == "closer_loses_on_any_trick":
        assert outcome(resp) == ([0], 3)
    else:
        assert resp["result"] is None
        assert resp["final"]["phase"] == "strict"


@pytest.mark.parametrize(("value", "points"), [("flat_2", 2), ("two_or_three", 3)])
def test_closer_beaten_penalty(value, points):
    """closer_beaten_penalty: opponent (no trick at the close) claims first: 2 flat, or 3."""
    script = "1 close, 1 9H, 0 AH, 0 AS, 1 TD, 0 TS, 1 AD, 0 TH, 1 KH, 0 declare"
    resp = ok(CLOSE_THEN_LOSE, script, closer_beaten_penalty=value)
    assert outcome(resp) == ([0], points)
    assert resp["result"]["reason"] == "closer_beaten"


# --- declaring ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["after_own_trick_or_marriage", "any_time_on_turn"])
def test_declare_timing(value):
    """declare_timing: a follower who just lost a trick may claim only with any_time_on_turn."""
    status, resp = run(LAYOUT_05, seq(FOLLOWING_05, "1 declare"), declare_timing=value)
    if value == "any_time_on_turn":
        assert status == 0
        assert resp["result"]["reason"] == "false_declaration"
    else:
        assert status == 1
        assert resp["error"]["code"] == "declare_not_allowed"


@pytest.mark.parametrize("value", [True, False])
def test_going_out_allowed(value):
    """going_out_allowed: the claim after a won trick exists only when true."""
    assert ("declare" in legal(ok(BASE, T5, going_out_allowed=value)["final"])) == value
    assert run(BASE, seq(T5, "1 declare"), going_out_allowed=value)[0] == (0 if value else 1)


OPPONENT_33 = deal(
    ["AS TD AD 9H AC 9D", "TH JC 9C AH KS QS"], "JS", "TS 9S KH QH JH KD QD JD TC KC QC"
)
CLAIM_AGAINST_33 = "1 TH, 0 AS, 0 draw, 0 TD, 1 JC, 0 draw, 0 9H, 1 AH, 1 declare"


@pytest.mark.parametrize(
    ("value", "no_trick", "has_33"), [("flat_2", 2, 2), ("two_or_three", 3, 2), ("mirror", 3, 1)]
)
def test_false_claim_penalty(value, no_trick, has_33):
    """false_claim_penalty: opponent without a trick / with 33: flat 2, 3 or 2, or the mirror."""
    resp = ok(BASE, seq(T5, "1 declare"), false_claim_penalty=value)
    assert outcome(resp) == ([0], no_trick)
    resp = ok(OPPONENT_33, CLAIM_AGAINST_33, false_claim_penalty=value)
    assert resp["result"]["card_points"] == [33, 11]
    assert outcome(resp) == ([0], has_33)


# --- end of the deal ----------------------------------------------------------------------

# X: player 1 has 71, player 0 wins the last trick and has 59 with the bonus.
LAST_TRICK_LOSES = deal(HEARTS_SPADES, "JC", "AD 9D TD AC KD TC QD KC JD QC 9C")
X_STRICT = "1 AD, 0 9D, 1 9C, 0 JC, 0 QC, 1 JD, 0 KC, 1 QD, 0 TC, 1 KD, 0 AC, 1 TD"
# Y: player 0 takes all twelve tricks.
SWEEP = deal(["AS TS KS AD TD KD", "9S JS QS 9D JD QD"], "9C", "AC TH TC KH KC QH QC JH JC 9H AH")
Y_PLAY = seq(
    "1 9S, 0 AS, 0 draw",
    led(0, 1, "TS/JS KS/QS AD/9D TD/JD KD/QD"),
    "0 AC, 1 9C, 0 TC, 1 9H, 0 KC, 1 JH, 0 QC, 1 QH, 0 JC, 1 KH, 0 AH, 1 TH",
)


@pytest.mark.parametrize(
    ("value", "x", "y"),
    [
        ("last_trick_bonus_10", ([1], 1), ([0], 3)),
        ("last_trick_wins_scaled", ([0], 1), ([0], 3)),
        ("last_trick_wins_1", ([0], 1), ([0], 1)),
        ("most_points_wins", ([1], 1), ([0], 3)),
    ],
)
def test_exhausted_resolution(value, x, y):
    """exhausted_resolution: played out (X: last-trick winner behind; Y: a sweep)."""
    resp = ok(LAST_TRICK_LOSES, seq(OPEN_SIX, X_STRICT), exhausted_resolution=value)
    assert outcome(resp) == x
    resp = ok(SWEEP, Y_PLAY, exhausted_resolution=value)
    assert outcome(resp) == y


def test_exhausted_resolution_default_totals():
    """Played out by default: 71 against 49 + 10 for the last trick."""
    resp = ok(LAST_TRICK_LOSES, seq(OPEN_SIX, X_STRICT))
    assert resp["result"]["card_points"] == [59, 71]
    assert ok(SWEEP, Y_PLAY)["result"]["card_points"] == [130, 0]


@pytest.mark.parametrize(("threshold", "points"), [(33, 1), (34, 2)])
def test_schneider_threshold(threshold, points):
    """schneider_threshold: a loser on 33 is schneider only when the threshold is above 33."""
    script = seq(CLAIM_AGAINST_33[: -len(", 1 declare")], "1 draw, 1 meld S, 1 KS, 0 AC, 1 declare")
    resp = ok(OPPONENT_33, script, schneider_threshold=threshold)
    assert result(resp)["card_points"] == [33, 66]
    assert outcome(resp) == ([1], points)


TIE = deal(HEARTS_SPADES, "JC", "QD JD AD AC TD TC KD KC 9D QC 9C")
TIE_PLAY = seq(OPEN_SIX, "1 QD, 0 JD, 1 9C, 0 JC, 0 QC, 1 9D, 0 KC, 1 KD, 0 TC, 1 TD, 0 AC, 1 AD")


@pytest.mark.parametrize("value", ["void_redeal_same_dealer", "carry_1_to_next_winner"])
def test_draw_handling(value):
    """draw_handling: a 65-65 deal itself scores nothing either way (the carry is next deal's)."""
    resp = ok(TIE, TIE_PLAY, draw_handling=value)
    assert outcome(resp) == ([], 0)
    assert resp["result"]["reason"] == "tie"


# --- match-level and other options (one deal cannot show them) ---------------------------


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("match_target", 7),
        ("match_target", 10),
        ("match_direction", "up"),
        ("match_direction", "down"),
        ("next_dealer", "deal_winner"),
        ("next_dealer", "alternate"),
        ("next_dealer", "rotate_left"),
        ("trick_review", "last_trick_only"),
        ("trick_review", "own_tricks"),
        ("trick_review", "none"),
    ],
)
def test_match_level_options_accepted(option, value):
    """Match-level options: every listed value is a valid override."""
    assert ok(BASE, T4, **{option: value})["final"]["stock_size"] == 4


def test_match_level_preset_values():
    """Presets carry the documented match rules (classic66 up to 7, schnapsen 7 down, ...)."""
    data = presets()
    classic, schnapsen = data["classic66"], data["schnapsen"]
    assert (classic["match_target"], classic["match_direction"], classic["next_dealer"]) == (
        7,
        "up",
        "deal_winner",
    )
    assert (schnapsen["match_target"], schnapsen["match_direction"], schnapsen["next_dealer"]) == (
        7,
        "down",
        "alternate",
    )
    assert classic["draw_handling"] == "void_redeal_same_dealer"
    assert classic["trick_review"] == "last_trick_only"


@pytest.mark.parametrize("value", ["opposite_pairs", "none"])
def test_partnerships(value):
    """partnerships: both values accepted for four players."""
    layout = deal(["9S", "AS", "AS", "9S"], "JC", copies=2, fill=7)
    final = ok(layout, "1 AS, 2 AS, 3 9S, 0 9S", "four_double_pack_101", partnerships=value)[
        "final"
    ]
    assert final["to_act"] == 1


@pytest.mark.parametrize(
    ("value", "trump"), [("latest_marriage", "D"), ("first_marriage_fixed", "H")]
)
def test_idiot_trump_mode(value, trump):
    """idiot_trump_mode: a second marriage replaces trumps (latest) or not (first fixed)."""
    final = ok(IDIOT_45, TO_SECOND_MARRIAGE, "idiot66", idiot_trump_mode=value)["final"]
    assert final["trump"] == trump
    assert final["card_points"] == [51, 24]


@pytest.mark.parametrize("value", ["per_round", "point_difference"])
def test_idiot_settlement(value):
    """idiot_settlement: both values accepted; the deal itself is scored the same."""
    final = ok(IDIOT_45, TO_SECOND_MARRIAGE, "idiot66", idiot_settlement=value)["final"]
    assert final["card_points"] == [51, 24]


# --- malformed options ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"no_such_option": True},
        {"exchange_min_stock": "three"},
        {"failed_close_penalty": "double"},
        {"marriage_lead_card": "jack"},
        {"deck": "36"},
        {"close_before_draw": "yes"},
    ],
)
def test_unknown_option_or_bad_value_is_malformed(options):
    """An unknown option key or a value not listed in section 2.0 is malformed (exit 2)."""
    status, resp = replay(
        {"variant": "classic66", "options": options, "deal": BASE, "actions": acts("1 AH")}
    )
    assert status == 2
    assert resp["ok"] is False
