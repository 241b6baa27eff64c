#!/usr/bin/env python3
"""The canary-retry benchmark: what `cogctl dead retry --all --canary 10` costs Redis over a
large dead set, beside today's plain retry (`cogctl dead retry --all`) of the same entries
in the same run. Measured, not asserted: Redis commands and Redis time (INFO commandstats:
calls and usec) per entry moved, for both, and for the canary run what its watching cost:
the pipelined reads a second and the commands in each.

No worker runs: a drainer empties the queues every 200 ms (its own DEL calls are counted
apart and left out), so every watched job is out of its queue, held by no process, and
counts as run after two reads, as with a worker without History.

Run it through `./tasks bench canary`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

from bench import cli, commandstats, seed

QUEUE_PREFIX = "cogworker:queue:"
# Calls that are the benchmark's own, not cogctl's.
OWN = {"info", "config|resetstat", "config", "keys", "del", "unlink", "zcard", "llen"}


def clear_queues(sock):
    for key in cli(sock, "KEYS", QUEUE_PREFIX + "*").split():
        cli(sock, "UNLINK", key)


def reset(sock, count):
    clear_queues(sock)
    for key in cli(sock, "KEYS", "cogctl:*").split():
        cli(sock, "UNLINK", key)
    seed(sock, count)
    cli(sock, "CONFIG", "RESETSTAT")


def cost(sock):
    """(calls, usec, {command: (calls, usec)}) of every command but the benchmark's own."""
    stats = commandstats(sock)
    calls = sum(c for name, (c, _) in stats.items() if name not in OWN)
    usec = sum(u for name, (_, u) in stats.items() if name not in OWN)
    by = {name: cu for name, cu in stats.items() if name not in OWN}
    return calls, usec, by


class Drainer:
    """Empties every queue every 200 ms, as workers would take the jobs."""

    def __init__(self, sock):
        self.sock, self.stop, self.rounds = sock, threading.Event(), 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop.is_set():
            clear_queues(self.sock)
            self.rounds += 1
            time.sleep(0.2)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.thread.join()


def run(binary, sock, extra):
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "dead", "retry", "--all", "--yes", "--quiet", "--json", *extra]
    started = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - started
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {out.returncode}:\n{out.stderr.decode()}")
    return wall, json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--entries", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rate", type=int, default=0, help="--rate for both runs (default: none)")
    args = ap.parse_args()
    sock, n = args.socket, args.entries
    pace = ["--rate", str(args.rate)] if args.rate else []
    rows = {"plain": [], "canary": []}
    watching = []
    breakdown = {}
    for i in range(args.runs):
        for name in ("plain", "canary"):
            reset(sock, n)
            if name == "plain":
                with Drainer(sock):
                    wall, summary = run(args.cogctl, sock, pace)
                calls, usec, by = cost(sock)
                breakdown["plain"] = by
            else:
                with Drainer(sock):
                    wall, summary = run(args.cogctl, sock, pace + ["--canary", "10"])
                calls, usec, by = cost(sock)
                breakdown["canary"] = by
                steps = summary["canary"]["steps"]
                watched = sum(s["watched"] for s in steps)
                # The watching's reads: one pipeline of LINDEX, HMGET, LPOS and ZSCORE a
                # watched job (LPOS is the watching's alone); the processes' reads beside it.
                per_job = by.get("lpos", (0, 0))[0]
                reads = by.get("smembers", (0, 0))[0] // 2
                watching.append((reads, sum(s["seconds"] for s in steps), per_job, watched))
            moved = summary["moved"]
            if moved != n:
                sys.exit(f"{name}: moved {moved} of {n}")
            rows[name].append((wall, calls / moved, usec / moved))
            print(f"run {i + 1} {name:<6}: {wall:6.2f}s, {calls / moved:.4f} commands and "
                  f"{usec / moved:.2f} µs of Redis a moved entry", file=sys.stderr)
    print(f"\n{n:,} dead entries; median of {args.runs}; no worker (a drainer empties the "
          "queues every 200 ms)")
    print(f"{'':<22}{'wall':>9}{'commands/entry':>16}{'Redis µs/entry':>16}")
    med = {}
    for name, label in (("plain", "dead retry --all"), ("canary", "… --canary 10")):
        wall = statistics.median(r[0] for r in rows[name])
        calls = statistics.median(r[1] for r in rows[name])
        usec = statistics.median(r[2] for r in rows[name])
        med[name] = (wall, calls, usec)
        print(f"{label:<22}{wall:8.2f}s{calls:16.4f}{usec:16.2f}")
    print(f"canary / plain: commands {med['canary'][1] / med['plain'][1]:.2f}×, "
          f"Redis time {med['canary'][2] / med['plain'][2]:.2f}×")
    reads, seconds, per_job, watched = watching[len(watching) // 2]
    print(f"watching: {reads} pipelined reads in {seconds:.1f}s of steps; {per_job:,} LPOS for "
          f"{watched:,} watched jobs ({per_job / max(reads, 1):,.0f} a read at most 1,000)")
    print("\nwhere the Redis time goes (last run, µs): command  plain  canary")
    names = set(breakdown["plain"]) | set(breakdown["canary"])
    for name in sorted(names, key=lambda c: -breakdown["canary"].get(c, (0, 0))[1])[:12]:
        p = breakdown["plain"].get(name, (0, 0))
        c = breakdown["canary"].get(name, (0, 0))
        print(f"  {name:<16}{p[1]:>10,} ({p[0]:,}){c[1]:>12,} ({c[0]:,})")


if __name__ == "__main__":
    main()
