#!/usr/bin/env python3
"""The reconcile benchmark: `cogctl reconcile` of 10 orphaned in-progress lists of 10,000 jobs
each (owners presumed dead), in one REQUEUE call per list as the gem does, and again with
`--batch N` (each call handles at most N jobs and judges the owner's liveness again): total
time, and the longest single Redis call meanwhile (SLOWLOG). Measured, not asserted.

Run it through `./tasks bench reconcile`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import json
import os
import subprocess
import sys
import time

from bench import cli, longest_command, resp, watch_slow_commands

SLOW_US = 100


def seed(sock, lists, jobs):
    cli(sock, "FLUSHDB")
    out = []
    for l in range(lists):
        key = f"cogworker:inprogress:worker-{l}:{1000 + l}:deadbeef{l:04x}".encode()
        batch = []
        for i in range(jobs):
            job = ('{"class":"ImportJob","args":[%d,"tenant-%d",{"rows":%d}],"jid":"%024x",'
                   '"queue":"%s","retry":true,"created_at":1796207000.123456,'
                   '"enqueued_at":1796207000.1234567}' % (i, l, i * 7, l * jobs + i,
                                                         ("default", "imports", "low")[i % 3]))
            batch.append(job.encode())
            if len(batch) == 1000:
                out.append(resp(b"RPUSH", key, *batch))
                batch = []
        if batch:
            out.append(resp(b"RPUSH", key, *batch))
        out.append(resp(b"SADD", b"cogworker:inprogress_identities", key.split(b":", 2)[2]))
    subprocess.run(["redis-cli", "-s", sock, "--pipe"], input=b"".join(out), check=True,
                   capture_output=True)
    watch_slow_commands(sock, SLOW_US)


def run(sock, binary, batch):
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "reconcile", "--json"] + (["--batch", str(batch)] if batch else [])
    started = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - started
    if out.returncode != 0:
        sys.exit(f"cogctl exited {out.returncode}:\n{out.stderr.decode()}")
    report = json.loads(out.stdout)
    return wall, sum(l["requeued"] for l in report["lists"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--lists", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=10_000)
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()
    total = args.lists * args.jobs
    rows = []
    for batch in (None, args.batch):
        seed(args.socket, args.lists, args.jobs)
        wall, moved = run(args.socket, args.cogctl, batch)
        if moved != total:
            sys.exit(f"requeued {moved} of {total}")
        ms, name = longest_command(args.socket)
        rows.append((batch, wall, ms, name))
    print(f"\nreconcile benchmark: {args.lists} orphaned lists of {args.jobs:,} jobs "
          f"({total:,} jobs requeued)")
    print(f"{'run':<36}{'total':<12}{'longest Redis call (SLOWLOG)'}")
    for batch, wall, ms, name in rows:
        label = f"--batch {batch}" if batch else "one REQUEUE call per list"
        slow = f"{ms:.1f} ms ({name})" if name else f"< {SLOW_US / 1000:.1f} ms"
        print(f"{label:<36}{wall:>6.2f} s     {slow}")


if __name__ == "__main__":
    main()
