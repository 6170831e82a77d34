#!/usr/bin/env bash
# Multi-node lag: one throw-away PostgreSQL, three blogd nodes (and nginx, unused here), WRITES posts
# written one after another through node 1; prints the lag from each write's answer to the post's
# visibility on nodes 2 and 3 (p50, p90, p99, max), and the write latency. A measurement: exits 0
# whatever the figures; a failure to run exits non-zero.
#
# Usage: bench/multinode_lag.sh [--writes N]
# Environment: BLOG_BUILD_DIR (build), WRITES (300), NGINX (/usr/sbin/nginx), KEEP_WORK=1.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../tools/lib.sh
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"

while [ $# -gt 0 ]; do
  case $1 in
    --writes) export WRITES=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (try --help)" ;;
  esac
  shift
done
build=${BLOG_BUILD_DIR:-build}
[ -x "$build/blogd" ] && [ -x "$build/blogctl" ] || die "no $build/blogd or $build/blogctl: run tools/bootstrap"
[[ ${WRITES:-300} =~ ^[1-9][0-9]*$ ]] || die "WRITES must be a positive number"
timeout --signal=TERM --kill-after=10 600 node bench/multinode_lag/lag.mjs
