#!/usr/bin/env python3
"""A reader for bench/abuse.sh: GETs each path in turn on a fresh connection (as a new visitor's
browser does) from one source address for a while, then prints one JSON line per path with the
count, the failures (errors, time-outs, answers other than 200) and p50/p99 in milliseconds.

Usage: reader.py HOST PORT SOURCE SECONDS PATH...
"""
import http.client
import json
import sys
import time

TIMEOUT_S = 10


def percentile(sorted_values, p):
    if not sorted_values:
        return None
    k = min(len(sorted_values) - 1, max(0, int(round(p / 100.0 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def main():
    host, port, source, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    paths = sys.argv[5:]
    times = {p: [] for p in paths}
    failures = {p: 0 for p in paths}
    reasons = {p: {} for p in paths}
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        path = paths[i % len(paths)]
        i += 1
        start = time.monotonic()
        try:
            conn = http.client.HTTPConnection(host, port, timeout=TIMEOUT_S, source_address=(source, 0))
            conn.request("GET", path, headers={"Accept": "application/json"})
            res = conn.getresponse()
            res.read()
            conn.close()
            if res.status != 200:
                failures[path] += 1
                reason = "HTTP %d" % res.status
                reasons[path][reason] = reasons[path].get(reason, 0) + 1
                continue
        except Exception as e:  # noqa: BLE001 - every failure counts, whatever its kind
            failures[path] += 1
            reason = type(e).__name__
            reasons[path][reason] = reasons[path].get(reason, 0) + 1
            time.sleep(0.05)  # a refused connection returns at once: do not spin
            continue
        times[path].append((time.monotonic() - start) * 1000.0)
    for path in paths:
        t = sorted(times[path])
        print(json.dumps({"path": path, "count": len(t), "failures": failures[path], "reasons": reasons[path],
                          "p50_ms": percentile(t, 50), "p99_ms": percentile(t, 99)}))


if __name__ == "__main__":
    main()
