"""Admin for tutorial narration and the course's group titles; layouts and actions stay in files.

Rows changed here since the last `load_content` are marked, as in the rules admin.
"""

from django.contrib import admin

from content.edits import edited_rows, local_edits
from rules.admin import EDITED, ContentAdmin, ContentInline

from .models import CourseGroup, Tutorial, TutorialStep


class TutorialStepInline(ContentInline):
    model = TutorialStep
    fields = ("number", "key", "edited", "text", "hint")
    readonly_fields = ("number", "key", "edited")


@admin.register(Tutorial)
class TutorialAdmin(ContentAdmin):
    list_display = ("title", "slug", "group", "variant", "order", "has_edits")
    list_filter = ("group", "variant")
    fields = ("slug", "group", "variant", "edited", "title", "summary", "recap", "order")
    readonly_fields = ("slug", "group", "variant", "edited")
    inlines = [TutorialStepInline]

    @admin.display(description=EDITED, boolean=True)
    def has_edits(self, obj):
        """The tutorial or one of its steps."""
        return bool(local_edits(obj) or edited_rows("step", tutorial=obj))

    def has_add_permission(self, request):
        # A tutorial is a deal the engine replays: it is written and checked as a file.
        return False


@admin.register(CourseGroup)
class CourseGroupAdmin(ContentAdmin):
    list_display = ("title", "key", "order", "has_edits")
    fields = ("key", "order", "edited", "title")
    # The order is the group's place in course.toml: read-only here, like the key.
    readonly_fields = ("key", "order", "edited")

    def has_add_permission(self, request):
        # Lessons name their group by key in their files: groups are added in course.toml.
        return False

    def has_delete_permission(self, request, obj=None):
        return False
