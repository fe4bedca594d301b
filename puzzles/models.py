"""Puzzles: a position from a deal layout and actions, and its best first move.

Rows come from puzzles/content/puzzles.json (written by `generate_puzzles`) through
`load_content`, which re-checks every puzzle with the solver first. Positions, lines and
explanations are always recomputed by the engine, never stored.
"""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rules.models import Variant


class Puzzle(models.Model):
    class Difficulty(models.IntegerChoices):
        EASY = 1, _("easy")
        MEDIUM = 2, _("medium")
        HARD = 3, _("hard")

    number = models.PositiveIntegerField(_("number"), unique=True)
    variant = models.ForeignKey(Variant, on_delete=models.CASCADE, related_name="puzzles")
    seat = models.PositiveSmallIntegerField(_("reader's seat"))
    deal = models.JSONField(_("deal layout"))
    actions = models.JSONField(_("actions to reach the position"), default=list)
    answer = models.JSONField(_("best first actions"))
    value = models.IntegerField(_("value with best play"))
    difficulty = models.PositiveSmallIntegerField(_("difficulty"), choices=Difficulty.choices)
    themes = models.JSONField(_("themes"), default=list)
    kind = models.CharField(_("kind"), max_length=32, default="ending")
    """What the puzzle asks (positions.KINDS): "ending" (stock used up, exact) or "layouts"
    (three players: the one move best in every layout of the hidden cards)."""
    theme = models.CharField(_("main theme"), max_length=32, default="", blank=True)
    """The most specific of `themes` (positions.main_theme)."""
    rating = models.PositiveSmallIntegerField(_("initial rating"), default=1500)
    """The generator's first guess from the solver's facts; attempts rate puzzles elsewhere."""

    class Meta:
        ordering = ["number"]
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")

    def __str__(self):
        return f"#{self.number} ({self.variant.slug})"

    def get_absolute_url(self):
        return reverse("puzzles:detail", kwargs={"number": self.number})
