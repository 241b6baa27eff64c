#!/usr/bin/env python3
"""The `cogctl incident` benchmark: 1,000,000 dead entries (a week of deaths, bench.py's
generator, each job's failures laid out by the gem's retry rules), 100,000 retry entries (the
survivors the gem leaves), the attempts logs of every retry entry and of the dead entries
incident reads, 10,000 queues and 1,000 live processes (each
with its presence hash, memory history and last_beat stamp); then `cogctl dead triage` of
the same dead set (the baseline, measured in the same run) against `cogctl incident`, the
median of 3 runs each, with the peak RSS of each child (ru_maxrss). Target: incident within
1.5 × the time of dead triage, in at most 64 MB. Measured, not asserted: it prints a table
with PASS/MISS and exits 0 either way (non-zero only when a command fails).

Run it through `./tasks bench incident`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from bench import DEAD as DEAD_KEY, cli, entries, fmt_mib, fmt_time, print_table, resp

# Dead entries whose attempts logs are written: those that died in the last 31 hours, beyond
# incident's horizon (its 6 h window and a day before it), so every dead entry incident reads
# has its log. The gem keeps the logs 30 days, but those of a week of deaths, up to 25
# elements each, would take gigabytes of the benchmark machine's memory, and incident only
# counts the dead entries older than its horizon.
DEAD_LOGS_SECONDS = 31 * 3600

DEAD = 1_000_000
RETRY = 100_000
QUEUES = 10_000
PROCESSES = 1_000
QUEUES_PER_PROCESS = 10
RUNS = 3
TARGET_RATIO = 1.5
TARGET_RSS_MB = 64
# The generator's newest death; the clock is pinned just after it.
NOW = 1796208111.315 + 60


def queue(i):
    return f"queue-{i:05d}"


def identity(i):
    return f"bench-host-{i // 50}:{1000 + i}:{i:012x}"


class Pipe:
    """redis-cli --pipe fed as the commands are made, so this process stays small: a child's
    peak RSS (ru_maxrss) starts from its parent's at the fork."""

    def __init__(self, sock):
        self.proc = subprocess.Popen(["redis-cli", "-s", sock, "--pipe"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def append(self, command):
        self.proc.stdin.write(command)

    def close(self):
        self.proc.stdin.close()
        report = self.proc.stdout.read().decode()
        if self.proc.wait() != 0 or "errors: 0" not in report:
            sys.exit("seeding failed:\n" + report)


def backoff(rnd, n):
    """The gem's wait after a job's n-th failure: n^4 + 15 + r·(n + 1) s, r in 0..29."""
    return n ** 4 + 15 + rnd.randrange(30) * (n + 1)


def failed(rnd, doc, last, failures):
    """`doc` failed `failures` times, the last at `last`, each failure `backoff` after the one
    before, as the gem files it: `failed_at` the first failure, `retry_count` the failures.
    Its failure times, oldest first."""
    times = [last]
    for n in range(failures - 1, 0, -1):
        times.append(times[-1] - backoff(rnd, n))
    times.reverse()
    doc["created_at"] = doc["enqueued_at"] = times[0] - 1 - rnd.random() * 30
    doc["failed_at"] = times[0]
    doc["retry_count"] = failures
    return times


def as_the_gem_leaves(rnd, member, died):
    """A dead entry of bench.py's generator as the gem leaves it: a job with `retry: R` dies
    at its (R + 1)-th failure. (its doc, its failure times)"""
    doc = json.loads(member)
    return doc, failed(rnd, doc, died, doc["retry"] + 1)


def attempts_log(cmds, doc, times, dead):
    """The gem's attempts log of a job: one element per failed attempt (the last 25)."""
    items = []
    for k, at in enumerate(times, start=1):
        outcome = "dead" if dead and k == len(times) else "retrying"
        items.append(json.dumps({"attempt": k, "failed_at": at, "outcome": outcome,
                                 "error_class": doc["error_class"],
                                 "error_message": doc["error_message"]},
                                separators=(",", ":")).encode())
    key = b"cogworker:job_attempts:" + doc["jid"].encode()
    cmds.append(resp(b"RPUSH", key, *items[-25:]))


def seed_dead(sock):
    """The dead set, and the attempts logs of the last DEAD_LOGS_SECONDS' deaths. (seconds,
    average bytes an entry)"""
    started = time.perf_counter()
    rnd = random.Random(5)
    cmds = Pipe(sock)
    cmds.append(resp(b"DEL", DEAD_KEY.encode()))
    newest = None
    batch, sizes = [], 0
    for score, member in entries(DEAD):
        died = float(score)
        newest = newest or died
        doc, times = as_the_gem_leaves(rnd, member, died)
        raw = json.dumps(doc, separators=(",", ":")).encode()
        sizes += len(raw)
        batch += [score.encode(), raw]
        if len(batch) == 2000:
            cmds.append(resp(b"ZADD", DEAD_KEY.encode(), *batch))
            batch = []
        if died >= newest - DEAD_LOGS_SECONDS:
            attempts_log(cmds, doc, times, True)
    if batch:
        cmds.append(resp(b"ZADD", DEAD_KEY.encode(), *batch))
    cmds.close()
    card = int(cli(sock, "ZCARD", DEAD_KEY))
    if card != DEAD:
        sys.exit(f"seeded {card} dead entries, expected {DEAD} (scores not distinct?)")
    return time.perf_counter() - started, sizes / DEAD


def seed_rest(sock):
    """Retry entries as the gem leaves them with jobs failing at a steady rate, with their
    attempts logs: survivors only, a job's n-th failure less than its backoff ago (its next
    attempt still ahead), each failure `backoff` after the one before, `failed_at` the first;
    queues with a few fresh jobs each,
    live processes with a day of flat memory."""
    rnd = random.Random(7)
    cmds = Pipe(sock)
    batch = []
    # A steady flow of failing jobs: an entry waits out its n-th backoff in the set, so there
    # are as many entries of each retry_count as that backoff is long on average.
    counts = list(range(1, 26))
    weights = [n ** 4 + 15 + 14.5 * (n + 1) for n in counts]
    for _, member in entries(RETRY, seed=99):
        doc = json.loads(member)
        n = rnd.choices(counts, weights)[0]
        wait = backoff(rnd, n)
        times = failed(rnd, doc, NOW - rnd.random() * wait, n)
        attempts_log(cmds, doc, times, False)
        batch += [b"%.6f" % (times[-1] + wait), json.dumps(doc, separators=(",", ":")).encode()]
        if len(batch) == 2000:
            cmds.append(resp(b"ZADD", b"cogworker:retry", *batch))
            batch = []
    if batch:
        cmds.append(resp(b"ZADD", b"cogworker:retry", *batch))
    n = 0
    for q in range(QUEUES):
        name = queue(q).encode()
        cmds.append(resp(b"SADD", b"cogworker:queues", name))
        jobs = []
        for k in range(3):
            at = NOW - 3 + k
            jobs.append(json.dumps({"class": "BenchJob", "args": [n], "jid": f"{n:024x}",
                                    "queue": queue(q), "retry": True, "created_at": at,
                                    "enqueued_at": at}, separators=(",", ":")).encode())
            n += 1
        cmds.append(resp(b"LPUSH", b"cogworker:queue:" + name, *jobs))
    slot = int(NOW) - int(NOW) % 900
    for p in range(PROCESSES):
        ident = identity(p).encode()
        reads = [queue((p * QUEUES_PER_PROCESS + k) % QUEUES) for k in range(QUEUES_PER_PROCESS)]
        info = json.dumps({"hostname": f"bench-host-{p // 50}", "pid": 1000 + p,
                           "concurrency": 10, "queues": reads, "started_at": NOW - 5 * 86400,
                           "rss_kb": 80000 + p}, separators=(",", ":")).encode()
        key = b"cogworker:process:" + ident
        cmds.append(resp(b"SADD", b"cogworker:processes", ident))
        cmds.append(resp(b"HSET", key, b"info", info, b"busy", b"1", b"quiet", b"false"))
        cmds.append(resp(b"EXPIRE", key, b"3600"))
        cmds.append(resp(b"HSET", b"cogworker:last_beat", ident, b"%d" % int(NOW)))
        memory = []
        for s in range(96):
            at = slot - s * 900
            memory += [b"%d" % at, b"%d:%d" % (at, 80000 + p + s % 3)]
        cmds.append(resp(b"ZADD", b"cogworker:memory:" + ident, *memory))
    cmds.close()


def measure(cmd, env):
    """Wall time, peak RSS (KB, the child's own ru_maxrss) and exit code; incident exits 1
    when a finding fails, which is not an error here."""
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            err.seek(0)
            sys.exit(f"{' '.join(cmd)} exited {code}:\n{err.read().decode()}")
    return wall, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--runs", type=int, default=RUNS)
    ap.add_argument("--baseline", help="another cogctl binary whose incident is measured too, "
                    "taking turns with this one, on the same state")
    args = ap.parse_args()
    sock = args.socket
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{sock}",
           "TZ": "UTC", "COGCTL_NOW": repr(NOW)}

    cli(sock, "FLUSHALL")
    print(f"seeding {DEAD:,} dead entries ...", flush=True)
    took, avg_size = seed_dead(sock)
    print(f"  {took:.1f} s, {avg_size:.0f} bytes an entry", flush=True)
    print(f"seeding {RETRY:,} retry entries, {QUEUES:,} queues, {PROCESSES:,} processes ...",
          flush=True)
    started = time.perf_counter()
    seed_rest(sock)
    print(f"  {time.perf_counter() - started:.1f} s; {int(cli(sock, 'DBSIZE')):,} keys",
          flush=True)

    triage = [measure([args.cogctl, "dead", "triage", "--json"], env) for _ in range(args.runs)]
    incident, before = [], []
    for _ in range(args.runs):
        incident.append(measure([args.cogctl, "incident", "--json"], env))
        if args.baseline:
            before.append(measure([args.baseline, "incident", "--json"], env))
    report = json.loads(subprocess.run([args.cogctl, "incident", "--json"], env=env,
                                       capture_output=True).stdout)

    t_wall = statistics.median(w for w, _ in triage)
    i_wall = statistics.median(w for w, _ in incident)
    t_rss = max(r for _, r in triage)
    i_rss = max(r for _, r in incident)
    ratio = i_wall / t_wall
    rows = [
        ("cogctl dead triage --json: wall", fmt_time(t_wall),
         f"{fmt_time(min(w for w, _ in triage))} – {fmt_time(max(w for w, _ in triage))}",
         "baseline", ""),
        ("  peak RSS", fmt_mib(t_rss), "", "", ""),
        ("cogctl incident --json: wall", fmt_time(i_wall),
         f"{fmt_time(min(w for w, _ in incident))} – {fmt_time(max(w for w, _ in incident))}",
         f"≤ {TARGET_RATIO} × triage", "PASS" if ratio <= TARGET_RATIO else "MISS"),
        ("  incident / triage", f"{ratio:.2f} ×", "", "", ""),
        ("  peak RSS", fmt_mib(i_rss), "", f"≤ {TARGET_RSS_MB} MB",
         "PASS" if i_rss / 1024 <= TARGET_RSS_MB else "MISS"),
    ]
    if before:
        b_wall = statistics.median(w for w, _ in before)
        rows += [
            ("the baseline's incident: wall", fmt_time(b_wall),
             f"{fmt_time(min(w for w, _ in before))} – {fmt_time(max(w for w, _ in before))}",
             "", ""),
            ("  this one / the baseline's", f"{i_wall / b_wall:.2f} ×", "", "≤ 1.1 ×",
             "PASS" if i_wall / b_wall <= 1.1 else "MISS"),
            ("  its peak RSS", fmt_mib(max(r for _, r in before)), "", "", ""),
        ]
    print_table(f"cogctl incident benchmark: {DEAD:,} dead + {RETRY:,} retry entries, "
                f"{QUEUES:,} queues, {PROCESSES:,} processes, {args.runs} runs, "
                f"{os.cpu_count()} cores", rows)
    kinds = sorted({f["kind"] for f in report["findings"]})
    print(f"\nincident's findings on this state: {', '.join(kinds) or 'none'}")


if __name__ == "__main__":
    main()
