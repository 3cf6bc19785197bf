-- wrk script for scripts/bench-server. Modes (first argument):
--   checkin TOKEN OFFSET THREADS LAST_EPOCH DAYS ID,ID,…  PUT /api/v1/habits/{id}/days/{day} {"value":v}
--   get TOKEN PATH                                    GET PATH with the bearer token
--   page COOKIE PATH                                  GET PATH as a browser: the session cookie, Accept: text/html,
--                                                     Accept-Encoding: gzip, deflate, br
--   pagedays COOKIE LAST_EPOCH DAYS THREADS           GET /?date=D as a browser, D walking back over the DAYS days
--                                                     ending LAST_EPOCH (a different day each request)
-- A check-in walks the (habit, day) pairs of the DAYS days ending LAST_EPOCH in order, each thread
-- its own share (with THREADS even and an even number of pairs, no two threads share a pair),
-- starting at OFFSET; the value alternates by pass (1, then 0, …), so every request changes the
-- day it writes. Prints "acked N" at the end: the 2xx answers received, to check against the
-- database.

local threads = {}
local next_id = 0

function setup(thread)
    thread:set("tid", next_id)
    next_id = next_id + 1
    table.insert(threads, thread)
end

local mode, ids, offset, stride, last_epoch
local counter = 0
acked = 0
local days

function init(args)
    mode = args[1]
    if mode == "page" or mode == "pagedays" then
        wrk.headers["Cookie"] = args[2]
        wrk.headers["Accept"] = "text/html"
        -- What every browser sends; the Today page is served gzipped then.
        wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
        if mode == "pagedays" then
            last_epoch = tonumber(args[3])
            days = tonumber(args[4])
            stride = tonumber(args[5])
        end
    else
        wrk.headers["Authorization"] = "Bearer " .. args[2]
    end
    if mode == "checkin" then
        offset = tonumber(args[3])
        stride = tonumber(args[4])
        last_epoch = tonumber(args[5])
        days = tonumber(args[6])
        ids = {}
        for id in string.gmatch(args[7], "[^,]+") do table.insert(ids, id) end
        wrk.headers["Content-Type"] = "application/json"
    elseif mode ~= "pagedays" then
        wrk.path = args[3]
    end
end

function request()
    if mode == "pagedays" then
        local back = (counter * stride + tid) % days
        counter = counter + 1
        return wrk.format("GET", "/?date=" .. os.date("!%Y-%m-%d", last_epoch - back * 86400))
    end
    if mode ~= "checkin" then return wrk.format("GET", wrk.path) end
    local k = offset + counter * stride + tid
    counter = counter + 1
    local pairs = #ids * days
    local p = k % pairs
    local habit = ids[(p % #ids) + 1]
    local back = math.floor(p / #ids)
    local value = (math.floor(k / pairs) % 2 == 0) and 1 or 0
    local day = os.date("!%Y-%m-%d", last_epoch - back * 86400)
    return wrk.format("PUT", "/api/v1/habits/" .. habit .. "/days/" .. day, nil, '{"value":' .. value .. '}')
end

function response(status, headers, body)
    if status >= 200 and status < 300 then acked = acked + 1 end
end

function done(summary, latency, requests)
    local total = 0
    for _, thread in ipairs(threads) do total = total + thread:get("acked") end
    io.write(string.format("acked %d\n", total))
end
