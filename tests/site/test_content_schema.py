"""content/schema.py: a table's keys declared once, the first bad one named with its path."""

from pathlib import Path

import pytest

from content.files import ContentError
from content.schema import Key, check, check_each, only_listed, text, web_address, whole

pytestmark = pytest.mark.unit

PATH = Path("classic66.toml")
KEYS = (
    Key("order", "must be a whole number from 0 to 9", whole(0, 9)),
    Key("note", "missing or empty", text, required=False),
)


def test_a_good_table_is_given_back():
    assert check(PATH, "variant", {"order": 3}, KEYS) == {"order": 3}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (None, "classic66.toml: variant: the [variant] table is missing"),
        ({"order": True}, "classic66.toml: variant.order: must be a whole number from 0 to 9"),
        ({"order": 10}, "classic66.toml: variant.order: must be a whole number from 0 to 9"),
        ({"order": 1, "note": " "}, "classic66.toml: variant.note: missing or empty"),
    ],
)
def test_the_first_bad_key_is_named_with_its_path(table, message):
    with pytest.raises(ContentError) as raised:
        check(PATH, "variant", table, KEYS)
    assert str(raised.value) == message


def test_arrays_of_tables_and_listed_keys():
    url = (Key("url", "must be an http(s) address", web_address),)
    with pytest.raises(ContentError, match=r"sources\[1\]\.url: must be an http\(s\) address"):
        check_each(PATH, "sources", [{"url": "https://a"}, {"url": "ftp://b"}], url)
    with pytest.raises(ContentError, match="must be an array of"):
        check_each(PATH, "sources", {"url": "https://a"}, url)
    with pytest.raises(ContentError, match=r"\[da\]: not listed in glossary.order: \['x'\]"):
        only_listed(PATH, "terms", {"a": 1, "x": 2}, ["a"], "glossary.order", "da")
