"""gunicorn's settings for the site, read from the working directory by `gunicorn`.

Sync workers, two per core and one more (WEB_CONCURRENCY overrides): hints use at most
one core's worth of workers at a time (practice/hints.py), so a free worker always answers
the cached pages, within a few milliseconds of their time alone while hints are computed
(`benchmarks/hints.py --pages`).
"""

import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
