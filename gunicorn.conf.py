"""gunicorn's settings for the site, read from the working directory by `gunicorn`.

Two worker processes per core and one more (WEB_CONCURRENCY overrides), each with
GUNICORN_THREADS threads (4): hints and computer play take at most one core's worth of
machine-wide slots (practice/hints.py), and a worker busy with one of them still has free
threads, so a cached page (answered by the page cache before sessions and views) never
waits in the queue behind a costly request (`benchmarks/attack.py`).
"""

import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
worker_class = "gthread"
