"""Schemathesis hooks of Tests/Contract/run.sh.

Each generated Idempotency-Key that the server would accept gets a suffix
unique to the request (of the schema-valid cases). Without it the generator repeats short keys ("0",
'"0"') across requests, and the server answers as the contract says: 422 for
the same key with another body, or the remembered answer of an earlier
request (a habit created then and deleted since), which the checks would
take for the server's fault. Keys the server refuses are left as generated,
so the header's rules are still fuzzed. The replay rules themselves are
tested in Tests/HabitServerTests/App/API/IdempotencyKeyTests.swift.
"""

import re
import uuid

import schemathesis

HEADER = "idempotency-key"
QUOTED = re.compile(r'^"(?:[!#-\[\]-~]|\\["\\]){1,255}"$')
BARE = re.compile(r"^[A-Za-z0-9!#$%&'*+.^_`|~:/-]{1,255}$")


def _unique(value: str) -> str:
    suffix = "-" + uuid.uuid4().hex[:16]
    if QUOTED.match(value):
        inner = value[1:-1]
        # Cut whole characters or escape pairs only, so the result stays a key.
        while len(re.findall(r'\\.|.', inner)) + len(suffix) > 255:
            inner = inner[:-2] if inner.endswith('\\"') or inner.endswith("\\\\") else inner[:-1]
        return '"' + inner + suffix + '"'
    if BARE.match(value):
        return value[: 255 - len(suffix)] + suffix
    return value


@schemathesis.hook
def before_call(context, case, kwargs):
    # Every phase ends here, the coverage phase's fixed cases included. Only
    # schema-valid cases are changed: editing a case makes Schemathesis check
    # it again, which would turn a negative one (a header left out on
    # purpose) positive; and for a negative case a 422 is a rejection anyway.
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == HEADER and isinstance(headers[name], str):
            headers[name] = _unique(headers[name])
