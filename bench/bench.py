#!/usr/bin/env python3
"""The list benchmark: `cogctl dead list` over a large dead set, beside redis-cli reading the
same set in the same run. Measured, not asserted: it prints a table with the targets and
PASS/MISS, and exits 0 either way (non-zero only when a command fails or prints wrong data).

Run it through `./tasks bench`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

DEAD = "cogworker:dead"

# Shapes of real dead entries (fixtures/incident.json): the gem's key order, floats with 7
# decimals, a 24-hex jid, retry_count; args of a few values.
JOBS = [
    ("Billing::InvoiceMailerJob", "mailers",
     '["invoice-2026-{n:06d}",{n},{{"amount":{amt}.5,"currency":"EUR","customer_id":"cus_{h8}"}}]'),
    ("Webhooks::DeliveryJob", "webhooks",
     '["https://hooks.example.test/endpoints/{h8}",{{"event":"order.paid","attempt":{r},"order_id":{n}}}]'),
    ("Images::ResizeJob", "default",
     '[{n},"uploads/2026/12/{h8}.jpg",{{"sizes":[64,256,1024],"format":"webp"}}]'),
    ("Inventory::SyncJob", "low",
     '["warehouse-{r}",[{n},{amt},{r}],{{"full":false,"since":"2026-12-01T00:00:00Z"}}]'),
    ("Search::ReindexJob", "default",
     '["Product",{n},{{"fields":["title","description","tags"],"reason":"updated"}}]'),
]
TIMEOUT = ("Net::ReadTimeout", "Net::ReadTimeout with #<TCPSocket:(closed)> after 30s waiting for {host}")
OTHER_ERRORS = [
    ("ActiveRecord::RecordNotFound", "Couldn't find Order with 'id'={n} [WHERE \\\"orders\\\".\\\"shop_id\\\" = $1]"),
    ("NoMethodError", "undefined method `email' for nil:NilClass (called from app/jobs/{h8}.rb:42)"),
    ("Redis::CannotConnectError", "Error connecting to Redis on cache-{r}.internal:6379 (Errno::ECONNREFUSED)"),
    ("RuntimeError", "payment provider answered 502 Bad Gateway for charge ch_{h8}"),
    ("JSON::ParserError", "unexpected token at '<html><body>Service Unavailable</body></html>' ({n})"),
]
HOSTS = ["billing-api.internal", "images.internal:8443", "search-7.internal:9200"]


def resp(*parts):
    out = [b"*%d\r\n" % len(parts)]
    for p in parts:
        out.append(b"$%d\r\n%s\r\n" % (len(p), p))
    return b"".join(out)


def cli(sock, *args):
    return subprocess.check_output(["redis-cli", "-s", sock, *map(str, args)]).decode().strip()


def pipe_in(sock, commands):
    """Send RESP `commands` through redis-cli --pipe; exit on any error."""
    pipe = subprocess.run(["redis-cli", "-s", sock, "--pipe"], input=b"".join(commands),
                          capture_output=True)
    report = pipe.stdout.decode() + pipe.stderr.decode()
    if pipe.returncode != 0 or "errors: 0" not in report:
        sys.exit("redis-cli --pipe failed:\n" + report)


def commandstats(sock):
    """{command: (calls, usec)} from INFO commandstats."""
    out = cli(sock, "INFO", "commandstats")
    stats = {}
    for line in out.splitlines():
        m = re.match(r"cmdstat_([^:]+):calls=(\d+),usec=(\d+)", line)
        if m:
            stats[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return stats


def watch_slow_commands(sock, slower_than_us):
    """Start Redis' slow log afresh, logging every command slower than `slower_than_us`."""
    cli(sock, "CONFIG", "SET", "slowlog-log-slower-than", slower_than_us)
    cli(sock, "CONFIG", "SET", "slowlog-max-len", 100000)
    cli(sock, "SLOWLOG", "RESET")


def longest_command(sock):
    """(milliseconds, command name) of the slowest command in the slow log, or (0, None)."""
    out = subprocess.check_output(["redis-cli", "-s", sock, "--json", "SLOWLOG", "GET", "100000"])
    logged = json.loads(out) if out.strip() else []
    if not logged:
        return 0.0, None
    worst = max(logged, key=lambda e: e[2])
    return worst[2] / 1000, worst[3][0] if worst[3] else "?"


def entries(count, seed=42):
    """(score, member) pairs, newest first: one death every ~0.6 s over a week, distinct
    scores; one entry in ten a Net::ReadTimeout."""
    rnd = random.Random(seed)
    newest = 1796208111.315
    spacing = 7 * 86400 / count
    for i in range(count):
        died = newest - i * spacing - rnd.random() * spacing * 0.5
        created = died - 600 - rnd.random() * 86400
        enqueued = created + rnd.random() * 5
        failed = created + 1 + rnd.random() * 30
        cls, queue, args = JOBS[rnd.randrange(len(JOBS))]
        fields = {"n": rnd.randrange(10**6, 10**7), "h8": "%08x" % rnd.getrandbits(32),
                  "r": rnd.randrange(1, 25), "amt": rnd.randrange(10, 999),
                  "host": HOSTS[i % len(HOSTS)]}
        if rnd.random() < 0.1:
            err_class, message = TIMEOUT
        else:
            err_class, message = OTHER_ERRORS[rnd.randrange(len(OTHER_ERRORS))]
        retries = rnd.choice([25, 25, 25, 5, 3])
        member = (
            '{"retry":%d,"class":"%s","args":%s,"jid":"%024x","queue":"%s",'
            '"created_at":%.7f,"enqueued_at":%.7f,"error_class":"%s","error_message":"%s",'
            '"failed_at":%.7f,"retry_count":%d}'
            % (retries, cls, args.format(**fields), rnd.getrandbits(96), queue, created,
               enqueued, err_class, message.format(**fields), failed, retries)
        )
        yield repr(died), member


def seed(sock, count):
    started = time.perf_counter()
    pipe = subprocess.Popen(["redis-cli", "-s", sock, "--pipe"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    pipe.stdin.write(resp(b"DEL", DEAD.encode()))
    batch, sizes, timeouts = [], 0, 0
    for score, member in entries(count):
        raw = member.encode()
        sizes += len(raw)
        timeouts += '"Net::ReadTimeout"' in member
        batch += (score.encode(), raw)
        if len(batch) == 2000:
            pipe.stdin.write(resp(b"ZADD", DEAD.encode(), *batch))
            batch = []
    if batch:
        pipe.stdin.write(resp(b"ZADD", DEAD.encode(), *batch))
    pipe.stdin.close()
    report = pipe.stdout.read().decode()
    if pipe.wait() != 0 or "errors: 0" not in report:
        sys.exit("seeding failed:\n" + report)
    card = int(subprocess.check_output(["redis-cli", "-s", sock, "ZCARD", DEAD]))
    if card != count:
        sys.exit(f"seeded {card} entries, expected {count} (scores not distinct?)")
    return time.perf_counter() - started, sizes / count, timeouts / count


class Result:
    def __init__(self, wall, cpu, rss_kib, first_line=None, lines=None, out_bytes=None):
        self.wall, self.cpu, self.rss_kib, self.first_line = wall, cpu, rss_kib, first_line
        self.lines, self.out_bytes = lines, out_bytes


def measure(cmd, env, first_line, stdin=None):
    """Wall time and peak RSS (the child's own ru_maxrss); with `first_line`, stdout is a
    pipe read here and the time until its first line arrives is taken too, else stdout is
    /dev/null. `stdin`: a file to read from instead of /dev/null."""
    with tempfile.TemporaryFile() as err, open(stdin or os.devnull, "rb") as given:
        started = time.perf_counter()
        child = subprocess.Popen(cmd, env=env, stdin=given, stderr=err,
                                 stdout=subprocess.PIPE if first_line else subprocess.DEVNULL)
        first = lines = out_bytes = None
        if first_line:
            line = child.stdout.readline()
            first = time.perf_counter() - started
            lines, out_bytes = (1, len(line)) if line else (0, 0)
            while chunk := child.stdout.read1(1 << 20):
                lines += chunk.count(b"\n")
                out_bytes += len(chunk)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.stdout:
            child.stdout.close()
        if child.returncode != 0:
            err.seek(0)
            sys.exit(f"{' '.join(cmd)} exited {child.returncode}:\n{err.read().decode()}")
    cpu = usage.ru_utime + usage.ru_stime
    return Result(wall, cpu, usage.ru_maxrss, first, lines, out_bytes)


def median_of(results, name, field):
    return statistics.median(getattr(r, field) for r in results[name])


def spread_of(results, name, field, unit):
    vals = [getattr(r, field) for r in results[name]]
    return f"{unit(min(vals))} – {unit(max(vals))}"


def print_table(title, rows):
    """The measures as aligned columns under `title`."""
    print()
    print(title)
    header = ("measure", "median", "range", "target", "")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    for r in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


def fmt_time(s):
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def fmt_mib(kib):
    return f"{kib / 1024:.1f} MB"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--entries", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{args.socket}",
           "NO_COLOR": "1", "COLUMNS": "100", "TZ": "UTC"}
    version = subprocess.check_output(["redis-server", "--version"], text=True).split()
    print(f"seeding {args.entries:,} dead entries into a private redis-server "
          f"({next((v for v in version if v.startswith('v=')), '?')[2:]}) ...", flush=True)
    took, avg_size, timeout_share = seed(args.socket, args.entries)
    print(f"seeded in {took:.1f} s: members average {avg_size:.0f} bytes, "
          f"{timeout_share:.1%} Net::ReadTimeout", flush=True)

    cog = [args.cogctl, "dead", "list"]
    cases = {
        "baseline": (["redis-cli", "-s", args.socket, "--raw", "ZRANGE", DEAD, "0", "-1"], False),
        "ndjson": (cog + ["--ndjson", "--all"], False),
        "ndjson_first": (cog + ["--ndjson", "--all"], True),
        "table": (cog, True),
        "error": (cog + ["--error", "Timeout"], True),
        "triage": ([args.cogctl, "dead", "triage", "--json"], False),
    }
    results = {name: [] for name in cases}
    # Round-robin, so a slow spell of the machine hits every case alike.
    for run in range(args.runs):
        print(f"run {run + 1}/{args.runs} ...", flush=True)
        for name, (cmd, first_line) in cases.items():
            results[name].append(measure(cmd, env, first_line))

    for r in results["ndjson_first"]:
        if r.lines != args.entries:
            sys.exit(f"dead list --ndjson --all printed {r.lines} lines, expected {args.entries}")
    for name in ("table", "error"):
        for r in results[name]:
            if r.lines != 52:
                sys.exit(f"{' '.join(cases[name][0])} printed {r.lines} lines, expected "
                         "a header, 50 rows and the '… more' line")

    def med(name, field):
        return median_of(results, name, field)

    def spread(name, field, unit):
        return spread_of(results, name, field, unit)

    base = med("baseline", "wall")
    rows = [
        ("redis-cli --raw ZRANGE dead 0 -1 >/dev/null: wall", fmt_time(base),
         spread("baseline", "wall", fmt_time), "baseline", ""),
        ("  its peak RSS", fmt_mib(med("baseline", "rss_kib")),
         spread("baseline", "rss_kib", fmt_mib), "", ""),
    ]

    def row(label, value, shown, rng, limit, limit_text):
        rows.append((label, shown, rng, limit_text, "PASS" if value <= limit else "MISS"))

    row("dead list --ndjson --all >/dev/null: wall", med("ndjson", "wall"),
        f"{fmt_time(med('ndjson', 'wall'))} ({med('ndjson', 'wall') / base:.2f}×)",
        spread("ndjson", "wall", fmt_time), 1.5 * base, f"≤ 1.5× = {fmt_time(1.5 * base)}")
    row("  its peak RSS", med("ndjson", "rss_kib"), fmt_mib(med("ndjson", "rss_kib")),
        spread("ndjson", "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")
    rows.append(("  its CPU time (user + system, both threads)", fmt_time(med("ndjson", "cpu")),
                 spread("ndjson", "cpu", fmt_time), "", ""))
    row("  first line (stdout a pipe)", med("ndjson_first", "first_line"),
        fmt_time(med("ndjson_first", "first_line")), spread("ndjson_first", "first_line", fmt_time),
        0.1, "≤ 100 ms")
    row("dead list (table, 50 rows): first line", med("table", "first_line"),
        fmt_time(med("table", "first_line")), spread("table", "first_line", fmt_time),
        0.1, "≤ 100 ms")
    rows.append(("  total", fmt_time(med("table", "wall")), spread("table", "wall", fmt_time), "", ""))
    row("dead list --error Timeout (table): first line", med("error", "first_line"),
        fmt_time(med("error", "first_line")), spread("error", "first_line", fmt_time),
        0.1, "≤ 100 ms")
    rows.append(("  total (reads every entry to count the rest)", fmt_time(med("error", "wall")),
                 spread("error", "wall", fmt_time), "", ""))

    nd = med("ndjson", "wall")
    row("dead triage --json (one pass, grouping every entry): wall", med("triage", "wall"),
        f"{fmt_time(med('triage', 'wall'))} ({med('triage', 'wall') / nd:.2f}× dead list --ndjson --all)",
        spread("triage", "wall", fmt_time), 1.5 * nd, f"≤ 1.5× = {fmt_time(1.5 * nd)}")
    row("  its peak RSS", med("triage", "rss_kib"), fmt_mib(med("triage", "rss_kib")),
        spread("triage", "rss_kib", fmt_mib), 64 * 1024, "≤ 64 MB")

    out_mb = med("ndjson_first", "out_bytes") / 1e6
    print_table(f"cogctl list benchmark: {args.entries:,} dead entries of ~{avg_size:.0f} bytes, "
                f"{os.cpu_count()} cores, median of {args.runs} runs (range: min – max)", rows)
    print(f"(NDJSON output: {out_mb:.0f} MB for {args.entries:,} entries; every line carries the "
          "stored member plus its parsed fields)")


if __name__ == "__main__":
    main()
