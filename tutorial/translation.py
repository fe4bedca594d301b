"""Fields translated by django-modeltranslation (one column per language)."""

from modeltranslation.translator import TranslationOptions, register

from .models import CourseGroup, Tutorial, TutorialStep


@register(Tutorial)
class TutorialTranslationOptions(TranslationOptions):
    fields = ("title", "summary", "recap")
    required_languages = {"en": ("title", "summary")}


@register(TutorialStep)
class TutorialStepTranslationOptions(TranslationOptions):
    fields = ("text", "hint")
    required_languages = ("en",)


@register(CourseGroup)
class CourseGroupTranslationOptions(TranslationOptions):
    fields = ("title",)
    required_languages = ("en",)
