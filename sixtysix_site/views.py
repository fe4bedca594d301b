"""Site-wide pages: home, robots.txt, favicon, the error pages and the admin lockout."""

import sys

from django.conf import settings
from django.http import HttpResponse, HttpResponseServerError, JsonResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from content.page_cache import cached_page
from puzzles.services import daily_puzzle
from rules.models import Variant
from tutorial.services import first_lesson

from .middleware import database_unavailable, service_unavailable


@require_safe
@cached_page(daily=True)
def home(request):
    context = {
        "variant_count": Variant.objects.count(),
        "daily": daily_puzzle(),
        "first_lesson": first_lesson(),
    }
    return render(request, "home.html", context)


@require_safe
def robots_txt(request):
    """Everything may be crawled; the admin's address is not named (it is not linked either).

    Needs neither the database nor the cache, so it answers while they are down.
    """
    sitemap = request.build_absolute_uri(reverse("sitemap"))
    lines = ["User-agent: *", "Disallow:", "", f"Sitemap: {sitemap}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_safe
def favicon(request):
    return redirect(static("img/favicon.svg"), permanent=True)


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    """Render the friendly 500 page, falling back to plain text if even that fails.

    A failure outside a view for want of the database (a session saved to a read-only
    database, say) is an outage, not a bug: it answers the 503 page instead.
    """
    if database_unavailable(sys.exc_info()[1]):
        return service_unavailable(request)
    try:
        return HttpResponseServerError(loader.render_to_string("500.html", request=request))
    except Exception:
        return HttpResponseServerError("Server error", content_type="text/plain")


def csrf_failure(request, reason=""):
    """A refused form or move check without a valid CSRF token: 403 in the reader's language."""
    message = _(
        "Your browser did not send the security token of this page. Reload the page and try again."
    )
    if request.path.endswith("/check/") or "json" in request.headers.get("Content-Type", ""):
        return JsonResponse({"correct": False, "legal": False, "message": message}, status=403)
    return render(request, "403.html", {"message": message}, status=403)


def locked_out_message(minutes: int) -> str:
    """Why an admin login is refused, and for how long, in the active language."""
    return ngettext(
        "Too many failed sign-in attempts for this account or from this address. "
        "Signing in is blocked for %(minutes)d minute; try again after that.",
        "Too many failed sign-in attempts for this account or from this address. "
        "Signing in is blocked for %(minutes)d minutes; try again after that.",
        minutes,
    ) % {"minutes": minutes}


def admin_locked_out(request, original_response=None, credentials=None):
    """django-axes refused an admin login: 429 with the wait, in the reader's language."""
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    message = locked_out_message(minutes)
    response = render(request, "403.html", {"message": message}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
