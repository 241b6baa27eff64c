#!/usr/bin/env python3
"""The handlers benchmark: `cogctl worker --burst -c 10` running noop jobs through the example
long-running handlers of examples/ (Python and Node, `serve:`), an HTTP handler against a
local keep-alive Node server that does nothing (bench/http_noop.js), beside the same Python
code started per job (a process spawn each) and `/bin/true` per job, in the same run. Measured, not
asserted: it prints jobs/s and the target (the Python long-running handler >= 10,000 jobs/s),
and exits non-zero only when a command fails or a job is lost. The gem's Ruby worker isn't
installed here, so it isn't measured beside them.

Run it through `./tasks bench handlers`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import os
import statistics
import subprocess
import sys

from worker import seed, work

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = os.path.join(ROOT, "examples", "serve_handler.py")
JS = os.path.join(ROOT, "examples", "serve_handler.js")
# The Python example's code, started per job: it reads the job on stdin and runs it.
SPAWN_PY = ("python3 -c 'import json, sys; sys.path.insert(0, \"%s\"); import serve_handler; "
            "serve_handler.JOBS[\"Noop\"](json.load(sys.stdin)[\"args\"])'" % os.path.dirname(PY))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--jobs", type=int, default=100_000)
    ap.add_argument("--spawn-jobs", type=int, default=2_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("-c", "--concurrency", type=int, default=10)
    args = ap.parse_args()
    server = subprocess.Popen(["node", os.path.join(ROOT, "bench", "http_noop.js")],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    cases = [
        ("serve: Python example", f"serve:python3 {PY}", args.jobs),
        ("serve: Node example", f"serve:node {JS}", args.jobs),
        ("http: keep-alive Node server (204)", f"http://127.0.0.1:{port}/jobs", args.jobs),
        ("the same Python code, spawned per job", SPAWN_PY, args.spawn_jobs),
        ("/bin/true, spawned per job", "/bin/true", args.spawn_jobs),
    ]
    rows = []
    for name, handler, n in cases:
        rates, peaks = [], []
        for run in range(1, args.runs + 1):
            seed(args.socket, args.cogctl, n, job_class="Noop")
            wall, peak, _ = work(args.socket, args.cogctl, n, args.concurrency, handler,
                                 job_class="Noop")
            rates.append(n / wall)
            peaks.append(peak)
            print(f"{name} run {run}/{args.runs}: {n:,} jobs in {wall:.2f} s, "
                  f"{n / wall:,.0f} jobs/s", file=sys.stderr)
        rows.append((name, n, statistics.median(rates), min(rates), max(rates), max(peaks)))
    server.kill()
    server.wait()
    print(f"\nhandlers benchmark: cogctl worker --burst -c {args.concurrency}, noop jobs, median of "
          f"{args.runs} runs (wall time from start to burst exit, handler start-up included)")
    print(f"{'handler':<40}{'jobs':>9}{'jobs/s':>10}{'range':>18}{'worker peak RSS':>17}")
    for name, n, med, lo, hi, peak in rows:
        print(f"{name:<40}{n:>9,}{med:>10,.0f}{f'{lo:,.0f} – {hi:,.0f}':>18}{peak / 1024:>13.1f} MiB")
    py, web = rows[0][2], rows[2][2]
    print(f"targets: the Python long-running handler >= 10,000 jobs/s: "
          f"{'PASS' if py >= 10_000 else 'MISS'} ({py:,.0f}, "
          f"{py / rows[3][2]:,.0f}× the same code spawned per job); the HTTP handler >= 10,000 "
          f"jobs/s: {'PASS' if web >= 10_000 else 'MISS'} ({web:,.0f})")


if __name__ == "__main__":
    main()
