"""python manage.py load_content: load rules, glossary and tutorials (idempotent).

It never overwrites an editor's change or empties a table unasked, and a database that is
down or read-only gets one clear line and exit status 1, not a traceback.
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils import translation

from content.files import ContentError
from content.load import LoadRefused, content_load


def database_problem(exc: DatabaseError, action: str = "load") -> str:
    """One line an operator can act on, instead of a traceback."""
    detail = (str(exc).strip().splitlines() or [""])[0]
    return (
        f"The database refused the {action} ({type(exc).__name__}: {detail}). Nothing was "
        "written: check that it is running, writable and migrated."
    )


class Command(BaseCommand):
    help = (
        "Load variants, rule sections, sources, the glossary and the tutorials from content files."
    )

    def add_arguments(self, parser):
        edits = parser.add_mutually_exclusive_group()
        edits.add_argument(
            "--keep-edits",
            action="store_true",
            help="Leave fields edited since the last load as they are; load everything else.",
        )
        edits.add_argument(
            "--discard-edits",
            action="store_true",
            help="Overwrite fields edited since the last load with the files' text.",
        )
        parser.add_argument(
            "--allow-delete",
            action="store_true",
            help="Let a missing or empty content file delete the rows it held.",
        )

    def handle(self, *args, **options):
        # Outside a request the active language is unpredictable; the loaders write every
        # language column explicitly, and English is the safe frame for anything else.
        with translation.override("en"):
            try:
                report = content_load(
                    keep_edits=options["keep_edits"],
                    discard_edits=options["discard_edits"],
                    allow_delete=options["allow_delete"],
                )
            except (ContentError, LoadRefused) as exc:
                raise CommandError(str(exc)) from exc
            except DatabaseError as exc:
                raise CommandError(database_problem(exc)) from None
        self.stdout.write(f"Content: {report}")
        if report.kept_edits:
            kept = "".join(f"\n  {edit}" for edit in report.kept_edits)
            self.stdout.write(f"Kept local edits (not overwritten):{kept}")
