#!/usr/bin/env bash
# How close the local commands start to the floor: a static Swift program that
# imports Foundation and prints one line, built here and linked as the
# fast-start habits is (below). Side by side in hyperfine -N runs (rounds,
# below) per data set: the floor, `habits --version`, `prompt`, `list`,
# `show 1` and `log`, local mode, the binary README's install installs
# (`bash Examples/install.sh`, run by fast-start-build.sh into a prefix of
# its own; the floor copied alike), 15 habits x 10 years in two data sets,
# "mixed" and "all done" (as cli-history.sh seeds them). Prints each
# command's mean and median with its ratio to the floor,
# then each one's instructions (callgrind, steadier than time on a shared
# machine) and peak memory (max RSS), also as ratios to the floor's.
#
#   Tests/Load/startup-floor.sh [RUNS] [ROUNDS]   # default 100 runs per command, in 5 rounds
#
# The runs come in ROUNDS rounds, each one hyperfine -N run of every command
# side by side: this machine's speed drifts by a third over seconds (the
# floor's median was 1.05 ms in one run and 1.74 ms in the next), and one
# command's 100 runs after another's would compare different moments. Each
# round's ratios compare the same moment; the script prints the pooled
# times, each round's median ratio to the floor and the median of those.
#
# Then it runs the commands interleaved (the floor, then each command,
# RUNS times over) and prints each command's median ratio to the floor of
# its own cycle: hyperfine runs a command's runs back to back, which keeps
# the floor's small binary hot in the caches between them.
#
# Targets (issue 25): prompt, list, show 1 and log within 2x of the floor,
# --version within 1.3x; list's max RSS within 1.5x.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-100}
rounds=${2:-5}
for tool in hyperfine sqlite3 valgrind; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool"; }
done

# $habits: the binary Examples/install.sh installs, the fast-start build
# (Package.swift: HABITS_FAST_START_LINK).
. Tests/Load/fast-start-build.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'import Foundation\nprint("habits 0.1.0")\n' >"$work/floor.swift"
# The floor linked as the fast-start habits is, so that the ratios measure
# what habits does and not how it is linked: the Swift runtime linked in
# (install.sh's --static-swift-stdlib), no $ORIGIN run path (swiftc adds
# none), and Package.swift's habitsLinking and swiftSettings: lld, not
# position independent, no exported symbols, the C++ runtime and GCC's
# unwinder from their archives (the linker scripts in
# Sources/habits/FastStart), metadata accessors. Not the function order,
# which names habits' functions. Change these with Package.swift's.
swiftc -O -static-stdlib -use-ld=lld -Xclang-linker -no-pie -Xlinker --no-export-dynamic \
    -L Sources/habits/FastStart \
    -Xfrontend -disable-concrete-type-metadata-mangled-name-accessors \
    "$work/floor.swift" -o "$work/floor-linked"
# The same libraries loaded, the same kind of executable, or the comparison
# is off.
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort; }
if [ "$(needed "$work/floor-linked")" != "$(needed "$habits")" ] ||
    ! readelf -h "$work/floor-linked" | grep -q 'Type: *EXEC'; then
    echo "startup-floor.sh: the floor is not linked as $habits is:" >&2
    needed "$work/floor-linked" >&2
    echo "against" >&2
    needed "$habits" >&2
    exit 1
fi
# Run as a copy, as habits is (fast-start-build.sh says why).
cp "$work/floor-linked" "$work/floor"
floor="$work/floor"
# seed NAME SQL-VALUE-EXPRESSION (15 habits x 10 years in $work/NAME).
. Tests/Load/seed-history.sh

commands=("$floor" "$habits --version" "$habits prompt" "$habits list" "$habits show 1"
    "$habits log")

report() {
    local name=$1 round
    for round in $(seq 1 "$rounds"); do
        hyperfine -N --warmup 5 --runs $((runs / rounds)) \
            --export-json "$work/$name-$round.json" "${commands[@]}" >/dev/null
    done
    python3 - "$name" "$work/$name"-*.json <<'PYTHON'
import json, statistics, sys

name, paths = sys.argv[1], sys.argv[2:]
rounds = [json.load(open(path))["results"] for path in paths]
names = [result["command"].rsplit("/", 1)[-1] for result in rounds[0]]
pooled = [sum((r[i]["times"] for r in rounds), []) for i in range(len(names))]
ratios = [[r[i]["median"] / r[0]["median"] for r in rounds] for i in range(len(names))]
print(f"{name}: command | mean | median (vs floor), all runs | median ratio of the "
      f"{len(rounds)} rounds (each round's)")
for i, command in enumerate(names):
    mean, median = statistics.mean(pooled[i]), statistics.median(pooled[i])
    each = " ".join(f"{x:.2f}" for x in ratios[i])
    print(f"  {command} | {mean * 1000:.2f} ms | {median * 1000:.2f} ms "
          f"({median / statistics.median(pooled[0]):.2f}x) | "
          f"{statistics.median(ratios[i]):.2f}x ({each})")
PYTHON
    # Interleaved as well: the floor, then each command, RUNS times over, and
    # each command's ratio to the floor of its own cycle. hyperfine runs a
    # command's runs back to back, which keeps the floor's small binary hot
    # in the caches between its runs (its median is lower that way), while
    # here every run follows the others, as a prompt's command does.
    python3 - "$name" "$runs" "${commands[@]}" <<'PYTHON'
import os, statistics, sys, time

name, runs, commands = sys.argv[1], int(sys.argv[2]), [c.split() for c in sys.argv[3:]]
devnull = os.open(os.devnull, os.O_WRONLY)

def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status = os.waitpid(pid, 0)
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed")
    return time.perf_counter_ns() - start

for argv in commands:
    for _ in range(5):
        run(argv)
times = [[] for _ in commands]
for _ in range(runs):
    for i, argv in enumerate(commands):
        times[i].append(run(argv))
print(f"{name}: command | median, interleaved | median of each cycle's ratio to the floor")
for i, argv in enumerate(commands):
    ratio = statistics.median(t / f for t, f in zip(times[i], times[0]))
    label = " ".join([argv[0].rsplit("/", 1)[-1]] + argv[1:])
    print(f"  {label} | {statistics.median(times[i]) / 1e6:.2f} ms | {ratio:.2f}x")
PYTHON
    local base_instructions="" base_rss="" command instructions rss
    echo "$name: command | instructions (vs floor) | max RSS (vs floor)"
    for command in "${commands[@]}"; do
        # shellcheck disable=SC2086
        valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
            $command >/dev/null 2>"$work/callgrind.log"
        instructions=$(sed -n 's/.*Collected : //p' "$work/callgrind.log")
        # shellcheck disable=SC2086
        rss=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' $command)
        base_instructions=${base_instructions:-$instructions}
        base_rss=${base_rss:-$rss}
        printf '  %s | %.2f M (%.2fx) | %d KiB (%.2fx)\n' "${command##*/}" \
            "$(echo "$instructions / 1000000" | bc -l)" \
            "$(echo "$instructions / $base_instructions" | bc -l)" "$rss" \
            "$(echo "$rss / $base_rss" | bc -l)"
    done
}

seed mixed "$mixed_values"
report mixed
seed all-done "$all_done_values"
report all-done
