from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "sixtysix_site"
    verbose_name = "Sixty-Six"

    def ready(self):
        from rules.models import GlossaryTerm, RuleSection, Source, Variant
        from tutorial.models import Tutorial, TutorialStep

        from . import limits
        from .page_cache import connect_signals

        limits.connect()

        connect_signals([Variant, RuleSection, Source, GlossaryTerm, Tutorial, TutorialStep])
