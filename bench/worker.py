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

Then what a job costs (--cost-only runs only this part and the latency): the worker's own
CPU per job (user + sys of the worker process, all its threads, read from /proc/PID/stat at the
first job taken and when the queue is empty, so its start is left out), Redis CPU per 1,000
jobs (INFO cpu, used_cpu_sys + used_cpu_user, before and after) and the commands per job (INFO
commandstats: those run by scripts included), beside jobs/s, at concurrency 1, 10 and 50, for
this cogctl, for another cogctl binary given with --baseline (by default the worker before
batching, built by ./tasks from its commit), and for Sidekiq 6.4 with its basic fetch (BRPOP;
Debian's ruby-sidekiq), each on the same no-op jobs in the same run, taking turns; and the
idle-to-start latency (a job pushed to an idle worker, until its thread registers it as
running) of both cogctl binaries. Beside them, the floor (bench/floor.c, built with cc when
there is one): a C client that does nothing but PING round trips on the same socket, one at a
time (what any worker that settles a job before starting its next pays per job at -c 1,
with no job, no payload and no threads) and 2, 4 and 10 writes per read. Targets: the worker's own CPU per job <= 0.5 x the
baseline's and jobs/s >= 1.2 x the baseline's at each concurrency; Redis CPU per job <= 0.45 x
Sidekiq's at -c 10 and <= 0.2 x at -c 50; p99 idle-to-start not above the baseline's.

Last, a lone job's latency after a burst (--lone-only runs only this part): a worker at -c 8
that has just emptied its queue, a job pushed then, until it starts and until it is counted.

Run it through `./tasks bench worker`, which builds the release binary and starts a private
redis-server that it removes afterwards.
"""

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bench import cli, resp

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
        "incrby": ["INCRBY", "bench:stats", "1"],
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
    """jobs/s if Redis ran only the worker's own per-job call: ACK_FETCH settling one job and
    fetching one (a batch of one: what one thread alone sends), replayed by redis-benchmark
    on a queue holding n jobs (the in-progress list stays one job long: each call removes
    the job the previous one moved onto it)."""
    cli(sock, "FLUSHALL")
    payload = '{"class":"Bench","args":[1,"order-000001",{"amount":1.5}],"jid":"0123456789abcdef01234567"}'
    cli(sock, "EVAL", "for i = 1, tonumber(ARGV[2]) do redis.call('RPUSH', KEYS[1], ARGV[1]) end",
        1, "bench:queue:default", payload, n + 1)
    cli(sock, "LMOVE", "bench:queue:default", "bench:inprogress", "RIGHT", "LEFT")
    with open(ACK_FETCH) as f:
        sha = cli(sock, "SCRIPT", "LOAD", f.read())
    keys = ["bench:inprogress", "bench:workers", "bench:stats:processed", "bench:throughput",
            "bench:paused_queues", "bench:queue:default",
            "bench:orphanings:0123456789abcdef01234567"]
    args = ["1", "1", "90000", "1796222411", "60", payload, "abcdef012345", "1", "default",
            '"default"', "abcdef012345", "1"]
    rate = bench_command(sock, clients, n, ["EVALSHA", sha, str(len(keys)), *keys, *args],
                         pipeline)
    if int(cli(sock, "LLEN", "bench:inprogress")) != 1:
        sys.exit("the ACK_FETCH replay did not keep one job in progress")
    return rate


class Conn:
    """A minimal RESP client on the unix socket, for polling without a process per call."""

    def __init__(self, sock):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(sock)
        self.f = self.s.makefile("rb")

    def call(self, *args):
        self.s.sendall(resp(*[a if isinstance(a, bytes) else str(a).encode() for a in args]))
        return self.read()

    def read(self):
        line = self.f.readline()
        kind, rest = line[:1], line[1:-2]
        if kind in (b"+", b"-"):
            return rest.decode()
        if kind == b":":
            return int(rest)
        if kind == b"$":
            size = int(rest)
            if size < 0:
                return None
            data = self.f.read(size + 2)[:-2]
            return data
        if kind == b"*":
            size = int(rest)
            return None if size < 0 else [self.read() for _ in range(size)]
        raise RuntimeError(f"unexpected reply {line!r}")

    def close(self):
        self.f.close()
        self.s.close()


def redis_cpu(sock):
    """Seconds of CPU redis-server has used (user + system)."""
    out = cli(sock, "INFO", "cpu")
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return float(fields["used_cpu_sys"]) + float(fields["used_cpu_user"])


SIDEKIQ_JOB = """require "logger"
require "sidekiq"
Sidekiq.configure_server do |config|
  config.redis = { url: ENV.fetch("REDIS_URL") }
  config.logger.level = Logger::WARN
end

class NoopJob
  include Sidekiq::Worker
  sidekiq_options retry: true
  def perform(*); end
end
"""


def seed_sidekiq(sock, n):
    """n no-op jobs as Sidekiq 6.4's client pushes them (Sidekiq::Client#raw_push)."""
    cli(sock, "FLUSHALL")
    now = time.time()
    commands, batch = [], []
    for i in range(n):
        batch.append(json.dumps({
            "retry": True, "queue": "default", "class": "NoopJob",
            "args": [i, "order-%06d" % i, {"amount": i % 997 + 0.5}],
            "jid": "%024x" % (0xb0000000 + i), "created_at": now, "enqueued_at": now,
        }, separators=(",", ":")).encode())
        if len(batch) == 1000:
            commands.append(resp(b"LPUSH", b"queue:default", *batch))
            batch = []
    if batch:
        commands.append(resp(b"LPUSH", b"queue:default", *batch))
    commands.append(resp(b"SADD", b"queues", b"default"))
    subprocess.run(["redis-cli", "-s", sock, "--pipe"], input=b"".join(commands),
                   check=True, capture_output=True)
    if int(cli(sock, "LLEN", "queue:default")) != n:
        sys.exit("seeding Sidekiq's queue failed")


def process_cpu(pid):
    """The CPU time (user + sys, every thread) a process has used so far, in seconds; None
    once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cost_run(sock, n, concurrency, start, queue):
    """One run over n seeded jobs: (jobs/s, Redis CPU ms per 1,000 jobs, commands per job,
    those run by scripts included, as commandstats counts them, the worker's own CPU in µs per
    job from its first job taken to the queue's end). The
    window for jobs/s is from the first job taken to the queue's end; Redis CPU and calls
    are counted from just before the worker starts until the queue is empty and the jobs in
    flight (at most `concurrency` no-ops) had 50 ms to end. The polling (LLEN) is left out of
    the commands; its CPU, about 1 µs per poll every 2 ms, is in every contender's figure."""
    cli(sock, "CONFIG", "RESETSTAT")
    poll = Conn(sock)
    cpu0 = redis_cpu(sock)
    proc = start(concurrency)
    first = None
    own0 = own1 = None
    deadline = time.monotonic() + 600
    try:
        while True:
            left = poll.call("LLEN", queue)
            now = time.perf_counter()
            if first is None and left < n:
                first = now
                own0 = process_cpu(proc.pid)
            if left == 0:
                own1 = process_cpu(proc.pid)
                break
            if time.monotonic() > deadline or proc.poll() not in (None, 0):
                sys.exit(f"the worker stopped or stalled with {left} jobs left")
            time.sleep(0.002)
        done = time.perf_counter()
        time.sleep(0.05)
        cpu1 = redis_cpu(sock)
        stats = commandstats(sock)
    finally:
        poll.close()
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for leftout in ("config|resetstat", "info", "llen"):
        stats.pop(leftout, None)
    calls = sum(stats.values())
    rate = n / max(done - (first or done), 1e-9)
    own = (own1 - own0) * 1e6 / n if own0 is not None and own1 is not None else float("nan")
    return rate, (cpu1 - cpu0) * 1e6 / n, calls / n, own


def floor_binary(workdir):
    """bench/floor.c built into workdir, or None (with a note) when there is no C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        print("  (no C compiler: the round-trip floor is left out)", file=sys.stderr)
        return None
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor.c")
    out = os.path.join(workdir, "floor")
    subprocess.run([cc, "-O2", "-o", out, source], check=True)
    return out


def floor_run(sock, floor, n, k):
    """(round trips a second, the client's CPU per command in µs) of one floor run."""
    done = subprocess.run([floor, sock, str(n), str(k)], check=True, capture_output=True,
                          text=True)
    figures = json.loads(done.stdout)
    return figures["per_second"], figures["cpu_us"]


def cogctl_starter(sock, binary):
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")

    def start(concurrency):
        return subprocess.Popen([binary, "--quiet", "--json", "worker", "--burst", "-c",
                                 str(concurrency), "--handler", "Bench=builtin:noop"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return start


def sidekiq_starter(sock, workdir):
    path = os.path.join(workdir, "noop_job.rb")
    with open(path, "w") as f:
        f.write(SIDEKIQ_JOB)
    env = dict(os.environ, REDIS_URL=f"unix://{sock}")

    def start(concurrency):
        return subprocess.Popen(["sidekiq", "-r", path, "-c", str(concurrency), "-q", "default"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                cwd=workdir)
    return start


def push_until_started(conn, workers, job_class, n, what):
    """LPUSH one job of `job_class` sleeping 20 ms (long enough for its busy entry to be seen),
    jid from `n`, and wait until a thread registers it as running: (when it was pushed, the
    seconds until then)."""
    job = json.dumps({"class": job_class, "args": [0.02, n], "queue": "default",
                      "jid": "%024x" % n, "retry": True,
                      "created_at": time.time(), "enqueued_at": time.time()})
    pushed = time.perf_counter()
    conn.call("LPUSH", "cogworker:queue:default", job)
    while conn.call("HLEN", workers) == 0:
        if time.perf_counter() - pushed > 10:
            sys.exit(f"{what} did not start")
    return pushed, time.perf_counter() - pushed


def start_latency(sock, binary, samples):
    """Seconds from a job's LPUSH to an idle `cogctl worker -c 10` until the job's thread
    registers it as running (its workers-hash entry), for each of `samples` jobs pushed one
    at a time, 50–150 ms after the last one was settled."""
    cli(sock, "FLUSHALL")
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    proc = subprocess.Popen([binary, "--quiet", "worker", "-c", "10", "--handler",
                             "Bench=builtin:sleep"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    conn = Conn(sock)
    try:
        deadline = time.monotonic() + 30
        while not conn.call("SMEMBERS", "cogworker:processes"):
            if time.monotonic() > deadline:
                sys.exit("the worker did not start")
            time.sleep(0.05)
        identity = conn.call("SMEMBERS", "cogworker:processes")[0]
        workers = b"cogworker:workers:" + identity
        inprogress = b"cogworker:inprogress:" + identity
        time.sleep(2.5)  # every thread is waiting for work
        waits = []
        for i in range(samples):
            _, waited = push_until_started(conn, workers, "Bench", 0xc0000000 + i,
                                           "a job pushed to the idle worker")
            waits.append(waited)
            while conn.call("LLEN", inprogress) or conn.call("HLEN", workers):
                time.sleep(0.001)
            time.sleep(0.05 + 0.1 * ((i * 7919) % 100) / 100)
        return waits
    finally:
        conn.close()
        proc.terminate()
        proc.wait(timeout=30)


def lone_after_burst(sock, binary, samples):
    """A worker (-c 8) that has just worked a burst of 2,000 no-op jobs, its queues dry: a
    lone job pushed then (LPUSH, 20 ms of sleep), `samples` times, one at a time. Per job, the
    seconds from its push until its thread registers it as running, and until it is counted
    as processed (its 20 ms included)."""
    cli(sock, "FLUSHALL")
    seed(sock, binary, 2000, job_class="Ok")
    env = dict(os.environ, COGCTL_REDIS_URL=f"unix://{sock}")
    proc = subprocess.Popen([binary, "--quiet", "worker", "-c", "8", "--handler",
                             "Ok=builtin:noop", "--handler", "S=builtin:sleep"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    conn = Conn(sock)
    try:
        deadline = time.monotonic() + 60
        while conn.call("GET", "cogworker:stats:processed") != b"2000":
            if time.monotonic() > deadline:
                sys.exit("the burst was not worked")
            time.sleep(0.01)
        identity = conn.call("SMEMBERS", "cogworker:processes")[0]
        workers = b"cogworker:workers:" + identity
        time.sleep(0.5)
        starts, settles = [], []
        for i in range(samples):
            want = str(2001 + i).encode()
            pushed, waited = push_until_started(conn, workers, "S", 0xd0000000 + i,
                                                "a lone job")
            starts.append(waited)
            while conn.call("GET", "cogworker:stats:processed") != want:
                if time.perf_counter() - pushed > 10:
                    sys.exit("a lone job was not settled")
            settles.append(time.perf_counter() - pushed)
            while conn.call("HLEN", workers):
                time.sleep(0.001)
            time.sleep(0.05)
        return starts, settles
    finally:
        conn.close()
        proc.terminate()
        proc.wait(timeout=30)


def print_lone(sock, binary, samples):
    starts, settles = lone_after_burst(sock, binary, samples)
    ms = lambda v: f"{v * 1000:.2f} ms"
    print(f"a lone job after a burst (-c 8, the queue dry), {samples} jobs of 20 ms: push to "
          f"start p50 {ms(percentile(starts, 50))}, p99 {ms(percentile(starts, 99))}, max "
          f"{ms(max(starts))}; push to counted p50 {ms(percentile(settles, 50))}, p99 "
          f"{ms(percentile(settles, 99))}, max {ms(max(settles))}")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def redis_cost(sock, binary, baseline, n, runs, samples):
    """The Redis cost comparison (see the module's doc)."""
    workdir = tempfile.mkdtemp(prefix="cogctl-bench-")
    contenders = [("cogctl", lambda: seed(sock, binary, n), cogctl_starter(sock, binary),
                   QUEUE)]
    if baseline:
        contenders.append(("cogctl baseline", lambda: seed(sock, binary, n),
                           cogctl_starter(sock, baseline), QUEUE))
    if shutil.which("sidekiq"):
        contenders.append(("Sidekiq 6.4 basic fetch", lambda: seed_sidekiq(sock, n),
                           sidekiq_starter(sock, workdir), "queue:default"))
    else:
        print("  (sidekiq is not installed: left out)", file=sys.stderr)
    floor = floor_binary(workdir)
    floors = {k: [] for k in (1, 2, 4, 10)}
    table = {}
    for c in (1, 10, 50):
        # The contenders take turns, run by run: a machine that slows down for a while (a
        # shared host) slows each of them alike.
        figures = {name: [] for name, _, _, _ in contenders}
        for run in range(1, runs + 1):
            if c == 1 and floor:
                for k in floors:
                    rate, own = floor_run(sock, floor, n, k)
                    floors[k].append((rate, own))
                    print(f"round-trip floor, {k} a read, run {run}/{runs}: {rate:,.0f} "
                          f"commands/s, {own:.2f} µs CPU per command", file=sys.stderr)
            for name, seeder, start, queue in contenders:
                seeder()
                rate, cpu, calls, own = cost_run(sock, n, c, start, queue)
                figures[name].append((rate, cpu, calls, own))
                print(f"{name} -c {c} run {run}/{runs}: {rate:,.0f} jobs/s, Redis CPU "
                      f"{cpu:.2f} ms per 1,000 jobs, {calls:.2f} commands per job, worker CPU "
                      f"{own:.2f} µs per job", file=sys.stderr)
        for name, _, _, _ in contenders:
            table[(name, c)] = tuple(
                statistics.median(f[i] for f in figures[name]) for i in range(4))
    latency = {}
    binaries = [("cogctl", binary)] + ([("cogctl baseline", baseline)] if baseline else [])
    waits = {name: [] for name, _ in binaries}
    # In two halves, taking turns, as above.
    for half in (samples // 2, samples - samples // 2):
        for name, path in binaries:
            waits[name] += start_latency(sock, path, half)
    for name, _ in binaries:
        latency[name] = (percentile(waits[name], 50), percentile(waits[name], 99))
        print(f"{name} idle-to-start: p50 {latency[name][0] * 1000:.2f} ms, p99 "
              f"{latency[name][1] * 1000:.2f} ms", file=sys.stderr)
    shutil.rmtree(workdir, ignore_errors=True)
    cli(sock, "FLUSHALL")

    print(f"\nwhat a job costs: {n:,} no-op jobs per run, median of {runs} runs")
    print(f"{'worker':<26}{'-c':>4}{'jobs/s':>10}{'worker CPU / job':>18}"
          f"{'Redis CPU / 1,000 jobs':>25}{'commands / job':>16}{'jobs / Redis core-s':>21}")
    for (name, c), (rate, cpu, calls, own) in table.items():
        print(f"{name:<26}{c:>4}{rate:>10,.0f}{own:>15.2f} µs{cpu:>22.2f} ms{calls:>16.2f}"
              f"{1e6 / cpu:>21,.0f}")
    for k, runs_k in floors.items():
        if runs_k:
            rate = statistics.median(r for r, _ in runs_k)
            own = statistics.median(o for _, o in runs_k)
            name = "floor: PING, 1 a read" if k == 1 else f"floor: PING, {k} a read"
            print(f"{name:<26}{'':>4}{rate:>10,.0f}{own:>15.2f} µs")
    redis_targets = {10: 0.45, 50: 0.2}
    for c in (1, 10, 50):
        rate, cpu, _, own = table[("cogctl", c)]
        verdicts = []
        if ("cogctl baseline", c) in table:
            base_rate, base_cpu, _, base_own = table[("cogctl baseline", c)]
            verdicts.append(f"worker CPU per job {own / base_own:.2f} x the baseline's (target "
                            f"<= 0.5: {'PASS' if own <= 0.5 * base_own else 'MISS'})")
            verdicts.append(f"jobs/s {rate / base_rate:.2f} x the baseline's (target >= 1.2: "
                            f"{'PASS' if rate >= 1.2 * base_rate else 'MISS'})")
            verdicts.append(f"Redis CPU per job {cpu / base_cpu:.2f} x the baseline's")
        if ("Sidekiq 6.4 basic fetch", c) in table:
            theirs = table[("Sidekiq 6.4 basic fetch", c)][1]
            target = redis_targets.get(c)
            verdicts.append(f"Redis CPU per job {cpu / theirs:.2f} x Sidekiq's" + (
                f" (target <= {target}: {'PASS' if cpu <= target * theirs else 'MISS'})"
                if target else ""))
        print(f"-c {c}: " + "; ".join(verdicts))
    if floors[1] and ("cogctl baseline", 1) in table:
        base_rate, _, _, base_own = table[("cogctl baseline", 1)]
        rate = statistics.median(r for r, _ in floors[1])
        own = statistics.median(o for _, o in floors[1])
        print(f"-c 1 floor (one PING round trip a job, nothing else): {own:.2f} µs CPU, "
              f"{own / base_own:.2f} x the baseline's worker CPU per job (its target: 0.5); "
              f"{rate:,.0f}/s, {rate / base_rate:.2f} x the baseline's jobs/s (its target: 1.2)")
    for name, (p50, p99) in latency.items():
        print(f"idle-to-start latency, {name}: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"
              f" ({samples} jobs)")
    if "cogctl baseline" in latency:
        ours, theirs = latency["cogctl"][1], latency["cogctl baseline"][1]
        print(f"idle-to-start p99: {ours / theirs:.2f} x the baseline's (target: unchanged)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True)
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--jobs", type=int, default=100_000)
    ap.add_argument("--spawn-jobs", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", help="another cogctl binary to compare the Redis cost with")
    ap.add_argument("--cost-jobs", type=int, default=50_000,
                    help="jobs per run of the Redis cost comparison")
    ap.add_argument("--latency-samples", type=int, default=400)
    ap.add_argument("--cost-only", action="store_true",
                    help="only the Redis cost comparison and the idle-to-start latency")
    ap.add_argument("--lone-only", action="store_true",
                    help="only a lone job's latency after a burst")
    args = ap.parse_args()
    sock, binary, n = args.socket, args.cogctl, args.jobs
    if args.lone_only:
        print_lone(sock, binary, args.latency_samples)
        return
    if args.cost_only:
        redis_cost(sock, binary, args.baseline, args.cost_jobs, args.runs, args.latency_samples)
        return
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
    redis_cost(sock, binary, args.baseline, args.cost_jobs, args.runs, args.latency_samples)
    print_lone(sock, binary, args.latency_samples)


if __name__ == "__main__":
    main()
