#!/usr/bin/env python3
"""The undo benchmark: what keeping a change's undo record costs, and how fast an undo is.

1. `dead delete --all` of 1,000,000 dead entries keeping its undo record, against the same
   delete with --no-undo, paired in the same run (the set restored from a server-side copy
   before each); then `undo last` of it (entries/s) and a check that the set is back byte
   for byte (SHA-1 of ZRANGE … WITHSCORES before and after).
2. `queue dedupe` of a 1,000,000-job queue in which every job has one duplicate, against
   `queue list --ndjson --all` of the same queue, paired; cogctl's peak RSS.
Measured, not asserted: it prints a table with the targets and PASS/MISS, and exits 0 either
way (non-zero only when a command fails or the undo isn't byte-exact).

Run it through `./tasks bench undo`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import hashlib
import multiprocessing
import os
import subprocess
import sys
import time

import bench
from bench import (DEAD, cli, entries, fmt_mib, fmt_time, measure, median_of, print_table,
                   resp, seed, spread_of)
from queue import pipe_in as pipe_words, waiting

QUEUE = "dups"
QKEY = b"cogworker:queue:" + QUEUE.encode()
DEAD_COPY = "bench:dead"
QUEUE_COPY = "bench:dups"


def digest(sock, *command):
    """SHA-1 of what redis-cli prints for `command` (raw), streamed."""
    h = hashlib.sha1()
    child = subprocess.Popen(["redis-cli", "-s", sock, "--raw", *command],
                             stdout=subprocess.PIPE)
    while chunk := child.stdout.read(1 << 20):
        h.update(chunk)
    if child.wait() != 0:
        sys.exit(f"redis-cli {' '.join(command)} failed")
    return h.hexdigest()


def seed_duplicates(sock, count):
    """A queue of `count` jobs: count/2 distinct jobs (class and args), each pushed twice
    with its own jid, the copies spread through the queue."""
    half = count // 2
    bases, seen = [], set()
    for _, m in entries(2 * half, seed=11):
        job = waiting(m)
        same = job[job.index('"class"'):job.index('"jid"')]  # the class and args
        if same not in seen:
            seen.add(same)
            bases.append(job)
        if len(bases) == half:
            break

    def jobs():
        for i in range(count):
            job = bases[(i * 7919) % half] if i >= half else bases[i]
            jid_at = job.index('"jid":"') + 7
            yield (job[:jid_at] + "%024x" % (i + 1) + job[jid_at + 24:]).encode()

    pipe_words(sock, b"LPUSH", QKEY, jobs())
    return int(cli(sock, "LLEN", QKEY))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--entries", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", choices=["delete", "dedupe"], help="run one of the two parts")
    args = ap.parse_args()
    sock = args.socket
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{sock}",
           "NO_COLOR": "1", "COLUMNS": "100", "TZ": "UTC"}
    results = {"no_undo": [], "undo": [], "restore": [], "restore_each": [], "list": [],
               "dedupe": []}

    avg_size = 0
    if args.only != "dedupe":
        avg_size = delete_part(args, sock, env, results)
    if args.only != "delete":
        dedupe_part(args, sock, env, results)
    report(args, results, avg_size)


def delete_part(args, sock, env, results):
    cog = [args.cogctl]
    print(f"seeding {args.entries:,} dead entries ...", flush=True)
    took, avg_size, _ = seed(sock, args.entries)
    print(f"seeded in {took:.1f} s: members average {avg_size:.0f} bytes", flush=True)
    cli(sock, "COPY", DEAD, DEAD_COPY, "REPLACE")
    before = digest(sock, "ZRANGE", DEAD, "0", "-1", "WITHSCORES")

    used_before = used_after = 0
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs}: dead delete --all ...", flush=True)
        for name, extra in (("no_undo", ["--no-undo"]), ("undo", [])):
            cli(sock, "COPY", DEAD_COPY, DEAD, "REPLACE")
            cli(sock, "DEL", "cogctl:undo:index")
            if name == "undo":
                used_before = int(info(sock)["used_memory"])
            results[name].append(measure(cog + ["dead", "delete", "--all", "--yes"] + extra,
                                         env, False))
            if int(cli(sock, "ZCARD", DEAD)) != 0:
                sys.exit(f"dead delete --all {' '.join(extra)} left entries behind")
        used_after = int(info(sock)["used_memory"])
        kept_bytes = used_after - used_before
        results["restore"].append(measure(cog + ["undo", "last", "--yes"], env, False))
        after = digest(sock, "ZRANGE", DEAD, "0", "-1", "WITHSCORES")
        if after != before:
            sys.exit("the undo of dead delete --all did not give back the set byte for byte")
        for key in cli(sock, "--scan", "--pattern", "cogctl:undo:*").split():
            cli(sock, "UNLINK", key)
    results["kept_bytes"] = used_after - used_before
    # The undo of a set that gained more entries since the delete than one step merges
    # (10,000) puts the members back one by one, each checked against the set.
    since = [resp(b"ZADD", DEAD.encode(), b"1",
                  b'{"class":"Since","jid":"%024x"}' % i) for i in range(10_001)]
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs}: undo member by member ...", flush=True)
        cli(sock, "COPY", DEAD_COPY, DEAD, "REPLACE")
        measure(cog + ["dead", "delete", "--all", "--yes"], env, False)
        bench.pipe_in(sock, since)
        results["restore_each"].append(measure(cog + ["undo", "last", "--yes"], env, False))
        if int(cli(sock, "ZCARD", DEAD)) != args.entries + len(since):
            sys.exit("the undo member by member did not put every entry back")
        for key in cli(sock, "--scan", "--pattern", "cogctl:undo:*").split():
            cli(sock, "UNLINK", key)
    cli(sock, "DEL", DEAD, DEAD_COPY)
    settle(sock)
    return avg_size


def settle(sock):
    """Wait until Redis has freed what UNLINK left to its background thread, so the next
    measures don't share the CPU with it."""
    for _ in range(600):
        if info(sock).get("lazyfree_pending_objects", "0").strip() == "0":
            return
        time.sleep(0.1)


def dedupe_part(args, sock, env, results):
    cog = [args.cogctl]
    print(f"seeding a {args.jobs:,}-job queue, every job twice ...", flush=True)
    # In a child process: the jobs it builds would otherwise stay in this one, and a child's
    # peak RSS counts what it shared with this one before its exec.
    seeder = multiprocessing.get_context("fork").Process(
        target=seed_duplicates, args=(sock, args.jobs))
    seeder.start()
    seeder.join()
    if seeder.exitcode != 0:
        sys.exit("seeding the queue failed")
    length = int(cli(sock, "LLEN", QKEY))
    cli(sock, "SADD", "cogworker:queues", QUEUE)
    cli(sock, "COPY", QKEY.decode(), QUEUE_COPY, "REPLACE")
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs}: queue list / queue dedupe ...", flush=True)
        cli(sock, "COPY", QUEUE_COPY, QKEY.decode(), "REPLACE")
        results["list"].append(measure(cog + ["queue", "list", QUEUE, "--ndjson", "--all"],
                                       env, False))
        results["dedupe"].append(measure(cog + ["queue", "dedupe", QUEUE, "--yes"], env, False))
        left = int(cli(sock, "LLEN", QKEY))
        if left != length // 2:
            sys.exit(f"dedupe left {left:,} jobs, expected {length // 2:,}")
        for key in cli(sock, "--scan", "--pattern", "cogctl:undo:*").split():
            cli(sock, "UNLINK", key)
        settle(sock)


def report(args, results, avg_size):
    def med(name, field="wall"):
        return median_of(results, name, field)

    def spread(name, field="wall", unit=fmt_time):
        return spread_of(results, name, field, unit)

    rows = []
    kept_bytes = results.get("kept_bytes", 0)

    def row(label, value, shown, rng, limit, limit_text, higher=False):
        ok = value >= limit if higher else value <= limit
        rows.append((label, shown, rng, limit_text, "PASS" if ok else "MISS"))

    if args.only != "dedupe":
        delete_rows(args, rows, row, med, spread, kept_bytes)
    if args.only != "delete":
        dedupe_rows(args, rows, row, med, spread)
    print_table(f"cogctl undo benchmark: {args.entries:,} dead entries of ~{avg_size:.0f} bytes, "
                f"a {args.jobs:,}-job queue, {os.cpu_count()} cores, median of {args.runs} runs "
                "(range: min – max)", rows)


def delete_rows(args, rows, row, med, spread, kept_bytes):
    base = med("no_undo")
    rows.append(("dead delete --all --yes --no-undo: wall", fmt_time(base), spread("no_undo"),
                 "baseline", ""))
    row("dead delete --all --yes (keeping its undo record): wall", med("undo"),
        f"{fmt_time(med('undo'))} ({med('undo') / base:.2f}×)", spread("undo"), 1.25 * base,
        f"≤ 1.25× = {fmt_time(1.25 * base)}")
    row("  its peak RSS", med("undo", "rss_kib"), fmt_mib(med("undo", "rss_kib")),
        spread("undo", "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")
    rate = args.entries / med("restore")
    row(f"undo last (puts the {args.entries:,} entries back): entries/s", rate,
        f"{rate:,.0f}/s ({fmt_time(med('restore'))})", spread("restore"), 100_000,
        "≥ 100,000/s", higher=True)
    row("  its peak RSS", med("restore", "rss_kib"), fmt_mib(med("restore", "rss_kib")),
        spread("restore", "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")
    each = args.entries / med("restore_each")
    rows.append(("  the same when the set gained 10,001 entries since (member by member): entries/s",
                 f"{each:,.0f}/s ({fmt_time(med('restore_each'))})", spread("restore_each"),
                 "", ""))
    rows.append(("  the set after the undo", "byte-identical (SHA-1 of ZRANGE WITHSCORES)", "",
                 "", "PASS"))
    rows.append(("  Redis used_memory after the delete minus before (entries moved, not freed)",
                 fmt_mib(kept_bytes / 1024), "", "", ""))


def dedupe_rows(args, rows, row, med, spread):
    lb = med("list")
    rows.append((f"queue list --ndjson --all of the {args.jobs:,}-job queue: wall", fmt_time(lb),
                 spread("list"), "baseline", ""))
    row(f"queue dedupe ({args.jobs // 2:,} duplicates removed): wall", med("dedupe"),
        f"{fmt_time(med('dedupe'))} ({med('dedupe') / lb:.2f}×)", spread("dedupe"), 2 * lb,
        f"≤ 2× = {fmt_time(2 * lb)}")
    row("  its peak RSS", med("dedupe", "rss_kib"), fmt_mib(med("dedupe", "rss_kib")),
        spread("dedupe", "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")


def info(sock):
    return dict(line.split(":", 1) for line in cli(sock, "INFO", "memory").splitlines()
                if ":" in line)


if __name__ == "__main__":
    main()
