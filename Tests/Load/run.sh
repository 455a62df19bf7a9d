#!/usr/bin/env bash
# Load test of habits-server with wrk (installed from Debian's packages when
# missing). Builds the release binary, starts it on a free port with a
# temporary database, signs in through the outbox, creates 15 habits with some
# progress, then measures:
#   1. GET /api/me/habits/?date=…&today=…   (64 connections, 2 threads)
#   2. PUT /api/me/habits/{id}/progress/{date}/ (same, dates varying)
#   3. the GET again for a longer run, sampling the server's RSS
#
#   Tests/Load/run.sh [seconds per run, default 30] [memory run seconds, default 60]
#
# A memory run of 0 seconds skips it.
#
# Environment: SCRATCH (build directory, default .build), CONNECTIONS (64),
# THREADS (2), LOG_LEVEL (server --log-level, default warning: per-request
# lines at info cost a write(2) each), SERVER_FLAGS (more habits-server flags,
# e.g. "--responder-threads 0"), SERVER_BINARY (a habits-server to run instead
# of building this one, to compare builds).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-30}
memory_duration=${2:-60}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}
scratch=${SCRATCH:-$root/.build}

# shellcheck source=Tests/Load/serve.sh
. "$root/Tests/Load/serve.sh"

rss() { awk '/^VmRSS/ { print $2 " kB" }' "/proc/$server_pid/status"; }

echo
echo "== GET habits list, ${duration}s, $connections connections, $threads threads (RSS before: $(rss))"
wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$root/Tests/Load/get-habits.lua" \
    -H "$auth" "$list_url"

echo
echo "== PUT progress, ${duration}s, $connections connections, $threads threads"
HABIT_IDS="${ids[*]}" TOKEN="$token" wrk -t"$threads" -c"$connections" -d"${duration}s" --latency \
    -s "$root/Tests/Load/put-progress.lua" "$base"

[ "$memory_duration" -gt 0 ] || exit 0
echo
echo "== GET habits list for ${memory_duration}s, RSS every 5 s"
wrk -t"$threads" -c"$connections" -d"${memory_duration}s" --latency \
    -s "$root/Tests/Load/get-habits.lua" -H "$auth" "$list_url" >"$work/memory-run.txt" &
wrk_pid=$!
samples=()
# A sampling interval, not a wait for an event: memory is read every 5 s of load.
while kill -0 "$wrk_pid" 2>/dev/null; do
    samples+=("$(rss)")
    sleep 5
done
wait "$wrk_pid"
cat "$work/memory-run.txt"
echo "RSS samples: ${samples[*]}"
echo "RSS after: $(rss)"
