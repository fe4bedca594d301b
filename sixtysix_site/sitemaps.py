"""The sitemap of the pages that are no content row: home and the apps' index pages."""

from django.urls import reverse

from content.sitemaps import I18nSitemap


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
