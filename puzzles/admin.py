"""Admin: puzzles are generated and re-checked by the solver, so they are read-only here."""

from django.contrib import admin

from .models import Puzzle


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("number", "variant", "difficulty", "value")
    list_filter = ("variant", "difficulty")
    readonly_fields = [f.name for f in Puzzle._meta.fields]

    def has_add_permission(self, request):
        # A puzzle is a solver-checked position: it is generated and loaded as a file.
        return False

    def has_change_permission(self, request, obj=None):
        return False
