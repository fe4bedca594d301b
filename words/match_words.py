"""The match in words: its score, who won it, what changes hands, and the score pad's heads.

Practice passes the engine's Match (or a deal's result) and the reader's seat; these say
"you", "the computer" (the other seat of a two-player game), "your side".
"""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from sixtysix.match import Match
from sixtysix.ruleset import RuleSet

from .result_words import in_sentence, reason_words
from .table import same_side, seat_names


def side_names() -> list[str]:
    return [_("Your side"), _("The other side")]


def score_text(value: int) -> str:
    """A score as printed: a minus sign (U+2212), not a hyphen, below zero."""
    return f"\u2212{-value}" if value < 0 else str(value)


def _match_score(value: int, rules: RuleSet) -> str:
    """A match score as printed: counting down, a deal that takes a player past 0 ends the
    match at 0 (Schnapsen's 7 down to 0 never reads "minus 1")."""
    return score_text(max(value, 0) if rules.match_direction == "down" else value)


def _score_list(values: list[int], names: list[str], rules: RuleSet) -> str:
    return ", ".join(
        _("%(player)s %(points)s") % {"player": names[i], "points": _match_score(v, rules)}
        for i, v in enumerate(values)
    )


def _match_rule(rules: RuleSet) -> str:
    if rules.match_direction == "up" and not rules.match_deals and rules.scoring == "bid_units":
        return ngettext("first to %(n)d unit", "first to %(n)d units", rules.match_target) % {
            "n": rules.match_target
        }
    if rules.match_direction == "up" and not rules.match_deals:
        return ngettext(
            "first to %(n)d game point", "first to %(n)d game points", rules.match_target
        ) % {"n": rules.match_target}
    if rules.match_direction == "down":
        return _("from %(n)d down to 0") % {"n": rules.match_target}
    return ngettext("%(n)d deal", "%(n)d deals", rules.match_deals) % {"n": rules.match_deals}


def match_line(match: Match, you: int) -> str:
    """The match score: per player, or per side in partnership games."""
    rules, scores = match.rules, match.scores
    if rules.players == 2:
        # the other player is the computer in practice, a friend at a table: "your opponent"
        return _("Match: you %(you)s, your opponent %(opponent)s (%(rule)s)") % {
            "you": _match_score(scores[you], rules),
            "opponent": _match_score(scores[1 - you], rules),
            "rule": _match_rule(rules),
        }
    if rules.partnerships == "opposite_pairs":
        names = [in_sentence(name) for name in side_names()]
        text = _score_list([scores[you], scores[(you + 1) % rules.players]], names, rules)
    else:
        names = [in_sentence(name) for name in seat_names(rules, you)]
        text = _score_list(list(scores), names, rules)
    return _("Match: %(scores)s (%(rule)s)") % {"scores": text, "rule": _match_rule(rules)}


def describe_match_end(match: Match, you: int) -> str:
    """Who won the match, and whether it counts double (Schneider-Bummerl); "" while on."""
    if not match.over:
        return ""
    rules = match.rules
    winners = list(match.winners or [])
    if rules.partnerships == "opposite_pairs" and winners:
        if all(same_side(w, rules, you) for w in winners):
            return _("You and your partner won the match.")
        if not any(same_side(w, rules, you) for w in winners):
            return _("Your opponents won the match.")
        return _("The match is drawn.")
    if rules.players > 2:
        if winners == [you]:
            return _("You won the match.")
        if len(winners) == 1:
            return _("%(player)s won the match.") % {"player": seat_names(rules, you)[winners[0]]}
        return _("The match is drawn.")
    if winners == [you]:
        text = _("You won the match.")
    elif winners == [1 - you]:
        text = _("Your opponent won the match.")
    else:
        return _("The match is drawn.")
    if rules.match_direction == "down" and match.stakes.get(winners[0]) == 2:
        text += " " + _(
            "The loser never won a game point: a Schneider-Bummerl, which counts double."
        )
    return text


def describe_settlement(match: Match, you: int) -> str:
    """What changes hands at the end of an Idiot-66 round; "" elsewhere or while on."""
    rules = match.rules
    if not match.over or not rules.match_deals or not match.stakes or rules.players != 2:
        return ""
    ((winner, stake),) = match.stakes.items()
    if rules.idiot_settlement == "per_round":
        if winner == you:
            return _("Settlement: one stake a round, so your opponent pays you 1.")
        return _("Settlement: one stake a round, so you pay your opponent 1.")
    if winner == you:
        return _("Settlement: the difference in card points, so your opponent pays you %(n)d.") % {
            "n": stake
        }
    return _("Settlement: the difference in card points, so you pay your opponent %(n)d.") % {
        "n": stake
    }


def _loser_points_line(points: int, game_points: int, rules: RuleSet, loser_is_you: bool) -> str:
    """A deal won on points: the loser's card points against the schneider line, and the
    game points the engine scored (the loser is you or your opponent, a person or not)."""
    facts = {"points": points, "line": rules.schneider_threshold, "n": game_points}
    if loser_is_you:
        if game_points == 3:
            text = ngettext(
                "You took no trick (schwarz): %(n)d game point.",
                "You took no trick (schwarz): %(n)d game points.",
                game_points,
            )
        elif game_points == 2:
            text = ngettext(
                "You have %(points)d card points, under %(line)d (schneider): %(n)d game point.",
                "You have %(points)d card points, under %(line)d (schneider): %(n)d game points.",
                game_points,
            )
        else:
            text = ngettext(
                "You have %(points)d card points, %(line)d or more: %(n)d game point.",
                "You have %(points)d card points, %(line)d or more: %(n)d game points.",
                game_points,
            )
    elif game_points == 3:
        text = ngettext(
            "Your opponent took no trick (schwarz): %(n)d game point.",
            "Your opponent took no trick (schwarz): %(n)d game points.",
            game_points,
        )
    elif game_points == 2:
        text = ngettext(
            "Your opponent has %(points)d card points, under %(line)d (schneider): "
            "%(n)d game point.",
            "Your opponent has %(points)d card points, under %(line)d (schneider): "
            "%(n)d game points.",
            game_points,
        )
    else:
        text = ngettext(
            "Your opponent has %(points)d card points, %(line)d or more: %(n)d game point.",
            "Your opponent has %(points)d card points, %(line)d or more: %(n)d game points.",
            game_points,
        )
    return text % facts


def _false_claim_line(game_points: int, rules: RuleSet, winner_is_you: bool) -> str:
    """A claim without the points: the other player scores."""
    facts = {"target": rules.target, "n": game_points}
    if winner_is_you:
        return (
            ngettext(
                "Your opponent claimed %(target)d without having %(target)d points: you score "
                "%(n)d game point.",
                "Your opponent claimed %(target)d without having %(target)d points: you score "
                "%(n)d game points.",
                game_points,
            )
            % facts
        )
    return (
        ngettext(
            "You claimed %(target)d without having %(target)d points: your opponent scores "
            "%(n)d game point.",
            "You claimed %(target)d without having %(target)d points: your opponent scores "
            "%(n)d game points.",
            game_points,
        )
        % facts
    )


def explain_game_points(result: dict[str, Any], rules: RuleSet, you: int) -> str:
    """Why the deal scored 1, 2 or 3: the loser's points and tricks against the table."""
    if not result.get("winners") or rules.scoring != "standard_1_2_3" or rules.players != 2:
        return ""
    reason = result["reason"]
    winner = result["winners"][0]
    loser = 1 - winner
    points = result["card_points"][loser]
    if reason in ("declared", "most_points", "closed_made"):
        return _loser_points_line(points, result["game_points"], rules, loser == you)
    if reason == "false_declaration":
        return _false_claim_line(result["game_points"], rules, winner == you)
    if reason in ("closed_failed", "closer_beaten"):
        # the number the engine scored by this variant's penalty rule, not a preset's
        return ngettext(
            "The closer did not make it: the other player scores %(n)d game point.",
            "The closer did not make it: the other player scores %(n)d game points.",
            result["game_points"],
        ) % {"n": result["game_points"]}
    if reason == "last_trick":
        return _("Nobody claimed %(target)d, so the last trick decided the deal.") % {
            "target": rules.target
        }
    return ""


def pad_heads(rules: RuleSet, names: list[str]) -> list[str]:
    """The score pad's column heads: the two sides, you and your opponent, or every seat."""
    if rules.partnerships == "opposite_pairs":
        return side_names()
    if rules.players == 2:
        return [_("You"), _("Your opponent")]
    return list(names)


def pad_winner(winner: object, rules: RuleSet, names: list[str], you: int) -> str:
    """Who won a deal on the score pad ("—" for nobody): a side in partnership games."""
    if not isinstance(winner, int) or not 0 <= winner < rules.players:
        return "—"
    if rules.partnerships == "opposite_pairs":
        return side_names()[0 if same_side(winner, rules, you) else 1]
    return names[winner]


def pad_how(reason: str, rules: RuleSet) -> str:
    """How a deal on the score pad was won, in a few words ("" for an unknown reason)."""
    return reason_words(reason, rules)
