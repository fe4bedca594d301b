"""House-rules pages: choose a table's options, read and fetch the rules under its code.

None of them is stored in the page cache: a code is any string a visitor types, so storing
the pages would let anyone fill the cache with endless codes. Each page is a few RuleSet
validations and the facts rows, cheap to render; a non-canonical spelling of a table is
redirected to its one canonical code.
"""

from functools import wraps

from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_safe
from sixtysix.errors import RuleSetError

from words.house import code_error, combination_error

from . import house, selectors
from .house_pages import changes_of, option_groups, section_notes
from .parameters import ROWS, as_ruleset
from .views import detail_context

SUBMIT = "go"


@require_safe
def house_form(request, slug):
    """The options of a variant as a GET form; submitted, it leads to the table's code."""
    variant = selectors.variant_get(slug=slug)
    base = as_ruleset(variant.rules)
    error, changes = None, {}
    try:
        changes = house.from_query(base, request.GET)
        table = house.house_rules(base, changes)
    except house.HouseCodeError as exc:
        error = code_error(exc.reason, code="", token=exc.token, variant=variant.name)
    except RuleSetError as exc:
        error = combination_error(exc.key)
    else:
        if SUBMIT in request.GET:
            return redirect("rules:house_detail", slug=slug, code=house.encode(base, table))
    context = {
        "variant": variant,
        "groups": option_groups(base, changes),
        "bundles": [(b.name(get_language()), b.code) for b in house.bundles(variant.slug)],
        "error": error,
        "nav": "rules",
    }
    return render(request, "rules/house_form.html", context, status=400 if error else 200)


def _table(request, variant, code):
    """(table, canonical code, None), or (None, None, the 400 response)."""
    base = as_ruleset(variant.rules)
    try:
        table, canonical = house.from_code(base, code)
    except house.HouseCodeError as exc:
        message = code_error(exc.reason, code=code, token=exc.token, variant=variant.name)
    except RuleSetError as exc:
        message = combination_error(exc.key)
    else:
        return table, canonical, None
    context = {"variant": variant, "message": message, "nav": "rules"}
    return None, None, render(request, "rules/house_error.html", context, status=400)


def _one_table(url_name):
    """A view of one house table: a code that is none is a 400, another spelling of a
    table is redirected to its canonical code; the view gets the variant, its preset's
    rules, the table's and the code."""

    def wrap(view):
        @wraps(view)
        def under_code(request, slug, code):
            variant = selectors.variant_get(slug=slug)
            table, canonical, refused = _table(request, variant, code)
            if refused is not None:
                return refused
            if canonical != code:
                return redirect(url_name, slug=slug, code=canonical, permanent=True)
            return view(request, variant, as_ruleset(variant.rules), table, canonical)

        return require_safe(under_code)

    return wrap


@_one_table("rules:house_detail")
def house_detail(request, variant, base, table, code):
    """The variant's rules page as this table plays them."""
    changes = changes_of(base, table)
    context = detail_context(variant, rules=table, notes=section_notes(changes))
    context["house"] = {
        "code": code,
        "changes": changes,
        "edit": house.query_of(base, table),
        "play": reverse("practice:game", args=[variant.slug]) + f"?house={code}",
    }
    return render(request, "rules/variant_detail.html", context)


@_one_table("rules:house_json")
def house_json(request, variant, base, table, code):
    """Open data: every rule parameter of the table, and the rows in words."""
    data = {
        "slug": variant.slug,
        "code": code,
        "language": get_language(),
        "name": variant.name,
        "url": request.build_absolute_uri(
            reverse("rules:house_detail", kwargs={"slug": variant.slug, "code": code})
        ),
        "options": {c.key: getattr(table, c.key) for c in changes_of(base, table)},
        "rules": table.to_dict(),
        "facts": [
            {"id": f.id, "label": f.label, "value": f.value}
            for f in selectors.variant_facts(variant=variant, rows=ROWS, rules=table)
        ],
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
