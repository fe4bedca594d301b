"""sitemap.xml: rendered once per content version, gzipped, whatever the query or Host port.

Its 785 URLs with their alternates make 1.4 MB and ~0.6 s of rendering; rendered again for
any unknown parameter or port it let a few clients slow the whole site. Here it is rendered
for the canonical host without a query, once per content version and scheme (one render at
a time per process), kept gzipped in the cache and in the process, and sent gzipped to
clients that take it (plain otherwise). Each client may fetch it SITEMAP_RATE times a
window (setting SITEMAP_RATE overrides), counted in the shared store like the practice
posts; guard.middleware refuses the rest before anything else runs.
"""

import copy
import gzip
import hashlib
import threading

from django.conf import settings
from django.contrib.sitemaps.views import sitemap
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.views.decorators.http import require_safe

from content.page_cache import _cache_call, _cache_get, canonical_host, content_version
from guard import limits
from guard.clients import client_ip
from guard.middleware import TOO_MANY, refusal

SITEMAP_RATE = 30  # fetches per client and window
SITEMAP_WINDOW = 600

_memo: dict[str, tuple[bytes, str]] = {}
_lock = threading.Lock()
TTL = 24 * 60 * 60


def _render(request, sitemaps) -> tuple[bytes, str]:
    """The sitemap as the canonical host without a query sees it: (gzipped XML, ETag)."""
    plain = copy.copy(request)
    plain.META = {**request.META, "HTTP_HOST": canonical_host(request), "QUERY_STRING": ""}
    plain.GET = QueryDict()
    response = sitemap(plain, sitemaps)
    response.render()
    etag = quote_etag(hashlib.sha256(response.content).hexdigest()[:32])
    return gzip.compress(response.content, compresslevel=6, mtime=0), etag


def _entry(request, sitemaps) -> tuple[bytes, str]:
    version = content_version()
    key = f"sitemap:{version}:{request.scheme}:{canonical_host(request)}"
    entry = _memo.get(key)
    if entry is not None:
        return entry
    with _lock:  # the other threads of this process wait for the one render
        entry = _memo.get(key) or _cache_get(key)
        if entry is None:
            entry = _render(request, sitemaps)
            _cache_call(cache.set, key, entry, TTL)
        if version is not None:
            _memo.clear()  # only the current version's sitemap is kept in the process
            _memo[key] = entry
    return entry


def _limited(request) -> HttpResponse | None:
    """The 429 for a client past its allowance; None when it may fetch (also when the shared
    store cannot count: the sitemap costs little once kept, so it is served)."""
    try:
        limits.take("sitemap", client_ip(request) or "unknown", _rate(), SITEMAP_WINDOW)
    except limits.Limited:
        return refusal(request, None, TOO_MANY["sitemap"], SITEMAP_WINDOW)
    except limits.Unavailable:
        pass
    return None


def _rate() -> int:
    return int(getattr(settings, "SITEMAP_RATE", SITEMAP_RATE))


@require_safe
def sitemap_xml(request, sitemaps):
    refused = _limited(request)
    if refused is not None:
        return refused
    body, etag = _entry(request, sitemaps)
    response: HttpResponse
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    elif "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(body, content_type="application/xml")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(body), content_type="application/xml")
    response["ETag"] = etag
    patch_vary_headers(response, ["Accept-Encoding"])
    patch_cache_control(response, no_cache=True, public=True)
    return response
