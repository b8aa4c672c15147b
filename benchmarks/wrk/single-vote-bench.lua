-- Single votes for SingleVoteBench (and by hand): one vote per request, 100,000 users, a new voter
-- each time, ids made by the writer. Environment: BOARD (default wrk1), API_KEY (default the
-- local-dev key), DELAY_MS (per connection between requests, default 0: no think time), so that
-- C connections offer about C / (DELAY_MS + latency) votes per second.
local board = os.getenv("BOARD") or "wrk1"
local delayMs = tonumber(os.getenv("DELAY_MS") or "0")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-API-Key"] = os.getenv("API_KEY") or "local-dev-admin-key"
local n = 0
local ids = 0

setup = function(thread)
  ids = ids + 1
  thread:set("thread_id", ids)  -- a global in the thread's own Lua state
end

request = function()
  n = n + 1
  return wrk.format(nil, "/boards/" .. board .. "/votes", nil,
    '{"user":"u' .. (n % 100000) .. '","voter":"t' .. thread_id .. 'v' .. n .. '","votes":1}')
end

if delayMs > 0 then
  delay = function()
    -- Spread around the mean so that connections do not fall into step.
    return math.random(0, 2 * delayMs)
  end
end

done = function(summary, latency, requests)
  io.write(string.format("STATUS non2xx_3xx=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout))
  io.write(string.format("LATENCY p50_us=%d p99_us=%d\n",
    latency:percentile(50), latency:percentile(99)))
end
