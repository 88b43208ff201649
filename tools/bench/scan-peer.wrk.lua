-- wrk script of the sdm-backend peer rows (tools/bench/scan-peer.ts): every request is a fresh tap,
-- `GET /api/tag?picc_data=…&cmac=…`. SCAN_TAPS names a file prefix; thread n (1-based) reads
-- `<prefix>.<n>`, one request path per line, and sends them round-robin. A reply counts as verified
-- when its body carries the decrypted counter (`"read_ctr"`): sdm-backend answers a refused tap with
-- HTTP 200 and `{"error": …}` too. The report is one JSON line on stdout (latencies in microseconds).
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end

local requests = {}
local nextIndex = 1
verified = 0

function init(args)
  local prefix = os.getenv("SCAN_TAPS")
  for line in io.lines(prefix .. "." .. tid) do
    requests[#requests + 1] = wrk.format("GET", line)
  end
end

function request()
  local r = requests[nextIndex]
  nextIndex = nextIndex + 1
  if nextIndex > #requests then nextIndex = 1 end
  return r
end

function response(status, headers, body)
  if status == 200 and string.find(body, '"read_ctr"', 1, true) then verified = verified + 1 end
end

function done(summary, latency, requests)
  local e = summary.errors
  local v = 0
  for _, thread in ipairs(threads) do v = v + thread:get("verified") end
  local p = function(q) return latency:percentile(q) end
  io.write(string.format(
    '{"requests":%d,"verified":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d}\n',
    summary.requests, v, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    p(50), p(90), p(99), p(99.9), latency.max))
end
