"""Fields translated by django-modeltranslation (one column per language), in models.py's order.

English is required of each (settings.MODELTRANSLATION_REQUIRED_LANGUAGES) but the recap.
"""

from modeltranslation.translator import TranslationOptions, register

from .models import CourseGroup, Tutorial, TutorialStep


@register(CourseGroup)
class CourseGroupTranslationOptions(TranslationOptions):
    fields = ("title",)


@register(Tutorial)
class TutorialTranslationOptions(TranslationOptions):
    fields = ("title", "summary", "recap")
    # The recap is optional in every language, English too.
    required_languages = {"en": ("title", "summary")}


@register(TutorialStep)
class TutorialStepTranslationOptions(TranslationOptions):
    fields = ("text", "hint")
