"""Rules pages: views parse the request, ask one selector and render."""

from urllib.parse import urlencode

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from content.page_cache import cached_page, flag, slug_set, small_int
from words.language_names import local_name
from words.markup import render_inline, render_markup

from . import selectors
from .forms import MAX_VARIANTS, CompareForm
from .house_pages import house_columns
from .parameters import ROWS

SHOWN_IN_LINKS = 2


@require_safe
@cached_page(query={"players": small_int(1, 12)})
def variant_list(request):
    counts = selectors.variant_player_counts()
    try:
        players = int(request.GET.get("players", ""))
    except ValueError:
        players = None
    if players not in counts:
        players = None  # an unknown filter shows every variant rather than an empty page
    context = {
        "variants": selectors.variant_list(players=players),
        "player_counts": counts,
        "players": players,
        "nav": "rules",
    }
    return render(request, "rules/variant_list.html", context)


@require_safe
@cached_page()
def variant_detail(request, slug):
    variant = selectors.variant_get(slug=slug)
    return render(request, "rules/variant_detail.html", detail_context(variant))


def detail_context(variant, rules=None, notes=None) -> dict:
    """The rules page of a variant, read with `rules` (a house table; the preset if None);
    `notes` maps a section key to the house choices its prose does not follow."""
    shown_in = selectors.variant_lessons_by_section(variant=variant)
    notes = notes or {}
    sections = [
        # The first lessons that show a section are links enough; every lesson of the
        # variant is listed once above the sections.
        (
            section,
            render_markup(section.body),
            shown_in.get(section.key, [])[:SHOWN_IN_LINKS],
            notes.get(section.key, []),
        )
        for section in variant.sections.all()
    ]
    tutorials = list(dict.fromkeys(step.tutorial for steps in shown_in.values() for step in steps))
    return {
        "variant": variant,
        "sections": sections,
        "tutorials": sorted(tutorials, key=lambda t: t.order),
        "sources": variant.sources.all(),
        "facts": selectors.variant_facts(variant=variant, rules=rules),
        "compare_with": "schnapsen" if variant.slug == "classic66" else "classic66",
        "nav": "rules",
    }


@require_safe
@cached_page()
def variant_json(request, slug):
    """Open data: the variant's parameters and prose in the requested language."""
    variant = selectors.variant_get(slug=slug)
    data = {
        "slug": variant.slug,
        "language": get_language(),
        "name": variant.name,
        "summary": variant.summary,
        "family": variant.family,
        "players": variant.players,
        "rules": variant.rules,
        "facts": [
            {"id": f.id, "label": f.label, "value": f.value}
            for f in selectors.variant_facts(variant=variant, rows=ROWS)
        ],
        "sections": [
            {"key": s.key, "title": s.title, "body": s.body} for s in variant.sections.all()
        ],
        "sources": [
            {"id": s.key, "title": s.title, "url": s.url, "covers": s.covers}
            for s in variant.sources.all()
        ],
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})


def _compare_url(request, chosen, *, differences: bool) -> str:
    """This comparison's URL with the differences-only switch on or off, in the canonical
    order of the page cache's key (the site's order of variants, `diff=1`)."""
    pairs = [("v", v.slug) for v in chosen if not getattr(v, "value", "")]
    pairs += [("h", v.value) for v in chosen if getattr(v, "value", "")]
    if differences:
        pairs.append(("diff", "1"))
    return f"{request.path}?{urlencode(pairs)}"


def _with_names(rows, names: list[str]) -> list[dict]:
    """Each row with its cells paired to the variants' names (a phone lists them per rule)."""
    return [{**vars(row), "cells": list(zip(names, row.values, strict=True))} for row in rows]


@require_safe
@cached_page(query={"v": slug_set(MAX_VARIANTS), "diff": flag})
def compare(request):
    variants = list(selectors.variant_list())
    by_slug = {variant.slug: variant for variant in variants}
    # House tables (`h=<slug>:<code>`) make the page uncached: the cache names only `v`.
    houses, house_error = house_columns(request.GET.getlist("h"), by_slug)
    form = CompareForm(request.GET or None, variants=variants, houses=len(houses))
    chosen: list = []
    rows: list[dict] = []
    status = 200
    only_differences = "diff" in request.GET
    if form.is_bound:
        if form.is_valid() and house_error is None:
            # The site's order, not the URL's: every ordering is one page (and one cache
            # entry); house tables follow, in the order given.
            picked = set(form.cleaned_data["v"])
            chosen = [variant for variant in variants if variant.slug in picked] + houses
            compared = selectors.variant_comparison(variants=chosen)
            if only_differences:
                compared = [row for row in compared if row.differs]
            rows = _with_names(compared, [str(v.name) for v in chosen])
        else:
            status = 400
    context = {
        "form": form,
        "chosen": chosen,
        "rows": rows,
        "house_error": house_error,
        "nav": "compare",
        "only_differences": only_differences,
        "switch_url": _compare_url(request, chosen, differences=not only_differences),
    }
    return render(request, "rules/compare.html", context, status=status)


@require_safe
@cached_page()
def glossary(request):
    current = get_language()
    order = [current] + [code for code, _name in settings.LANGUAGES if code != current]
    terms = selectors.glossary_terms()
    rows = [
        {
            "key": term.key,
            "definition": render_inline(term.definition),  # [C], [QH] drawn as pictures
            "terms": [(code, getattr(term, f"term_{code}")) for code in order],
        }
        for term in terms
    ]
    columns = [(code, local_name(code)) for code in order]
    context = {"rows": rows, "columns": columns, "nav": "glossary"}
    return render(request, "rules/glossary.html", context)
