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

    def __init__(self, *args, variants, houses=0, **kwargs):
        """`houses`: the house tables (`h=<slug>:<code>`) shown beside the variants."""
        super().__init__(*args, **kwargs)
        self.houses = houses
        picked = self.fields["v"]
        assert isinstance(picked, forms.MultipleChoiceField)  # declared above
        picked.choices = [(variant.slug, variant.name) for variant in variants]
        self.fields["v"].required = not houses

    def clean_v(self):
        # A slug given twice counts once; the columns follow the site's order (views.compare).
        slugs = list(dict.fromkeys(self.cleaned_data["v"]))
        if len(slugs) + self.houses < MIN_VARIANTS:
            raise forms.ValidationError(_("Choose at least two variants to compare."))
        if len(slugs) + self.houses > MAX_VARIANTS:
            raise forms.ValidationError(
                _("Choose at most %(max)d variants to compare."), params={"max": MAX_VARIANTS}
            )
        return slugs
