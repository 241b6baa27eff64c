#!/usr/bin/env python3
"""The fleet benchmark: N private redis-servers (8 by default), each holding 200,000 dead
entries (the list benchmark's generator), 1,000 queues of one job and 100 live processes, each
reached through a proxy (bench/proxy.c) that holds every request 5 ms before passing it on (a
shard in another zone). It measures `stats --json`, `queues --json`, `dead triage --json` and
`incident --json` across the fleet (`--fleet`)
against the same command on one shard (`--context`) through the same proxies, median of the
runs, with each command's peak RSS; then `dead list --all --ndjson` across the fleet (N x
200,000 entries) against one shard's, without the proxies (the list's own speed) and through
them (as the rest); and `top`'s refresh
(`--refreshes`, in a pseudo-terminal) across the fleet against one shard's. Measured, not
asserted:
targets (fleet <= 1.5x one shard's time, peak RSS <= 2x; the list's RSS <= 64 MB) are printed
with PASS/MISS.

Run it through `./tasks bench fleet`, which builds the release binary.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench import Result, entries, fmt_mib, fmt_time, pipe_in, resp
from top import run_in_pty

# The refreshes `top` makes in each run, one a second.
TOP_REFRESHES = 10


def top_refresh(cmd, env):
    """`top --refreshes` run in a pseudo-terminal: (its mean refresh in seconds, its peak RSS
    in KiB), as it times them itself."""
    stderr, _, rss, _ = run_in_pty(cmd + ["top", "--interval", "1s", "--refreshes",
                                          str(TOP_REFRESHES)], env)
    m = re.search(r"a refresh took ([0-9.]+) ms on average", stderr)
    if not m:
        sys.exit(f"top printed no timing:\n{stderr}")
    return float(m.group(1)) / 1000, rss


def measure(cmd, env, count_lines, ok=(0,)):
    """Wall time and peak RSS of `cmd`, the RSS as GNU time reports it for its own child (this
    process is large after seeding, and a child forked from it would report its size)."""
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(["/usr/bin/time", "-f", "cogctl-peak-rss-kb %M"] + cmd,
                                 env=env, stdin=subprocess.DEVNULL, stderr=err,
                                 stdout=subprocess.PIPE if count_lines else subprocess.DEVNULL)
        lines = None
        if count_lines:
            lines = 0
            while chunk := child.stdout.read1(1 << 20):
                lines += chunk.count(b"\n")
            child.stdout.close()
        code = child.wait()
        wall = time.perf_counter() - started
        err.seek(0)
        text = err.read().decode(errors="replace")
    if code not in ok:
        sys.exit(f"{' '.join(cmd)} exited {code}:\n{text}")
    rss = int(text.rsplit("cogctl-peak-rss-kb ", 1)[1].split()[0])
    return Result(wall, None, rss, None, lines)


def start_server(directory):
    sock = os.path.join(directory, "redis.sock")
    subprocess.run(["redis-server", "--port", "0", "--unixsocket", sock, "--save", "",
                    "--appendonly", "no", "--daemonize", "yes", "--dir", directory,
                    "--logfile", os.path.join(directory, "redis.log"),
                    "--pidfile", os.path.join(directory, "redis.pid")], check=True)
    for _ in range(200):
        if os.path.exists(sock):
            return sock
        time.sleep(0.02)
    sys.exit(f"redis-server in {directory} did not start")


def stop_server(directory):
    try:
        with open(os.path.join(directory, "redis.pid")) as f:
            os.kill(int(f.read()), 15)
    except (OSError, ValueError):
        pass


def seed(sock, dead, queues, processes, now, shard):
    cmds = [resp(b"FLUSHALL")]
    batch = []
    for score, member in entries(dead, seed=shard):
        batch += (score.encode(), member.encode())
        if len(batch) == 2000:
            cmds.append(resp(b"ZADD", b"cogworker:dead", *batch))
            batch = []
    if batch:
        cmds.append(resp(b"ZADD", b"cogworker:dead", *batch))
    for q in range(queues):
        name = f"queue-{q:04d}".encode()
        job = json.dumps({"class": "BenchJob", "args": [q], "jid": f"{shard:08x}{q:016x}",
                          "queue": name.decode(), "created_at": now - 60,
                          "enqueued_at": now - 60}).encode()
        cmds.append(resp(b"SADD", b"cogworker:queues", name))
        cmds.append(resp(b"LPUSH", b"cogworker:queue:" + name, job))
    for p in range(processes):
        ident = f"shard{shard}-host-{p // 10}:{1000 + p}:{p:012x}".encode()
        info = json.dumps({"hostname": f"shard{shard}-host-{p // 10}", "pid": 1000 + p,
                           "tag": "", "concurrency": 10, "queues": ["default"],
                           "started_at": now - 3600}).encode()
        key = b"cogworker:process:" + ident
        cmds.append(resp(b"SADD", b"cogworker:processes", ident))
        cmds.append(resp(b"HSET", key, b"info", info, b"busy", b"0", b"beat", b"%f" % now,
                         b"quiet", b"false"))
        cmds.append(resp(b"EXPIRE", key, b"3600"))
    cmds.append(resp(b"SET", b"cogworker:stats:processed", b"%d" % (1000 * (shard + 1))))
    cmds.append(resp(b"SET", b"cogworker:stats:failed", b"%d" % (10 * (shard + 1))))
    pipe_in(sock, cmds)


class Proxies:
    """bench/proxy.c, built with cc into `directory` and started: a TCP listener on 127.0.0.1
    for each unix socket, relaying to it and holding every chunk a client sends for `delay`
    seconds first (so each round trip takes that much longer). Its relaying costs only the
    kernel's copies, as a network's costs the client nothing; the benchmark measures it too."""

    def __init__(self, sockets, delay, directory):
        cc = shutil.which("cc") or shutil.which("gcc")
        if not cc:
            sys.exit("the fleet benchmark needs a C compiler for its proxy (apt-get install gcc)")
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "proxy.c")
        binary = os.path.join(directory, "proxy")
        subprocess.run([cc, "-O2", "-pthread", "-o", binary, source], check=True)
        self.child = subprocess.Popen([binary, f"{delay * 1000:g}"] + sockets,
                                      stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self.ports = [int(self.child.stdout.readline()) for _ in sockets]

    def cpu_seconds(self):
        """The CPU the proxy has used so far (user and system)."""
        with open(f"/proc/{self.child.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.child.terminate()
        self.child.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--socket", help="(the task's own redis-server, not used)")
    ap.add_argument("--cogctl", required=True)
    ap.add_argument("--shards", type=int, default=8)
    ap.add_argument("--dead", type=int, default=200_000)
    ap.add_argument("--queues", type=int, default=1000)
    ap.add_argument("--processes", type=int, default=100)
    ap.add_argument("--delay-ms", type=float, default=5.0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    if not shutil.which("redis-server"):
        sys.exit("the fleet benchmark needs redis-server")
    work = tempfile.mkdtemp(prefix="cogctl-fleet-")
    dirs = [os.path.join(work, f"s{i + 1}") for i in range(args.shards)]
    proxies = None
    try:
        sockets = []
        for d in dirs:
            os.mkdir(d)
            sockets.append(start_server(d))
        now = time.time()
        started = time.perf_counter()
        for i, sock in enumerate(sockets):
            seed(sock, args.dead, args.queues, args.processes, now, i)
        print(f"seeded {args.shards} shards ({args.dead:,} dead entries, {args.queues:,} "
              f"queues, {args.processes} processes each) in {time.perf_counter() - started:.0f} s",
              flush=True)
        proxies = Proxies(sockets, args.delay_ms / 1000, work)
        config = os.path.join(work, "config.toml")
        names = [f"s{i + 1}" for i in range(args.shards)]
        with open(config, "w") as f:
            for name, port, sock in zip(names, proxies.ports, sockets):
                f.write(f'[contexts.{name}]\nredis_url = "redis://127.0.0.1:{port}/0"\n\n')
                f.write(f'[contexts.{name}-direct]\nredis_url = "unix://{sock}"\n\n')
            f.write("[fleets.prod]\ncontexts = [%s]\n\n" % ", ".join(f'"{n}"' for n in names))
            f.write("[fleets.direct]\ncontexts = [%s]\n" % ", ".join(
                f'"{n}-direct"' for n in names))
        env = {"PATH": os.environ.get("PATH", ""), "COGCTL_CONFIG": config, "NO_COLOR": "1",
               "TZ": "UTC"}
        cases = {
            "stats one": [args.cogctl, "--context", "s1", "--json", "stats"],
            "stats fleet": [args.cogctl, "--fleet", "prod", "--json", "stats"],
            "queues one": [args.cogctl, "--context", "s1", "--json", "queues"],
            "queues fleet": [args.cogctl, "--fleet", "prod", "--json", "queues"],
            "triage one": [args.cogctl, "--context", "s1", "--json", "dead", "triage"],
            "triage fleet": [args.cogctl, "--fleet", "prod", "--json", "dead", "triage"],
            "incident one": [args.cogctl, "--context", "s1", "--json", "incident"],
            "incident fleet": [args.cogctl, "--fleet", "prod", "--json", "incident"],
            "list one": [args.cogctl, "--context", "s1-direct", "--ndjson", "dead", "list",
                         "--all"],
            "list fleet": [args.cogctl, "--fleet", "direct", "--ndjson", "dead", "list",
                           "--all"],
            # As the setup has it: each shard behind its proxy.
            "list one proxied": [args.cogctl, "--context", "s1", "--ndjson", "dead", "list",
                                 "--all"],
            "list fleet proxied": [args.cogctl, "--fleet", "prod", "--ndjson", "dead", "list",
                                   "--all"],
        }
        results = {name: [] for name in cases}
        tops = {"one": [], "fleet": []}
        for run in range(args.runs):
            print(f"run {run + 1}/{args.runs} ...", flush=True)
            for name, cmd in cases.items():
                # An incident with a failing finding exits 1: still a whole report.
                ok = (0, 1) if name.startswith("incident") else (0,)
                results[name].append(measure(cmd, env, name.startswith("list"), ok))
            tops["one"].append(top_refresh([args.cogctl, "--context", "s1"], env))
            tops["fleet"].append(top_refresh([args.cogctl, "--fleet", "prod"], env))
        for r in results["list fleet"] + results["list fleet proxied"]:
            if r.lines != args.dead * args.shards:
                sys.exit(f"the fleet's dead list printed {r.lines} lines, expected "
                         f"{args.dead * args.shards}")
        med = lambda name, field: statistics.median(getattr(r, field) for r in results[name])
        rows = []
        for what in ("stats", "queues", "triage", "incident"):
            one, fleet = med(f"{what} one", "wall"), med(f"{what} fleet", "wall")
            rss1, rssf = med(f"{what} one", "rss_kib"), med(f"{what} fleet", "rss_kib")
            label = "dead triage" if what == "triage" else what
            rows.append((f"{label} --json, one shard (through its proxy)", fmt_time(one), "",
                         "baseline", ""))
            rows.append((f"{label} --json, the fleet of {args.shards}", fmt_time(fleet),
                         f"{fleet / one:.2f}x", "<= 1.5x", "PASS" if fleet <= 1.5 * one
                         else "MISS"))
            rows.append((f"  peak RSS, one shard / the fleet", f"{fmt_mib(rss1)} / {fmt_mib(rssf)}",
                         f"{rssf / rss1:.2f}x", "<= 2x", "PASS" if rssf <= 2 * rss1 else "MISS"))
        top = {k: statistics.median(t for t, _ in v) for k, v in tops.items()}
        top_rss = {k: statistics.median(r for _, r in v) for k, v in tops.items()}
        rows.append(("top: one refresh, one shard (through its proxy)", fmt_time(top["one"]),
                     "", "baseline", ""))
        rows.append((f"top: one refresh, the fleet of {args.shards}", fmt_time(top["fleet"]),
                     f"{top['fleet'] / top['one']:.2f}x", "(none set)", ""))
        # The screen holds every shard's queues and processes: no target, the figure only.
        rows.append(("  peak RSS, one shard / the fleet",
                     f"{fmt_mib(top_rss['one'])} / {fmt_mib(top_rss['fleet'])}",
                     f"{top_rss['fleet'] / top_rss['one']:.2f}x", "", ""))
        for suffix, how in (("", "direct"), (" proxied", "through the proxies")):
            one, fleet = med("list one" + suffix, "wall"), med("list fleet" + suffix, "wall")
            rate1 = args.dead / one
            ratef = args.dead * args.shards / fleet
            rows.append((f"dead list --all --ndjson, {how}, one shard ({args.dead:,})",
                         fmt_time(one), f"{rate1:,.0f}/s", "baseline", ""))
            rows.append((f"dead list --all --ndjson, {how}, the fleet "
                         f"({args.dead * args.shards:,})",
                         fmt_time(fleet), f"{ratef:,.0f}/s ({ratef / rate1:.2f}x one shard's)",
                         f">= 0.8x {args.shards} x one shard's",
                         "PASS" if ratef >= 0.8 * args.shards * rate1 else "MISS"))
            rssf = med("list fleet" + suffix, "rss_kib")
            rows.append(("  its peak RSS", fmt_mib(rssf), "", "<= 64 MB",
                         "PASS" if rssf <= 64 * 1024 else "MISS"))
        print(f"\ncogctl across a fleet: {args.shards} shards, {args.delay_ms:g} ms added to each "
              f"request (stats, queues), median of {args.runs} runs; the proxy used "
              f"{proxies.cpu_seconds():.1f} s of CPU in all")
        header = ("measure", "median", "ratio", "target", "")
        widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
        for r in [header] + rows:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    finally:
        if proxies:
            proxies.close()
        for d in dirs:
            stop_server(d)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
