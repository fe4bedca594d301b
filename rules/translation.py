"""Fields translated by django-modeltranslation (one column per language).

English is required of each: settings.MODELTRANSLATION_REQUIRED_LANGUAGES.
"""

from modeltranslation.translator import TranslationOptions, register

from .models import GlossaryTerm, RuleSection, Source, Variant


@register(Variant)
class VariantTranslationOptions(TranslationOptions):
    fields = ("name", "summary")


@register(RuleSection)
class RuleSectionTranslationOptions(TranslationOptions):
    fields = ("title", "body")


@register(Source)
class SourceTranslationOptions(TranslationOptions):
    fields = ("covers",)


@register(GlossaryTerm)
class GlossaryTermTranslationOptions(TranslationOptions):
    fields = ("term", "definition")
