-- wrk script of bench/write_path.sh: a reader that pauses DELAY_MS between requests, so the readers
-- measure their latency during the writes without taking every CPU from the writers.
local delay_ms = tonumber(os.getenv("DELAY_MS") or "5")

delay = function()
  return delay_ms
end
