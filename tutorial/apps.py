from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = _("Tutorials")

    def ready(self):
        """Let practice start from a lesson's final position (`?from=lesson:<slug>`)."""
        try:
            from practice.services import register_position_source
        except ImportError:
            return
        from .start_positions import PREFIX, resolve_lesson

        register_position_source(PREFIX, resolve_lesson)
