from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = _("Tutorials")

    def ready(self):
        """Register the lessons with the content pipeline, and let practice start from a
        lesson's final position (`?from=lesson:<slug>`)."""
        from content.registry import register

        from .content_source import SOURCE

        register(SOURCE)
        from practice.positions import register_position_source

        from .start_positions import PREFIX, resolve_lesson

        register_position_source(PREFIX, resolve_lesson)
