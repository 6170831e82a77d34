#!/usr/bin/env bash
# Abuse benchmark: does a reader still get fast answers while the server is under attack?
#
# Starts a throw-away PostgreSQL with POSTS posts and blogd, then measures one reader (a fresh
# connection per request, from 127.0.0.1) alternating GET /api/posts and GET /api/search?q=…: first
# on the quiet server, then while the server is under each attack in turn, every attacker coming
# from other loopback addresses (127.0.0.11…):
#   1. slowloris: slowhttptest -H from SOURCES addresses (SLOW_CONNECTIONS connections in all);
#   2. a connection flood: FLOOD_CONNECTIONS idle connections spread over SOURCES addresses;
#   3. a flood of POST /api/reset-password with made-up tokens (RESET_THREADS in parallel);
#   4. 20 parallel slow 5 MB uploads (UPLOAD_RATE bytes/s each) from an unapproved account.
# For each, prints the reader's p99 per path as a ratio to the quiet p99 and the failed reader
# requests, with PASS when the ratio is <= 3 and no request failed, FAIL otherwise. A missed target
# still exits 0 (this is a measurement, not a gate); a failure to run exits non-zero.
#
# Usage: bench/abuse.sh [--quick] [--duration SECONDS]
#   --quick      smoke run: 5 s per phase, smaller attacks
# Environment: BLOG_BUILD_DIR (build), DURATION (15), POSTS (1000), SOURCES (4),
#   SLOW_CONNECTIONS (1000), FLOOD_CONNECTIONS (4000), RESET_THREADS (32), UPLOADS (20),
#   UPLOAD_RATE (100000), SEARCH_QUERY (platby), KEEP_WORK=1 keeps the temp folder (logs).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
DURATION=${DURATION:-15}
POSTS=${POSTS:-1000}
SOURCES=${SOURCES:-4}
SLOW_CONNECTIONS=${SLOW_CONNECTIONS:-1000}
FLOOD_CONNECTIONS=${FLOOD_CONNECTIONS:-4000}
RESET_THREADS=${RESET_THREADS:-32}
UPLOADS=${UPLOADS:-20}
UPLOAD_RATE=${UPLOAD_RATE:-100000}
SEARCH_QUERY=${SEARCH_QUERY:-platby}
TARGET_RATIO=3
SETTLE=2  # seconds an attack runs before the reader starts, and the pause after it

while [ $# -gt 0 ]; do
  case $1 in
    --quick) DURATION=5 SLOW_CONNECTIONS=300 FLOOD_CONNECTIONS=1000 POSTS=200 ;;
    --duration) DURATION=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
[[ $DURATION =~ ^[1-9][0-9]*$ ]] || die "DURATION must be a whole number of seconds"
[[ $SOURCES =~ ^[1-9][0-9]?$ ]] || die "SOURCES must be from 1 to 99"

for tool in slowhttptest curl python3 awk cc; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done
if [ ! -x "$build/blogd" ] || [ ! -x "$build/blogctl" ]; then
  die "no $build/blogd or $build/blogctl: tools/bootstrap builds them"
fi
blogd_bin=$(cd "$(dirname "$build/blogd")" && pwd)/blogd
blogctl_bin=$(cd "$(dirname "$build/blogctl")" && pwd)/blogctl
needed_fds=$((FLOOD_CONNECTIONS + SLOW_CONNECTIONS + 1024))
ulimit -n "$needed_fds" 2>/dev/null || [ "$(ulimit -n)" -ge "$needed_fds" ] \
  || die "need $needed_fds open files (ulimit -n is $(ulimit -n))"

work=$(mktemp -d /tmp/blog-abuse.XXXXXX)
chmod 755 "$work"  # PostgreSQL runs as postgres when we are root
blogd_pid=
attack_pids=()
# stop_attacks [GRACE]: lets the attackers end by themselves (they print their summary) for up to
# GRACE seconds, then stops the rest.
# shellcheck disable=SC2317  # called by the EXIT trap and between attacks
stop_attacks() {
  local pid deadline=$((SECONDS + ${1:-0}))
  for pid in "${attack_pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${attack_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  attack_pids=()
}
# shellcheck disable=SC2317
cleanup() {
  local status=$?
  stop_attacks
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  pg_stop "$work/pg"
  if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

sources=()
for ((i = 0; i < SOURCES; i++)); do sources+=("127.0.0.$((11 + i))"); done
source_list=$(IFS=,; echo "${sources[*]}")

# --- PostgreSQL and blogd -------------------------------------------------------------------------
log "PostgreSQL in $work/pg"
pg_init "$work/pg" fast
pg_start "$work/pg"
pg_create_db "$work/pg" blog
db_url=$(pg_url "$work/pg" blog)
BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
log "loading $POSTS posts"
"$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$POSTS" -f bench/read_path/posts.sql "$db_url" >/dev/null

# The attackers run on their own CPU, away from blogd and the reader: on a 2-core machine their own
# work (slowhttptest's reconnect loop, Python's sockets) would otherwise be measured as the server
# starving. What blogd spends on the attack (accepting, refusing, timing out) stays on blogd's CPU.
if [ "$(nproc)" -ge 2 ]; then
  server_cpu=(taskset -c 0)
  attack_cpu=(taskset -c 1)
else
  server_cpu=()
  attack_cpu=()
fi

port=$(free_port)
base="http://127.0.0.1:$port"
log "blogd on 127.0.0.1:$port"
mkdir -p "$work/data"
env BLOG_DATABASE_URL="$db_url" BLOG_DATA_DIR="$work/data" BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_HTTP_PORT="$port" \
  BLOG_LOG_LEVEL=warn BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="$base" \
  "${server_cpu[@]}" "$blogd_bin" >"$work/blogd.log" 2>&1 &
blogd_pid=$!
started=$SECONDS
until curl -fsS -o /dev/null "$base/readyz" 2>/dev/null; do
  kill -0 "$blogd_pid" 2>/dev/null || { cat "$work/blogd.log" >&2; blogd_pid=; die "blogd exited"; }
  [ $((SECONDS - started)) -lt 300 ] || { tail -20 "$work/blogd.log" >&2; die "blogd not ready after 300 s"; }
  sleep 0.2
done
log "blogd ready after $((SECONDS - started)) s"

# An unapproved account: registration signs it in, and an admin never approves it.
status=$(curl -sS -o "$work/register.json" -w '%{http_code}' -c "$work/cookies" -H 'Content-Type: application/json' \
  -H "Origin: $base" "$base/api/register" \
  --data '{"username":"abuse_bench","email":"abuse.bench@example.com","password":"Abuse-bench-123456","confirmPassword":"Abuse-bench-123456"}')
[ "$status" = 201 ] || die "could not register the unapproved account ($status): $(cat "$work/register.json")"
session_cookie=$(awk '!/^#/ && NF >= 7 { c = $6 "=" $7 } /^#HttpOnly_/ { c = $6 "=" $7 } END { print c }' "$work/cookies")
[ -n "$session_cookie" ] || die "registration set no session cookie"

# The shim that makes slowhttptest connect from another address.
cc -shared -fPIC -O2 -o "$work/bind_source.so" bench/abuse/bind_source.c -ldl

reader_paths=("/api/posts" "/api/search?q=$SEARCH_QUERY")
for path in "${reader_paths[@]}"; do
  curl -fsS -o /dev/null "$base$path" || die "GET $path fails on the quiet server"
done

# --- Measuring ----------------------------------------------------------------------------------------
# read_phase NAME: the reader for DURATION seconds; its JSON lines go to $work/NAME.json.
read_phase() {
  "${server_cpu[@]}" python3 bench/abuse/reader.py 127.0.0.1 "$port" 127.0.0.1 "$DURATION" "${reader_paths[@]}" >"$work/$1.json"
}

start_attack() {
  local kind=$1 i
  case $kind in
    slowloris)
      for ((i = 0; i < SOURCES; i++)); do
        BLOG_BIND_SOURCE=${sources[$i]} LD_PRELOAD="$work/bind_source.so" \
          "${attack_cpu[@]}" slowhttptest -H -c $((SLOW_CONNECTIONS / SOURCES)) -r 500 -i 5 -x 10 -p 3 -l $((DURATION + SETTLE)) \
          -u "$base/api/posts" >"$work/slowloris-$i.log" 2>&1 &
        attack_pids+=($!)
      done ;;
    flood)
      "${attack_cpu[@]}" python3 bench/abuse/attack.py idle 127.0.0.1 "$port" $((DURATION + SETTLE)) "$source_list" "$FLOOD_CONNECTIONS" \
        >"$work/flood.log" 2>&1 &
      attack_pids+=($!) ;;
    reset)
      "${attack_cpu[@]}" python3 bench/abuse/attack.py reset 127.0.0.1 "$port" $((DURATION + SETTLE)) "$source_list" "$RESET_THREADS" \
        >"$work/reset.log" 2>&1 &
      attack_pids+=($!) ;;
    upload)
      "${attack_cpu[@]}" python3 bench/abuse/attack.py upload 127.0.0.1 "$port" $((DURATION + SETTLE)) "$source_list" "$UPLOADS" \
        "$session_cookie" $((5 * 1024 * 1024 - 4096)) "$UPLOAD_RATE" >"$work/upload.log" 2>&1 &
      attack_pids+=($!) ;;
  esac
}

# The p99 and failures of one path in a phase's JSON lines.
field() { python3 -c 'import json,sys; [print(d[sys.argv[3]] if d[sys.argv[3]] is not None else -1) for d in map(json.loads, open(sys.argv[1])) if d["path"] == sys.argv[2]]' "$@"; }
reasons() { python3 -c 'import json,sys; print(", ".join("%s %d" % kv for d in map(json.loads, open(sys.argv[1])) for kv in d["reasons"].items()))' "$1"; }

printf '\nabuse: %s posts, %s s per phase, attackers from %s; repo HEAD %s, blogd from %s; %s CPUs, load average %s\n' \
  "$POSTS" "$DURATION" "$source_list" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" "$build" "$(nproc)" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"

log "quiet server"
read_phase quiet
declare -A quiet_p99
for path in "${reader_paths[@]}"; do
  quiet_p99[$path]=$(field "$work/quiet.json" "$path" p99_ms)
  printf 'quiet            %-28s p99 %8.2f ms  (%s requests, %s failed)\n' "$path" "${quiet_p99[$path]}" \
    "$(field "$work/quiet.json" "$path" count)" "$(field "$work/quiet.json" "$path" failures)"
done

results=()
for attack in slowloris flood reset upload; do
  log "under attack: $attack"
  start_attack "$attack"
  sleep "$SETTLE"
  read_phase "$attack"
  stop_attacks 15
  for path in "${reader_paths[@]}"; do
    p99=$(field "$work/$attack.json" "$path" p99_ms)
    count=$(field "$work/$attack.json" "$path" count)
    failed=$(field "$work/$attack.json" "$path" failures)
    line=$(awk -v a="$attack" -v p="$path" -v q="${quiet_p99[$path]}" -v x="$p99" -v n="$count" -v f="$failed" -v t=$TARGET_RATIO '
      BEGIN {
        ratio = (x < 0 || q <= 0) ? -1 : x / q
        ok = (ratio >= 0 && ratio <= t && f == 0)
        printf "%-16s %-28s p99 %8.2f ms  ratio %6.2f (target <= %d)  %5d requests, %4d failed  %s",
          a, p, x, ratio, t, n, f, (ok ? "PASS" : "FAIL")
      }')
    printf '%s\n' "$line"
    results+=("$line")
  done
  if [ "$(reasons "$work/$attack.json")" != "" ]; then printf '                 failures: %s\n' "$(reasons "$work/$attack.json")"; fi
  case $attack in
    slowloris)
      # The last status of each slowhttptest: connections it held open and whether its probe got an answer.
      printf '                 slowhttptest (per source): %s\n' "$(for f in "$work"/slowloris-*.log; do
        sed 's/\x1b\[[0-9;]*m//g' "$f" | awk '/^connected:/ { c = $2 } /^service available:/ { a = $3 } END { printf "%s open, available %s; ", c, a }'
      done)" ;;
    *) printf '                 attacker: %s\n' "$(tail -1 "$work/$attack.log")" ;;
  esac
  kill -0 "$blogd_pid" 2>/dev/null || { tail -20 "$work/blogd.log" >&2; blogd_pid=; die "blogd died under $attack"; }
  sleep "$SETTLE"
done

log "quiet server again"
read_phase quiet-again
for path in "${reader_paths[@]}"; do
  printf 'quiet again      %-28s p99 %8.2f ms  (%s failed)\n' "$path" "$(field "$work/quiet-again.json" "$path" p99_ms)" \
    "$(field "$work/quiet-again.json" "$path" failures)"
done

echo
passed=$(printf '%s\n' "${results[@]}" | grep -c 'PASS$' || true)
printf 'abuse: %d of %d lines PASS (target: every ratio <= %d, no failed reader request)\n' "$passed" "${#results[@]}" "$TARGET_RATIO"
exit 0
