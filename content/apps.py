from django.apps import AppConfig


class ContentConfig(AppConfig):
    """Loading, exporting and versioning the content the other apps register (registry.py)."""

    name = "content"
    verbose_name = "Content"
