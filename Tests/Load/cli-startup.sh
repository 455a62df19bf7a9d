#!/usr/bin/env bash
# Measures the habits CLI's start-up-bound commands in local mode with hyperfine:
# `habits --version` against `habits list` with 15 habits and `habits show` of a
# habit with 10 years of daily history. Installs hyperfine if missing.
#
#   Tests/Load/cli-startup.sh            # release build with --static-swift-stdlib
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }

# The fast-start link (Package.swift: HABITS_FAST_START_LINK), in a build
# directory of its own so the usual release build is left as it is. With
# no $ORIGIN run path (a static binary needs none), the loader looks for the
# C library only where the system keeps it, not first in about 20 folders
# beside the binary (50 failed system calls a run).
scratch=.build/fast-start
HABITS_FAST_START_LINK=1 swift build -c release --static-swift-stdlib --disable-local-rpath \
    --product habits --scratch-path "$scratch" >/dev/null
habits="$(HABITS_FAST_START_LINK=1 swift build -c release --scratch-path "$scratch" --show-bin-path)/habits"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" \
    XDG_CACHE_HOME="$work/cache"
unset HABITS_SERVER
mkdir -p "$HOME"

start=$(date -d '-3652 days' +%F)
"$habits" add "Walk" --daily --unit km --target 5 --days daily --start "$start" >/dev/null
for i in $(seq 2 15); do
    "$habits" add "Habit $i" --daily --unit times --target 1 --days weekdays --start "$start" >/dev/null
done
# Ten years of daily entries for habit 1, written in one transaction through
# the same database the CLI uses (seeding 3,650 entries through 3,650 processes
# would measure nothing more).
db="$XDG_DATA_HOME/habits/habits.sqlite3"
sqlite3 "$db" "WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 3652)
    INSERT OR REPLACE INTO progress (habit_id, date, value, skipped)
    SELECT 1, date('$start', '+' || n || ' days'), CASE WHEN n % 7 = 3 THEN '2.5' ELSE '5' END,
           CASE WHEN n % 31 = 0 THEN 1 ELSE 0 END FROM d;"
"$habits" show 1 >/dev/null

hyperfine -N --warmup 20 --runs 200 \
    "$habits --version" "$habits list" "$habits show 1"
