"""Reads for the rules pages: each function is one question a page asks."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from .models import GlossaryTerm, RuleSection, Source, Variant
from .parameters import FACT_ROWS, ROWS

if TYPE_CHECKING:  # house_pages builds on this module: its column is named for mypy only
    from .house_pages import HouseColumn


def variant_list(*, players: int | None = None) -> QuerySet[Variant]:
    variants = Variant.objects.all()
    if players is not None:
        variants = variants.filter(players=players)
    return variants


def variant_player_counts() -> list[int]:
    return sorted(set(Variant.objects.values_list("players", flat=True)))


def variant_get(*, slug: str) -> Variant:
    """The variant with its sections and sources, in three queries; 404 if unknown."""
    variants = Variant.objects.prefetch_related(
        # django-stubs 5.2 cannot infer Prefetch's lookup type from a plain string here
        Prefetch("sections", queryset=RuleSection.objects.order_by("order")),  # type: ignore[arg-type]
        Prefetch("sources", queryset=Source.objects.order_by("order")),  # type: ignore[arg-type]
    )
    return variant_or_404(
        variants, slug, _("There is no variant called “%(slug)s”.") % {"slug": slug}
    )


def variant_or_404(variants: QuerySet[Variant], slug: str, missing: str) -> Variant:
    """The variant `slug` among `variants`, or a 404 that says `missing`."""
    variant = variants.filter(slug=slug).first()
    if variant is None:
        raise Http404(missing)
    return variant


@dataclass(frozen=True)
class Fact:
    id: str
    label: str
    value: str


def variant_facts(*, variant: Variant, rows=FACT_ROWS, rules=None) -> list[Fact]:
    """The rows that apply to this variant, in words, read from the engine's parameters
    (the variant's own, or `rules`: a house table of it)."""
    facts = []
    for row in rows:
        value = row.value(variant.rules if rules is None else rules)
        if value is not None:
            facts.append(Fact(row.id, str(row.label), value))
    return facts


@dataclass(frozen=True)
class ComparisonRow:
    id: str
    group: str
    label: str
    values: list[str]
    differs: bool


def variant_comparison(*, variants: Sequence["Variant | HouseColumn"]) -> list[ComparisonRow]:
    """One row per parameter; a row differs when the variants' values are not all equal.

    Rows that apply to none of the variants are left out; where a row applies to some
    only, the others show a dash.
    """
    rows = []
    for row in ROWS:
        values = [row.value(v.rules) for v in variants]
        if all(value is None for value in values):
            continue
        shown = [value if value is not None else "—" for value in values]
        rows.append(
            ComparisonRow(row.id, str(row.group), str(row.label), shown, len(set(shown)) > 1)
        )
    return rows


def variant_lessons_by_section(*, variant: Variant) -> dict[str, list]:
    """For a variant page: rule section key -> the first step of each lesson that shows it.

    Read through the variant's reverse relations (`tutorials`, `steps`), so the rules app
    imports nothing of the lessons app, which builds on it. One link per lesson and
    section keeps the page light.
    """
    by_section: dict[str, list] = {}
    for tutorial in variant.tutorials.order_by("order", "slug").prefetch_related("steps"):
        shown: set[str] = set()
        for step in sorted(tutorial.steps.all(), key=lambda s: s.number):
            for key in step.sections:
                if key not in shown:
                    shown.add(key)
                    by_section.setdefault(key, []).append(step)
    return by_section


def glossary_terms() -> QuerySet[GlossaryTerm]:
    return GlossaryTerm.objects.all()
