"""Practice pages: a form posts the signed game and one move; the page shows the result."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from rules.models import Variant
from words.markup import render_inline

from . import services

COOKIE = "practice-{slug}"


def _variant(slug: str) -> Variant:
    variant = Variant.objects.filter(slug=slug, slug__in=services.PRACTICE_VARIANTS).first()
    if variant is None:
        raise Http404(_("There is no practice game for “%(slug)s”.") % {"slug": slug})
    return variant


@require_safe
def practice_index(request):
    variants = Variant.objects.filter(slug__in=services.PRACTICE_VARIANTS)
    return render(request, "practice/index.html", {"variants": variants, "nav": "practice"})


def _render(request, game, *, message="", status=200, hint=None):
    token = game.dumps()
    view = services.practice_view(game=game, token=token)
    context = {
        "view": view,
        "message": render_inline(message) if message else "",
        "hint": hint,
        "nav": "practice",
    }
    response = render(request, "practice/game.html", context, status=status)
    response.set_cookie(
        COOKIE.format(slug=game.variant.slug),
        token,
        max_age=30 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def practice_game(request, slug):
    variant = _variant(slug)
    if request.method == "POST":
        return _post(request, variant)
    seed = request.GET.get("seed")
    if seed is not None:
        if not seed.isdigit() or len(seed) > 12:
            game = services.game_new(variant=variant)
            return _render(request, game, message=_("A deal number is a whole number."), status=400)
        return _render(request, services.game_new(variant=variant, seed=int(seed)))
    token = request.COOKIES.get(COOKIE.format(slug=slug))
    try:
        game = services.game_loads(variant=variant, token=token) if token else None
    except services.GameError:
        game = None
    if game is None:
        game = services.game_new(variant=variant)
    hint = services.practice_hint(game=game) if "hint" in request.GET else None
    return _render(request, game, hint=hint)


def _post(request, variant):
    try:
        game = services.game_loads(variant=variant, token=request.POST.get("state", ""))
    except services.GameError:
        game = services.game_new(variant=variant)
        message = _(
            "That game could not be read (it may come from an old page), so a new one has started."
        )
        return _render(request, game, message=message, status=400)
    command = request.POST.get("do", "")
    if command == "next":
        if game.deal.result is None:
            return _render(request, game, message=_("Finish this deal first."), status=409)
        return _render_after_post(request, services.game_next_deal(game=game))
    if command == "new":
        return _render_after_post(request, services.game_new(variant=variant))
    move = request.POST.get("move", "")
    refusal = services.game_move(game=game, key=move)
    if refusal:
        return _render(request, game, message=refusal, status=422)
    return _render_after_post(request, game)


def _render_after_post(request, game):
    """Post/redirect/get: the new game goes into the cookie, the page is fetched afresh."""
    response = redirect("practice:game", slug=game.variant.slug)
    response.set_cookie(
        COOKIE.format(slug=game.variant.slug),
        game.dumps(),
        max_age=30 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response
