"""What a reader must never see: markup shown as text, entities, tokens, placeholders.

`problems(html)` reads HTML the way a browser shows it (tags dropped, entities decoded
once) and lists what went wrong; `assert_clean` fails on any. Practice and page tests
import it from here: ``from tests.words.checks import assert_clean``.
"""

from __future__ import annotations

import html as html_lib
import re

HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S | re.I)
TAG = re.compile(r"<[^>]*>")
CHECKS = (
    ("markup shown as text", re.compile(r"</?[a-z][a-z0-9]*(\s[^<>]*)?/?>", re.I)),
    ("an entity shown as text", re.compile(r"&(#[0-9]+|#x[0-9a-f]+|[a-z]+);", re.I)),
    ("a card or suit token", re.compile(r"\[[ATKQJ987]?[CDHS](:[a-z]{3})?\]")),
    ("a printf placeholder", re.compile(r"%\(\w+\)|%[sd]\b")),
    ("a content placeholder", re.compile(r"\{[a-z_][a-z0-9_]*\}")),
    ("a stray (0)", re.compile(r"\(0\)")),
    ("None", re.compile(r"\bNone\b")),
)


def visible_text(html: str) -> str:
    """The text a browser shows: hidden blocks and tags removed, entities decoded once."""
    return html_lib.unescape(TAG.sub(" ", HIDDEN.sub(" ", str(html))))


def problems(html: str) -> list[str]:
    text = visible_text(html)
    found = []
    for name, pattern in CHECKS:
        match = pattern.search(text)
        if match:
            start = max(match.start() - 60, 0)
            found.append(f"{name}: …{text[start : match.end() + 40]}…")
    return found


def assert_clean(html: str, where: str = "") -> None:
    """Fail when the reader would see markup, entities, tokens, placeholders, (0) or None."""
    found = problems(html)
    assert not found, f"{where}: " + " | ".join(found)


def mentions_the_others(html: str) -> bool:
    """True when an English text speaks of "the others" (wrong with one opponent)."""
    return bool(re.search(r"\bthe others\b", visible_text(html), re.I))
