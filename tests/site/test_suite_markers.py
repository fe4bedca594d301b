"""The slow fuzz and property runs stay in `make test` and CI, and out of `make test-fast`."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]


def test_test_fast_leaves_out_the_slow_tests_and_the_full_run_keeps_them():
    makefile = (ROOT / "Makefile").read_text()
    fast = re.search(r"^test-fast:.*\n\t(.*)$", makefile, re.M).group(1)
    assert '-m "not e2e and not slow"' in fast
    # `make test` (CI's SQLite pass) runs every marker but e2e, then e2e; only the PostgreSQL
    # pass asks the runner to leave the slow, database-independent runs out.
    runner = (ROOT / "scripts" / "run-tests.sh").read_text()
    assert 'else run -n 2 -m "not e2e"; fi' in runner
    test = re.search(r"^test:.*\n\t(.*)$", makefile, re.M).group(1)
    assert test == "bash scripts/run-tests.sh"
    postgres = re.search(r"^test-postgres:.*\n(?:\t.*\n)*", makefile, re.M).group(0)
    assert "RUN_SLOW=0" in postgres
    # Neither names a folder: both collect pyproject's testpaths, the engine's own tests too.
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert settings["ini_options"]["testpaths"] == ["tests", "engine/tests"]


def test_the_fuzz_suites_are_marked_slow():
    files = [
        "tests/site/test_fuzz.py",
        "tests/tutorial/test_tutorial_pages.py",
        "tests/puzzles/test_puzzle_pages.py",
    ]
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--collect-only"]
    result = subprocess.run(  # noqa: S603 (this interpreter, fixed arguments)
        [*command, "-m", "slow", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in result.stdout.splitlines() if "::" in line]
    collected = {line.split("::")[1].split("[")[0] for line in lines}  # one name per test
    assert collected == {
        "test_paths",
        "test_query_strings",
        "test_tutorial_steps_and_tries",
        "test_move_check_bodies",
        "test_random_bodies_never_cause_a_server_error",
        # The walks over every step in every language (a sample stays in `make test-fast`).
        "test_every_step_page_returns_200",
        "test_your_move_accepts_the_lessons_move",
        "test_every_answer_to_a_tried_move_reads_clean",
        "test_wrong_but_legal_moves_get_the_lessons_reply",
        "test_every_puzzle_page_in_every_language",
    }, result.stdout + result.stderr
