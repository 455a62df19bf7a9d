#!/usr/bin/env bash
# What a server-mode `habits show` asks the server for, with ten years of a
# daily habit's history (3,653 entries): before the habit route answered
# stats, the client fetched the whole history from the start; now it fetches
# the habit with its stats and the days of the months drawn. Prints the
# bytes each way and times both with hyperfine (curl, loopback).
#
#   Tests/Load/show-server.sh [RUNS]      # default 200
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-200}
scratch=${SCRATCH:-$root/.build}
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
# shellcheck source=Tests/Load/serve.sh
. "$root/Tests/Load/serve.sh"

# The first of serve.sh's habits (the account is at its active limit),
# daily, its start moved ten years back.
id=${ids[0]}
curl -sf -X PATCH -H "$json" -H "$auth" -d '{"start_date": "2016-12-01"}' \
    "$base/me/habits/$id/" >/dev/null
# Mostly done, every eleventh day missed, every 23rd skipped; in batches of 1,000.
python3 - "$base" "$token" "$id" <<'PY'
import datetime, json, sys, urllib.request
base, token, habit = sys.argv[1:]
start, end = datetime.date(2016, 12, 1), datetime.date(2026, 12, 1)
entries = []
for offset in range((end - start).days + 1):
    day = start + datetime.timedelta(days=offset)
    value = 0 if offset % 11 == 5 else (3 if offset % 5 else 2)
    entries.append({"date": day.isoformat(), "value": value, "skipped": offset % 23 == 7})
for first in range(0, len(entries), 1000):
    request = urllib.request.Request(
        f"{base}/me/habits/{habit}/progress/", method="PUT",
        data=json.dumps({"entries": entries[first:first + 1000]}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    urllib.request.urlopen(request).read()
print(f"load: {len(entries)} entries")
PY

whole="$base/me/habits/$id/progress/?from=2016-12-01&to=2026-12-06"
stats="$base/me/habits/$id/?today=2026-12-02"
month="$base/me/habits/$id/progress/?from=2026-11-30&to=2026-12-06"
echo "load: the whole history: $(curl -sf -H "$auth" "$whole" | wc -c) bytes"
echo "load: the habit with stats and the shown days:" \
    "$(( $(curl -sf -H "$auth" "$stats" | wc -c) + $(curl -sf -H "$auth" "$month" | wc -c) )) bytes"
# The token stays out of the output: hyperfine names the commands.
hyperfine -N -w 5 -r "$runs" --style basic \
    -n "whole history" "curl -sf -H '$auth' '$whole'" \
    -n "stats + shown days" "curl -sf -H '$auth' '$stats' '$month'" 2>&1 |
    grep -E 'Benchmark|Time|faster|±'
