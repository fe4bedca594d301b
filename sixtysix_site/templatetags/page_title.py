"""The page title in the tab: `Page · Sixty-Six`, each part once."""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter(is_safe=True)
def each_part_once(title: str) -> str:
    """Drop repeated parts of a "·"-separated title, keeping the last of each.

    A page named after the classic game would otherwise read "Sixty-Six · Rules · Sixty-Six";
    keeping the last occurrence leaves the site's name at the end, once. The parts were
    escaped when the title block was rendered, so the joined result is safe.
    """
    parts = [part.strip() for part in str(title).split("·") if part.strip()]
    kept = [part for index, part in enumerate(parts) if part not in parts[index + 1 :]]
    return mark_safe(" · ".join(kept))  # noqa: S308 - joins already-escaped parts
