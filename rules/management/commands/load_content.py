"""python manage.py load_content: load every content file into the database (idempotent)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from rules.content_loader import ContentError, content_load


class Command(BaseCommand):
    help = "Load variants, rule sections, sources and the glossary from rules/content/."

    def handle(self, *args, **options):
        # Outside a request the active language is unpredictable; the loader writes every
        # language column explicitly, and English is the safe frame for anything else.
        with translation.override("en"):
            try:
                report = content_load()
            except ContentError as exc:
                raise CommandError(str(exc)) from exc
        self.stdout.write(f"Rules content: {report}")
