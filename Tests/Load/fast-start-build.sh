# Sourced by the start-up benchmarks (cli-startup.sh, startup-floor.sh,
# startup-order.sh): builds `habits` with the fast-start link (Package.swift:
# HABITS_FAST_START_LINK) and sets $habits to a copy of it installed by
# Examples/install.sh, the binary a user runs ($built is the linker's
# output). In a build directory of its own, so the usual release build is
# left as it is. With no $ORIGIN run path (a static binary needs none), the
# loader looks for the C library only where the system keeps it, not first
# in about 20 folders beside the binary (50 failed system calls a run).
#
# The copy, not the linker's output: the same bytes start faster once
# copied. The linker writes its output through a memory map; run from
# there, `log` took 48 more page faults (423, not 375) and 9% more time
# (3.28 ms, not 2.99 ms, 200 interleaved runs on 2026-12-05), the floor
# 9 more faults and 4% more time. The kernel likely keeps a file written
# by `write` in larger page-cache blocks, which a fault maps more of at once.
scratch=.build/fast-start
HABITS_FAST_START_LINK=1 swift build -c release --static-swift-stdlib --disable-local-rpath \
    --product habits --scratch-path "$scratch" >/dev/null
built="$(HABITS_FAST_START_LINK=1 swift build -c release --scratch-path "$scratch" --show-bin-path)/habits"
bash Examples/install.sh --prefix "$scratch/installed" --binary "$built" >/dev/null
habits="$(pwd)/$scratch/installed/bin/habits"
