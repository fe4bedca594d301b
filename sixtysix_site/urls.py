"""Root URLconf: language-neutral files outside, every page under a language prefix."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from puzzles.sitemaps import PuzzleSitemap
from rules.sitemaps import VariantSitemap
from tutorial.sitemaps import TutorialStepSitemap

from . import views
from .sitemap_view import sitemap_xml
from .sitemaps import StaticPagesSitemap

sitemaps = {
    "pages": StaticPagesSitemap,
    "variants": VariantSitemap,
    "tutorials": TutorialStepSitemap,
    "puzzles": PuzzleSitemap,
}

urlpatterns = [
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("favicon.ico", views.favicon),
    # 785 URLs with their alternates: rendered once per content version (sitemap_view).
    path("sitemap.xml", sitemap_xml, {"sitemaps": sitemaps}, name="sitemap"),
    path(settings.ADMIN_URL, admin.site.urls),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("", include("rules.urls")),
    path("", include("tutorial.urls")),
    path("", include("practice.urls")),
    path("", include("puzzles.urls")),
    path("", include("tables.urls")),
    path("", include("training.urls")),
    prefix_default_language=True,
)

handler404 = "sixtysix_site.views.page_not_found"
handler500 = "sixtysix_site.views.server_error"
