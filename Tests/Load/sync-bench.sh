#!/usr/bin/env bash
# Server mode with a replica against local mode, with hyperfine, over
# loopback: `habits list` when nothing changed (one small feed request) next
# to local mode's `list` on the same data, and the first sync of 15 habits x
# 10 years (about 55,000 entries) into an empty replica. Then the bytes
# exchanged (both ways, HTTP heads included), counted by count-bytes.py
# between a device and the server: a `list` when nothing changed, and a
# sync that brings one change. The figures and the date they were measured
# go in sync-bench.md beside this script.
#
#   Tests/Load/sync-bench.sh [RUNS]     # default 30 runs per command
#   SYNC_BENCH_BIN=DIR Tests/Load/sync-bench.sh   # release binaries built already
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }

if [ -n "${SYNC_BENCH_BIN:-}" ]; then
    bin=$SYNC_BENCH_BIN
else
    swift build -c release --product habits >/dev/null
    swift build -c release --product habits-server >/dev/null
    bin="$(swift build -c release --show-bin-path)"
fi
habits="$bin/habits"

work=$(mktemp -d)
server_pid=""
meter_pid=""
trap '[ -n "$meter_pid" ] && kill "$meter_pid" 2>/dev/null; [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
start=$(date -d '-3652 days' +%F)

# use NAME: a fresh HOME for one device (or local mode).
use() {
    export HOME="$work/$1/home" XDG_DATA_HOME="$work/$1/data" \
        XDG_CONFIG_HOME="$work/$1/config" XDG_CACHE_HOME="$work/$1/cache"
    unset HABITS_SERVER
    mkdir -p "$HOME"
}

# Local mode: 15 habits, ten years of entries through sqlite3, exported.
use local
for i in $(seq 1 15); do
    "$habits" add "Habit $i" --daily --unit times --target 2 --days daily --start "$start" >/dev/null
done
sqlite3 "$XDG_DATA_HOME/habits/habits.sqlite3" "
    WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3652)
    INSERT OR REPLACE INTO progress (habit_id, date, value, skipped)
    SELECT h.id, date('$start', '+' || n || ' days'),
        CASE WHEN (n + h.id) % 19 = 0 THEN '0' WHEN (n + h.id) % 7 = 0 THEN '1' ELSE '2' END, 0
    FROM d, habits h;"
"$habits" list >/dev/null
"$habits" export --output "$work/export.json"

# The server, on a file database, and the same data imported through the API.
mkdir -p "$work/server"
"$bin/habits-server" --port 0 --database "$work/server/habits.sqlite3" \
    --outbox "$work/server/outbox" --code-requests-per-client-hour 0 >"$work/server/port" 2>"$work/server/log" &
server_pid=$!
for _ in $(seq 1 100); do [ -s "$work/server/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(head -1 "$work/server/port")/api/"

# sign_in NAME: a device signed in to the server.
sign_in() {
    use "$1"
    "$habits" config set server "$url" >/dev/null
    "$habits" auth email bench@example.com >/dev/null
    code=$(grep -rh "Your habits sign-in code: " "$work/server/outbox" | tail -1 | sed 's/.*: //')
    "$habits" verify "$code" >/dev/null
}
sign_in writer
"$habits" import habits "$work/export.json" >/dev/null
# A second device of the same account: the session copied (a second code
# for one address would wait for the resend limit).
use reader
mkdir -p "$XDG_CONFIG_HOME"
cp -a "$work/writer/config/habits" "$XDG_CONFIG_HOME/habits"
"$habits" sync >/dev/null

echo "habits list, nothing changed: server mode with a replica vs local mode"
use local
local_home=$HOME
use reader
hyperfine -N --warmup 3 --runs "$runs" \
    "env HOME=$local_home XDG_DATA_HOME=$work/local/data XDG_CONFIG_HOME=$work/local/config XDG_CACHE_HOME=$work/local/cache $habits list" \
    "$habits list"

echo "first sync of 15 habits x 10 years into an empty replica"
hyperfine -N --runs 5 --prepare "sh -c 'rm -f $XDG_DATA_HOME/habits/replica-*'" "$habits sync"
"$habits" sync
sqlite3 "$XDG_DATA_HOME"/habits/replica-*.sqlite3 "SELECT count(*) || ' entries in the replica' FROM progress"

echo "bytes exchanged (count-bytes.py between a third device and the server)"
exec 3< <(python3 Tests/Load/count-bytes.py "$(head -1 "$work/server/port")")
meter_pid=$!
read -r meter_port <&3
# meter_bytes: the counts since the last call.
meter_bytes() {
    kill -USR1 "$meter_pid"
    read -r line <&3
    echo "$line"
}
use meter
mkdir -p "$XDG_CONFIG_HOME"
cp -a "$work/writer/config/habits" "$XDG_CONFIG_HOME/habits"
python3 - "$XDG_CONFIG_HOME/habits" "$url" "http://127.0.0.1:$meter_port/api/" <<'PY'
import json, os, sys
directory, old, new = sys.argv[1:]
for name in ("credentials.json", "config.json"):
    path = os.path.join(directory, name)
    if os.path.exists(path):
        text = open(path).read().replace(old.replace("/", "\\/"), new).replace(old, new)
        open(path, "w").write(text)
PY
"$habits" sync >/dev/null
echo "  first sync: $(meter_bytes)"
"$habits" list >/dev/null
echo "  list, nothing changed: $(meter_bytes)"
use writer
"$habits" set "Habit 1" 5 >/dev/null
use meter
"$habits" sync >/dev/null
echo "  sync bringing one change: $(meter_bytes)"
