"""A language's name as its speakers write it, for the language menu and the comparison table."""

from functools import cache

from babel import Locale


@cache
def local_name(code: str) -> str:
    """The language's name in itself, as babel (CLDR) spells it, capitalised for a menu."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]
