#!/usr/bin/env bash
# Node memory and cold start: how a blogd node's resident memory and start time grow with the corpus.
#
# Starts a throw-away PostgreSQL and, for each corpus size of SIZES (10,000 and 100,000 posts of the
# search benchmark's corpus, bench/search/corpus.sql: 250-700 words each, ~475 on average), starts blogd
# once to build its search index, stops it, and starts it again on the existing index. Prints the cold
# start (from exec to answering GET /api/posts and /readyz with 200), the resident memory (VmRSS) once
# serving, once the page cache is warm (the newest posts' pages compressed, up to its budget), and
# after two seconds of reads of lists and of post pages (the newest, and 3,000 picked at random, most
# of them outside the cache: read from PostgreSQL, and pushing others out), with the targets: cold
# start < 2 s and resident memory < 300 MB at 100,000 posts.
# Then, for each size, a catch-up: a node started on 1,000 posts is stopped, SIZE more posts arrive
# while it is down (the same SQL as the corpus, so the trigger logs each in post_changes), and it is
# started again: its search index replays them from the change log. Prints the resident memory once
# it serves at the head of the log (/readyz 200, no lag in /metrics), after its post pages are on disk
# and 20 posts written through the API, its peak (VmHWM), and the same node's plain restart on the
# same data (serving, and after 20 writes), with the target: < 300 MB after the catch-up too.
# A missed target still exits 0 (a measurement, not a gate); a failure to run exits non-zero.
#
# Usage: bench/node_memory.sh [--quick]
#   --quick      smoke run: 2,000 and 20,000 posts
# Environment: BLOG_BUILD_DIR (build), SIZES ("10000 100000"), KEEP_WORK=1 keeps the temp folder (logs),
#   WORK_DIR=DIR works in DIR and keeps it: a second run reuses its databases and search indexes (e.g. to
#   measure another build, BLOG_BUILD_DIR=/path/to/main/build, on the same corpus); the catch-up's are
#   made anew each run. CATCHUP=0 skips the catch-up.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
SIZES=${SIZES:-10000 100000}
TARGET_START_MS=2000
TARGET_RSS_MB=300
CATCHUP=${CATCHUP:-1}
# Posts a catch-up node holds before it is stopped: its index then has a position in the change log.
CATCHUP_BASE=1000

while [ $# -gt 0 ]; do
  case $1 in
    --quick) SIZES="2000 20000" ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
for tool in wrk curl python3 awk; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
{ [ -x "$build/blogd" ] && [ -x "$build/blogctl" ]; } || die "no $build/blogd or $build/blogctl: run tools/bootstrap (or set BLOG_BUILD_DIR)"
blogd_bin=$(cd "$build" && pwd)/blogd
blogctl_bin=$(cd "$build" && pwd)/blogctl

if [ -n "${WORK_DIR:-}" ]; then
  mkdir -p "$WORK_DIR"
  work=$(cd "$WORK_DIR" && pwd)
  KEEP_WORK=1
else
  work=$(mktemp -d /tmp/blog-memory-bench.XXXXXX)
fi
chmod 755 "$work"
# A build from before the lean read model loads every body at start and logs no warm-up line.
lean=1
grep -q 'newest pages cached' "$blogd_bin" || lean=0
blogd_pid=
written=0
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

now_ms() { echo $(($(date +%s%N) / 1000000)); }
rss_mb() { awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$blogd_pid/status"; }

# start_blogd NAME: starts blogd on the database posts_NAME and the data folder data-NAME; sets port,
# metrics_port, blogd_pid and start_ms (from exec until GET /api/posts and /readyz both answer 200).
start_blogd() {
  local size=$1 t0 deadline
  port=$(free_port)
  metrics_port=$(free_port)
  t0=$(now_ms)
  env BLOG_DATABASE_URL="$(pg_url "$work/pg" "posts_$size")" BLOG_DATA_DIR="$work/data-$size" BLOG_HTTP_ADDRESS=127.0.0.1 \
    BLOG_HTTP_PORT="$port" BLOG_LOG_LEVEL=info BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="http://127.0.0.1:$port" \
    BLOG_METRICS_ADDRESS="127.0.0.1:$metrics_port" "$blogd_bin" >>"$work/blogd-$size.log" 2>&1 &
  blogd_pid=$!
  deadline=$((SECONDS + 900))
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/posts?language=cs" 2>/dev/null &&
    curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; do
    kill -0 "$blogd_pid" 2>/dev/null || { tail -20 "$work/blogd-$size.log" >&2; blogd_pid=; die "blogd exited"; }
    [ $SECONDS -lt $deadline ] || die "blogd not serving after 900 s"
    sleep 0.02
  done
  start_ms=$(($(now_ms) - t0))
}
stop_blogd() {
  kill -TERM "$blogd_pid" 2>/dev/null || true
  wait "$blogd_pid" 2>/dev/null || true
  blogd_pid=
}
# wait_logged NAME TEXT: until blogd NAME logs a line holding TEXT; prints that line.
wait_logged() {
  local size=$1 text=$2 deadline=$((SECONDS + 1800)) line
  until line=$(grep -a "$text" "$work/blogd-$size.log" | tail -1) && [ -n "$line" ]; do
    kill -0 "$blogd_pid" 2>/dev/null || die "blogd exited"
    [ $SECONDS -lt $deadline ] || die "blogd did not log '$text' within 1800 s"
    sleep 0.2
  done
  echo "$line"
}
# wait_warm NAME: until blogd logs that its page cache is warm; prints the milliseconds it said.
wait_warm() {
  if [ $lean = 0 ]; then echo 0; return; fi
  wait_logged "$1" 'newest pages cached' | sed -E 's/.* in ([0-9]+) ms.*/\1/'
}
peak_mb() { awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$blogd_pid/status"; }
# wait_at_head: until the running blogd's read model and search index have applied every change.
wait_at_head() {
  local deadline=$((SECONDS + 900))
  until curl -fsS "http://127.0.0.1:$metrics_port/metrics" 2>/dev/null |
    awk '/^blog_change_lag\{/ { lag += $2; seen++ } END { exit !(seen == 2 && lag == 0) }'; do
    kill -0 "$blogd_pid" 2>/dev/null || die "blogd exited"
    [ $SECONDS -lt $deadline ] || die "blogd not at the head of the change log after 900 s"
    sleep 0.2
  done
}
# write_posts NAME COUNT: COUNT new posts through the API as an admin (registered on the first call).
write_posts() {
  local size=$1 count=$2 base="http://127.0.0.1:$port" jar="$work/cookies-$1" db_url i
  db_url=$(pg_url "$work/pg" "posts_$size")
  if [ ! -f "$work/admin-$size" ]; then
    curl -fsS -H "Origin: $base" -H 'Content-Type: application/json' -d '{"username":"bench_admin",
      "email":"bench_admin@example.com","password":"bench-password-1","confirmPassword":"bench-password-1"}' \
      "$base/api/register" >/dev/null || die "could not register the admin"
    "$PG_BIN/psql" -q -X "$db_url" -c "UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'bench_admin'" >/dev/null
    touch "$work/admin-$size"
  fi
  curl -fsS -c "$jar" -H "Origin: $base" -H 'Content-Type: application/json' \
    -d '{"username":"bench_admin","password":"bench-password-1"}' "$base/api/login" >/dev/null || die "admin login failed"
  for ((i = 1; i <= count; i++)); do
    curl -fsS -o /dev/null -b "$jar" -H "Origin: $base" -H 'Content-Type: application/json' \
      -d "{\"title\":\"Memory bench $$ $((++written))\",\"content\":\"<p>Instant payments settle in seconds.</p>\",\"category\":\"Fintech\",\"language\":\"en\"}" \
      "$base/api/posts" || die "writing a post failed"
  done
}
# load_corpus DB_URL COUNT FIRST: COUNT posts of the search benchmark's corpus, numbered from FIRST.
load_corpus() {
  sed '/^-- PostgreSQL.s own full-text search/,$d' bench/search/corpus.sql |
    "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$2" -v first="$3" -f - "$1" >/dev/null
  "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 "$1" -c "ANALYZE" >/dev/null
}

printf 'size start_ms rss_serving_mb warm_ms rss_warm_mb rss_reads_mb\n' >"$work/results"
log "blogd: $blogd_bin"
for size in $SIZES; do
  pg_create_db "$work/pg" "posts_$size"
  db_url=$(pg_url "$work/pg" "posts_$size")
  mkdir -p "$work/data-$size"
  BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data-$size" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
  if [ "$("$PG_BIN/psql" -qtA -X "$db_url" -c "SELECT count(*) FROM posts")" -lt "$size" ]; then
    log "generating $size posts"
    load_corpus "$db_url" "$size" 1
  fi
  "$PG_BIN/psql" -qtA -X "$db_url" -c "SELECT 'loaded ' || count(*) || ' posts, ' || round(avg(array_length(regexp_split_to_array(content, '\s+'), 1))) || ' words and ' || round(avg(octet_length(content_html))) || ' B of HTML on average' FROM posts" >&2
  if [ ! -d "$work/data-$size/index" ]; then
    log "first start on $size posts: builds the search index"
    start_blogd "$size"
    wait_warm "$size" >/dev/null
    stop_blogd
  fi
  : >"$work/blogd-$size.log"
  log "cold start on $size posts with the index in place"
  start_blogd "$size"
  rss_serving=$(rss_mb)
  warm_ms=$(wait_warm "$size")
  rss_warm=$(rss_mb)
  # Readers: the lists, the post pages of the first list pages, and 3,000 others picked at random.
  base="http://127.0.0.1:$port"
  slugs="$(curl -fsS "$base/api/posts?language=cs&limit=100" | python3 -c 'import json,sys; print(" ".join(p["slug"] for p in json.load(sys.stdin)))') $("$PG_BIN/psql" -qtA -X "$db_url" -c "SELECT slug FROM posts WHERE published ORDER BY random() LIMIT 3000" | tr '\n' ' ')"
  cat >"$work/reads.lua" <<LUA
local slugs = {}
for s in string.gmatch("$slugs", "%S+") do slugs[#slugs + 1] = s end
local n = 0
request = function()
  n = n + 1
  local coding = (n % 3 == 0) and "identity" or "br, gzip"
  local path = (n % 4 == 0) and "/api/posts?language=cs" or ("/api/posts/" .. slugs[(n % #slugs) + 1])
  return wrk.format("GET", path, { ["Accept-Encoding"] = coding })
end
LUA
  wrk -t1 -c4 -d2s -s "$work/reads.lua" "$base/" >"$work/reads-$size.txt" 2>&1 || die "wrk failed"
  rss_reads=$(rss_mb)
  stop_blogd
  echo "$size $start_ms $rss_serving $warm_ms $rss_warm $rss_reads" >>"$work/results"
done

printf 'posts arrived start_ms rss_caught_up_mb rss_writes_mb peak_mb restart_rss_mb restart_writes_mb\n' >"$work/catchup"
for size in $SIZES; do
  [ "$CATCHUP" = 1 ] || break
  name=${size}_catchup
  PGOPTIONS=--client-min-messages=warning "$PG_BIN/psql" -q -X "$(pg_url "$work/pg" postgres)" -c "DROP DATABASE IF EXISTS posts_$name" >/dev/null
  rm -rf "$work/data-$name" "$work/admin-$name"
  pg_create_db "$work/pg" "posts_$name"
  db_url=$(pg_url "$work/pg" "posts_$name")
  mkdir -p "$work/data-$name"
  BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data-$name" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
  load_corpus "$db_url" "$CATCHUP_BASE" 1
  : >"$work/blogd-$name.log"
  log "catch-up: a node on $CATCHUP_BASE posts, stopped once its pages are on disk"
  start_blogd "$name"
  wait_logged "$name" 'post pages written to disk' >/dev/null
  stop_blogd
  log "catch-up: $size posts arrive while it is stopped"
  load_corpus "$db_url" "$size" $((CATCHUP_BASE + 1))
  : >"$work/blogd-$name.log"
  log "catch-up: it starts again and replays $size changes"
  start_blogd "$name"
  wait_at_head
  catch_up_ms=$start_ms
  rss_caught_up=$(rss_mb)
  # Its pages of the new posts go to disk in the background: the writes come once that is done.
  wait_logged "$name" 'post pages written to disk' >/dev/null
  write_posts "$name" 20
  wait_at_head
  rss_writes=$(rss_mb)
  peak=$(peak_mb)
  stop_blogd
  log "catch-up: a plain restart on the same data"
  : >"$work/blogd-$name.log"
  start_blogd "$name"
  wait_at_head
  wait_warm "$name" >/dev/null
  wait_logged "$name" 'post pages written to disk' >/dev/null
  rss_restart=$(rss_mb)
  write_posts "$name" 20
  wait_at_head
  rss_restart_writes=$(rss_mb)
  stop_blogd
  echo "$((CATCHUP_BASE + size)) $size $catch_up_ms $rss_caught_up $rss_writes $peak $rss_restart $rss_restart_writes" >>"$work/catchup"
done

largest=$(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1)
printf '\nnode_memory: blogd %s (repo HEAD %s); %s CPUs, load average %s\n' "$blogd_bin" \
  "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%8s  %14s  %14s  %16s  %14s  %14s\n' posts 'cold start ms' 'RSS serving MB' 'cache warm ms' 'RSS warm MB' 'RSS reads MB'
tail -n +2 "$work/results" | while read -r size s rs bm rb rr; do
  printf '%8s  %14s  %14s  %16s  %14s  %14s\n' "$size" "$s" "$rs" "$bm" "$rb" "$rr"
done
echo
read -r _ start _ _ _ rss <<<"$(awk -v s="$largest" '$1 == s' "$work/results")"
printf 'node_memory: cold start at %s posts %s ms (target < %s ms): %s\n' "$largest" "$start" "$TARGET_START_MS" \
  "$( ((start < TARGET_START_MS)) && echo PASS || echo MISS)"
printf 'node_memory: resident memory at %s posts, cache warm and read, %s MB (target < %s MB): %s\n' "$largest" "$rss" \
  "$TARGET_RSS_MB" "$( ((rss < TARGET_RSS_MB)) && echo PASS || echo MISS)"
[ "$CATCHUP" = 1 ] || exit 0
echo
printf '%8s  %8s  %16s  %16s  %18s  %8s  %14s  %19s\n' posts arrived 'catch-up start ms' 'RSS at head MB' \
  'RSS +20 writes MB' 'peak MB' 'restart RSS MB' 'restart +20 writes MB'
tail -n +2 "$work/catchup" | while read -r posts arrived s rc rw pk rr rrw; do
  printf '%8s  %8s  %16s  %16s  %18s  %8s  %14s  %19s\n' "$posts" "$arrived" "$s" "$rc" "$rw" "$pk" "$rr" "$rrw"
done
echo
read -r posts _ _ caught_up writes _ restart restart_writes <<<"$(awk -v s="$largest" '$2 == s' "$work/catchup")"
for figure in "at the head of the log after catching up:$caught_up" "after catching up and 20 writes:$writes" \
  "at a plain restart on the same data:$restart" "after a plain restart and 20 writes:$restart_writes"; do
  mb=${figure##*:}
  printf 'node_memory: resident memory with %s posts (%s arrived while stopped), %s %s MB (target < %s MB): %s\n' \
    "$posts" "$largest" "${figure%:*}" "$mb" "$TARGET_RSS_MB" "$( ((mb < TARGET_RSS_MB)) && echo PASS || echo MISS)"
done
exit 0
