#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port, for the tests that need a real server.
#   eval "$(scripts/test-postgres.sh start)"   # prints: export TEST_DATABASE_URL=...
#   scripts/test-postgres.sh stop
# Uses Debian's server binaries (apt-get install postgresql). Durability is off: test data only;
# PGTEST_DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous commit, full-page writes), as a
# production server runs, for the benchmarks that write.
set -euo pipefail

dir=${PGTEST_DIR:-/tmp/agence-pg-test}
# Below 32768: outside the ephemeral range, so no client connection can hold the port (decision 021).
port=${PGTEST_PORT:-25329}
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "PostgreSQL server binaries not found: apt-get install -y postgresql" >&2
  exit 1
fi

# initdb and postgres refuse to run as root: use the postgres account Debian's package creates.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    as_owner "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    # Durable: PostgreSQL's defaults, with the time spent flushing WAL counted (npm run bench reports it).
    if [ "${PGTEST_DURABLE:-}" = "1" ]; then durability="-c track_wal_io_timing=on"; fi
    as_owner "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=200" \
      >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
