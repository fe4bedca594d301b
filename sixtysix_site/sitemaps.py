"""An i18n sitemap: one <loc> per language with hreflang alternates and x-default."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse


class I18nSitemap(Sitemap):
    """Every page in every language, each listing the others as hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"


class StaticPagesSitemap(I18nSitemap):
    def items(self):
        return [
            "home",
            "rules:variant_list",
            "rules:compare",
            "rules:glossary",
            "tutorial:index",
            "practice:index",
        ]

    def location(self, item):
        return reverse(item)
