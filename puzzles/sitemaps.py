from django.urls import reverse

from content.sitemaps import I18nSitemap

from .models import Puzzle


class PuzzleSitemap(I18nSitemap):
    """The puzzle list and every puzzle's start page, in every language."""

    def items(self):
        return ["index", *Puzzle.objects.order_by("number")]

    def location(self, item):
        return reverse("puzzles:index") if item == "index" else item.get_absolute_url()
