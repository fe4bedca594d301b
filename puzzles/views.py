"""Puzzle pages and open data: views parse the query, call one service, render."""

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from content.page_cache import cached_page
from rules.models import Variant

from . import services
from .models import Puzzle
from .wording import THEME_NAMES


@require_safe
@cached_page(query_keys=("variant", "theme", "difficulty"))
def puzzle_index(request):
    variants = list(Variant.objects.filter(puzzles__isnull=False).distinct().order_by("order"))
    error, status = "", 200
    try:
        filters = services.parse_filters(request.GET, [v.slug for v in variants])
    except services.FilterError as exc:
        filters, error, status = services.Filters(), str(exc), 400
    puzzles = services.puzzle_list(filters) if not error else []
    rows = [(p, services.theme_names(p)) for p in puzzles]
    context = {
        "rows": rows,
        "filters": filters,
        "error": error,
        "variants": variants,
        "themes": [(slug, name) for slug, name in THEME_NAMES.items()],
        "difficulties": Puzzle.Difficulty.choices,
        "total": Puzzle.objects.count(),
        "nav": "puzzles",
    }
    return render(request, "puzzles/index.html", context, status=status)


@require_safe
@cached_page(query_keys=("line",))
def puzzle_detail(request, number):
    puzzle = services.puzzle_get(number=number)
    keys = services.parse_line(request.GET.get("line"))
    view, status = services.puzzle_view(puzzle=puzzle, keys=keys)
    previous, following = services.neighbours(puzzle)
    context = {
        "view": view,
        "themes": services.theme_names(puzzle),
        "previous": previous,
        "next": following,
        "nav": "puzzles",
    }
    return render(request, "puzzles/detail.html", context, status=status)


@require_safe
@cached_page()
def puzzle_json(request, number):
    """Open data: the variant, the deal's layout, the actions to the position and the answer,
    with the puzzle's kind, main theme and initial rating. A layouts puzzle's layout names
    only the cards its reader may see (services.public_deal)."""
    puzzle = services.puzzle_get(number=number)
    data = {
        "id": puzzle.number,
        "variant": puzzle.variant.slug,
        "rules": puzzle.variant.rules,
        "deal": services.public_deal(puzzle),
        "actions": puzzle.actions,
        "answer": puzzle.answer,
        "value": puzzle.value,
        "difficulty": puzzle.difficulty,
        "themes": puzzle.themes,
        "theme": puzzle.theme,
        "rating": puzzle.rating,
        "kind": puzzle.kind,
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
