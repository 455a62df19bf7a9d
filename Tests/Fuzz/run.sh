#!/usr/bin/env bash
# Builds and runs libFuzzer targets.
#
#   Tests/Fuzz/run.sh <target|all> [seconds]
#
# A target is a directory here holding fuzz.swift (with
# @_cdecl("LLVMFuzzerTestOneInput")) and sources.txt (what it links, one line
# each; # starts a comment). A line `target NAME` builds the package's target
# NAME (every Swift file under Sources/NAME) as its own module, with testing
# enabled, which fuzz.swift imports (`@testable` reaches its internals), as
# the package's targets import each other; list a target after the targets
# it imports. A line `module NAME` starts a list of repository-relative files
# built as module NAME, up to the next `fuzzer` line; other file lines are
# compiled with fuzz.swift. Optional:
# corpus/ (seed inputs, committed) and dictionary.txt (libFuzzer -dict).
# Builds go to Tests/Fuzz/.work/<target>/ (git-ignored), with the inputs the
# fuzzer finds in corpus/ and any crash in artifacts/. Extra libFuzzer flags
# can be passed in FUZZ_FLAGS. Exits 1 if a target crashed.
set -euo pipefail

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz_dir/../.." && pwd)

usage() {
    echo "usage: $0 <target|all> [seconds]" >&2
    echo "targets:" >&2
    for dir in "$fuzz_dir"/*/; do
        [ -f "$dir/sources.txt" ] && echo "  $(basename "$dir")" >&2
    done
    exit 2
}

[ $# -ge 1 ] || usage
seconds=${2:-60}
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

targets=()
if [ "$1" = all ]; then
    for dir in "$fuzz_dir"/*/; do
        [ -f "$dir/sources.txt" ] && targets+=("$(basename "$dir")")
    done
else
    [ -f "$fuzz_dir/$1/sources.txt" ] || usage
    targets=("$1")
fi

failed=0
for target in "${targets[@]}"; do
    source_dir="$fuzz_dir/$target"
    work="$fuzz_dir/.work/$target"
    mkdir -p "$work/corpus" "$work/artifacts" "$work/modules"

    # Read sources.txt into the fuzzer's own files and the modules it imports.
    sources=("$source_dir/fuzz.swift")
    module_names=()
    declare -A module_files=()
    current=""
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%%#*}
        line=$(echo "$line" | xargs)
        [ -n "$line" ] || continue
        case "$line" in
        "target "*)
            current=""
            name=${line#target }
            [ -d "$root/Sources/$name" ] || { echo "$target: no target $name in Sources" >&2; exit 2; }
            module_names+=("$name")
            module_files[$name]=$(find "$root/Sources/$name" -name '*.swift' | sort)$'\n'
            ;;
        "module "*)
            current=${line#module }
            module_names+=("$current")
            module_files[$current]=""
            ;;
        fuzzer) current="" ;;
        *)
            if [ -n "$current" ]; then
                module_files[$current]+="$root/$line"$'\n'
            else
                sources+=("$root/$line")
            fi
            ;;
        esac
    done <"$source_dir/sources.txt"

    echo "== $target: building"
    : >"$work/build.txt"
    # The package's C modules (system libraries), for a target that imports one.
    c_modules=()
    for map in "$root"/Sources/*/module.modulemap; do c_modules+=(-I "$(dirname "$map")"); done
    objects=()
    for module in "${module_names[@]}"; do
        mapfile -t files < <(printf '%s' "${module_files[$module]}")
        if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -c -package-name habits \
            -enable-testing -module-name "$module" -emit-module \
            -emit-module-path "$work/modules/$module.swiftmodule" -I "$work/modules" "${c_modules[@]}" \
            "${files[@]}" -o "$work/modules/$module.o" >>"$work/build.txt" 2>&1; then
            cat "$work/build.txt" >&2
            exit 1
        fi
        objects+=("$work/modules/$module.o")
    done
    if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name habits \
        -module-name "Fuzz_${target//[^A-Za-z0-9]/_}" -I "$work/modules" "${c_modules[@]}" \
        "${sources[@]}" "${objects[@]}" -o "$work/fuzzer" >>"$work/build.txt" 2>&1; then
        cat "$work/build.txt" >&2
        exit 1
    fi
    # The gold linker warns about every ASan symbol; show only other diagnostics.
    grep -v "Cannot export local symbol '__asan" "$work/build.txt" >&2 || true

    flags=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/artifacts/")
    [ -f "$source_dir/dictionary.txt" ] && flags+=(-dict="$source_dir/dictionary.txt")
    corpora=("$work/corpus")
    [ -d "$source_dir/corpus" ] && corpora+=("$source_dir/corpus")
    # shellcheck disable=SC2206
    extra=(${FUZZ_FLAGS:-})

    echo "== $target: fuzzing for ${seconds}s"
    set +e
    "$work/fuzzer" "${flags[@]}" "${extra[@]}" "${corpora[@]}" >"$work/log.txt" 2>&1
    status=$?
    set -e

    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log.txt" | grep -o '[0-9]*$' | tail -n 1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$work/log.txt" | grep -o '[0-9]*$' | tail -n 1)
    echo "== $target: ${executions:-?} executions, ${rate:-?}/s, exit status $status (log: $work/log.txt)"
    crashes=$(find "$work/artifacts" -type f | sort)
    if [ "$status" -ne 0 ] || [ -n "$crashes" ]; then
        failed=1
        echo "== $target: FAILED"
        grep -E 'ERROR|FAILED|Fatal|SUMMARY|expected:|actual:' "$work/log.txt" | head -n 20 || true
        for crash in $crashes; do echo "   crash input: $crash"; done
    fi
done
exit "$failed"
