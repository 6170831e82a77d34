#!/usr/bin/env bash
# Newsletter benchmark: how fast one story reaches every subscriber, and what sending costs readers.
#
# Starts a throw-away PostgreSQL, a blogd on it with SUBSCRIBERS confirmed subscribers (half English,
# half Czech) and a local SMTP sink (aiosmtpd, a real SMTP server on loopback), then:
#   - measures READERS readers alone for DURATION seconds (quiet): GET /api/posts and GET /post/{slug};
#   - publishes one English story as an admin (no Czech version: every subscriber gets it) and, with
#     the same readers running, times until the sink holds every mail.
# Prints the mails, the seconds from the publish to the last mail and mails/s, the readers' p99 quiet
# and while sending and their ratio, then the targets with PASS/FAIL: >= 200 mails/s (10,000 in
# under 50 s), readers' p99 while sending <= 1.5x quiet, for each of the two pages. A missed target
# still exits 0 (a measurement, not a gate); a failure to run exits non-zero.
#
# Usage: bench/newsletter.sh [--quick]
#   --quick      smoke run: 2,000 subscribers, 4 s of quiet reads
# Environment: BLOG_BUILD_DIR (build), SUBSCRIBERS (10000), DURATION (10), READERS (4),
#   READ_DELAY_MS (5), BLOG_MAIL_RATE_PER_SECOND (0: as fast as the SMTP server takes them),
#   KEEP_WORK=1 keeps the temp folder (logs, wrk outputs).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
SUBSCRIBERS=${SUBSCRIBERS:-10000}
DURATION=${DURATION:-10}
READERS=${READERS:-4}
READ_DELAY_MS=${READ_DELAY_MS:-5}
RATE=${BLOG_MAIL_RATE_PER_SECOND:-0}
TARGET_RATE=200    # mails per second
TARGET_READERS=1.5 # readers' p99 while sending / quiet

while [ $# -gt 0 ]; do
  case $1 in
    --quick) SUBSCRIBERS=2000 DURATION=4 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
for tool in wrk curl awk /usr/bin/python3; do command -v "$tool" >/dev/null || die "$tool is not installed"; done
/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null || die "python3-aiosmtpd is not installed (tools/bootstrap)"
{ [ -x "$build/blogd" ] && [ -x "$build/blogctl" ]; } || die "no $build/blogd or $build/blogctl: run tools/bootstrap (or set BLOG_BUILD_DIR)"
blogd_bin=$(cd "$build" && pwd)/blogd
blogctl_bin=$(cd "$build" && pwd)/blogctl

work=$(mktemp -d /tmp/blog-newsletter-bench.XXXXXX)
chmod 755 "$work"
blogd_pid=
sink_pid=
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
  local status=$?
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  if [ -n "$sink_pid" ]; then kill -TERM "$sink_pid" 2>/dev/null || true; wait "$sink_pid" 2>/dev/null || true; fi
  pg_stop "$work/pg"
  if [ "${KEEP_WORK:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "PostgreSQL in $work/pg"
pg_init "$work/pg" fast
pg_start "$work/pg"
pg_create_db "$work/pg" newsletter
db_url=$(pg_url "$work/pg" newsletter)
mkdir -p "$work/data"
BLOG_DATABASE_URL=$db_url BLOG_DATA_DIR="$work/data" BLOG_LOG_LEVEL=warn "$blogctl_bin" migrate >/dev/null
# A corpus for the readers (the search benchmark's), and the subscribers.
sed '/^-- PostgreSQL.s own full-text search/,$d' bench/search/corpus.sql |
  "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -v posts=2000 -f - "$db_url" >/dev/null
"$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 "$db_url" -c "
  INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token, confirmed_at)
  SELECT 'reader' || i || '@example.com', CASE WHEN i % 2 = 0 THEN 'en' ELSE 'cs' END, 'active',
         md5('bench' || i), now()
  FROM generate_series(1, $SUBSCRIBERS) AS i;
  ANALYZE;" >/dev/null

smtp_port=$(free_port)
# The sink stands in for a mail server on another machine: here it shares the two cores with the
# readers, so it runs at a lower priority, as the readers would not feel it in production.
nice -n 10 /usr/bin/python3 bench/newsletter/sink.py "$smtp_port" "$work/sink" >"$work/sink.log" 2>&1 &
sink_pid=$!
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$smtp_port") 2>/dev/null && break
  sleep 0.1
done

port=$(free_port)
base="http://127.0.0.1:$port"
env BLOG_DATABASE_URL="$db_url" BLOG_DATA_DIR="$work/data" BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_HTTP_PORT="$port" \
  BLOG_LOG_LEVEL=warn BLOG_WEB_DIR="$BLOG_ROOT/web/dist" BLOG_PUBLIC_URL="$base" \
  BLOG_SMTP_URL="smtp://127.0.0.1:$smtp_port" BLOG_MAIL_RATE_PER_SECOND="$RATE" \
  BLOG_MAIL_FROM="PayTech Blog <news@paytech.example>" "$blogd_bin" >>"$work/blogd.log" 2>&1 &
blogd_pid=$!
started=$SECONDS
until curl -fsS -o /dev/null "$base/readyz" 2>/dev/null; do
  kill -0 "$blogd_pid" 2>/dev/null || { tail -20 "$work/blogd.log" >&2; blogd_pid=; die "blogd exited"; }
  [ $((SECONDS - started)) -lt 300 ] || die "blogd not ready after 300 s"
  sleep 0.2
done

curl -fsS -H "Origin: $base" -H 'Content-Type: application/json' -d '{"username":"bench_admin",
  "email":"bench_admin@example.com","password":"bench-password-1","confirmPassword":"bench-password-1"}' \
  "$base/api/register" >/dev/null || die "could not register the admin"
"$PG_BIN/psql" -q -X "$db_url" -c "UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'bench_admin'" >/dev/null
curl -fsS -c "$work/jar" -H "Origin: $base" -H 'Content-Type: application/json' \
  -d '{"username":"bench_admin","password":"bench-password-1"}' "$base/api/login" >/dev/null || die "admin login failed"
slug=$("$PG_BIN/psql" -qtAX "$db_url" -c "SELECT slug FROM posts WHERE published ORDER BY id LIMIT 1")
# The account's own mail (the verification) went through the sink too: count from here.
sleep 1
before=$(cut -d' ' -f1 "$work/sink" 2>/dev/null || true)
before=${before:-0}

# read_p99 FILE: p99 in ms from wrk --latency output.
read_p99() {
  awk 'function ms(v,   n, u) { n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
         return (u == "us") ? n / 1000 : (u == "ms") ? n : (u == "s") ? n * 1000 : -1 }
       /^ +99%/ { p99 = ms($2) } END { if (p99 == "") exit 1; printf "%.2f\n", p99 }' "$1"
}
# readers LABEL SECONDS: both pages read at once for SECONDS, in the background; sets readers_pids.
readers() {
  DELAY_MS=$READ_DELAY_MS wrk -t1 -c"$READERS" -d"$2s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/api/posts?language=cs" >"$work/$1-list.txt" 2>&1 &
  readers_pids="$!"
  DELAY_MS=$READ_DELAY_MS wrk -t1 -c"$READERS" -d"$2s" --timeout 10s --latency -s bench/write_path/read.lua \
    "$base/post/$slug" >"$work/$1-post.txt" 2>&1 &
  readers_pids="$readers_pids $!"
}

log "readers alone for $DURATION s"
readers quiet "$DURATION"
# shellcheck disable=SC2086
wait $readers_pids || die "wrk (quiet reads) failed"

# cpu_ticks PID...: user + system clock ticks the processes used so far.
cpu_ticks() {
  local total=0 pid fields
  for pid in "$@"; do
    fields=$(cut -d')' -f2 "/proc/$pid/stat" 2>/dev/null) || continue
    total=$((total + $(echo "$fields" | awk '{ print $12 + $13 }')))
  done
  echo "$total"
}
pg_pids() { pgrep -d' ' -f "postgres: .*newsletter" || true; }
# sender_ticks: the clock ticks of blogd's mail sender thread (named blog-mail) so far.
sender_ticks() {
  local task
  for task in /proc/"$blogd_pid"/task/*; do
    if [ "$(cat "$task/comm" 2>/dev/null)" = blog-mail ]; then
      cut -d')' -f2 "$task/stat" | awk '{ print $12 + $13 }'
      return
    fi
  done
  echo 0
}

log "publishing one story to $SUBSCRIBERS subscribers"
limit=$((SUBSCRIBERS / 20 + 60))  # well past the target's time
readers sending "$limit"
sleep 1
# shellcheck disable=SC2046
cpu0="$(cpu_ticks "$blogd_pid") $(sender_ticks) $(cpu_ticks "$sink_pid") $(cpu_ticks $(pg_pids))"
t0=$(date +%s.%N)
curl -fsS -b "$work/jar" -H "Origin: $base" -H 'Content-Type: application/json' \
  -d '{"title":"Benchmark story","content":"<p>One story for every reader.</p>","category":"Fintech","language":"en"}' \
  "$base/api/posts" >/dev/null || die "publishing failed"
want=$((before + SUBSCRIBERS))
got=$before
while [ "$got" -lt "$want" ]; do
  t=$(date +%s.%N)
  if awk -v a="$t0" -v b="$t" -v l="$limit" 'BEGIN { exit !(b - a > l) }'; then break; fi
  sleep 0.05
  now_got=$(cut -d' ' -f1 "$work/sink" 2>/dev/null || true)
  [ -n "$now_got" ] && got=$now_got
done
t1=$(date +%s.%N)
# shellcheck disable=SC2046
cpu1="$(cpu_ticks "$blogd_pid") $(sender_ticks) $(cpu_ticks "$sink_pid") $(cpu_ticks $(pg_pids))"
# The readers stop with the last mail (wrk reports on SIGINT): their figures cover the send alone.
# shellcheck disable=SC2086
kill -INT $readers_pids 2>/dev/null || true
# shellcheck disable=SC2086
wait $readers_pids || die "wrk (reads while sending) failed"

mails=$((got - before))
seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
rate=$(awk -v m="$mails" -v s="$seconds" 'BEGIN { printf "%.1f", (s > 0) ? m / s : 0 }')
quiet_list=$(read_p99 "$work/quiet-list.txt") || die "could not read wrk's output"
quiet_post=$(read_p99 "$work/quiet-post.txt") || die "could not read wrk's output"
busy_list=$(read_p99 "$work/sending-list.txt") || die "could not read wrk's output"
busy_post=$(read_p99 "$work/sending-post.txt") || die "could not read wrk's output"
duplicates=$("$PG_BIN/psql" -qtAX "$db_url" -c \
  "SELECT count(*) - count(DISTINCT subscriber_id) FROM mail_outbox WHERE kind = 'newsletter'")

verdict() { awk -v v="$1" -v t="$2" -v dir="$3" 'BEGIN { ok = (dir == "ge") ? (v >= t) : (v <= t); print ok ? "PASS" : "FAIL" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }'; }
echo
echo "newsletter: $mails of $SUBSCRIBERS mails in $seconds s = $rate mails/s (rate limit: ${RATE:-0}, 0 = none); duplicates in the outbox: $duplicates"
read -r b0 m0 s0 p0 <<<"$cpu0"
read -r b1 m1 s1 p1 <<<"$cpu1"
hz=$(getconf CLK_TCK)
awk -v b=$((b1 - b0)) -v m=$((m1 - m0)) -v s=$((s1 - s0)) -v p=$((p1 - p0)) -v n="$mails" -v hz="$hz" \
  -v sec="$seconds" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
  printf "CPU while sending, s (share of one core): blogd %.1f (%.0f%%), of it the mail sender %.1f (%.0f%%, %.2f ms a mail);\n",
    b / hz, 100 * b / hz / sec, m / hz, 100 * m / hz / sec, (n > 0) ? 1000 * m / hz / n : 0
  printf "  SMTP sink %.1f (%.0f%%), PostgreSQL %.1f (%.0f%%); load %s\n", s / hz, 100 * s / hz / sec, p / hz,
    100 * p / hz / sec, load }'
printf '%-22s %10s %10s %8s\n' "readers' p99 (ms)" quiet sending ratio
printf '%-22s %10s %10s %8s\n' "/api/posts" "$quiet_list" "$busy_list" "$(ratio "$busy_list" "$quiet_list")"
printf '%-22s %10s %10s %8s\n' "/post/{slug}" "$quiet_post" "$busy_post" "$(ratio "$busy_post" "$quiet_post")"
echo
echo "targets:"
echo "  all $SUBSCRIBERS mails at >= $TARGET_RATE mails/s: $rate $(if [ "$mails" -eq "$SUBSCRIBERS" ]; then verdict "$rate" "$TARGET_RATE" ge; else echo FAIL; fi)"
echo "  /api/posts p99 while sending <= ${TARGET_READERS}x quiet: $(ratio "$busy_list" "$quiet_list")x $(verdict "$(ratio "$busy_list" "$quiet_list")" "$TARGET_READERS" le)"
echo "  /post/{slug} p99 while sending <= ${TARGET_READERS}x quiet: $(ratio "$busy_post" "$quiet_post")x $(verdict "$(ratio "$busy_post" "$quiet_post")" "$TARGET_READERS" le)"
echo "  no duplicate: $duplicates $(verdict "$duplicates" 0 le)"
