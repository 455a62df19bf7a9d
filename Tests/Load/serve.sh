# Sourced by the load scripts (needs root, scratch): installs wrk when
# missing, builds the release habits-server, starts it on a free port with a
# temporary database (extra flags in SERVER_FLAGS; SERVER_BINARY runs another
# build instead), signs in through the
# outbox and creates 15 habits with 8 days of progress each. Sets port, base,
# token, auth, ids, list_url, server_pid and work; stops the server and
# removes the temporary files on exit.

if ! command -v wrk >/dev/null 2>&1; then
    echo "load: installing wrk"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
for tool in curl sed grep; do
    command -v "$tool" >/dev/null || { echo "load: $tool is needed" >&2; exit 1; }
done

if [ -n "${SERVER_BINARY:-}" ]; then
    binary=$SERVER_BINARY # Another build, to compare with (it must take the flags used here).
else
    echo "load: building habits-server (release)"
    swift build -c release --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
    binary="$scratch/release/habits-server"
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The server prints its port as the first line on stdout: read it from a pipe,
# which also ends the wait at once (end of file) if the server exits first.
mkfifo "$work/stdout"
# shellcheck disable=SC2086 # SERVER_FLAGS is a list of words.
"$binary" --port 0 --database "$work/habits.sqlite3" --outbox "$work/outbox" \
    --access-ttl 86400 --log-level "${LOG_LEVEL:-warning}" ${SERVER_FLAGS:-} \
    >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
exec 3<"$work/stdout"
read -r -t 60 port <&3 || { echo "load: habits-server did not start" >&2; cat "$work/stderr" >&2; exit 1; }
base="http://127.0.0.1:$port/api"
echo "load: habits-server pid $server_pid on port $port"

json='Content-Type: application/json'
curl -sf -H "$json" -d '{"email": "load@example.com"}' "$base/auth/email/" >/dev/null
code=$(grep -h '^Your habits sign-in code: ' "$work"/outbox/*.eml | tail -n 1 | sed 's/.*: //')
tokens=$(curl -sf -H "$json" -d "{\"email\": \"load@example.com\", \"code\": \"$code\"}" \
    "$base/auth/token/")
token=$(echo "$tokens" | sed -E 's/.*"access":"([^"]+)".*/\1/')
auth="Authorization: Bearer $token"

ids=()
for index in $(seq 1 15); do
    if [ $((index % 3)) -eq 0 ]; then frequency=WEEKLY; else frequency=DAILY; fi
    habit=$(curl -sf -H "$json" -H "$auth" "$base/me/habits/" -d "{\"name\": \"Habit $index\",
        \"frequency\": \"$frequency\", \"measurement_type\": \"times\",
        \"start_date\": \"2026-11-01\", \"action_days\": [1,2,3,4,5,6,7], \"target_value\": 3}")
    ids+=("$(echo "$habit" | sed -E 's/.*"id":([0-9]+).*/\1/')")
done
for id in "${ids[@]}"; do
    for day in 23 24 25 26 27 28 29 30; do
        curl -sf -X PUT -H "$json" -H "$auth" -d "{\"value\": $((day % 4))}" \
            "$base/me/habits/$id/progress/2026-11-$day/" >/dev/null
    done
done
echo "load: 15 habits with 8 days of progress each"

list_url="$base/me/habits/?date=2026-11-30&today=2026-11-30"
answer=$(curl -sf -H "$auth" "$list_url")
count=$(echo "$answer" | grep -o '"completion_data"' | wc -l)
[ "$count" -eq 15 ] || { echo "load: expected 15 habits with completion data, got $count" >&2; exit 1; }

