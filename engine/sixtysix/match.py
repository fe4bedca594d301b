"""A match: deals in sequence, game points, dealer rotation, targets and carries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .errors import EngineError
from .presets import preset_id_of
from .ruleset import RuleSet
from .scoring import Result


@dataclass(repr=False)
class Match:
    """Scores per seat. Up: from 0 to `match_target`; down (Bummerl): from the target to 0."""

    rules: RuleSet
    dealer: int = 0
    scores: list[int] = field(default_factory=list)
    deals_played: int = 0
    carry: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] | None = None
    stakes: dict[int, int] = field(default_factory=dict)
    """What the winner collects once the match is over: Bummerl (1 or 2, Schneider) in a
    down match; in Idiot-66 1 per round or the point difference (`idiot_settlement`)."""

    def __post_init__(self) -> None:
        if not self.scores:
            start = self.rules.match_target if self.rules.match_direction == "down" else 0
            self.scores = [start] * self.rules.players

    def __repr__(self) -> str:
        """The variant, the deals played and the scores (not the 55 rule values)."""
        name = preset_id_of(self.rules) or "custom-rules"
        end = f" winners={self.winners}" if self.winners is not None else ""
        return (
            f"<Match {name} deals={self.deals_played} dealer={self.dealer} "
            f"scores={self.scores} carry={self.carry}{end}>"
        )

    def to_dict(self, *, with_rules: bool = True) -> dict[str, Any]:
        """JSON-ready state, enough to go on later: `Match.from_dict(m.to_dict()) == m`.

        `with_rules=False` leaves the 55 rule values out (the caller stores which variant);
        `from_dict` then needs `rules=`. Stakes are `[seat, stake]` pairs (JSON keys are text).
        """
        d: dict[str, Any] = {
            "dealer": self.dealer,
            "scores": list(self.scores),
            "deals_played": self.deals_played,
            "carry": self.carry,
            "winners": None if self.winners is None else list(self.winners),
            "stakes": sorted([seat, stake] for seat, stake in self.stakes.items()),
            "history": [dict(h) for h in self.history],
        }
        if with_rules:
            d = {"rules": self.rules.to_dict(), **d}
        return d

    @classmethod
    def from_dict(cls, d: Any, *, rules: RuleSet | None = None) -> Match:
        """The match `to_dict` wrote; `rules` when the dict holds none (or to override it).

        Raises RuleSetError for bad rules and EngineError("bad_match", {"field": ...}) for a
        value that no match can hold (wrong type, a seat outside the table, a dealer out of
        range), so stored data from outside is never trusted blindly.
        """
        if not isinstance(d, dict):
            raise EngineError("bad_match", {"field": None}, "a match must be an object")
        if rules is None:
            if "rules" not in d:
                raise EngineError("bad_match", {"field": "rules"}, "rules missing")
            rules = RuleSet.from_dict(d["rules"])
        seats = rules.players

        def number(field: str, value: Any, low: int | None = None, high: int | None = None) -> int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            if not ok or (low is not None and value < low) or (high is not None and value > high):
                raise EngineError("bad_match", {"field": field}, f"bad {field}: {value!r}")
            return int(value)

        def seat_list(field: str, value: Any) -> list[int]:
            if not isinstance(value, list):
                raise EngineError("bad_match", {"field": field}, f"{field} must be a list")
            return [number(field, v, 0, seats - 1) for v in value]

        scores = d.get("scores")
        if not isinstance(scores, list) or len(scores) != seats:
            raise EngineError("bad_match", {"field": "scores"}, "one score per seat")
        winners = d.get("winners")
        stakes = d.get("stakes", [])
        if not isinstance(stakes, list) or not all(
            isinstance(pair, list | tuple) and len(pair) == 2 for pair in stakes
        ):
            raise EngineError("bad_match", {"field": "stakes"}, "stakes are [seat, stake] pairs")
        history = d.get("history", [])
        if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
            raise EngineError("bad_match", {"field": "history"}, "history is a list of objects")
        return cls(
            rules,
            dealer=number("dealer", d.get("dealer"), 0, seats - 1),
            scores=[number("scores", s) for s in scores],
            deals_played=number("deals_played", d.get("deals_played"), 0),
            carry=number("carry", d.get("carry", 0), 0),
            history=[dict(h) for h in history],
            winners=None if winners is None else seat_list("winners", winners),
            stakes={
                number("stakes", seat, 0, seats - 1): number("stakes", stake)
                for seat, stake in stakes
            },
        )

    @property
    def over(self) -> bool:
        """True once somebody has won the match."""
        return self.winners is not None

    def new_deal(self, *, seed: int | None = None, layout: dict[str, Any] | None = None) -> Deal:
        """The next deal, dealt by the current dealer."""
        if layout is not None:
            return Deal.new(self.rules, layout={**layout, "dealer": self.dealer})
        return Deal.new(self.rules, seed=seed, dealer=self.dealer)

    def record(self, result: Result) -> None:
        """Add a finished deal's game points, move the dealer, and check for a winner."""
        r = self.rules
        self.deals_played += 1
        dealer = self.dealer
        self.history.append({"dealer": dealer, "result": result.to_dict()})
        gains = list(result.game_points_by_seat) or [0] * r.players
        ten_seats = result.extra.get("trump_ten") or []
        ten_wins = self._one_short(ten_seats)
        void = result.reason == "tie" and r.scoring != "raw_points"
        if void:
            if r.draw_handling == "carry_1_to_next_winner" and not result.extra.get("redeal"):
                self.carry += 1
            if result.extra.get("redeal") or r.draw_handling != "void_redeal_same_dealer":
                self.dealer = (self.dealer + 1) % r.players
        else:
            if self.carry and result.winners:
                for s in result.winners:
                    gains[s] += self.carry
                if r.dealer_sits_out:
                    gains[dealer] += self.carry
                self.carry = 0
            if r.next_dealer == "deal_winner" and result.winners:
                self.dealer = result.winners[0]
            else:
                self.dealer = (self.dealer + 1) % r.players
        self._add(gains, dealer=dealer)
        if ten_wins:
            self.winners = sorted(ten_seats)  # the ten of trumps on one short: won at once
            return
        self._check_end()

    def _one_short(self, seats: list[int]) -> bool:
        """True when these seats all stand one game point short of an upward target."""
        r = self.rules
        if not seats or r.match_direction != "up" or not r.match_target:
            return False
        return min(self.scores[s] for s in seats) >= r.match_target - 1

    def _add(self, gains: list[int], dealer: int) -> None:
        r = self.rules
        for s, g in enumerate(gains):
            if r.match_direction == "down":
                self.scores[s] -= g
            else:
                new = self.scores[s] + g
                if r.dealer_score_cap and s == dealer and r.match_target:
                    new = min(new, max(self.scores[s], r.match_target - 1))
                self.scores[s] = new

    def _check_end(self) -> None:
        r = self.rules
        if r.match_deals:
            if self.deals_played >= r.match_deals:
                best = max(self.scores)
                tops = [s for s, v in enumerate(self.scores) if v == best]
                self.winners = tops
                if len(tops) == 1:
                    rest = sorted(self.scores)[-2] if len(self.scores) > 1 else 0
                    stake = 1 if r.idiot_settlement == "per_round" else best - rest
                    self.stakes = {tops[0]: stake}
            return
        if r.match_direction == "down":
            done = [s for s, v in enumerate(self.scores) if v <= 0]
            if done:
                low = min(self.scores[s] for s in done)
                self.winners = [s for s in done if self.scores[s] == low]
                if len(self.winners) == 1:
                    # a loser still on the starting score: a Schneider-Bummerl, counted double
                    losers = [v for s, v in enumerate(self.scores) if s not in self.winners]
                    stake = 2 if all(v == r.match_target for v in losers) else 1
                    self.stakes = {self.winners[0]: stake}
        else:
            done = [s for s, v in enumerate(self.scores) if v >= r.match_target]
            if done:
                high = max(self.scores[s] for s in done)
                self.winners = [s for s in done if self.scores[s] == high]
