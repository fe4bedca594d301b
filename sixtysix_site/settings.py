"""Settings for Sixty-Six, driven by environment variables.

Every production switch has a safe default for a laptop: DEBUG is off unless asked for,
the database is an SQLite file in the project, the cache lives in memory. The README's
"Configuration" section lists the variables.
"""

import os
import secrets
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def secret_key_from_file(path: Path) -> str:
    """The key in `path`, created once (random, mode 600) when it does not exist yet.

    No key lives in the source: a laptop or a single server without SECRET_KEY gets its own,
    kept across restarts so that sessions and password-reset links stay valid. Several app
    servers must share one SECRET_KEY from the environment instead.
    """
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(50) + "\n")
        key = path.read_text().strip()
    except OSError as exc:
        sys.exit(
            f"SECRET_KEY is not set and the key file {path} cannot be created or read ({exc}). "
            "Set SECRET_KEY to a long random value, or SECRET_KEY_FILE to a writable path."
        )
    if len(key) < 50:
        sys.exit(f"The key in {path} is shorter than 50 characters: delete the file or fix it.")
    return key


DEBUG = env_bool("DEBUG")
SECRET_KEY = os.environ.get("SECRET_KEY") or secret_key_from_file(
    Path(os.environ.get("SECRET_KEY_FILE") or BASE_DIR / "var" / "secret_key")
)
# Practice deals and signed tokens derive from the key: a short one can be guessed.
if len(SECRET_KEY) < 50:
    sys.exit("SECRET_KEY is shorter than 50 characters: set a long random value.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
# The host (with its port, if any) that cached pages and the sitemap are rendered for and
# keyed on; empty: the request's host name with the port the server itself listens on, so a
# Host header's port never makes a new cache entry (page_cache.canonical_host).
CANONICAL_HOST = os.environ.get("CANONICAL_HOST", "").strip()
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# HTTPS=1 when the site is served over TLS (directly or behind a proxy that sets
# X-Forwarded-Proto): it turns on redirects, secure cookies and HSTS together.
HTTPS = env_bool("HTTPS")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 31_536_000 if HTTPS else 0
# includeSubDomains and preload bind every subdomain (for years, once on the browsers' preload
# list), so they are sent only when the operator asks; preload requires includeSubDomains.
SECURE_HSTS_PRELOAD = HTTPS and env_bool("HSTS_PRELOAD")
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD or (
    HTTPS and env_bool("HSTS_INCLUDE_SUBDOMAINS")
)
# check --deploy warns when they are off; here that is a decision, not an oversight.
SILENCED_SYSTEM_CHECKS = [
    *(["security.W005"] if HTTPS and not SECURE_HSTS_INCLUDE_SUBDOMAINS else []),
    *(["security.W021"] if HTTPS and not SECURE_HSTS_PRELOAD else []),
]
BEHIND_PROXY = env_bool("BEHIND_PROXY")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    # daphne first: its runserver serves HTTP and the tables' WebSockets (ASGI).
    "daphne",
    # modeltranslation patches the admin, so it must come before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "csp",
    "sixtysix_site.apps.SiteConfig",
    "guard",
    "words",
    "content",
    "rules",
    "tutorial",
    "practice",
    "puzzles",
    "tables",
    "training",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A view that fails for want of the database answers a translated 503, not a 500.
    "sixtysix_site.middleware.DatabaseUnavailableMiddleware",
    # Stored pages are answered here, before the rest of the middleware and the view run.
    "content.page_cache.PageCacheMiddleware",
    # A costly request (computer play, a hint) over its client's limits: 429 before sessions.
    "guard.middleware.CostlyRequestMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Maps Norwegian variants (no, no-NO, nn ...) to nb before Django picks a language.
    "sixtysix_site.middleware.NorwegianAcceptLanguageMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A NUL in a query or form value: 400 in the reader's language, before any view.
    "sixtysix_site.middleware.NulInputMiddleware",
    # A method the view does not take is a 405 with Allow, before CSRF could make it a 403.
    "sixtysix_site.middleware.MethodNotAllowedMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Turns a refused admin login into the lockout page; django-axes wants it last.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "sixtysix_site.urls"
WSGI_APPLICATION = "sixtysix_site.wsgi.application"
ASGI_APPLICATION = "sixtysix_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "sixtysix_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sixtysix_site.context_processors.language_links",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def cache_from_url(url: str) -> dict[str, Any]:
    """locmem:// (default), redis://host:port/db or dummy://."""
    if url.startswith(("redis://", "rediss://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if url.startswith("dummy://"):
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "sixtysix"}


def shared_cache(default: dict[str, Any]) -> dict[str, Any]:
    """Where limits and slots are counted across every worker and process: Redis when the
    cache is Redis, else a table in the database (created after migrate, guard/limits.py)."""
    if default["BACKEND"].endswith("RedisCache"):
        return {**default, "KEY_PREFIX": "shared"}
    return {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "sixtysix_shared",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }


CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL", "locmem://"))}


def channel_layers(cache_url: str) -> dict[str, Any]:
    """Table messages between workers: Redis when the cache is Redis, else in memory (one
    process, as `make serve`)."""
    if cache_url.startswith(("redis://", "rediss://")):
        url = os.environ.get("CHANNELS_REDIS_URL", cache_url)
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # redis-py 8 reads with a 5 s socket timeout by default, the very time
                # channels-redis blocks in BZPOPMIN for: the read then races the reply
                # and the consumer dies with "Timeout reading". A longer read timeout
                # still notices a dead server.
                "CONFIG": {
                    "hosts": [{"address": url, "socket_timeout": 15}],
                    "prefix": "sixtysix-tables",
                },
            }
        }
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


CHANNEL_LAYERS = channel_layers(os.environ.get("CACHE_URL", ""))
# Tables (tables/): a seat that has not moved for this long is played by the computer until
# its player returns; the limits per seat, per client and per message.
TABLES_IDLE_SECONDS = int(os.environ.get("TABLES_IDLE_SECONDS", "60"))
TABLES_MESSAGES_PER_SECOND = int(os.environ.get("TABLES_MESSAGES_PER_SECOND", "8"))
TABLES_PER_CLIENT = int(os.environ.get("TABLES_PER_CLIENT", "20"))  # tables opened an hour
TABLES_MAX_CONNECTIONS = int(os.environ.get("TABLES_MAX_CONNECTIONS", "12"))  # per client
TABLES_MAX_MESSAGE_BYTES = 1024
TABLES_EXPIRE_SECONDS = 24 * 3600  # a table nobody has been at for this long is deleted
CACHES["shared"] = shared_cache(CACHES["default"])
# Pages with a query (rare combinations) stored per content version, by count and by bytes;
# pages without one are always stored. With PAGE_TTL this bounds Redis too (page_cache.py).
PAGE_CACHE_MAX_PAGES = int(os.environ.get("PAGE_CACHE_MAX_PAGES", "5000"))
PAGE_CACHE_MAX_BYTES = int(os.environ.get("PAGE_CACHE_MAX_BYTES", str(8 * 2**20)))

# The admin lives at ADMIN_URL (default admin/); robots.txt does not name it.
ADMIN_URL = os.environ.get("ADMIN_URL", "admin/").strip("/") + "/"

# Admin logins: django-axes locks an account at one address, and separately an address, out
# for a while after AXES_FAILURE_LIMIT wrong passwords; the lockout is logged ("AXES: Locking
# out ..."). Never the account alone: anyone could then lock the editor out everywhere.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address", ["username", "ip_address"]]
# django-axes stores at most 255 characters of a username (longer ones were a 500).
AXES_USERNAME_CALLABLE = "sixtysix_site.middleware.axes_username"
AXES_RESET_ON_SUCCESS = True
# The log line names the account and the address (as the access log does); never the password.
AXES_SENSITIVE_PARAMETERS: list[str] = []
AXES_LOCKOUT_CALLABLE = "sixtysix_site.views.admin_locked_out"
# Behind the load balancer every request comes from its address: read the client's instead.
AXES_CLIENT_IP_CALLABLE = "guard.clients.client_ip"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: English is the source language; every language has a URL prefix.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("da", _("Danish")),
    ("nb", _("Norwegian Bokmål")),
    ("pl", _("Polish")),
    ("lv", _("Latvian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)
# Every translated field needs its English (a model's TranslationOptions may narrow this).
MODELTRANSLATION_REQUIRED_LANGUAGES = ("en",)

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names let WhiteNoise send far-future cache headers.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_MAX_AGE = 31_536_000

# No inline script or style anywhere: everything comes from our own static files.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"bad_host": {"()": "sixtysix_site.middleware.BadHostFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # A bad Host header: one WARNING line a minute per host, no traceback (BadHostFilter).
    "loggers": {"django.security.DisallowedHost": {"filters": ["bad_host"]}},
}

CSRF_FAILURE_VIEW = "sixtysix_site.views.csrf_failure"
