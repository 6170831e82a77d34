#!/usr/bin/env bash
# Lighthouse on the reader pages, as a phone sees them: the mobile profile (slow 4G, 4x CPU
# slowdown) with Debian's Chromium, on the home, a post, a category and a search page in English
# and Czech. Prints the four scores and LCP, CLS and TBT of each page with PASS/FAIL against the
# targets of issue 15: performance >= 95; accessibility, best practices, SEO 100; LCP <= 2.0 s;
# CLS <= 0.05; TBT <= 100 ms. A missed target still exits 0 (a measurement, not a gate).
#
# Usage: bench/lighthouse.sh [BASE_URL]
#   With BASE_URL (e.g. http://127.0.0.1:8080) it measures that blogd; without, it starts a
#   throw-away PostgreSQL and blogd with the demo posts, like tools/e2e.
# Environment: BLOG_BUILD_DIR (build), CHROME_PATH (/usr/bin/chromium), KEEP_WORK=1 keeps the
#   reports (JSON) in the temp folder.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

build=${BLOG_BUILD_DIR:-build}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
lh_dir=bench/lighthouse
[ -x "$lh_dir/node_modules/.bin/lighthouse" ] || (cd "$lh_dir" && npm ci --no-audit --no-fund >/dev/null)

work=$(mktemp -d /tmp/blog-lighthouse.XXXXXX)
chmod 755 "$work"
blogd_pid=
started_pg=
cleanup() {
  if [ -n "$blogd_pid" ]; then kill -TERM "$blogd_pid" 2>/dev/null || true; wait "$blogd_pid" 2>/dev/null || true; fi
  if [ -n "$started_pg" ]; then pg_stop "$work/pg"; fi
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "reports kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

base=${1:-}
if [ -z "$base" ]; then
  pg_init "$work/pg" fast
  pg_start "$work/pg"
  started_pg=1
  pg_create_db "$work/pg" blog
  port=$(free_port)
  export BLOG_DATABASE_URL
  BLOG_DATABASE_URL=$(pg_url "$work/pg" blog)
  export BLOG_DATA_DIR="$work/data" BLOG_HTTP_PORT="$port" BLOG_HTTP_ADDRESS=127.0.0.1 BLOG_WEB_DIR="$BLOG_ROOT/web/dist"
  export BLOG_PUBLIC_URL="http://127.0.0.1:$port" BLOG_LOG_LEVEL=warn
  mkdir -p "$BLOG_DATA_DIR"
  "$build/blogctl" migrate >/dev/null
  "$build/blogctl" seed-demo >/dev/null
  "$build/blogd" >"$work/blogd.log" 2>&1 &
  blogd_pid=$!
  wait_http "http://127.0.0.1:$port/readyz" 30 || { cat "$work/blogd.log" >&2; die "blogd did not become ready"; }
  base="http://127.0.0.1:$port"
fi

# A post and a category of each language from the demo content.
read -r en_post cs_post < <(node -e '
  const posts = require("./seed/demo-posts.json");
  const pick = (l) => posts.find((p) => p.language === l).slug;
  console.log(pick("en"), pick("cs"));')

# Each page for an English reader and for a Czech one. A Czech reader's choices live in the
# browser (localStorage and the cookies the server reads): the Czech runs start from a profile
# that has them (bench/lighthouse/czech-profile.mjs), which Lighthouse then must not reset.
pages=(
  "en home|/"
  "en post|/post/$en_post"
  "en category|/category/Fintech"
  "en search|/search?q=payments"
  "cs home|/"
  "cs post|/post/$cs_post"
  "cs category|/category/Fintech"
  "cs search|/search?q=platby"
)

node_summary='
  const r = require(process.argv[1]);
  const s = (k) => Math.round((r.categories[k]?.score ?? 0) * 100);
  const a = (k) => r.audits[k]?.numericValue ?? NaN;
  console.log([s("performance"), s("accessibility"), s("best-practices"), s("seo"),
    (a("largest-contentful-paint") / 1000).toFixed(2), a("cumulative-layout-shift").toFixed(3),
    Math.round(a("total-blocking-time"))].join(" "));'

printf '%-12s %-28s %5s %5s %5s %5s %7s %7s %6s  %s\n' page path perf a11y bp seo 'LCP(s)' CLS 'TBT' verdict
fails=0
for entry in "${pages[@]}"; do
  name=${entry%%|*}
  path=${entry#*|}
  report="$work/${name// /-}.json"
  profile="$work/profile-${name// /-}"
  storage=()
  if [ "${name%% *}" = cs ]; then
    node "$lh_dir/czech-profile.mjs" "$base" "$profile"
    storage=(--disable-storage-reset)
  fi
  "$lh_dir/node_modules/.bin/lighthouse" "$base$path" --quiet --output=json --output-path="$report" "${storage[@]}" \
    --form-factor=mobile --throttling-method=simulate --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync --user-data-dir=$profile" \
    >/dev/null 2>"$work/${name// /-}.log" || { echo "$name: lighthouse failed (see $work)" >&2; KEEP_WORK=1; continue; }
  read -r perf a11y bp seo lcp cls tbt < <(node -e "$node_summary" "$report")
  verdict=PASS
  awk -v p="$perf" -v a="$a11y" -v b="$bp" -v s="$seo" -v l="$lcp" -v c="$cls" -v t="$tbt" \
    'BEGIN { exit !(p >= 95 && a == 100 && b == 100 && s == 100 && l <= 2.0 && c <= 0.05 && t <= 100) }' || verdict=FAIL
  [ "$verdict" = PASS ] || fails=$((fails + 1))
  printf '%-12s %-28s %5s %5s %5s %5s %7s %7s %6s  %s\n' "$name" "$path" "$perf" "$a11y" "$bp" "$seo" "$lcp" "$cls" "$tbt" "$verdict"
done
echo "targets: performance >= 95, accessibility/best practices/SEO 100, LCP <= 2.0 s, CLS <= 0.05, TBT <= 100 ms"
echo "$fails of ${#pages[@]} pages miss a target"
