"""Per-language page caching for content that changes only when editors or the loader do.

Views that may be cached say so with @cached_page. The first time such a page is rendered,
PageCacheMiddleware (placed right after WhiteNoise) stores the finished response, headers
included, under its full path (language prefix included) and the current content version.
Later requests for that path are answered from the cache before the rest of the middleware
and the view run. Any save or delete of a content row bumps the version, so the next
request renders afresh. Responses carry an ETag and `Cache-Control: no-cache`: browsers and
proxies keep a copy but revalidate it with a cheap 304.
"""

import contextlib
import hashlib
import threading
import time
from functools import wraps

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags, quote_etag

from .models import ContentVersion

PAGE_TTL = 24 * 60 * 60
# How long a process trusts its copy of the content version before asking the database
# again: a change made by another process (load_content, another app server) shows within it.
VERSION_TTL = 1.0
SKIPPED_HEADERS = {"set-cookie", "date"}
_state = threading.local()
_version = {"number": None, "until": 0.0}


def content_version() -> int:
    now = time.monotonic()
    if _version["number"] is None or now >= _version["until"]:
        _version["number"] = ContentVersion.current()
        _version["until"] = now + VERSION_TTL
    return _version["number"]


def forget_content_version() -> None:
    """Ask the database next time (after a bump here, or when tests roll the database back)."""
    _version["number"] = None


def _key(path: str) -> str:
    return "page:" + hashlib.sha256(f"{content_version()}:{path}".encode()).hexdigest()


def cached_page(*, query_keys: tuple[str, ...] = ()):
    """Mark a GET view's 200 responses as cacheable when only these query keys are present."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            response = view(request, *args, **kwargs)
            if set(request.GET) <= set(query_keys):
                response.page_cacheable = True
            return response

        return wrapper

    return decorator


def _finish(request, content: bytes, headers: list[tuple[str, str]], etag: str):
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(content)
        for name, value in headers:
            response[name] = value
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, public=True)
    return response


class PageCacheMiddleware:
    """Serve stored pages early; store the finished responses of @cached_page views."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        # Pages hold absolute links (hreflang), so the scheme and host are part of the key.
        key = _key(f"{request.scheme}://{request.get_host()}{request.get_full_path()}")
        stored = cache.get(key)
        if stored is not None:
            return _finish(request, *stored)
        response = self.get_response(request)
        if (
            getattr(response, "page_cacheable", False)
            and response.status_code == 200
            and not response.streaming
            and not response.cookies
        ):
            etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
            headers = [(k, v) for k, v in response.items() if k.lower() not in SKIPPED_HEADERS]
            stored = (response.content, headers, etag)
            cache.set(key, stored, PAGE_TTL)
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
