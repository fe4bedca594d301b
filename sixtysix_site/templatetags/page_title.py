"""The page title in the tab: `Page · Sixty-Six`, the site's name once."""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter(is_safe=True)
def each_part_once(title: str) -> str:
    """Name the site once in a "·"-separated title that ends with the site's name.

    A page about the classic game would otherwise read "Sixty-Six · Rules · Sixty-Six" (or
    "Sekstiseks (66) · Regler · Sekstiseks"): when an earlier part already holds the site's
    name, the closing name is dropped; repeated parts are then kept once. The parts were
    escaped when the title block was rendered, so the joined result is safe.
    """
    parts = [part.strip() for part in str(title).split("·") if part.strip()]
    if len(parts) > 1 and any(parts[-1] in part for part in parts[:-1]):
        parts = parts[:-1]
    kept = [part for index, part in enumerate(parts) if part not in parts[:index]]
    return mark_safe(" · ".join(kept))  # noqa: S308 - joins already-escaped parts
