#!/usr/bin/env python3
"""The `cogctl doctor` benchmark: one run over a large deployment — 10,000 queues and 1,000
live processes (each with its presence hash, in-progress list, workers hash, memory history
and last_beat stamp), retry, scheduled and dead entries, periodic entries — beside redis-cli
sending the same reads in the same run (and the SCAN walk, which redis-cli can't send with a
COUNT, from a minimal RESP client here). Measured, not asserted: it prints a table with the
target (doctor ≤ 0.5 s) and PASS/MISS, and exits 0 either way (non-zero only when a command
fails or doctor's report is not the one the seeded state calls for).

The commands Redis ran for one doctor run come from INFO commandstats, reset before it.

Run it through `./tasks bench doctor`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import hashlib
import json
import os
import socket as socketlib
import statistics
import subprocess
import sys
import time

from bench import cli, commandstats, pipe_in, print_table, resp

QUEUES = 10_000
PROCESSES = 1_000
JOBS_PER_QUEUE = 3
QUEUES_PER_PROCESS = 10
SET_ENTRIES = 1_000
PERIODIC = 10
TARGET_S = 0.5

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def queue(i):
    return f"queue-{i:05d}"


def identity(i):
    return f"bench-host-{i // 50}:{1000 + i}:{i:012x}"


def pjid(i):
    return hashlib.sha1(f"*/5 * * * *|PeriodicJob|[{i}]".encode()).hexdigest()


def job(q, n, at):
    return json.dumps({"class": "BenchJob", "args": [n], "jid": f"{n:024x}", "queue": q,
                       "retry": True, "created_at": at, "enqueued_at": at},
                      separators=(",", ":")).encode()


def seed(sock, now):
    cmds = [resp(b"FLUSHALL")]
    n = 0
    for q in range(QUEUES):
        name = queue(q).encode()
        cmds.append(resp(b"SADD", b"cogworker:queues", name))
        jobs = []
        for _ in range(JOBS_PER_QUEUE):
            jobs.append(job(queue(q), n, now - 1))
            n += 1
        cmds.append(resp(b"LPUSH", b"cogworker:queue:" + name, *jobs))
    slot = int(now) - int(now) % 900
    for p in range(PROCESSES):
        ident = identity(p).encode()
        reads = [queue((p * QUEUES_PER_PROCESS + k) % QUEUES)
                 for k in range(QUEUES_PER_PROCESS)]
        info = json.dumps({"hostname": f"bench-host-{p // 50}", "pid": 1000 + p,
                           "concurrency": 10, "queues": reads, "started_at": now - 3600,
                           "rss_kb": 80000 + p}, separators=(",", ":")).encode()
        key = b"cogworker:process:" + ident
        cmds.append(resp(b"SADD", b"cogworker:processes", ident))
        cmds.append(resp(b"HSET", key, b"info", info, b"busy", b"1", b"quiet", b"false"))
        # Live for the whole run: the gem renews it every beat; nothing beats here.
        cmds.append(resp(b"EXPIRE", key, b"600"))
        cmds.append(resp(b"HSET", b"cogworker:last_beat", ident, b"%d" % int(now)))
        cmds.append(resp(b"SADD", b"cogworker:inprogress_identities", ident))
        running = job(reads[0], n, now - 2)
        n += 1
        cmds.append(resp(b"LPUSH", b"cogworker:inprogress:" + ident, running))
        cmds.append(resp(b"HSET", b"cogworker:workers:" + ident, b"%012x" % p,
                         b'{"queue":"%s","payload":%s,"run_at":%d}'
                         % (reads[0].encode(), running, int(now) - 2)))
        cmds.append(resp(b"EXPIRE", b"cogworker:workers:" + ident, b"600"))
        cmds.append(resp(b"ZADD", b"cogworker:memory:" + ident, b"%d" % slot,
                         b"%d:%d" % (slot, 80000 + p)))
        for q in reads:
            cmds.append(resp(b"ZADD", b"cogworker:live_queues", b"%d" % int(now), q.encode()))
    for s in range(SET_ENTRIES):
        cmds.append(resp(b"ZADD", b"cogworker:retry", b"%f" % (now + 60 + s),
                         job("default", n, now - 100)))
        cmds.append(resp(b"ZADD", b"cogworker:schedule", b"%f" % (now + 600 + s),
                         job("default", n + 1, now - 100)))
        cmds.append(resp(b"ZADD", b"cogworker:dead", b"%f" % (now - s),
                         job("default", n + 2, now - 100)))
        n += 3
    for i in range(PERIODIC):
        entry = json.dumps({"cron": "*/5 * * * *", "class": "PeriodicJob", "retry": 0,
                            "unique": None, "args": [i]}, separators=(",", ":")).encode()
        cmds.append(resp(b"HSET", b"periodic:schedule", pjid(i).encode(), entry))
        last = int(now) - int(now) % 300
        cmds.append(resp(b"SET", b"periodic:last_slot:" + pjid(i).encode(), b"%d" % last))
    cmds.append(resp(b"SET", b"cogworker:stats:processed", b"123456"))
    cmds.append(resp(b"SET", b"cogworker:stats:failed", b"789"))
    pipe_in(sock, cmds)


def doctor_reads():
    """The reads of one doctor run with the default user (docs/doctor.md, "What it costs
    Redis"), as RESP commands for one pipeline; the SCAN walk is timed on its own."""
    ids = [identity(p).encode() for p in range(PROCESSES)]
    names = [queue(q).encode() for q in range(QUEUES)]
    pjids = [pjid(i).encode() for i in range(PERIODIC)]
    with open(os.path.join(ROOT, "src/store/lua/inprogress_state.lua"), "rb") as f:
        state_sha = hashlib.sha1(f.read()).hexdigest().encode()
    cmds = [resp(b"INFO", b"server", b"clients", b"memory", b"persistence", b"stats",
                 b"replication")]
    for name in (b"maxmemory-policy", b"maxmemory", b"save", b"appendonly", b"appendfsync",
                 b"maxclients", b"client-output-buffer-limit"):
        cmds.append(resp(b"CONFIG", b"GET", name))
    cmds.append(resp(b"TIME"))
    cmds += [resp(b"PING")] * 5
    cmds.append(resp(b"SLOWLOG", b"GET", b"128"))
    cmds.append(resp(b"ACL", b"WHOAMI"))
    cmds += [resp(b"ACL", b"DRYRUN", b"default", b"LLEN", b"cogworker:queue:default")] * 53
    # procs
    cmds.append(resp(b"SMEMBERS", b"cogworker:processes"))
    for i in ids:
        cmds += [resp(b"HGETALL", b"cogworker:process:" + i),
                 resp(b"PTTL", b"cogworker:process:" + i)]
    cmds.append(resp(b"HMGET", b"cogworker:last_beat", *ids))
    # queues
    cmds += [resp(b"SMEMBERS", b"cogworker:queues"), resp(b"SMEMBERS", b"cogworker:paused_queues")]
    for q in names:
        cmds += [resp(b"LLEN", b"cogworker:queue:" + q),
                 resp(b"LINDEX", b"cogworker:queue:" + q, b"-1")]
    # key types (KeyGuard's map)
    cmds += [resp(b"SMEMBERS", b"cogworker:queues"),
             resp(b"SMEMBERS", b"cogworker:inprogress_identities"),
             resp(b"SMEMBERS", b"cogworker:processes"), resp(b"HKEYS", b"periodic:schedule")]
    fixed = [b"cogworker:schedule", b"cogworker:retry", b"cogworker:dead",
             b"cogworker:live_queues", b"cogworker:queues", b"cogworker:processes",
             b"cogworker:paused_queues", b"cogworker:inprogress_identities",
             b"periodic:disabled", b"cogworker:last_beat", b"periodic:schedule",
             b"cogworker:repeat_orphans", b"cogworker:unsettled", b"cogworker:stats:processed",
             b"cogworker:stats:failed"]
    typed = fixed + [b"cogworker:queue:" + q for q in names]
    typed += [b"cogworker:inprogress:" + i for i in ids]
    for i in ids:
        typed += [b"cogworker:process:" + i, b"cogworker:workers:" + i, b"cogworker:memory:" + i]
    for p in pjids:
        typed += [b"periodic:running:" + p, b"periodic:last_slot:" + p]
    cmds += [resp(b"TYPE", k) for k in typed]
    # in-progress lists and their owners
    cmds.append(resp(b"SMEMBERS", b"cogworker:inprogress_identities"))
    for i in ids:
        cmds.append(resp(b"EVALSHA", state_sha, b"3", b"cogworker:inprogress:" + i,
                         b"cogworker:process:" + i, b"cogworker:last_beat", i))
    cmds += [resp(b"LLEN", b"cogworker:repeat_orphans"), resp(b"LLEN", b"cogworker:unsettled"),
             resp(b"ZCOUNT", b"cogworker:retry", b"-inf", b"0"),
             resp(b"ZRANGE", b"cogworker:retry", b"0", b"0", b"WITHSCORES"),
             resp(b"ZCOUNT", b"cogworker:schedule", b"-inf", b"0"),
             resp(b"ZRANGE", b"cogworker:schedule", b"0", b"0", b"WITHSCORES")]
    # periodic entries, history
    cmds += [resp(b"HSCAN", b"periodic:schedule", b"0", b"COUNT", b"1000"),
             resp(b"SMEMBERS", b"periodic:disabled")]
    for p in pjids:
        cmds += [resp(b"GET", b"periodic:last_slot:" + p), resp(b"GET", b"periodic:running:" + p),
                 resp(b"PTTL", b"periodic:running:" + p)]
    cmds += [resp(b"TYPE", b"cogworker:history:all"), resp(b"TYPE", b"cogworker:history:success"),
             resp(b"TYPE", b"cogworker:history:failed")]
    return cmds


def scan_walk(sock):
    """SCAN the whole keyspace COUNT 1000 a call, as doctor's walk does (redis-cli --scan has
    no COUNT option): a minimal RESP client on the socket. Returns (keys, calls)."""
    conn = socketlib.socket(socketlib.AF_UNIX)
    conn.connect(sock)
    reader = conn.makefile("rb")

    def reply():
        line = reader.readline()
        kind, rest = line[:1], line[1:-2]
        if kind == b"*":
            return [reply() for _ in range(int(rest))]
        if kind == b"$":
            data = reader.read(int(rest) + 2)
            return data[:-2]
        if kind == b"-":
            sys.exit(f"SCAN failed: {rest.decode()}")
        return rest

    cursor, keys, calls = b"0", 0, 0
    while True:
        conn.sendall(resp(b"SCAN", cursor, b"COUNT", b"1000"))
        cursor, batch = reply()
        keys += len(batch)
        calls += 1
        if cursor == b"0":
            conn.close()
            return keys, calls


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sock = args.socket
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{sock}", "TZ": "UTC"}

    now = time.time()
    print(f"seeding {QUEUES:,} queues × {JOBS_PER_QUEUE} jobs, {PROCESSES:,} live processes "
          f"(presence, in-progress list, workers hash, memory history), {SET_ENTRIES:,} each of "
          f"retry / scheduled / dead, {PERIODIC} periodic entries ...", flush=True)
    seed(sock, now)
    keys = int(cli(sock, "DBSIZE"))

    walls, calls, usecs = [], [], []
    by_command = {}
    report = None
    for _ in range(args.runs):
        cli(sock, "CONFIG", "RESETSTAT")
        started = time.perf_counter()
        run = subprocess.run([args.cogctl, "doctor", "--json"], env=env, capture_output=True)
        walls.append(time.perf_counter() - started)
        if run.returncode not in (0, 1):
            sys.exit(f"cogctl doctor exited {run.returncode}:\n{run.stderr.decode()}")
        stats = commandstats(sock)
        stats.pop("config|resetstat", None)
        calls.append(sum(c for c, _ in stats.values()))
        usecs.append(sum(u for _, u in stats.values()))
        by_command = stats
        report = json.loads(run.stdout)
    problems = [(f["id"], f["severity"]) for f in report["findings"] if f["severity"] != "ok"]
    # The bench server has no persistence: that warning, and nothing else.
    if problems != [("redis.persistence", "warn")]:
        sys.exit(f"doctor found more than the bench server's missing persistence: {problems}")
    live = next(f for f in report["findings"] if f["id"] == "procs.live")["data"]["fetching"]
    if live != PROCESSES or not report["summary"]["scan_complete"]:
        sys.exit(f"doctor saw {live} live processes, scan complete: "
                 f"{report['summary']['scan_complete']}")

    # The baseline: the same reads through redis-cli, one pipeline, plus the SCAN walk.
    base_cmds = doctor_reads()
    base_walls, scan_walls, base_usecs = [], [], []
    for _ in range(args.runs):
        cli(sock, "CONFIG", "RESETSTAT")
        started = time.perf_counter()
        pipe_in(sock, base_cmds)
        base_walls.append(time.perf_counter() - started)
        started = time.perf_counter()
        scanned, scan_calls = scan_walk(sock)
        scan_walls.append(time.perf_counter() - started)
        stats = commandstats(sock)
        stats.pop("config|resetstat", None)
        base_usecs.append(sum(u for _, u in stats.values()))

    med = statistics.median(walls)
    verdict = "PASS" if med <= TARGET_S else "MISS"
    top = ", ".join(f"{name} {c:,}" for name, (c, _) in
                    sorted(by_command.items(), key=lambda kv: -kv[1][0])[:8])
    rows = [
        ("cogctl doctor --json: wall", f"{med * 1000:.0f} ms",
         f"{min(walls) * 1000:.0f}–{max(walls) * 1000:.0f} ms", f"≤ {TARGET_S * 1000:.0f} ms",
         verdict),
        ("  Redis commands per run", f"{statistics.median(calls):,.0f}",
         f"{min(calls):,}–{max(calls):,}", "", ""),
        ("  Redis server time per run", f"{statistics.median(usecs) / 1000:.1f} ms",
         "INFO commandstats usec", "", ""),
        ("redis-cli --pipe, the same reads: wall", f"{statistics.median(base_walls) * 1000:.0f} ms",
         f"{len(base_cmds):,} commands", "baseline", ""),
        ("the SCAN walk, COUNT 1000 (Python RESP): wall", f"{statistics.median(scan_walls) * 1000:.0f} ms",
         f"{scanned:,} keys, {scan_calls} SCAN calls", "baseline", ""),
        ("  baseline: both together", f"{(statistics.median(base_walls) + statistics.median(scan_walls)) * 1000:.0f} ms",
         "", "", ""),
        ("  Redis server time, baseline", f"{statistics.median(base_usecs) / 1000:.1f} ms",
         "pipeline and scan", "", ""),
    ]
    print_table(f"cogctl doctor benchmark: {QUEUES:,} queues, {PROCESSES:,} live processes, "
                f"{keys:,} keys, {args.runs} runs, {os.cpu_count()} cores", rows)
    print(f"\ncommands per doctor run by name (the most frequent): {top}")


if __name__ == "__main__":
    main()
