# The models moved here from the project package (sixtysix_site): their tables keep their
# names and rows, so only Django's idea of which app owns them changes.

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("sixtysix_site", "0002_loaded_text"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ContentVersion",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("number", models.PositiveBigIntegerField(default=1)),
                        ("changed_at", models.DateTimeField(auto_now=True)),
                    ],
                    options={"db_table": "sixtysix_site_contentversion"},
                ),
                migrations.CreateModel(
                    name="LoadedText",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("model", models.CharField(max_length=20)),
                        ("key", models.CharField(max_length=200)),
                        ("hashes", models.JSONField(default=dict)),
                    ],
                    options={
                        "db_table": "sixtysix_site_loadedtext",
                        "constraints": [models.UniqueConstraint(fields=("model", "key"), name="unique_loaded_text_row")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
