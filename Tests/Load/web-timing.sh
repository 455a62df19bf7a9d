#!/usr/bin/env bash
# The web app's budgets, in a real Chromium against a release habits-server
# on loopback, with the budgets asserted (HABITS_WEB_TIMING_LIMITS=1):
#
# - the first load, every file a first visit fetches (the page's own and
#   those the service worker keeps, the grid's and the charts' modules with
#   them), within 150 KB;
# - Today, and the Week grid, usable within 300 ms of the navigation with
#   15 habits (Navigation Timing: Today's own mark, the grid's by its rows);
# - a habit's screen with ten years of daily entries (written through the
#   batch route) usable within 300 ms, its charts drawn when it has them;
# - a tap's feedback within 100 ms, on Today's row and on a grid cell.
#
# The browser tests that measure them run at 390, 360 and 1280 px; a test
# whose screen is not there yet (the grid) skips, saying so. The figures are
# printed at the end: record them in Tests/Load/README.md with the date.
#
#   bash Tests/Load/web-timing.sh
#
# Needs what Tests/Web/run.sh needs (chromium, chromium-driver, python3-venv).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product habits-server 2>&1 | tail -n 1
# The tests' second device (the CLI in server mode) runs beside the server.
swift build -c release --product habits 2>&1 | tail -n 1
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
HABITS_WEB_TIMING_LIMITS=1 HABITS_FIGURES="$figures" \
    HABITS_SERVER="$root/.build/release/habits-server" \
    bash Tests/Web/run.sh \
    -k test_headers_first_load_and_no_console_errors \
    -k test_the_fifteen_habit_limit_and_today_with_fifteen_habits \
    -k test_check_ins_of_each_kind_and_the_completed_section \
    -k test_a_habit_with_ten_years_opens_within_the_budget \
    -k test_a_grid_tap_is_shown_within_the_budget
echo "== figures"
cat "$figures"
