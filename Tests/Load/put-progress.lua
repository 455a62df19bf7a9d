-- wrk script: PUT progress, cycling over the habits and over a year of dates,
-- so every request writes (replaces) a real entry.
--   HABIT_IDS="1 2 3" TOKEN=... wrk -s put-progress.lua http://127.0.0.1:PORT
local ids = {}
for id in string.gmatch(os.getenv("HABIT_IDS") or "1", "%d+") do
    ids[#ids + 1] = id
end
local token = os.getenv("TOKEN") or ""
local counter = 0
-- 2026-01-01T00:00:00Z
local first_day = 1767225600

-- Each wrk thread runs its own copy of this script; a per-thread offset keeps
-- the threads on different (habit, date) pairs most of the time.
function setup(thread)
    counter = counter + 1
    thread:set("offset", counter * 7919)
end

function init(args)
    counter = offset or 0
end

function request()
    counter = counter + 1
    local id = ids[(counter % #ids) + 1]
    local date = os.date("!%Y-%m-%d", first_day + (counter % 365) * 86400)
    local body = string.format('{"value": %d.%d, "skipped": false}', counter % 50, counter % 10)
    return wrk.format("PUT", "/api/me/habits/" .. id .. "/progress/" .. date .. "/", {
        ["Authorization"] = "Bearer " .. token,
        ["Content-Type"] = "application/json",
    }, body)
end

function done(summary, latency, requests)
    io.write(string.format(
        "non-2xx or socket errors: %d status, %d connect, %d read, %d write, %d timeout\n",
        summary.errors.status, summary.errors.connect, summary.errors.read,
        summary.errors.write, summary.errors.timeout))
end
