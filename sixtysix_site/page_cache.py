"""Per-language page caching for content that changes only when editors or the loader do.

A rendered page is stored under its full path (language prefix included) and the current
content version; any save or delete of a content row bumps the version, so the next request
renders afresh. Responses carry an ETag and `Cache-Control: no-cache`, so browsers and
proxies keep a copy but revalidate it with a cheap 304.
"""

import contextlib
import hashlib
import threading
from functools import wraps

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags, quote_etag

from .models import ContentVersion

PAGE_TTL = 24 * 60 * 60
_state = threading.local()


def cached_page(*, query_keys: tuple[str, ...] = ()):
    """Cache a GET view's 200 responses; only the listed query parameters may vary it."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            cacheable = request.method in ("GET", "HEAD") and set(request.GET) <= set(query_keys)
            if not cacheable:
                return view(request, *args, **kwargs)
            version = ContentVersion.current()
            path = request.get_full_path()
            key = "page:" + hashlib.sha256(f"{version}:{path}".encode()).hexdigest()
            stored = cache.get(key)
            if stored is None:
                response = view(request, *args, **kwargs)
                if response.status_code != 200 or response.streaming or response.cookies:
                    return response
                etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
                stored = (response.content, response["Content-Type"], etag)
                cache.set(key, stored, PAGE_TTL)
            content, content_type, etag = stored
            if etag in parse_etags(request.headers.get("If-None-Match", "")):
                response = HttpResponseNotModified()
            else:
                response = HttpResponse(content, content_type=content_type)
            response["ETag"] = etag
            patch_cache_control(response, no_cache=True, public=True)
            return response

        return wrapper

    return decorator


@contextlib.contextmanager
def one_version_bump():
    """Inside this block content saves do not bump the version; it is bumped once after."""
    _state.quiet = True
    try:
        yield
    finally:
        _state.quiet = False
    ContentVersion.bump()


def _content_changed(sender, **kwargs):
    if not getattr(_state, "quiet", False):
        ContentVersion.bump()


def connect_signals(models) -> None:
    for model in models:
        post_save.connect(_content_changed, sender=model, dispatch_uid=f"bump-{model.__name__}")
        post_delete.connect(_content_changed, sender=model, dispatch_uid=f"bump-d-{model.__name__}")
