from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "sixtysix_site"
    verbose_name = "Sixty-Six"

    def ready(self):
        from . import limits

        limits.connect()
