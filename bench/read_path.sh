#!/usr/bin/env bash
# Read-path benchmark: blogd against nginx serving the very same response bodies as static files.
#
# Both answer compressed, as to a browser: every request says "Accept-Encoding: gzip, deflate, br";
# blogd sends the copy it compressed once when it built the answer, and nginx sends the very same
# compressed file from disk (ENCODING=br: the .br file with Content-Encoding: br, which is what
# brotli_static would do, nginx-light having no brotli module; ENCODING=identity: plain bodies on
# both). A fair peer: same bytes. (blogd keeps gzip copies of the first list pages only, so a
# gzip_static comparison would not be of the same bytes for post pages.)
#
# Starts a throw-away PostgreSQL, loads POSTS (10,000) realistic posts, starts blogd with one I/O
# thread and nginx with one worker (both pinned to SERVER_CPU), and drives each endpoint with wrk
# (pinned to WRK_CPU, 64 keep-alive connections) in ROUNDS alternating pairs. Prints each round's
# throughput ratio blogd/nginx, the median ratio and blogd's p99 per endpoint, and a verdict line:
# target ratio >= 0.8 (stretch 1.0) with a p99 under 5 ms. A missed target still exits 0 (this is a
# measurement, not a gate); a failure to run exits non-zero.
#
# Usage: bench/read_path.sh [--quick] [--rounds N] [--duration 5s]
#   --quick      smoke run: 2 rounds of 2 s
# Environment: BLOG_BUILD_DIR (build), ENCODING (br), ROUNDS (5), DURATION (5s), WARMUP (1s), POSTS (10000),
#   CONNECTIONS (64), SERVER_CPU (0), WRK_CPU (1), NGINX (/usr/sbin/nginx), KEEP_WORK=1 keeps the
#   temp folder (logs, configs, wrk outputs).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5s}
WARMUP=${WARMUP:-1s}
POSTS=${POSTS:-10000}
CONNECTIONS=${CONNECTIONS:-64}
SERVER_CPU=${SERVER_CPU:-0}
WRK_CPU=${WRK_CPU:-1}
NGINX=${NGINX:-/usr/sbin/nginx}
ENCODING=${ENCODING:-br}
case $ENCODING in
  br) accept='gzip, deflate, br' ;;
  identity) accept='identity' ;;
  *) die "ENCODING must be br or identity" ;;
esac
TARGET_RATIO=0.8
STRETCH_RATIO=1.0
TARGET_P99_MS=5

while [ $# -gt 0 ]; do
  case $1 in
    --quick) ROUNDS=2 DURATION=2s ;;
    --rounds) ROUNDS=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number"

for tool in wrk taskset curl cmp python3 awk; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done
[ -x "$NGINX" ] || die "nginx not found at $NGINX (apt-get install nginx-light)"
if [ ! -x "$build/blogd" ] || [ ! -x "$build/blogctl" ]; then
  die "no $build/blogd or $build/blogctl: cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C $build blogd blogctl"
fi
blogd_bin=$(cd "$(dirname "$build/blogd")" && pwd)/blogd
blogctl_bin=$(cd "$(dirname "$build/blogctl")" && pwd)/blogctl

work=$(mktemp -d /tmp/blog-bench.XXXXXX)
chmod 755 "$work"  # nginx's worker runs as nobody and reads $work/www
blogd_pid=
nginx_pid=
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  local status=$?
  if [ -n "$nginx_pid" ]; then kill -TERM "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  pg_stop "$work/pg"
  if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- PostgreSQL with POSTS posts ------------------------------------------------------------------
log "PostgreSQL in $work/pg"
pg_init "$work/pg" fast
pg_start "$work/pg"
pg_create_db "$work/pg" blog
db_url=$(pg_url "$work/pg" blog)
BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
log "loading $POSTS posts"
"$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts="$POSTS" -f bench/read_path/posts.sql "$db_url" >/dev/null
"$PG_BIN/psql" -qtA -X "$db_url" -c "SELECT 'loaded ' || count(*) || ' posts, ' || round(avg(octet_length(content_html))) || ' B of HTML on average' FROM posts" >&2

# --- blogd ------------------------------------------------------------------------------------------
blogd_port=$(free_port)
log "blogd on 127.0.0.1:$blogd_port (1 I/O thread, CPU $SERVER_CPU); indexing $POSTS posts first"
mkdir -p "$work/data"
env BLOG_DATABASE_URL="$db_url" BLOG_DATA_DIR="$work/data" BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_HTTP_PORT="$blogd_port" \
  BLOG_IO_THREADS=1 BLOG_LOG_LEVEL=warn BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="http://127.0.0.1:$blogd_port" \
  taskset -c "$SERVER_CPU" "$blogd_bin" >"$work/blogd.log" 2>&1 &
blogd_pid=$!
started=$SECONDS
until curl -fsS -o /dev/null "http://127.0.0.1:$blogd_port/readyz" 2>/dev/null; do
  kill -0 "$blogd_pid" 2>/dev/null || { cat "$work/blogd.log" >&2; blogd_pid=; die "blogd exited"; }
  [ $((SECONDS - started)) -lt 600 ] || { tail -20 "$work/blogd.log" >&2; die "blogd not ready after 600 s"; }
  sleep 0.2
done
log "blogd ready after $((SECONDS - started)) s"

# --- The two bodies, as static files for nginx -----------------------------------------------------
list_path='/api/posts?language=cs'
mkdir -p "$work/www/api/posts" "$work/nginx/tmp" "$work/out"
curl -fsS -D "$work/out/list.headers" -o "$work/www/api/posts/index.json" "http://127.0.0.1:$blogd_port$list_path" \
  || die "GET $list_path failed on blogd"
slug=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["slug"])' "$work/www/api/posts/index.json")
# The compressed bodies blogd sends, as nginx's precompressed files beside the plain ones.
suffix=
case $ENCODING in br) suffix=.br ;; esac
if [ -n "$suffix" ]; then
  curl -fsS -H "Accept-Encoding: $accept" -o "$work/www/api/posts/index.json$suffix" "http://127.0.0.1:$blogd_port$list_path" \
    || die "GET $list_path failed on blogd"
  curl -fsS -H "Accept-Encoding: $accept" -o "$work/www/api/posts/$slug$suffix" "http://127.0.0.1:$blogd_port/api/posts/$slug" \
    || die "GET /api/posts/$slug failed on blogd"
fi
[[ $slug =~ ^[a-z0-9-]+$ ]] || die "unexpected slug: $slug"
post_path="/api/posts/$slug"
curl -fsS -D "$work/out/post.headers" -o "$work/www/api/posts/$slug" "http://127.0.0.1:$blogd_port$post_path" \
  || die "GET $post_path failed on blogd"
chmod -R a+rX "$work/www"
next_cursor=$(awk -F': ' 'tolower($1) == "x-next-cursor" { sub(/\r$/, "", $2); print $2 }' "$work/out/list.headers")

# --- nginx: one worker, the same bytes ----------------------------------------------------------------
nginx_port=$(free_port)
n=$work/nginx
# The directives that make nginx send the precompressed copy blogd sends.
nginx_coding() {
  case $ENCODING in
    br) echo 'add_header Vary Accept-Encoding; add_header Content-Encoding br;' ;;
  esac
}
cat >"$n/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $n/nginx.pid;
error_log $n/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $n/tmp/body;
  proxy_temp_path $n/tmp/proxy;
  fastcgi_temp_path $n/tmp/fastcgi;
  uwsgi_temp_path $n/tmp/uwsgi;
  scgi_temp_path $n/tmp/scgi;
  types { }
  default_type application/json;
  charset utf-8;
  charset_types application/json;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  etag on;
  keepalive_requests 100000;
  keepalive_timeout 65s;
  open_file_cache max=64 inactive=60s;
  open_file_cache_valid 60s;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    # GET /api/posts?language=cs -> the list body; GET /api/posts/<slug> -> the post body.
    location = /api/posts {
      add_header Cache-Control no-cache;
      ${next_cursor:+add_header X-Next-Cursor "$next_cursor";}
      $(nginx_coding)
      try_files /api/posts/index.json$([ "$ENCODING" = br ] && echo .br) =404;
    }
    location /api/posts/ {
      add_header Cache-Control no-cache;
      $(nginx_coding)
      $([ "$ENCODING" = br ] && echo 'try_files $uri.br =404;')
    }
  }
}
EOF
"$NGINX" -t -q -p "$n/" -c "$n/nginx.conf" -e "$n/error.log" 2>"$n/test.log" || { cat "$n/test.log" >&2; die "nginx config test failed"; }
log "nginx on 127.0.0.1:$nginx_port (1 worker, CPU $SERVER_CPU)"
taskset -c "$SERVER_CPU" "$NGINX" -p "$n/" -c "$n/nginx.conf" -e "$n/error.log" >"$n/stdout.log" 2>&1 &
nginx_pid=$!
wait_http "http://127.0.0.1:$nginx_port$post_path" 10 || { cat "$n/error.log" >&2; die "nginx did not answer"; }

# --- Same bytes from both ----------------------------------------------------------------------------
for path in "$list_path" "$post_path"; do
  for server in blogd nginx; do
    if [ "$server" = blogd ]; then port=$blogd_port; else port=$nginx_port; fi
    curl -fsS -H "Accept-Encoding: $accept" -D "$work/out/$server.headers" -o "$work/out/$server.body" \
      "http://127.0.0.1:$port$path" || die "GET $path failed on $server"
    coding=$(awk -F': ' 'tolower($1) == "content-encoding" { sub(/\r$/, "", $2); print $2 }' "$work/out/$server.headers")
    [ "${coding:-identity}" = "$ENCODING" ] || die "$server answers $path with Content-Encoding '${coding:-identity}', not $ENCODING"
  done
  cmp -s "$work/out/blogd.body" "$work/out/nginx.body" || die "blogd and nginx answer $path with different bodies"
  hb=$(curl -fsS -H "Accept-Encoding: $accept" -o /dev/null -w '%{size_header}' "http://127.0.0.1:$blogd_port$path")
  hn=$(curl -fsS -H "Accept-Encoding: $accept" -o /dev/null -w '%{size_header}' "http://127.0.0.1:$nginx_port$path")
  log "$path: identical $(stat -c %s "$work/out/blogd.body") B $ENCODING bodies (headers: blogd $hb B, nginx $hn B)"
done

# --- Measuring ----------------------------------------------------------------------------------------
# cpu_ns PID...: nanoseconds these processes (every thread) have run on a CPU so far.
cpu_ns() {
  local pid stat total=0
  for pid in "$@"; do
    for stat in /proc/"$pid"/task/*/schedstat; do
      read -r ns _ <"$stat" 2>/dev/null && total=$((total + ns))
    done
  done
  echo $total
}
server_pids() {
  if [ "$1" = blogd ]; then echo "$blogd_pid"; else echo "$nginx_pid $(cat "/proc/$nginx_pid/task/$nginx_pid/children" 2>/dev/null)"; fi
}

# measure SERVER URL DURATION OUT: runs wrk; prints "rps p99_ms server_cpu_percent errors".
measure() {
  local server=$1 url=$2 duration=$3 out=$4 pids t0 t1 c0 c1
  pids=$(server_pids "$server")
  # shellcheck disable=SC2086
  c0=$(cpu_ns $pids); t0=$(date +%s%N)
  taskset -c "$WRK_CPU" wrk -t1 -c"$CONNECTIONS" -d"$duration" --latency -H "Accept-Encoding: $accept" "$url" >"$out" 2>&1 \
    || { cat "$out" >&2; die "wrk failed against $server"; }
  # shellcheck disable=SC2086
  c1=$(cpu_ns $pids); t1=$(date +%s%N)
  awk -v cpu=$((c1 - c0)) -v wall=$((t1 - t0)) '
    function ms(v,   n, u) {
      n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
      return (u == "us") ? n / 1000 : (u == "ms") ? n : (u == "s") ? n * 1000 : (u == "m") ? n * 60000 : -1
    }
    /Requests\/sec:/ { rps = $2 }
    /^ +99%/ { p99 = ms($2) }
    /Non-2xx or 3xx responses:/ { errors += $NF }
    /Socket errors:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) errors += $i + 0 }
    END {
      if (rps == "" || p99 == "") exit 1
      printf "%.0f %.3f %.1f %d\n", rps, p99, 100 * cpu / wall, errors
    }' "$out" || { cat "$out" >&2; die "could not read wrk's output"; }
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '\nread_path: %s posts, %s rounds of %s per server and endpoint, wrk -t1 -c%s on CPU %s, servers on CPU %s\n' \
  "$POSTS" "$ROUNDS" "$DURATION" "$CONNECTIONS" "$WRK_CPU" "$SERVER_CPU"
printf 'both answer Accept-Encoding: %s with the same %s bytes (nginx: %s)\n' "$accept" "$ENCODING" \
  "$(case $ENCODING in br) echo 'the .br file as brotli_static would send it' ;; *) echo 'plain files' ;; esac)"
printf 'repo HEAD %s, blogd from %s, %s, %s; %s CPUs, load average %s\n' "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" \
  "$build" "$("$NGINX" -v 2>&1 | sed 's/^nginx version: //')" "$(wrk -v 2>&1 | head -1 | awk '{print "wrk " $2}')" \
  "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"

verdicts=()
all_min_cpu=()
bad_runs=0
for endpoint in list post; do
  if [ $endpoint = list ]; then path=$list_path label=$list_path; else path=$post_path label='/api/posts/{slug}'; fi
  printf '\nGET %s  (%s)\n' "$label" "$path"
  for server in blogd nginx; do  # warm-up: connections, caches, CPU frequency
    if [ "$server" = blogd ]; then port=$blogd_port; else port=$nginx_port; fi
    measure "$server" "http://127.0.0.1:$port$path" "$WARMUP" "$work/out/warmup-$endpoint-$server.txt" >/dev/null
  done
  printf '%5s  %-5s  %9s %8s %5s  %9s %8s %5s  %6s %9s\n' round first 'blogd r/s' 'p99 ms' 'cpu%' 'nginx r/s' 'p99 ms' 'cpu%' ratio 'cpu-ratio'
  ratios=() p99s=() cpu_ratios=()
  for ((r = 1; r <= ROUNDS; r++)); do
    if ((r % 2)); then order="blogd nginx"; else order="nginx blogd"; fi
    declare -A got=()
    for server in $order; do
      if [ "$server" = blogd ]; then port=$blogd_port; else port=$nginx_port; fi
      got[$server]=$(measure "$server" "http://127.0.0.1:$port$path" "$DURATION" "$work/out/$endpoint-$r-$server.txt")
      sleep 0.3
    done
    read -r b_rps b_p99 b_cpu b_err <<<"${got[blogd]}"
    read -r n_rps n_p99 n_cpu n_err <<<"${got[nginx]}"
    ratio=$(awk -v b="$b_rps" -v n="$n_rps" 'BEGIN { printf "%.3f", (n > 0) ? b / n : 0 }')
    # Requests per CPU-second of blogd over nginx's: less sensitive to other load on the machine.
    cpu_ratio=$(awk -v b="$b_rps" -v bc="$b_cpu" -v n="$n_rps" -v nc="$n_cpu" \
      'BEGIN { printf "%.3f", (n > 0 && bc > 0 && nc > 0) ? (b / bc) / (n / nc) : 0 }')
    min_cpu=$(awk -v a="$b_cpu" -v b="$n_cpu" 'BEGIN { print (a < b) ? a : b }')
    note=
    if ((b_err + n_err > 0)); then note="  errors: blogd $b_err, nginx $n_err"; bad_runs=$((bad_runs + 1)); fi
    printf '%5d  %-5s  %9d %8.2f %5.0f  %9d %8.2f %5.0f  %6.3f %9.3f%s\n' "$r" "${order%% *}" \
      "$b_rps" "$b_p99" "$b_cpu" "$n_rps" "$n_p99" "$n_cpu" "$ratio" "$cpu_ratio" "$note"
    ratios+=("$ratio") p99s+=("$b_p99") cpu_ratios+=("$cpu_ratio") all_min_cpu+=("$min_cpu")
    unset got
  done
  med_ratio=$(printf '%s\n' "${ratios[@]}" | median)
  med_p99=$(printf '%s\n' "${p99s[@]}" | median)
  max_p99=$(printf '%s\n' "${p99s[@]}" | sort -g | tail -1)
  printf 'median ratio %.3f (min %.3f, max %.3f); blogd p99 median %.2f ms, max %.2f ms\n' "$med_ratio" \
    "$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)" "$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)" \
    "$med_p99" "$max_p99"
  printf 'median cpu-ratio %.3f (requests per CPU-second, blogd over nginx)\n' "$(printf '%s\n' "${cpu_ratios[@]}" | median)"
  verdict=$(awk -v r="$med_ratio" -v p="$med_p99" -v tr=$TARGET_RATIO -v sr=$STRETCH_RATIO -v tp=$TARGET_P99_MS \
    'BEGIN { ok = (r >= tr && p < tp); printf "%s%s", (ok ? "PASS" : "MISS"), ((ok && r >= sr) ? " (stretch >= 1.0 met)" : "") }')
  verdicts+=("$(printf 'read_path %s: median ratio %.2f (target >= %s), blogd p99 %.1f ms (target < %s ms): %s' \
    "$label" "$med_ratio" "$TARGET_RATIO" "$med_p99" "$TARGET_P99_MS" "$verdict")")
done

echo
starved=$(printf '%s\n' "${all_min_cpu[@]}" | median)
if awk -v c="$starved" 'BEGIN { exit !(c < 80) }'; then
  printf 'note: the servers got only %.0f%% of CPU %s (median of the lower of each pair): other load on the machine\n' "$starved" "$SERVER_CPU"
  echo "      or wrk limits them, so the throughput ratios are noisy; cpu-ratio (requests per CPU-second) is steadier"
fi
if ((bad_runs > 0)); then
  echo "warning: $bad_runs round(s) had non-2xx responses or socket errors; see the wrk outputs (KEEP_WORK=1)"
fi
printf '%s\n' "${verdicts[@]}"
if grep -qiE 'critical|error' "$work/blogd.log"; then
  echo "blogd logged errors during the run:" >&2
  tail -5 "$work/blogd.log" >&2
fi
if ((bad_runs > 0)); then exit 1; fi
exit 0
