"""Fuzzing the puzzle pages' query strings: never a 500, never reflected unescaped."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

MARKER = '<q"x>'
KEYS = ["play-AS", "play-TH", "play-QC", "meld-H", "meld-X", "declare", "close", "bid-2", "play-"]
FAST = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
texty = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)


@FAST
@given(
    number=st.integers(-2, 170),
    keys=st.lists(st.sampled_from(KEYS) | texty.map(lambda s: s + MARKER), max_size=8),
    sep=st.sampled_from([".", "..", ",", " "]),
    lang=st.sampled_from(["en", "da", "nb", "pl", "lv"]),
)
def test_lines(client, number, keys, sep, lang):
    response = client.get(f"/{lang}/puzzles/{number}/", {"line": sep.join(keys)})
    assert response.status_code in (200, 400, 404), response.status_code
    assert MARKER not in response.content.decode()


@FAST
@given(
    params=st.lists(
        st.tuples(
            st.sampled_from(["variant", "theme", "difficulty", "x"]),
            st.sampled_from(["schnapsen", "draw-trumps", "2", "0", "", "last-trick"])
            | texty.map(lambda s: s + MARKER),
        ),
        max_size=4,
    )
)
def test_list_filters(client, params):
    query = {}
    for key, value in params:
        query.setdefault(key, []).append(value)
    response = client.get("/da/puzzles/", query)
    assert response.status_code in (200, 400)
    assert MARKER not in response.content.decode()
