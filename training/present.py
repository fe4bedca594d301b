"""What a review page and its JSON show: the review's steps in words, cards only if seen.

Every card that reaches the page or the JSON passes `visible` (the cards the reader has
seen, review.seen): the reader's own hands, the cards played, the turn-up, shown marriages
and, once the deal is over, the other hands. The stock's unseen cards never appear.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from sixtysix import Action, Deal

from practice.game import Game
from practice.ids import YOU
from practice.positions import start_position
from puzzles.generator import layout_of
from words.log_words import describe_actions
from words.result_words import describe_result
from words.review_words import (
    better_line,
    cannot_judge_line,
    cost_line,
    in_progress_line,
    key_moment_line,
    mark_name,
    no_mistakes_line,
    not_judged_line,
    own_puzzle_title,
    sure_line,
    verdict_line,
)
from words.table import choice_label, seat_names

from .judge import scale
from .positions import store
from .review import Review, Step, drawn_stock, first_deal


def visible(cards: list[str], review: Review) -> list[str]:
    return [c for c in cards if c in review.seen]


def _try_again(game: Game, review: Review, step: Step) -> str:
    """The stored position of this decision, its key (finished deals of preset tables
    only; "" where the layout would not give the deal again)."""
    if not review.over or game.house:
        return ""
    start = first_deal(game)
    if game.origin and game.number == 0:
        found = start_position(game.origin, game.variant)
        if found is None:
            return ""
        layout, prelude = found
    else:
        layout = layout_of(start.deal)
        prelude = []
    actions = prelude + game.actions[: step.index]
    try:
        deal = Deal.new(game.variant.ruleset, layout=layout)
        for raw in actions:
            deal.apply(Action.from_dict(raw))
    except Exception:
        return ""
    if dict(deal.state()) != _state_at(game, step.index) or deal.to_act != YOU:
        return ""  # a layout that does not give this deal again (e.g. a chosen trump card)
    assert step.verdict is not None
    options = [
        {"key": o.action.key(), "value": o.value, "win": o.win} for o in step.verdict.options
    ]
    return store(game.variant.slug, layout, actions, options)


def again_url(slug: str, key: str) -> str:
    """Practice from a stored position."""
    return reverse("practice:game", args=[slug]) + f"?from=review:{key}"


def _state_at(game: Game, index: int) -> dict[str, Any]:
    deal = first_deal(game).deal
    for raw in game.actions[:index]:
        deal.apply(Action.from_dict(raw))
    return dict(deal.state())


def _decision(game: Game, review: Review, step: Step, number: int) -> dict[str, Any]:
    rules = game.rules
    v = step.verdict
    assert v is not None
    out: dict[str, Any] = {"number": number, "hand": visible(step.hand, review)}
    out["others"] = [
        {"name": seat_names(rules, YOU)[s], "cards": visible(cards, review)}
        for s, cards in step.others
    ]
    if not v.judged:
        out.update(mark="", mark_name="", lines=[not_judged_line(v.why)])
        return out
    lines: list[str] = [verdict_line(v, rules)]
    for extra in (cost_line(v, rules, scale(rules)), sure_line(v)):
        if extra:
            lines.append(extra)
    if v.best is not None and v.best != v.chosen:
        lines.append(better_line(choice_label(v.best.to_dict(), rules)))
    out.update(mark=v.mark, mark_name=mark_name(v.mark), lines=lines)
    key = _try_again(game, review, step) if v.mark != "good" else ""
    out["again"] = again_url(game.variant.slug, key) if key else ""
    if key and v.mark == "blunder":  # a puzzle of the reader's own (kept in the browser)
        out["own_title"] = own_puzzle_title(game.variant.name, number)
        out["own_url"] = reverse("training:own_puzzle", args=[key])
    return out


def page_steps(game: Game, review: Review) -> list[dict[str, Any]]:
    """One entry per action (draws included): the line, and for decisions the verdict."""
    rules = game.rules
    names = seat_names(rules, YOU)
    rows, number = [], 0
    lines = describe_actions(
        [step.action for step in review.steps],
        names,
        YOU,
        rules,
        state=game.deal.state(),
        in_trick=0,
    )
    for i, step in enumerate(review.steps):
        a = step.action
        row: dict[str, Any] = {
            "line": lines[i],
            "you": a["player"] == YOU,
            "key": i == review.key,
            "trick": [(names[s], c) for s, c in step.trick if c in review.seen],
        }
        if step.decision:
            number += 1
            row["decision"] = _decision(game, review, step, number)
        rows.append(row)
    return rows


def summary(game: Game, review: Review) -> dict[str, Any]:
    """The lines above the steps: state of the deal, key moment, what could not be judged."""
    lines = []
    if not review.over:
        lines.append(in_progress_line())
    decisions = review.decisions
    if decisions and not review.judged:
        lines.append(cannot_judge_line())
    key = review.key_step
    if key is not None:
        assert key.verdict is not None
        lines.append(key_moment_line(decisions.index(key) + 1, key.verdict.mark))
    elif review.judged:
        lines.append(no_mistakes_line())
    result = ""
    if review.result is not None:
        result = describe_result(review.result, seat_names(game.rules, YOU), game.rules)
    marks = {m: 0 for m in ("good", "inaccuracy", "mistake", "blunder")}
    for step in review.judged:
        assert step.verdict is not None
        marks[step.verdict.mark] += 1
    counts = [(mark_name(m), n) for m, n in marks.items()]
    return {"lines": lines, "result": result, "counts": counts}


def _action_data(step: Step) -> dict[str, Any]:
    data: dict[str, Any] = {"action_index": step.index, "action": step.action}
    v = step.verdict
    if v is None:
        return data
    data["method"] = v.method
    if not v.judged:
        data["why"] = v.why
        return data
    data.update(
        mark=v.mark,
        cost=round(v.cost, 3),
        win_drop=round(v.drop, 3),
        sure=v.sure,
        samples=v.samples,
        layouts=v.total,
        best=v.best.to_dict() if v.best else None,
        moves=[
            {"action": o.action.to_dict(), "value": round(o.value, 3), "win_share": round(o.win, 3)}
            for o in v.options
        ],
    )
    return data


def review_json(game: Game, review: Review) -> dict[str, Any]:
    """The review in the engine protocol's request shape (variant, deal, actions), the
    verdicts beside the actions. The deal's layout only once it is over, and then only the
    cards the reader saw: the stock's cards that were never drawn are left out."""
    deal = None
    if review.over:
        stock, unseen = drawn_stock(game)
        initial = review.initial
        deal = {
            "dealer": initial["dealer"],
            "hands": [visible(list(h), review) for h in initial["hands"]],
            "turnup": initial.get("turnup"),
            "stock": visible(stock, review),
            "stock_unseen": unseen,
        }
    decisions = {s.index: _action_data(s) for s in review.steps if s.decision}
    key = review.key_step
    return {
        "variant": game.variant.slug,
        **({"house": game.house} if game.house else {}),
        "seat": YOU,
        "over": review.over,
        "deal": deal,
        "prelude": review.prelude if review.over else [],
        "actions": [s.action for s in review.steps],
        "result": review.result,
        "review": list(decisions.values()),
        "key_moment": key.index if key is not None else None,
    }
