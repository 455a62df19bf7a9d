#!/usr/bin/env python3
"""Counts the bytes a client exchanges with a habits-server over loopback.

    count-bytes.py UPSTREAM_PORT

Listens on 127.0.0.1 (a free port, printed as the first line of standard
output), forwards every connection to 127.0.0.1:UPSTREAM_PORT, and counts
the bytes each way. On SIGUSR1 it prints one line and resets the counts:
"connections N sent S received R total T" (sent: client to server). Stops
on SIGTERM. Only ever connects to 127.0.0.1.
"""

import asyncio
import signal
import sys

counts = {"connections": 0, "sent": 0, "received": 0}


async def pipe(reader, writer, key):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            counts[key] += len(data)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except (ConnectionError, OSError):
            pass


async def serve(upstream_port, client_reader, client_writer):
    counts["connections"] += 1
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", upstream_port)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(
        pipe(client_reader, server_writer, "sent"),
        pipe(server_reader, client_writer, "received"),
    )


def report():
    total = counts["sent"] + counts["received"]
    print(
        f"connections {counts['connections']} sent {counts['sent']} "
        f"received {counts['received']} total {total}",
        flush=True,
    )
    for key in counts:
        counts[key] = 0


async def main():
    upstream_port = int(sys.argv[1])
    server = await asyncio.start_server(
        lambda r, w: serve(upstream_port, r, w), "127.0.0.1", 0
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGUSR1, report)
    loop.add_signal_handler(signal.SIGTERM, lambda: stop.done() or stop.set_result(None))
    async with server:
        await stop


asyncio.run(main())
