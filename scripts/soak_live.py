"""The client side of scripts/soak-live: accounts, open streams, changes, quiet, and the figures.

Standard library only: plain sockets for the event streams (the script decides when each one
closes), urllib for the API, /proc for the server's CPU time and memory.
"""
import argparse
import json
import os
import selectors
import socket
import sys
import time
import urllib.request

PASSWORD = "a long passphrase for the soak"


def api(port, method, path, body=None, token=None, address=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if address:
        request.add_header("X-Forwarded-For", address)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


def metrics(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
        values = {}
        for line in response.read().decode().splitlines():
            if line.startswith("tend_live_"):
                name, value = line.rsplit(" ", 1)
                values[name] = float(value)
        return values


def cpu_ticks(pid):
    """utime + stime of the process, in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def open_stream(port, token):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(
        (f"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
         f"Authorization: Bearer {token}\r\n\r\n").encode())
    connection.setblocking(False)
    return connection


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=10)
    options = parser.parse_args()
    port, pid = options.port, options.pid
    ticks_per_second = os.sysconf("SC_CLK_TCK")

    users = []
    for index in range(options.users):
        name, address = f"soak{index}", f"10.0.{index // 250}.{index % 250 + 1}"
        profile = {"username": name, "password": PASSWORD, "timeZone": "Europe/Berlin"}
        api(port, "POST", "/api/v1/users", profile, address=address)
        token = api(port, "POST", "/api/v1/tokens", {"username": name, "password": PASSWORD, "name": "soak"},
                    address=address)["token"]
        habit = api(port, "POST", "/api/v1/habits", {"name": "Water", "type": "count", "target": 8}, token=token)["id"]
        day = api(port, "GET", "/api/v1/today", token=token)["day"]
        users.append((token, habit, day))

    selector = selectors.DefaultSelector()
    received = {}
    for index in range(options.streams):
        connection = open_stream(port, users[index % len(users)][0])
        selector.register(connection, selectors.EVENT_READ, index)
        received[index] = b""

    def drain(seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for key, _ in selector.select(timeout=max(0, min(0.1, deadline - time.monotonic()))):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                received[key.data] += data

    drain(2)
    opened = metrics(port)
    print(f"streams open: {opened.get('tend_live_streams', 0):.0f} of {options.streams}, "
          f"watchers {opened.get('tend_live_watchers', 0):.0f} (users {len(users)})")

    polls_before = metrics(port).get("tend_live_polls_total", 0)
    ticks_before = cpu_ticks(pid)
    started = time.monotonic()
    for index in range(options.changes):
        token, habit, day = users[index % len(users)]
        api(port, "POST", f"/api/v1/habits/{habit}/days/{day}/increment", {"by": 1}, token=token)
        if index % 50 == 0:
            drain(0)
    elapsed = time.monotonic() - started
    drain(3)
    change_ticks = cpu_ticks(pid) - ticks_before
    polls_changes = metrics(port).get("tend_live_polls_total", 0) - polls_before
    events = sum(chunk.count(b"event: change") for chunk in received.values())
    print(f"changes: {options.changes} in {elapsed:.1f} s; change events delivered: {events} "
          f"(at most one per stream per change: {options.changes * options.streams // len(users)}); "
          f"watcher polls: {polls_changes:.0f}; server CPU {change_ticks / ticks_per_second:.2f} s")
    silent = [index for index, chunk in received.items() if b"event: change" not in chunk]
    if silent:
        print(f"FAIL: {len(silent)} streams heard of no change", file=sys.stderr)
        sys.exit(1)

    polls_before = metrics(port).get("tend_live_polls_total", 0)
    ticks_before = cpu_ticks(pid)
    drain(options.idle)
    idle_ticks = cpu_ticks(pid) - ticks_before
    after = metrics(port)
    idle_polls = after.get("tend_live_polls_total", 0) - polls_before
    print(f"idle {options.idle:.0f} s: server CPU {idle_ticks / ticks_per_second:.2f} s "
          f"({100 * idle_ticks / ticks_per_second / options.idle:.1f} % of a core), watcher polls {idle_polls:.0f} "
          f"({idle_polls / options.idle / max(1, after.get('tend_live_watchers', 1)):.2f} per watcher per second), "
          f"watchers {after.get('tend_live_watchers', 0):.0f}, streams {after.get('tend_live_streams', 0):.0f}, "
          f"RSS {rss_kib(pid) / 1024:.1f} MiB")

    closed_at = time.monotonic()
    for key in list(selector.get_map().values()):
        selector.unregister(key.fileobj)
        key.fileobj.close()
    left = after
    while time.monotonic() - closed_at < 30:
        left = metrics(port)
        if left.get("tend_live_streams", 0) == 0 and left.get("tend_live_watchers", 0) == 0:
            break
        time.sleep(0.05)
    released = time.monotonic() - closed_at
    print(f"all streams closed: released in {released:.2f} s; streams {left.get('tend_live_streams', 0):.0f}, "
          f"watchers {left.get('tend_live_watchers', 0):.0f}; RSS {rss_kib(pid) / 1024:.1f} MiB")
    ticks_before = cpu_ticks(pid)
    time.sleep(3)
    print(f"after closing, 3 s: server CPU {(cpu_ticks(pid) - ticks_before) / ticks_per_second:.2f} s")
    if left.get("tend_live_streams", 0) or left.get("tend_live_watchers", 0):
        print("FAIL: streams or watchers left after closing", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
