from content.sitemaps import I18nSitemap

from .models import TutorialStep


class TutorialStepSitemap(I18nSitemap):
    """Every tutorial step has its own URL, in every language."""

    def items(self):
        return TutorialStep.objects.select_related("tutorial").order_by("tutorial__order", "number")
