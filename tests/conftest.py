"""Shared fixtures: content in the test database, and Debian's Chromium for Playwright."""

import os
import shutil

import pytest
from django.core.management import call_command

# Playwright's sync API runs an event loop in the test thread; Django must allow it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
LANGUAGES = ["en", "da", "nb", "pl", "lv"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load every content file once per test database, as set-up does for the real site."""
    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)


@pytest.fixture
def content(django_db_blocker):
    """Content for tests on a flushed database (live_server tests use transactional_db)."""
    from rules.models import Variant

    with django_db_blocker.unblock():
        if not Variant.objects.exists():
            call_command("load_content", verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    """Tests roll the database back, content version included; cached pages must go too."""
    from django.core.cache import cache

    from sixtysix_site.page_cache import forget_content_version

    cache.clear()
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
