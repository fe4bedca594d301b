"""Page speed and page budgets of the site as gunicorn serves it on loopback.

Run: ``.venv/bin/python benchmarks/pages.py [--duration 5] [--connections 4] [--threads 1]``
(``--skip-postgres`` leaves out the PostgreSQL + Redis table). A benchmark, not a test:
it needs Debian's ``wrk`` (installed with apt-get when missing) and, for the second
table, PostgreSQL and Redis on 127.0.0.1 (``scripts/postgres-up.sh``, ``scripts/redis-up.sh``
are run when they do not answer; a server this script started is stopped again).

What it does, all on 127.0.0.1 and in a temporary directory that is removed at the end:

1. A fresh SQLite database: ``migrate``, ``load_content``, ``collectstatic`` into a temporary
   STATIC_ROOT (a settings module in the temporary directory overrides only STATIC_ROOT).
   Production-like environment: DEBUG=0, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1.
2. In-process budgets with Django's test client: SQL queries per page with the page cache
   emptied before each request (CaptureQueriesContext), for every page of every type in all
   five languages; HTML + referenced CSS + JS bytes (raw and gzip); references to another
   host in src=, <link href=, data-*-url (what the scripts fetch) and in the CSS url().
3. For each measured page the page's own HTML is copied into STATIC_ROOT, so WhiteNoise in
   the same gunicorn serves a static file of exactly the same size next to it.
4. gunicorn (2 sync workers, like the README's production command) with the in-memory cache:
   static files and warm pages (every worker filled first). Then the same with
   CACHE_URL=dummy:// for the cold figures: a dummy cache stores nothing, so every request
   renders the page (the content-version query still runs, as on a real miss).
5. The warm figures again with PostgreSQL (a temporary database) and Redis (an empty
   database number, flushed afterwards) and 2 workers behind one address.

Latency is measured by wrk at the client over loopback (it includes the kernel's loopback
and gunicorn's accept), which on an idle loopback is the server time to within ~0.1 ms.
"""

# Starting local processes (gunicorn, wrk, manage.py) and opening http://127.0.0.1 URLs is
# this script's job; every command and URL is built here, none comes from outside.
# ruff: noqa: S310, S602, S603, S606, S607

from __future__ import annotations

import argparse
import atexit
import contextlib
import gzip
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The budgets sit beside this script (benchmarks/ is no package).
from page_budgets import GZIP_BUDGETS, TABLE

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
GUNICORN = VENV / "bin" / "gunicorn"
HOST = "127.0.0.1"
LANGS = ("en", "da", "nb", "pl", "lv")
BENCH_LANGS = ("en", "pl")
PG_ADMIN = "postgres://sixtysix:sixtysix@127.0.0.1:5432/postgres"
QUERY_BUDGET = 6
THROUGHPUT_BUDGET = 0.5

# The four measured pages: name -> path after the language prefix.
BENCH_PAGES = {
    "home": "/",
    "variant": "/variants/classic66/",
    "compare": "/compare/?v=classic66&v=schnapsen",
    "tutorial step": "/tutorials/first-deal/3/",
}

SETTINGS_MODULE = '''"""Benchmark settings: the site's settings with a temporary STATIC_ROOT."""
import os

from sixtysix_site.settings import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
'''


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def ensure_venv() -> None:
    """Re-run under the project's virtualenv when started with another interpreter."""
    if Path(sys.prefix).resolve() != VENV.resolve() and PY.exists():
        os.execv(str(PY), [str(PY), *sys.argv])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    log("wrk is missing: installing Debian's wrk with apt-get")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}

    def apt_get(*args: str, check: bool) -> None:
        command = [*sudo, "apt-get", *args, "-qq"]
        subprocess.run(command, env=env, check=check, stdout=subprocess.DEVNULL, timeout=600)

    apt_get("install", "-y", "wrk", check=False)
    if not shutil.which("wrk"):  # the package lists may be missing on a fresh machine
        apt_get("update", check=True)
        apt_get("install", "-y", "wrk", check=True)
    return shutil.which("wrk") or "wrk"


# --------------------------------------------------------------------------- workspace


@dataclass
class Workspace:
    """The temporary directory, the processes and the databases this run made."""

    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="sixtysix-bench-")))
    servers: list[subprocess.Popen] = field(default_factory=list)
    pg_databases: list[str] = field(default_factory=list)
    redis_dbs: list[int] = field(default_factory=list)
    started_redis: bool = False
    started_postgres: str | None = None
    cleaned: bool = False

    def __post_init__(self) -> None:
        (self.tmp / "bench_settings.py").write_text(SETTINGS_MODULE)
        self.static_root = self.tmp / "static"
        self.static_root.mkdir()
        self.secret = secrets.token_urlsafe(50)

    def env(self, database_url: str | None = None, cache_url: str = "locmem://") -> dict:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"HTTPS", "BEHIND_PROXY", "DEBUG", "DATABASE_URL", "CACHE_URL"}
        }
        env.update(
            DEBUG="0",
            SECRET_KEY=self.secret,
            ALLOWED_HOSTS=HOST,
            DATABASE_URL=database_url or f"sqlite:///{self.tmp / 'db.sqlite3'}",
            CACHE_URL=cache_url,
            DJANGO_SETTINGS_MODULE="bench_settings",
            PYTHONPATH=f"{self.tmp}{os.pathsep}{ROOT}",
            BENCH_STATIC_ROOT=str(self.static_root),
            LOG_LEVEL="WARNING",
            PYTHONDONTWRITEBYTECODE="1",
        )
        return env

    def manage(self, env: dict, *args: str, timeout: float = 600) -> None:
        result = subprocess.run(
            [str(PY), "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode:
            raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")

    def prepare_database(self, env: dict, collectstatic: bool) -> None:
        self.manage(env, "migrate", "--noinput", "-v", "0")
        self.manage(env, "load_content")
        if collectstatic:
            self.manage(env, "collectstatic", "--noinput", "-v", "0")

    def start_gunicorn(
        self, env: dict, workers: int, name: str, port: int | None = None, threads: int = 1
    ) -> str:
        """gunicorn on loopback: sync workers, or gthread workers when `threads` > 1."""
        port = port or free_port()
        logfile = self.tmp / f"gunicorn-{name}.log"
        proc = subprocess.Popen(
            [
                str(GUNICORN),
                "sixtysix_site.wsgi",
                "--workers",
                str(workers),
                "--threads",
                str(threads),
                "--bind",
                f"{HOST}:{port}",
                "--error-logfile",
                str(logfile),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.servers.append(proc)
        base = f"http://{HOST}:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"gunicorn exited early:\n{logfile.read_text()}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(base + "/robots.txt", timeout=2) as response,
            ):
                if response.status == 200:
                    return base
            time.sleep(0.2)
        raise SystemExit(f"gunicorn did not answer within 60 s:\n{logfile.read_text()}")

    def stop_server(self, proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)  # the master stops its workers
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if proc in self.servers:
            self.servers.remove(proc)

    def cleanup(self) -> None:
        if self.cleaned:
            return
        self.cleaned = True
        for proc in list(self.servers):
            with contextlib.suppress(Exception):
                self.stop_server(proc)
        for name in self.pg_databases:
            with contextlib.suppress(Exception):
                pg_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        for number in self.redis_dbs:
            with contextlib.suppress(Exception):
                redis_client(number).flushdb()
        if self.started_redis:
            with contextlib.suppress(Exception):
                redis_client(0).shutdown(nosave=True)
        if self.started_postgres:
            with contextlib.suppress(Exception):
                subprocess.run(
                    ["pg_ctlcluster", self.started_postgres, "main", "stop"],
                    check=False,
                    timeout=60,
                    capture_output=True,
                )
        shutil.rmtree(self.tmp, ignore_errors=True)


def install_cleanup(ws: Workspace) -> None:
    atexit.register(ws.cleanup)

    def on_signal(signum, frame):
        ws.cleanup()
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)


# --------------------------------------------------------------------------- PostgreSQL, Redis


def pg_execute(sql: str) -> None:
    import psycopg

    with psycopg.connect(
        PG_ADMIN.replace("postgres://", "postgresql://"), autocommit=True, connect_timeout=5
    ) as conn:
        conn.execute(sql)


def redis_client(number: int):
    import redis

    return redis.Redis(host=HOST, port=6379, db=number, socket_timeout=5)


def ensure_postgres_and_redis(ws: Workspace) -> None:
    try:
        redis_client(0).ping()
    except Exception:
        log("Redis does not answer on 127.0.0.1:6379: running scripts/redis-up.sh")
        subprocess.run(["bash", "scripts/redis-up.sh"], cwd=ROOT, check=True, timeout=600)
        ws.started_redis = True
    try:
        pg_execute("SELECT 1")
    except Exception:
        running = subprocess.run(
            ["pg_lsclusters", "-h"], capture_output=True, text=True, check=False
        ).stdout
        log("PostgreSQL does not answer on 127.0.0.1:5432: running scripts/postgres-up.sh")
        subprocess.run(["bash", "scripts/postgres-up.sh"], cwd=ROOT, check=True, timeout=900)
        if " online " not in running:
            ws.started_postgres = subprocess.run(
                "ls /usr/lib/postgresql | sort -V | tail -n 1",
                shell=True,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()


def empty_redis_db(ws: Workspace) -> int:
    """An empty Redis database number (15 down to 1), so nobody else's keys are touched."""
    for number in range(15, 0, -1):
        if redis_client(number).dbsize() == 0:
            ws.redis_dbs.append(number)
            return number
    raise SystemExit("no empty Redis database number between 1 and 15")


def create_pg_database(ws: Workspace) -> str:
    name = f"sixtysix_bench_{os.getpid()}_{secrets.token_hex(3)}"
    pg_execute(f'CREATE DATABASE "{name}"')
    ws.pg_databases.append(name)
    return f"postgres://sixtysix:sixtysix@127.0.0.1:5432/{name}"


# --------------------------------------------------------------------------- in-process checks


def django_setup(env: dict) -> None:
    for key in (
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DATABASE_URL",
        "CACHE_URL",
        "DJANGO_SETTINGS_MODULE",
        "BENCH_STATIC_ROOT",
        "LOG_LEVEL",
    ):
        os.environ[key] = env[key]
    for path in reversed(env["PYTHONPATH"].split(os.pathsep)):
        if path not in sys.path:
            sys.path.insert(0, path)
    import django

    django.setup()


def all_pages() -> list[tuple[str, str, int]]:
    """(page type, path after the language prefix, expected status) of every page."""
    from rules.models import Variant
    from tutorial.models import TutorialStep

    slugs = list(Variant.objects.order_by("order", "slug").values_list("slug", flat=True))
    pages = [("home", "/", 200), ("variants index", "/variants/", 200)]
    pages += [("variant", f"/variants/{slug}/", 200) for slug in slugs]
    pages += [("variant json", f"/variants/{slug}.json", 200) for slug in slugs]
    if {"classic66", "schnapsen"} <= set(slugs):
        pages.append(("compare", "/compare/?v=classic66&v=schnapsen", 200))
    pages.append(("compare", "/compare/?" + "&".join(f"v={s}" for s in slugs[:4]), 200))
    pages.append(("compare", "/compare/?" + "&".join(f"v={s}" for s in slugs[-4:]), 200))
    pages.append(("compare form", "/compare/", 200))
    pages += [("glossary", "/glossary/", 200), ("tutorial index", "/tutorials/", 200)]
    steps = TutorialStep.objects.select_related("tutorial").order_by("tutorial__order", "number")
    pages += [
        ("tutorial step", f"/tutorials/{step.tutorial.slug}/{step.number}/", 200) for step in steps
    ]
    return pages


def bench_pages() -> dict[str, str]:
    """The measured pages; the tutorial step falls back to any step if first-deal is absent."""
    from tutorial.models import TutorialStep

    pages = dict(BENCH_PAGES)
    if not TutorialStep.objects.filter(tutorial__slug="first-deal", number=3).exists():
        step = (
            TutorialStep.objects.select_related("tutorial")
            .order_by("tutorial__order", "number")
            .first()
        )
        if step is None:
            log("no tutorial step is loaded: the tutorial step is skipped")
            pages.pop("tutorial step")
        else:
            log(f"first-deal/3 is not loaded: measuring {step.tutorial.slug}/{step.number}")
            pages["tutorial step"] = f"/tutorials/{step.tutorial.slug}/{step.number}/"
    return pages


class RefParser(HTMLParser):
    """Collects what a browser would fetch: src=, <link href=, data-*-url; and <a href>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stylesheets: list[str] = []
        self.scripts: list[str] = []
        self.fetched: list[tuple[str, str]] = []  # (what, url)
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if value is None:
                continue
            if name in ("src", "srcset", "poster", "data") or (
                name.startswith("data-") and name.endswith("url")
            ):
                self.fetched.append((f"<{tag} {name}>", value))
        if tag == "link" and attrs.get("href"):
            self.fetched.append(("<link href>", attrs["href"]))
            if "stylesheet" in (attrs.get("rel") or "").split():
                self.stylesheets.append(attrs["href"])
        if tag == "script" and attrs.get("src"):
            self.scripts.append(attrs["src"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)|@import\s+['"]([^'"]+)""")
JS_FETCH = re.compile(
    r"""fetch\(\s*['"`]([^'"`]+)|new\s+(?:WebSocket|EventSource)\(\s*['"`]([^'"`]+)"""
)


def foreign(url: str) -> bool:
    """True for a URL that names another host (absolute or protocol-relative)."""
    url = url.strip()
    if url.startswith("//") or re.match(r"^[a-z][a-z0-9+.-]*://", url, re.I):
        return urlsplit(url if "://" in url else "http:" + url).hostname not in (HOST, "testserver")
    return False


def static_file(url: str) -> Path | None:
    from django.conf import settings

    path = urlsplit(url).path
    if not path.startswith(settings.STATIC_URL):
        return None
    candidate = Path(settings.STATIC_ROOT) / path[len(settings.STATIC_URL) :]
    return candidate if candidate.is_file() else None


def gz_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


@dataclass
class PageCheck:
    kind: str
    lang: str
    path: str
    status: int
    queries_cold: int
    queries_warm: int
    html: bytes
    raw_total: int
    gzip_total: int
    foreign_refs: list[str]
    external_links: int
    parts: list[str]


def check_page(client, kind: str, lang: str, path: str, expected: int) -> PageCheck:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/{lang}{path}"
    cache.clear()
    with CaptureQueriesContext(connection) as cold:
        response = client.get(url)
    with CaptureQueriesContext(connection) as warm:
        client.get(url)
    html = response.content
    parser = RefParser()
    foreign_refs: list[str] = []
    raw = len(html)
    gz = gz_size(html)
    parts = [f"HTML {raw} B"]
    if "html" in response.get("Content-Type", ""):
        parser.feed(html.decode("utf-8"))
        for what, ref in parser.fetched:
            if foreign(ref):
                foreign_refs.append(f"{what} {ref}")
        for ref in dict.fromkeys(parser.stylesheets + parser.scripts):
            found = static_file(ref)
            if found is None:
                if foreign(ref):
                    continue  # already reported above
                foreign_refs.append(f"unresolvable asset {ref}")
                continue
            data = found.read_bytes()
            raw += len(data)
            gz += gz_size(data)
            parts.append(f"{found.name} {len(data)} B")
            text = data.decode("utf-8", "replace")
            pattern = CSS_URL if found.suffix == ".css" else JS_FETCH
            for match in pattern.finditer(text):
                ref_in_asset = next(group for group in match.groups() if group)
                if foreign(ref_in_asset):
                    foreign_refs.append(f"{found.name}: {ref_in_asset}")
    external_links = sum(1 for link in parser.links if foreign(link))
    return PageCheck(
        kind,
        lang,
        path,
        response.status_code,
        len(cold),
        len(warm),
        html,
        raw,
        gz,
        foreign_refs,
        external_links,
        parts,
    )


def run_checks(host: str) -> list[PageCheck]:
    from django.test import Client

    client = Client(SERVER_NAME=HOST, HTTP_HOST=host)
    checks = []
    started = time.monotonic()
    pages = all_pages()
    for kind, path, expected in pages:
        for lang in LANGS:
            check = check_page(client, kind, lang, path, expected)
            if check.status != expected:
                raise SystemExit(f"/{lang}{path} answered {check.status}, expected {expected}")
            checks.append(check)
        if time.monotonic() - started > 900:
            raise SystemExit("the in-process checks took longer than 15 minutes: stopped")
    return checks


def print_budget_checks(checks: list[PageCheck]) -> dict[str, bool]:
    print("\n## Budgets checked in-process (Django test client, every page, all five languages)")
    print(f"{len(checks)} pages checked.\n")
    print(
        "| page type | pages | max SQL cold | max SQL warm | worst page (cold SQL) |"
        " max HTML+CSS+JS raw | gzip | largest page |"
    )
    print("|---|---|---|---|---|---|---|---|")
    kinds = list(dict.fromkeys(check.kind for check in checks))
    for kind in kinds:
        group = [check for check in checks if check.kind == kind]
        worst_q = max(group, key=lambda c: c.queries_cold)
        worst_s = max(group, key=lambda c: c.raw_total)
        print(
            f"| {kind} | {len(group)} | {worst_q.queries_cold} | "
            f"{max(c.queries_warm for c in group)} | /{worst_q.lang}{worst_q.path} | "
            f"{worst_s.raw_total / 1024:.1f} KB | {worst_s.gzip_total / 1024:.1f} KB | "
            f"/{worst_s.lang}{worst_s.path} |"
        )
    print("\nCold SQL queries per page type and language (max over the type's pages):\n")
    print("| page type | " + " | ".join(LANGS) + " |")
    print("|---|" + "---|" * len(LANGS))
    for kind in kinds:
        cells = []
        for lang in LANGS:
            cells.append(
                str(max(c.queries_cold for c in checks if c.kind == kind and c.lang == lang))
            )
        print(f"| {kind} | " + " | ".join(cells) + " |")
    over_q = [c for c in checks if c.queries_cold > QUERY_BUDGET]
    over_s = [c for c in checks if c.gzip_total > GZIP_BUDGETS.get(c.kind, TABLE)]
    foreign_pages = [c for c in checks if c.foreign_refs]
    verdicts = {
        "queries": not over_q,
        "size": not over_s,
        "foreign": not foreign_pages,
    }
    print()
    largest = max(checks, key=lambda c: c.raw_total)
    most = max(checks, key=lambda c: c.queries_cold)
    print(
        f"- SQL budget (<= {QUERY_BUDGET} queries cold): "
        + ("PASS" if not over_q else f"FAIL on {len(over_q)} of {len(checks)} pages")
        + f"; most: {most.queries_cold} on /{most.lang}{most.path}"
    )
    for check in sorted(over_q, key=lambda c: -c.queries_cold)[:10]:
        print(f"    {check.queries_cold} queries: /{check.lang}{check.path}")
    print(
        "- Size budget (HTML+CSS+JS gzip per page type, benchmarks/page_budgets.py): "
        + ("PASS" if not over_s else f"FAIL on {len(over_s)} pages")
        + f"; largest: /{largest.lang}{largest.path} {largest.raw_total} B raw "
        f"({largest.raw_total / 1024:.1f} KB), {largest.gzip_total} B gzip "
        f"({largest.gzip_total / 1024:.1f} KB); parts: {', '.join(largest.parts)}"
    )
    for check in sorted(over_s, key=lambda c: -c.gzip_total)[:10]:
        print(
            f"    {check.raw_total / 1024:.1f} KB raw, {check.gzip_total / 1024:.1f} KB gzip: "
            f"/{check.lang}{check.path} ({', '.join(check.parts)})"
        )
    print(
        "- No request to another host (src=, <link href=, data-*-url, CSS url()/@import, "
        "fetch() in the scripts): "
        + ("PASS" if not foreign_pages else f"FAIL on {len(foreign_pages)} pages")
    )
    for check in foreign_pages[:10]:
        print(f"    /{check.lang}{check.path}: {', '.join(check.foreign_refs[:3])}")
    links = sum(c.external_links for c in checks)
    print(f"  ({links} ordinary <a href> links to other hosts were seen and are not requests.)")
    return verdicts


# --------------------------------------------------------------------------- wrk


@dataclass
class Run:
    page: str
    lang: str
    mode: str
    median_ms: float
    p99_ms: float
    rps: float
    requests: int
    errors: int


UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def parse_duration(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text.strip())
    if not match:
        raise ValueError(text)
    return float(match.group(1)) * UNITS[match.group(2)]


def wrk(wrk_bin: str, url: str, args, page: str, lang: str, mode: str) -> Run:
    cmd = [
        wrk_bin,
        "-t",
        str(args.threads),
        "-c",
        str(args.connections),
        "-d",
        f"{args.duration}s",
        "--latency",
        "--timeout",
        "10s",
        url,
    ]
    for attempt in range(3):
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.duration + 60).stdout
        latency = dict(re.findall(r"^\s+(50|99)(?:\.0+)?%\s+(\S+)\s*$", out, re.M))
        if "50" in latency and "99" in latency and "Requests/sec" in out:
            break
        log(f"wrk output not understood (attempt {attempt + 1}):\n{out}")
    else:
        raise SystemExit(f"wrk gave no latency distribution for {url}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    errors = 0
    if match := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        errors += int(match.group(1))
    if match := re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    ):
        # A read error is how wrk reports a close after "Connection: close"; count the others.
        errors += int(match.group(1)) + int(match.group(3)) + int(match.group(4))
    return Run(
        page,
        lang,
        mode,
        parse_duration(latency["50"]),
        parse_duration(latency["99"]),
        rps,
        requests,
        errors,
    )


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def warm_up(base: str, paths: list[str], times: int) -> None:
    for path in paths:
        for _ in range(times):
            status, _body = fetch(base + path)
            if status != 200:
                raise SystemExit(f"{base}{path} answered {status} during warm-up")


def static_name(page: str, lang: str) -> str:
    return f"benchsize/{page.replace(' ', '-')}-{lang}.html"


def measure(wrk_bin, base, args, pages, modes, sizes) -> list[Run]:
    """Each page and language: its modes back to back (static next to its page), repeated
    `rounds` times; the figures reported are the medians over the rounds."""
    import statistics

    raw: dict[tuple[str, str, str], list[Run]] = {}
    for round_number in range(args.rounds):
        for page, path in pages.items():
            for lang in BENCH_LANGS:
                url = f"{base}/{lang}{path}"
                for mode in modes:
                    target = f"{base}/static/{static_name(page, lang)}" if mode == "static" else url
                    if round_number == 0:
                        status, body = fetch(target)
                        if status != 200 or (mode != "cold" and len(body) != sizes[(page, lang)]):
                            log(
                                f"note: {target} gave {status}, {len(body)} B "
                                f"(in-process {sizes[(page, lang)]} B)"
                            )
                    run = wrk(wrk_bin, target, args, page, lang, mode)
                    log(
                        f"round {round_number + 1} {mode:6} {page} {lang}: {run.rps:.0f} req/s, "
                        f"median {run.median_ms:.2f} ms, load {os.getloadavg()[0]:.1f}"
                    )
                    raw.setdefault((page, lang, mode), []).append(run)
    runs = []
    for (page, lang, mode), group in raw.items():
        runs.append(
            Run(
                page,
                lang,
                mode,
                statistics.median(r.median_ms for r in group),
                statistics.median(r.p99_ms for r in group),
                statistics.median(r.rps for r in group),
                sum(r.requests for r in group),
                sum(r.errors for r in group),
            )
        )
    return runs


def print_table(title: str, runs: list[Run]) -> bool:
    static = {(r.page, r.lang): r.rps for r in runs if r.mode == "static"}
    print(f"\n## {title}\n")
    print("| page | language | cache | median ms | p99 ms | req/s | ratio to static req/s |")
    print("|---|---|---|---|---|---|---|")
    ok = True
    for run in runs:
        ratio = run.rps / static[(run.page, run.lang)] if static.get((run.page, run.lang)) else 0
        print(
            f"| {run.page} | {run.lang} | {run.mode} | {run.median_ms:.2f} | {run.p99_ms:.2f} | "
            f"{run.rps:.0f} | {ratio:.2f} |"
        )
    print()
    for run in runs:
        if run.mode != "warm":
            continue
        ratio = run.rps / static[(run.page, run.lang)]
        if ratio < THROUGHPUT_BUDGET:
            ok = False
            print(
                f"- warm {run.page} {run.lang}: {ratio:.2f} of the static file's throughput: "
                f"FAIL (budget {THROUGHPUT_BUDGET}, short by "
                f"{(THROUGHPUT_BUDGET - ratio) * 100:.0f} percentage points)"
            )
    errors = sum(run.errors for run in runs)
    print(
        f"- Throughput budget (warm page >= {THROUGHPUT_BUDGET:.0%} of the static file's req/s): "
        + ("PASS" if ok else "FAIL")
        + f"; client errors / non-2xx in these runs: {errors}"
    )
    return ok


# --------------------------------------------------------------------------- main


def main() -> int:
    ensure_venv()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run (5)")
    parser.add_argument("--connections", type=int, default=4, help="wrk connections (4)")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (1)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (2)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="repetitions of every run; medians are reported (3)"
    )
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    args.duration = max(1, min(args.duration, 120))
    args.connections = max(1, min(args.connections, 256))
    args.threads = max(1, min(args.threads, args.connections))
    args.rounds = max(1, min(args.rounds, 10))

    wrk_bin = ensure_wrk()
    ws = Workspace()
    install_cleanup(ws)
    verdicts: dict[str, bool] = {}
    try:
        print(f"# Sixty-Six page benchmark, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        print(
            f"Machine: {os.cpu_count()} CPUs, load average at start "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}."
        )
        print(
            f"Client: wrk, {args.threads} thread(s), {args.connections} connections, "
            f"{args.duration} s per run, {args.rounds} rounds (medians reported); keep-alive "
            "offered, but gunicorn's sync workers close after each response, so every "
            "request opens a connection, static ones too."
        )
        print(
            f"Server: gunicorn, {args.workers} sync workers, 127.0.0.1; DEBUG=0, random "
            f"SECRET_KEY, ALLOWED_HOSTS=127.0.0.1."
        )
        env = ws.env()
        log("fresh SQLite database: migrate, load_content, collectstatic")
        ws.prepare_database(env, collectstatic=True)
        django_setup(env)
        pages = bench_pages()
        log("in-process budget checks (every page, five languages)")
        port = free_port()  # chosen now: absolute URLs in the pages carry it, sizes match
        checks = run_checks(f"{HOST}:{port}")
        verdicts.update(print_budget_checks(checks))

        # Static twins: the page's own HTML as a static file of exactly the same size.
        from django.test import Client

        client = Client(SERVER_NAME=HOST, HTTP_HOST=f"{HOST}:{port}")
        sizes = {}
        for page, path in pages.items():
            for lang in BENCH_LANGS:
                body = client.get(f"/{lang}{path}").content
                target = ws.static_root / static_name(page, lang)
                target.parent.mkdir(exist_ok=True)
                target.write_bytes(body)
                sizes[(page, lang)] = len(body)

        all_urls = [f"/{lang}{path}" for path in pages.values() for lang in BENCH_LANGS]
        log("gunicorn with SQLite and the in-memory cache: static and warm")
        base = ws.start_gunicorn(env, args.workers, "locmem", port=port)
        warm_up(base, all_urls, times=10 * args.workers)
        runs = measure(wrk_bin, base, args, pages, ("static", "warm"), sizes)
        ws.stop_server(ws.servers[-1])
        log("gunicorn with SQLite and CACHE_URL=dummy://: cold")
        base = ws.start_gunicorn(ws.env(cache_url="dummy://"), args.workers, "dummy")
        warm_up(base, all_urls, times=2)  # imports and lru caches, not the page cache
        cold = measure(wrk_bin, base, args, pages, ("cold",), sizes)
        ws.stop_server(ws.servers[-1])
        order = {"static": 0, "cold": 1, "warm": 2}
        runs = sorted(
            runs + cold,
            key=lambda r: (list(pages).index(r.page), BENCH_LANGS.index(r.lang), order[r.mode]),
        )
        verdicts["throughput"] = print_table(
            f"SQLite + per-process memory cache, {args.workers} gunicorn workers "
            "(cold = CACHE_URL=dummy://, warm = cache filled)",
            runs,
        )

        if not args.skip_postgres:
            ensure_postgres_and_redis(ws)
            number = empty_redis_db(ws)
            pg_url = create_pg_database(ws)
            pg_env = ws.env(database_url=pg_url, cache_url=f"redis://127.0.0.1:6379/{number}")
            log(f"PostgreSQL {pg_url.rsplit('/', 1)[1]}, Redis db {number}: migrate, load_content")
            ws.prepare_database(pg_env, collectstatic=False)
            base = ws.start_gunicorn(pg_env, 2, "postgres")
            warm_up(base, all_urls, times=3)
            pg_runs = measure(wrk_bin, base, args, pages, ("static", "warm"), sizes)
            ws.stop_server(ws.servers[-1])
            verdicts["throughput (PostgreSQL + Redis)"] = print_table(
                "PostgreSQL + Redis, 2 gunicorn workers behind one address (warm)", pg_runs
            )

        print("\n## Verdicts\n")
        for name, ok in verdicts.items():
            print(f"- {name}: {'PASS' if ok else 'FAIL'}")
        print(f"\nLoad average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}.")
    finally:
        ws.cleanup()
    return 0 if all(verdicts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
