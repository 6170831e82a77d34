# Shared shell functions of tools/bootstrap, tools/run, tools/test and tools/testdb.
# shellcheck shell=bash

BLOG_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Runs a command as the postgres system user when we are root (initdb and postgres refuse root).
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# pg_init DIR [fast]: creates a cluster in DIR/data listening only on the socket folder DIR/run.
# "fast" turns off durability for throw-away test clusters.
pg_init() {
  local dir=$1 mode=${2:-}
  [ -f "$dir/data/PG_VERSION" ] && return 0
  mkdir -p "$dir/data" "$dir/run"
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
  chmod 700 "$dir" "$dir/data"
  as_pg "$PG_BIN/initdb" -D "$dir/data" --username=blog --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; die "initdb failed in $dir"; }
  {
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$dir/run'"
    echo "max_connections = 200"
    echo "shared_buffers = 128MB"
    if [ "$mode" = fast ]; then
      echo "fsync = off"
      echo "synchronous_commit = off"
      echo "full_page_writes = off"
    fi
  } | as_pg tee -a "$dir/data/postgresql.conf" >/dev/null
}

pg_start() {
  local dir=$1
  if as_pg "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then return 0; fi
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
    || { tail -20 "$dir/server.log" >&2; die "PostgreSQL did not start in $dir"; }
}

pg_stop() {
  local dir=$1
  [ -f "$dir/data/postmaster.pid" ] || return 0
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
}

# pg_url DIR DB: the libpq URL of database DB in the cluster under DIR.
pg_url() { echo "postgresql:///$2?host=$1/run&user=blog"; }

pg_create_db() {
  local dir=$1 db=$2
  if ! "$PG_BIN/psql" -qtA "$(pg_url "$dir" postgres)" -c "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    "$PG_BIN/psql" -q "$(pg_url "$dir" postgres)" -c "CREATE DATABASE \"$db\"" >/dev/null
  fi
}

# A free TCP port on loopback.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# wait_http URL SECONDS: waits until URL answers 200.
wait_http() {
  local url=$1 limit=${2:-30} i
  for ((i = 0; i < limit * 10; i++)); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

# reader_client_prefix: the command prefix the benchmarks' readers run under (an array,
# READER_CLIENT). A reader on another machine waits for no CPU here, while a load generator on
# this one, among blogd, PostgreSQL and the writers' client, waited for one itself: 2-2.6 ms of
# a 2-core machine's p99 during writes against 0.7-0.8 ms at real-time priority (session 42).
# So the readers' client runs at the lowest real-time priority where that is permitted (root or
# RLIMIT_RTPRIO), and as any process with READER_PRIORITY=normal or where it is not.
# READER_CLIENT_SAYS says which.
# shellcheck disable=SC2034  # READER_CLIENT and READER_CLIENT_SAYS are for the benchmarks sourcing this
reader_client_prefix() {
  READER_CLIENT=()
  READER_CLIENT_SAYS="normal priority"
  if [ "${READER_PRIORITY:-rt}" = rt ] && command -v chrt >/dev/null && chrt -r 1 true 2>/dev/null; then
    READER_CLIENT=(chrt -r 1)
    READER_CLIENT_SAYS="real-time priority (chrt -r 1; READER_PRIORITY=normal for none)"
  fi
}
