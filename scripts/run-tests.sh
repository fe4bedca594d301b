#!/usr/bin/env bash
# The whole suite in two runs: first everything that shares the loaded content inside
# rolled-back transactions, then the browser tests, whose live server flushes the database
# after each test (they reload the content themselves). Exit code 5 (no tests) is a failure.
set -u
PYTEST="${PYTEST:-.venv/bin/pytest}"
status=0
run() {
  "$PYTEST" -p no:cacheprovider "$@"
  rc=$?
  if [ "$rc" -eq 5 ]; then echo "pytest collected no tests for: $*"; rc=1; fi
  [ "$rc" -eq 0 ] || status=$rc
}
# RUN_SLOW=0 leaves out the slow property and fuzz runs (the PostgreSQL pass of CI: they do
# not depend on the database and have already run in the SQLite pass).
# E2E=smoke runs only the browser tests marked smoke (the PostgreSQL pass: the whole browser
# suite ran on SQLite).
if [ "${RUN_SLOW:-1}" = 0 ]; then run -n 2 -m "not e2e and not slow"; else run -n 2 -m "not e2e"; fi
if [ "${E2E:-all}" = smoke ]; then run -n 2 -m "e2e and smoke"; else run -n 2 -m "e2e"; fi
exit $status
