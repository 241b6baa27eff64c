#!/usr/bin/env python3
"""The worker benchmark: `cogctl worker --burst` working 100,000 builtin:noop jobs at
concurrency 1, 10 and 50, beside the Redis bound for the same command mix measured by
redis-benchmark in the same run; then a /bin/true handler at concurrency 10 (the process
spawn bound), and the worker's RSS idle and under load. Measured, not asserted: it prints
the figures and the target (noop at -c 10 >= 50 % of the bound), and exits non-zero only
when a command fails or a job is lost.

The bound: the Redis commands the worker has executed per job are counted once, on a sample
run under MONITOR: those its scripts run included (MONITOR marks them), the script calls
themselves left out, so the mix is the plain commands doing the same work. Each command of
that mix is then run by redis-benchmark with as many clients as the worker has threads, and
the bound is 1 / sum(count_i / rate_i) jobs/s. Two bounds are shown: one round trip per
command (-P 1: what a client sending these commands one at a time gets; the worker sends a
job's commands in one or two calls, so it can beat this one) and pipelined (-P 16: what the
server itself can execute of this mix, without the cost of running scripts). The calls per
job (the worker's round trips) are shown beside.

Run it through `./tasks bench worker`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bench import cli

QUEUE = "cogworker:queue:default"


def seed(sock, binary, n, job_class="Bench"):
    cli(sock, "FLUSHALL")
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False) as f:
        for i in range(n):
            f.write('{"class":"%s","args":[%d,"order-%06d",{"amount":%d.5}]}\n'
                    % (job_class, i, i, i % 997))
        path = f.name
    try:
        env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
        subprocess.run([binary, "enqueue", "--from", path, "--quiet", "--json"], env=env,
                       check=True, capture_output=True)
    finally:
        os.unlink(path)
    if int(cli(sock, "LLEN", QUEUE)) != n:
        sys.exit("seeding failed")


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def commandstats(sock):
    out = cli(sock, "INFO", "commandstats")
    stats = {}
    for line in out.splitlines():
        m = re.match(r"cmdstat_([^:]+):calls=(\d+)", line)
        if m:
            stats[m.group(1)] = int(m.group(2))
    return stats


def work(sock, binary, n, concurrency, handler, job_class="Bench"):
    """One burst run over n seeded jobs: (seconds, peak RSS kB, commands per job)."""
    cli(sock, "CONFIG", "RESETSTAT")
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    cmd = [binary, "--quiet", "--json", "worker", "--burst", "-c", str(concurrency),
           "--handler", f"{job_class}={handler}"]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = [0]

    def sample():
        while proc.poll() is None:
            kb = rss_kb(proc.pid)
            if kb:
                peak[0] = max(peak[0], kb)
            time.sleep(0.05)

    t = threading.Thread(target=sample)
    t.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - started
    t.join()
    if proc.returncode != 0:
        sys.exit(f"cogctl worker exited {proc.returncode}:\n{err.decode()[-2000:]}")
    summary = json.loads(out)
    if summary["processed"] != n or int(cli(sock, "EXISTS", QUEUE)) != 0:
        sys.exit(f"the worker did not process every job: {summary}")
    stats = commandstats(sock)
    stats.pop("config|resetstat", None)
    stats.pop("info", None)
    mix = {k: v / n for k, v in stats.items()}
    return wall, peak[0], mix


def monitored_mix(sock, binary, n, concurrency):
    """(commands per job, calls per job) from MONITOR over a run of n jobs. Commands: every
    command Redis executes for the worker, those its scripts run (marked [0 lua]) included
    and the script calls themselves left out. Calls: the top-level commands the worker
    sends (a script call is one)."""
    seed(sock, binary, n)
    mon = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    mon.connect(sock)
    mon.sendall(b"MONITOR\r\n")
    chunks = []

    def read():
        while True:
            data = mon.recv(1 << 20)
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.3)
    work(sock, binary, n, concurrency, "builtin:noop")
    time.sleep(0.5)
    mon.shutdown(socket.SHUT_RDWR)
    reader.join(timeout=5)
    mon.close()
    out = b"".join(chunks).decode("utf-8", "replace")
    counts, calls = {}, {}
    for line in out.splitlines():
        m = re.match(r'\+?[0-9.]+ \[\d+ ([^\]]+)\] "([^"]+)"', line)
        if not m:
            continue
        cmd = m.group(2).lower()
        if m.group(1) != "lua":
            calls[cmd] = calls.get(cmd, 0) + 1
        if cmd not in ("eval", "evalsha"):
            counts[cmd] = counts.get(cmd, 0) + 1
    return {k: v / n for k, v in counts.items()}, {k: v / n for k, v in calls.items()}


def idle_rss(sock, binary):
    cli(sock, "FLUSHALL")
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    proc = subprocess.Popen([binary, "--quiet", "worker", "-c", "10"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(6)  # past the first beats
    kb = rss_kb(proc.pid)
    proc.terminate()
    proc.wait(timeout=30)
    return kb


# Each command of the worker's mix as redis-benchmark can run it: BLMOVE as LMOVE on a
# list that rotates into itself (never empty), LREM/the ACK script on a short list.
ACK_SCRIPT = ("redis.call('LREM', KEYS[1], -1, ARGV[1]) redis.call('DEL', KEYS[2]) return 1")


def bench_command(sock, clients, n, args, pipeline=1):
    cmd = ["redis-benchmark", "-s", sock, "-n", str(n), "-c", str(clients), "-P", str(pipeline),
           "--csv", *args]
    out = subprocess.run(cmd, capture_output=True, check=True).stdout.decode()
    rows = [line for line in out.splitlines() if line.startswith('"') and not line.startswith('"test"')]
    try:
        # test, rps, avg, min, p50, p95, p99, max; the test (the command) may hold quotes.
        return float(rows[-1].rsplit('","', 7)[1])
    except (IndexError, ValueError):
        sys.exit("cannot read redis-benchmark's output:\n" + out)


def redis_bound(sock, clients, mix, n, pipeline=1):
    """jobs/s if Redis ran only this command mix, each command at redis-benchmark's rate."""
    cli(sock, "FLUSHALL")
    payload = '{"class":"Bench","args":[1,"order-000001",{"amount":1.5}],"jid":"0123456789abcdef01234567"}'
    subprocess.run(["redis-cli", "-s", sock, "RPUSH", "bench:q", *[payload] * 1000],
                   check=True, capture_output=True)
    sha = cli(sock, "SCRIPT", "LOAD", ACK_SCRIPT)
    sha_fetch = cli(sock, "SCRIPT", "LOAD", "return redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')")
    forms = {
        "smembers": ["SMEMBERS", "cogworker:paused_queues"],
        "sismember": ["SISMEMBER", "cogworker:paused_queues", "default"],
        "blmove": ["LMOVE", "bench:q", "bench:q", "RIGHT", "LEFT"],
        "lmove": ["LMOVE", "bench:q", "bench:q", "RIGHT", "LEFT"],
        "hset": ["HSET", "bench:workers", "abcdef012345", payload],
        "expire": ["EXPIRE", "bench:workers", "60"],
        "incr": ["INCR", "bench:stats"],
        "hincrby": ["HINCRBY", "bench:throughput", "processed", "1"],
        "hdel": ["HDEL", "bench:workers", "abcdef012345"],
        "evalsha": ["EVALSHA", sha, "2", "bench:inprogress", "bench:orphanings:x", payload],
        "lrem": ["LREM", "bench:inprogress", "-1", payload],
        "del": ["DEL", "bench:orphanings:x"],
        "sadd": ["SADD", "bench:set", "x"],
        "zadd": ["ZADD", "bench:z", "1", "x"],
        "hget": ["HGET", "bench:workers", "x"],
        "time": ["TIME"],
        "zremrangebyscore": ["ZREMRANGEBYSCORE", "bench:z", "-inf", "0"],
        "zcount": ["ZCOUNT", "bench:z", "-inf", "0"],
        "llen": ["LLEN", "bench:q"],
        "zrangebyscore": ["ZRANGEBYSCORE", "bench:z", "-inf", "0", "LIMIT", "0", "50"],
        "exists": ["EXISTS", "bench:q"],
        "evalsha_fetch": ["EVALSHA", sha_fetch, "2", "bench:q", "bench:q"],
    }
    seconds_per_job = 0.0
    detail = []
    for cmd, per_job in sorted(mix.items(), key=lambda kv: -kv[1]):
        if per_job < 0.01 or cmd in ("monitor", "config", "info"):
            continue  # heartbeats, the poller, the benchmark itself: not per job
        name = cmd.split("|")[0]
        form = forms.get(name)
        if form is None:
            print(f"  (no redis-benchmark form for {cmd}; left out of the bound)", file=sys.stderr)
            continue
        rate = bench_command(sock, clients, n, form, pipeline)
        seconds_per_job += per_job / rate
        detail.append((cmd, per_job, rate))
    return 1 / seconds_per_job, detail


ACK_FETCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "store", "lua",
                         "ack_fetch.lua")


def replay_bound(sock, clients, n, pipeline=1):
    """jobs/s if Redis ran only the worker's own per-job call: ACK_FETCH, replayed by
    redis-benchmark on a queue holding n jobs (the in-progress list stays one job long: each
    call removes the job the previous one moved onto it)."""
    cli(sock, "FLUSHALL")
    payload = '{"class":"Bench","args":[1,"order-000001",{"amount":1.5}],"jid":"0123456789abcdef01234567"}'
    cli(sock, "EVAL", "for i = 1, tonumber(ARGV[2]) do redis.call('RPUSH', KEYS[1], ARGV[1]) end",
        1, "bench:queue:default", payload, n + 1)
    cli(sock, "LMOVE", "bench:queue:default", "bench:inprogress", "RIGHT", "LEFT")
    with open(ACK_FETCH) as f:
        sha = cli(sock, "SCRIPT", "LOAD", f.read())
    keys = ["bench:inprogress", "bench:orphanings:0123456789abcdef01234567", "bench:workers",
            "bench:stats:processed", "bench:throughput", "bench:paused_queues",
            "bench:queue:default"]
    args = [payload, "abcdef012345", "1", "90000", "1796222411", "60", "default", '"default"']
    rate = bench_command(sock, clients, n, ["EVALSHA", sha, str(len(keys)), *keys, *args],
                         pipeline)
    if int(cli(sock, "LLEN", "bench:inprogress")) != 1:
        sys.exit("the ACK_FETCH replay did not keep one job in progress")
    return rate


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--jobs", type=int, default=100_000)
    ap.add_argument("--spawn-jobs", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sock, binary, n = args.socket, args.cogctl, args.jobs
    mix, calls = monitored_mix(sock, binary, 20_000, 10)

    def listing(counts):
        return ", ".join(f"{k} {v:.2f}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])
                         if v >= 0.01)

    print("commands per job: " + listing(mix), file=sys.stderr)
    print("calls per job: " + listing(calls), file=sys.stderr)
    results = {}
    for c in (1, 10, 50):
        rates, peaks = [], []
        for run in range(1, args.runs + 1):
            seed(sock, binary, n)
            wall, peak, _ = work(sock, binary, n, c, "builtin:noop")
            rates.append(n / wall)
            peaks.append(peak)
            print(f"noop -c {c} run {run}/{args.runs}: {wall:.2f} s, {n / wall:,.0f} jobs/s, "
                  f"peak RSS {peak / 1024:.1f} MiB", file=sys.stderr)
        rtt, _ = redis_bound(sock, c, mix, 200_000)
        server, _ = redis_bound(sock, c, mix, 1_000_000, pipeline=16)
        replay = replay_bound(sock, c, 200_000)
        replay16 = replay_bound(sock, c, 1_000_000, pipeline=16)
        results[c] = (statistics.median(rates), max(peaks), rtt, server, replay, replay16)
        print(f"  redis bound at {c} clients: {rtt:,.0f} jobs/s (-P 1), {server:,.0f} (-P 16); "
              f"ACK_FETCH replayed: {replay:,.0f} (-P 1), {replay16:,.0f} (-P 16)",
              file=sys.stderr)
    seed(sock, binary, args.spawn_jobs)
    wall, spawn_peak, _ = work(sock, binary, args.spawn_jobs, 10, "/bin/true")
    spawn_rate = args.spawn_jobs / wall
    print(f"/bin/true -c 10: {wall:.2f} s, {spawn_rate:,.0f} jobs/s", file=sys.stderr)
    idle = idle_rss(sock, binary)
    cli(sock, "FLUSHALL")

    print(f"\nworker benchmark: {n:,} builtin:noop jobs per run, median of {args.runs} runs")
    per_job = sum(v for v in mix.values() if v >= 0.01)
    calls_per_job = sum(v for v in calls.values() if v >= 0.01)
    print("Redis commands per job (MONITOR, those run by scripts included): %.2f — %s" % (
        per_job, listing(mix)))
    print("calls (round trips) per job: %.2f — %s" % (calls_per_job, listing(calls)))
    print("bounds: the command mix by redis-benchmark (-P 1, -P 16), and the worker's own call"
          " (ACK_FETCH) replayed by redis-benchmark (-P 1, -P 16)")
    print(f"{'concurrency':<13}{'jobs/s':>9}{'mix -P 1':>10}{'ratio':>7}{'mix -P 16':>11}"
          f"{'ratio':>7}{'call -P 1':>11}{'ratio':>7}{'call -P 16':>12}{'ratio':>7}"
          f"{'peak RSS':>11}")
    for c, (rate, peak, *bounds) in results.items():
        cells = "".join(f"{b:>{w},.0f}{rate / b:>7.0%}" for b, w in zip(bounds, (10, 11, 11, 12)))
        print(f"{c:<13}{rate:>9,.0f}{cells}{peak / 1024:>7.1f} MiB")
    rate10, _, *bounds10 = results[10]
    verdicts = ", ".join(f"{'PASS' if rate10 >= 0.5 * b else 'MISS'} ({name})" for b, name in
                         zip(bounds10, ("mix -P 1", "mix -P 16", "call -P 1", "call -P 16")))
    print(f"target: noop at -c 10 >= 50 % of the bound: {verdicts}")
    print(f"/bin/true handler, -c 10, {args.spawn_jobs:,} jobs: {spawn_rate:,.0f} jobs/s "
          f"(peak RSS {spawn_peak / 1024:.1f} MiB)")
    idle_ok = "PASS" if idle and idle < 20 * 1024 else "MISS"
    print(f"idle worker RSS (-c 10): {idle / 1024:.1f} MiB (target < 20 MB: {idle_ok})")


if __name__ == "__main__":
    main()
