"""The refusals openapi.yaml states as schema rules, checked both ways.

    python refusals.py OPENAPI BASE_URL ACCESS_TOKEN

Tests/Contract/run.sh runs it (with the virtualenv's Python, which has
PyYAML and jsonschema_rs through Schemathesis) before Schemathesis. Each
input below is one the server refuses and that JSON Schema can describe:
the document must call it schema-invalid, and the server must answer it
with the status given, so the rule is written where every server of the
contract and every generated case sees it. Each accepted input next to it
must stay schema-valid, so no rule is stated wider than the server's.

Schemathesis found these five as "schema-valid input refused"; rules no
schema states (a time zone name, one emoji, sums and ranges, a host that
resolves) stay exceptions in schemathesis.toml, each with its reason. The
history route's range rules are such exceptions: the last list below checks
that each part of such a request is schema-valid and that the server
refuses the whole with 400 naming the parameter its prose names.
"""

import json
import sys
import urllib.error
import urllib.request

import jsonschema_rs
import yaml


def resolved(node, document):
    """`node` with every $ref replaced and OpenAPI 3.0's `nullable` as JSON Schema's null."""
    if isinstance(node, list):
        return [resolved(item, document) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return resolved(target, document)
    result = {key: resolved(value, document) for key, value in node.items() if key != "nullable"}
    if node.get("nullable") is True:
        return {"anyOf": [result, {"type": "null"}]}
    return result


def body_schema(document, path, method):
    operation = document["paths"][path][method]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    return resolved(schema, document)


def parameter_schema(document, path, method, name):
    operation = document["paths"][path][method]
    for parameter in operation.get("parameters", []):
        if parameter.get("name") == name:
            return resolved(parameter["schema"], document)
    raise KeyError(f"{method.upper()} {path} has no parameter {name}")


def valid(schema, value):
    return jsonschema_rs.Draft4Validator(schema).is_valid(value)


def call(base, token, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def main():
    openapi, base, token = sys.argv[1:4]
    with open(openapi, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    problems = []

    new_habit = {
        "name": "Contract refusals", "frequency": "DAILY", "measurement_type": "pages",
        "start_date": "2026-11-01", "action_days": [1, 2, 3, 4, 5, 6, 7], "target_value": 1}
    status, body = call(base, token, "POST", "/me/habits/", new_habit)
    if status != 201:
        print(f"refusals: creating a habit answered {status} {body[:200]!r}", file=sys.stderr)
        return 1
    habit = json.loads(body)["id"]
    reminders = f"/me/habits/{habit}/reminders/"
    channel = {"$ref": "#/components/schemas/ChannelInput"}

    # (what, schema, refused input, request that sends it, status, accepted inputs)
    cases = [
        ("GET /me/changes/ ?since=", parameter_schema(document, "/me/changes/", "get", "since"),
         "", ("GET", "/me/changes/?since=", None), 410, ["c1.1.0", "x"]),
        ("POST /me/webhooks/ url \"\"", body_schema(document, "/me/webhooks/", "post"),
         {"url": ""}, ("POST", "/me/webhooks/", {"url": ""}), 400,
         [{"url": "https://hooks.example.com/h?x=1"}, {"url": "HTTP://10.0.0.1:8080/"}]),
        ("POST /me/webhooks/ url 0000", body_schema(document, "/me/webhooks/", "post"),
         {"url": "00000000"}, ("POST", "/me/webhooks/", {"url": "00000000"}), 400, []),
        ("POST /me/webhooks/ url with a user", body_schema(document, "/me/webhooks/", "post"),
         {"url": "https://me:pw@example.com/"},
         ("POST", "/me/webhooks/", {"url": "https://me:pw@example.com/"}), 400, []),
        ("POST /me/webhooks/ url ftp", body_schema(document, "/me/webhooks/", "post"),
         {"url": "ftp://example.com/"}, ("POST", "/me/webhooks/", {"url": "ftp://example.com/"}),
         400, []),
        ("POST /me/channels/ url \"\"", resolved(channel, document),
         {"kind": "ntfy", "url": ""}, ("POST", "/me/channels/", {"kind": "ntfy", "url": ""}), 400,
         [{"kind": "ntfy", "url": "https://ntfy.sh/topic"}, {"kind": "mail"}]),
        ("POST /me/channels/ url 0000", resolved(channel, document),
         {"kind": "ntfy", "url": "0000"}, ("POST", "/me/channels/", {"kind": "ntfy", "url": "0000"}),
         400, []),
        ("POST /me/tokens/ habit_id with scope read", body_schema(document, "/me/tokens/", "post"),
         {"name": "r", "scope": "read", "habit_id": habit},
         ("POST", "/me/tokens/", {"name": "r", "scope": "read", "habit_id": habit}), 400,
         [{"name": "c", "scope": "check-in", "habit_id": habit},
          {"name": "r", "scope": "read", "habit_id": None}, {"name": "w", "scope": "write"}]),
        ("POST /me/tokens/ habit_id with scope write", body_schema(document, "/me/tokens/", "post"),
         {"name": "w", "scope": "write", "habit_id": 0},
         ("POST", "/me/tokens/", {"name": "w", "scope": "write", "habit_id": 0}), 400, []),
        ("POST …/reminders/ channel_id and webhook_id",
         body_schema(document, "/me/habits/{id}/reminders/", "post"),
         {"time": "08:00", "channel_id": 1, "webhook_id": 1},
         ("POST", reminders, {"time": "08:00", "channel_id": 1, "webhook_id": 1}), 400,
         [{"time": "08:00", "channel_id": 1}, {"time": "08:00", "webhook_id": 1},
          {"time": "08:00"}]),
        ("PATCH /me/ day_starts_at past noon", body_schema(document, "/me/", "patch"),
         {"day_starts_at": "12:30"}, ("PATCH", "/me/", {"day_starts_at": "12:30"}), 400,
         [{"day_starts_at": "00:00"}, {"day_starts_at": "03:00"}, {"day_starts_at": "12:00"},
          {"time_zone": "UTC"}, {"time_zone": "UTC", "day_starts_at": "04:15"}]),
        ("PATCH /me/ with neither setting", body_schema(document, "/me/", "patch"),
         {}, ("PATCH", "/me/", {}), 400, []),
        ("POST /me/habits/ period_days 1", body_schema(document, "/me/habits/", "post"),
         dict(new_habit, frequency="EVERY_N_DAYS", period_days=1),
         ("POST", "/me/habits/", dict(new_habit, frequency="EVERY_N_DAYS", period_days=1)), 400,
         [dict(new_habit, frequency="EVERY_N_DAYS", period_days=3),
          dict(new_habit, goal="AT_MOST", target_value=0, group="Home"),
          dict(new_habit, frequency="MONTHLY", period_days=None, group=None)]),
        ("POST /me/habits/ group \"\"", body_schema(document, "/me/habits/", "post"),
         dict(new_habit, group=""), ("POST", "/me/habits/", dict(new_habit, group="")), 400, []),
        ("POST /me/habits/ position -1", body_schema(document, "/me/habits/", "post"),
         dict(new_habit, position=-1), ("POST", "/me/habits/", dict(new_habit, position=-1)), 400,
         [dict(new_habit, position=0), dict(new_habit, position=2147483647),
          dict(new_habit, position=None)]),
        ("PATCH /me/habits/{id}/ position 2^31", body_schema(document, "/me/habits/{id}/", "patch"),
         {"position": 2147483648}, ("PATCH", f"/me/habits/{habit}/", {"position": 2147483648}),
         400, [{"position": 1024}, {"position": None}]),
    ]
    history = f"/me/habits/{habit}/history/"
    for name in ["from", "to", "today"]:
        cases.append(
            (f"GET …/history/ ?{name}= not a date",
             parameter_schema(document, "/me/habits/{id}/history/", "get", name),
             "2026-02-30", ("GET", f"{history}?{name}=2026-02-30", None), 400,
             ["2026-02-28", "2024-02-29"]))
    for what, schema, refused, (method, path, body), expected, accepted in cases:
        if valid(schema, refused):
            problems.append(f"{what}: openapi.yaml calls {refused!r} valid")
        status, answer = call(base, token, method, path, body)
        if status != expected:
            problems.append(f"{what}: the server answered {status}, not {expected}: {answer[:200]!r}")
        for value in accepted:
            if not valid(schema, value):
                problems.append(f"{what}: openapi.yaml calls {value!r} invalid")

    # Rules joining parameters, which no schema states (each an exception in
    # schemathesis.toml, written in the operation's prose): each part is
    # schema-valid, and the server refuses the whole with 400 naming the
    # parameter given.
    # (what, request path, parameters, the field named)
    joined = [
        ("GET …/history/ from after to", history, {"from": "2026-11-10", "to": "2026-11-09"},
         "to"),
        ("GET …/history/ from after today, no to", history,
         {"from": "2026-11-10", "today": "2026-11-09"}, "from"),
        ("GET …/history/ over 36,600 days", history, {"from": "1926-01-01", "to": "2026-11-30"},
         "to"),
    ]
    for what, path, parameters, field in joined:
        for name, value in parameters.items():
            if not valid(parameter_schema(document, "/me/habits/{id}/history/", "get", name), value):
                problems.append(f"{what}: openapi.yaml calls {name}={value!r} invalid")
        query = "&".join(f"{name}={value}" for name, value in parameters.items())
        status, answer = call(base, token, "GET", f"{path}?{query}")
        named = list(json.loads(answer).get("fields", {})) if status == 400 else []
        if status != 400 or named != [field]:
            problems.append(
                f"{what}: the server answered {status} naming {named}, not 400 naming {field}")
    for problem in problems:
        print(f"refusals: {problem}", file=sys.stderr)
    print(f"refusals: {len(cases) + len(joined)} refusals, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
