#!/usr/bin/env python3
"""The views benchmark: `cogctl queue list` over a 1,000,000-job queue, beside redis-cli reading
the same list in the same run (`LRANGE q 0 -1`); `cogctl history --search` (its table, and
`--ndjson --all`) over 50,000 history entries (the gem's cap) beside `ZREVRANGE` of the same
set (target: at most 0.9x its time); and `cogctl jobs --search`
over that queue and a dead, retry and schedule set beside one redis-cli reading the same keys.
The searches are compared run by run (each cogctl run with the redis-cli run just before it),
the median of those ratios against the target. Measured, not asserted: it prints a table with
the targets and PASS/MISS, and exits 0 either way (non-zero only when a command fails or
prints wrong data).

Run it through `./tasks bench queue`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench import (entries, fmt_mib, fmt_time, measure, median_of, print_table, resp,
                   spread_of)

QUEUE = "big"
KEY = b"cogworker:queue:" + QUEUE.encode()


def waiting(member):
    """A dead entry's shape without its failure fields: a job as the gem's client pushes it."""
    cut = member.index(',"error_class"')
    return member[:cut] + "}"


def pipe_in(sock, command, key, words):
    """`key` replaced by `command key words…` sent 2,000 words a time through redis-cli --pipe."""
    pipe = subprocess.Popen(["redis-cli", "-s", sock, "--pipe"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    pipe.stdin.write(resp(b"DEL", key))
    batch = []
    for word in words:
        batch.append(word)
        if len(batch) == 2000:
            pipe.stdin.write(resp(command, key, *batch))
            batch = []
    if batch:
        pipe.stdin.write(resp(command, key, *batch))
    pipe.stdin.close()
    report = pipe.stdout.read().decode()
    if pipe.wait() != 0 or "errors: 0" not in report:
        sys.exit("seeding failed:\n" + report)


def seed(sock, count):
    started = time.perf_counter()
    sizes = 0

    def jobs():
        nonlocal sizes
        for _, member in entries(count):
            raw = waiting(member).encode()
            sizes += len(raw)
            yield raw

    pipe_in(sock, b"LPUSH", KEY, jobs())
    # Registered as the gem's client registers a queue it pushes to (`jobs` reads those).
    subprocess.check_output(["redis-cli", "-s", sock, "SADD", "cogworker:queues", QUEUE])
    length = int(subprocess.check_output(["redis-cli", "-s", sock, "LLEN", KEY]))
    if length != count:
        sys.exit(f"seeded {length} jobs, expected {count}")
    return time.perf_counter() - started, sizes / count


HISTORY = b"cogworker:history:all"


def seed_history(sock, count):
    """`count` finished runs of the shapes above, one in 50 naming customer cus_needle, each
    of one of 300 tenants (`tenant-0` … `tenant-299`), `tenant-42` for one in 25 (4 %)."""
    needles = 0
    tenants = 0

    def runs():
        nonlocal needles, tenants
        for i, (score, member) in enumerate(entries(count, seed=7)):
            job = member[:member.index(',"error_class"')] + "}"
            args = job[job.index('"args":') + 7:job.index(',"jid"')]
            if i % 50 == 0:
                args = args[:-1] + ',"cus_needle"]'
                needles += 1
            # No other tenant's name starts with "tenant-42" (they stop at 299).
            tenant = 42 if i % 25 == 0 else [n for n in (i % 300, 43) if n != 42][0]
            tenants += tenant == 42
            args = args[:-1] + ',"tenant-%d"]' % tenant
            finished = float(score)
            yield score.encode()
            yield ('{"jid":"%024x","class":"Bench","queue":"default","args":%s,"status":"success",'
                   '"started_at":%r,"finished_at":%r}' % (i, args, finished - 0.25, finished)).encode()

    pipe_in(sock, b"ZADD", HISTORY, runs())
    return needles, tenants


# The sets `jobs` searches besides the queues: (key, entries, seed).
SETS = [(b"cogworker:dead", 50_000, 11), (b"cogworker:retry", 10_000, 12),
        (b"cogworker:schedule", 10_000, 13)]


def seed_sets(sock):
    """The dead, retry and schedule sets, one member in 50 naming cus_needle in its args."""
    needles = 0

    def members(count, seed):
        nonlocal needles
        for i, (score, member) in enumerate(entries(count, seed=seed)):
            if i % 50 == 0:
                cut = member.index(',"jid":')
                member = member[:cut - 1] + ',"cus_needle"]' + member[cut:]
                needles += 1
            yield score.encode()
            yield member.encode()

    for key, count, seed in SETS:
        pipe_in(sock, b"ZADD", key, members(count, seed))
    return needles


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--jobs", type=int, default=1_000_000)
    ap.add_argument("--history", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{args.socket}",
           "NO_COLOR": "1", "COLUMNS": "100", "TZ": "UTC"}
    print(f"seeding a {args.jobs:,}-job queue into a private redis-server ...", flush=True)
    took, avg_size = seed(args.socket, args.jobs)
    print(f"seeded in {took:.1f} s: jobs average {avg_size:.0f} bytes", flush=True)
    needles, tenants = seed_history(args.socket, args.history)
    print(f"seeded {args.history:,} history entries, {needles:,} naming cus_needle, "
          f"{tenants:,} tenant-42", flush=True)
    found = seed_sets(args.socket)
    print(f"seeded {', '.join(f'{n:,} {k.decode()}' for k, n, _ in SETS)}: {found:,} naming "
          "cus_needle", flush=True)
    # The same keys `jobs` reads, read by one redis-cli: every queue, then the three sets.
    reads = tempfile.NamedTemporaryFile("w", suffix=".redis", delete=False)
    reads.write(f"LRANGE {KEY.decode()} 0 -1\n")
    for key, _, _ in SETS:
        reads.write(f"ZREVRANGE {key.decode()} 0 -1 WITHSCORES\n")
    reads.close()

    cog = [args.cogctl, "queue", "list", QUEUE]
    cases = {
        "baseline": (["redis-cli", "-s", args.socket, "--raw", "LRANGE", KEY.decode(), "0", "-1"],
                     False),
        "ndjson": (cog + ["--ndjson", "--all"], False),
        "ndjson_first": (cog + ["--ndjson", "--all"], True),
        "next_first": (cog + ["--ndjson", "--all", "--next-first"], False),
        "table": (cog + ["--next-first"], True),
        "history_base": (["redis-cli", "-s", args.socket, "--raw", "ZREVRANGE", HISTORY.decode(),
                          "0", "-1"], False),
        "history": ([args.cogctl, "history", "--ndjson", "--all", "--search", "CUS_NEEDLE"],
                    True),
        "history_4": ([args.cogctl, "history", "--ndjson", "--all", "--search", "tenant-42"],
                      True),
        "history_table": ([args.cogctl, "history", "--search", "CUS_NEEDLE"], True),
        "jobs_base": (["redis-cli", "-s", args.socket, "--raw"], False, reads.name),
        "jobs": ([args.cogctl, "jobs", "--ndjson", "--all", "--search", "CUS_NEEDLE"], True),
    }
    results = {name: [] for name in cases}
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs} ...", flush=True)
        for name, (cmd, first_line, *stdin) in cases.items():
            results[name].append(measure(cmd, env, first_line, *stdin))
    os.unlink(reads.name)
    for r in results["ndjson_first"]:
        if r.lines != args.jobs:
            sys.exit(f"queue list --ndjson --all printed {r.lines} lines, expected {args.jobs}")
    for r in results["table"]:
        if r.lines != 52:
            sys.exit(f"queue list (table) printed {r.lines} lines, expected 52")
    for r in results["history"]:
        if r.lines != needles:
            sys.exit(f"history --search printed {r.lines} lines, expected {needles}")
    for r in results["history_4"]:
        if r.lines != tenants:
            sys.exit(f"history --search tenant-42 printed {r.lines} lines, expected {tenants}")
    for r in results["jobs"]:
        if r.lines != found:
            sys.exit(f"jobs --search printed {r.lines} lines, expected {found}")

    def med(name, field):
        return median_of(results, name, field)

    def spread(name, field, unit):
        return spread_of(results, name, field, unit)

    base = med("baseline", "wall")
    rows = [
        ("redis-cli --raw LRANGE q 0 -1 >/dev/null: wall", fmt_time(base),
         spread("baseline", "wall", fmt_time), "baseline", ""),
        ("  its peak RSS", fmt_mib(med("baseline", "rss_kib")),
         spread("baseline", "rss_kib", fmt_mib), "", ""),
    ]

    def row(label, value, shown, rng, limit, limit_text):
        rows.append((label, shown, rng, limit_text, "PASS" if value <= limit else "MISS"))

    for name, label in (("ndjson", "queue list --ndjson --all"),
                        ("next_first", "queue list --ndjson --all --next-first")):
        wall = med(name, "wall")
        row(f"{label} >/dev/null: wall", wall, f"{fmt_time(wall)} ({wall / base:.2f}×)",
            spread(name, "wall", fmt_time), base, f"≤ 1× = {fmt_time(base)}")
        row("  its peak RSS", med(name, "rss_kib"), fmt_mib(med(name, "rss_kib")),
            spread(name, "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")
    row("  first line (stdout a pipe)", med("ndjson_first", "first_line"),
        fmt_time(med("ndjson_first", "first_line")), spread("ndjson_first", "first_line", fmt_time),
        0.1, "≤ 100 ms")
    row("queue list --next-first (table, 50 rows): first line", med("table", "first_line"),
        fmt_time(med("table", "first_line")), spread("table", "first_line", fmt_time),
        0.1, "≤ 100 ms")

    def paired(name, base_name):
        """The median, over the runs, of this case's wall over its baseline's in that run."""
        ratios = [c.wall / b.wall for c, b in zip(results[name], results[base_name])]
        return statistics.median(ratios), f"{min(ratios):.2f}× – {max(ratios):.2f}×"

    for name, base_name, base_label, label in (
            ("history_table", "history_base", "redis-cli --raw ZREVRANGE history:all 0 -1",
             f"history --search X (the table, {args.history:,} entries, 2 % match)"),
            ("history", "history_base", "redis-cli --raw ZREVRANGE history:all 0 -1",
             f"history --ndjson --all --search X ({args.history:,} entries, 2 % match)"),
            ("history_4", "history_base", "redis-cli --raw ZREVRANGE history:all 0 -1",
             f"history --ndjson --all --search tenant-42 ({args.history:,} entries, 4 % match)"),
            ("jobs", "jobs_base", "redis-cli --raw: LRANGE q 0 -1, ZREVRANGE dead|retry|schedule",
             f"jobs --ndjson --all --search X ({args.jobs + sum(n for _, n, _ in SETS):,} jobs)")):
        hbase = med(base_name, "wall")
        rows.append((f"{base_label}: wall", fmt_time(hbase),
                     spread(base_name, "wall", fmt_time), "baseline", ""))
        ratio, ratios = paired(name, base_name)
        # The searches of History: at most 0.9× redis-cli's read of the same entries.
        limit = 0.9 if name.startswith("history") else 1.0
        row(f"{label}: wall", ratio,
            f"{fmt_time(med(name, 'wall'))} ({ratio:.2f}× paired)", ratios, limit,
            f"≤ {limit:g}× (median ratio)")
        row("  its peak RSS", med(name, "rss_kib"), fmt_mib(med(name, "rss_kib")),
            spread(name, "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")
        if name == "history":
            # (jobs reads the queue first, where nothing matches: its first line comes late.)
            row("  first line (stdout a pipe)", med(name, "first_line"),
                fmt_time(med(name, "first_line")), spread(name, "first_line", fmt_time),
                0.1, "≤ 100 ms")

    print_table(f"cogctl views benchmark: a {args.jobs:,}-job queue, jobs of ~{avg_size:.0f} bytes, "
                f"{os.cpu_count()} cores, median of {args.runs} runs (range: min – max)", rows)


if __name__ == "__main__":
    main()
