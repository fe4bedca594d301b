from django.apps import AppConfig


class GuardConfig(AppConfig):
    """Bounds on costly requests (limits, slots, the client's address); imports no app."""

    name = "guard"

    def ready(self):
        from . import limits

        limits.connect()
