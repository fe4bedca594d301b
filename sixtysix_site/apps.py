from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "sixtysix_site"
    verbose_name = "Sixty-Six"
