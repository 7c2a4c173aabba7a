#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 for the server tests (TEST_DATABASE_URL).
#   scripts/pg-test-server.sh start   # prints the export line for TEST_DATABASE_URL
#   scripts/pg-test-server.sh stop
# PGTEST_DIR (default /tmp/pgtest) and PGTEST_PORT (default 55432) override the place and port.
# Runs the server as the `postgres` user when started as root (initdb refuses root).
set -euo pipefail

DIR="${PGTEST_DIR:-/tmp/pgtest}"
PORT="${PGTEST_PORT:-55432}"
DATA="$DIR/d"

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    # initdb refuses root: as root, run the server as `postgres`, creating that user if the machine lacks it.
    if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home postgres; fi
    mkdir -p "$DIR"
    if [ "$(id -u)" = "0" ]; then chown postgres "$DIR"; fi
    if [ ! -f "$DATA/PG_VERSION" ]; then
      as_pg initdb -D "$DATA" -U app --auth=trust -E UTF8 --no-locale >/dev/null
    fi
    if ! as_pg pg_ctl -D "$DATA" status >/dev/null 2>&1; then
      as_pg pg_ctl -D "$DATA" -l "$DIR/log" -o "-h 127.0.0.1 -p $PORT -k $DIR" -w start >/dev/null
    fi
    echo "export TEST_DATABASE_URL=postgres://app@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    if [ -f "$DATA/PG_VERSION" ]; then as_pg pg_ctl -D "$DATA" -m fast -w stop >/dev/null || true; fi
    ;;
  *)
    echo "Uso: $0 start|stop" >&2
    exit 2
    ;;
esac
