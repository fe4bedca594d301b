"""Our computer against the VU Amsterdam `schnapsen` package's `RdeepBot`, side by side.

Used by ``benchmarks/computer.py --against rdeep``. Each deal is dealt by our `Deal`
(seeded) and the same cards are laid out as a VU `GameState` (the forehand leads, the
talon is our stock in drawing order with the turn-up at its bottom); then the VU engine
plays it trick by trick, asking two VU bots for their moves:

- `RdeepSeat` wraps `RdeepBot`: it gets the VU engine's own perspective of its seat
  (the only thing it ever sees), and its move is then applied to our `Deal` too;
- `OurSeat` asks our player, who sees only `player_view(deal, seat)`; its actions are
  applied to our `Deal` and handed to the VU engine as the matching VU move.

Both engines check every move (VU's validator, our `Deal.apply`); before every move the
VU valid moves must map onto our legal actions, and after every trick the hands, the
talon, the tricks won, the points and the leader must agree (`check_sync`, an
AssertionError otherwise). VU ends the deal itself (the trick winner at 66, or the last
trick); our `Deal` is ended the same way (the claim applied for the winner), and the deal
is scored by VU's rules (`RULES_TEXT` says how the rules are mapped and where they differ).
"""

from __future__ import annotations

import random
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import schnapsen
from schnapsen import game as g
from schnapsen.deck import Card, Rank, Suit
from sixtysix import Action, Deal, get_preset
from sixtysix.cards import CODES
from sixtysix.players import Player, player_view
from sixtysix.ruleset import RuleSet


def _rdeep_class() -> Any:
    """`RdeepBot`, without `schnapsen.bots/__init__`: that imports the ML bot, which needs
    scikit-learn (not installed: the package is installed with --no-deps)."""
    if "schnapsen.bots" not in sys.modules:
        bots = types.ModuleType("schnapsen.bots")
        bots.__path__ = [str(Path(schnapsen.__file__).parent / "bots")]
        sys.modules["schnapsen.bots"] = bots
    from schnapsen.bots.rdeep import RdeepBot

    return RdeepBot


RdeepBot = _rdeep_class()

RDEEP_SAMPLES = 16
RDEEP_DEPTH = 4
"""RdeepBot(num_samples=16, depth=4): the settings of the VU course's examples (the
package itself sets no default)."""

OVERRIDES: dict[str, Any] = {
    "closing_allowed": False,
    "exchange_min_stock": 2,
    "marriage_lead_card": "king",
    "go_out_by_marriage": False,
}
RULES_TEXT = """\
rdeep: VU schnapsen 0.0.5 (no closing) against our preset schnapsen with
  closing_allowed=false      VU cannot close the talon
  exchange_min_stock=2       VU exchanges the trump jack while the talon is not empty
  marriage_lead_card=king    VU's Marriage move leads the king
  go_out_by_marriage=false   VU counts points only after a trick: 66 ends the deal only
                             when the trick winner reaches it
  same: 20 cards, 5 each, A11 T10 K4 Q3 J2, marriages 20/40 on lead at any time (also
  before the first trick and after the talon is gone), counted once a trick is won,
  exchange only on lead without a trick, heading and trumping once the talon is gone,
  winner draws first, the last trick wins 1 game point, 66 wins 1/2/3 (33, no trick)
  differs: VU ends the deal by itself when the trick winner has 66 (our claim is applied
  for him, whoever he is); VU scores 66 reached on the very last trick 1/2/3 where ours
  scores the last trick 1, and VU counts a loser's shown marriage only once he wins a
  trick after it (Schneider): the deals are scored by VU's rules, the count of deals our
  engine would score otherwise is printed
  deals: dealt by our Deal.new (seeded), laid out identically for VU"""

_RANK = {"A": Rank.ACE, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}
_SUIT = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}


def rdeep_rules() -> RuleSet:
    """Our schnapsen preset mapped to the VU game (see `RULES_TEXT`)."""
    return get_preset("schnapsen").replace(**OVERRIDES)


def vu_card(code: str) -> Card:
    return Card.get_card(_RANK[code[0]], _SUIT[code[1]])


def code_of(card: Card) -> str:
    rank = {v: k for k, v in _RANK.items()}[card.rank]
    suit = {v: k for k, v in _SUIT.items()}[card.suit]
    return rank + suit


def _codes(mask: int) -> set[str]:
    return {CODES[c] for c in range(32) if mask >> c & 1}


def vu_moves(deal: Deal) -> set[tuple[str, str]]:
    """Our legal actions as VU moves: ('play', code), ('exchange', ''), ('marriage', suit);
    the claim and the draw are not VU moves (VU claims and draws by itself)."""
    out = set()
    for a in deal.legal_actions():
        if a.type == "play":
            out.add(("play", a.card or ""))
        elif a.type == "exchange":
            out.add(("exchange", ""))
        elif a.type == "meld":
            out.add(("marriage", a.suit or ""))
    return out


def key_of(move: g.Move) -> tuple[str, str]:
    if move.is_trump_exchange():
        return ("exchange", "")
    if move.is_marriage():
        return ("marriage", code_of(move.as_marriage().king_card)[1])
    return ("play", code_of(move.as_regular_move().card))


def to_vu(deal: Deal, key: tuple[str, str]) -> g.Move:
    kind, what = key
    if kind == "exchange":
        assert deal.trump is not None
        return g.TrumpExchange(vu_card("J" + "CDHS"[deal.trump]))
    if kind == "marriage":
        return g.Marriage(vu_card("Q" + what), vu_card("K" + what))
    return g.RegularMove(vu_card(what))


def apply_vu_move(deal: Deal, seat: int, move: g.Move) -> None:
    """Apply a VU move to our deal (a marriage is our meld and then the king led)."""
    kind, what = key_of(move)
    if kind == "exchange":
        deal.apply(Action(seat, "exchange"))
    elif kind == "marriage":
        deal.apply(Action(seat, "meld", suit=what))
        deal.apply(Action(seat, "play", card="K" + what))
    else:
        deal.apply(Action(seat, "play", card=what))


class _Seat(g.Bot):
    """A VU bot bound to our deal: checks that VU's valid moves are our legal ones."""

    def __init__(self, deal: Deal, seat: int) -> None:
        super().__init__(f"seat {seat}")
        self.deal = deal
        self.seat = seat

    def _check(self, perspective: g.PlayerPerspective) -> None:
        assert self.deal.to_act == self.seat, (self.deal.to_act, self.seat)
        theirs = {key_of(m) for m in perspective.valid_moves()}
        assert theirs == vu_moves(self.deal), (theirs, vu_moves(self.deal))


class RdeepSeat(_Seat):
    """RdeepBot at `seat`: it sees the VU perspective only; its move is applied to ours."""

    def __init__(self, deal: Deal, seat: int, rng: random.Random) -> None:
        super().__init__(deal, seat)
        self.bot = RdeepBot(num_samples=RDEEP_SAMPLES, depth=RDEEP_DEPTH, rand=rng)

    def get_move(self, perspective: g.PlayerPerspective, leader_move: g.Move | None) -> g.Move:
        self._check(perspective)
        move = self.bot.get_move(perspective, leader_move)
        apply_vu_move(self.deal, self.seat, move)
        return move


class OurSeat(_Seat):
    """Our player at `seat`: it sees `player_view(deal, seat)` only; `times` gets the
    seconds of each decision with more than one legal move."""

    def __init__(
        self, deal: Deal, seat: int, player: Player, times: list[tuple[float, float]]
    ) -> None:
        super().__init__(deal, seat)
        self.player = player
        self.times = times

    def _decide(self) -> Action:
        view = player_view(self.deal, self.seat)
        start, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view)
        if len(view.legal) > 1:
            self.times.append((time.perf_counter() - start, time.process_time() - cpu))
        assert action.type != "declare", "a claim VU did not make by itself"
        self.deal.apply(action)
        return action

    def get_move(self, perspective: g.PlayerPerspective, leader_move: g.Move | None) -> g.Move:
        self._check(perspective)
        action = self._decide()
        if action.type == "meld":
            lead = self._decide()
            assert lead.card == "K" + (action.suit or ""), lead
            return to_vu(self.deal, ("marriage", action.suit or ""))
        if action.type == "exchange":
            return to_vu(self.deal, ("exchange", ""))
        return to_vu(self.deal, ("play", action.card or ""))


def initial_state(deal: Deal, bots: list[g.Bot]) -> g.GameState:
    """Our deal's cards as a VU game: the forehand leads, the talon draws in our order."""
    lead = deal.to_act
    assert lead is not None and deal.turnup is not None
    talon = [vu_card(CODES[c]) for c in deal.stock[deal.stock_pos :]]
    talon.append(vu_card(CODES[deal.turnup]))

    def state(s: int) -> g.BotState:
        return g.BotState(bots[s], g.Hand([vu_card(c) for c in _codes(deal.hands[s])]))

    return g.GameState(state(lead), state(1 - lead), g.Talon(talon), None)


def _seat_of(bots: list[g.Bot], bot: g.BotState) -> int:
    return bots.index(bot.implementation)


def check_sync(deal: Deal, state: g.GameState, bots: list[g.Bot], winner: int, ended: bool) -> None:
    """After a trick: the same hands, talon, tricks won, points and leader (VU draws
    before it ends the deal, our claim comes before the draw: no hands at the end)."""
    for bs in (state.leader, state.follower):
        s = _seat_of(bots, bs)
        if not ended:
            assert {code_of(c) for c in bs.hand.get_cards()} == _codes(deal.hands[s]), s
        assert {code_of(c) for c in bs.won_cards} == _codes(deal.won[s]), s
        shown = sum(v or 0 for seat, _suit, v, _ok in deal.marriages if seat == s)
        total = bs.score.direct_points + bs.score.pending_points
        assert total == deal.trick_points[s] + shown, (s, bs.score, deal.trick_points)
    assert _seat_of(bots, state.leader) == winner
    assert state.leader.score.direct_points == deal.seat_points(winner)
    if ended:
        return
    talon = [code_of(c) for c in state.talon.get_cards()]
    ours = [CODES[c] for c in deal.stock[deal.stock_pos :]]
    if deal.turnup is not None and deal.turnup_in_stock:
        ours.append(CODES[deal.turnup])
    assert talon == ours, (talon, ours)


def play_deal(
    deal: Deal, ours: int, player: Player, rng: random.Random, times: list[tuple[float, float]]
) -> tuple[int, int]:
    """Play `deal` to its end, our player at seat `ours`; (VU game points of our seat
    minus RdeepBot's, 1 if our engine's result differs from VU's else 0)."""
    mine: g.Bot = OurSeat(deal, ours, player, times)
    theirs: g.Bot = RdeepSeat(deal, 1 - ours, rng)
    bots = [mine, theirs] if ours == 0 else [theirs, mine]
    engine = g.SchnapsenGamePlayEngine()
    state = initial_state(deal, bots)
    while True:
        state = engine.trick_implementer.play_trick(engine, state)
        if state.previous is not None and state.previous.trick.is_trump_exchange():
            continue
        winner = _seat_of(bots, state.leader)
        ended = engine.trick_scorer.declare_winner(state)
        if deal.result is None:
            end_ours(deal, winner, ended is not None)
        check_sync(deal, state, bots, winner, ended is not None)
        if ended is not None:
            break
    assert deal.result is not None
    vu_winner, points = _seat_of(bots, ended[0]), ended[1]
    assert deal.result.winners == [vu_winner], (deal.result, vu_winner)
    value = points if vu_winner == ours else -points
    differs = deal.result.game_points_by_seat[vu_winner] != points
    return value, int(differs)


def end_ours(deal: Deal, winner: int, ended: bool) -> None:
    """The trick is over: our deal's winner claims when VU ended the deal, else draws."""
    assert deal.to_act == winner, (deal.to_act, winner)
    types = {a.type for a in deal.legal_actions()}
    if ended:
        deal.apply(Action(winner, "declare"))
        assert deal.result is not None and deal.result.reason != "false_declaration"
    elif "draw" in types:
        deal.apply(Action(winner, "draw"))


def run_rdeep(
    deals: int,
    me: str,
    make: Callable[[str, int, RuleSet], Player],
    report: Callable[[str, str, str, list[float], list[tuple[float, float]], str], None],
) -> None:
    """Duplicate deals (each seed twice, seats swapped) of `me` against RdeepBot; `report`
    prints the row (values: our game points minus RdeepBot's per deal, by VU's rules)."""
    rules = rdeep_rules()
    values: list[float] = []
    times: list[tuple[float, float]] = []
    differs = 0
    for i in range(deals):
        seed, swap = divmod(i, 2)
        deal = Deal.new(rules, seed=400_000 + seed, dealer=seed % 2)
        player = make(me, seed * 7 + swap, rules)
        value, diff = play_deal(deal, swap, player, random.Random(seed), times)
        values.append(value)
        differs += diff
    note = f"our engine would score {differs} of them otherwise"
    report("schnapsen/VU", me, "rdeep", values, times, note)
