"""The comparison form: 2 to 4 variants chosen by slug, validated in the reader's language."""

from django import forms
from django.utils.translation import gettext_lazy as _

MIN_VARIANTS = 2
MAX_VARIANTS = 4


class CompareForm(forms.Form):
    v = forms.MultipleChoiceField(
        label=_("Variants to compare"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": _("Choose at least two variants to compare."),
            "invalid_choice": _("“%(value)s” is not a variant on this site."),
        },
    )

    def __init__(self, *args, variants, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["v"].choices = [(variant.slug, variant.name) for variant in variants]

    def clean_v(self):
        # A slug given twice counts once; the columns follow the site's order (views.compare).
        slugs = list(dict.fromkeys(self.cleaned_data["v"]))
        if len(slugs) < MIN_VARIANTS:
            raise forms.ValidationError(_("Choose at least two variants to compare."))
        if len(slugs) > MAX_VARIANTS:
            raise forms.ValidationError(
                _("Choose at most %(max)d variants to compare."), params={"max": MAX_VARIANTS}
            )
        return slugs
