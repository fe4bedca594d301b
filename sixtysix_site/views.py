"""Site-wide pages: home, robots.txt, favicon and the error pages."""

from django.http import HttpResponse, HttpResponseServerError, JsonResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from puzzles.services import daily_puzzle
from rules.models import Variant

from .page_cache import cached_page


@require_safe
@cached_page()
def home(request):
    context = {"variant_count": Variant.objects.count(), "daily": daily_puzzle()}
    return render(request, "home.html", context)


@require_safe
def robots_txt(request):
    sitemap = request.build_absolute_uri(reverse("sitemap"))
    lines = ["User-agent: *", "Disallow: /admin/", "", f"Sitemap: {sitemap}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_safe
def favicon(request):
    return redirect(static("img/favicon.svg"), permanent=True)


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    """Render the friendly 500 page, falling back to plain text if even that fails."""
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
