#!/usr/bin/env bash
# Does `habits list` (and `show`, `log`) cost the same with ten years of history as
# with ten days? hyperfine, local mode, 15 habits x 10 years of history in two
# data sets: "mixed" (done most days, some partial, skipped or missed) and
# "all done" (every day of the ten years done: the longest possible streak,
# which a streak that walks back through the history would read whole).
# Prints each command's mean and median, each with its ratio to
# `habits --version`'s.
#
#   Tests/Load/cli-history.sh [RUNS]       # default 100 runs per command
#   INSTRUCTIONS=1 Tests/Load/cli-history.sh [RUNS]   # and callgrind counts
#
# The runs are made in ROUNDS rounds (default 10), the commands taking turns.
#
# The database is filled through sqlite3 in one transaction (the same file
# and schema the CLI uses); the first `list` then makes the checkpoints, as a
# person's first list after the upgrade would, before anything is timed.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-100}
rounds=${ROUNDS:-10}
[ "$runs" -ge "$rounds" ] || rounds=$runs
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }
command -v jq >/dev/null || { apt-get update -qq && apt-get install -y -qq jq; }

swift build -c release --static-swift-stdlib --product habits >/dev/null
habits="$(swift build -c release --show-bin-path)/habits"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# seed NAME SQL-VALUE-EXPRESSION (15 habits x 10 years in $work/NAME).
. Tests/Load/seed-history.sh

report() {
    local name=$1 round
    # In ROUNDS rounds of RUNS / ROUNDS runs each, the four commands taking
    # turns: hyperfine times one command's runs back to back, and a slow
    # spell of this shared machine would otherwise land on one command.
    for round in $(seq 1 "$rounds"); do
        hyperfine -N --warmup 3 --runs $((runs / rounds)) \
            --export-json "$work/$name.$round.json" \
            "$habits --version" "$habits list" "$habits show 1" "$habits log" >/dev/null
    done
    # Every run's time pooled over the rounds: the mean, and the median, which
    # the few runs slowed by other work do not move; each with its ratio to
    # --version's.
    jq -r -s --arg name "$name" '
        def ms: . * 1000 | . * 10 | round / 10;
        def x: . * 100 | round / 100;
        def median: sort | if length % 2 == 1 then .[length / 2 | floor]
            else (.[length / 2 - 1] + .[length / 2]) / 2 end;
        def mean: add / length;
        [.[].results] | transpose
        | map({command: .[0].command, times: (map(.times) | add)})
        | .[0] as $base
        | .[]
        | "\($name)\t\(.command | sub(".*/habits"; "habits"))\tmean \(.times | mean | ms) ms (\((.times | mean) / ($base.times | mean) | x)x)\tmedian \(.times | median | ms) ms (\((.times | median) / ($base.times | median) | x)x)"' \
        "$work/$name".*.json
    if [ -n "${INSTRUCTIONS:-}" ]; then instructions "$name"; fi
}

# With INSTRUCTIONS=1 (and valgrind installed), also each command's
# instructions, counted by callgrind in one run: the same whatever else the
# machine is doing, where the times above move with its load.
instructions() {
    local name=$1 base="" command count
    for command in "--version" "list" "show 1" "log"; do
        # shellcheck disable=SC2086 # the command's words are meant to split
        valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
            "$habits" $command >/dev/null 2>"$work/callgrind.err"
        count=$(awk '/^totals:/ { print $2 }' "$work/callgrind.out")
        base=${base:-$count}
        awk -v name="$name" -v command="habits $command" -v count="$count" -v base="$base" \
            'BEGIN { printf "%s\t%s\t%.2f M instructions (%.2fx)\n", name, command, count / 1e6, count / base }'
    done
}

# Mixed: most days reach the target, every 7th is half, every 19th missed.
seed mixed "$mixed_values"
report mixed
seed done "$all_done_values"
report "all done"
