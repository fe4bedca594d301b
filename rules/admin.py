"""Admin for editors: every translation of a field side by side, parameters read-only.

The non-tabbed TranslationAdmin is used on purpose: the tabbed one loads jQuery UI from
another host, which the site's Content-Security-Policy (and the offline rule) forbid.
"""

import json

from django.contrib import admin
from django.db import models
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline

from .models import GlossaryTerm, RuleSection, Source, Variant


class RuleSectionInline(TranslationStackedInline):
    model = RuleSection
    extra = 0
    fields = ("key", "order", "title", "body")
    readonly_fields = ("key",)
    can_delete = False


class SourceInline(TranslationStackedInline):
    model = Source
    extra = 0
    fields = ("key", "title", "url", "covers")
    readonly_fields = ("key",)
    can_delete = False
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(Variant)
class VariantAdmin(TranslationAdmin):
    list_display = ("name", "slug", "family", "players", "order")
    list_filter = ("family", "players")
    search_fields = ("slug", "name")
    fields = ("slug", "name", "summary", "family", "players", "order", "rules_table")
    readonly_fields = ("slug", "family", "players", "rules_table")
    inlines = [RuleSectionInline, SourceInline]

    @admin.display(description=_("rule parameters (from the content file, read-only)"))
    def rules_table(self, obj):
        return format_html("<pre>{}</pre>", json.dumps(obj.rules, indent=2, ensure_ascii=False))

    def has_add_permission(self, request):
        # Variants come from content files, where the engine reads their parameters too.
        return False


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(TranslationAdmin):
    list_display = ("term", "key", "order")
    search_fields = ("key", "term")
    readonly_fields = ("key",)
