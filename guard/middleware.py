"""Costly requests refused early and cheaply: before sessions, CSRF, the database or a template.

A practice post (a move, "Next deal", "New match") or a hint makes the computer or the
solver work for 0.1 to 0.9 s. The views count them (guard.limits.take) and take a
machine-wide slot; this middleware, placed before the session middleware, answers at once
and without rendering a page:

- 429, with the view's sentence, when the client already used up its allowance this
  window (limits.blocked: one read of the shared store, nothing counted; the view counts);
- 429 when the client already has MAX_IN_FLIGHT costly requests running in this process,
  so one client cannot hold every thread of a worker while others wait for a page.

The sitemap is counted the same way (sixtysix_site/sitemap_view.py): it is served from
memory, but each answer is a large body, and a robot needs it once a day, not hundreds of
times a second.
"""

import re
import threading
from collections import Counter
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from . import limits
from .clients import client_ip

MAX_IN_FLIGHT = 2  # costly requests of one client running at once in one process
RETRY_AFTER = 5
COSTLY_PATH = re.compile(r"^/(?:(?P<lang>[a-z]{2})/)?practice/[\w-]+/$", re.ASCII)
LINK_KEYS = ("deal", "house", "from")  # a GET with one of these deals a new match
SITEMAP_PATH = "/sitemap.xml"
# The views' own sentences (practice/views.py), so an early refusal reads as a late one.
TOO_MANY = {
    "play": gettext_noop("You have sent many moves in a short time. Try again in a minute."),
    "hint": gettext_noop("You have asked for many hints in a short time. Try again in a minute."),
    "deal": gettext_noop(
        "You have opened many new deals in a short time. Try again in a few minutes."
    ),
    "sitemap": gettext_noop(
        "You have fetched the sitemap many times in a short time. It changes only when the "
        "site's content does. Try again in a few minutes."
    ),
}
CROWDED = gettext_noop("Your earlier requests are still being answered. Try again in a moment.")


def costly(request: HttpRequest) -> tuple[str | None, str] | None:
    """The page's language (None: the default) and the view's bucket when the request makes
    the computer or the solver work (a post plays, a hint asks the solver, a link deals a
    new match) or fetches the sitemap."""
    if request.method in ("GET", "HEAD") and request.path_info == SITEMAP_PATH:
        return None, "sitemap"
    if request.method == "POST":
        bucket = "play"
    elif request.method != "GET":
        return None
    elif "hint" in request.GET:
        bucket = "hint"
    elif any(key in request.GET for key in LINK_KEYS):
        bucket = "deal"
    else:
        return None
    match = COSTLY_PATH.match(request.path_info)
    return None if match is None else (match.group("lang"), bucket)


class CostlyRequestMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._running: Counter[str] = Counter()
        self._lock = threading.Lock()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = costly(request)
        if found is None:
            return self.get_response(request)
        lang, bucket = found
        client = client_ip(request) or "unknown"
        window = limits.blocked((bucket,), client)
        if window:
            return refusal(request, lang, TOO_MANY[bucket], window)
        with self._lock:
            if self._running[client] >= MAX_IN_FLIGHT:
                crowded = True
            else:
                crowded = False
                self._running[client] += 1
        if crowded:
            return refusal(request, lang, CROWDED, RETRY_AFTER)
        try:
            return self.get_response(request)
        finally:
            with self._lock:
                self._running[client] -= 1
                if self._running[client] <= 0:
                    del self._running[client]


def refusal(request: HttpRequest, lang: str | None, message: str, retry_after: int) -> HttpResponse:
    """A one-line 429 in the page's language (the default one without), without a session
    or a template; the live table (practice/live.py) gets it as its note. The sitemap view
    answers its own first refusal with it too."""
    if lang not in dict(settings.LANGUAGES):
        lang = settings.LANGUAGE_CODE
    with translation.override(lang):
        text = _(message)
    response: HttpResponse
    if "application/json" in request.headers.get("Accept", ""):
        response = JsonResponse({"note": text, "events": []}, status=429)
    else:
        response = HttpResponse(text, status=429, content_type="text/plain; charset=utf-8")
    patch_vary_headers(response, ["Accept"])
    response["Retry-After"] = str(retry_after)
    return response
