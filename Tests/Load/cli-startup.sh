#!/usr/bin/env bash
# Measures the habits CLI's start-up-bound commands in local mode with hyperfine:
# `habits --version` against `habits list` with 15 habits and `habits show` of a
# habit with 10 years of daily history. Installs hyperfine if missing.
#
#   Tests/Load/cli-startup.sh            # the binary Examples/install.sh installs
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }

# $habits: the binary Examples/install.sh installs, the fast-start build
# (Package.swift: HABITS_FAST_START_LINK).
. Tests/Load/fast-start-build.sh

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
