"""Fields translated by django-modeltranslation (one column per language)."""

from modeltranslation.translator import TranslationOptions, register

from .models import GlossaryTerm, RuleSection, Source, Variant


@register(Variant)
class VariantTranslationOptions(TranslationOptions):
    fields = ("name", "summary")
    required_languages = ("en",)


@register(RuleSection)
class RuleSectionTranslationOptions(TranslationOptions):
    fields = ("title", "body")
    required_languages = ("en",)


@register(Source)
class SourceTranslationOptions(TranslationOptions):
    fields = ("covers",)
    required_languages = ("en",)


@register(GlossaryTerm)
class GlossaryTermTranslationOptions(TranslationOptions):
    fields = ("term", "definition")
    required_languages = ("en",)
