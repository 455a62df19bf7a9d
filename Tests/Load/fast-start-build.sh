# Sourced by the start-up benchmarks (cli-startup.sh, startup-floor.sh,
# startup-order.sh): installs habits as README's install does, with
# `bash Examples/install.sh` (which builds the fast-start habits,
# Package.swift: HABITS_FAST_START_LINK, in .build/fast-start), into a prefix
# of its own, .build/fast-start/installed, and sets $habits to the installed
# binary, the one a user runs ($built is the linker's output). It stops if
# what was installed is not the fast-start build: install.sh installs the
# plain release build when the fast-start link fails, and these benchmarks
# would measure that in its place.
#
# The copy, not the linker's output: the same bytes start faster once
# copied. The linker writes its output through a memory map; run from
# there, `log` took 48 more page faults (423, not 375) and 9% more time
# (3.28 ms, not 2.99 ms, 200 interleaved runs on 2026-12-05), the floor
# 9 more faults and 4% more time. The kernel likely keeps a file written
# by `write` in larger page-cache blocks, which a fault maps more of at once.
scratch=.build/fast-start
install_log=$(mktemp)
if ! bash Examples/install.sh --prefix "$scratch/installed" >"$install_log" 2>&1; then
    cat "$install_log" >&2
    rm -f "$install_log"
    exit 1
fi
if grep -q 'fast-start build failed' "$install_log"; then
    cat "$install_log" >&2
    echo "fast-start-build.sh: install.sh installed the plain build, not the fast-start one." >&2
    rm -f "$install_log"
    exit 1
fi
rm -f "$install_log"
built="$(HABITS_FAST_START_LINK=1 swift build -c release --scratch-path "$scratch" --show-bin-path)/habits"
habits="$(pwd)/$scratch/installed/bin/habits"
# The fast-start build's marks: an executable at a fixed address (EXEC, not
# DYN) that loads none of the Swift runtime, SQLite or the C++ runtime.
if ! readelf -h "$habits" | grep -q 'Type: *EXEC' ||
    readelf -d "$habits" | grep -qE 'NEEDED.*(libswift|libFoundation|libsqlite3|libstdc\+\+)'; then
    echo "fast-start-build.sh: $habits is not the fast-start build:" >&2
    readelf -h "$habits" | grep Type >&2
    readelf -d "$habits" | grep NEEDED >&2
    exit 1
fi
