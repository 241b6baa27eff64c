#!/usr/bin/env python3
"""The bulk-enqueue benchmark: `cogctl enqueue --from FILE` of 1,000,000 job specs, beside
`redis-benchmark -t lpush` with the same pipeline depth and a payload of the same size against
the same private redis-server, in the same run. Measured, not asserted: it prints jobs/s for
both, their ratio and the target (cogctl >= 50 % of redis-benchmark), and exits non-zero only
when a command fails or writes the wrong number of jobs.

Run it through `./tasks bench enqueue`, which builds the release binary and starts a private
redis-server that it removes afterwards.
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

from bench import cli

QUEUE_PREFIX = "cogworker:queue:"
SCHEDULE = "cogworker:schedule"

# Realistic specs: a few classes and queues, args of a few values with nested objects, some
# with a retry budget or extra fields; one in ten scheduled, one in twenty unique.
JOBS = [
    ("Billing::InvoiceMailerJob", "mailers",
     '["invoice-2026-{n:06d}",{n},{{"amount":{amt}.5,"currency":"EUR","customer_id":"cus_{h8}",'
     '"lines":[{{"sku":"SKU-{r}","qty":{r}}},{{"sku":"SKU-{r2}","qty":1}}]}}]'),
    ("Webhooks::DeliveryJob", "webhooks",
     '["https://hooks.example.test/endpoints/{h8}",{{"event":"order.paid","attempt":{r},'
     '"order_id":{n},"signature":"sha256={h8}{h8}{h8}"}}]'),
    ("Images::ResizeJob", "default",
     '[{n},"uploads/2026/12/{h8}.jpg",{{"sizes":[64,256,1024],"format":"webp","quality":0.85,'
     '"uploaded_by":"user-{r2}@example.test","source":"s3://uploads-eu/{h8}/original.jpg"}}]'),
    ("Inventory::SyncJob", "low",
     '["warehouse-{r}",[{n},{amt},{r}],{{"full":false,"since":"2026-12-01T00:00:00Z",'
     '"skus":["SKU-{r}","SKU-{r2}","SKU-{amt}"],"dry_run":false}}]'),
    ("Search::ReindexJob", "default",
     '["Product",{n},{{"fields":["title","description","tags","price","availability"],'
     '"reason":"updated by {h8}","priority":{r}}}]'),
]


def specs(count, seed=7, mixed=True):
    """Spec lines; with `mixed`, one in ten is scheduled and one in twenty unique, otherwise
    every job is an immediate push (what redis-benchmark's LPUSH compares with)."""
    rnd = random.Random(seed)
    for i in range(count):
        cls, queue, args = JOBS[rnd.randrange(len(JOBS))]
        fields = {"n": rnd.randrange(10**6, 10**7), "h8": "%08x" % rnd.getrandbits(32),
                  "r": rnd.randrange(1, 25), "r2": rnd.randrange(25, 99),
                  "amt": rnd.randrange(10, 999)}
        spec = '{"class":"%s","queue":"%s","args":%s' % (cls, queue, args.format(**fields))
        roll = rnd.random()
        if mixed and roll < 0.1:
            spec += ',"in":%d' % rnd.randrange(60, 86400)
        elif mixed and roll < 0.15:
            spec += ',"unique":true'
        if rnd.random() < 0.3:
            spec += ',"retry":%d' % rnd.choice([3, 5, 10])
        if rnd.random() < 0.2:
            spec += ',"set":{"tags":["bulk","backfill-%d"],"tenant_id":%d}' % (
                rnd.randrange(1, 9), rnd.randrange(1, 500))
        yield spec + "}\n"


def written(sock):
    queued = sum(int(cli(sock, "LLEN", k)) for k in cli(sock, "KEYS", QUEUE_PREFIX + "*").split())
    return queued + int(cli(sock, "ZCARD", SCHEDULE))


def payload_size(sock):
    """The mean size of the payloads cogctl wrote (a sample of each queue)."""
    sizes = []
    for key in cli(sock, "KEYS", QUEUE_PREFIX + "*").split():
        out = subprocess.check_output(["redis-cli", "-s", sock, "--json", "LRANGE", key, "0", "199"])
        sizes += [len(p.encode()) for p in json.loads(out)]
    return round(statistics.mean(sizes))


def cogctl(sock, binary, path, count, batch):
    cli(sock, "FLUSHALL")
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "enqueue", "--from", path, "--quiet", "--json", "--batch", str(batch)]
    started = time.perf_counter()
    out = subprocess.run(cmd, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - started
    if out.returncode != 0:
        sys.exit(f"cogctl exited {out.returncode}:\n{out.stderr.decode()}{out.stdout.decode()}")
    summary = json.loads(out.stdout)
    done = summary["pushed"] + summary["scheduled"] + summary["duplicates"]
    if done != count or written(sock) != summary["pushed"] + summary["scheduled"]:
        sys.exit(f"cogctl wrote the wrong number of jobs: {summary}")
    return wall


def redis_benchmark(sock, count, pipeline, size, clients):
    cli(sock, "FLUSHALL")
    cmd = ["redis-benchmark", "-s", sock, "-t", "lpush", "-n", str(count), "-P", str(pipeline),
           "-d", str(size), "-c", str(clients), "--csv"]
    out = subprocess.run(cmd, capture_output=True, check=True).stdout.decode()
    # "test","rps",...  then "LPUSH","1234567.89",...
    match = re.search(r'"LPUSH[^"]*","([0-9.]+)"', out)
    if not match:
        sys.exit("cannot read redis-benchmark's output:\n" + out)
    return float(match.group(1))


def write_specs(n, mixed):
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False) as f:
        size = 0
        for line in specs(n, mixed=mixed):
            size += len(line)
            f.write(line)
        return f.name, size / n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--jobs", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000, help="cogctl --batch = redis-benchmark -P")
    args = ap.parse_args()
    n, sock = args.jobs, args.socket
    plain, plain_size = write_specs(n, mixed=False)
    mixed, mixed_size = write_specs(n, mixed=True)
    try:
        # One discarded round first, so the server has grown its memory once before anything
        # is timed (the first 1,000,000 pushes into a fresh server pay for that, whoever runs
        # them).
        print(f"warm-up: {n:,} pushes, not timed", file=sys.stderr)
        redis_benchmark(sock, n, args.batch, 323, 50)
        cogctl(sock, args.cogctl, plain, n, args.batch)
        cog, cog_mixed, bench50, bench1, sizes = [], [], [], [], []
        for run in range(1, args.runs + 1):
            print(f"run {run}/{args.runs}: {n:,} jobs", file=sys.stderr)
            wall = cogctl(sock, args.cogctl, plain, n, args.batch)
            cog.append(n / wall)
            sizes.append(payload_size(sock))
            print(f"  cogctl, immediate pushes: {wall:.2f} s, {n / wall:,.0f} jobs/s",
                  file=sys.stderr)
            wall = cogctl(sock, args.cogctl, mixed, n, args.batch)
            cog_mixed.append(n / wall)
            print(f"  cogctl, mixed: {wall:.2f} s, {n / wall:,.0f} jobs/s", file=sys.stderr)
            bench50.append(redis_benchmark(sock, n, args.batch, sizes[-1], 50))
            bench1.append(redis_benchmark(sock, n, args.batch, sizes[-1], 1))
            print(f"  redis-benchmark: {bench50[-1]:,.0f}/s (50 clients), "
                  f"{bench1[-1]:,.0f}/s (1 client)", file=sys.stderr)
        cli(sock, "FLUSHALL")
    finally:
        os.unlink(plain)
        os.unlink(mixed)

    med = statistics.median
    c, cm, b50, b1 = med(cog), med(cog_mixed), med(bench50), med(bench1)
    size = med(sizes)
    print(f"\nbulk enqueue benchmark: {n:,} jobs, pipeline/batch {args.batch}, "
          f"median of {args.runs} runs")
    print(f"{'measure':<64}{'jobs/s':>12}  vs redis-benchmark")
    print(f"{f'redis-benchmark -t lpush -P {args.batch} -d {size:.0f} (50 clients)':<64}{b50:>12,.0f}")
    print(f"{f'redis-benchmark -t lpush -P {args.batch} -d {size:.0f} -c 1':<64}{b1:>12,.0f}")
    ok = "PASS" if c >= 0.5 * b50 else "MISS"
    print(f"{f'cogctl enqueue --from, immediate pushes ({plain_size:.0f}-byte specs)':<64}"
          f"{c:>12,.0f}  {c / b50:.0%} (target ≥ 50 %: {ok}); {c / b1:.0%} of -c 1")
    print(f"{f'cogctl enqueue --from, mixed ({mixed_size:.0f}-byte specs)':<64}"
          f"{cm:>12,.0f}  {cm / b50:.0%}; {cm / b1:.0%} of -c 1")
    print("(payloads ~%d bytes. cogctl parses each spec, writes the gem's payload with a fresh "
          "jid and timestamps and registers the queue, each job whole or not at all; 'mixed' "
          "also schedules one job in ten (ZADD) and takes a unique lock for one in twenty. "
          "redis-benchmark pushes one fixed value onto one list.)" % size)


if __name__ == "__main__":
    main()
