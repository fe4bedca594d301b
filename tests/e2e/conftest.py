"""The browser tests' smoke set: the PostgreSQL + Redis pass of CI runs only these.

The whole browser suite runs once, on SQLite (`make test`); the second pass proves the
scale-out path (a shared cache, another database) with one flow of each kind.
"""

import pytest

SMOKE = {
    "tests/e2e/test_practice_browser.py": {
        "test_a_whole_deal_by_clicks_on_a_phone",
        "test_a_hint_in_each_phase",
    },
    "tests/e2e/test_practice_multi_browser.py": {"test_bidding_by_clicks"},
    "tests/e2e/test_tutorial_browser.py": {"test_your_move_wrong_then_right"},
    "tests/e2e/test_puzzle_browser.py": {"test_a_wrong_try_then_the_puzzle_solved"},
    "tests/e2e/test_site_browser.py": {
        "test_switcher_moves_between_languages_on_the_same_page",
        "test_comparison_works_without_javascript",
    },
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if getattr(item, "originalname", item.name) in SMOKE.get(path, ()):
            item.add_marker(pytest.mark.smoke)
