from content.sitemaps import I18nSitemap

from .models import Variant


class VariantSitemap(I18nSitemap):
    """Every variant page in every language, with hreflang alternates."""

    def items(self):
        return Variant.objects.order_by("order")
