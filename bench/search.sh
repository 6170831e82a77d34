#!/usr/bin/env bash
# Search benchmark: blogd's Xapian search through its HTTP API against PostgreSQL's full-text search
# (tsvector, GIN, ts_rank) on the same corpus and queries, measured in one run, plus the time of a
# full reindex.
#
# Loads POSTS (100,000) generated posts, half Czech and half English, 250-700 words each. For each
# query of bench/search/queries.tsv (typed words, and the instant panel's 2-4 letter prefixes such
# as "pla*"): blogd's p50/p99 over HTTP (wrk, one connection; best-passage snippets, suggestion,
# facets, the hidden-by-language count and the shipped glossary's synonyms all on) and PostgreSQL's
# p50/p99 (pgbench, one client, top 20 by ts_rank; prefixes as to_tsquery 'pla:*'). Prints
# the ratio of the p99s and a verdict: blogd p99 < 10 ms, at least 30x faster than PostgreSQL's
# p99, reindex of 100k posts in under 60 s. A missed target still exits 0; a failure exits non-zero.
#
# Usage: bench/search.sh [--quick]      (--quick: 20,000 posts, shorter runs)
# Environment: BLOG_BUILD_DIR (build), POSTS, DURATION (wrk seconds, 10), PG_RUNS (pgbench runs per
#   query, 15), KEEP_WORK=1 keeps the temp folder.
set -euo pipefail
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
POSTS=${POSTS:-100000}
DURATION=${DURATION:-10}
PG_RUNS=${PG_RUNS:-15}
case ${1:-} in
  --quick) POSTS=${POSTS_QUICK:-20000} DURATION=3 PG_RUNS=5 ;;
  "") ;;
  *) die "usage: bench/search.sh [--quick]" ;;
esac
for tool in wrk curl python3 "$PG_BIN/pgbench"; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
[ -x "$build/blogd" ] || die "no $build/blogd: run tools/bootstrap (or set BLOG_BUILD_DIR)"
blogd_bin=$(cd "$build" && pwd)/blogd
blogctl_bin=$(cd "$build" && pwd)/blogctl

work=$(mktemp -d /tmp/blog-search-bench.XXXXXX)
chmod 755 "$work"
blogd_pid=
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
pg_create_db "$work/pg" blog
db_url=$(pg_url "$work/pg" blog)
export BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn
mkdir -p "$work/data"
"$blogctl_bin" migrate >/dev/null
log "generating $POSTS posts (and PostgreSQL's tsvector + GIN index)"
started=$SECONDS
"$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$POSTS" -f bench/search/corpus.sql "$db_url" >/dev/null
log "corpus ready after $((SECONDS - started)) s: $("$PG_BIN/psql" -qtA -X "$db_url" -c "SELECT count(*) || ' posts, ' || round(avg(array_length(regexp_split_to_array(content, ' '), 1))) || ' words on average' FROM posts")"

port=$(free_port)
log "blogd on 127.0.0.1:$port builds its index"
env BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_HTTP_PORT="$port" BLOG_WEB_DIR="$BLOG_ROOT/web/dist" "$blogd_bin" >"$work/blogd.log" 2>&1 &
blogd_pid=$!
started=$SECONDS
until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; do
  kill -0 "$blogd_pid" 2>/dev/null || { cat "$work/blogd.log" >&2; blogd_pid=; die "blogd exited"; }
  sleep 0.2
done
first_build=$((SECONDS - started))
log "blogd ready after $first_build s (start-up, including building the index of $POSTS posts)"
# Ready answers while the post pages are still being written in the background (every post
# rendered and compressed: about a minute of a core at 20,000 posts). The reindex and the queries
# measured meanwhile paid for that work; wait for three idle seconds in a row, as
# bench/view_counting.sh does.
started=$SECONDS
idle=0
for ((i = 0; i < 1200 && idle < 3; i++)); do
  t0=$(awk '{ print $14 + $15 }' "/proc/$blogd_pid/stat"); sleep 1; t1=$(awk '{ print $14 + $15 }' "/proc/$blogd_pid/stat")
  if (( t1 - t0 < 5 )); then idle=$((idle + 1)); else idle=0; fi
done
log "blogd idle after $((SECONDS - started)) s more (post pages written); load $(cut -d' ' -f1-3 /proc/loadavg)"

log "blogctl reindex while blogd answers"
started_ns=$(date +%s%N)
"$blogctl_bin" reindex >"$work/reindex.log" 2>&1 || { cat "$work/reindex.log" >&2; die "reindex failed"; }
reindex_s=$(python3 -c "print(f'{($(date +%s%N) - $started_ns) / 1e9:.1f}')")
log "$(tail -1 "$work/reindex.log") in $reindex_s s"

# One wrk Lua script per query: a single connection, request after request.
python3 - "$work" "$port" <<'PY'
import sys, urllib.parse, pathlib
work, port = pathlib.Path(sys.argv[1]), sys.argv[2]
for i, line in enumerate(pathlib.Path("bench/search/queries.tsv").read_text().splitlines()):
    lang, q = line.split("\t")
    path = f"/api/search?language={lang}&q={urllib.parse.quote(q)}"
    (work / f"q{i}.path").write_text(path)
    # The instant panel's prefixes ("pla*") are prefix matches in PostgreSQL too.
    tsquery = (f"to_tsquery('{'simple' if lang == 'cs' else 'english'}', '{q[:-1]}:*')" if q.endswith("*")
               else f"websearch_to_tsquery('{'simple' if lang == 'cs' else 'english'}', '{q}')")
    (work / f"q{i}.sql").write_text(
        f"SELECT id, ts_rank(bench_tsv, q) AS rank FROM posts, {tsquery} AS q "
        f"WHERE bench_tsv @@ q AND published AND published_at <= now()"
        f"{'' if lang == 'cs' else ' AND language = ' + chr(39) + 'en' + chr(39)} "
        "ORDER BY rank DESC, published_at DESC LIMIT 20;\n")
PY

printf '\n%-28s %9s %9s %9s %9s %9s %8s %s\n' query hits "blogd p50" "blogd p99" "pg p50" "pg p99" "ratio" suggestion
rows=$work/rows.tsv
: >"$rows"
i=0
while IFS=$'\t' read -r lang q; do
  path=$(cat "$work/q$i.path")
  body=$(curl -fsS "http://127.0.0.1:$port$path")
  hits=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["total"])' "$body")
  suggestion=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["suggestion"])' "$body")
  wrk -t1 -c1 -d1s "http://127.0.0.1:$port$path" >/dev/null  # warm-up: the new generation's pages are cold
  wrk -t1 -c1 -d"${DURATION}s" --latency "http://127.0.0.1:$port$path" >"$work/wrk$i.txt"
  read -r b50 b99 < <(python3 - "$work/wrk$i.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    m = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
print(f"{ms(50):.2f} {ms(99):.2f}")
PY
)
  (cd "$work" && rm -f pgbench_log.* && "$PG_BIN/pgbench" -n -c1 -t "$PG_RUNS" -f "q$i.sql" -l "$db_url" >/dev/null 2>&1)
  read -r p50 p99 < <(python3 - "$work" <<'PY'
import glob, sys
lat = sorted(int(line.split()[2]) / 1000 for f in glob.glob(sys.argv[1] + "/pgbench_log.*") for line in open(f))
pick = lambda p: lat[min(len(lat) - 1, int(round(p / 100 * (len(lat) - 1))))]
print(f"{pick(50):.2f} {pick(99):.2f}")
PY
)
  ratio=$(python3 -c "print(f'{$p99 / max($b99, 0.001):.1f}')")
  printf '%-28s %9s %8sms %8sms %8sms %8sms %7sx %s\n' "$lang: $q" "$hits" "$b50" "$b99" "$p50" "$p99" "$ratio" "$suggestion"
  printf '%s\t%s\t%s\t%s\n' "$b50" "$b99" "$p50" "$p99" >>"$rows"
  i=$((i + 1))
done <bench/search/queries.tsv

python3 - "$rows" "$POSTS" "$reindex_s" "$first_build" <<'PY'
import statistics, sys
rows = [list(map(float, l.split("\t"))) for l in open(sys.argv[1]) if l.strip()]
posts, reindex, first = int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
b99 = max(r[1] for r in rows)
p99 = max(r[3] for r in rows)
ratio = statistics.median(r[3] / max(r[1], 0.001) for r in rows)
ok = lambda c: "PASS" if c else "MISS"
print()
print(f"search: {posts} posts; worst blogd p99 {b99:.2f} ms (target < 10 ms): {ok(b99 < 10)}")
print(f"search: median per-query p99 ratio PostgreSQL/blogd {ratio:.1f}x (target >= 30x), worst PostgreSQL p99 {p99:.1f} ms: {ok(ratio >= 30)}")
scaled = reindex * 100000 / posts
print(f"search: reindex of {posts} posts {reindex:.1f} s, {posts / reindex:.0f} posts/s (target 100k in < 60 s, scaled {scaled:.1f} s): {ok(scaled < 60)}; start-up with index build {first} s")
PY
