"""Open `/events` streams for scripts/load-hosted and count what they receive.

    python3 scripts/load_hosted_streams.py RESULT SECONDS PORT_A PORT_B FIRST COUNT STREAMS

Opens STREAMS server-sent-event streams, one per user load-FIRST … (cycling through COUNT users),
each as a browser would (the session cookie load-session-N). A user with an even number follows
instance B and an odd one instance A: the load's check-ins for that user go to the other instance,
so every event a stream receives crossed from one `tend serve` to the other through the op log.
After SECONDS it writes RESULT (JSON): streams opened, refused, ended early, events received.
"""

import asyncio
import json
import sys


async def follow(port: int, user: int, stop: asyncio.Event, counts: dict) -> None:
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        counts["refused"] += 1
        return
    writer.write(
        (
            f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
            f"Cookie: tend_session=load-session-{user}\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        counts["refused"] += 1
        counts["statuses"].append(status.decode(errors="replace").strip())
        writer.close()
        return
    counts["opened"] += 1
    reading = asyncio.ensure_future(read_events(reader, counts))
    stopping = asyncio.ensure_future(stop.wait())
    done, _ = await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
    if reading in done:
        counts["ended_early"] += 1
    reading.cancel()
    stopping.cancel()
    writer.close()


async def read_events(reader: asyncio.StreamReader, counts: dict) -> None:
    while True:
        line = await reader.readline()
        if not line:
            return
        if line.startswith(b"event: change"):
            counts["events"] += 1


async def main() -> None:
    result, seconds, port_a, port_b, first, count, streams = sys.argv[1:8]
    counts = {"opened": 0, "refused": 0, "ended_early": 0, "events": 0, "statuses": []}
    stop = asyncio.Event()
    tasks = []
    for index in range(int(streams)):
        user = int(first) + index % int(count)
        port = int(port_b) if user % 2 == 0 else int(port_a)
        tasks.append(asyncio.ensure_future(follow(port, user, stop, counts)))
    await asyncio.sleep(float(seconds))
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    counts["statuses"] = counts["statuses"][:5]
    with open(result, "w") as file:
        json.dump(counts, file)


asyncio.run(main())
