#!/usr/bin/env bash
# The one-command demo: builds habits, starts a habits-server on a free port
# with an outbox directory, signs in by reading the code from the outbox, adds
# three habits, records two weeks of progress with --date and shows a habit.
#
# Everything happens in a temporary directory (its own HOME and XDG
# directories), so your own habits and settings are not touched.
#
#   Examples/quickstart.sh            # build (debug) and run the demo
#   KEEP=1 Examples/quickstart.sh     # keep the temporary directory afterwards
#   SCRATCH=/tmp/build Examples/quickstart.sh   # build in another scratch path
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> Building habits and habits-server"
scratch=(${SCRATCH:+--scratch-path "$SCRATCH"})
swift build "${scratch[@]}" --product habits >/dev/null
swift build "${scratch[@]}" --product habits-server >/dev/null
bin=$(swift build "${scratch[@]}" --show-bin-path)

demo=$(mktemp -d "${TMPDIR:-/tmp}/habits-quickstart.XXXXXX")
export HOME="$demo/home" XDG_CONFIG_HOME="$demo/config" XDG_DATA_HOME="$demo/data" \
    XDG_CACHE_HOME="$demo/cache"
unset HABITS_SERVER
mkdir -p "$HOME"

server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    if [ "${KEEP:-0}" = 1 ]; then echo "Kept $demo"; else rm -rf "$demo"; fi
}
trap cleanup EXIT

echo "==> Starting habits-server on a free port"
"$bin/habits-server" --port 0 --database "$demo/server.sqlite3" --outbox "$demo/outbox" \
    >"$demo/server.out" 2>"$demo/server.log" &
server_pid=$!
# The server prints the port it picked as its first line.
for _ in $(seq 100); do
    [ -s "$demo/server.out" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$demo/server.log"; exit 1; }
    sleep 0.1
done
port=$(head -n 1 "$demo/server.out")
server="http://127.0.0.1:$port/api/"
echo "    $server (log: $demo/server.log)"

habits() { "$bin/habits" "$@"; }

echo "==> Signing in"
habits config set server "$server"
habits auth email demo@example.com
code=$(grep -ho '[0-9]\{6\}' "$demo"/outbox/* | tail -n 1)
habits verify "$code"

# A date `$1` days ago, with GNU date or BSD date.
days_ago() { date -d "-$1 days" +%F 2>/dev/null || date -v-"$1"d +%F; }
start=$(days_ago 14)

echo "==> Adding three habits"
habits add "Drink water" --daily --unit glasses --target 8 --days daily --start "$start"
habits add Run --weekly --unit km --target 15 --days mon,wed,sat --start "$start"
habits add Read --daily --unit pages --target 20 --days weekdays --start "$start"

echo "==> Recording two weeks of progress"
for ago in $(seq 14 -1 1); do
    day=$(days_ago "$ago")
    case $ago in
        5) habits set "Drink water" 3 --date "$day" >/dev/null ;;
        9) habits skip "Drink water" --date "$day" >/dev/null ;;
        *) habits done "Drink water" --date "$day" >/dev/null ;;
    esac
    if [ $((ago % 3)) -eq 0 ]; then habits done Run 5.5 --date "$day" >/dev/null; fi
    if [ $((ago % 4)) -ne 0 ]; then habits done Read 25 --date "$day" >/dev/null; fi
done
habits done "Drink water" 5

echo "==> habits list"
habits list
echo
echo "==> habits show \"Drink water\" --months 2"
habits show "Drink water" --months 2
echo
echo "==> habits status"
habits status
