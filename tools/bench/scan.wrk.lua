-- wrk script of `npm run bench:scan -- --wrk` (tools/bench/scan-wrk.ts): every request is a fresh tap.
-- SCAN_TAPS names a file prefix; thread n (1-based) reads `<prefix>.<n>`, one check-tag JSON body per
-- line, made before the run in counter order for the chips of that thread only, and sends them
-- round-robin: a chip's taps reach the server in counter order (each chip comes back only after every
-- other chip of the thread). The report is one JSON line on stdout (latencies in microseconds).
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end

local requests = {}
local nextIndex = 1

function init(args)
  local prefix = os.getenv("SCAN_TAPS")
  local headers = { ["Content-Type"] = "application/json" }
  for line in io.lines(prefix .. "." .. tid) do
    requests[#requests + 1] = wrk.format("POST", "/json/check-tag", headers, line)
  end
end

function request()
  local r = requests[nextIndex]
  nextIndex = nextIndex + 1
  if nextIndex > #requests then nextIndex = 1 end
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  local p = function(q) return latency:percentile(q) end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    p(50), p(90), p(99), p(99.9), latency.max, latency.mean))
end
