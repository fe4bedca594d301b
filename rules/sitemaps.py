from django.contrib.sitemaps import Sitemap

from .models import Variant


class VariantSitemap(Sitemap):
    """Every variant page in every language, with hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self):
        return Variant.objects.order_by("order")
