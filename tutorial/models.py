"""Guided tutorial deals: a layout, the actions of each step, narration in five languages.

Rows come from tutorial/content/*.toml through `load_content`, which replays every
tutorial through the engine first; the positions shown are always recomputed by the engine
from `deal` and the steps' `actions`, never stored.
"""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from content.models import Listed, Titled
from rules.models import Variant

from .replay import Script


class CourseGroup(Titled, Listed):
    """A chapter of the course (first steps, closing, ...), from tutorial/content/course.toml."""

    key = models.SlugField(_("identifier"), max_length=60, unique=True)

    class Meta(Listed.Meta):
        verbose_name = _("course group")
        verbose_name_plural = _("course groups")


class Tutorial(Titled, Listed):
    slug = models.SlugField(_("identifier"), max_length=60, unique=True)
    variant = models.ForeignKey(Variant, on_delete=models.CASCADE, related_name="tutorials")
    group = models.ForeignKey(
        CourseGroup, on_delete=models.SET_NULL, null=True, related_name="lessons"
    )
    you = models.PositiveSmallIntegerField(_("reader's seat"))
    reveal = models.BooleanField(_("other hands face up"), default=True)
    options = models.JSONField(_("rule options"), default=dict, blank=True)
    deals = models.JSONField(_("deal layouts"))
    summary = models.TextField(_("summary"))
    recap = models.TextField(_("recap"), blank=True)

    class Meta(Listed.Meta):
        ordering = ["order", "slug"]
        verbose_name = _("tutorial")
        verbose_name_plural = _("tutorials")

    def get_absolute_url(self):
        return reverse("tutorial:step", kwargs={"slug": self.slug, "number": 1})

    @property
    def moves_to_make(self) -> int:
        """Steps that ask the reader for a move (the steps must be prefetched)."""
        return sum(1 for step in self.steps.all() if step.ask)

    def script(self, steps) -> "Script":
        return Script(self.deals, [(step.deal, step.actions) for step in steps])


class TutorialStep(models.Model):
    tutorial = models.ForeignKey(Tutorial, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField(_("number"))
    key = models.SlugField(_("identifier"), max_length=60)
    deal = models.PositiveSmallIntegerField(_("deal"), default=1)
    actions = models.JSONField(_("actions"), default=list, blank=True)
    ask = models.JSONField(_("accepted moves"), default=list, blank=True)
    sections = models.JSONField(_("rule sections shown"), default=list, blank=True)
    wrong = models.JSONField(_("replies to wrong moves"), default=dict, blank=True)
    text = models.TextField(_("narration"))
    hint = models.TextField(_("hint"), blank=True)

    class Meta:
        ordering = ["tutorial", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tutorial", "number"], name="unique_step_number"),
            models.UniqueConstraint(fields=["tutorial", "key"], name="unique_step_key"),
        ]
        verbose_name = _("tutorial step")
        verbose_name_plural = _("tutorial steps")

    def __str__(self):
        return f"{self.tutorial.slug} {self.number}"

    def get_absolute_url(self):
        return reverse("tutorial:step", kwargs={"slug": self.tutorial.slug, "number": self.number})
