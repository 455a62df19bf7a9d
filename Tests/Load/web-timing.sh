#!/usr/bin/env bash
# The web app's speed budgets, in a real Chromium against a release
# habits-server: navigation to a usable Today with 15 habits within 300 ms
# (Navigation Timing) and a check-in shown within 100 ms of the tap. Runs
# the two browser tests that measure them with the budgets asserted, and
# prints the figures (record them in Tests/Load/README.md with the date).
#
#   bash Tests/Load/web-timing.sh
#
# Needs what Tests/Web/run.sh needs (chromium, chromium-driver, python3-venv).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product habits-server 2>&1 | tail -n 1
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
HABITS_WEB_TIMING_LIMITS=1 HABITS_FIGURES="$figures" \
    HABITS_SERVER="$root/.build/release/habits-server" \
    bash Tests/Web/run.sh \
    -k test_the_fifteen_habit_limit_and_today_with_fifteen_habits \
    -k test_check_ins_of_each_kind_and_the_completed_section
echo "== figures"
cat "$figures"
