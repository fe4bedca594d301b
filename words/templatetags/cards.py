"""Template filters that draw cards and suits.

`{{ "QH"|card }}` is a small card for a line of text, `{{ "QH"|card_face }}` the full face
for the table, `{{ "H"|suit }}` a suit symbol, `{% card_back %}` a face-down card.
"""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from words.card_names import card_html, suit_html

register = template.Library()


@register.filter
def card(code: str) -> str:
    return card_html(code)


@register.filter
def card_face(code: str) -> str:
    return card_html(code, face=True)


@register.filter
def suit(code: str) -> str:
    return suit_html(code)


@register.simple_tag
def card_back() -> SafeString:
    """A face-down card (the stock, a hidden hand), drawn from the same sprite as the faces."""
    return format_html(
        '<span class="card card--back card--face" role="img" aria-label="{}">'
        '<svg class="card__art" viewBox="0 0 200 280" aria-hidden="true">'
        '<use href="{}#back"></use></svg></span>',
        _("face-down card"),
        static("cards/cards.svg"),
    )


@register.filter
def in_sentence(name: str) -> str:
    """A seat's name inside a sentence ("Trick won by: your partner"), not starting it."""
    from words.result_words import in_sentence as lower_first

    return lower_first(str(name))
