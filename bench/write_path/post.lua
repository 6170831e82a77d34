-- wrk script of bench/write_path.sh: each request creates a new post as the signed-in admin
-- (COOKIE, ORIGIN and RUN from the environment), with a title of its own so slugs never clash
-- (each of wrk's threads numbers its own requests, so the thread's number is in the title too).
local cookie = os.getenv("COOKIE") or ""
local origin = os.getenv("ORIGIN") or ""
local run = os.getenv("RUN") or tostring(os.time())
local counter = 0
local threads = 0

setup = function(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end
local paragraph = string.rep("Instant payments settle in seconds across the European network, and merchants see the money at once. ", 25)

request = function()
  counter = counter + 1
  local body = string.format(
    '{"title":"Write bench %s %s %d","content":"<p>%s</p>","category":"Fintech","language":"%s"}',
    run, tostring(thread_id or 0), counter, paragraph, (counter % 2 == 0) and "cs" or "en")
  return wrk.format("POST", "/api/posts", {
    ["Content-Type"] = "application/json",
    ["Cookie"] = cookie,
    ["Origin"] = origin,
  }, body)
end
