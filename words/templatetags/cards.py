"""Template filters that draw cards and suits: {{ "QH"|card }}, {{ "H"|suit }}."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from words.card_names import card_html, suit_html

register = template.Library()


@register.filter
def card(code: str) -> str:
    return card_html(code)


@register.filter
def suit(code: str) -> str:
    return suit_html(code)


@register.simple_tag
def card_back():
    return format_html(
        '<span class="card card--back" role="img" aria-label="{}"></span>', _("face-down card")
    )
