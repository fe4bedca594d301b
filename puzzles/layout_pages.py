"""The page parts of a layouts puzzle (three players, hidden hands): its open data and its
solution, from the layout judge. Fair play: nothing here names a card another seat still
holds; the services put these parts on the page."""

from sixtysix import Deal, RuleSet
from sixtysix.shapes import StateShape

from words import layout_words
from words.markup import render_inline
from words.table import choice_label

from . import wording
from .layout_positions import judged, layout_facts
from .models import Puzzle


def is_layouts(puzzle: Puzzle) -> bool:
    """A three-player puzzle judged over every layout of the hidden cards: the page shows
    only the reader's hand and what is public, and asks for one move."""
    return puzzle.kind == "layouts"


def public_deal(puzzle: Puzzle, start: StateShape) -> dict:
    """The layout with every card the reader cannot see as null: its own hand stays, and of
    the others' cards (and a stock's) only those played to reach the position and a card
    shown face up (`start`: the position's state)."""
    shown = {a["card"] for a in puzzle.actions if a.get("type") == "play"}
    if start.get("trump_card"):
        shown.add(start["trump_card"])
    hands = [
        list(hand) if s == puzzle.seat else [c if c in shown else None for c in hand]
        for s, hand in enumerate(puzzle.deal["hands"])
    ]
    stock = [c if c in shown else None for c in puzzle.deal.get("stock") or []]
    return {**puzzle.deal, "hands": hands, "stock": stock}


def layout_solution(puzzle: Puzzle, rules: RuleSet, start: Deal) -> tuple[list[str], list[str]]:
    """The answer, why, and each other first move's worst case (all from the layout judge)."""
    facts = layout_facts(judged(start))
    label = choice_label(facts.answer[0].to_dict(), rules)
    lines = [str(layout_words.best_move(label, facts.value, rules))]
    lines += [str(render_inline(x)) for x in wording.theme_sentences(puzzle.themes, {}, rules)]
    lines.append(str(render_inline(layout_words.value_note())))
    others = [
        str(layout_words.other_move(choice_label(a.to_dict(), rules), w, facts.layouts, low, rules))
        for a, w, low in facts.worse
    ]
    return lines, others
