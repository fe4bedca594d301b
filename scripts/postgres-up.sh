#!/usr/bin/env bash
# Start a PostgreSQL server on loopback for the test suite (Debian's postgresql package)
# and create a role that may create test databases. Prints nothing but errors.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
  $SUDO pg_createcluster "$version" main >/dev/null
fi
$SUDO pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
as_postgres psql -q -h /var/run/postgresql -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sixtysix') THEN
    CREATE ROLE sixtysix LOGIN PASSWORD 'sixtysix' CREATEDB;
  END IF;
END $$;
SQL
if ! as_postgres psql -h /var/run/postgresql -tAc "SELECT 1 FROM pg_database WHERE datname='sixtysix'" | grep -q 1; then
  as_postgres createdb -h /var/run/postgresql -O sixtysix sixtysix
fi
