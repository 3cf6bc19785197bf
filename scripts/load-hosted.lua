-- wrk script for scripts/load-hosted: one request kind per wrk process, a random user of a range
-- per request. Arguments: KIND FIRST COUNT PARITY [IDS LAST_EPOCH [THINK]]
--   KIND       healthz | page (GET / as a browser) | today (GET /api/v1/today) |
--              stats (GET /api/v1/habits/{id}/stats) | checkin (PUT /api/v1/habits/{id}/days/{day})
--   FIRST, COUNT   the users drawn from: load-FIRST … load-(FIRST+COUNT-1)
--   PARITY     0 or 1: only users whose number has this parity (each instance serves its half,
--              as a load balancer with sticky sessions would); -1: all of them
--   IDS        the habits' ids, comma-separated (the same 50 for every user: the data is cloned)
--   LAST_EPOCH check-ins go to one of the 7 days ending on this day (seconds since 1970, UTC)
--   THINK      each connection waits a random time with this mean (ms, exponential) before each
--              request, like a person between taps: the rate is then about connections × 1000 /
--              THINK per second whatever the latency (0, the default: as fast as answers come)
-- The file named by $LOAD_HISTOGRAM gets the latencies (µs value, count per line) and the counts
-- (done() runs in wrk's main Lua state, which never saw the arguments).
-- The credentials are the ones the script's clone made: API token load-api-N, session load-session-N.

local kind, first, count, parity, ids, last_epoch, think

function init(args)
    kind = args[1]
    first = tonumber(args[2])
    count = tonumber(args[3])
    parity = tonumber(args[4])
    ids = {}
    for id in string.gmatch(args[5] or "", "[^,]+") do table.insert(ids, id) end
    last_epoch = tonumber(args[6] or "0")
    think = tonumber(args[7] or "0")
    -- Each thread has its own Lua state: seed from its table addresses too, so threads differ.
    math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 1000003 + first)
end

-- wrk.format takes a request's headers instead of wrk.headers (Host aside), so each request
-- gets all of its own.
local function headers(n)
    if kind == "page" then
        return { ["Cookie"] = "tend_session=load-session-" .. n, ["Accept"] = "text/html",
                 ["Accept-Encoding"] = "gzip, deflate, br" }
    end
    local list = { ["Authorization"] = "Bearer load-api-" .. n }
    if kind == "checkin" then list["Content-Type"] = "application/json" end
    return list
end

local function user()
    local n = first + math.random(0, count - 1)
    if parity >= 0 and n % 2 ~= parity then
        n = n + 1
        if n >= first + count then n = n - 2 end
    end
    return n
end

function request()
    if kind == "healthz" then return wrk.format("GET", "/healthz") end
    local n = user()
    if kind == "page" then return wrk.format("GET", "/", headers(n)) end
    if kind == "today" then return wrk.format("GET", "/api/v1/today", headers(n)) end
    local id = ids[math.random(1, #ids)]
    if kind == "stats" then return wrk.format("GET", "/api/v1/habits/" .. id .. "/stats", headers(n)) end
    local day = os.date("!%Y-%m-%d", last_epoch - math.random(0, 6) * 86400)
    local body = '{"value":' .. math.random(0, 1) .. '}'
    return wrk.format("PUT", "/api/v1/habits/" .. id .. "/days/" .. day, headers(n), body)
end

function delay()
    if think <= 0 then return 0 end
    return math.floor(-math.log(1 - math.random()) * think)
end

function done(summary, latency, requests)
    local file = io.open(os.getenv("LOAD_HISTOGRAM"), "w")
    file:write(string.format("requests %d\n", summary.requests))
    file:write(string.format("duration_us %d\n", summary.duration))
    file:write(string.format("status_errors %d\n", summary.errors.status))
    file:write(string.format("socket_errors %d\n",
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
    for i = 1, #latency do
        local value, n = latency(i)
        file:write(string.format("%d %d\n", value, n))
    end
    file:close()
end
