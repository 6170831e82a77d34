#!/usr/bin/env bash
# Write-path benchmark: blogd's writes against PostgreSQL's own rate for the same rows, and how the
# cost of a write grows with the corpus and the number of writers.
#
# Starts a throw-away PostgreSQL, generates each corpus size of SIZES (10,000 and 100,000 posts, from
# bench/search/corpus.sql) and, for each number of writers in WRITERS (1, 4 and 16):
#   - starts blogd and, for DURATION seconds, creates posts as an admin (POST /api/posts,
#     read-your-writes included: the answer comes once the post is in the read model and the index)
#     on that many connections while READERS connections read GET /api/posts?language=cs (each
#     pausing READ_DELAY_MS between requests); the readers are also measured alone first (quiet);
#   - with blogd stopped, runs pgbench on the same database at the same concurrency for DURATION
#     seconds: one INSERT of the same row (title, slug, body, excerpt) per transaction over libpq,
#     through the same trigger that logs the change: PostgreSQL's own rate, the limit.
# Prints, per size and writers, blogd's writes/s, PostgreSQL's rows/s and their ratio, write
# p50/p99 and the readers' p99 during the writes and quiet, then the targets with PASS/FAIL: at 16
# writers blogd >= 0.2x PostgreSQL; write p99 <= 30 ms at 4 writers; write p99 at the largest size
# <= 1.2x the smallest (4 writers); readers' p99 during writes <= 1.5x quiet.
# With --before BLOGD (e.g. main's build) that blogd is measured in the same run on the same
# databases, after ours. A missed target still exits 0 (a measurement, not a gate); a failure to
# run exits non-zero.
#
# Usage: bench/write_path.sh [--quick] [--before PATH_TO_BLOGD]
#   --quick      smoke run: 2,000 and 20,000 posts, 4 s each
# Environment: BLOG_BUILD_DIR (build), SIZES ("10000 100000"), DURATION (10), WRITERS ("1 4 16"),
#   READERS (4), READ_DELAY_MS (5), KEEP_WORK=1 keeps the temp folder (logs, wrk outputs),
#   READER_PRIORITY (rt: the readers' client at real-time priority where permitted, as a reader on
#   another machine; normal: among the other processes, see reader_client_prefix in tools/lib.sh).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
SIZES=${SIZES:-10000 100000}
DURATION=${DURATION:-10}
WRITERS=${WRITERS:-1 4 16}
READERS=${READERS:-4}
READ_DELAY_MS=${READ_DELAY_MS:-5}
TARGET_SHARE=0.2        # of PostgreSQL's own rate, at 16 writers
TARGET_P99_MS=30        # write p99 at 4 writers
TARGET_GROWTH=1.2       # write p99 at the largest size / the smallest, at 4 writers
TARGET_READERS=1.5      # readers' p99 during writes / quiet
before_bin=

while [ $# -gt 0 ]; do
  case $1 in
    --quick) SIZES="2000 20000" DURATION=4 ;;
    --before) before_bin=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
for tool in wrk curl python3 awk "$PG_BIN/pgbench"; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
reader_client_prefix
{ [ -x "$build/blogd" ] && [ -x "$build/blogctl" ]; } || die "no $build/blogd or $build/blogctl: run tools/bootstrap (or set BLOG_BUILD_DIR)"
blogd_bin=$(cd "$build" && pwd)/blogd
blogctl_bin=$(cd "$build" && pwd)/blogctl
if [ -n "$before_bin" ]; then
  [ -x "$before_bin" ] || die "--before: $before_bin is not an executable"
  before_bin=$(cd "$(dirname "$before_bin")" && pwd)/$(basename "$before_bin")
fi

work=$(mktemp -d /tmp/blog-write-bench.XXXXXX)
chmod 755 "$work"
blogd_pid=
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  local status=$?
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  pg_stop "$work/pg"
  if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "PostgreSQL in $work/pg"
pg_init "$work/pg" fast
pg_start "$work/pg"

# start_blogd BIN SIZE: starts BIN on the database and data folder of SIZE; sets port and blogd_pid.
start_blogd() {
  local bin=$1 size=$2 started=$SECONDS
  port=$(free_port)
  env BLOG_DATABASE_URL="$(pg_url "$work/pg" "posts_$size")" BLOG_DATA_DIR="$work/data-$size" BLOG_HTTP_ADDRESS=127.0.0.1 \
    BLOG_HTTP_PORT="$port" BLOG_LOG_LEVEL=warn BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="http://127.0.0.1:$port" \
    "$bin" >>"$work/blogd-$size.log" 2>&1 &
  blogd_pid=$!
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; do
    kill -0 "$blogd_pid" 2>/dev/null || { tail -20 "$work/blogd-$size.log" >&2; blogd_pid=; die "blogd exited"; }
    [ $((SECONDS - started)) -lt 900 ] || die "blogd not ready after 900 s"
    sleep 0.2
  done
  log "blogd ready after $((SECONDS - started)) s"
}
stop_blogd() {
  kill -TERM "$blogd_pid" 2>/dev/null || true
  wait "$blogd_pid" 2>/dev/null || true
  blogd_pid=
}

# wrk_stats FILE: "rps p50_ms p99_ms errors" from wrk --latency output.
wrk_stats() {
  awk '
    function ms(v,   n, u) {
      n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
      return (u == "us") ? n / 1000 : (u == "ms") ? n : (u == "s") ? n * 1000 : (u == "m") ? n * 60000 : -1
    }
    /Requests\/sec:/ { rps = $2 }
    /^ +50%/ { p50 = ms($2) }
    /^ +99%/ { p99 = ms($2) }
    /Non-2xx or 3xx responses:/ { errors += $NF }
    /Socket errors:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) errors += $i + 0 }
    END { if (rps == "" || p99 == "") exit 1; printf "%.1f %.2f %.2f %d\n", rps, p50, p99, errors }' "$1"
}

# quiet_reads SIZE: the readers alone on the running blogd; sets quiet_p99.
quiet_reads() {
  local base="http://127.0.0.1:$port"
  DELAY_MS=$READ_DELAY_MS "${READER_CLIENT[@]}" wrk -t1 -c"$READERS" -d"${DURATION}s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/api/posts?language=cs" >"$work/quiet-$1.txt" 2>&1 || die "wrk (quiet reads) failed"
  quiet_p99=$(wrk_stats "$work/quiet-$1.txt" | cut -d' ' -f3) || die "could not read wrk's output"
}

# measure LABEL SIZE WRITERS: writes and reads at once on the running blogd; appends a result line.
measure() {
  local label=$1 size=$2 writers=$3 cookie w r
  local base="http://127.0.0.1:$port" jar="$work/cookies-$2"
  curl -fsS -c "$jar" -H "Origin: $base" -H 'Content-Type: application/json' \
    -d '{"username":"bench_admin","password":"bench-password-1"}' "$base/api/login" >/dev/null || die "admin login failed"
  cookie=$(awk '$6 == "sid" { print $6 "=" $7 }' "$jar" | head -1)
  [ -n "$cookie" ] || die "no session cookie after login"
  # Warm-up: connections, the first pages, the index's caches.
  COOKIE=$cookie ORIGIN=$base RUN="warm-$label-$size-$writers" wrk -t1 -c1 -d1s -s bench/write_path/post.lua "$base/api/posts" >/dev/null 2>&1
  DELAY_MS=$READ_DELAY_MS "${READER_CLIENT[@]}" wrk -t1 -c"$READERS" -d"$((DURATION + 2))s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/api/posts?language=cs" >"$work/read-$label-$size-$writers.txt" 2>&1 &
  local reader=$!
  sleep 1
  COOKIE=$cookie ORIGIN=$base RUN="$label-$size-$writers-$$" wrk -t"$(( writers < 4 ? writers : 4 ))" -c"$writers" \
    -d"${DURATION}s" --timeout 10s --latency -s bench/write_path/post.lua "$base/api/posts" \
    >"$work/write-$label-$size-$writers.txt" 2>&1 || die "wrk (writes) failed"
  wait "$reader" || die "wrk (reads) failed"
  w=$(wrk_stats "$work/write-$label-$size-$writers.txt") || { cat "$work/write-$label-$size-$writers.txt" >&2; die "could not read wrk's output"; }
  r=$(wrk_stats "$work/read-$label-$size-$writers.txt") || { cat "$work/read-$label-$size-$writers.txt" >&2; die "could not read wrk's output"; }
  echo "$label $size $writers $w $r" >>"$work/results"
}

# postgres_rate SIZE WRITERS: PostgreSQL's own rows/s for the rows blogd writes (pgbench, blogd stopped).
postgres_rate() {
  local size=$1 writers=$2 rate
  rate=$("$PG_BIN/pgbench" -n -f bench/write_path/insert.sql -c "$writers" -j "$writers" -T "$DURATION" -M prepared \
    "$(pg_url "$work/pg" "posts_$size")" 2>"$work/pgbench-$size-$writers.err" |
    awk '/^tps = / { printf "%.1f", $3 }')
  [ -n "$rate" ] || { cat "$work/pgbench-$size-$writers.err" >&2; die "pgbench failed"; }
  echo "$size $writers $rate" >>"$work/postgres"
}

labels="after"
[ -n "$before_bin" ] && labels="after before"
: >"$work/quiet"
for size in $SIZES; do
  pg_create_db "$work/pg" "posts_$size"
  db_url=$(pg_url "$work/pg" "posts_$size")
  mkdir -p "$work/data-$size"
  BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data-$size" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
  log "generating $size posts"
  started=$SECONDS
  # The corpus of the search benchmark, without its PostgreSQL full-text part.
  sed '/^-- PostgreSQL.s own full-text search/,$d' bench/search/corpus.sql |
    "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$size" -f - "$db_url" >/dev/null
  "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 "$db_url" -c "ANALYZE" >/dev/null
  log "corpus ready after $((SECONDS - started)) s"
  for label in $labels; do
    if [ "$label" = after ]; then bin=$blogd_bin; else bin=$before_bin; fi
    log "$label: blogd $bin on $size posts"
    start_blogd "$bin" "$size"
    if [ ! -f "$work/admin-$size" ]; then
      base="http://127.0.0.1:$port"
      curl -fsS -H "Origin: $base" -H 'Content-Type: application/json' -d '{"username":"bench_admin",
        "email":"bench_admin@example.com","password":"bench-password-1","confirmPassword":"bench-password-1"}' \
        "$base/api/register" >/dev/null || die "could not register the admin"
      "$PG_BIN/psql" -q -X "$db_url" -c "UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'bench_admin'" >/dev/null
      touch "$work/admin-$size"
    fi
    quiet_reads "$size"
    echo "$label $size $quiet_p99" >>"$work/quiet"
    for writers in $WRITERS; do
      log "$label: $writers writers on $size posts"
      measure "$label" "$size" "$writers"
    done
    stop_blogd
  done
  for writers in $WRITERS; do
    log "PostgreSQL alone: $writers connections on $size posts"
    postgres_rate "$size" "$writers"
  done
done

smallest=$(echo "$SIZES" | tr ' ' '\n' | sort -n | head -1)
largest=$(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1)
printf '\nwrite_path: %s s per measurement, %s readers (client at %s); repo HEAD %s; %s CPUs, load average %s\n' \
  "$DURATION" "$READERS" "$READER_CLIENT_SAYS" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" "$(nproc)" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-7s %8s %7s  %9s %10s %7s  %9s %9s %7s  %9s %9s %7s\n' blogd posts writers 'writes/s' 'pg rows/s' share \
  'w p50 ms' 'w p99 ms' errors 'r p99 ms' 'quiet ms' 'r/quiet'
while read -r label size writers wrps wp50 wp99 werr _ _ rp99 rerr; do
  pg=$(awk -v s="$size" -v w="$writers" '$1 == s && $2 == w { print $3 }' "$work/postgres")
  quiet=$(awk -v l="$label" -v s="$size" '$1 == l && $2 == s { print $3 }' "$work/quiet")
  printf '%-7s %8s %7s  %9s %10s %7s  %9s %9s %7s  %9s %9s %7s\n' "$label" "$size" "$writers" "$wrps" "$pg" \
    "$(awk -v a="$wrps" -v b="$pg" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }')" "$wp50" "$wp99" "$((werr + rerr))" \
    "$rp99" "$quiet" "$(awk -v a="$rp99" -v b="$quiet" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')"
done <"$work/results"
echo
# verdict VALUE OP TARGET: "VALUE (target OP TARGET): PASS|FAIL"
verdict() {
  awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == ">=") ? v >= t : v <= t; printf "%s (target %s %s): %s", v, op, t, ok ? "PASS" : "FAIL" }'
}
for label in $labels; do
  most=$(echo "$WRITERS" | tr ' ' '\n' | sort -n | tail -1)
  for size in $SIZES; do
    share=$(awk -v l="$label" -v s="$size" -v w="$most" '$1 == l && $2 == s && $3 == w { print $4 }' "$work/results")
    pg=$(awk -v s="$size" -v w="$most" '$1 == s && $2 == w { print $3 }' "$work/postgres")
    [ -n "$share" ] && printf 'write_path %s: %s posts, %s writers: blogd / PostgreSQL = %s\n' "$label" "$size" "$most" \
      "$(verdict "$(awk -v a="$share" -v b="$pg" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }')" ">=" $TARGET_SHARE)"
    p99=$(awk -v l="$label" -v s="$size" '$1 == l && $2 == s && $3 == 4 { print $6 }' "$work/results")
    [ -n "$p99" ] && printf 'write_path %s: %s posts, 4 writers: write p99 ms = %s\n' "$label" "$size" "$(verdict "$p99" "<=" $TARGET_P99_MS)"
    worst=$(awk -v l="$label" -v s="$size" 'NR == FNR { if ($1 == l && $2 == s) q = $3; next }
      $1 == l && $2 == s && q > 0 && $10 / q > m { m = $10 / q } END { printf "%.2f", m }' "$work/quiet" "$work/results")
    printf "write_path %s: %s posts: readers' p99 during writes / quiet (worst) = %s\n" "$label" "$size" "$(verdict "$worst" "<=" $TARGET_READERS)"
  done
  small=$(awk -v l="$label" -v s="$smallest" '$1 == l && $2 == s && $3 == 4 { print $6 }' "$work/results")
  large=$(awk -v l="$label" -v s="$largest" '$1 == l && $2 == s && $3 == 4 { print $6 }' "$work/results")
  if [ -n "$small" ] && [ -n "$large" ]; then
    printf 'write_path %s: write p99 at %s / at %s (4 writers) = %s / %s ms = %s\n' "$label" "$largest" "$smallest" "$large" "$small" \
      "$(verdict "$(awk -v a="$large" -v b="$small" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')" "<=" $TARGET_GROWTH)"
  fi
done
errors=$(awk '{ e += $7 + $11 } END { print e + 0 }' "$work/results")
if ((errors > 0)); then echo "warning: $errors non-2xx answers or socket errors; see the wrk outputs (KEEP_WORK=1)"; exit 1; fi
exit 0
