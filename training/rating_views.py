"""Rated puzzles: the attempt token, the recorded attempt, the next puzzle at your level,
the streak and the themes dashboard.

The token and the attempt answer JSON for the puzzle page's script; every refusal is a
translated message with its status (400 bad input or token, 404 no such puzzle, 409 a
token used twice, 429 too many attempts), never a 500.
"""

from django.http import HttpResponseRedirect, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from guard import limits
from guard.clients import client_ip
from puzzles import services
from puzzles.models import Puzzle
from puzzles.wording import THEME_NAMES

from . import ratings
from .ratings import RATING_COOKIE, AttemptError

ATTEMPT_RATE = 20  # recorded attempts per client and minute
TOKEN_RATE = 60  # tokens per client and minute
WINDOW = 60
COOKIE_AGE = 365 * 24 * 3600


def _error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _messages() -> dict[str, tuple[str, int]]:
    return {
        "token": (_("This attempt cannot be recorded: reload the puzzle and try again."), 400),
        "too_fast": (_("That was too quick to be a real attempt."), 400),
        "used": (_("This attempt has already been recorded."), 409),
        "line": (_("Those moves do not finish an attempt at this puzzle."), 400),
    }


def _puzzle(number: int) -> Puzzle | None:
    return Puzzle.objects.select_related("variant").filter(number=number).first()


def _limited(request, bucket: str, rate: int) -> JsonResponse | None:
    try:
        limits.take(bucket, client_ip(request) or "unknown", rate, WINDOW)
    except limits.Limited:
        message = _("You have sent many attempts in a short time. Try again in a minute.")
        response = _error(message, 429)
        response["Retry-After"] = str(WINDOW)
        return response
    except limits.Unavailable:
        response = _error(_("Attempts cannot be recorded right now. Try again in a moment."), 503)
        response["Retry-After"] = "30"
        return response
    return None


@never_cache
@require_safe
def attempt_token(request, number):
    if _puzzle(number) is None:
        return _error(_("There is no puzzle number %(number)s.") % {"number": number}, 404)
    refused = _limited(request, "attempt-token", TOKEN_RATE)
    if refused:
        return refused
    # the CSRF token too: the puzzle page is cached for everyone and carries none
    return JsonResponse({"token": ratings.issue_token(number), "csrf": get_token(request)})


@never_cache
@require_POST
def attempt_record(request, number):
    puzzle = _puzzle(number)
    if puzzle is None:
        return _error(_("There is no puzzle number %(number)s.") % {"number": number}, 404)
    refused = _limited(request, "attempt", ATTEMPT_RATE)
    if refused:
        return refused
    player = ratings.reader_rating(request.COOKIES.get(RATING_COOKIE))
    keys = services.parse_line(request.POST.get("line", "")[:400])
    try:
        outcome = ratings.record(puzzle, request.POST.get("token", ""), keys, player)
    except AttemptError as exc:
        message, status = _messages()[exc.code]
        return _error(message, status)
    new = outcome.player
    response = JsonResponse(
        {
            "solved": outcome.solved,
            "rating": round(new.rating),
            "deviation": round(new.deviation),
            "change": round(new.rating - outcome.before.rating),
            "puzzle_rating": round(outcome.puzzle),
            "themes": list(puzzle.themes),
        }
    )
    _keep_rating(request, response, new)
    return response


def _keep_rating(request, response, rating) -> None:
    response.set_cookie(
        RATING_COOKIE,
        ratings.rating_cookie(rating),
        max_age=COOKIE_AGE,
        httponly=False,
        samesite="Lax",
        secure=request.is_secure(),
    )


def _skip(request) -> set[int]:
    raw = request.GET.get("skip", "")[:4000]
    return {int(p) for p in raw.split(",") if p.isdigit() and len(p) < 7}


@never_cache
@require_safe
def next_puzzle(request):
    """A puzzle at the reader's level (`?after=<rating>`: a streak's next, rated higher)."""
    player = ratings.reader_rating(request.COOKIES.get(RATING_COOKIE))
    above = None
    raw = request.GET.get("after", "")
    if raw:
        try:
            above = max(0.0, min(4000.0, float(raw[:8])))
        except ValueError:
            above = None
    target = above + 1 if above is not None else player.rating
    number = ratings.near(target, skip=_skip(request), above=above, seed=len(_skip(request)))
    if number is None:
        return HttpResponseRedirect(reverse("puzzles:index"))
    suffix = "#streak" if request.GET.get("streak") == "1" else ""
    return HttpResponseRedirect(reverse("puzzles:detail", args=[number]) + suffix)


def _themes():
    slugs = set(THEME_NAMES)
    for puzzle in Puzzle.objects.all():
        slugs |= set(puzzle.themes)
        theme = getattr(puzzle, "theme", "")
        if isinstance(theme, str) and theme:
            slugs.add(theme)
    return [(slug, str(THEME_NAMES.get(slug, slug.replace("-", " ")))) for slug in sorted(slugs)]


@never_cache
@require_safe
def dashboard(request):
    player = ratings.reader_rating(request.COOKIES.get(RATING_COOKIE))
    has_rating = RATING_COOKIE in request.COOKIES
    context = {
        "themes": _themes(),
        "rating": round(player.rating) if has_rating else None,
        "deviation": round(player.deviation),
        "nav": "puzzles",
    }
    return render(request, "training/dashboard.html", context)


@require_safe
def streak(request):
    return render(request, "training/streak.html", {"nav": "puzzles"})
