"""The 55 edge cases of rules-spec.md section 5, spoken only through the replay protocol.

Every layout is written out by hand and checked by `deal()` against the full pack. Player 0
deals in every test, so player 1 (left of the dealer) leads trick 1. Trump is clubs unless a
test says otherwise.
"""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from sixtysix.protocol import replay

pytestmark = pytest.mark.unit

ENGINE = Path(__file__).resolve().parents[1]  # engine/
WORDS = {"draw", "exchange", "close", "declare", "pass"}


def pack(ranks="ATKQJ9", copies=1):
    """Every card of a pack: ranks x C D H S, `copies` times."""
    return [r + s for s in "CDHS" for r in ranks] * copies


def deal(hands, turnup, stock="", dealer=0, ranks="ATKQJ9", copies=1, fill=0):
    """A protocol layout from space-separated card strings; checks it holds the whole pack.

    With `fill`, each hand is topped up to `fill` cards and the stock is completed from the
    unused cards in pack order.
    """
    hands = [h.split() for h in hands]
    stock = stock.split()
    full = Counter(pack(ranks, copies))
    if fill:
        spare = full - Counter([c for h in hands for c in h] + stock + [turnup] * bool(turnup))
        rest = sorted(spare.elements(), key=pack(ranks).index)
        for h in hands:
            while h and len(h) < fill:
                h.append(rest.pop(0))
        stock += rest
    used = [c for h in hands for c in h] + stock + ([turnup] if turnup else [])
    assert Counter(used) == full, "layout must hold exactly the whole pack"
    return {"dealer": dealer, "hands": hands, "turnup": turnup, "stock": stock}


def acts(script):
    """'1 AH, 0 draw, 1 meld H, 2 bid 2' -> protocol actions."""
    out = []
    for item in filter(None, (s.strip() for s in script.split(","))):
        player, word, *arg = item.split()
        action = {"player": int(player)}
        if word in WORDS:
            action["type"] = word
        elif word in ("meld", "trump"):
            action.update(type=word, suit=arg[0])
        elif word == "bid":
            action.update(type="bid", value=int(arg[0]))
        else:
            action.update(type="play", card=word)
        out.append(action)
    return out


def run(layout, script="", variant="classic66", **options):
    request = {"variant": variant, "deal": layout, "actions": acts(script)}
    if options:
        request["options"] = options
    return replay(request)


def ok(layout, script="", variant="classic66", **options):
    """Replay that must be fully legal; returns the response."""
    status, resp = run(layout, script, variant, **options)
    assert status == 0, resp.get("error")
    return resp


def refused(layout, script, code=None, variant="classic66", **options):
    """Replay whose last action must be refused (with `code` when the contract lists one)."""
    status, resp = run(layout, script, variant, **options)
    assert status == 1, resp
    assert resp["error"]["action_index"] == len(acts(script)) - 1, resp["error"]
    if code is None:
        assert isinstance(resp["error"]["code"], str)
        assert resp["error"]["code"]
    else:
        assert resp["error"]["code"] == code
    return resp


def key(action):
    return " ".join(
        [action["type"]] + [str(action[k]) for k in ("card", "suit", "value") if k in action]
    )


def legal(state):
    """The legal actions of a step or of `final` as strings: 'play AH', 'exchange', 'meld H'."""
    return {key(a) for a in state["legal"]}


def plays(state):
    return {k for k in legal(state) if k.startswith("play ")}


def seq(*parts):
    return ", ".join(p for p in parts if p)


def led(leader, follower, pairs, draw=True):
    """Tricks in which `leader` leads each first card, `follower` plays the second, and
    the leader wins (and draws, while the stock is open)."""
    out = []
    for lead, follow in (p.split("/") for p in pairs.split()):
        out.append(f"{leader} {lead}, {follower} {follow}" + (f", {leader} draw" if draw else ""))
    return ", ".join(out)


def presets():
    proc = subprocess.run(
        [sys.executable, "-m", "sixtysix", "presets"],
        capture_output=True,
        text=True,
        cwd=ENGINE,
        check=True,
    )
    return json.loads(proc.stdout)


# Base layout: player 1 leads hearts and wins, player 0 throws spades. After tricks 1..5
# player 1 has 13, 26, 34, 47, 60 card points; the stock is 10, 8, 6, 4, 2 after each draw.
BASE = deal(["AS TS KS QS JS AD", "9C AH TH KH QH JH"], "JC", "9H 9S TD KD QD JD 9D AC TC KC QC")
T4 = led(1, 0, "AH/JS TH/QS KH/KS QH/TS")  # four tricks, each followed by the draw
T5 = seq(T4, "1 JH, 0 AS")  # trick 5 won by player 1, draw not yet made

# Schnapsen: player 1 holds the trump jack, clubs are trumps (turn-up AC).
SCHNAPSEN = deal(
    ["AS TS KS QS JS", "JC AH TH KH QH"], "AC", "JH AD TD KD QD JD TC KC QC", ranks="ATKQJ"
)


def result(resp):
    r = resp["result"]
    return {k: r[k] for k in ("winners", "game_points", "reason", "card_points")}


# --- trump exchange --------------------------------------------------------------------


def test_case_01_exchange_refused_with_two_cards_in_stock():
    """On lead with a trick and the trump 9, but stock 2: the exchange is refused."""
    resp = ok(BASE, seq(T5, "1 draw"))
    assert resp["final"]["stock_size"] == 2
    assert resp["final"]["to_act"] == 1
    assert "exchange" not in legal(resp["final"])
    refused(BASE, seq(T5, "1 draw, 1 exchange"), "stock_too_small")


def test_case_02_exchange_with_four_in_stock_and_nine_drawn_by_loser_of_trick_6():
    """Stock 4 after trick 4's draw: exchange allowed; the 9 goes to the loser of trick 6."""
    resp = ok(BASE, T4)
    assert resp["final"]["stock_size"] == 4
    assert "exchange" in legal(resp["final"])
    resp = ok(BASE, seq(T4, "1 exchange"))
    final = resp["final"]
    assert final["turnup"] == "9C"
    assert "JC" in final["hands"][1]
    assert "9C" not in final["hands"][1]
    assert final["stock_size"] == 4
    resp = ok(BASE, seq(T4, "1 exchange, 1 JH, 0 AS, 1 draw, 1 9H, 0 9S, 1 draw"))
    final = resp["final"]
    assert final["stock_size"] == 0
    assert "9C" in final["hands"][0]
    assert "QC" in final["hands"][1]


def test_case_03_no_exchange_before_first_trick_except_schnapsen():
    """Before trick 1: classic66 refuses the trump-9 exchange; schnapsen allows the jack."""
    assert "exchange" not in legal(ok(BASE)["final"])
    refused(BASE, "1 exchange", "exchange_needs_trick")
    assert "exchange" in legal(ok(SCHNAPSEN, variant="schnapsen")["final"])
    final = ok(SCHNAPSEN, "1 exchange", "schnapsen")["final"]
    assert final["turnup"] == "JC"
    assert "AC" in final["hands"][1]
    assert final["stock_size"] == 10


def test_case_04_nine_drawn_after_losing_needs_a_won_trick_on_lead():
    """A trump 9 drawn after losing a trick: no exchange while following, yes after a win."""
    layout = deal(
        ["AS TS KS QS JS QC", "AH TH KH QH JH 9H"], "JC", "AD 9C TD KD QD JD 9D AC TC KC 9S"
    )
    resp = ok(layout, "1 AH, 0 JS, 1 draw, 1 TH")
    assert "9C" in resp["final"]["hands"][0]
    assert resp["final"]["to_act"] == 0
    assert "exchange" not in legal(resp["final"])
    refused(layout, "1 AH, 0 JS, 1 draw, 1 TH, 0 exchange")
    resp = ok(layout, "1 AH, 0 JS, 1 draw, 1 TH, 0 QC, 0 draw")
    assert "exchange" in legal(resp["final"])
    final = ok(layout, "1 AH, 0 JS, 1 draw, 1 TH, 0 QC, 0 draw, 0 exchange")["final"]
    assert "JC" in final["hands"][0]
    assert final["turnup"] == "9C"


LAYOUT_05 = deal(
    ["AS TS KS QS JS QC", "9C AH TH KH QH JH"], "JC", "9H 9S TD KD QD JD 9D AC TC KC AD"
)
FOLLOWING_05 = "1 AH, 0 JS, 1 draw, 1 TH, 0 QC, 0 draw, 0 AS"  # player 1 (with a trick) follows


def test_case_05_exchange_when_following_only_with_option():
    """A follower with a trick and the trump 9: refused by default, allowed by the HOYLE option."""
    assert "exchange" not in legal(ok(LAYOUT_05, FOLLOWING_05)["final"])
    refused(LAYOUT_05, seq(FOLLOWING_05, "1 exchange"))
    final = ok(LAYOUT_05, seq(FOLLOWING_05, "1 exchange"), exchange_when_following=True)["final"]
    assert final["turnup"] == "9C"
    assert "JC" in final["hands"][1]


def test_case_06_no_exchange_when_turnup_is_the_exchange_card():
    """The turn-up is itself the trump 9 (schnapsen: jack): there is nothing to exchange."""
    layout = deal(
        ["AS TS KS QS JS AD", "JC AH TH KH QH JH"], "9C", "9H 9S TD KD QD JD 9D AC TC KC QC"
    )
    assert "exchange" not in legal(ok(layout, "1 AH, 0 JS, 1 draw")["final"])
    refused(layout, "1 AH, 0 JS, 1 draw, 1 exchange")
    schnapsen = deal(
        ["AS TS KS QS JS", "AC AH TH KH QH"], "JC", "JH AD TD KD QD JD TC KC QC", ranks="ATKQJ"
    )
    assert "exchange" not in legal(ok(schnapsen, variant="schnapsen")["final"])
    refused(schnapsen, "1 exchange", variant="schnapsen")


def test_case_07_non_closer_may_exchange_without_trick_not_in_schnapsen():
    """Opponent closes: the non-closer without a trick may exchange; not in schnapsen."""
    layout = deal(
        ["9C AS TS KS QS JS", "AD AH TH KH QH JH"], "JC", "9H 9S TD KD QD JD 9D AC TC KC QC"
    )
    resp = ok(layout, "1 AH, 0 JS, 1 draw, 1 close")
    assert resp["final"]["to_act"] == 0
    assert "exchange" in legal(resp["final"])
    final = ok(layout, "1 AH, 0 JS, 1 draw, 1 close, 0 exchange")["final"]
    assert "JC" in final["hands"][0]
    assert "9C" not in final["hands"][0]
    assert final["closed_by"] == 1
    schnapsen = deal(
        ["JC AS TS KS QS", "AH TH KH QH AD"], "AC", "JH JS TD KD QD JD TC KC QC", ranks="ATKQJ"
    )
    script = "1 AH, 0 QS, 1 draw, 1 close"
    final = ok(schnapsen, script, "schnapsen")["final"]
    assert final["closed_by"] == 1
    assert final["to_act"] != 0 or "exchange" not in legal(final)
    final = ok(schnapsen, seq(script, "1 TH"), "schnapsen")["final"]
    assert final["to_act"] == 0
    assert "exchange" not in legal(final)
    refused(schnapsen, seq(script, "1 TH, 0 exchange"), variant="schnapsen")


def test_case_08_exchange_marriage_close_and_lead_on_one_lead():
    """Exchange, show the trump marriage, close and lead the trump queen on one lead: 40 counts."""
    layout = deal(
        ["AS TS KS QS JS AD", "9C KC QC AH TH KH"], "JC", "9H 9S TD KD QD JD 9D AC TC QH JH"
    )
    final = ok(layout, "1 AH, 0 JS, 1 draw, 1 exchange, 1 meld C, 1 close, 1 QC, 0 9S")["final"]
    assert final["closed_by"] == 1
    assert final["card_points"] == [0, 13 + 40 + 3]
    assert final["pending_marriage_points"] == [0, 0]


# --- marriages -------------------------------------------------------------------------


def test_case_09_no_marriage_after_closing_on_the_same_lead():
    """Close first, then try to show a marriage on the same lead: refused."""
    final = ok(BASE, "1 AH, 0 JS, 1 draw, 1 close")["final"]
    assert "meld H" not in legal(final)
    refused(BASE, "1 AH, 0 JS, 1 draw, 1 close, 1 meld H")


# Player 1 shows the trump marriage on the first lead, loses tricks 1 and 2, wins trick 3.
LAYOUT_10 = deal(
    ["AC AS TD KS QS JS", "KC QC 9S 9D JH 9H"], "JC", "AD KD QD JD AH TH KH QH TS TC 9C"
)
TO_TRICK_3 = "1 meld C, 1 QC, 0 AC, 0 draw, 0 AS, 1 9S, 0 draw, 0 TD, 1 KC"


def test_case_10_first_lead_marriage_counts_from_first_won_trick_claim_window():
    """First-lead marriage counts from the first won trick; claim then, not after a loss."""
    before = ok(LAYOUT_10, "1 meld C, 1 QC, 0 AC, 0 draw, 0 AS, 1 9S, 0 draw, 0 TD")["final"]
    assert before["pending_marriage_points"] == [0, 40]
    assert before["card_points"] == [25, 0]
    after = ok(LAYOUT_10, TO_TRICK_3)["final"]
    assert after["pending_marriage_points"] == [0, 0]
    assert after["card_points"] == [25, 54]
    assert after["to_act"] == 1
    assert "declare" in legal(after)
    assert "declare" in legal(ok(LAYOUT_10, seq(TO_TRICK_3, "1 draw"))["final"])
    later = seq(TO_TRICK_3, "1 draw, 1 9D, 0 QD, 0 draw, 0 KS")
    final = ok(LAYOUT_10, later)["final"]
    assert final["to_act"] == 1
    assert "declare" not in legal(final)
    refused(LAYOUT_10, seq(later, "1 declare"), "declare_not_allowed")


def test_case_11_marriage_void_when_holder_never_wins_a_trick():
    """First-lead marriage, holder takes no trick: it is void and he is schwarz (3)."""
    layout = deal(
        ["AH AC TC AS TS AD", "KH QH 9S 9D JD 9H"], "9C", "KC QC JC TD KD QD TH JH KS QS JS"
    )
    script = seq(
        "1 meld H, 1 QH, 0 AH, 0 draw",
        led(0, 1, "AS/9S AD/9D TS/9H AC/JD"),
        "0 TC, 1 KH, 0 declare",
    )
    resp = ok(layout, script)
    assert result(resp) == {
        "winners": [0],
        "game_points": 3,
        "reason": "declared",
        "card_points": [73, 0],
    }


LAYOUT_12 = deal(
    ["QC 9H AS TS AC KS", "AH TH JH KD QD 9S"], "JC", "9D TD AD JD TC KC 9C KH QH QS JS"
)
TO_58 = seq("1 9S, 0 QC, 0 draw, 0 9H, 1 AH, 1 draw", led(1, 0, "TH/AS JH/TS TD/KS"))


def test_case_12_marriage_lifting_holder_to_66_lets_him_claim_without_leading():
    """With a trick and 58 points, a 20 marriage lifts him to 78: he claims at once."""
    final = ok(LAYOUT_12, TO_58)["final"]
    assert final["card_points"] == [3, 58]
    assert final["stock_size"] == 2
    resp = ok(LAYOUT_12, seq(TO_58, "1 meld D, 1 declare"))
    assert resp["final"]["phase"] == "over"
    assert result(resp) == {
        "winners": [1],
        "game_points": 2,
        "reason": "declared",
        "card_points": [3, 78],
    }


def test_case_13_trump_marriage_before_first_trick_is_pending():
    """Non-dealer shows 40 before trick 1: pending, no claim, must lead K or Q of trumps."""
    final = ok(LAYOUT_10, "1 meld C")["final"]
    assert final["pending_marriage_points"] == [0, 40]
    assert final["card_points"] == [0, 0]
    assert legal(final) == {"play KC", "play QC", "close"}
    refused(LAYOUT_10, "1 meld C, 1 declare", "declare_not_allowed")
    final = ok(LAYOUT_10, TO_TRICK_3)["final"]
    assert final["card_points"][1] == 4 + 10 + 40


def test_case_14_follower_cannot_show_a_marriage():
    """The second player to a trick tries to show a marriage: refused."""
    assert "meld S" not in legal(ok(BASE, "1 AH")["final"])
    refused(BASE, "1 AH, 0 meld S", "meld_not_on_lead")


def test_case_15_one_marriage_per_lead_second_on_a_later_lead():
    """Two marriages on one lead: the second is refused, but allowed on the next lead."""
    layout = deal(
        ["JD TS JS QS 9H JH", "KH QH KD QD AS 9S"], "JC", "AC TC KC QC 9C AD TD 9D AH TH KS"
    )
    refused(layout, "1 meld H, 1 meld D")
    final = ok(layout, "1 meld H, 1 KH, 0 JD, 1 draw, 1 meld D")["final"]
    assert final["card_points"] == [0, 4 + 2 + 20 + 20]


def test_case_16_after_a_marriage_lead_its_king_or_queen():
    """After showing a marriage the lead must be its K or Q."""
    assert plays(ok(BASE, "1 meld H")["final"]) == {"play KH", "play QH"}
    refused(BASE, "1 meld H, 1 9C", "must_lead_marriage_card")
    refused(BASE, "1 meld H, 1 AH", "must_lead_marriage_card")


# Player 1 wins all six open tricks and keeps K+Q of diamonds; after trick 6 the stock is empty.
SIX_TRICKS_17 = led(1, 0, "AH/9S TH/JS JH/QS 9H/KS AD/TS TD/AS")


def test_case_17_marriage_after_stock_exhausted_by_variant():
    """Stock exhausted: a marriage is refused in classic66, allowed in schnapsen and idiot66."""
    layout = deal(
        ["AS TS KS QS JS 9S", "AH TH JH 9H KD QD"], "JC", "AD AC TD TC JD KC 9D QC KH 9C QH"
    )
    final = ok(layout, SIX_TRICKS_17)["final"]
    assert final["stock_size"] == 0
    assert final["phase"] == "strict"
    assert "meld D" not in legal(final)
    refused(layout, seq(SIX_TRICKS_17, "1 meld D"))
    schnapsen = deal(
        ["AS TS KS QS JS", "AH TH JH KD QD"], "QC", "AD AC TD TC JD KC KH JC QH", ranks="ATKQJ"
    )
    script = seq(led(1, 0, "AH/JS TH/QS JH/KS AD/TS TD/AS"), "1 meld D, 1 KD")
    assert ok(schnapsen, script, "schnapsen")["final"]["stock_size"] == 0
    idiot = deal(
        ["AS TS KS QS JS 9S", "AH TH JH 9H KD QD"], None, "AD AC TD TC JD KC 9D QC KH 9C QH JC"
    )
    final = ok(idiot, seq(SIX_TRICKS_17, "1 meld D, 1 KD"), "idiot66")["final"]
    assert final["trump"] == "D"


# --- obligations -----------------------------------------------------------------------

LAYOUT_18 = deal(
    ["AH KH 9H TC 9S JS", "QH JH AS TS KS QS"], "JC", "AC KC QC 9C AD TD KD QD JD 9D TH"
)


def test_case_18_strict_follower_must_head_the_led_card():
    """Strict phase: holding higher and lower cards of the led suit, only the higher are legal."""
    final = ok(LAYOUT_18, "1 close, 1 QH")["final"]
    assert final["to_act"] == 0
    assert plays(final) == {"play AH", "play KH"}
    refused(LAYOUT_18, "1 close, 1 QH, 0 9H", "must_head_trick")
    refused(LAYOUT_18, "1 close, 1 QH, 0 TC", "must_follow_suit")


def test_case_19_strict_follower_with_only_lower_cards_must_follow_not_trump():
    """Strict phase: only lower cards of the led suit: play one of them; trumping is illegal."""
    layout = deal(
        ["KH QH 9H TC 9S JS", "AH JH AS TS KS QS"], "JC", "AC KC QC 9C AD TD KD QD JD 9D TH"
    )
    assert plays(ok(layout, "1 close, 1 AH")["final"]) == {"play KH", "play QH", "play 9H"}
    refused(layout, "1 close, 1 AH, 0 TC", "must_follow_suit")


def test_case_20_strict_void_follower_must_trump_else_any():
    """Strict phase: void in the led suit, must trump (any trump); void in both, any card."""
    hearts = "AH TH KH QH JH 9H"
    layout = deal(["TC QC AS TS AD TD", hearts], "JC", "AC KC 9C KS QS JS 9S KD QD JD 9D")
    assert plays(ok(layout, "1 close, 1 AH")["final"]) == {"play TC", "play QC"}
    refused(layout, "1 close, 1 AH, 0 AS", "must_trump")
    layout = deal(["AS TS KS AD TD KD", hearts], "JC", "AC TC KC QC 9C QS JS 9S QD JD 9D")
    assert plays(ok(layout, "1 close, 1 AH")["final"]) == {
        "play " + c for c in ["AS", "TS", "KS", "AD", "TD", "KD"]
    }


def test_case_21_strict_trump_lead_must_be_headed_with_trump():
    """Strict phase, trump led: higher trump if held, else a lower trump, else any card."""
    leader = "QC AH TH KH QH JH"
    higher = deal(["KC JC AS TS AD TD", leader], "9C", "AC TC 9H KS QS JS 9S KD QD JD 9D")
    assert plays(ok(higher, "1 close, 1 QC")["final"]) == {"play KC"}
    refused(higher, "1 close, 1 QC, 0 JC", "must_head_trick")
    lower = deal(["JC AS TS AD TD KS", leader], "9C", "AC TC KC 9H QS JS 9S KD QD JD 9D")
    assert plays(ok(lower, "1 close, 1 QC")["final"]) == {"play JC"}
    none = deal(["AS TS KS AD TD KD", leader], "JC", "AC TC KC 9C 9H QS JS 9S QD JD 9D")
    assert plays(ok(none, "1 close, 1 QC")["final"]) == {
        "play " + c for c in ["AS", "TS", "KS", "AD", "TD", "KD"]
    }


def test_case_22_open_phase_follower_may_discard_anything():
    """Open phase: follower holding suit and trumps may throw a third suit; the leader wins."""
    assert plays(ok(LAYOUT_18, "1 QH")["final"]) == {
        "play " + c for c in ["AH", "KH", "9H", "TC", "9S", "JS"]
    }
    final = ok(LAYOUT_18, "1 QH, 0 9S")["final"]
    assert final["tricks_won"] == [0, 1]
    assert final["card_points"] == [0, 3]
    assert final["to_act"] == 1


# Three players (V4): player 1 wins trick 1, draws (stock 3), closes and leads AH; the two
# others are void in hearts.
TO_STRICT_23 = "1 AS, 2 9D, 0 9H, 1 draw, 1 close, 1 AH"


def test_case_23_three_players_must_undertrump_and_overtrump():
    """Three players, strict: a void follower must under-trump, and over-trump when able."""
    p1 = "AS AH TH KH KS QS"
    under = deal(["9H KC QC TS JS JD", p1, "9D AC AD TD KD QD"], "9C", "QH 9S TC JH JC")
    final = ok(under, TO_STRICT_23, "three_all_play")["final"]
    assert final["to_act"] == 2
    assert plays(final) == {"play AC"}
    final = ok(under, seq(TO_STRICT_23, "2 AC"), "three_all_play")["final"]
    assert final["to_act"] == 0
    assert plays(final) == {"play KC", "play QC", "play TC"}
    refused(under, seq(TO_STRICT_23, "2 AC, 0 JD"), "must_trump", "three_all_play")
    over = deal(["9H AC QC TS JS JD", p1, "9D TC AD TD KD QD"], "9C", "QH 9S KC JH JC")
    final = ok(over, seq(TO_STRICT_23, "2 TC"), "three_all_play")["final"]
    assert plays(final) == {"play AC"}
    refused(over, seq(TO_STRICT_23, "2 TC, 0 QC"), variant="three_all_play")
    # Four-player partnership game (always strict): trumps are the dealer's last card, clubs.
    four = deal(
        ["9D JS 9S TC JC 9C", "AH TH KH QH JH 9H", "AC AD TD KD QD JD", "KC QC AS TS KS QS"], None
    )
    final = ok(four, "1 AH", "four_partnership_66")["final"]
    assert (final["trump"], plays(final)) == ("C", {"play AC"})
    final = ok(four, "1 AH, 2 AC", "four_partnership_66")["final"]
    assert plays(final) == {"play KC", "play QC"}
    final = ok(four, "1 AH, 2 AC, 3 KC", "four_partnership_66")["final"]
    assert plays(final) == {"play TC", "play JC", "play 9C"}


def test_case_24_four_hand_american_must_beat_partner():
    """Four-hand American: partner is winning, follower able to beat in suit must beat."""
    layout = deal(
        [
            "AC TC KC QC JC 9C 8C 7C",
            "TH AD TD KD QD JD 9D 8D",
            "9H KH QH JH 7D AS TS KS",
            "AH 8H 7H QS JS 9S 8S 7S",
        ],
        None,
        ranks="ATKQJ987",
    )
    final = ok(layout, "1 TH, 2 9H", "four_hand_american")["final"]
    assert final["trump"] == "C"
    assert final["to_act"] == 3
    assert plays(final) == {"play AH"}
    refused(layout, "1 TH, 2 9H, 3 8H", "must_head_trick", "four_hand_american")


# --- end of the deal and scoring --------------------------------------------------------

OPEN_SIX = led(1, 0, "AH/9S TH/JS KH/QS QH/KS JH/TS 9H/AS")  # player 1: 60 in six tricks
HEARTS_SPADES = ["AS TS KS QS JS 9S", "AH TH KH QH JH 9H"]


def test_case_25_played_out_65_65_is_a_drawn_deal():
    """Played out, last trick +10, totals 65-65: drawn deal, nobody scores."""
    layout = deal(HEARTS_SPADES, "JC", "QD JD AD AC TD TC KD KC 9D QC 9C")
    strict = "1 QD, 0 JD, 1 9C, 0 JC, 0 QC, 1 9D, 0 KC, 1 KD, 0 TC, 1 TD, 0 AC, 1 AD"
    resp = ok(layout, seq(OPEN_SIX, strict))
    assert resp["final"]["phase"] == "over"
    assert result(resp) == {
        "winners": [],
        "game_points": 0,
        "reason": "tie",
        "card_points": [65, 65],
    }


def test_case_26_played_out_last_trick_bonus_decides():
    """Played out: 60 + 10 for the last trick = 70 beats 60, one game point."""
    layout = deal(HEARTS_SPADES, "JC", "JD AD 9D AC KD TC TD KC QD QC 9C")
    strict = "1 JD, 0 AD, 0 AC, 1 9C, 0 TC, 1 9D, 0 KC, 1 KD, 0 QC, 1 QD, 0 JC, 1 TD"
    resp = ok(layout, seq(OPEN_SIX, strict))
    r = result(resp)
    assert (r["winners"], r["game_points"], r["card_points"]) == ([0], 1, [70, 60])


def test_case_27_unclaimed_higher_total_loses_to_a_correct_claim():
    """Player 1 has 75 but leads on; player 0 reaches 69 and claims: player 0 wins."""
    layout = deal(
        ["TD KD QD JD KC QC", "AH TH KH QH AS AD"], "JC", "9D AC TC 9C JH 9H TS KS QS JS 9S"
    )
    forgot = seq("1 meld H, 1 KH, 0 TD, 1 draw", led(1, 0, "AH/KD TH/QD AS/JD"))
    final = ok(layout, forgot)["final"]
    assert final["card_points"] == [0, 75]
    assert "declare" in legal(final)
    resp = ok(layout, seq(forgot, "1 AD, 0 AC, 0 draw, 0 meld C, 0 KC, 1 QH, 0 declare"))
    assert result(resp) == {
        "winners": [0],
        "game_points": 1,
        "reason": "declared",
        "card_points": [69, 75],
    }


def test_case_28_false_claim_penalties():
    """Claim with 60: opponent 2 (flat_2), 3 with mirror when he had no trick, 3 in schnapsen."""
    resp = ok(BASE, seq(T5, "1 declare"))
    assert result(resp) == {
        "winners": [0],
        "game_points": 2,
        "reason": "false_declaration",
        "card_points": [0, 60],
    }
    resp = ok(BASE, seq(T5, "1 declare"), false_claim_penalty="mirror")
    assert (result(resp)["winners"], result(resp)["game_points"]) == ([0], 3)
    resp = ok(SCHNAPSEN, "1 AH, 0 JS, 1 draw, 1 declare", "schnapsen")
    r = result(resp)
    assert (r["winners"], r["game_points"], r["reason"]) == ([0], 3, "false_declaration")


def test_case_29_no_claim_after_losing_a_trick():
    """A player who just lost a trick and is following cannot claim."""
    final = ok(LAYOUT_05, FOLLOWING_05)["final"]
    assert final["to_act"] == 1
    assert "declare" not in legal(final)
    refused(LAYOUT_05, seq(FOLLOWING_05, "1 declare"), "declare_not_allowed")


# --- closing -------------------------------------------------------------------------------


def test_case_30_successful_close_scored_at_end_or_at_close():
    """Closer goes out; opponent had 20 at the close and 41 at the end: 1 (end) or 2 (at_close)."""
    layout = deal(
        ["TC 9S TS AD KS 9D", "TH AS KC QC TD 9H"], "JC", "QS KH QH JS AC 9C KD QD JD AH JH"
    )
    script = (
        "1 TH, 0 TC, 0 draw, 0 9S, 1 AS, 1 draw, 1 meld C, 1 close, 1 KC, 0 TS,"
        " 1 TD, 0 AD, 0 KS, 1 QC, 1 declare"
    )
    expected = {"winners": [1], "game_points": 1, "reason": "closed_made", "card_points": [41, 72]}
    assert result(ok(layout, script)) == expected
    at_close = result(ok(layout, script, close_scoring_snapshot="at_close"))
    assert at_close == dict(expected, game_points=2)
    schnapsen = deal(
        ["TC JS AD KS JH", "TH AS TD AC KC"], "JC", "TS QC KH QS KD QD JD AH QH", ranks="ATKQJ"
    )
    script = (
        "1 TH, 0 TC, 0 draw, 0 JS, 1 AS, 1 draw, 1 close, 1 TD, 0 AD, 0 KS, 1 AC,"
        " 1 meld C, 1 declare"
    )
    assert result(ok(schnapsen, script, "schnapsen")) == {
        "winners": [1],
        "game_points": 2,
        "reason": "closed_made",
        "card_points": [41, 68],
    }


# Closed on the first lead: player 1 takes all six tricks but only 60.
CLOSED_FIRST = deal(HEARTS_SPADES, "JC", "AC TC KC QC 9C AD TD KD QD JD 9D")
CLOSED_FIRST_PLAY = seq("1 close", led(1, 0, "AH/9S TH/JS KH/QS QH/KS JH/TS 9H/AS", draw=False))
# Player 0 wins trick 1, player 1 wins trick 2 and closes before the draw; he ends on 62.
CLOSED_LATE = deal(
    ["AD 9S KS QS JS KD", "JD AS AH TH KH QH"], "JC", "TD 9H AC TC KC QC 9C QD 9D JH TS"
)
CLOSED_LATE_PLAY = seq(
    "1 JD, 0 AD, 0 draw, 0 9S, 1 AS, 1 close",
    led(1, 0, "AH/KS TH/QS KH/JS QH/KD 9H/TD", draw=False),
)


def test_case_31_failed_close_penalties():
    """Failed close: 2 (3 if no opponent trick at close); always_three 3; by_closer_count 1/3."""
    first = result(ok(CLOSED_FIRST, CLOSED_FIRST_PLAY))
    assert first == {
        "winners": [0],
        "game_points": 3,
        "reason": "closed_failed",
        "card_points": [0, 60],
    }
    late = result(ok(CLOSED_LATE, CLOSED_LATE_PLAY))
    assert late == {
        "winners": [0],
        "game_points": 2,
        "reason": "closed_failed",
        "card_points": [13, 62],
    }
    r = result(ok(CLOSED_LATE, CLOSED_LATE_PLAY, failed_close_penalty="always_three"))
    assert (r["winners"], r["game_points"]) == ([0], 3)
    r = result(ok(CLOSED_LATE, CLOSED_LATE_PLAY, failed_close_penalty="by_closer_count"))
    assert (r["winners"], r["game_points"]) == ([0], 1)
    r = result(ok(CLOSED_FIRST, CLOSED_FIRST_PLAY, failed_close_penalty="by_closer_count"))
    assert (r["winners"], r["game_points"]) == ([0], 3)


def test_case_32_closer_gets_no_last_trick_bonus_and_false_claim_is_failed_close():
    """Closer gets no last-trick bonus (62 fails); his false claim scores as a failed close."""
    final = ok(CLOSED_LATE, CLOSED_LATE_PLAY)["final"]
    assert final["card_points"] == [13, 62]
    assert result(ok(CLOSED_LATE, CLOSED_LATE_PLAY))["game_points"] == 2
    resp = ok(CLOSED_FIRST, "1 close, 1 AH, 0 9S, 1 declare")
    r = result(resp)
    assert (r["winners"], r["game_points"]) == ([0], 3)


def test_case_33_closer_beaten_by_opponent_claim():
    """Opponent of the closer claims first: 2 in classic66, 3 in schnapsen (no trick at close)."""
    layout = deal(
        ["AH TH AS TS KS QS", "9H KH QH AD TD JD"], "JC", "AC TC KC QC 9C KD QD 9D JH JS 9S"
    )
    script = "1 close, 1 9H, 0 AH, 0 AS, 1 TD, 0 TS, 1 AD, 0 TH, 1 KH, 0 declare"
    assert result(ok(layout, script)) == {
        "winners": [0],
        "game_points": 2,
        "reason": "closer_beaten",
        "card_points": [67, 0],
    }
    schnapsen = deal(
        ["AH TH AS TS KS", "KH QH AD TD JD"], "JC", "AC TC KC QC KD QD JH QS JS", ranks="ATKQJ"
    )
    script = "1 close, 1 QH, 0 AH, 0 AS, 1 TD, 0 TS, 1 AD, 0 TH, 1 KH, 0 declare"
    r = result(ok(schnapsen, script, "schnapsen"))
    assert (r["winners"], r["game_points"], r["reason"]) == ([0], 3, "closer_beaten")


SCHNAPSEN_34 = deal(
    ["AS TS KS QS JS", "AH TH KH QH JH"], "JC", "AC TC KC QC AD TD KD QD JD", ranks="ATKQJ"
)


def test_case_34_schnapsen_closer_winning_last_trick_short_of_66_fails():
    """Schnapsen: closer wins the last trick with 60: failed close, 3 (no opponent trick)."""
    script = seq("1 close", led(1, 0, "AH/AS TH/TS KH/KS QH/QS JH/JS", draw=False))
    assert result(ok(SCHNAPSEN_34, script, "schnapsen")) == {
        "winners": [0],
        "game_points": 3,
        "reason": "closed_failed",
        "card_points": [0, 60],
    }


def test_case_35_close_stock_limits_and_close_before_draw():
    """Close before trick 5's draw is legal (5 cards each), at stock 2 not; schnapsen: neither."""
    final = ok(BASE, seq(T5, "1 close"))["final"]
    assert final["closed_by"] == 1
    assert final["phase"] == "strict"
    assert [len(h) for h in final["hands"]] == [5, 5]
    refused(BASE, seq(T5, "1 draw, 1 close"), "stock_too_small")
    four = seq(led(1, 0, "AH/AS TH/TS KH/KS"), "1 QH, 0 QS")
    final = ok(SCHNAPSEN_34, four, "schnapsen")["final"]
    assert "close" not in legal(final)
    refused(SCHNAPSEN_34, seq(four, "1 close"), variant="schnapsen")
    final = ok(SCHNAPSEN_34, seq(four, "1 draw"), "schnapsen")["final"]
    assert final["stock_size"] == 2
    assert "close" not in legal(final)
    refused(SCHNAPSEN_34, seq(four, "1 draw, 1 close"), "stock_too_small", "schnapsen")


def test_case_36_close_on_the_very_first_lead():
    """Closing on the first lead: legal by default, refused if close_before_first_trick=false."""
    final = ok(BASE, "1 close")["final"]
    assert final["closed_by"] == 1
    assert final["stock_size"] == 12
    assert "close" not in legal(ok(BASE, close_before_first_trick=False)["final"])
    refused(BASE, "1 close", close_before_first_trick=False)


def test_case_37_dead_stock_after_a_close():
    """After a close the stock is never drawn and its points belong to nobody."""
    final = ok(CLOSED_FIRST, "1 close, 1 AH, 0 9S")["final"]
    assert "draw" not in legal(final)
    refused(CLOSED_FIRST, "1 close, 1 AH, 0 9S, 1 draw", "stock_closed")
    resp = ok(CLOSED_FIRST, CLOSED_FIRST_PLAY)
    assert sum(resp["result"]["card_points"]) == 60


# --- game points -----------------------------------------------------------------------------


def test_case_38_one_pointless_trick_is_schneider_not_schwarz():
    """Loser took one trick of two nines (0 points): schneider, 2 game points."""
    # Trumps are spades here (turn-up JS).
    layout = deal(
        ["9S 9D TC AC KC QC", "9H AD AH TH KH QH"], "JS", "AS TS KS QS TD KD QD JD JH JC 9C"
    )
    script = seq(
        "1 9H, 0 9S, 0 draw, 0 9D, 1 AD, 1 draw",
        led(1, 0, "AH/TC TH/AC KH/KC"),
        "1 QH, 0 QC, 1 declare",
    )
    resp = ok(layout, script)
    assert resp["final"]["tricks_won"] == [1, 5]
    assert result(resp) == {
        "winners": [1],
        "game_points": 2,
        "reason": "declared",
        "card_points": [0, 67],
    }


@pytest.mark.parametrize(
    ("lead", "throw", "loser", "points"), [("TD", "JC", 33, 1), ("AD", "9C", 32, 2)]
)
def test_case_39_schneider_boundary_at_33(lead, throw, loser, points):
    """Loser on exactly 33: 1 game point; on 32: 2."""
    # Trumps are spades here (turn-up JS).
    layout = deal(
        ["AS TD AD 9H AC 9D", "TH JC 9C AH KS QS"], "JS", "TS 9S KH QH JH KD QD JD TC KC QC"
    )
    script = (
        f"1 TH, 0 AS, 0 draw, 0 {lead}, 1 {throw}, 0 draw,"
        " 0 9H, 1 AH, 1 draw, 1 meld S, 1 KS, 0 AC, 1 declare"
    )
    r = result(ok(layout, script))
    assert (r["winners"], r["game_points"], r["card_points"]) == ([1], points, [loser, 66])


@pytest.mark.parametrize(("suit", "loser", "points"), [("D", 25, 2), ("S", 45, 1)])
def test_case_40_declared_marriage_counts_toward_33(suit, loser, points):
    """Loser with a 5-point trick and a declared 20 has 25 (2 game points); with 40, 45 (1)."""
    # Trumps are spades here (turn-up JS).
    layout = deal(
        ["QH KD QD KS QS TC", "JH AS AH TH TD 9H"], "JS", "AC KH 9S KC TS AD JD 9D QC JC 9C"
    )
    script = seq(
        f"1 JH, 0 QH, 0 draw, 0 meld {suit}, 0 K{suit}, 1 AS, 1 draw",
        led(1, 0, "AH/TC TH/AC"),
        "1 TD, 0 KC, 1 declare",
    )
    r = result(ok(layout, script))
    assert (r["winners"], r["game_points"], r["card_points"]) == ([1], points, [loser, 71])


def test_case_41_last_draw_winner_takes_last_card_loser_the_turnup():
    """Draw after trick 6: the winner takes the last face-down card, the loser the turn-up."""
    final = ok(BASE, seq(T5, "1 draw, 1 9H, 0 9S, 1 draw"))["final"]
    assert final["stock_size"] == 0
    assert "QC" in final["hands"][1]
    assert "JC" in final["hands"][0]
    assert [len(h) for h in final["hands"]] == [6, 6]


# --- match level (the protocol replays one deal; the match rules are preset values) -----


def test_case_42_match_targets_up_and_down():
    """classic66 counts up to 7; schnapsen counts down from 7 (Bummerl)."""
    data = presets()
    assert (data["classic66"]["match_target"], data["classic66"]["match_direction"]) == (7, "up")
    assert (data["schnapsen"]["match_target"], data["schnapsen"]["match_direction"]) == (7, "down")


def test_case_43_dealer_rotation_by_variant():
    """classic66: the deal winner deals next; schnapsen: the deal alternates."""
    data = presets()
    assert data["classic66"]["next_dealer"] == "deal_winner"
    assert data["schnapsen"]["next_dealer"] == "alternate"


def test_case_44_three_handed_dealer_sits_out():
    """Three-handed, dealer out: the dealer holds no cards and never acts; elder hand leads."""
    layout = deal(
        ["", "AH TH JH KD QD 9S", "QC 9H AS TS AC KS"], "JC", "9D TD AD JD TC KC 9C KH QH QS JS"
    )
    script = seq("1 9S, 2 QC, 2 draw, 2 9H, 1 AH, 1 draw", led(1, 2, "TH/AS JH/TS TD/KS"))
    resp = ok(layout, seq(script, "1 meld D, 1 declare"), "three_dealer_out")
    assert resp["final"]["hands"][0] == []
    assert all(step["to_act"] != 0 for step in resp["steps"])
    r = result(resp)
    assert 1 in r["winners"]
    assert 2 not in r["winners"]
    assert r["game_points"] == 2
    assert presets()["three_dealer_out"]["match_target"] == 7


# --- Idiot-66 -----------------------------------------------------------------------------

IDIOT_45 = deal(
    ["KD QD KS QS AC 9S", "KH QH 9C JS TC AD"], None, "KC QC JC TD JD 9D AH TH JH 9H AS TS"
)
TO_SECOND_MARRIAGE = "1 meld H, 1 KH, 0 9S, 1 draw, 1 9C, 0 AC, 0 draw, 0 meld D"


def test_case_45_idiot_marriages_set_trumps_and_escalate():
    """Idiot-66: 1st marriage (20) sets trumps, the 2nd (40) replaces them, the 3rd scores 60."""
    assert ok(IDIOT_45, variant="idiot66")["final"]["trump"] is None
    assert ok(IDIOT_45, "1 meld H", "idiot66")["final"]["trump"] == "H"
    final = ok(IDIOT_45, TO_SECOND_MARRIAGE, "idiot66")["final"]
    assert final["trump"] == "D"
    assert final["card_points"] == [11 + 40, 4 + 20]
    final = ok(IDIOT_45, seq(TO_SECOND_MARRIAGE, "0 KD, 1 JS, 0 draw, 0 meld S"), "idiot66")[
        "final"
    ]
    assert final["trump"] == "S"
    assert final["card_points"] == [11 + 40 + 6 + 60, 24]


IDIOT_46 = deal(HEARTS_SPADES, None, "AD AC TD TC KD KC QD QC JD JC 9D 9C")


def test_case_46_idiot_no_trumps_before_marriage_no_claims_no_closing():
    """Idiot-66: without trumps the led suit wins; claiming and closing are never allowed."""
    resp = ok(IDIOT_46, "1 9H, 0 AS, 1 draw", "idiot66")
    assert resp["final"]["tricks_won"] == [0, 1]
    assert resp["final"]["card_points"] == [0, 11]
    for state in [*resp["steps"], resp["final"]]:
        assert not legal(state) & {"declare", "close"}
    refused(IDIOT_46, "1 close", variant="idiot66")
    refused(IDIOT_46, "1 9H, 0 AS, 1 declare", variant="idiot66")
    refused(IDIOT_46, "1 9H, 0 AS, 1 draw, 1 close", variant="idiot66")


# --- double pack and other multi-player forms -----------------------------------------------


def double_pack(hands, turnup):
    return deal(hands, turnup, copies=2, fill=7)


def test_case_47_double_pack_first_of_identical_cards_wins():
    """Double pack: both aces of spades in one trick without trumps: the first one played wins."""
    layout = double_pack(["9S", "AS", "AS", "9S"], "JC")
    final = ok(layout, "1 AS, 2 AS, 3 9S, 0 9S", "four_double_pack_101")["final"]
    assert final["trick"] == []
    assert final["to_act"] == 1
    assert "draw" in legal(final)


def test_case_48_double_pack_nine_for_nine_exchange_refused():
    """Double pack: swapping one trump 9 for the other (the turn-up) is refused."""
    layout = double_pack(["JS", "9C AH", "9S", "9D"], "9C")
    final = ok(layout, "1 AH, 2 9S, 3 9D, 0 JS, 1 draw", "four_double_pack_101")["final"]
    assert final["to_act"] == 1
    assert "9C" in final["hands"][1]
    assert "exchange" not in legal(final)
    refused(layout, "1 AH, 2 9S, 3 9D, 0 JS, 1 draw, 1 exchange", variant="four_double_pack_101")


def test_case_49_drawing_stops_when_stock_is_smaller_than_player_count():
    """Three players, 32 cards, 7 each: stock 11, 8, 5, 2; the last 2 are never drawn."""
    # The V6 sub-case (three players, 32 cards, 7 each). Section 2.0 has no key for the
    # player count, so it is asked of the three-player preset with deck and hand size.
    layout = deal(
        ["AD TD KD QD JD 9D 8D", "AC AH TH KH QH JH 9H", "AS TS KS QS JS 9S 8S"],
        "7C",
        "8H 7S 7D 7H TC KC QC JC 9C 8C",
        ranks="ATKQJ987",
    )
    three = ", ".join(
        f"1 {h}, 2 {s}, 0 {d}, 1 draw"
        for h, s, d in (("AH", "AS", "AD"), ("TH", "TS", "TD"), ("KH", "KS", "KD"))
    )
    options = {"deck": "32", "hand_size": 7, "deal_pattern": [3, 4]}
    final = ok(layout, variant="three_all_play", **options)["final"]
    assert final["stock_size"] == 11
    final = ok(layout, three, "three_all_play", **options)["final"]
    assert final["stock_size"] == 2
    assert [len(h) for h in final["hands"]] == [7, 7, 7]
    final = ok(layout, seq(three, "1 AC, 2 TC, 0 KC"), "three_all_play", **options)["final"]
    assert final["to_act"] == 1
    assert "draw" not in legal(final)
    assert [len(h) for h in final["hands"]] == [6, 6, 6]


NA_LAYOUT = deal(
    ["AS TS KS QS JS 9S", "KC QC TD KD QD JD", "AC TC JC 9C AD 9D", "AH TH KH QH JH 9H"], None
)
NA_BIDS = "1 bid 2, 2 pass, 3 pass, 0 pass"
NA_PLAY = (
    "1 KC, 2 AC, 3 9H, 0 9S, 2 TC, 3 JH, 0 JS, 1 QC, 2 JC, 3 QH, 0 QS, 1 JD,"
    " 2 9C, 3 KH, 0 KS, 1 QD, 2 AD, 3 TH, 0 TS, 1 KD, 2 9D, 3 AH, 0 AS, 1 TD"
)


def test_case_50_north_american_bid_trump_by_lead_and_announced_marriage():
    """Bid 2: lead fixes trumps; announced 40 gives 72 (made, +2); unannounced 32 fails."""
    final = ok(NA_LAYOUT, seq(NA_BIDS, "1 meld C, 1 KC"), "north_american_bid66")["final"]
    assert final["trump"] == "C"
    made = ok(NA_LAYOUT, seq(NA_BIDS, "1 meld C", NA_PLAY), "north_american_bid66")
    assert made["result"]["reason"] == "contract_made"
    assert sorted(made["result"]["winners"]) == [1, 3]
    assert made["result"]["game_points"] == 2
    failed = ok(NA_LAYOUT, seq(NA_BIDS, NA_PLAY), "north_american_bid66")
    assert failed["result"]["reason"] == "contract_failed"
    assert 1 not in failed["result"]["winners"]


def test_case_51_polish_closer_loses_on_any_opponent_trick():
    """closer_loses_on_any_trick: the opponent's first trick after the close ends it, 3."""
    layout = deal(
        ["AH TH AS TS KS QS", "9H KH QH AD TD JD"], "JC", "AC TC KC QC 9C KD QD 9D JH JS 9S"
    )
    resp = ok(layout, "1 close, 1 9H, 0 AH", failed_close_penalty="closer_loses_on_any_trick")
    assert resp["final"]["phase"] == "over"
    r = result(resp)
    assert (r["winners"], r["game_points"], r["reason"]) == ([0], 3, "closed_failed")


def test_case_52_latvian_queen_must_be_led_from_marriage():
    """marriage_lead_card=queen: leading the king after showing the marriage is refused."""
    refused(BASE, "1 meld H, 1 KH", "must_lead_marriage_card", marriage_lead_card="queen")
    ok(BASE, "1 meld H, 1 QH", marriage_lead_card="queen")


def test_case_53_no_exchange_before_the_draw_and_none_at_stock_2():
    """Winner of trick 5: no exchange before the draw (stock 4), nor after it (stock 2)."""
    final = ok(BASE, T5)["final"]
    assert final["stock_size"] == 4
    assert "exchange" not in legal(final)
    refused(BASE, seq(T5, "1 exchange"))
    refused(BASE, seq(T5, "1 draw, 1 exchange"), "stock_too_small")
    resp = ok(BASE, seq(T5, "1 draw, 1 9H, 0 9S, 1 draw, 1 TD, 0 AD"))
    assert "9C" in resp["final"]["hands"][1]
    assert all("exchange" not in legal(step) for step in resp["steps"][len(acts(T5)) :])


THREE_54 = deal(
    ["QC KC JH 9H KS QS", "9D AC AH TH JS 9S", "JC TC AS TS KH QH"], "9C", "AD KD TD QD JD"
)


def test_case_54_three_all_play_most_points_wins_below_66():
    """66 for 3, played out: 55 / 45 / 30 -> the 55 player wins although below 66."""
    script = (
        "1 9D, 2 JC, 0 QC, 0 draw, 0 KC, 1 AC, 2 TC, 1 draw,"
        " 1 AH, 2 QH, 0 9H, 1 TH, 2 KH, 0 JH, 1 9S, 2 AS, 0 QS, 2 TS, 0 KS, 1 JS,"
        " 2 JD, 0 AD, 1 QD, 0 9C, 1 KD, 2 TD"
    )
    resp = ok(THREE_54, script, "three_all_play")
    r = resp["result"]
    assert (r["winners"], r["card_points"]) == ([1], [45, 55, 30])
    assert r["reason"] == "most_points"
    assert r["game_points"] == 3  # the 45 player pays 1 and the 30 player 2


def test_case_55_three_all_play_exchange_at_stock_3():
    """66 for 3: stock 3 after trick 1's draw; the winner on lead may exchange the trump 9."""
    layout = deal(
        ["9C KC JH 9H KS QS", "9D AC AH TH JS 9S", "JC TC AS TS KH QH"], "QC", "AD KD TD QD JD"
    )
    final = ok(layout, "1 9D, 2 JC, 0 KC, 0 draw", "three_all_play")["final"]
    assert final["stock_size"] == 3
    assert final["to_act"] == 0
    assert "exchange" in legal(final)
    final = ok(layout, "1 9D, 2 JC, 0 KC, 0 draw, 0 exchange", "three_all_play")["final"]
    assert final["turnup"] == "9C"
    assert "QC" in final["hands"][0]
