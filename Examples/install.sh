#!/usr/bin/env bash
# Installs habits for one user, no sudo: the binary, its man page and its bash
# completion, under a prefix (default ~/.local):
#   PREFIX/bin/habits
#   PREFIX/share/man/man1/habits.1                        (generated: habits man)
#   PREFIX/share/bash-completion/completions/habits       (generated: habits completion bash)
# Running it again replaces the same three files, each atomically.
#
#   swift build -c release --product habits && bash Examples/install.sh
#   bash Examples/install.sh --prefix /opt/habits --binary path/to/habits
set -euo pipefail

usage() {
    echo "Usage: bash Examples/install.sh [--prefix DIR] [--binary PATH]"
    echo "  --prefix DIR   where to install (default: ~/.local)"
    echo "  --binary PATH  the habits to install (default: the release build of this checkout)"
}

prefix=${HOME:?HOME is not set}/.local
binary=''
while [ $# -gt 0 ]; do
    case $1 in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 64; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || { usage >&2; exit 64; }; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'." >&2; usage >&2; exit 64 ;;
    esac
done

if [ -z "$binary" ]; then
    root=$(cd "$(dirname "$0")/.." && pwd)
    binary=$(cd "$root" && swift build -c release --show-bin-path)/habits
fi
if [ ! -x "$binary" ]; then
    echo "install.sh: no habits binary at $binary." >&2
    echo "Build it first: swift build -c release --product habits (or pass --binary PATH)." >&2
    exit 1
fi
case $prefix in
/*) ;;
*) prefix=$(pwd)/$prefix ;;
esac

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
