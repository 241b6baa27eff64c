#!/usr/bin/env python3
"""The service benchmark: what `worker --listen` costs the jobs. `cogctl worker --burst -c 10`
works the same seeded builtin:noop jobs without --listen and with it, its /metrics scraped 10
times a second by a keep-alive client the whole time, the two alternated run by run in the same
invocation (same Redis, same machine load). Prints the throughput of each (median of the runs),
their ratio against the target (>= 95 %), the worker's CPU time per 1000 jobs in each mode (which
the machine's other load disturbs less than wall time), and the scrape latency seen by the client
(median, p99, max; target p99 <= 5 ms). Then, apart from any job, what one scrape costs: an idle
worker scraped back to back, its CPU per scrape and the latency, and probed on a new
connection each time as a kubelet does; and that probe's latency while a flood holds more
connections than the server's cap (partial requests, idle keep-alives): --flood-only runs only
this part.

Measured, not asserted: it exits non-zero only when a command fails or a job is lost.
Run it through `./tasks bench service` (release binary, private redis-server).
"""

import argparse
import http.client
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time

from worker import QUEUE, seed
from bench import cli

SCRAPE_EVERY = 0.1
# /healthz requests on a new connection each, as a kubelet sends them, against the idle worker.
PROBES = 200


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Scraper(threading.Thread):
    """GET /metrics every SCRAPE_EVERY seconds on one keep-alive connection, from the moment
    the server answers until told to stop; the latency of each scrape, in seconds."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.stop = threading.Event()
        self.latencies = []
        self.errors = 0
        self.failures = []

    def run(self):
        conn = None
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/metrics")
                r = conn.getresponse()
                body = r.read()
                elapsed = time.perf_counter() - started
                if r.status != 200 or b"cogctl_worker_jobs_total" not in body:
                    self.failures.append(f"{r.status}: {body[:200]!r}")
                else:
                    self.latencies.append(elapsed)
            except OSError:
                # Not listening yet, or gone at the end of the run.
                self.errors += 1
                conn = None
            next_at = started + SCRAPE_EVERY
            self.stop.wait(max(0.0, next_at - time.perf_counter()))


def run_once(sock, binary, n, concurrency, listen):
    """One burst over n seeded jobs: (jobs/s, the worker's CPU seconds, scraper or None)."""
    seed(sock, binary, n)
    # The worker is the only child waited for between the two readings.
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "--quiet", "--json", "worker", "--burst", "-c", str(concurrency),
           "--handler", "Bench=builtin:noop"]
    scraper = None
    if listen:
        port = free_port()
        cmd += ["--listen", f"127.0.0.1:{port}"]
        scraper = Scraper(port)
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if scraper:
        scraper.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    if scraper:
        scraper.stop.set()
        scraper.join()
    if proc.returncode != 0:
        sys.exit(f"cogctl worker exited {proc.returncode}:\n{err.decode()[-2000:]}")
    summary = json.loads(out)
    if summary["processed"] != n or int(cli(sock, "EXISTS", QUEUE)) != 0:
        sys.exit(f"the worker did not process every job: {summary}")
    if scraper and scraper.failures:
        sys.exit(f"a scrape failed: {scraper.failures[0]}")
    return n / wall, cpu, scraper


def process_cpu(pid):
    """User + system CPU seconds of a running process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def listening_worker(sock, binary):
    """An idle `cogctl worker --listen` on a free port of an emptied Redis, once it answers
    /healthz: (its process, the port)."""
    cli(sock, "FLUSHALL")
    port = free_port()
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    proc = subprocess.Popen([binary, "--quiet", "worker", "--listen", f"127.0.0.1:{port}",
                             "--handler", "Bench=builtin:noop"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/healthz")
            c.getresponse().read()
            c.close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.terminate()
    sys.exit("the idle worker never answered")


def idle_scrapes(sock, binary, n):
    """An idle worker with --listen scraped n times back to back on one keep-alive connection:
    (the worker's CPU seconds per scrape, less what it spends idle; the latencies)."""
    proc, port = listening_worker(sock, binary)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/metrics")
        conn.getresponse().read()
        # What the worker spends with nothing to do (its heartbeat, its blocked fetches).
        time.sleep(1)
        idle_from, idle_at = process_cpu(proc.pid), time.perf_counter()
        time.sleep(3)
        idle_rate = (process_cpu(proc.pid) - idle_from) / (time.perf_counter() - idle_at)
        cpu_from, started = process_cpu(proc.pid), time.perf_counter()
        latencies = []
        for _ in range(n):
            t = time.perf_counter()
            conn.request("GET", "/metrics")
            conn.getresponse().read()
            latencies.append(time.perf_counter() - t)
        wall = time.perf_counter() - started
        used = process_cpu(proc.pid) - cpu_from - idle_rate * wall
        # A kubelet opens a new connection for every probe: /healthz that way.
        probes = []
        for _ in range(PROBES):
            t = time.perf_counter()
            fresh = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            fresh.request("GET", "/healthz")
            fresh.getresponse().read()
            fresh.close()
            probes.append(time.perf_counter() - t)
            time.sleep(0.01)
        return max(used, 0.0) / n, latencies, probes
    finally:
        proc.terminate()
        proc.wait()


# Connections a flood holds open: more than the server's cap of 256.
FLOOD = 300
FLOOD_LINE = b"GET /healthz HTTP/1.1\r\nHost: flood\r\nX-Slow: "


def flood(port, kind, stop):
    """Hold FLOOD connections open the `kind` way (partial: a partial request line, then
    nothing; keepalive: a whole request answered, then idle) until `stop` is set, opening a
    new one for each the server closes: how many the server closed."""
    def open_one():
        try:
            c = socket.create_connection(("127.0.0.1", port), timeout=5)
            c.setblocking(False)
            c.sendall(FLOOD_LINE[:8] if kind == "partial"
                      else b"GET /healthz HTTP/1.1\r\nHost: flood\r\n\r\n")
            return c
        except OSError:
            return None
    conns = [open_one() for _ in range(FLOOD)]
    closed = 0
    while not stop.is_set():
        stop.wait(0.1)
        for i, c in enumerate(conns):
            gone = c is None
            if c is not None:
                try:
                    gone = c.recv(4096) == b""
                except BlockingIOError:
                    gone = False
                except OSError:
                    gone = True
            if gone:
                if c is not None:
                    closed += 1
                    c.close()
                conns[i] = open_one()
    for c in conns:
        if c is not None:
            c.close()
    return closed


def flood_probes(sock, binary, rounds):
    """An idle worker with --listen, while each kind of flood holds more connections than
    its cap: /healthz on a new connection every 200 ms, `rounds` times. Per kind, the probe
    latencies and how many held connections the server closed."""
    proc, port = listening_worker(sock, binary)
    try:
        results = {}
        for kind in ("partial", "keepalive"):
            stop = threading.Event()
            closed = []
            flooder = threading.Thread(target=lambda: closed.append(flood(port, kind, stop)))
            flooder.start()
            time.sleep(0.5)
            latencies = []
            for _ in range(rounds):
                t = time.perf_counter()
                fresh = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                fresh.request("GET", "/healthz")
                r = fresh.getresponse()
                r.read()
                fresh.close()
                if r.status != 200:
                    sys.exit(f"a probe under a {kind} flood got {r.status}")
                latencies.append(time.perf_counter() - t)
                time.sleep(0.2)
            stop.set()
            flooder.join()
            results[kind] = (sorted(latencies), closed[0])
        return results
    finally:
        proc.terminate()
        proc.wait()


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--jobs", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--concurrency", type=int, default=10)
    ap.add_argument("--idle-scrapes", type=int, default=2000)
    ap.add_argument("--flood-probes", type=int, default=100,
                    help="probes under each kind of flood of held connections")
    ap.add_argument("--flood-only", action="store_true",
                    help="only the probes under a flood of held connections")
    args = ap.parse_args()
    if args.flood_only:
        print_flood(args)
        return

    plain, listening, latencies = [], [], []
    cpu_plain, cpu_listening = [], []
    for i in range(args.runs):
        # Alternated, so a drift in the machine's load touches both alike.
        for listen in ((False, True) if i % 2 == 0 else (True, False)):
            rate, cpu, scraper = run_once(args.socket, args.cogctl, args.jobs,
                                          args.concurrency, listen)
            per_1000 = cpu / args.jobs * 1000 * 1000
            if listen:
                listening.append(rate)
                cpu_listening.append(per_1000)
                latencies.extend(scraper.latencies)
                print(f"run {i + 1}, --listen scraped 10/s: {rate:>9,.0f} jobs/s, "
                      f"{per_1000:.1f} ms CPU per 1000 jobs ({len(scraper.latencies)} scrapes)")
            else:
                plain.append(rate)
                cpu_plain.append(per_1000)
                print(f"run {i + 1}, without --listen:      {rate:>9,.0f} jobs/s, "
                      f"{per_1000:.1f} ms CPU per 1000 jobs")

    base, served = statistics.median(plain), statistics.median(listening)
    ratio = served / base
    cpu_base, cpu_served = statistics.median(cpu_plain), statistics.median(cpu_listening)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else None
    print()
    print(f"{args.jobs:,} builtin:noop jobs, -c {args.concurrency}, median of {args.runs} runs each:")
    print(f"  without --listen (the baseline):      {base:>9,.0f} jobs/s")
    print(f"  with --listen, /metrics scraped 10/s: {served:>9,.0f} jobs/s "
          f"({ratio:.1%} of the baseline; target >= 95 %: {'PASS' if ratio >= 0.95 else 'MISS'})")
    print(f"  the worker's CPU per 1000 jobs (user + system, less sensitive to the machine's "
          f"other load): {cpu_base:.1f} ms without, {cpu_served:.1f} ms with "
          f"({cpu_served / cpu_base:.1%})")
    if latencies:
        print(f"  scrape latency over {len(latencies)} scrapes: median "
              f"{ms(statistics.median(latencies))}, p99 {ms(p99)}, max {ms(latencies[-1])} "
              f"(target p99 <= 5 ms: {'PASS' if p99 <= 0.005 else 'MISS'})")
    else:
        print("  no scrape was answered")
    per_scrape, idle_lat, probes = idle_scrapes(args.socket, args.cogctl, args.idle_scrapes)
    idle_lat.sort()
    probes.sort()
    print(f"an idle worker with --listen, {args.idle_scrapes:,} scrapes back to back: "
          f"{per_scrape * 1000:.3f} ms of its CPU per scrape "
          f"({per_scrape * 10 * 100:.3f} % of one core at 10 scrapes/s); latency median "
          f"{ms(statistics.median(idle_lat))}, p99 {ms(idle_lat[int(0.99 * len(idle_lat))])}, "
          f"max {ms(idle_lat[-1])}")
    print(f"the same idle worker, {PROBES} /healthz probes on a new connection each (as a kubelet "
          f"sends them): median {ms(statistics.median(probes))}, "
          f"p99 {ms(probes[int(0.99 * len(probes))])}, max {ms(probes[-1])}")
    print_flood(args)


def print_flood(args):
    """The probes under a flood, printed (the tests assert only that each is answered)."""
    for kind, (lat, closed) in flood_probes(args.socket, args.cogctl, args.flood_probes).items():
        print(f"{args.flood_probes} /healthz probes on a new connection each while {FLOOD} "
              f"connections are held ({kind}; the server closed {closed} of them): median "
              f"{ms(statistics.median(lat))}, p99 {ms(lat[int(0.99 * (len(lat) - 1))])}, "
              f"max {ms(lat[-1])}")


if __name__ == "__main__":
    main()
