"""The content's state: its version (which keys the page cache) and what the last load wrote."""

from django.db import models
from django.db.models import F
from django.utils.translation import gettext_lazy as _


class ContentVersion(models.Model):
    """One row whose number changes whenever rules, glossary or tutorials change.

    It lives in the database, not in the cache, so that every app server process sees a
    change at once, whether it came from the admin or from `load_content` in another process.
    """

    number = models.PositiveBigIntegerField(default=1)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "sixtysix_site_contentversion"  # made when this lived in the project package

    def __str__(self):
        return f"content version {self.number}"

    @classmethod
    def current(cls) -> int:
        row = cls.objects.filter(pk=1).values_list("number", flat=True).first()
        return row or 0

    @classmethod
    def bump(cls) -> None:
        updated = cls.objects.filter(pk=1).update(number=F("number") + 1)
        if not updated:
            cls.objects.get_or_create(pk=1, defaults={"number": 1})


class LoadedText(models.Model):
    """What `load_content` last wrote into the editable fields of one content row.

    One row per content row (`model` is a short label such as "section", `key` its
    language-neutral key such as "classic66/overview"); `hashes` maps each editable field
    to the sha256 of the value loaded. A field whose value no longer has that hash was
    changed since (in the admin, a shell or SQL): the next load will not overwrite it unasked.
    """

    model = models.CharField(max_length=20)
    key = models.CharField(max_length=200)
    hashes = models.JSONField(default=dict)

    class Meta:
        db_table = "sixtysix_site_loadedtext"  # made when this lived in the project package
        constraints = [
            models.UniqueConstraint(fields=["model", "key"], name="unique_loaded_text_row")
        ]

    def __str__(self):
        return f"{self.model} {self.key}"


class Listed(models.Model):
    """A row of a list in a content file: `order` is its place there, and rows come in that
    order (then by key)."""

    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        abstract = True
        ordering = ["order", "key"]


class Titled(models.Model):
    """A content row known by its title (in the admin too)."""

    title = models.CharField(_("title"), max_length=200)

    class Meta:
        abstract = True

    def __str__(self):
        return self.title
