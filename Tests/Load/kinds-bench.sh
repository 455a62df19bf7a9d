#!/usr/bin/env bash
# The habit list's throughput with every kind of period, side by side with
# the first model's (issue 38): two release servers run at once, each with
# its own SQLite database and one account of 15 habits with ten years of
# entries, and wrk measures GET /api/me/habits/ on each in turn.
#   base: a build from before the second model (BASE_COMMIT, default edb2aaa,
#         or BASE_SERVER, a habits-server binary) with the load scripts' mix:
#         every third habit weekly, the others daily.
#   kinds: this build with a mix of every kind: daily, weekly, monthly,
#         every 3 days, every 10 days, and at-most habits among them.
#
#   Tests/Load/kinds-bench.sh [seconds per run, default 10] [rounds, default 3]
#
# Runs alternate (base, kinds, base, kinds, …) so both see the same machine;
# the medians of the requests per second are compared at the end.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${1:-10}
rounds=${2:-3}
connections=${CONNECTIONS:-64}
threads=${THREADS:-2}
scratch=${SCRATCH:-$root/.build}

for tool in wrk curl sqlite3 git; do
    command -v "$tool" >/dev/null || { echo "kinds-bench: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    [ -d "$work/base-source" ] && git -C "$root" worktree remove --force "$work/base-source" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

echo "kinds-bench: building this habits-server (release)"
swift build -c release --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
kinds_binary="$scratch/release/habits-server"
if [ -n "${BASE_SERVER:-}" ]; then
    base_binary=$BASE_SERVER
else
    commit=${BASE_COMMIT:-edb2aaa}
    echo "kinds-bench: building habits-server at $commit (release)"
    git -C "$root" worktree add -q --detach "$work/base-source" "$commit"
    (cd "$work/base-source" && swift build -c release --product habits-server 2>&1 | tail -n 1)
    base_binary="$work/base-source/.build/release/habits-server"
fi

start_date=$(date -d '-3652 days' +%F)
today=$(date +%F)
json='Content-Type: application/json'

# start NAME BINARY: starts a server on a free port; sets url_NAME and auth_NAME.
start() {
    local name=$1 binary=$2 dir="$work/$1"
    mkdir -p "$dir"
    mkfifo "$dir/stdout"
    "$binary" --port 0 --database "$dir/habits.sqlite3" --outbox "$dir/outbox" \
        --access-ttl 86400 --log-level warning >"$dir/stdout" 2>"$dir/stderr" &
    pids+=($!)
    local port
    exec {fd}<"$dir/stdout"
    read -r -t 60 port <&"$fd" || { echo "kinds-bench: $name did not start" >&2; cat "$dir/stderr" >&2; exit 1; }
    local base="http://127.0.0.1:$port/api"
    curl -sf -H "$json" -d '{"email": "load@example.com"}' "$base/auth/email/" >/dev/null
    local code
    code=$(grep -h '^Your habits sign-in code: ' "$dir"/outbox/*.eml | tail -n 1 | sed 's/.*: //')
    local token
    token=$(curl -sf -H "$json" -d "{\"email\": \"load@example.com\", \"code\": \"$code\"}" \
        "$base/auth/token/" | sed -E 's/.*"access":"([^"]+)".*/\1/')
    printf -v "url_$name" '%s' "$base"
    printf -v "auth_$name" '%s' "Authorization: Bearer $token"
}

# habit NAME BODY-FIELDS: creates a habit on server NAME.
habit() {
    local base auth
    base=$(eval echo "\$url_$1")
    auth=$(eval echo "\$auth_$1")
    curl -sf -H "$json" -H "$auth" "$base/me/habits/" -d "{\"measurement_type\": \"times\",
        \"start_date\": \"$start_date\", \"action_days\": [1,2,3,4,5,6,7], $2}" >/dev/null
}

# seed NAME: ten years of entries for every habit of server NAME, in one
# transaction through sqlite3 (the server's own file and schema), as
# seed-history.sh does for the command line; then a first list makes the
# checkpoints before anything is measured.
seed() {
    sqlite3 "$work/$1/habits.sqlite3" "
        WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3652)
        INSERT OR REPLACE INTO progress (habit_id, date, value, skipped, owner_id)
        SELECT h.id, date('$start_date', '+' || n || ' days'),
            CASE WHEN (n + h.id) % 19 = 0 THEN 0 WHEN (n + h.id) % 7 = 0 THEN 1 ELSE 2 END, 0,
            h.owner_id
        FROM d, habits h;"
    local base auth
    base=$(eval echo "\$url_$1")
    auth=$(eval echo "\$auth_$1")
    local count
    count=$(curl -sf -H "$auth" "$base/me/habits/?date=$today&today=$today" \
        | { grep -o '"completion_data"' || true; } | wc -l)
    [ "$count" -eq 15 ] || { echo "kinds-bench: $1 lists $count habits, not 15" >&2; exit 1; }
}

start base "$base_binary"
start kinds "$kinds_binary"
for i in $(seq 1 15); do
    if [ $((i % 3)) -eq 0 ]; then frequency=WEEKLY; else frequency=DAILY; fi
    habit base "\"name\": \"Habit $i\", \"frequency\": \"$frequency\", \"target_value\": 3"
done
for i in $(seq 1 15); do
    case $((i % 5)) in
    0) kind='"frequency": "DAILY", "target_value": 2' ;;
    1) kind='"frequency": "WEEKLY", "target_value": 10' ;;
    2) kind='"frequency": "MONTHLY", "target_value": 40' ;;
    3) kind='"frequency": "EVERY_N_DAYS", "period_days": 3, "target_value": 4' ;;
    4) kind='"frequency": "EVERY_N_DAYS", "period_days": 10, "target_value": 12' ;;
    esac
    # Every other habit is a limit.
    if [ $((i % 2)) -eq 0 ]; then kind="$kind, \"goal\": \"AT_MOST\""; fi
    habit kinds "\"name\": \"Habit $i\", $kind"
done
seed base
seed kinds
echo "kinds-bench: 15 habits × 3,653 days on each server"

declare -A results
for round in $(seq 1 "$rounds"); do
    for name in base kinds; do
        base=$(eval echo "\$url_$name")
        auth=$(eval echo "\$auth_$name")
        rate=$(wrk -t"$threads" -c"$connections" -d"${duration}s" -H "$auth" \
            "$base/me/habits/?date=$today&today=$today" | awk '/^Requests\/sec/ { print $2 }')
        echo "round $round  $name  $rate requests/s"
        results[$name]="${results[$name]:-} $rate"
    done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
base_median=$(echo "${results[base]}" | median)
kinds_median=$(echo "${results[kinds]}" | median)
echo
echo "median: base $base_median, kinds $kinds_median requests/s" \
    "($(awk -v a="$base_median" -v b="$kinds_median" 'BEGIN { printf "%+.1f%%", (b - a) / a * 100 }'))"
