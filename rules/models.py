"""Variants of 66, their rule sections, sources and the glossary.

Rows are written by `load_content` from the files in rules/content/; editors refine the
prose in the admin. The rule parameters are the engine's and stay read-only here, so the
page and the engine cannot drift apart.
"""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from sixtysix import RuleSet

from content.models import Listed, Titled


class Family(models.TextChoices):
    SIXTY_SIX = "sixty_six", _("Sixty-Six")
    SCHNAPSEN = "schnapsen", _("Schnapsen")
    THREE_HANDED = "three_handed", _("Three-handed games")
    IDIOT = "idiot", _("Idiot-66")
    DOUBLE_PACK = "double_pack", _("Double-pack games")
    PARTNERSHIP = "partnership", _("Partnership games")


class Variant(Listed):
    slug = models.SlugField(_("identifier"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=120)
    summary = models.TextField(_("summary"))
    family = models.CharField(_("family"), max_length=20, choices=Family.choices)
    players = models.PositiveSmallIntegerField(_("players"))
    rules = models.JSONField(_("rule parameters"))

    class Meta(Listed.Meta):
        ordering = ["order", "slug"]
        verbose_name = _("variant")
        verbose_name_plural = _("variants")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("rules:variant_detail", kwargs={"slug": self.slug})

    @property
    def ruleset(self) -> RuleSet:
        """The engine's rules of this variant, from the parameters the loader copied."""
        return RuleSet.from_dict(self.rules)


class VariantPart(Listed):
    """A row its variant's content file lists (a rule section, a source): in that order."""

    class Meta(Listed.Meta):
        abstract = True
        ordering = ["variant", "order"]


def unique_per_variant(label: str) -> models.UniqueConstraint:
    """A variant part's key is unique within its variant."""
    return models.UniqueConstraint(fields=["variant", "key"], name=f"unique_{label}_per_variant")


class RuleSection(Titled, VariantPart):
    variant = models.ForeignKey(Variant, on_delete=models.CASCADE, related_name="sections")
    key = models.SlugField(_("anchor"), max_length=40)
    body = models.TextField(
        _("text"),
        help_text=_(
            "Plain text: blank lines between paragraphs, lines starting with '- ' or '1. ' "
            "for lists, **bold**, cards as [QH] and suits as [H]. A card inside a sentence "
            "may name the case its spoken name takes there: [QH:gen], [QH:dat], [QH:acc], "
            "[QH:ins] or [QH:loc]. HTML is shown as text."
        ),
    )

    class Meta(VariantPart.Meta):
        constraints = [unique_per_variant("section")]
        verbose_name = _("rule section")
        verbose_name_plural = _("rule sections")

    def __str__(self):
        return f"{self.variant.slug}#{self.key}"


class Source(Titled, VariantPart):
    variant = models.ForeignKey(Variant, on_delete=models.CASCADE, related_name="sources")
    key = models.SlugField(_("identifier"), max_length=40)
    url = models.URLField(_("address"), max_length=300)
    covers = models.TextField(_("what it covers"))

    class Meta(VariantPart.Meta):
        constraints = [unique_per_variant("source")]
        verbose_name = _("source")
        verbose_name_plural = _("sources")


class GlossaryTerm(Listed):
    key = models.SlugField(_("identifier"), max_length=40, unique=True)
    term = models.CharField(_("term"), max_length=120)
    definition = models.TextField(_("definition"))

    class Meta(Listed.Meta):
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self):
        return self.term
