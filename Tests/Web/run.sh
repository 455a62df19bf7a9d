#!/bin/sh
# The web app's browser tests: makes a virtualenv with Selenium under .build,
# starts a real habits-server on port 0 with its outbox in a temporary
# directory, and runs Tests/Web/test_app.py at 390x844, 360x780 and 1280x800.
#
# Needs Debian's chromium, chromium-driver and python3-venv (and PyPI for
# the selenium package the first time). HABITS_SERVER names the server
# binary (default .build/debug/habits-server), HABITS_CLI the habits binary
# the tests run as a second device (default beside the server); screenshots go to
# .build/web-screenshots; extra arguments go to unittest (a test name).
#
# The docs' pictures of the Week grid (phone) and a habit's charts (desktop,
# beside Today's list) are written into HabitServer.docc/Resources as
# web-grid.png and web-charts.png by
#
#   HABITS_DOCS_SCREENSHOTS=1 sh Tests/Web/run.sh -k test_docs_screenshots
set -eu
cd "$(dirname "$0")/../.."
root=$(pwd)
server=${HABITS_SERVER:-$root/.build/debug/habits-server}
export HABITS_CLI="${HABITS_CLI:-$(dirname "$server")/habits}"
venv=$root/.build/venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import selenium, selenium_axe_python" 2>/dev/null; then
    "$venv/bin/pip" install --quiet "selenium>=4.20,<5" "selenium-axe-python==2.2.0"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/habits-web.XXXXXX")
cleanup() {
    if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
# A code request per client per hour is not limited here: every test signs
# in from 127.0.0.1. The per-address limit (1 a minute) stays, and is tested.
"$server" --port 0 --database "$work/habits.sqlite3" --outbox "$work/outbox" \
    --code-requests-per-client-hour 0 --log-level warning >"$work/port" 2>"$work/server.log" &
pid=$!
tries=0
while [ ! -s "$work/port" ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ]; then echo "habits-server did not start:" >&2; cat "$work/server.log" >&2; exit 1; fi
    sleep 0.1
done
port=$(head -n 1 "$work/port")
export HABITS_WEB_URL="http://127.0.0.1:$port"
export HABITS_OUTBOX="$work/outbox"
export HABITS_SCREENSHOTS="${HABITS_SCREENSHOTS:-$root/.build/web-screenshots}"
export SE_AVOID_STATS=true PYTHONDONTWRITEBYTECODE=1
mkdir -p "$HABITS_SCREENSHOTS"
"$venv/bin/python" Tests/Web/test_app.py -v "$@"
