#!/usr/bin/env bash
# The history route's latency with ten years of a daily habit (issue 40:
# under 50 ms on loopback): a release habits-server on 127.0.0.1 with its
# own SQLite database, one account with one daily habit started 3,652 days
# ago and an entry on every day since (done most days, some short, skipped
# or missed), and wrk on one connection asking for all ten years:
# GET /api/me/habits/{id}/history/?from=START&to=TODAY&today=TODAY.
#
#   Tests/Load/history-bench.sh [seconds per run, default 10] [rounds, default 3]
#
# Prints each round's median and 99th percentile (wrk --latency, one
# connection, so each request waits for the one before and the figures are
# a request's own time) and the medians of both over the rounds. The
# answer is checked first: 3,653 periods, the weeks and months, the range
# asked for.
#
# Environment: SCRATCH (build directory, default .build), HABITS_SERVER (a
# built binary to use instead of building one), CONNECTIONS (default 1).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-10}
rounds=${2:-3}
connections=${CONNECTIONS:-1}
scratch=${SCRATCH:-$root/.build}

for tool in wrk curl sqlite3 python3; do
    command -v "$tool" >/dev/null || { echo "history-bench: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done

work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${HABITS_SERVER:-}" ]; then
    binary=$HABITS_SERVER
else
    echo "history-bench: building habits-server (release)"
    swift build -c release --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
    binary="$scratch/release/habits-server"
fi

start_date=$(date -u -d '-3652 days' +%F)
today=$(date -u +%F)
json='Content-Type: application/json'

mkfifo "$work/stdout"
"$binary" --port 0 --database "$work/habits.sqlite3" --outbox "$work/outbox" \
    --access-ttl 86400 --log-level warning >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
exec 3<"$work/stdout"
read -r -t 60 port <&3 || { echo "history-bench: habits-server did not start" >&2; cat "$work/stderr" >&2; exit 1; }
base="http://127.0.0.1:$port/api"

curl -sf -H "$json" -d '{"email": "load@example.com"}' "$base/auth/email/" >/dev/null
code=$(grep -h '^Your habits sign-in code: ' "$work"/outbox/*.eml | tail -n 1 | sed 's/.*: //')
token=$(curl -sf -H "$json" -d "{\"email\": \"load@example.com\", \"code\": \"$code\"}" \
    "$base/auth/token/" | sed -E 's/.*"access":"([^"]+)".*/\1/')
auth="Authorization: Bearer $token"
id=$(curl -sf -H "$json" -H "$auth" "$base/me/habits/" -d "{\"name\": \"Read\",
    \"frequency\": \"DAILY\", \"measurement_type\": \"pages\", \"start_date\": \"$start_date\",
    \"action_days\": [1,2,3,4,5,6,7], \"target_value\": 2}" | sed -E 's/.*"id":([0-9]+).*/\1/')

# Ten years of entries in one transaction through sqlite3, the server's own
# file and schema, as kinds-bench.sh seeds them: done (2 or 3), short (1),
# skipped, or missed.
sqlite3 "$work/habits.sqlite3" "
    WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3652)
    INSERT OR REPLACE INTO progress (habit_id, date, value, skipped, owner_id)
    SELECT h.id, date('$start_date', '+' || n || ' days'),
        CASE WHEN n % 19 = 0 THEN 0 WHEN n % 7 = 0 THEN 1 WHEN n % 3 = 0 THEN 3 ELSE 2 END,
        CASE WHEN n % 23 = 0 THEN 1 ELSE 0 END, h.owner_id
    FROM d, habits h WHERE h.id = $id;"
# The gap days (n % 19 = 0 with value 0) are removed, so they are missed.
sqlite3 "$work/habits.sqlite3" "DELETE FROM progress WHERE value = 0 AND skipped = 0;"

url="$base/me/habits/$id/history/?from=$start_date&to=$today&today=$today"
curl -sf -H "$auth" "$url" >"$work/answer.json"
python3 - "$work/answer.json" "$start_date" "$today" <<'EOF'
import json, sys
answer, start, today = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
periods, weeks, months = answer["periods"], answer["totals"]["weeks"], answer["totals"]["months"]
problems = []
if (answer["from"], answer["to"], answer["today"]) != (start, today, today):
    problems.append(f"range {answer['from']}..{answer['to']} as of {answer['today']}")
if len(periods) != 3653:
    problems.append(f"{len(periods)} periods, not 3,653")
if not 520 <= len(weeks) <= 523 or not 120 <= len(months) <= 122:
    problems.append(f"{len(weeks)} weeks, {len(months)} months")
if not answer["streaks"]:
    problems.append("no streaks")
if problems:
    sys.exit("history-bench: " + "; ".join(problems))
states = {}
for period in periods:
    states[period["state"]] = states.get(period["state"], 0) + 1
print(f"history-bench: {len(periods)} periods {states}, {len(answer['streaks'])} streaks,"
      f" {len(weeks)} weeks, {len(months)} months")
EOF
echo "history-bench: answer $(wc -c <"$work/answer.json") bytes; wrk -t1 -c$connections -d${duration}s, $rounds rounds"

# wrk's latency figure in milliseconds ("850.00us", "12.34ms", "1.02s").
milliseconds() {
    awk -v figure="$1" 'BEGIN {
        if (figure ~ /us$/) { sub(/us$/, "", figure); printf "%.2f", figure / 1000 }
        else if (figure ~ /ms$/) { sub(/ms$/, "", figure); printf "%.2f", figure }
        else if (figure ~ /s$/) { sub(/s$/, "", figure); printf "%.2f", figure * 1000 }
        else { print "?" }
    }'
}

medians=""
p99s=""
for round in $(seq 1 "$rounds"); do
    output=$(wrk -t1 -c"$connections" -d"${duration}s" --latency -H "$auth" "$url")
    median=$(milliseconds "$(echo "$output" | awk '$1 == "50%" { print $2 }')")
    p99=$(milliseconds "$(echo "$output" | awk '$1 == "99%" { print $2 }')")
    requests=$(echo "$output" | awk '/requests in/ { print $1 }')
    errors=$(echo "$output" | grep -E 'Non-2xx|Socket errors' || true)
    [ -z "$errors" ] || { echo "history-bench: $errors" >&2; exit 1; }
    echo "round $round  median $median ms  p99 $p99 ms  ($requests requests)"
    medians="$medians $median"
    p99s="$p99s $p99"
done

median_of() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo
echo "history-bench: ten years of a daily habit: median $(echo "$medians" | median_of) ms," \
    "p99 $(echo "$p99s" | median_of) ms (medians of $rounds rounds; target < 50 ms)"
