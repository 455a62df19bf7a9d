#!/usr/bin/env bash
# One reminder run over 10,000 users with 15 habits each (150,000 reminders,
# all due at the same minute, none done: the worst case), on a SQLite file,
# timed inside the process (wall and CPU of `ReminderRunner.tick()`, which
# claims every occurrence and queues and sends the first 2,000).
#
#   Tests/Load/reminder-bench.sh [USERS, default 10000]
#
# Builds the tests in release (SCRATCH, default .build) and runs the
# benchmark case, which is off in ordinary test runs. The last line is the
# case's own: "reminder-bench: users=… claimed=… run=…s wall, …s cpu".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
users=${1:-10000}
scratch=${SCRATCH:-$root/.build}
case "$users" in
    '' | *[!0-9]*) echo "reminder-bench: USERS must be a whole number" >&2; exit 64 ;;
esac
cd "$root"
# swift test builds the tests with the testability they need in release.
HABITS_REMINDER_BENCH=1 HABITS_REMINDER_BENCH_USERS=$users \
    swift test -c release --scratch-path "$scratch" --filter ReminderBenchmark 2>&1 \
    | grep -E '^reminder-bench:|failed' || { echo "reminder-bench: the case did not run" >&2; exit 1; }
