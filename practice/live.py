"""The live table's answers: the same views, answered as JSON for the page's script.

A script that sends `Accept: application/json` gets the table the page would show (the
server-rendered fragment, the very template of the page) and the events that led to it
(events.py), instead of a redirect and a new page. The fragment and the events carry only
what the reader's seat may see, exactly as the page does.
"""

from django.http import JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers

FRAGMENT = "practice/includes/play.html"


def wants_json(request) -> bool:
    """The page's script asks for the live answer; a form (no script) never does."""
    return "application/json" in request.headers.get("Accept", "")


def live_answer(request, context: dict, *, status: int = 200, events=()) -> JsonResponse:
    html = render_to_string(FRAGMENT, context, request=request)
    response = JsonResponse({"html": html, "events": list(events)}, status=status)
    patch_vary_headers(response, ["Accept"])
    return response


def live_note(message: str, *, status: int) -> JsonResponse:
    """A short answer without a table (the page keeps the one it shows)."""
    response = JsonResponse({"note": message, "events": []}, status=status)
    patch_vary_headers(response, ["Accept"])
    return response
