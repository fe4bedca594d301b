"""Request middleware of the site itself."""

import functools
import inspect
import logging
import re
import threading
import time

from django.conf import settings
from django.db import InterfaceError, InternalError, OperationalError
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

# Django knows nb but not no; and nn readers are better served by Bokmål than by English.
NORWEGIAN = re.compile(r"(?<![\w-])(?:no|nn|nb)(?:-[A-Za-z0-9]+)*(?=\s*(?:;|,|$))", re.IGNORECASE)


class NorwegianAcceptLanguageMiddleware:
    """Rewrite every Norwegian tag in Accept-Language to nb, keeping its quality value.

    Django's matching sends `no`, `no-NO`, `nn` and `nn-NO` to English because only `nb` is
    in LANGUAGES; placed before LocaleMiddleware this makes them all land on /nb/.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = request.META.get("HTTP_ACCEPT_LANGUAGE")
        if header:
            request.META["HTTP_ACCEPT_LANGUAGE"] = NORWEGIAN.sub("nb", header)
        return self.get_response(request)


AXES_USERNAME_LENGTH = 255  # django-axes' column; PostgreSQL refuses a longer value (a 500)


def axes_username(request, credentials=None) -> str | None:
    """The username django-axes counts failures under, cut to what its table holds."""
    source = credentials or getattr(request, "POST", {}) or {}
    username = source.get(getattr(settings, "AXES_USERNAME_FORM_FIELD", "username"))
    return None if username is None else str(username)[:AXES_USERNAME_LENGTH]


class BadHostFilter(logging.Filter):
    """Django logs every bad Host header at ERROR with a traceback: an attacker's 3,000-character
    Host made kilobytes of log a request. This keeps one WARNING line per host a minute, with
    the host cut short and no traceback."""

    PERIOD = 60.0
    MAX_HOSTS = 1000

    def __init__(self):
        super().__init__()
        self._seen: dict[str, float] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        host = str(request and request.META.get("HTTP_HOST", ""))
        host = host[:100]
        now = time.monotonic()
        with self._lock:
            if now < self._seen.get(host, 0.0):
                return False
            if len(self._seen) >= self.MAX_HOSTS:
                self._seen = {h: t for h, t in self._seen.items() if t > now}
            self._seen[host] = now + self.PERIOD
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = None
        record.msg, record.args = "Refused Host header %r (once a minute per host)", (host,)
        return True


class NulInputMiddleware:
    """A NUL character in a query or form value is refused with 400 before any view reads it:
    PostgreSQL cannot store or compare it (`/admin/rules/variant/?family=%00` was a 500)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        data = [request.GET]
        if request.method == "POST" and request.content_type in (
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ):
            data.append(request.POST)
        for query in data:
            for key, values in query.lists():
                if "\x00" in key or any("\x00" in value for value in values):
                    message = _("This address or form holds a character that no page accepts.")
                    return render(request, "403.html", {"message": message}, status=400)
        return self.get_response(request)


@functools.cache
def allowed_methods(view) -> tuple[str, ...] | None:
    """The methods a view takes, as its require_http_methods/require_safe decorator says.

    Read from the decorator's closure (walking functools.wraps' __wrapped__ chain); None when
    the view does not say, and then the view decides itself.
    """
    func = view
    while func is not None:
        methods = getattr(func, "allowed_methods", None)
        if methods is None and getattr(func, "__closure__", None):
            methods = inspect.getclosurevars(func).nonlocals.get("request_method_list")
        if methods is not None:
            return tuple(methods)
        func = getattr(func, "__wrapped__", None)
    return None


class MethodNotAllowedMiddleware:
    """Answer 405 with Allow for a method the view does not take, before the CSRF check.

    CsrfViewMiddleware rejects a PUT or DELETE without a token with 403 before the view's
    require_safe can say 405; placed before it, this gives the right status. A POST without
    a token to a view that takes POST still meets the CSRF check (403).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        methods = allowed_methods(view_func)
        if methods is not None and request.method not in methods:
            return HttpResponseNotAllowed(methods)
        return None


# Connection failures and a read-only database (PostgreSQL reports writes refused by a hot
# standby or default_transaction_read_only as InternalError). IntegrityError and
# ProgrammingError are bugs, not outages: they stay 500s.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError, InternalError)


RETRY_AFTER = 60  # seconds: a restart or a failover, not maintenance


def database_unavailable(exc: BaseException | None) -> bool:
    return isinstance(exc, DATABASE_UNAVAILABLE)


def service_unavailable(request) -> HttpResponse:
    """The translated 503 page, rendered without touching the database."""

    content: str
    try:
        content = loader.render_to_string("503.html", request=request)
    except Exception:
        content = "Service temporarily unavailable. Please try again in a minute."
        response = HttpResponse(content, status=503, content_type="text/plain; charset=utf-8")
    else:
        response = HttpResponse(content, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """A view that cannot reach the database, or may not write to it, answers 503.

    Pages that need no database (robots.txt, static files, pages in the page cache) are
    served as usual; failures outside views reach handler500, which also answers 503.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not database_unavailable(exception):
            return None
        logger.warning(
            "Database unavailable, 503 for %s %s: %s", request.method, request.path, exception
        )
        return service_unavailable(request)
