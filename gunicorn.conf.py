"""gunicorn's settings for the site, read from the working directory by `gunicorn`.

Two worker processes per core and one more (WEB_CONCURRENCY overrides): hints and computer
play take at most one core's worth of machine-wide slots (practice/hints.py), so a free
worker always answers the cached pages. GUNICORN_THREADS > 1 gives each worker that many
threads (gthread): `benchmarks/attack.py` measured cached pages far steadier under most
attacks with 4, but slower under replayed moves on SQLite, so sync stays the default until
that is understood (see benchmarks/README.md).
"""

import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
threads = int(os.environ.get("GUNICORN_THREADS") or 1)
worker_class = "gthread" if threads > 1 else "sync"
