-- Cross-check of the single-vote figure with wrk (Debian package "wrk"), against ./run-local:
--   curl -s -XPOST localhost:8081/boards -H 'X-API-Key: local-dev-admin-key' \
--        -H 'Content-Type: application/json' -d '{"board":"wrk1"}'
--   wrk -t1 -c64 -d20s -s benchmarks/wrk/single-vote.lua http://127.0.0.1:8081
-- One vote per request, 1,000 users, a new voter each time, ids made by the writer.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-API-Key"] = "local-dev-admin-key"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/boards/wrk1/votes", nil,
    '{"user":"u' .. (n % 1000) .. '","voter":"v' .. n .. '","votes":1}')
end
