"""The small markup of rule texts, rendered to safe HTML.

Editors write plain text (paragraphs, `- ` and `1. ` lists, `**bold**`, `[QH]` cards,
`[H]` suits). A card or suit inside a sentence may carry the form its spoken name takes there:
`[QH:acc]`, `[H:gen]` (see card_names.CARD_FORMS and SUIT_FORMS). Everything is
escaped first and only our own tags are added, so no script typed in the admin or a
content file can reach a page.
"""

import re
from collections.abc import Iterator

from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe

from .card_names import CARD_FORMS, SUIT_FORMS, Slot, card_html, suit_html

CARD_TOKEN = re.compile(rf"\[([ATKQJ987])([CDHS])(?::({'|'.join(CARD_FORMS)}))?\]")
SUIT_TOKEN = re.compile(rf"\[([CDHS])(?::({'|'.join(SUIT_FORMS)}))?\]")
SLOT = re.compile(r"\[([a-z_]+)(?::([a-z_]+))?\]")
BOLD = re.compile(r"\*\*(.+?)\*\*")
BULLET = re.compile(r"^[-*]\s+")
NUMBERED = re.compile(r"^\d+[.)]\s+")


def render_inline(text: str) -> SafeString:
    """One line of content markup as safe HTML; a sentence already built as HTML is kept."""
    if isinstance(text, SafeString):
        return text  # built by fill_html or format_html: rendered once already
    html: str = escape(text)
    html = BOLD.sub(r"<strong>\1</strong>", html)
    html = CARD_TOKEN.sub(lambda m: card_html(m.group(1) + m.group(2), m.group(3)), html)
    html = SUIT_TOKEN.sub(lambda m: suit_html(m.group(1), m.group(2)), html)
    return mark_safe(html)  # noqa: S308 - built from escaped text only


def _blocks(text: str) -> Iterator[tuple[str | None, list[str]]]:
    """Yield ("p", [lines]) / ("ul", [items]) / ("ol", [items]) blocks."""
    kind: str | None = None
    items: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.strip()
        if not line:
            if items:
                yield kind, items
            kind, items = None, []
            continue
        if BULLET.match(line):
            line_kind, content = "ul", BULLET.sub("", line)
        elif NUMBERED.match(line):
            line_kind, content = "ol", NUMBERED.sub("", line)
        elif kind in ("ul", "ol") and raw[:1].isspace():
            items[-1] += " " + line  # an indented line continues the list item
            continue
        else:
            line_kind, content = "p", line
        if line_kind != kind and items:
            yield kind, items
            items = []
        if line_kind == "p" and kind == "p":
            items[-1] += " " + content
        else:
            items.append(content)
        kind = line_kind
    if items:
        yield kind, items


def render_markup(text: str) -> SafeString:
    parts: list[str] = []
    for kind, items in _blocks(text or ""):
        if kind == "p":
            parts.extend(f"<p>{render_inline(item)}</p>" for item in items)
        else:
            lis = "".join(f"<li>{render_inline(item)}</li>" for item in items)
            parts.append(f"<{kind}>{lis}</{kind}>")
    return mark_safe("\n".join(parts))  # noqa: S308 - built from escaped text only


def fill_html(template: str, **values: object) -> SafeString:
    """A translated sentence with its placeholders filled, as safe HTML.

    Cards and suits (card_names.Slot) fill `[card]` or `[card:acc]`: the translation names
    the form each takes. Other values fill %(name)s. The sentence and every plain value are
    escaped exactly once; pictures built with format_html are already safe and go in as
    they are. Numbers stay numbers for %(n)d.
    """
    slots = {key: value for key, value in values.items() if isinstance(value, Slot)}
    safe = {
        key: value if isinstance(value, int) else conditional_escape(str(value))
        for key, value in values.items()
        if key not in slots
    }
    html: str = conditional_escape(template)
    if slots:
        html = SLOT.sub(
            lambda m: slots[m.group(1)].form(m.group(2)) if m.group(1) in slots else m.group(0),
            html,
        )
    return mark_safe(html % safe)  # noqa: S308 - every part escaped


_FIRST_LETTER = re.compile(r"^(\s*)(\w)")  # a word first: never a letter in a card's picture


def label_in(template: str, name: str, label: str) -> str:
    """A button's label ("Play [J♦]", "Close the stock") as `template` places %(name)s: as
    it is where it starts the sentence, with a small first letter inside it ("The one that
    loses the least: play [J♦]"), as Polish and Latvian write after a colon. The label may
    be HTML (a card drawn in it); a safe label stays safe."""
    if template.lstrip().startswith(f"%({name})s"):
        return label
    lowered = _FIRST_LETTER.sub(lambda m: m.group(1) + m.group(2).lower(), str(label), count=1)
    return mark_safe(lowered) if isinstance(label, SafeString) else lowered  # noqa: S308
