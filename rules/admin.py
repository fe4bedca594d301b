"""Admin for editors: every translation of a field side by side, parameters read-only.

The non-tabbed TranslationAdmin is used on purpose: the tabbed one loads jQuery UI from
another host, which the site's Content-Security-Policy (and the offline rule) forbid.

Rows whose prose was changed here since the last `load_content` are marked: such a change
is not in the content files yet (`export_content` writes it there), and a load keeps it
only when asked to.
"""

import json

from django import forms
from django.contrib import admin
from django.db import models
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline

from content.edits import edited_rows, local_edits

from .models import GlossaryTerm, RuleSection, Source, Variant

EDITED = _("edited since the last load")


class ContentForm(forms.ModelForm):
    """Browsers send a textarea's lines ending in CRLF; the content files hold LF only."""

    def clean(self):
        data = super().clean() or {}
        for name, value in data.items():
            if isinstance(value, str):
                data[name] = value.replace("\r\n", "\n")
        return data


class EditMarks:
    """The `edited` field: which of a row's fields differ from what the last load wrote."""

    @admin.display(description=EDITED)
    def edited(self, obj):
        return ", ".join(local_edits(obj)) or None

    @admin.display(description=EDITED, boolean=True)
    def has_edits(self, obj):
        """The list's mark: the row itself (an admin whose rows hold others adds theirs)."""
        return bool(local_edits(obj))


class ContentInline(EditMarks, TranslationStackedInline):
    """Rows a content file lists under another: edited in place, added and removed in the file."""

    form = ContentForm
    extra = 0
    can_delete = False


class ContentAdmin(EditMarks, TranslationAdmin):
    """A model whose rows come from the content files: its prose is edited here."""

    form = ContentForm


class RuleSectionInline(ContentInline):
    model = RuleSection
    # The order is the file's `sections` list, like the rule parameters: read-only here.
    fields = ("key", "order", "edited", "title", "body")
    readonly_fields = ("key", "order", "edited")


class SourceInline(ContentInline):
    model = Source
    fields = ("key", "edited", "title", "url", "covers")
    readonly_fields = ("key", "edited")
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(Variant)
class VariantAdmin(ContentAdmin):
    list_display = ("name", "slug", "family", "players", "order", "has_edits")
    list_filter = ("family", "players")
    search_fields = ("slug", "name")
    fields = ("slug", "edited", "name", "summary", "family", "players", "order", "rules_table")
    readonly_fields = ("slug", "edited", "family", "players", "rules_table")
    inlines = [RuleSectionInline, SourceInline]

    @admin.display(description=EDITED, boolean=True)
    def has_edits(self, obj):
        """The variant, one of its sections or one of its sources."""
        return bool(
            local_edits(obj)
            or edited_rows("section", variant=obj)
            or edited_rows("source", variant=obj)
        )

    @admin.display(description=_("rule parameters (from the content file, read-only)"))
    def rules_table(self, obj):
        return format_html("<pre>{}</pre>", json.dumps(obj.rules, indent=2, ensure_ascii=False))

    def has_add_permission(self, request):
        # Variants come from content files, where the engine reads their parameters too.
        return False


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(ContentAdmin):
    list_display = ("term", "key", "order", "has_edits")
    search_fields = ("key", "term")
    fields = ("key", "order", "edited", "term", "definition")
    # The order is the file's `glossary.order` list: read-only here.
    readonly_fields = ("key", "order", "edited")
