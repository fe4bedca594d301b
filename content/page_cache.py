"""Per-language page caching for content that changes only when editors or the loader do.

Views that may be cached say so with @cached_page, naming the query parameters they read and
how each is made canonical. PageCacheMiddleware (placed right after WhiteNoise) resolves the
URL to its view first: only such views are looked up, under a key built from the scheme, the
host, the path, the canonical query and the current content version. A request whose query
is not canonical (`?reveal=anything`, `?players=03`) is answered from the canonical page's
entry, never stored under its own; a parameter the view does not name bypasses the cache.

The key's host is the canonical one (canonical_host: never the Host header's port), and only
a request for that host stores its rendering. Pages without a query are a bounded set and
always stored; pages with one (rare combinations) at most settings.PAGE_CACHE_MAX_PAGES and
PAGE_CACHE_MAX_BYTES per content version, each living PAGE_TTL, on Redis too, so a flood of
combinations cannot fill the cache nor keep the ordinary pages out. Any save or delete of
a content row bumps the version, so the next request renders afresh. Responses carry an
ETag and `Cache-Control: no-cache`: browsers and proxies keep a copy but revalidate it with
a cheap 304.

The cache never makes a page fail: if the version cannot be read (the database is down) the
last known one is used, from this process or from the cache; if the cache is down, pages are
rendered as if nothing were cached.
"""

import contextlib
import datetime
import hashlib
import logging
import re
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse, HttpResponseNotModified
from django.http.request import split_domain_port
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags, quote_etag

from .models import ContentVersion

logger = logging.getLogger(__name__)

PAGE_TTL = 24 * 60 * 60
# How long a process trusts its copy of the content version before asking the database
# again: a change made by another process (load_content, another app server) shows within it.
VERSION_TTL = 1.0
# The last version read from the database, for processes that start while it is down.
VERSION_KEY = "page:version"
SKIPPED_HEADERS = {"set-cookie", "date"}
_state = threading.local()
_version: dict[str, Any] = {"number": None, "until": 0.0}

# A canonicaliser takes a parameter's values (as in request.GET.getlist) and returns the
# canonical values ([] drops the parameter), or None: "not a page worth storing".
Canonicaliser = Callable[[list[str]], list[str] | None]


def flag(values: list[str]) -> list[str]:
    """A parameter whose presence is all that counts (`?reveal`)."""
    return ["1"]


def small_int(low: int, high: int) -> Canonicaliser:
    """One whole number, read as the view reads it (the last value), that it ignores when it
    is outside [low, high]; anything but plain digits is left to the view, uncached."""

    def canonical(values: list[str]) -> list[str] | None:
        value = values[-1].strip()
        if not (value.isascii() and value.isdigit()):
            return None
        return [str(int(value))] if low <= int(value) <= high else []

    return canonical


SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


def slug_set(max_items: int) -> Canonicaliser:
    """Up to max_items slugs, each once, sorted: a view that reads them as a set (the order
    of the URL changes nothing on the page), so every ordering shares one entry."""

    def canonical(values: list[str]) -> list[str] | None:
        slugs = sorted(set(values))
        if not slugs or len(slugs) > max_items or not all(SLUG.fullmatch(s) for s in slugs):
            return None
        return slugs

    return canonical


def as_given(values: list[str]) -> list[str] | None:
    """The last value, kept as it is (for parameters without a stricter rule)."""
    return [values[-1]] if len(values[-1]) <= 50 else None


def content_version() -> int | None:
    """The content version, at most VERSION_TTL old; None if it cannot be known now."""
    now = time.monotonic()
    if _version["number"] is not None and now < _version["until"]:
        return _version["number"]
    try:
        number = ContentVersion.current()
    except DatabaseError as exc:
        # Keep serving what is stored: the last number this process saw, else the cache's.
        number = _version["number"] if _version["number"] is not None else _cache_get(VERSION_KEY)
        logger.warning("Content version unreadable (%s); using %s", exc, number)
    else:
        if number != _version["number"]:
            _cache_call(cache.set, VERSION_KEY, number, None)
    _version["number"] = number
    _version["until"] = now + VERSION_TTL
    return number


def forget_content_version() -> None:
    """Ask the database next time (after a bump here, or when tests roll the database back)."""
    _version["number"] = None


def _cache_call(method, *args):
    try:
        return method(*args)
    except Exception as exc:  # a cache that is down must not take the pages with it
        logger.warning("Page cache unavailable: %s", exc)
        return None


def _cache_get(key: str):
    return _cache_call(cache.get, key)


def _key(version: int, url: str) -> str:
    return "page:" + hashlib.sha256(f"{version}:{url}".encode()).hexdigest()


def _count_key(version: int) -> str:
    return f"page:count:{version}"


def _bytes_key(version: int) -> str:
    return f"page:bytes:{version}"


def canonical_host(request) -> str:
    """The host pages are rendered for and keyed on: settings.CANONICAL_HOST, else the
    request's host name with the port this server listens on, never the Host header's port
    (30 ports made 30 copies of every page)."""
    if settings.CANONICAL_HOST:
        return settings.CANONICAL_HOST
    domain, _port = split_domain_port(request.get_host())
    if ":" in domain and not domain.startswith("["):
        domain = f"[{domain}]"
    port = request.META.get("SERVER_PORT", "")
    default = "443" if request.is_secure() else "80"
    return domain if port in ("", default) else f"{domain}:{port}"


def cached_page(
    *,
    query: dict[str, Canonicaliser] | None = None,
    query_keys: tuple[str, ...] = (),
    daily: bool = False,
):
    """Mark a GET view's 200 responses as cacheable.

    `query` names the parameters the view reads and how each is made canonical;
    `query_keys` is the short form for parameters kept as given. `daily` pages change
    with the UTC date (the puzzle of the day), so the date is part of their key.
    """
    spec = {**{name: as_given for name in query_keys}, **(query or {})}

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            response = view(request, *args, **kwargs)
            if set(request.GET) <= set(spec):
                response.page_cacheable = True
            return response

        wrapper.page_cache_query = spec  # type: ignore[attr-defined]  # read by _view's caller
        wrapper.page_cache_daily = daily  # type: ignore[attr-defined]  # read by the middleware
        return wrapper

    return decorator


def canonical_query(request, spec: dict[str, Canonicaliser]) -> str | None:
    """The request's query in canonical form, or None when it is not to be cached."""
    if not set(request.GET) <= set(spec):
        return None
    pairs = []
    for name, canonical in spec.items():
        if name in request.GET:
            values = canonical(request.GET.getlist(name))
            if values is None:
                return None
            pairs += [(name, value) for value in values]
    return urlencode(pairs)


def _view(request):
    """The view function this path resolves to, without running it (None: no view)."""
    language = translation.get_language_from_path(request.path_info)
    with translation.override(language or settings.LANGUAGE_CODE):
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
    return match.func


def view_query_spec(request) -> dict[str, Canonicaliser] | None:
    """The @cached_page spec of the view this path resolves to, without running the view."""
    return getattr(_view(request), "page_cache_query", None)


def _finish(request, content: bytes, headers: list[tuple[str, str]], etag: str):
    response: HttpResponse
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(content)
        for name, value in headers:
            response[name] = value
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, public=True)
    return response


def _within_budget(version: int, size: int) -> bool:
    """Count one more rare page (a query combination) of `size` bytes against this version's
    PAGE_CACHE_MAX_PAGES and PAGE_CACHE_MAX_BYTES; False once either is spent."""
    counter, weight = _count_key(version), _bytes_key(version)
    _cache_call(cache.add, counter, 0, PAGE_TTL)
    _cache_call(cache.add, weight, 0, PAGE_TTL)
    try:
        count = cache.incr(counter)
        total = cache.incr(weight, size)
    except Exception as exc:  # evicted between add and incr, or the cache is down
        logger.warning("Page cache counter unavailable: %s", exc)
        return False
    return count <= settings.PAGE_CACHE_MAX_PAGES and total <= settings.PAGE_CACHE_MAX_BYTES


def _store(version: int, key: str, stored, *, ordinary: bool) -> bool:
    """Store one page. Ordinary pages (no query: a bounded set, the pages every reader sees)
    are always stored; rare combinations only within the version's budget, so a flood of
    them can neither fill the cache nor push the ordinary pages out."""
    if not ordinary and not _within_budget(version, len(stored[0])):
        return False
    _cache_call(cache.set, key, stored, PAGE_TTL)
    return True


class PageCacheMiddleware:
    """Serve stored pages early; store the finished responses of @cached_page views."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        view = _view(request)
        spec = getattr(view, "page_cache_query", None)
        query = None if spec is None else canonical_query(request, spec)
        version = None if query is None else content_version()
        if version is None:
            return self.get_response(request)
        # Pages hold absolute links (hreflang), so the scheme and host are part of the key.
        host = canonical_host(request)
        url = f"{request.scheme}://{host}{request.path}?{query}"
        if getattr(view, "page_cache_daily", False):
            url += "#" + datetime.datetime.now(datetime.UTC).date().isoformat()
        key = _key(version, url)
        stored = _cache_get(key)
        if stored is not None:
            return _finish(request, *stored)
        response = self.get_response(request)
        if (
            getattr(response, "page_cacheable", False)
            and response.status_code == 200
            and not response.streaming
            and not response.cookies
            # Only the canonical request's own rendering is stored (its links echo its query
            # and its host); other hosts and orderings get it once it is stored.
            and request.META.get("QUERY_STRING", "") == query
            and request.get_host() == host
        ):
            etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
            headers = [(k, v) for k, v in response.items() if k.lower() not in SKIPPED_HEADERS]
            stored = (response.content, headers, etag)
            _store(version, key, stored, ordinary=query == "")
            return _finish(request, *stored)
        return response


@contextlib.contextmanager
def one_version_bump():
    """Inside this block content saves do not bump the version; it is bumped once after,
    and only if a content row was saved or deleted, so a load that writes nothing keeps
    every cached page."""
    _state.quiet, _state.dirty = True, False
    try:
        yield
    finally:
        _state.quiet = False
    if _state.dirty:
        ContentVersion.bump()
        forget_content_version()


def _content_changed(sender, **kwargs):
    if getattr(_state, "quiet", False):
        _state.dirty = True
    else:
        ContentVersion.bump()
        forget_content_version()


def connect_signals(models) -> None:
    for model in models:
        post_save.connect(_content_changed, sender=model, dispatch_uid=f"bump-{model.__name__}")
        post_delete.connect(_content_changed, sender=model, dispatch_uid=f"bump-d-{model.__name__}")
