"""Training's tables: positions to try again from, puzzle ratings and recorded attempts.

Puzzles are keyed by their public number (puzzles.Puzzle.number), so training never
changes the puzzles app's table; a rating row appears with a puzzle's first attempt.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .glicko import START_RATING, START_RD, START_VOLATILITY


class ReviewPosition(models.Model):
    """A position of a finished practice deal, named by a hash of its content: "Try again
    from here" starts a match at it (`?from=review:<key>`)."""

    key = models.CharField(_("key"), max_length=32, unique=True)
    variant = models.CharField(_("variant"), max_length=40)
    layout = models.JSONField(_("deal layout"))
    actions = models.JSONField(_("actions to reach the position"), default=list)
    options = models.JSONField(_("the moves' values"), default=list)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("review position")
        verbose_name_plural = _("review positions")

    def __str__(self):
        return f"{self.variant}:{self.key}"


class PuzzleRating(models.Model):
    """A puzzle's Glicko-2 rating, moved by every recorded attempt."""

    puzzle = models.PositiveIntegerField(_("puzzle number"), unique=True)
    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(_("rating deviation"), default=START_RD)
    volatility = models.FloatField(_("volatility"), default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    solved = models.PositiveIntegerField(_("solved"), default=0)

    class Meta:
        verbose_name = _("puzzle rating")
        verbose_name_plural = _("puzzle ratings")

    def __str__(self):
        return f"#{self.puzzle} {self.rating:.0f}"


class PuzzleAttempt(models.Model):
    """One attempt at a puzzle, recorded once per attempt token (`nonce` is unique)."""

    puzzle = models.PositiveIntegerField(_("puzzle number"), db_index=True)
    nonce = models.CharField(_("attempt token"), max_length=32, unique=True)
    solved = models.BooleanField(_("solved"))
    player_rating = models.FloatField(_("player's rating before"))
    player_deviation = models.FloatField(_("player's deviation before"))
    puzzle_rating = models.FloatField(_("puzzle's rating before"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("puzzle attempt")
        verbose_name_plural = _("puzzle attempts")

    def __str__(self):
        return f"#{self.puzzle} {'solved' if self.solved else 'missed'}"
