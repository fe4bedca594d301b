# ContentVersion and LoadedText now belong to the content app (content/migrations/0001): the
# project package forgets them without dropping their tables.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("sixtysix_site", "0002_loaded_text"),
        ("content", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="ContentVersion"),
                migrations.DeleteModel(name="LoadedText"),
            ],
            database_operations=[],
        ),
    ]
