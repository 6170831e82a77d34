#!/usr/bin/env bash
# Long fault-injection runs: tests/chaos/run with many rounds (the test run does 2).
#
# Usage: bench/chaos.sh [--rounds N] [--seed S]   (default 20 rounds, about 10 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=20
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift ;;
    --seed) args+=(--seed "$2"); shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
exec tests/chaos/run --rounds "$rounds" "${args[@]}"
