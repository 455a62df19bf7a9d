#!/usr/bin/env python3
"""Holds many idle or slow connections to a habits-server on 127.0.0.1.

    hold-connections.py PORT MODE COUNT SECONDS [INTERVAL]

MODE idle: each connection sends one request, reads the answer, then sits
idle on the kept-alive connection; when the server closes it (idle timeout)
it is opened again at once, so COUNT are held all the time.
MODE slowloris: each connection sends a request line and then one header
byte every INTERVAL seconds (default 3), never finishing the head; when the
server answers (408 at its header deadline) and closes, it starts again.

Bounded: stops after SECONDS, only ever connects to 127.0.0.1, and opens at
most COUNT connections at once. Prints "hold: ready" once every connection
is in place (idle after its answer, or slow after its first bytes), and one
line of counts at the end (after SECONDS, or at once on SIGTERM):
connections opened, answers by status, closes by the server, and refusals.
"""

import asyncio
import os
import resource
import signal
import sys
import time


def raise_descriptor_limit(count):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, count + 256))
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if wanted < count + 64:
        sys.exit(f"hold: the descriptor limit ({hard}) is too low for {count} connections")


class Counts:
    def __init__(self):
        self.opened = 0
        self.held = 0
        self.peak_held = 0
        self.statuses = {}
        self.closed_by_server = 0
        self.connect_failures = 0
        self.ready = set()
        self.count = 0

    def in_place(self, index):
        if index in self.ready:
            return
        self.ready.add(index)
        if len(self.ready) == self.count:
            print("hold: ready", flush=True)

    def status(self, code):
        self.statuses[code] = self.statuses.get(code, 0) + 1

    def line(self):
        statuses = " ".join(f"{code}:{n}" for code, n in sorted(self.statuses.items()))
        return (
            f"hold: opened {self.opened}, peak held {self.peak_held}, answers [{statuses}], "
            f"closed by the server {self.closed_by_server}, connect failures {self.connect_failures}"
        )


async def read_status(reader):
    """Reads one response; returns its status code (the body is read and dropped)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    if length:
        await reader.readexactly(length)
    return status


async def hold_one(port, mode, interval, deadline, counts, index):
    request_line = f"GET /api/hold/{index}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            counts.connect_failures += 1
            await asyncio.sleep(1)  # Back off instead of spinning on a refused connect.
            continue
        counts.opened += 1
        counts.held += 1
        counts.peak_held = max(counts.peak_held, counts.held)
        try:
            if mode == "idle":
                writer.write(request_line + b"\r\n")
                await writer.drain()
                counts.status(await read_status(reader))
                counts.in_place(index)
                # Idle until the server closes the connection or the run ends.
                remaining = deadline - time.monotonic()
                data = await asyncio.wait_for(reader.read(1), timeout=max(0.1, remaining))
                if data == b"":
                    counts.closed_by_server += 1
            else:
                writer.write(request_line + b"X-Slow: ")
                await writer.drain()
                counts.in_place(index)
                answered = asyncio.ensure_future(read_status(reader))
                while not answered.done() and time.monotonic() < deadline:
                    done, _ = await asyncio.wait({answered}, timeout=interval)
                    if not done:
                        writer.write(b"a")
                        await writer.drain()
                if answered.done():
                    counts.status(answered.result())
                    counts.closed_by_server += 1
                else:
                    answered.cancel()
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            counts.held -= 1
            writer.close()


async def main():
    if len(sys.argv) < 5 or sys.argv[2] not in ("idle", "slowloris"):
        sys.exit(__doc__)
    port, mode, count, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    interval = float(sys.argv[5]) if len(sys.argv) > 5 else 3.0
    if not (0 < count <= 20000 and 0 < seconds <= 600):
        sys.exit("hold: COUNT must be 1 to 20000 and SECONDS 1 to 600")
    raise_descriptor_limit(count)
    counts = Counts()
    counts.count = count
    deadline = time.monotonic() + seconds

    def stop():
        print(counts.line(), flush=True)
        os._exit(0)

    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)

    async def report():
        while time.monotonic() < deadline:
            await asyncio.sleep(5)
            print(f"hold: {counts.held} held", flush=True)

    reporter = asyncio.ensure_future(report())
    tasks = []
    for index in range(count):
        tasks.append(asyncio.ensure_future(hold_one(port, mode, interval, deadline, counts, index)))
        if index % 200 == 199:
            await asyncio.sleep(0.05)  # Open them over a second or two, not all in one burst.
    await asyncio.gather(*tasks, return_exceptions=True)
    reporter.cancel()
    print(counts.line(), flush=True)


asyncio.run(main())
