"""Site-wide pages: home, robots.txt, favicon and the error pages."""

from django.http import HttpResponse, HttpResponseServerError
from django.shortcuts import redirect, render
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_safe

from rules.models import Variant


@require_safe
def home(request):
    return render(request, "home.html", {"variant_count": Variant.objects.count()})


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
    except Exception:  # noqa: BLE001 - the error page must never raise itself
        return HttpResponseServerError("Server error", content_type="text/plain")
