#!/usr/bin/env bash
# Czech search quality by the dictionary: runs the unit test that builds word groups from cs_CZ's
# own affix rules (fixed seed; a post per lemma, every other form as a query, accented and without
# diacritics), Lucene's TestCzechStemmer groups and the issue's words, and prints its figures:
# share of forms finding their post (target >= 97 %), share of groups found by all their forms
# (>= 95 %), queries finding another group's post (0), and the dictionary's load time.
#
# Usage: bench/search_quality.sh        Environment: BLOG_BUILD_DIR (build)
set -euo pipefail
. "$(dirname "$0")/../tools/lib.sh"
cd "$BLOG_ROOT"
build=${BLOG_BUILD_DIR:-build}
[ -x "$build/tests/unit_tests" ] || die "no $build/tests/unit_tests: cmake --build $build --target unit_tests"
out=$("$build/tests/unit_tests" --gtest_filter='SearchDictionary.*' 2>&1) && status=0 || status=$?
grep -E '^\[ (quality|dictionary) \]' <<<"$out" | grep -v 'some misses' || true
grep -E '^\[  (PASSED|FAILED) ' <<<"$out" || true
exit "$status"
