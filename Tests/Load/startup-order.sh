#!/usr/bin/env bash
# Writes Sources/habits/FastStart/startup-order.txt, the functions the local
# commands run: the fast-start link lays them out first, together, in the
# list's order (Package.swift, `habitsLinking`), so a run touches fewer
# pages of code, each a page fault. Run it after changing what
# the local commands do on start; a stale list is still correct, it only
# orders less (the link skips names a build lacks).
#
#   Tests/Load/startup-order.sh
#
# The functions come from callgrind runs of the fast-start binary (with
# mangled names, as the linker knows them) over the commands
# startup-floor.sh measures, on its mixed data set, then `done 1` and
# `undo 1`: --version, prompt, list, show 1 and log first, so their code
# comes first.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in sqlite3 valgrind; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool"; }
done

# $habits: the binary Examples/install.sh installs, the fast-start build
# (Package.swift: HABITS_FAST_START_LINK).
. Tests/Load/fast-start-build.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# seed NAME SQL-VALUE-EXPRESSION (15 habits x 10 years in $work/NAME).
. Tests/Load/seed-history.sh
seed mixed "$mixed_values"

runs=("--version" "prompt" "list" "show 1" "log" "done 1" "undo 1")
for i in "${!runs[@]}"; do
    # shellcheck disable=SC2086 # each entry is a command's words
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run-$i" \
        "$habits" ${runs[$i]} >/dev/null 2>&1
done

# Each function once, at its first mention, the runs in order (within a run,
# callgrind's order); callgrind marks a recursive call's name with 'N,
# which the linker's names lack.
out=Sources/habits/FastStart/startup-order.txt
for i in "${!runs[@]}"; do cat "$work/run-$i"; done |
    sed -nE "s/^fn=\([0-9]+\) (.*)$/\1/p" | sed -E "s/'[0-9]+$//" | awk '!seen[$0]++' >"$out"
echo "$(wc -l <"$out") functions in $out"
# SwiftPM does not know the link reads the list: the next build relinks.
rm -f "$built"
