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
# A missed target still exits 0 (a measurement, not a gate); a failure to run exits non-zero.
#
# Usage: bench/node_memory.sh [--quick]
#   --quick      smoke run: 2,000 and 20,000 posts
# Environment: BLOG_BUILD_DIR (build), SIZES ("10000 100000"), KEEP_WORK=1 keeps the temp folder (logs),
#   WORK_DIR=DIR works in DIR and keeps it: a second run reuses its databases and search indexes (e.g. to
#   measure another build, BLOG_BUILD_DIR=/path/to/main/build, on the same corpus).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
SIZES=${SIZES:-10000 100000}
TARGET_START_MS=2000
TARGET_RSS_MB=300

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

# start_blogd SIZE: starts blogd on the database and data folder of SIZE; sets port, blogd_pid and
# start_ms (from exec until GET /api/posts and /readyz both answer 200).
start_blogd() {
  local size=$1 t0 deadline
  port=$(free_port)
  t0=$(now_ms)
  env BLOG_DATABASE_URL="$(pg_url "$work/pg" "posts_$size")" BLOG_DATA_DIR="$work/data-$size" BLOG_HTTP_ADDRESS=127.0.0.1 \
    BLOG_HTTP_PORT="$port" BLOG_LOG_LEVEL=info BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="http://127.0.0.1:$port" \
    "$blogd_bin" >>"$work/blogd-$size.log" 2>&1 &
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
# wait_warm SIZE: until blogd logs that its page cache is warm; prints the milliseconds it said.
wait_warm() {
  local size=$1 deadline=$((SECONDS + 900)) line
  if [ $lean = 0 ]; then echo 0; return; fi
  until line=$(grep -a 'newest pages cached' "$work/blogd-$size.log" | tail -1) && [ -n "$line" ]; do
    kill -0 "$blogd_pid" 2>/dev/null || die "blogd exited"
    [ $SECONDS -lt $deadline ] || die "page cache not warm after 900 s"
    sleep 0.2
  done
  echo "$line" | sed -E 's/.* in ([0-9]+) ms.*/\1/'
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
    sed '/^-- PostgreSQL.s own full-text search/,$d' bench/search/corpus.sql |
      "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$size" -f - "$db_url" >/dev/null
    "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 "$db_url" -c "ANALYZE" >/dev/null
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
exit 0
