#!/usr/bin/env python3
"""The `cogctl top` benchmark: what one refresh costs Redis (commands, server time) and cogctl
(milliseconds, peak RSS), with 200 queues and 100 live processes, beside redis-cli sending the
same reads in one pipeline; then the console's keystrokes (a key read → the screen redrawn,
p50/p99/max, and peak RSS) on the dead view of a million entries, with 10,000 queues and 1,000
processes, through page-down ×1000 and End, and the Redis commands of each refresh once idle
there. Measured, not asserted: it prints a table and exits 0 (non-zero only
when a command fails).

`cogctl top --interval 1s --refreshes N` runs in a pseudo-terminal (python's pty) and prints
its own timing of each refresh on stderr when it quits; the commands Redis ran come from INFO
commandstats, reset before the run.

Run it through `./tasks bench top`, which builds the release binary and starts a private
redis-server (unix socket, no persistence) that it removes afterwards.
"""

import argparse
import fcntl
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

from bench import cli, commandstats, fmt_mib, pipe_in, print_table, resp

QUEUES = 200
PROCESSES = 100
JOBS_PER_QUEUE = 50
DEATHS = 100


def queue(i):
    return f"queue-{i:03d}"


def identity(i):
    return f"bench-host-{i // 10}:{1000 + i}:{i:012x}"


def seed(sock, now):
    cmds = [resp(b"FLUSHALL")]
    for q in range(QUEUES):
        name = queue(q).encode()
        cmds.append(resp(b"SADD", b"cogworker:queues", name))
        jobs = [json.dumps({"class": "BenchJob", "args": [q, j], "jid": f"{q:012x}{j:012x}",
                            "queue": queue(q), "retry": True, "created_at": now - 60,
                            "enqueued_at": now - 60}).encode()
                for j in range(JOBS_PER_QUEUE)]
        cmds.append(resp(b"LPUSH", b"cogworker:queue:" + name, *jobs))
    slot_now = int(now) - int(now) % 900
    for p in range(PROCESSES):
        ident = identity(p).encode()
        info = json.dumps({"hostname": f"bench-host-{p // 10}", "pid": 1000 + p, "tag": "",
                           "concurrency": 10, "queues": [queue(p % QUEUES), "default"],
                           "started_at": now - 3600, "rss_kb": 80000 + p}).encode()
        key = b"cogworker:process:" + ident
        cmds.append(resp(b"SADD", b"cogworker:processes", ident))
        cmds.append(resp(b"HSET", key, b"info", info, b"busy", b"%d" % (p % 10), b"beat",
                         b"%f" % now, b"quiet", b"false"))
        # Live for the whole run: the gem renews it every beat; nothing beats here.
        cmds.append(resp(b"EXPIRE", key, b"600"))
        members = []
        for s in range(96):
            slot = slot_now - (95 - s) * 900
            members += [b"%d" % slot, b"%d:%d" % (slot, 80000 + p + s * 10)]
        cmds.append(resp(b"ZADD", b"cogworker:memory:" + ident, *members))
        cmds.append(resp(b"HSET", b"cogworker:last_beat", ident, b"%d" % int(now)))
    for d in range(DEATHS):
        job = json.dumps({"class": "BenchJob", "args": [d], "jid": f"{d:024x}", "queue": "q",
                          "error_class": "RuntimeError", "error_message": f"boom {d}",
                          "failed_at": now - d}).encode()
        cmds.append(resp(b"ZADD", b"cogworker:dead", b"%f" % (now - d), job))
    cmds.append(resp(b"SET", b"cogworker:stats:processed", b"123456"))
    cmds.append(resp(b"SET", b"cogworker:stats:failed", b"789"))
    pipe_in(sock, cmds)


def one_refresh(with_memory):
    """The reads of one refresh of top (README "cogctl top"), as RESP commands."""
    cmds = [resp(b"SMEMBERS", b"cogworker:queues"), resp(b"SMEMBERS", b"cogworker:paused_queues")]
    for q in range(QUEUES):
        key = b"cogworker:queue:" + queue(q).encode()
        cmds += [resp(b"LLEN", key), resp(b"LINDEX", key, b"-1"), resp(b"LINDEX", key, b"0"),
                 resp(b"LPOS", key, b"x", b"MAXLEN", b"10000")]
    cmds.append(resp(b"SMEMBERS", b"cogworker:processes"))
    for p in range(PROCESSES):
        ident = identity(p).encode()
        cmds += [resp(b"HGETALL", b"cogworker:process:" + ident),
                 resp(b"PTTL", b"cogworker:process:" + ident)]
        if with_memory:
            cmds.append(resp(b"ZRANGEBYSCORE", b"cogworker:memory:" + ident, b"0", b"+inf",
                             b"LIMIT", b"0", b"1000"))
    cmds.append(resp(b"HMGET", b"cogworker:last_beat",
                     *[identity(p).encode() for p in range(PROCESSES)]))
    cmds += [resp(b"GET", b"cogworker:stats:processed"), resp(b"GET", b"cogworker:stats:failed"),
             resp(b"ZCARD", b"cogworker:schedule"), resp(b"ZCARD", b"cogworker:retry"),
             resp(b"ZCARD", b"cogworker:dead"),
             resp(b"ZREVRANGE", b"cogworker:dead", b"0", b"4", b"WITHSCORES"), resp(b"INFO")]
    return cmds


def run_top(cogctl, sock, refreshes, interval):
    """Run top in a 50×200 pty for `refreshes` refreshes: what `run_in_pty` gives."""
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{sock}",
           "TERM": "xterm-256color", "TZ": "UTC"}
    return run_in_pty([cogctl, "top", "--interval", interval, "--refreshes", str(refreshes)],
                      env)


def run_in_pty(cmd, env):
    """Run `cmd` (a `top --refreshes N`) in a 50×200 pty until it quits; (its stderr, wall s,
    peak RSS KiB, bytes drawn)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = dict(env, TERM="xterm-256color")

    def controlling_tty():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    drawn = [0]

    def drain():
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            drawn[0] += len(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(cmd, env=env, stdin=slave, stdout=slave,
                                 stderr=err, start_new_session=True,
                                 preexec_fn=controlling_tty)
        os.close(slave)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        reader.join(timeout=5)
        os.close(master)
        err.seek(0)
        stderr = err.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} exited {os.waitstatus_to_exitcode(status)}:\n{stderr}")
    return stderr, wall, usage.ru_maxrss, drawn[0]


CONSOLE_DEAD = 1_000_000
CONSOLE_QUEUES = 10_000
CONSOLE_PROCESSES = 1_000


def seed_console(sock, now):
    """The console's state: a million dead entries, 10,000 queues, 1,000 live processes."""
    cmds = [resp(b"FLUSHALL")]
    batch = []
    for d in range(CONSOLE_DEAD):
        job = json.dumps({"class": f"BenchJob{d % 7}", "args": [d], "jid": f"{d:024x}",
                          "queue": f"queue-{d % 50}", "retry": True, "retry_count": 24,
                          "error_class": "Net::ReadTimeout",
                          "error_message": f"Net::ReadTimeout after {d % 30}s",
                          "failed_at": now - 86400 - d, "created_at": now - 86400 - d,
                          "retried_at": now - d}).encode()
        batch += [b"%f" % (now - d), job]
        if len(batch) >= 2000:
            cmds.append(resp(b"ZADD", b"cogworker:dead", *batch))
            batch = []
    if batch:
        cmds.append(resp(b"ZADD", b"cogworker:dead", *batch))
    for q in range(CONSOLE_QUEUES):
        name = f"q-{q:05d}".encode()
        cmds.append(resp(b"SADD", b"cogworker:queues", name))
        cmds.append(resp(b"LPUSH", b"cogworker:queue:" + name, json.dumps(
            {"class": "BenchJob", "args": [q], "jid": f"{q:024x}", "queue": name.decode(),
             "enqueued_at": now - 5}).encode()))
    for p in range(CONSOLE_PROCESSES):
        ident = f"console-host-{p // 10}:{1000 + p}:{p:012x}".encode()
        info = json.dumps({"hostname": f"console-host-{p // 10}", "pid": 1000 + p, "tag": "",
                           "concurrency": 10, "queues": ["default"], "started_at": now - 3600,
                           "rss_kb": 80000 + p}).encode()
        key = b"cogworker:process:" + ident
        cmds.append(resp(b"SADD", b"cogworker:processes", ident))
        cmds.append(resp(b"HSET", key, b"info", info, b"busy", b"0", b"beat", b"%f" % now,
                         b"quiet", b"false"))
        cmds.append(resp(b"EXPIRE", key, b"600"))
    pipe_in(sock, cmds)


CONSOLE_INTERVAL = 2.0
IDLE = 20.0


def run_console(cogctl, sock, keys):
    """top in a 50×200 pty, the dead view opened, then `keys` sent one by one (each after the
    screen went quiet), then IDLE seconds with no key (the Redis commands of those refreshes
    counted), then q: (its stderr, peak RSS KiB, the commandstats until then and those of the
    idle window)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = {"PATH": os.environ.get("PATH", ""), "COGCTL_REDIS_URL": f"unix://{sock}",
           "TERM": "xterm-256color", "TZ": "UTC"}

    def controlling_tty():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    reader = threading.Thread(target=lambda: _drain(master), daemon=True)
    reader.start()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen([cogctl, "top", "--interval", f"{CONSOLE_INTERVAL:g}s",
                                  "--refreshes", "1000000"],
                                 env=env, stdin=slave, stdout=slave, stderr=err,
                                 start_new_session=True, preexec_fn=controlling_tty)
        os.close(slave)
        time.sleep(3)
        os.write(master, b"5")
        time.sleep(2)
        for key in keys:
            os.write(master, key)
            time.sleep(0.005)
        time.sleep(2)
        keyed = commandstats(sock)
        cli(sock, "CONFIG", "RESETSTAT")
        time.sleep(IDLE)
        idle = commandstats(sock)
        idle.pop("config|resetstat", None)
        os.write(master, b"q")
        _, status, usage = os.wait4(child.pid, 0)
        os.close(master)
        err.seek(0)
        stderr = err.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"cogctl top exited {os.waitstatus_to_exitcode(status)}:\n{stderr}")
    return stderr, usage.ru_maxrss, keyed, idle


def _drain(fd):
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def console(cogctl, sock):
    print(f"seeding the console's state: {CONSOLE_DEAD:,} dead, {CONSOLE_QUEUES:,} queues, "
          f"{CONSOLE_PROCESSES:,} processes ...", flush=True)
    seed_console(sock, time.time())
    keys = [b"j"] * 20 + [b"\x1b[6~"] * 1000 + [b"\x1b[F"] + [b"k"] * 20
    cli(sock, "CONFIG", "RESETSTAT")
    print(f"cogctl top, dead view: {len(keys)} keys (page-down ×1000, then End), then "
          f"{IDLE:g} s without a key ...", flush=True)
    stderr, rss_kib, stats, idle = run_console(cogctl, sock, keys)
    m = re.search(r"top: (\d+) keys; a key was drawn within ([\d.]+) ms \(p50\), ([\d.]+) ms "
                  r"\(p99\), ([\d.]+) ms at most", stderr)
    if not m:
        sys.exit(f"no key timing line from top on stderr:\n{stderr}")
    by_command = ", ".join(f"{name} {c}" for name, (c, _) in
                           sorted(stats.items(), key=lambda kv: -kv[1][0])[:8])
    rows = [
        ("console: keys drawn", m.group(1), "", "", ""),
        ("console: key → redrawn, p50", f"{float(m.group(2)):.2f} ms", "", "", ""),
        ("console: key → redrawn, p99", f"{float(m.group(3)):.2f} ms", "target ≤ 16 ms", "",
         ""),
        ("console: key → redrawn, max", f"{float(m.group(4)):.2f} ms", "", "", ""),
        ("console: peak RSS", fmt_mib(rss_kib), "target ≤ 64 MiB", "", ""),
    ]
    # Refreshes while idle at the end of the dead view: the list's own reads (its count, and
    # the page on screen with its margin) and a PING (the dashboard's queues and processes are
    # read only where the screen shows them), counted by INFO commandstats over the idle window.
    per = IDLE / CONSOLE_INTERVAL
    total = sum(c for c, _ in idle.values())
    usec = sum(u for _, u in idle.values())
    listed = sum(idle.get(name, (0, 0))[0] for name in ("zcard", "zrevrange")) / per
    pings = idle.get("ping", (0, 0))[0] / per
    rows += [
        ("console idle on dead: Redis commands per refresh", f"{total / per:,.1f}",
         f"{total:,} in {IDLE:g} s, every {CONSOLE_INTERVAL:g} s", "", ""),
        ("  ZCARD + ZREVRANGE per refresh", f"{listed:.1f}",
         "the list's page", "", ""),
        ("  PING per refresh", f"{pings:.1f}", "whether Redis answers", "", ""),
        ("  Redis server time per refresh", f"{usec / per:,.0f} µs", "", "", ""),
    ]
    print_table(f"cogctl top console benchmark: {CONSOLE_DEAD:,} dead, {CONSOLE_QUEUES:,} "
                f"queues, {CONSOLE_PROCESSES:,} processes, {os.cpu_count()} cores", rows)
    print(f"\nRedis commands until the keys were drawn (top 8): {by_command}")
    idle_by = ", ".join(f"{name} {c / per:,.1f}" for name, (c, _) in
                        sorted(idle.items(), key=lambda kv: -kv[1][0]))
    print(f"Redis commands per refresh while idle on the dead view: {idle_by}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket of a private redis-server")
    ap.add_argument("--cogctl", required=True, help="release binary")
    ap.add_argument("--refreshes", type=int, default=30)
    ap.add_argument("--interval", default="1s")
    ap.add_argument("--runs", type=int, default=20, help="baseline pipelines sent")
    ap.add_argument("--no-console", action="store_true",
                    help="skip the console's keystroke benchmark (a million dead entries)")
    args = ap.parse_args()
    sock = args.socket

    now = time.time()
    print(f"seeding {QUEUES} queues of {JOBS_PER_QUEUE} jobs, {PROCESSES} live processes "
          f"(96-slot memory histories), {DEATHS} dead ...", flush=True)
    seed(sock, now)

    cli(sock, "CONFIG", "RESETSTAT")
    print(f"cogctl top --interval {args.interval} --refreshes {args.refreshes} in a pty ...",
          flush=True)
    stderr, wall, rss_kib, drawn = run_top(args.cogctl, sock, args.refreshes, args.interval)
    stats = commandstats(sock)
    stats.pop("config|resetstat", None)
    m = re.search(r"top: (\d+) refreshes, (\d+) queues, (\d+) processes; a refresh took "
                  r"([\d.]+) ms on average, ([\d.]+) ms at most", stderr)
    if not m:
        sys.exit(f"no timing line from top on stderr:\n{stderr}")
    refreshes, queues, processes = int(m.group(1)), int(m.group(2)), int(m.group(3))
    mean_ms, max_ms = float(m.group(4)), float(m.group(5))
    if (queues, processes) != (QUEUES, PROCESSES):
        sys.exit(f"top saw {queues} queues and {processes} processes, expected "
                 f"{QUEUES} and {PROCESSES}")
    calls = sum(c for c, _ in stats.values())
    usec = sum(u for _, u in stats.values())
    by_command = ", ".join(f"{name} {c / refreshes:.1f}"
                           for name, (c, _) in sorted(stats.items(), key=lambda kv: -kv[1][0]))

    # The baseline: one refresh's reads in one redis-cli pipeline (memory included once a
    # minute in top; both shapes timed here).
    base = {}
    for with_memory in (False, True):
        cmds = one_refresh(with_memory)
        cli(sock, "CONFIG", "RESETSTAT")
        walls = []
        for _ in range(args.runs):
            started = time.perf_counter()
            pipe_in(sock, cmds)
            walls.append(time.perf_counter() - started)
        bstats = commandstats(sock)
        bstats.pop("config|resetstat", None)
        base[with_memory] = (len(cmds), statistics.median(walls),
                             sum(u for _, u in bstats.values()) / args.runs)

    rows = [
        ("top: refreshes", f"{refreshes}", f"{wall:.1f} s wall", "", ""),
        ("top: Redis commands per refresh", f"{calls / refreshes:.1f}",
         f"{calls} in all", "", ""),
        ("top: Redis server time per refresh", f"{usec / refreshes:.0f} µs",
         "INFO commandstats usec", "", ""),
        ("top: ms per refresh (read + rates)", f"{mean_ms:.2f} ms", f"max {max_ms:.2f} ms",
         "", ""),
        ("top: peak RSS", fmt_mib(rss_kib), "", "", ""),
        ("top: bytes drawn per refresh", f"{drawn / refreshes:,.0f}", f"{drawn:,} in all", "",
         ""),
    ]
    for with_memory, label in ((False, "without"), (True, "with")):
        n, bwall, busec = base[with_memory]
        rows += [
            (f"redis-cli --pipe, one refresh's reads {label} memory: commands", f"{n}", "",
             "baseline", ""),
            ("  wall (redis-cli start included), median", f"{bwall * 1000:.2f} ms", "", "", ""),
            ("  Redis server time", f"{busec:.0f} µs", "", "", ""),
        ]
    print_table(f"cogctl top benchmark: {QUEUES} queues × {JOBS_PER_QUEUE} jobs, {PROCESSES} "
                f"processes, {os.cpu_count()} cores", rows)
    print(f"\ncommands per refresh by name: {by_command}")
    if not args.no_console:
        console(args.cogctl, sock)


if __name__ == "__main__":
    main()
