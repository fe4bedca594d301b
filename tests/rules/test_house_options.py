"""Every house option of Sixty-Six: under each choice, read from a house code, the engine
plays a deal (or a match) differently, and the rules under that code say so.

The deals are the engine's option cases (engine/tests/test_options.py and the spec cases);
here each is replayed with the rules a house code decodes to, never with options written by
hand, so a code that decoded to the wrong key or value would fail.
"""

import json

import pytest
from django.utils import translation
from django.utils.html import escape
from sixtysix import get_preset
from sixtysix.match import Match
from sixtysix.scoring import Result
from test_options import (
    CLAIM_AGAINST_33,
    CLOSE_THEN_LOSE,
    FOLLOWING_05,
    LAST_TRICK_LOSES,
    LAYOUT_05,
    LAYOUT_12,
    LAYOUT_18,
    NO_TRICK_CLOSE,
    OPEN_SIX,
    OPPONENT_33,
    SECOND_MARRIAGE,
    SWEEP,
    T5,
    TO_58,
    TRICK_CLOSE,
    TWO_MARRIAGES,
    VOID_TRUMPS,
    X_STRICT,
    Y_PLAY,
)
from test_spec_cases import (
    BASE,
    CLOSED_LATE,
    CLOSED_LATE_PLAY,
    deal,
    led,
    plays,
    run,
    seq,
)

from rules import house
from rules.parameters import FACT_ROWS, ROWS

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

CLASSIC = get_preset("classic66")


def status(layout, script, options):
    return run(layout, script, **options)[0]


def ending(layout, script, options):
    """How the deal ended: refused, or (reason, winners, game points, card points)."""
    code, resp = run(layout, script, **options)
    r = resp.get("result") if code == 0 else None
    return (r["reason"], r["winners"], r["game_points"], r["card_points"]) if r else code


def legal_plays(layout, script, options):
    code, resp = run(layout, script, **options)
    return code if code else frozenset(plays(resp["final"]))


def deal_points(layout, script, options):
    code, resp = run(layout, script, **options)
    return code if code else tuple(resp["final"]["card_points"])


def marriage_points(layout, script, options):
    """(pending, counted) marriage points after the script, or the refusal."""
    code, resp = run(layout, script, **options)
    final = resp["final"] if code == 0 else None
    return (tuple(final["pending_marriage_points"]), tuple(final["card_points"])) if final else code


def _won(seat: int, points: int = 1) -> Result:
    by_seat = [points if s == seat else 0 for s in range(2)]
    return Result([seat], points, "declared", [0, 0], by_seat)


def next_dealer_after_the_dealer_wins(rules):
    match = Match(rules, dealer=0)
    match.record(_won(0))
    return match.dealer


def points_after_a_tie_and_a_win(rules):
    match = Match(rules, dealer=0)
    match.record(Result([], 0, "tie", [65, 65], [0, 0]))
    match.record(_won(1))
    return tuple(match.scores), match.dealer


def deals_to_win_by_ones(rules):
    match = Match(rules, dealer=0)
    while not match.over:
        match.record(_won(0))
    return match.deals_played


STRICT_MARRIAGE = deal(
    ["AS TS KS QS JS 9S", "AH TH JH 9H KD QD"], "JC", "AD AC TD TC JD KC 9D QC KH 9C QH"
)
SIX_TRICKS = led(1, 0, "AH/9S TH/JS JH/QS 9H/KS AD/TS TD/AS")
SNAPSHOT = deal(
    ["TC 9S TS AD KS 9D", "TH AS KC QC TD 9H"], "JC", "QS KH QH JS AC 9C KD QD JD AH JH"
)
SNAPSHOT_PLAY = (
    "1 TH, 0 TC, 0 draw, 0 9S, 1 AS, 1 draw, 1 meld C, 1 close, 1 KC, 0 TS,"
    " 1 TD, 0 AD, 0 KS, 1 QC, 1 declare"
)
# the claim of 66 against 31: schneider under 33, not under 31
AGAINST_31 = (
    "1 TH, 0 AS, 0 draw, 0 TD, 1 9C, 0 draw, 0 9H, 1 AH, 1 draw, 1 meld S, 1 KS, 0 AC, 1 declare"
)
BEATEN = "1 close, 1 9H, 0 AH, 0 AS, 1 TD, 0 TS, 1 AD, 0 TH, 1 KH, 0 declare"

# option id -> what the engine does under a table (a function of the decoded options; the
# match-level ones of the RuleSet itself)
DEALS = {
    "nd": ("match", next_dealer_after_the_dealer_wins),
    "so": (
        "deal",
        lambda o: (
            legal_plays(LAYOUT_18, "1 close, 1 QH", o),
            legal_plays(VOID_TRUMPS, "1 close, 1 AH", o),
        ),
    ),
    "er": ("deal", lambda o: status(BASE, "1 exchange", o)),
    "ef": ("deal", lambda o: status(LAYOUT_05, seq(FOLLOWING_05, "1 exchange"), o)),
    "es": ("deal", lambda o: status(BASE, seq(T5, "1 draw, 1 exchange"), o)),
    "ec": (
        "deal",
        lambda o: (
            status(NO_TRICK_CLOSE, "1 AH, 0 JS, 1 draw, 1 close, 0 exchange", o),
            status(LAYOUT_05, seq(TRICK_CLOSE, "1 exchange"), o),
        ),
    ),
    "mv": ("deal", lambda o: deal_points(TWO_MARRIAGES, SECOND_MARRIAGE, o)),
    "mt": ("deal", lambda o: marriage_points(BASE, "1 meld H", o)),
    "ml": (
        "deal",
        lambda o: (status(BASE, "1 meld H, 1 KH", o), status(BASE, "1 meld H, 1 QH", o)),
    ),
    "ms": ("deal", lambda o: status(STRICT_MARRIAGE, seq(SIX_TRICKS, "1 meld D, 1 KD"), o)),
    "cs": ("deal", lambda o: status(BASE, seq(T5, "1 draw, 1 close"), o)),
    "cd": ("deal", lambda o: status(BASE, "1 AH, 0 JS, 1 close", o)),
    "cf": ("deal", lambda o: status(BASE, "1 close", o)),
    "cn": ("deal", lambda o: ending(SNAPSHOT, SNAPSHOT_PLAY, o)),
    "cp": (
        "deal",
        lambda o: (
            ending(CLOSED_LATE, CLOSED_LATE_PLAY, o),
            ending(CLOSE_THEN_LOSE, "1 close, 1 9H, 0 AH", o),
        ),
    ),
    "cb": ("deal", lambda o: ending(CLOSE_THEN_LOSE, BEATEN, o)),
    "dt": ("deal", lambda o: ending(LAYOUT_05, seq(FOLLOWING_05, "1 declare"), o)),
    "gm": ("deal", lambda o: ending(LAYOUT_12, seq(TO_58, "1 meld D, 1 declare"), o)),
    "fc": (
        "deal",
        lambda o: (
            ending(BASE, seq(T5, "1 declare"), o),
            ending(OPPONENT_33, CLAIM_AGAINST_33, o),
        ),
    ),
    "ex": (
        "deal",
        lambda o: (
            ending(LAST_TRICK_LOSES, seq(OPEN_SIX, X_STRICT), o),
            ending(SWEEP, Y_PLAY, o),
        ),
    ),
    "sc": ("deal", lambda o: ending(OPPONENT_33, AGAINST_31, o)),
    "dh": ("match", points_after_a_tie_and_a_win),
    "mg": ("match", deals_to_win_by_ones),
}
# lb (the last-trick bonus) cannot be 0 while the bonus decides a played-out deal: it is
# played with the last trick deciding (ex1) and shown below.
WITH = {"lb": "ex1"}
LB_PLAY = ("deal", lambda o: ending(LAST_TRICK_LOSES, seq(OPEN_SIX, X_STRICT), o))


def offered_choices():
    for option in house.offered(CLASSIC):
        for position in range(len(option.values)):
            yield option, position


def code_for(option, position):
    value = option.values[position]
    base = WITH.get(option.id, "")
    if value == getattr(CLASSIC, option.key):
        return base or house.PRESET_CODE
    return house.encode(CLASSIC, house.from_code(CLASSIC, f"{base}{option.id}{position}")[0])


def behaviour(option, code):
    kind, observe = LB_PLAY if option.id == "lb" else DEALS[option.id]
    if kind == "match":
        return observe(house.from_code(CLASSIC, code)[0])
    return observe(house.decode(CLASSIC, code))


def test_every_offered_option_of_sixty_six_has_a_deal():
    assert {o.id for o in house.offered(CLASSIC)} == set(DEALS) | {"lb"}


@pytest.mark.parametrize("option", house.offered(CLASSIC), ids=lambda o: o.id)
def test_each_choice_plays_differently(option):
    """Under each choice's code the engine does something no other choice does."""
    seen = {
        position: behaviour(option, code_for(option, position))
        for position in range(len(option.values))
    }
    assert len(set(map(repr, seen.values()))) == len(seen), seen


@pytest.mark.parametrize("option", house.offered(CLASSIC), ids=lambda o: o.id)
def test_each_choice_reads_differently_and_no_sentence_keeps_the_preset(client, option):
    """The page under each code says the choice, and every generated sentence (the facts
    table, the JSON rows) is the table's own; a changed option's row differs."""
    for position in range(len(option.values)):
        code = code_for(option, position)
        table = house.from_code(CLASSIC, code)[0]
        preset_value = house.row_for(option.key).words(CLASSIC)
        own = house.row_for(option.key).words(table)
        html = client.get(f"/en/variants/classic66/house/{code}/").content.decode()
        data = json.loads(client.get(f"/en/variants/classic66/house/{code}.json").content)
        with translation.override("en"):
            assert [f["value"] for f in data["facts"]] == [
                v for v in (row.value(table) for row in ROWS) if v is not None
            ]
            facts = html[html.index('id="facts"') : html.index("</table>")]
            for row in FACT_ROWS:
                value = row.value(table)
                if value is not None:
                    assert f"<td>{escape(value)}</td>" in facts
                if value != row.value(CLASSIC) and row.value(CLASSIC) is not None:
                    assert f"<td>{escape(row.value(CLASSIC))}</td>" not in facts
        if getattr(table, option.key) != getattr(CLASSIC, option.key):
            assert own != preset_value
            assert data["options"][option.key] == getattr(table, option.key)
            # the choice in words beside the sections written for the preset
            assert html.count(escape(own)) >= 2
            assert 'class="house-note"' in html
