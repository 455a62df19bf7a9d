#!/usr/bin/env python3
"""Parses a calendar feed with the PyPI icalendar library (a maintained
RFC 5545 parser, not ours) and prints what it read as JSON, for
CalendarFeedParsingTests to check:

    parse_feed.py FEED.ics

Output: {"version": ..., "calendar": {"VERSION", "PRODID"},
"events": [{"uid", "start", "end", "start_is_date", "summary", "stamp"}],
"long_lines": N, "bare_newlines": N}. Exits 1 (a message on stderr) when
the library cannot read the feed.
"""
import datetime
import json
import sys

import icalendar


def main() -> int:
    raw = open(sys.argv[1], "rb").read()
    lines = raw.split(b"\r\n")
    long_lines = sum(1 for line in lines if len(line) > 75)
    bare_newlines = raw.replace(b"\r\n", b"").count(b"\n")
    try:
        calendar = icalendar.Calendar.from_ical(raw.decode("utf-8"))
    except Exception as error:  # the library's own errors vary by version
        print(f"icalendar cannot read the feed: {error}", file=sys.stderr)
        return 1
    events = []
    for event in calendar.walk("VEVENT"):
        start = event.decoded("DTSTART")
        end = event.decoded("DTEND")
        events.append({
            "uid": str(event.get("UID")),
            "start": start.isoformat(),
            "end": end.isoformat(),
            "start_is_date": type(start) is datetime.date,
            "summary": str(event.get("SUMMARY")),
            "stamp": event.decoded("DTSTAMP").isoformat(),
        })
    print(json.dumps({
        "version": icalendar.__version__,
        "calendar": {"VERSION": str(calendar.get("VERSION")), "PRODID": str(calendar.get("PRODID"))},
        "events": events,
        "long_lines": long_lines,
        "bare_newlines": bare_newlines,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
