"""Shared fixtures: content in the test database, and Debian's Chromium for Playwright."""

import os
import shutil

import pytest
from django.core.management import call_command

# Playwright's sync API runs an event loop in the test thread; Django must allow it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The heaviest fuzz runs outside tests/site (whose fuzz tests, like the engine's in
# engine/tests, carry the marker themselves), marked slow here so that their files need no
# change: `make test` and CI run them, `make test-fast` does not. Each took 2-19 s.
SLOW = {
    "tests/tutorial/test_tutorial_pages.py": {"test_random_bodies_never_cause_a_server_error"},
    "tests/practice/test_practice_pages.py": {"test_random_posts_never_cause_a_server_error"},
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if getattr(item, "originalname", item.name) in SLOW.get(path, ()):
            item.add_marker(pytest.mark.slow)


CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
LANGUAGES = ["en", "da", "nb", "pl", "lv"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load every content file once per test database, as set-up does for the real site.

    At the end, on PostgreSQL, the sessions that worker threads of the WebSocket tests
    still hold (the channel layer's executor threads keep theirs) are ended, or dropping
    the test database fails ("being accessed by other users")."""
    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture
def content(django_db_blocker):
    """Content for tests on a flushed database (live_server tests use transactional_db)."""
    from rules.models import Variant

    with django_db_blocker.unblock():
        if not Variant.objects.exists():
            call_command("load_content", verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    """Tests roll the database back, content version included; cached pages must go too
    (and the shared store's limits, when it is Redis rather than a rolled-back table)."""
    from django.core.cache import cache, caches
    from django.core.cache.backends.redis import RedisCache

    from content.page_cache import forget_content_version

    cache.clear()
    if isinstance(caches["shared"], RedisCache):
        caches["shared"].clear()
    forget_content_version()
    yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }
