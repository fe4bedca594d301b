"""python manage.py load_content: load rules, glossary and tutorials (idempotent)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from rules.content_loader import ContentError
from sixtysix_site.content import content_load


class Command(BaseCommand):
    help = (
        "Load variants, rule sections, sources, the glossary and the tutorials from content files."
    )

    def handle(self, *args, **options):
        # Outside a request the active language is unpredictable; the loaders write every
        # language column explicitly, and English is the safe frame for anything else.
        with translation.override("en"):
            try:
                report = content_load()
            except ContentError as exc:
                raise CommandError(str(exc)) from exc
        self.stdout.write(f"Content: {report}")
