#!/usr/bin/env python3
"""The bulk-retry benchmark: `cogctl dead retry --all --yes` over a large dead set, beside a
naive one-command-per-entry loop (a redis-cli pipeline of ZREM + LPUSH per entry) on the same
data in the same run. Measured, not asserted: it prints entries/s for both, their ratio, and
the longest Redis command seen meanwhile (SLOWLOG), against the targets (≥ 50,000 entries/s,
no command over 50 ms).

Run it through `./tasks bench retry`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench import DEAD, cli, entries, longest_command, resp, seed, watch_slow_commands

QUEUE_PREFIX = "cogworker:queue:"
SLOW_US = 1000  # log every command slower than 1 ms, to find the longest one


def reset(sock, count):
    for key in cli(sock, "KEYS", QUEUE_PREFIX + "*").split():
        cli(sock, "UNLINK", key)
    seed(sock, count)
    watch_slow_commands(sock, SLOW_US)


def naive(sock, count):
    """ZREM + LPUSH per entry, pipelined by redis-cli --pipe: the fastest a loop of single
    commands can go (it neither checks nor re-encodes anything)."""
    with tempfile.NamedTemporaryFile(suffix=".resp") as script:
        for _score, member in entries(count):
            raw = member.encode()
            queue = json.loads(member)["queue"].encode()
            script.write(resp(b"ZREM", DEAD.encode(), raw))
            script.write(resp(b"LPUSH", QUEUE_PREFIX.encode() + queue, raw))
        script.flush()
        with open(script.name, "rb") as stdin:
            started = time.perf_counter()
            out = subprocess.run(["redis-cli", "-s", sock, "--pipe"], stdin=stdin,
                                 capture_output=True, check=True)
            wall = time.perf_counter() - started
    if b"errors: 0" not in out.stdout:
        sys.exit("naive loop failed:\n" + out.stdout.decode())
    return wall


def cogctl(sock, binary, count, batch):
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "dead", "retry", "--all", "--yes", "--quiet", "--json"]
    if batch:
        cmd += ["--batch", str(batch)]
    started = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - started
    if out.returncode != 0:
        sys.exit(f"cogctl exited {out.returncode}:\n{out.stderr.decode()}")
    summary = json.loads(out.stdout)
    if summary["moved"] != count:
        sys.exit(f"cogctl moved {summary['moved']} of {count}: {summary}")
    return wall


def queued(sock):
    return sum(int(cli(sock, "LLEN", k)) for k in cli(sock, "KEYS", QUEUE_PREFIX + "*").split())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--entries", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=0, help="cogctl --batch (default: its own)")
    args = ap.parse_args()
    n, sock = args.entries, args.socket
    naive_rates, cogctl_rates, naive_worst, cogctl_worst = [], [], [], []
    for run in range(1, args.runs + 1):
        print(f"run {run}/{args.runs}: seeding {n:,} dead entries ...", file=sys.stderr)
        reset(sock, n)
        wall = naive(sock, n)
        assert int(cli(sock, "ZCARD", DEAD)) == 0 and queued(sock) == n
        naive_rates.append(n / wall)
        naive_worst.append(longest_command(sock))
        print(f"  naive ZREM+LPUSH loop: {wall:.2f} s", file=sys.stderr)
        reset(sock, n)
        wall = cogctl(sock, args.cogctl, n, args.batch)
        assert int(cli(sock, "ZCARD", DEAD)) == 0 and queued(sock) == n
        cogctl_rates.append(n / wall)
        cogctl_worst.append(longest_command(sock))
        print(f"  cogctl dead retry --all: {wall:.2f} s", file=sys.stderr)

    def worst(samples):
        ms, name = max(samples)
        return f"{ms:.1f} ms ({name})" if name else f"< {SLOW_US / 1000:.0f} ms"

    c, b = statistics.median(cogctl_rates), statistics.median(naive_rates)
    print(f"\nbulk retry benchmark: {n:,} dead entries, median of {args.runs} runs")
    print(f"{'measure':<52}{'value':<24}target")
    print(f"{'naive ZREM+LPUSH per entry (redis-cli --pipe)':<52}{b:,.0f} entries/s")
    print(f"{'  its longest Redis command':<52}{worst(naive_worst):<24}")
    ok = "PASS" if c >= 50_000 else "MISS"
    print(f"{'cogctl dead retry --all --yes':<52}{c:,.0f} entries/s{'':<6}≥ 50,000/s {ok}")
    ms = max(cogctl_worst)[0]
    print(f"{'  its longest Redis command':<52}{worst(cogctl_worst):<24}≤ 50 ms "
          f"{'PASS' if ms <= 50 else 'MISS'}")
    print(f"{'  ratio to the naive loop':<52}{c / b:.2f}×")
    print("(cogctl checks each raw member, re-encodes each job with a fresh enqueued_at and "
          "adds the queue to cogworker:queues, atomically per entry; the naive loop does none "
          "of that)")


if __name__ == "__main__":
    main()
