"""Fixtures of the content-safety tests: loads and the command on copies of the content."""

import functools
import io
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from content.load import content_load
from rules.content_loader import CONTENT_DIR as RULES_DIR
from tutorial.content_loader import CONTENT_DIR as TUTORIALS_DIR


@pytest.fixture
def dirs(tmp_path) -> tuple[Path, Path]:
    """Copies of both content folders: tests never touch the real files."""
    ignore = shutil.ignore_patterns("_drafts", "*.md")
    rules, tutorials = tmp_path / "rules", tmp_path / "tutorials"
    shutil.copytree(RULES_DIR, rules, ignore=ignore)
    shutil.copytree(TUTORIALS_DIR, tutorials, ignore=ignore)
    return rules, tutorials


@pytest.fixture
def load(dirs):
    rules, tutorials = dirs
    return functools.partial(content_load, rules_dir=rules, tutorials_dir=tutorials)


@pytest.fixture
def command(monkeypatch, load):
    """The load_content command, reading the copies."""
    monkeypatch.setattr("content.management.commands.load_content.content_load", load)

    def run(*args):
        out = io.StringIO()
        call_command("load_content", *args, stdout=out)
        return out.getvalue()

    return run
