#!/usr/bin/env bash
# Contract fuzzing of habits-server against Sources/HabitServer/openapi.yaml
# with Schemathesis: every operation, every check (`-c all`), the stateful
# phase following the document's links, for a bounded time.
#
#   Tests/Contract/run.sh [SECONDS, default 180]
#
# Installs Schemathesis into a virtualenv (PyPI; python3-venv from Debian when
# missing), builds habits-server, starts it on a free port with an in-memory
# database, an outbox and no per-client limit on code requests (the fuzzer
# asks for many), signs in through the outbox, runs Schemathesis with
# the access token, and fails on any finding. The last line is
# "contract: N cases, M failures (schemathesis X)".
#
# Environment: HABITS_SERVER (a built binary to use instead of building
# one), SCRATCH (build directory, default .build), VENV (virtualenv,
# default .build/contract-venv), SCHEMATHESIS_VERSION (pip requirement,
# default the tested 4.32.5), WORKERS (default 1), SEED (reproducible run).
# Tests/Contract/schemathesis.toml holds the exceptions JSON Schema cannot
# state; Tests/Contract/hooks.py makes generated Idempotency-Keys unique;
# Tests/Contract/refusals.py checks first that the refusals JSON Schema can
# state are written in the document and made by the server.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-180}
scratch=${SCRATCH:-$root/.build}
venv=${VENV:-$scratch/contract-venv}
version=${SCHEMATHESIS_VERSION:-4.32.5}
# One worker: two gave no more cases here (the server shares the 2 cores),
# and CPython 3.11's ast.parse, which Hypothesis calls from both threads,
# then fails now and then with "AST constructor recursion depth mismatch".
workers=${WORKERS:-1}

case "$seconds" in
    '' | *[!0-9]*) echo "contract: SECONDS must be a whole number, not \"$seconds\"" >&2; exit 64 ;;
esac
for tool in python3 curl sed grep; do
    command -v "$tool" >/dev/null || { echo "contract: $tool is needed" >&2; exit 1; }
done

if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/schemathesis" --version | grep -q " $version\$"; then
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
        echo "contract: installing python3-venv"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    fi
    echo "contract: installing schemathesis $version into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version"
fi
installed=$("$venv/bin/schemathesis" --version | sed 's/.*version //')

if [ -n "${HABITS_SERVER:-}" ]; then
    binary=$HABITS_SERVER
else
    echo "contract: building habits-server"
    swift build --product habits-server --scratch-path "$scratch" 2>&1 | tail -n 1
    binary="$(swift build --show-bin-path --scratch-path "$scratch")/habits-server"
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The server prints its port as the first line on stdout: read it from a pipe,
# which also ends the wait at once (end of file) if the server exits first.
mkfifo "$work/stdout"
# A binary built for coverage writes its profile on exit: keep it out of the tree.
LLVM_PROFILE_FILE="$work/server-%p.profraw" "$binary" --port 0 --database :memory: --outbox "$work/outbox" --access-ttl 86400 \
    --code-requests-per-client-hour 0 \
    --log-level warning >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
exec 3<"$work/stdout"
read -r -t 60 port <&3 || { echo "contract: habits-server did not start" >&2; cat "$work/stderr" >&2; exit 1; }
base="http://127.0.0.1:$port/api"
echo "contract: habits-server pid $server_pid on port $port"

json='Content-Type: application/json'
email=contract@example.com
curl -sf -H "$json" -d "{\"email\": \"$email\"}" "$base/auth/email/" >/dev/null
code=$(grep -h '^Your habits sign-in code: ' "$work"/outbox/*.eml | tail -n 1 | sed 's/.*: //')
tokens=$(curl -sf -H "$json" -d "{\"email\": \"$email\", \"code\": \"$code\"}" "$base/auth/token/")
token=$(echo "$tokens" | sed -E 's/.*"access":"([^"]+)".*/\1/')
[ -n "$token" ] || { echo "contract: sign-in failed: $tokens" >&2; exit 1; }

# The refusals openapi.yaml states as schema rules: each refused input must
# be schema-invalid there and refused by the server (Tests/Contract/refusals.py).
"$venv/bin/python" "$root/Tests/Contract/refusals.py" \
    "$root/Sources/HabitServer/openapi.yaml" "$base" "$token" || exit 1

seed_option=()
[ -n "${SEED:-}" ] && seed_option=(--seed "$SEED")
echo "contract: schemathesis $installed, all checks, ${seconds}s"
set +e
HABITS_CONTRACT_TOKEN=$token SCHEMATHESIS_HOOKS="$root/Tests/Contract/hooks.py" \
    "$venv/bin/schemathesis" --config-file "$root/Tests/Contract/schemathesis.toml" \
    run "$root/Sources/HabitServer/openapi.yaml" \
    --url "$base" -c all \
    --max-time "$seconds" --workers "$workers" --request-timeout 10 \
    --generation-database none --no-color "${seed_option[@]}" \
    2>&1 | tee "$work/output"
status=${PIPESTATUS[0]}
set -e

# Schemathesis' summary: "Test cases: N generated, M found K unique failures"
# (or "N generated, N passed" when there are none).
summary=$(grep -E '^ *[0-9]+ generated' "$work/output" | tail -n 1)
cases=$(echo "$summary" | grep -oE '^ *[0-9]+' | tr -d ' ')
failures=$(echo "$summary" | grep -oE '[0-9]+ unique failures?' | grep -oE '^[0-9]+' || true)
if [ -z "$failures" ] && [ "$status" -eq 0 ]; then failures=0; fi
if kill -0 "$server_pid" 2>/dev/null; then
    alive=yes
else
    alive=no
fi
echo "contract: ${cases:-?} cases, ${failures:-?} failures (schemathesis $installed)"
[ "$alive" = yes ] || { echo "contract: habits-server died during the run" >&2; cat "$work/stderr" >&2; exit 1; }
exit "$status"
