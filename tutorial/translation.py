"""Fields translated by django-modeltranslation (one column per language)."""

from modeltranslation.translator import TranslationOptions, register

from .models import Tutorial, TutorialStep


@register(Tutorial)
class TutorialTranslationOptions(TranslationOptions):
    fields = ("title", "summary")
    required_languages = ("en",)


@register(TutorialStep)
class TutorialStepTranslationOptions(TranslationOptions):
    fields = ("text", "hint")
    required_languages = ("en",)
