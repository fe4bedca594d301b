from sixtysix_site.sitemaps import I18nSitemap

from .models import Puzzle


class PuzzleSitemap(I18nSitemap):
    """Every puzzle's start page, in every language."""

    def items(self):
        return Puzzle.objects.order_by("number")
