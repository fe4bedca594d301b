"""An i18n sitemap: one <loc> per language with hreflang alternates and x-default."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse


class StaticPagesSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

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
