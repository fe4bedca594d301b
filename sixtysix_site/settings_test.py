"""Test settings: the real settings with a few overrides for speed and isolation."""

import os

# One fixed key for every test process (only this test module knows it; the site never
# reads it): practice deals derive from the key, so every xdist worker and every run deals
# the same cards for the same deal id, and no key file is written.
os.environ.setdefault("SECRET_KEY", "tests-only-key-sixtysix-3f9d1c7ae25b48e6a0c4d7f1b2e8a9c6")

from .settings import *  # noqa: F403

# Fast password hashing: tests create users, they never need strong hashes.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Plain static storage: tests and the live server run without collectstatic.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Each test process gets its own in-memory cache, unless CACHE_URL names a shared one (the
# PostgreSQL run in CI uses Redis); then every xdist worker keeps to its own key prefix.
if not os.environ.get("CACHE_URL"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CACHES["default"]["KEY_PREFIX"] = os.environ.get("PYTEST_XDIST_WORKER", "main")
if CACHES["default"]["BACKEND"].endswith("RedisCache"):
    # Each xdist worker its own Redis database: tests clear the cache between them, and a
    # clear (FLUSHDB) must not empty the other worker's pages halfway through its test.
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    base, _sep, _db = CACHES["default"]["LOCATION"].rpartition("/")
    CACHES["default"]["LOCATION"] = f"{base}/{1 + worker % 15}"
CACHES["shared"] = shared_cache(CACHES["default"])  # noqa: F405
# The live server's threads must not keep connections open, or PostgreSQL refuses to drop
# the test database at the end ("being accessed by other users"). benchmarks/tables.py
# serves with the production age (TEST_DB_CONN_MAX_AGE=60).
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("TEST_DB_CONN_MAX_AGE", "0"))  # noqa: F405

# Tests roll their transactions back, so one content version serves the whole session and
# its page count only grows (the in-memory cache culls the counter, Redis keeps it): no cap
# here, except where tests/site/test_page_cache.py sets one to test it.
PAGE_CACHE_MAX_PAGES = 10**9
PAGE_CACHE_MAX_BYTES = 10**12

# The live server of the browser tests answers on this name.
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

# WhiteNoise serves straight from the apps' static folders; no collectstatic in tests.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# The computer's strength is the engine's business (engine/tests, benchmarks/computer.py);
# the site's tests check that its moves are legal and honest, with fewer playouts a move.
PRACTICE_COMPUTER_PLAYOUTS = 6

# Tests play whole matches from one address; tests/practice sets a low limit to test it.
PRACTICE_PLAY_RATE = 10**6
PRACTICE_DEAL_RATE = 10**6
SITEMAP_RATE = 10**6  # tests/site/test_costly_requests.py sets a low one
