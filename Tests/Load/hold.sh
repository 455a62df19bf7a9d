#!/usr/bin/env bash
# Idle and slow connections against a normal client: starts habits-server
# (as run.sh does), opens COUNT attacking connections on 127.0.0.1 with
# hold-connections.py, and once they are all in place measures a normal
# client with wrk (GET habits list, 4 connections, 1 thread) for SECONDS.
# Every request must be answered (wrk counts non-2xx answers as errors).
#
#   Tests/Load/hold.sh idle      [COUNT, default 10000] [SECONDS, default 30]
#   Tests/Load/hold.sh slowloris [COUNT, default 1000]  [SECONDS, default 30]
#
# Environment: SCRATCH, SERVER_FLAGS (as for run.sh), INTERVAL (seconds
# between a slowloris connection's bytes, default 3).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-}
case "$mode" in
idle) default_count=10000 ;;
slowloris) default_count=1000 ;;
*)
    echo "usage: $0 idle|slowloris [COUNT] [SECONDS]" >&2
    exit 2
    ;;
esac
holding=${2:-$default_count}
duration=${3:-30}
scratch=${SCRATCH:-$root/.build}
command -v python3 >/dev/null || { echo "hold: python3 is needed" >&2; exit 1; }

# shellcheck source=Tests/Load/serve.sh
. "$root/Tests/Load/serve.sh"

hold_pid=""
stop_hold() {
    [ -n "$hold_pid" ] && kill "$hold_pid" 2>/dev/null && wait "$hold_pid" 2>/dev/null
    cleanup
}
trap stop_hold EXIT

# The attacker outlives the measurement by its set-up time at most (bounded: 120 s).
mkfifo "$work/hold"
python3 "$root/Tests/Load/hold-connections.py" "$port" "$mode" "$holding" $((duration + 120)) \
    "${INTERVAL:-3}" >"$work/hold" &
hold_pid=$!
exec 4<"$work/hold"
started=$(date +%s)
ready=""
while read -r -t 120 line <&4; do
    case "$line" in
    "hold: ready")
        ready=yes
        break
        ;;
    esac
done
[ -n "$ready" ] || { echo "hold: the connections were not all in place within 120 s" >&2; exit 1; }
# Keep draining the attacker's output so it never blocks on a full pipe.
cat <&4 >"$work/hold.txt" &
cat_pid=$!
status() { awk '/^(VmRSS|Threads)/ { printf "%s %s %s  ", $1, $2, $3 }' "/proc/$server_pid/status"; }
echo "load: $holding $mode connections in place after $(($(date +%s) - started)) s; server: $(status)"
open_sockets=$(find "/proc/$server_pid/fd" -lname 'socket:*' 2>/dev/null | wc -l)
echo "load: the server holds $open_sockets sockets"

echo
echo "== GET habits list with $holding $mode connections held, ${duration}s, 4 connections, 1 thread"
wrk -t1 -c4 -d"${duration}s" --latency -s "$root/Tests/Load/get-habits.lua" -H "$auth" "$list_url"
echo "load: server after the run: $(status)"
kill "$hold_pid"
wait "$hold_pid" 2>/dev/null || true
hold_pid=""
wait "$cat_pid" # The pipe ends when the attacker exits, after its closing line.
grep -v '^hold: [0-9]* held$' "$work/hold.txt" || true
