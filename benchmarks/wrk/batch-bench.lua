-- Batches for scenario 1 of ./run-benchmarks: 100 votes per request to 100,000 users, 1-5 points,
-- a random voter among 1,000,000, ids made by the writer. Environment: BOARD (default wrk1),
-- API_KEY (default the local-dev key). A 200 whose body names a refused vote counts as refused.
local board = os.getenv("BOARD") or "wrk1"
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-API-Key"] = os.getenv("API_KEY") or "local-dev-admin-key"
local threads = {}
local refused = 0

setup = function(thread)
  table.insert(threads, thread)
end

request = function()
  local votes = {}
  for i = 1, 100 do
    votes[i] = '{"user":"u' .. math.random(0, 99999) .. '","voter":"v' .. math.random(0, 999999)
      .. '","votes":' .. math.random(1, 5) .. '}'
  end
  return wrk.format(nil, "/boards/" .. board .. "/votes/batch", nil,
    '{"votes":[' .. table.concat(votes, ",") .. ']}')
end

response = function(status, headers, body)
  if status == 200 and string.find(body, '"REFUSED"', 1, true) then
    refused = refused + 1
  end
end

done = function(summary, latency, requests)
  local refusedRequests = 0
  for _, thread in ipairs(threads) do
    refusedRequests = refusedRequests + (thread:get("refused") or 0)
  end
  io.write(string.format("STATUS non2xx_3xx=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout))
  io.write(string.format("REFUSED requests=%d\n", refusedRequests))
  io.write(string.format("LATENCY p50_us=%d p99_us=%d\n",
    latency:percentile(50), latency:percentile(99)))
end
