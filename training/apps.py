from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrainingConfig(AppConfig):
    name = "training"
    verbose_name = _("Training")

    def ready(self):
        from practice.positions import register_position_source

        from .positions import resolve

        register_position_source("review", resolve)
