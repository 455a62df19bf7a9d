#!/usr/bin/env bash
# Instructions per request of habits-server, counted by callgrind: steadier
# than requests per second on a machine shared with other work. Starts the
# server under valgrind with instrumentation off, sets up the load data (serve.sh),
# then counts only while wrk sends requests, for each of the two routes.
#
#   Tests/Load/instructions.sh [seconds per run, default 10]
#
# Environment: as run.sh (SERVER_BINARY, SERVER_FLAGS, SCRATCH); CONNECTIONS
# defaults to 8 here (valgrind runs the server some fifty times slower);
# KEEP_PROFILE=1 keeps the callgrind files, for callgrind_annotate.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-10}
connections=${CONNECTIONS:-8}
scratch=${SCRATCH:-$root/.build}
command -v valgrind >/dev/null || { echo "load: valgrind is needed" >&2; exit 1; }

if [ -z "${SERVER_BINARY:-}" ]; then
    swift build -c release --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
    SERVER_BINARY="$scratch/release/habits-server"
fi
profile=$(mktemp -d)
wrapper="$profile/habits-server"
cat >"$wrapper" <<WRAPPER
#!/usr/bin/env bash
exec valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$profile/callgrind.out" \
    "$SERVER_BINARY" "\$@"
WRAPPER
chmod +x "$wrapper"
# shellcheck source=Tests/Load/serve.sh
SERVER_BINARY="$wrapper" . "$root/Tests/Load/serve.sh"

count() {
    local name=$1
    shift
    callgrind_control -z "$server_pid" >/dev/null
    callgrind_control -i on "$server_pid" >/dev/null
    local output
    output=$("$@")
    callgrind_control -i off "$server_pid" >/dev/null
    local requests
    requests=$(echo "$output" | awk '/requests in/ { print $1 }')
    callgrind_control -d "$name" "$server_pid" >/dev/null
    local total
    callgrind_annotate "$(ls -t "$profile"/callgrind.out.* | head -n 1)" >"$profile/$name.txt"
    total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$profile/$name.txt")
    echo "== $name: $requests requests, $total instructions, $((total / requests)) per request"
}

count get-list wrk -t1 -c"$connections" -d"${duration}s" -H "$auth" "$list_url"
count put-progress env HABIT_IDS="${ids[*]}" TOKEN="$token" \
    wrk -t1 -c"$connections" -d"${duration}s" -s "$root/Tests/Load/put-progress.lua" "$base"
if [ -n "${KEEP_PROFILE:-}" ]; then echo "profiles in $profile"; else rm -rf "$profile"; fi
