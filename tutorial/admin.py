"""Admin for tutorial narration; layouts and actions stay in the content files."""

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline

from .models import Tutorial, TutorialStep


class TutorialStepInline(TranslationStackedInline):
    model = TutorialStep
    extra = 0
    fields = ("number", "key", "text", "hint")
    readonly_fields = ("number", "key")
    can_delete = False


@admin.register(Tutorial)
class TutorialAdmin(TranslationAdmin):
    list_display = ("title", "slug", "variant", "order")
    list_filter = ("variant",)
    fields = ("slug", "variant", "title", "summary", "order")
    readonly_fields = ("slug", "variant")
    inlines = [TutorialStepInline]

    def has_add_permission(self, request):
        # A tutorial is a deal the engine replays: it is written and checked as a file.
        return False
