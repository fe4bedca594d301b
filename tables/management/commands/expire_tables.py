from django.core.management.base import BaseCommand

from tables.seating import expire


class Command(BaseCommand):
    help = "Delete the tables nobody has been at for a day (TABLES_EXPIRE_SECONDS)."

    def handle(self, *args, **options):
        count = expire()
        self.stdout.write(f"{count} table(s) expired.")
