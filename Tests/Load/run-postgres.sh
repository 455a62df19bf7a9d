#!/usr/bin/env bash
# Load test of habits-server on PostgreSQL: one server process, then two on
# the same database. Starts a PostgreSQL cluster of its own in a temporary
# directory (initdb and pg_ctl from Debian's postgresql package, as nobody
# when run as root), builds the release habits-server, signs in, creates 15
# habits with some progress, then measures with wrk, as Tests/Load/run.sh does
# for SQLite:
#   1. GET /api/me/habits/?date=…&today=…   (64 connections, 2 threads)
#   2. PUT /api/me/habits/{id}/progress/{date}/ (same, dates varying)
# With two servers the 64 connections are split: one wrk of 32 connections
# per server, run at the same time; requests/s are summed, latencies are per
# server.
#
#   Tests/Load/run-postgres.sh [seconds per run, default 30]
#
# Environment: SCRATCH (build directory, default .build), CONNECTIONS (64),
# THREADS (2, per wrk), POOL (--database-pool, default 8), SERVERS ("1 2"),
# YEARS (years of history before the 8 days, default 0), CHECKPOINTS (off
# to keep no history checkpoints, for comparison).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-30}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}
pool=${POOL:-8}
scratch=${SCRATCH:-$root/.build}

for tool in wrk curl sed grep psql; do
    command -v "$tool" >/dev/null || { echo "load: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || bin=$(dirname "$(command -v initdb)")
[ -x "$bin/initdb" ] || { echo "load: PostgreSQL is needed (apt-get install postgresql)" >&2; exit 1; }

echo "load: building habits-server (release)"
swift build -c release --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
binary="$scratch/release/habits-server"

work=$(mktemp -d)
chmod 755 "$work"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    chown nobody "$work"
    as_owner=(runuser -u nobody --)
fi
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    "${as_owner[@]}" "$bin/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "secret-$$" >"$work/pwfile"
chmod 644 "$work/pwfile"
"${as_owner[@]}" "$bin/initdb" -D "$work/data" -U habits --pwfile="$work/pwfile" -A scram-sha-256 \
    --no-locale -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$work/data" -l "$work/postgres.log" -w start \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work" >/dev/null
export HABITS_DATABASE_URL="postgres://habits:secret-$$@127.0.0.1:$port/postgres"
export HABITS_SECRET="load-secret-$$"
echo "load: PostgreSQL $("$bin/postgres" --version | awk "{print \$3}") on port $port (default settings)"

# Starts a server on the database; its port goes in $server_port.
start_server() {
    local name=$1
    mkfifo "$work/$name.stdout"
    "$binary" --port 0 --outbox "$work/outbox" --database-pool "$pool" --access-ttl 86400 \
        --log-level warning >"$work/$name.stdout" 2>"$work/$name.stderr" &
    pids+=($!)
    exec {fd}<"$work/$name.stdout"
    read -r -t 60 server_port <&"$fd" || {
        echo "load: habits-server did not start" >&2; cat "$work/$name.stderr" >&2; exit 1; }
}

start_server first
ports=("$server_port")
base="http://127.0.0.1:${ports[0]}/api"

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
list="/api/me/habits/?date=2026-11-30&today=2026-11-30"
count=$(curl -sf -H "$auth" "http://127.0.0.1:${ports[0]}$list" | grep -o '"completion_data"' | wc -l)
[ "$count" -eq 15 ] || { echo "load: expected 15 habits with completion data, got $count" >&2; exit 1; }
echo "load: 15 habits with 8 days of progress each"

# YEARS=N: N years of daily entries before those days, the habits starting
# with them, so that the list's cost with a long history shows.
# CHECKPOINTS=off: as before PostgreSQL schema 4, a trigger drops every
# history checkpoint save, so each list reads every habit's whole history,
# and entry writes leave the habits' generations alone.
years=${YEARS:-0}
if [ "$years" -gt 0 ]; then
    first="date '2026-11-23' - $((364 * years))"
    psql -q -v ON_ERROR_STOP=1 "$HABITS_DATABASE_URL" -c "
        UPDATE habits SET start_date = $first;
        INSERT INTO progress (habit_id, date, value, skipped)
        SELECT h.id, d::date, (h.id + (d::date - $first)) % 4, false
        FROM habits h, generate_series($first, date '2026-11-22', interval '1 day') AS d;"
    echo "load: and $years years of daily entries before them"
fi
if [ "${CHECKPOINTS:-on}" = off ]; then
    psql -q -v ON_ERROR_STOP=1 "$HABITS_DATABASE_URL" -c "
        CREATE FUNCTION keep_no_checkpoint() RETURNS trigger LANGUAGE plpgsql
            AS \$\$ BEGIN RETURN NULL; END \$\$;
        CREATE TRIGGER keep_no_checkpoint BEFORE INSERT OR UPDATE ON history_checkpoints
            FOR EACH ROW EXECUTE FUNCTION keep_no_checkpoint();
        DELETE FROM history_checkpoints;
        ALTER TABLE progress DISABLE TRIGGER progress_changed;"
    echo "load: no history checkpoints kept"
fi

# Runs one wrk per server at once, the connections split between them.
measure() {
    local title=$1 script=$2 path=$3
    local headers=()
    # The PUT script sets its own headers.
    [ "$script" = get-habits.lua ] && headers=(-H "$auth")
    local per=$((connections / ${#ports[@]}))
    echo
    echo "== $title, ${duration}s, ${#ports[@]} server(s), $per connections each, $threads threads each"
    local outputs=()
    for index in "${!ports[@]}"; do
        HABIT_IDS="${ids[*]}" TOKEN="$token" wrk -t"$threads" -c"$per" -d"${duration}s" --latency \
            -s "$root/Tests/Load/$script" "${headers[@]}" "http://127.0.0.1:${ports[$index]}$path" \
            >"$work/wrk-$index.txt" &
        outputs+=($!)
    done
    wait "${outputs[@]}"
    local total=0
    for index in "${!ports[@]}"; do
        echo "-- server $((index + 1)) (port ${ports[$index]})"
        cat "$work/wrk-$index.txt"
        rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$work/wrk-$index.txt")
        total=$(python3 -c "print(round($total + ${rate:-0}))")
    done
    echo "== $title: $total requests/s in all"
}

for servers in ${SERVERS:-1 2}; do
    while [ "${#ports[@]}" -lt "$servers" ]; do
        start_server "server${#ports[@]}"
        ports+=("$server_port")
    done
    measure "GET habits list" get-habits.lua "$list"
    measure "PUT progress" put-progress.lua "/api"
done
