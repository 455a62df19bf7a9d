# Sourced by the start-up benchmarks (cli-startup.sh, startup-floor.sh,
# startup-order.sh): builds `habits` with the fast-start link (Package.swift:
# HABITS_FAST_START_LINK) and sets $habits to it. In a build directory of
# its own, so the usual release build is left as it is. With no $ORIGIN run
# path (a static binary needs none), the loader looks for the C library only
# where the system keeps it, not first in about 20 folders beside the binary
# (50 failed system calls a run).
scratch=.build/fast-start
HABITS_FAST_START_LINK=1 swift build -c release --static-swift-stdlib --disable-local-rpath \
    --product habits --scratch-path "$scratch" >/dev/null
habits="$(HABITS_FAST_START_LINK=1 swift build -c release --scratch-path "$scratch" --show-bin-path)/habits"
