"""Review pages: the reader's practice deal (from the practice cookie) judged move by move.

A review reads the same signed game as the practice page, so it shows the deal the reader
is playing or has just finished, and nothing else. Working one out is costly: an uncached
review takes one of the machine-wide compute slots practice uses and counts against a
per-client limit; a cached one (by content) is free.
"""

from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from guard import limits
from guard.clients import client_ip
from practice import hints
from practice.game import PRACTICE_VARIANTS, GameError, game_loads
from practice.views import COOKIE
from rules.models import Variant

from .present import page_steps, review_json, summary
from .review import Review, content_key, review_of

REVIEW_RATE = 12  # uncached reviews per client and minute
WINDOW = 60


class NoGame(Exception):
    pass


def _game(request, slug):
    variant = Variant.objects.filter(slug=slug, slug__in=PRACTICE_VARIANTS).first()
    if variant is None:
        raise Http404(_("There is no practice game for “%(slug)s”.") % {"slug": slug})
    # the reader's game: the practice cookie, or a game token in the query (a shared link)
    token = request.GET.get("game") or request.COOKIES.get(COOKIE.format(slug=slug), "")
    if not token or len(token) > 20_000:
        raise NoGame
    try:
        return game_loads(variant=variant, token=token)
    except GameError as exc:
        raise NoGame from exc


def _review(request, game) -> Review:
    """The cached review, or one worked out now within the limits (Limited, Busy, ...)."""
    found = cache.get(content_key(game))
    if isinstance(found, Review):
        return found
    limits.take("review", client_ip(request) or "unknown", REVIEW_RATE, WINDOW)
    with limits.slot("compute", hints.machine_slots()):
        return review_of(game)


def _refusal(request, slug, message, status, retry=0, *, as_json=False) -> HttpResponse:
    response: HttpResponse
    if as_json:
        response = JsonResponse({"error": message}, status=status)
    else:
        context = {"message": message, "slug": slug, "nav": "practice"}
        response = render(request, "training/no_review.html", context, status=status)
    if retry:
        response["Retry-After"] = str(retry)
    return response


def _load(request, slug, as_json=False):
    """(game, review) or a refusal response."""
    try:
        game = _game(request, slug)
        return game, _review(request, game)
    except NoGame:
        message = _("There is no deal of yours to review in this game: play one first.")
        return None, _refusal(request, slug, message, 404, as_json=as_json)
    except limits.Limited:
        message = _("You have asked for many reviews in a short time. Try again in a minute.")
        return None, _refusal(request, slug, message, 429, WINDOW, as_json=as_json)
    except (limits.Busy, limits.Unavailable):
        message = _("Many deals are being worked out right now. Try again in a moment.")
        return None, _refusal(request, slug, message, 503, hints.RETRY_BUSY, as_json=as_json)


@never_cache
@require_safe
def review_page(request, slug):
    game, review = _load(request, slug)
    if game is None:
        return review
    context = {
        "game": game,
        "review": review,
        "steps": page_steps(game, review),
        "summary": summary(game, review),
        "nav": "practice",
    }
    return render(request, "training/review.html", context)


@never_cache
@require_safe
def review_download(request, slug):
    game, review = _load(request, slug, as_json=True)
    if game is None:
        return review
    response = JsonResponse(
        review_json(game, review), json_dumps_params={"ensure_ascii": False, "indent": 1}
    )
    response["Content-Disposition"] = f'attachment; filename="review-{slug}.json"'
    return response
