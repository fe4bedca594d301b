"""The cross-key checks of a rule set: each key may be valid alone and the set still
describe no deal (hands bigger than the pack, bidding without a bid winner's trumps).
RuleSet.from_dict runs them on the validated values, before a RuleSet exists.
"""

from __future__ import annotations

from typing import Any

from .cards import get_pack
from .errors import RuleSetError


def check_consistency(v: dict[str, Any]) -> None:
    """Cross-key checks that make a deal impossible when violated."""
    players, active = v["players"], v["active_players"]
    if v["dealer_sits_out"] != (active == players - 1):
        raise RuleSetError("active_players", "must be players - 1 exactly when the dealer sits out")
    if active > players or (active != players and not v["dealer_sits_out"]):
        raise RuleSetError("active_players", "must equal players unless the dealer sits out")
    if sum(v["deal_pattern"]) != v["hand_size"]:
        raise RuleSetError("deal_pattern", "batch sizes must add up to hand_size")
    if v["trump_after_batch"] > len(v["deal_pattern"]):
        raise RuleSetError("trump_after_batch", "is beyond the last batch")
    pack = get_pack(v["deck"])
    dealt = active * v["hand_size"]
    extra = 1 if v["trump_source"] == "turn_up" else 0
    if dealt + extra > pack.size:
        raise RuleSetError("hand_size", "the pack is too small for these hands")
    if v["stock_draw_rule"] == "none" and dealt != pack.size:
        raise RuleSetError("hand_size", "without a stock every card must be dealt")
    if v["stock_draw_rule"] != "none" and dealt == pack.size:
        raise RuleSetError("stock_draw_rule", "no cards are left for a stock")
    if v["trump_source"] == "turn_up" and v["stock_draw_rule"] == "none":
        raise RuleSetError("trump_source", "a turn-up needs a stock to lie under")
    if v["partnerships"] == "opposite_pairs" and active != 4:
        raise RuleSetError("partnerships", "opposite pairs need four active players")
    if v["bidding"] != "none" and v["trump_source"] != "first_lead_of_bid_winner":
        raise RuleSetError("trump_source", "bidding variants fix trumps by the bid winner's lead")
    if (v["trump_source"] == "first_lead_of_bid_winner") != (v["bidding"] != "none"):
        raise RuleSetError("bidding", "first_lead_of_bid_winner needs bidding")
    if (v["first_leader"] == "bid_winner") != (v["bidding"] != "none"):
        raise RuleSetError("first_leader", "bid_winner needs bidding and bidding needs it")
    if v["trump_source"] == "forehand_names" and v["trump_after_batch"] == 0:
        raise RuleSetError("trump_after_batch", "the forehand names trumps after a batch (>= 1)")
    if v["scoring"] == "bid_units" and v["bidding"] == "none":
        raise RuleSetError("scoring", "bid_units needs bidding")
    game_points = v["scoring"] not in ("raw_points", "bid_units")
    if v["trump_ten_bonus"] and (v["deck"] == "2x24" or not game_points):
        raise RuleSetError("trump_ten_bonus", "needs one pack and scoring in game points")
    if v["exhausted_resolution"] == "last_trick_bonus_10" and v["last_trick_bonus"] == 0:
        raise RuleSetError("last_trick_bonus", "a played-out deal is decided by a last-trick bonus")
    if v["match_target"] == 0 and v["match_deals"] == 0:
        raise RuleSetError("match_target", "needs a target or a fixed number of deals")
