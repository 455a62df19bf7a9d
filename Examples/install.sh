#!/usr/bin/env bash
# Builds habits and installs it for one user, no sudo: the binary, its man
# page and its bash completion, under a prefix (default ~/.local):
#   PREFIX/bin/habits
#   PREFIX/share/man/man1/habits.1                        (generated: habits man)
#   PREFIX/share/bash-completion/completions/habits       (generated: habits completion bash)
# Running it again replaces the same three files, each atomically.
#
# On Linux it builds the fast-start habits (Package.swift:
# HABITS_FAST_START_LINK=1) in a build directory of its own,
# .build/fast-start, so the usual .build is left as it is: the Swift
# runtime, SQLite and the C++ runtime linked in, and an executable that is
# not position independent, which starts in about a fifth of the time of
# the plain release build (Tests/Load/README.md). If that build fails (it
# needs libsqlite3.a and libstdc++.a: Debian's libsqlite3-dev and
# libstdc++-NN-dev, which Swift itself needs), it says so and builds the
# plain one. --dynamic builds the plain one (`swift build -c release`:
# shared libraries, position independent), as macOS always does.
#
#   bash Examples/install.sh                      # into ~/.local
#   bash Examples/install.sh --dynamic            # the plain release build
#   bash Examples/install.sh --prefix /opt/habits --binary path/to/habits
set -euo pipefail

usage() {
    echo "Usage: bash Examples/install.sh [--prefix DIR] [--dynamic | --binary PATH]"
    echo "  --prefix DIR   where to install (default: ~/.local)"
    echo "  --dynamic      build the plain release build (shared libraries, position"
    echo "                 independent), not the fast-start one"
    echo "  --binary PATH  install this habits and build nothing"
}

prefix=${HOME:?HOME is not set}/.local
binary=''
dynamic=0
while [ $# -gt 0 ]; do
    case $1 in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 64; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || { usage >&2; exit 64; }; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    --dynamic) dynamic=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'." >&2; usage >&2; exit 64 ;;
    esac
done
if [ -n "$binary" ] && [ "$dynamic" = 1 ]; then
    echo "install.sh: --dynamic builds habits, --binary installs one already built; give one." >&2
    usage >&2
    exit 64
fi
case $prefix in
/*) ;;
*) prefix=$(pwd)/$prefix ;;
esac

# The build's progress goes to stderr, this script's summary to stdout.
if [ -z "$binary" ]; then
    root=$(cd "$(dirname "$0")/.." && pwd)
    if [ "$dynamic" = 0 ] && [ "$(uname -s)" = Linux ]; then
        # The same flags as Tests/Load/fast-start-build.sh measures.
        fast=(-c release --package-path "$root" --scratch-path "$root/.build/fast-start")
        echo "install.sh: building the fast-start habits in .build/fast-start" \
            "(--dynamic for the plain build)." >&2
        if HABITS_FAST_START_LINK=1 swift build "${fast[@]}" --product habits \
            --static-swift-stdlib --disable-local-rpath >&2; then
            binary=$(HABITS_FAST_START_LINK=1 swift build "${fast[@]}" --show-bin-path)/habits
        else
            echo "install.sh: the fast-start build failed; it needs libsqlite3.a and libstdc++.a" \
                "(Debian: libsqlite3-dev, libstdc++-12-dev). Building the plain release build" \
                "instead, which starts slower." >&2
        fi
    fi
    if [ -z "$binary" ]; then
        swift build -c release --package-path "$root" --product habits >&2
        binary=$(swift build -c release --package-path "$root" --show-bin-path)/habits
    fi
fi
if [ ! -x "$binary" ]; then
    echo "install.sh: no habits binary at $binary." >&2
    echo "Pass the path of a built habits with --binary PATH, or leave it out to build one." >&2
    exit 1
fi

bin=$prefix/bin
man1=$prefix/share/man/man1
completions=$prefix/share/bash-completion/completions
mkdir -p "$bin" "$man1" "$completions"

# put FILE MODE: moves the staged file $staged into place with MODE, atomically.
staged=''
trap 'rm -f "$staged"' EXIT
put() {
    chmod "$2" "$staged"
    mv -f "$staged" "$1"
    staged=''
}

# A copy, written with write(2): the same bytes start faster than the
# linker's memory-mapped output (Tests/Load/fast-start-build.sh).
staged=$(mktemp "$bin/.habits.XXXXXX")
cp "$binary" "$staged"
put "$bin/habits" 0755

staged=$(mktemp "$man1/.habits.1.XXXXXX")
"$bin/habits" man >"$staged"
put "$man1/habits.1" 0644

staged=$(mktemp "$completions/.habits.XXXXXX")
"$bin/habits" completion bash >"$staged"
put "$completions/habits" 0644

echo "Installed $bin/habits, $man1/habits.1 and $completions/habits."
case ":$PATH:" in
*":$bin:"*) ;;
*) echo "Add $bin to PATH to run habits (and for man to find its page)." ;;
esac
echo "bash-completion loads the completion by itself when the prefix is ~/.local;"
echo "otherwise add to ~/.bashrc: source $completions/habits"
echo "zsh and fish: see 'habits help completion'."
