"""Tutorial pages and the "your move" check: views parse, call one service, render."""

import json

from django.http import Http404, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from sixtysix import Action, EngineError

from content.page_cache import cached_page, flag

from . import services

MAX_BODY = 2048  # a move is a few dozen bytes; anything much larger is not a move


@require_safe
@cached_page()
def tutorial_index(request):
    """The course map: the groups in order, each lesson with its variant and moves to make."""
    course = services.course_map()
    return render(request, "tutorial/index.html", {"course": course, "nav": "tutorials"})


@require_safe
def tutorial_start(request, slug):
    tutorial = services.tutorial_get(slug=slug)
    return redirect("tutorial:step", slug=tutorial.slug, number=1)


def _tried_action(request, tutorial):
    """The move in ?try=play-QH (the no-JavaScript form of "your move"), if any."""
    key = request.GET.get("try")
    if key is None:
        return None
    try:
        return Action.from_key(key[:20], tutorial.you).to_dict()
    except (EngineError, ValueError):
        return False


@require_safe
@cached_page(query={"reveal": flag})
def tutorial_step(request, slug, number):
    tutorial = services.tutorial_get(slug=slug)
    view = services.step_view(tutorial=tutorial, number=number, reveal="reveal" in request.GET)
    verdict, status = None, 200
    tried = _tried_action(request, tutorial)
    if tried is False:
        verdict = services.Verdict(False, False, _("That is not a move of this game."), "bad_move")
        status = 400
    elif tried and view.choices:
        tried.pop("player", None)
        verdict = services.move_check(tutorial=tutorial, number=number, action=tried)
    context = {"view": view, "verdict": verdict, "nav": "tutorials"}
    return render(request, "tutorial/step.html", context, status=status)


@require_safe
def csrf_token(request):
    """The CSRF token for the move check, fetched by the script so that the step pages
    themselves carry no per-visitor token and can be cached for everyone."""
    response = JsonResponse({"token": get_token(request)})
    response["Cache-Control"] = "no-store"
    return response


def _json_error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"correct": False, "legal": False, "message": message}, status=status)


def move_check(request, slug, number):
    """Check the reader's move: 200 with the verdict, 422 when the rules refuse it, 4xx on
    malformed input. Nothing is stored."""
    if request.method != "POST":
        response = _json_error(405, _("Send the move with POST."))
        response["Allow"] = "POST"
        return response
    try:
        tutorial = services.tutorial_get(slug=slug)
        view = services.step_view(tutorial=tutorial, number=number)
    except Http404 as exc:
        return _json_error(404, str(exc))
    if not view.choices:
        return _json_error(400, _("There is no move to choose at this step."))
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = MAX_BODY + 1
    body = request.read(MAX_BODY + 1) if length <= MAX_BODY else b""
    if length > MAX_BODY or len(body) > MAX_BODY:
        return _json_error(413, _("The request is too large to be a move."))
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return _json_error(400, _("The request is not valid JSON."))
    if not isinstance(data, dict):
        return _json_error(400, _("The request must be a JSON object describing one move."))
    data.setdefault("player", tutorial.you)
    try:
        action = Action.from_dict(data)
    except EngineError:
        return _json_error(400, _("That is not a move of this game."))
    verdict = services.move_check(tutorial=tutorial, number=number, action=action.to_dict())
    status = 200 if verdict.legal else 422
    return JsonResponse(
        {
            "correct": verdict.correct,
            "legal": verdict.legal,
            "code": verdict.code,
            "message": verdict.message,
        },
        status=status,
    )
