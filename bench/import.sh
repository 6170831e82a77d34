#!/usr/bin/env bash
# Import benchmark: a WordPress (Polylang) export of 100,000 posts moved into an empty blog while
# readers read it, against the time blogd takes to reindex the same posts.
#
# Starts a throw-away PostgreSQL, generates (bench/import/make_wxr.py) a WXR export of POSTS posts in
# both languages, half of them linked as translation pairs, with IMAGES distinct images (an <img> in
# every 20th post, a cover on every 25th) served by a local web server on loopback (python3
# http.server) standing in for the old site, and a blogd on an empty blog (an admin and SEED posts
# of another site for the readers). Then:
#   - READERS readers read GET /api/posts?language=cs and GET /post/{slug} alone, in rounds of
#     ROUND seconds (quiet);
#   - `blogctl import FILE --media-from http://127.0.0.1:PORT/` runs under /usr/bin/time -v while
#     the same readers go on in rounds until it ends;
#   - `blogctl reindex` (blogd rebuilds its index of every post) is timed on the same posts.
# Prints the import's time in all and per 1,000 posts beside the reindex's, its report, its peak
# resident memory, the readers' p99 quiet and during the import (the median and the worst of the
# rounds' p99s) and the targets with PASS/FAIL: import < 120 s, readers' p99 during / quiet <= 2
# (the median round), peak RSS < 300 MB. A missed target still exits 0 (a measurement, not a gate);
# a failure to run exits non-zero.
#
# Usage: bench/import.sh [--quick]
#   --quick      smoke run: 10,000 posts, 500 images
# Environment: BLOG_BUILD_DIR (build), BLOG_WEB_DIR (web/dist), POSTS (100000), IMAGES (3000), SEED (200), READERS (4),
#   READ_DELAY_MS (5), ROUND (5), QUIET_ROUNDS (3), KEEP_WORK=1 keeps the temp folder (logs, outputs),
#   READER_PRIORITY (rt: the readers' client at real-time priority where permitted, as a reader on
#   another machine; normal: among the other processes, see reader_client_prefix in tools/lib.sh).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
POSTS=${POSTS:-100000}
IMAGES=${IMAGES:-3000}
SEED=${SEED:-200}
READERS=${READERS:-4}
READ_DELAY_MS=${READ_DELAY_MS:-5}
ROUND=${ROUND:-5}
QUIET_ROUNDS=${QUIET_ROUNDS:-3}
TARGET_SECONDS=120  # the whole import
TARGET_READERS=2    # readers' p99 during the import / quiet
TARGET_RSS_MB=300   # the import's peak resident memory

while [ $# -gt 0 ]; do
  case $1 in
    --quick) POSTS=10000 IMAGES=500 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
for tool in wrk curl awk python3 /usr/bin/time; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
reader_client_prefix
{ [ -x "$build/blogd" ] && [ -x "$build/blogctl" ]; } || die "no $build/blogd or $build/blogctl: run tools/bootstrap (or set BLOG_BUILD_DIR)"
blogd_bin=$(cd "$build" && pwd)/blogd
blogctl_bin=$(cd "$build" && pwd)/blogctl

work=$(mktemp -d /tmp/blog-import-bench.XXXXXX)
chmod 755 "$work"
blogd_pid=
site_pid=
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  local status=$?
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  if [ -n "$site_pid" ]; then kill -TERM "$site_pid" 2>/dev/null || true; wait "$site_pid" 2>/dev/null || true; fi
  pg_stop "$work/pg"
  if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "generating an export of $POSTS posts and $IMAGES images"
started=$SECONDS
python3 bench/import/make_wxr.py "$POSTS" "$IMAGES" "$work/export.wxr" "$work/site"
python3 bench/import/make_wxr.py "$SEED" 0 "$work/seed.wxr" "$work/seed-site" https://seed-bench.example
log "export ready after $((SECONDS - started)) s: $(du -h "$work/export.wxr" | cut -f1)"

log "PostgreSQL in $work/pg"
pg_init "$work/pg" fast
pg_start "$work/pg"
pg_create_db "$work/pg" import
db_url=$(pg_url "$work/pg" import)
mkdir -p "$work/data"
blogctl() { BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn "$blogctl_bin" "$@"; }
blogctl migrate >/dev/null
"$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 "$db_url" -c "INSERT INTO users (username, email, password, role,
  approval_status, email_verified) VALUES ('bench_admin', 'bench_admin@example.com', '!', 'admin', 'approved', true)" >/dev/null
blogctl import "$work/seed.wxr" >"$work/seed-report.txt" || { cat "$work/seed-report.txt" >&2; die "the seed import failed"; }

site_port=$(free_port)
python3 -m http.server "$site_port" --bind 127.0.0.1 --directory "$work/site" >"$work/site.log" 2>&1 &
site_pid=$!
wait_http "http://127.0.0.1:$site_port/wp-content/uploads/bench/0.png" 30 || [ "$IMAGES" = 0 ] || die "the old site's server did not start"

port=$(free_port)
base="http://127.0.0.1:$port"
env BLOG_DATABASE_URL="$db_url" BLOG_DATA_DIR="$work/data" BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_HTTP_PORT="$port" \
  BLOG_LOG_LEVEL=warn BLOG_WEB_DIR="${BLOG_WEB_DIR:-$BLOG_ROOT/web/dist}" BLOG_PUBLIC_URL="$base" "$blogd_bin" >>"$work/blogd.log" 2>&1 &
blogd_pid=$!
started=$SECONDS
until curl -fsS -o /dev/null "$base/readyz" 2>/dev/null; do
  kill -0 "$blogd_pid" 2>/dev/null || { tail -20 "$work/blogd.log" >&2; blogd_pid=; die "blogd exited"; }
  [ $((SECONDS - started)) -lt 300 ] || die "blogd not ready after 300 s"
  sleep 0.2
done
slug=seed-2
curl -fsS -o /dev/null "$base/post/$slug" || die "the seed post /post/$slug does not answer"

# read_p99 FILE: p99 in ms from wrk --latency output.
read_p99() {
  awk 'function ms(v,   n, u) { n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
         return (u == "us") ? n / 1000 : (u == "ms") ? n : (u == "s") ? n * 1000 : -1 }
       /^ +99%/ { p99 = ms($2) } END { if (p99 == "") exit 1; printf "%.2f\n", p99 }' "$1"
}
# round LABEL N: both pages read at once for ROUND seconds; appends "LABEL list|post p99" to rounds.
round() {
  local pids
  DELAY_MS=$READ_DELAY_MS "${READER_CLIENT[@]}" wrk -t1 -c"$READERS" -d"${ROUND}s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/api/posts?language=cs" >"$work/$1-$2-list.txt" 2>&1 &
  pids=$!
  DELAY_MS=$READ_DELAY_MS "${READER_CLIENT[@]}" wrk -t1 -c"$READERS" -d"${ROUND}s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/post/$slug" >"$work/$1-$2-post.txt" 2>&1 &
  pids="$pids $!"
  # shellcheck disable=SC2086
  wait $pids || die "wrk failed"
  echo "$1 list $(read_p99 "$work/$1-$2-list.txt")" >>"$work/rounds"
  echo "$1 post $(read_p99 "$work/$1-$2-post.txt")" >>"$work/rounds"
}

log "readers alone: $QUIET_ROUNDS rounds of $ROUND s"
: >"$work/rounds"
for n in $(seq 1 "$QUIET_ROUNDS"); do round quiet "$n"; done

log "importing $POSTS posts with the readers on"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
t0=$(date +%s.%N)
BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn /usr/bin/time -v -o "$work/time.txt" \
  "$blogctl_bin" import "$work/export.wxr" --media-from "http://127.0.0.1:$site_port/" >"$work/report.txt" 2>"$work/import.err" &
import_pid=$!
n=0
while kill -0 "$import_pid" 2>/dev/null; do
  n=$((n + 1))
  round import "$n"
done
wait "$import_pid" || { cat "$work/import.err" >&2; die "the import failed"; }
t1=$(date +%s.%N)
load_during=$(cut -d' ' -f1-3 /proc/loadavg)

log "reindexing the same posts"
r0=$(date +%s.%N)
blogctl reindex >"$work/reindex.txt" || { cat "$work/reindex.txt" >&2; die "blogctl reindex failed"; }
r1=$(date +%s.%N)
indexed=$("$PG_BIN/psql" -qtAX "$db_url" -c "SELECT count(*) FROM posts")

seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
reindex_seconds=$(awk -v a="$r0" -v b="$r1" 'BEGIN { printf "%.1f", b - a }')
rss_mb=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/time.txt")
cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.1f", u + s }' "$work/time.txt")
# stat LABEL PAGE median|max: over the rounds' p99s.
stat() {
  awk -v l="$1" -v p="$2" '$1 == l && $2 == p { print $3 }' "$work/rounds" | sort -n |
    awk -v what="$3" '{ v[NR] = $1 } END { if (NR == 0) { print 0; exit }
      if (what == "max") print v[NR]; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v < t) ? "PASS" : "FAIL" }'; }
verdict_le() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t) ? "PASS" : "FAIL" }'; }

echo
echo "import: $POSTS posts ($IMAGES images) in $seconds s, CPU $cpu s, peak RSS $rss_mb MB; repo HEAD $(git rev-parse --short HEAD 2>/dev/null || echo '?');" \
  "$(nproc) CPUs, load average before $load_before, after $load_during"
sed -n '1,12p' "$work/report.txt"
echo "  image problems: $(grep -c 'not fetched\|not stored' "$work/report.txt" || true)"
printf '%-32s %10s\n' "per 1,000 posts (s)" ""
printf '%-32s %10s\n' "  blogctl import" "$(awk -v s="$seconds" -v n="$POSTS" 'BEGIN { printf "%.2f", s * 1000 / n }')"
printf '%-32s %10s\n' "  blogctl reindex ($indexed posts)" "$(awk -v s="$reindex_seconds" -v n="$indexed" 'BEGIN { printf "%.2f", s * 1000 / n }')"
echo "reindex: $reindex_seconds s in all"
printf '%-22s %10s %12s %12s %8s\n' "readers' p99 (ms)" quiet "import med" "import max" ratio
for page in list post; do
  name=$([ $page = list ] && echo "/api/posts" || echo "/post/{slug}")
  q=$(stat quiet $page median)
  printf '%-22s %10s %12s %12s %8s\n' "$name" "$q" "$(stat import $page median)" "$(stat import $page max)" \
    "$(ratio "$(stat import $page median)" "$q")"
done
echo "  ($(grep -c '^import list' "$work/rounds") rounds of $ROUND s during the import, $QUIET_ROUNDS quiet; readers' client at $READER_CLIENT_SAYS)"
echo
echo "targets:"
echo "  import < $TARGET_SECONDS s: $seconds $(verdict "$seconds" $TARGET_SECONDS)"
echo "  peak RSS < $TARGET_RSS_MB MB: $rss_mb $(verdict "$rss_mb" $TARGET_RSS_MB)"
for page in list post; do
  name=$([ $page = list ] && echo "/api/posts" || echo "/post/{slug}")
  r=$(ratio "$(stat import $page median)" "$(stat quiet $page median)")
  echo "  $name p99 during the import <= ${TARGET_READERS}x quiet: ${r}x $(verdict_le "$r" $TARGET_READERS)"
done
