#!/usr/bin/env python3
"""The exporter benchmark: `cogctl metrics` over 200 queues and 100 live processes (with
in-progress lists, retry and dead sets of 10,000 entries each). Measures, in one run:

* the HTTP scrape latency of `cogctl metrics --listen` (keep-alive client, sequential, then
  8 clients at once), and Redis commands per scrape (INFO commandstats);
* the one-shot `cogctl metrics` (process start included) beside the baseline: redis-cli
  --pipe sending the very commands one scrape sends (captured with MONITOR), which is the
  least a process can do to read the same data.

Measured, not asserted: it prints the figures and exits 0 (non-zero only when a command fails).
Run it through `./tasks bench metrics` (release binary, private redis-server).
"""

import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

from bench import cli, resp

QUEUES = 200
PROCESSES = 100
SET_SIZE = 10_000


def seed(sock, now):
    pipe = subprocess.Popen(["redis-cli", "-s", sock, "--pipe"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    w = pipe.stdin.write
    w(resp(b"FLUSHDB"))
    for q in range(QUEUES):
        name = f"queue-{q:03d}".encode()
        w(resp(b"SADD", b"cogworker:queues", name))
        for j in range(5):
            job = (b'{"class":"Bench::Job","args":[%d],"jid":"%024x","queue":"%s",'
                   b'"retry":true,"created_at":%.4f,"enqueued_at":%.4f}'
                   % (j, q * 10 + j, name, now - 60, now - 60 + j))
            w(resp(b"LPUSH", b"cogworker:queue:" + name, job))
    w(resp(b"SADD", b"cogworker:paused_queues", b"queue-007"))
    for p in range(PROCESSES):
        ident = f"host-{p % 10}:{1000 + p}:{p:012x}".encode()
        info = (b'{"hostname":"host-%d","pid":%d,"concurrency":10,"queues":["queue-%03d"],'
                b'"started_at":%.4f,"rss_kb":%d}' % (p % 10, 1000 + p, p % QUEUES, now - 3600,
                                                      200_000 + p))
        w(resp(b"SADD", b"cogworker:processes", ident))
        w(resp(b"HSET", b"cogworker:process:" + ident, b"info", info, b"busy", b"3",
               b"quiet", b"false"))
        w(resp(b"EXPIRE", b"cogworker:process:" + ident, b"3600"))
        w(resp(b"SADD", b"cogworker:inprogress_identities", ident))
        w(resp(b"HSET", b"cogworker:last_beat", ident, b"%d" % int(now)))
        for j in range(3):
            w(resp(b"LPUSH", b"cogworker:inprogress:" + ident, b'{"class":"Bench::Job","jid":"%024x"}' % j))
    for key in (b"cogworker:retry", b"cogworker:dead"):
        batch = []
        for i in range(SET_SIZE):
            batch += [b"%.3f" % (now - i), b'{"class":"Bench::Job","jid":"%024x","error_message":"boom"}' % i]
            if len(batch) == 2000:
                w(resp(b"ZADD", key, *batch))
                batch = []
        if batch:
            w(resp(b"ZADD", key, *batch))
    w(resp(b"SET", b"cogworker:stats:processed", b"123456789"))
    w(resp(b"SET", b"cogworker:stats:failed", b"4321"))
    pipe.stdin.close()
    report = pipe.stdout.read().decode()
    if pipe.wait() != 0 or "errors: 0" not in report:
        sys.exit("seeding failed:\n" + report)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def commands_total(sock):
    out = cli(sock, "INFO", "commandstats")
    total = 0
    for line in out.splitlines():
        m = re.match(r"cmdstat_(\w+):calls=(\d+)", line)
        if m and m.group(1) not in ("info", "config", "monitor", "ping"):
            total += int(m.group(2))
    return total


def scrape(conn):
    conn.request("GET", "/metrics")
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        sys.exit(f"scrape answered {r.status}: {body[:300]!r}")
    return body


def capture_commands(sock, cogctl, env):
    """The commands one one-shot scrape sends, as RESP, from MONITOR."""
    mon = socket.socket(socket.AF_UNIX)
    mon.connect(sock)
    mon.sendall(resp(b"MONITOR"))
    mon.settimeout(2)
    got = mon.recv(1 << 16)  # +OK
    subprocess.run([cogctl, "metrics"], env=env, stdout=subprocess.DEVNULL, check=True)
    mon.settimeout(0.5)
    chunks = [got]
    try:
        while chunk := mon.recv(1 << 20):
            chunks.append(chunk)
    except socket.timeout:
        pass
    mon.close()
    out = b"".join(chunks).decode("utf-8", "replace")
    commands = []
    for line in out.splitlines():
        words = re.findall(r'"((?:[^"\\]|\\.)*)"', line)
        if not words or words[0].upper() in ("PING", "CLIENT", "HELLO", "SELECT"):
            continue
        commands.append(resp(*[w.encode().decode("unicode_escape").encode("latin-1") for w in words]))
    return commands


def timed(cmd, env, stdin=None, runs=21):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(cmd, env=env, input=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times), max(times)


def ms(s):
    return f"{s * 1000:.2f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--scrapes", type=int, default=300)
    args = ap.parse_args()
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{args.socket}"}
    now = time.time()
    seed(args.socket, now)
    print(f"seeded {QUEUES} queues, {PROCESSES} live processes with in-progress lists, "
          f"retry and dead sets of {SET_SIZE:,} entries")

    port = free_port()
    server = subprocess.Popen([args.cogctl, "metrics", "--listen", f"127.0.0.1:{port}", "--quiet"],
                              env=env, stdin=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                scrape(conn)
                break
            except OSError:
                time.sleep(0.05)
        for _ in range(20):
            body = scrape(conn)
        lines = sum(1 for l in body.splitlines() if not l.startswith(b"#"))
        cli(args.socket, "CONFIG", "RESETSTAT")
        before = commands_total(args.socket)
        lat = []
        for _ in range(args.scrapes):
            started = time.perf_counter()
            scrape(conn)
            lat.append(time.perf_counter() - started)
        per_scrape = (commands_total(args.socket) - before) / args.scrapes
        lat.sort()
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]

        done = []
        def client():
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            for _ in range(50):
                scrape(c)
            done.append(1)
        started = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - started
        if len(done) != 8:
            sys.exit("a concurrent client failed")
        with open(f"/proc/{server.pid}/status") as f:
            hwm = next(l.split()[1] for l in f if l.startswith("VmHWM"))
    finally:
        server.terminate()
        server.wait()

    commands = capture_commands(args.socket, args.cogctl, env)
    base = timed(["redis-cli", "-s", args.socket, "--pipe"], env, stdin=b"".join(commands))
    ours = timed([args.cogctl, "metrics"], env)

    print()
    print(f"exposition: {lines} samples ({len(body):,} bytes)")
    print(f"Redis commands per scrape: {per_scrape:.0f} (INFO commandstats over {args.scrapes} scrapes)")
    print(f"HTTP scrape, sequential keep-alive: median {ms(statistics.median(lat))}, "
          f"p95 {ms(p(0.95))}, p99 {ms(p(0.99))}, max {ms(lat[-1])}")
    print(f"HTTP scrape, 8 clients × 50: {400 / wall:.0f} scrapes/s ({wall:.2f} s)")
    print(f"exporter peak RSS: {int(hwm) / 1024:.1f} MB")
    print()
    print("one-shot, process start included (median of 21 [min – max]):")
    print(f"  redis-cli --pipe of the same {len(commands)} commands: {ms(base[0])} [{ms(base[1])} – {ms(base[2])}]")
    print(f"  cogctl metrics:                             {ms(ours[0])} [{ms(ours[1])} – {ms(ours[2])}]"
          f"  = {ours[0] / base[0]:.2f}× the baseline")


if __name__ == "__main__":
    main()
