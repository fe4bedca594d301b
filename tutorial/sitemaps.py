from django.contrib.sitemaps import Sitemap

from .models import TutorialStep


class TutorialStepSitemap(Sitemap):
    """Every tutorial step has its own URL, in every language."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self):
        return TutorialStep.objects.select_related("tutorial").order_by("tutorial__order", "number")
