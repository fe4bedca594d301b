"""python manage.py export_content: write the database's prose back into the content files.

Run it after editors have refined text in the admin, then commit the files: the next
`load_content` finds nothing edited and nothing to change.
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from content.export import content_export
from content.files import ContentError

from .load_content import database_problem


class Command(BaseCommand):
    help = "Write the prose editors can change in the admin back into the content files."

    def handle(self, *args, **options):
        try:
            report = content_export()
        except DatabaseError as exc:
            raise CommandError(database_problem(exc, "export")) from None
        except ContentError as exc:
            raise CommandError(str(exc)) from exc
        except (OSError, ValueError) as exc:  # tomlkit's parse errors are ValueErrors
            raise CommandError(f"A content file cannot be rewritten: {exc}") from None
        self.stdout.write(f"Export: {report}")
        for path in report.files:
            self.stdout.write(f"  wrote {path}")
        for line in report.skipped:
            self.stderr.write(f"  skipped {line}")
