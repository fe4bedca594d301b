"""gunicorn.conf.py: enough workers and threads that cached pages never wait behind hints."""

import multiprocessing
import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

CONF = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


def test_two_workers_per_core_and_one_more(monkeypatch):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 2)
    assert runpy.run_path(str(CONF))["workers"] == 5


def test_web_concurrency_overrides(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    assert runpy.run_path(str(CONF))["workers"] == 3


def test_more_workers_than_the_machine_gives_hints(monkeypatch):
    """Hints hold at most one slot per core but one (practice/hints.py); the workers left
    over answer the pages."""
    from practice.hints import machine_slots

    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    workers = runpy.run_path(str(CONF))["workers"]
    assert workers - machine_slots() >= multiprocessing.cpu_count()


def test_sync_workers_unless_threads_are_asked_for(monkeypatch):
    monkeypatch.delenv("GUNICORN_THREADS", raising=False)
    conf = runpy.run_path(str(CONF))
    assert (conf["worker_class"], conf["threads"]) == ("sync", 1)
    monkeypatch.setenv("GUNICORN_THREADS", "4")
    conf = runpy.run_path(str(CONF))
    assert (conf["worker_class"], conf["threads"]) == ("gthread", 4)
