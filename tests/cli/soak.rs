//! The soak test: several `cogctl worker`s working one Redis (AOF, `appendfsync always`)
//! while they are SIGKILLed and restarted at random, redis-server is killed and restarted,
//! and `reconcile` and `dead retry --all` run in a loop. Workers and that loop reach Redis
//! through a proxy (tests/cli/proxy.rs) that also makes faults a kill can't: Redis stops
//! answering with every connection kept open (a freeze), connections are reset in the middle
//! of a reply or right after a script was sent (cuts), and Redis is full (`maxmemory` with
//! `noeviction`). Every job's handler appends a line to a recording file; at the end every
//! enqueued job must have run at least once, and nothing may be left on a queue, an
//! in-progress list, retry, dead, schedule or unsettled. Duplicates are allowed (the delivery
//! is at least once) and reported, per kill. The report lists each fault with what it
//! counted.
//!
//! `cargo test` runs a short version (1,500 jobs, 12 s of chaos); `./tasks soak`
//! runs it long in release mode. Parameters (environment, short defaults in brackets):
//!
//! * `COGCTL_SOAK_JOBS` [1500]: jobs enqueued, in batches spread over the first 60 % of
//!   the chaos
//! * `COGCTL_SOAK_WORKERS` [3], `COGCTL_SOAK_CONCURRENCY` [4]: workers, `-c` of each
//! * `COGCTL_SOAK_SECONDS` [12]: how long the chaos lasts
//! * `COGCTL_SOAK_KILL_EVERY` [1.0]: mean seconds between two worker kills (each interval
//!   drawn from 0.5–1.5× that); a replacement starts 0–0.5× that after each kill
//! * `COGCTL_SOAK_REDIS_RESTARTS` [2]: redis-server SIGKILLs (each down 0.5–1 s)
//! * `COGCTL_SOAK_FREEZES` [1]: times the proxy stops relaying, connections kept open
//! * `COGCTL_SOAK_OOMS` [1]: times Redis is full (`maxmemory 1`, `noeviction`)
//! * `COGCTL_SOAK_CUTS` [2]: episodes of cut connections, in turn every connection reset
//!   2–4 KB into its replies, and every third script request reset before its reply
//! * `COGCTL_SOAK_FAULT_SECONDS` [1.5]: how long each freeze, full Redis or cut episode lasts
//!   (workers give up on a reply after 3 s, the upkeep loop after 1 s)
//! * `COGCTL_SOAK_JOB_MS` [20]: how long each handler sleeps before recording its run
//! * `COGCTL_SOAK_FLAKY_PERCENT` [5]: jobs whose first attempt fails (retried at once)
//! * `COGCTL_SOAK_MAX_ORPHANINGS` [1]: `--max-orphanings` of workers and reconcile, low so
//!   that ProcessDied burials happen and `dead retry` has work
//! * `COGCTL_SOAK_DRAIN_SECONDS` [60]: how long the end may take to drain everything
//! * `COGCTL_SOAK_SEED` [from the clock]: the seed of every random choice (printed)
//! * `COGCTL_SOAK_KEEP` [unset]: keep the working directory (record, worker logs, a copy of
//!   the AOF); it is always kept when the test fails
//!
//! A SIGKILLed worker's presence key (`cogworker:process:<identity>`, 60 s TTL) would keep
//! it "alive" for a minute: the harness deletes the presence key of every worker it has
//! killed, on every tick, to simulate that expiry now. Nothing else of a dead worker is
//! touched: its in-progress list is recovered by the live workers' orphan passes and by
//! `cogctl reconcile`, as in production.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::proxy::{Cut, Proxy};
use crate::support::{Cogctl, RedisServer, Run, Spawned};

/// The queue and class of every soak job.
const QUEUE: &str = "soak";
const CLASS: &str = "Soak";
/// The workers' identity tag: identities read `soak:<pid>:<hex>`.
const TAG: &str = "soak";

struct Params {
    jobs: usize,
    workers: usize,
    concurrency: usize,
    seconds: f64,
    kill_every: f64,
    redis_restarts: usize,
    freezes: usize,
    ooms: usize,
    cuts: usize,
    fault_seconds: f64,
    job_ms: u64,
    flaky_percent: u64,
    max_orphanings: u64,
    drain_seconds: f64,
    seed: u64,
    keep: bool,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T
where
    T::Err: std::fmt::Display,
{
    match std::env::var(name) {
        Ok(text) if !text.trim().is_empty() => text
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{name}={text}: {e}")),
        _ => default,
    }
}

impl Params {
    fn from_env() -> Params {
        let clock_seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            ^ u64::from(std::process::id());
        let p = Params {
            jobs: env_or("COGCTL_SOAK_JOBS", 1500),
            workers: env_or("COGCTL_SOAK_WORKERS", 3),
            concurrency: env_or("COGCTL_SOAK_CONCURRENCY", 4),
            seconds: env_or("COGCTL_SOAK_SECONDS", 12.0),
            kill_every: env_or("COGCTL_SOAK_KILL_EVERY", 1.0),
            redis_restarts: env_or("COGCTL_SOAK_REDIS_RESTARTS", 2),
            freezes: env_or("COGCTL_SOAK_FREEZES", 1),
            ooms: env_or("COGCTL_SOAK_OOMS", 1),
            cuts: env_or("COGCTL_SOAK_CUTS", 2),
            fault_seconds: env_or("COGCTL_SOAK_FAULT_SECONDS", 1.5),
            job_ms: env_or("COGCTL_SOAK_JOB_MS", 20),
            flaky_percent: env_or("COGCTL_SOAK_FLAKY_PERCENT", 5),
            max_orphanings: env_or("COGCTL_SOAK_MAX_ORPHANINGS", 1),
            drain_seconds: env_or("COGCTL_SOAK_DRAIN_SECONDS", 60.0),
            seed: env_or("COGCTL_SOAK_SEED", clock_seed),
            keep: std::env::var_os("COGCTL_SOAK_KEEP").is_some_and(|v| !v.is_empty()),
        };
        assert!(p.jobs >= 1, "COGCTL_SOAK_JOBS must be at least 1");
        assert!(p.workers >= 1, "COGCTL_SOAK_WORKERS must be at least 1");
        assert!(
            (1..=1000).contains(&p.concurrency),
            "COGCTL_SOAK_CONCURRENCY must be 1–1000"
        );
        assert!(p.seconds > 0.0, "COGCTL_SOAK_SECONDS must be positive");
        assert!(
            p.kill_every > 0.0,
            "COGCTL_SOAK_KILL_EVERY must be positive"
        );
        assert!(
            p.fault_seconds > 0.0,
            "COGCTL_SOAK_FAULT_SECONDS must be positive"
        );
        assert!(
            p.flaky_percent <= 100,
            "COGCTL_SOAK_FLAKY_PERCENT is a percentage"
        );
        assert!(
            p.max_orphanings >= 1,
            "COGCTL_SOAK_MAX_ORPHANINGS must be at least 1"
        );
        p
    }
}

/// xorshift64* seeded through splitmix64: enough randomness for the chaos, no dependency.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A duration uniform in [lo, hi) seconds.
    fn secs(&mut self, lo: f64, hi: f64) -> Duration {
        Duration::from_secs_f64(lo + (hi - lo) * self.unit())
    }
}

/// cogctl against the soak's Redis, by URL (threads don't borrow the server).
fn cogctl(url: &str) -> Cogctl {
    Cogctl::bare().env("COGCTL_REDIS_URL", url)
}

/// Run a one-shot cogctl with a deadline: a run that doesn't end in time is a hang.
fn run_bounded(cmd: Cogctl, limit: Duration, what: &str) -> Result<Run, String> {
    cmd.spawn()
        .wait_for(limit)
        .map_err(|e| format!("HANG: {what}: {e}"))
}

fn connect(url: &str) -> Option<redis::Connection> {
    redis::Client::open(url)
        .ok()?
        .get_connection_with_timeout(Duration::from_secs(2))
        .ok()
}

/// The jid of job `i`: 24 hex digits, unique in the run, recognisable by the seed.
fn jid(seed: u64, i: usize) -> String {
    format!("{:08x}{:016x}", seed as u32, i)
}

/// The handler: a flaky job fails its first attempt (the result file asks for a retry at
/// once); every run sleeps, then appends `ok <jid> <identity>` to the record (`$0`) with
/// O_APPEND, one short write, so lines of concurrent handlers never mix.
fn handler(record: &Path, job_ms: u64) -> String {
    let sleep = if job_ms > 0 {
        format!("sleep {:.3}; ", job_ms as f64 / 1000.0)
    } else {
        String::new()
    };
    let script = format!(
        r#"case $COGCTL_ARGS in *flaky*) if [ "$COGCTL_RETRY_COUNT" = 0 ]; then echo "fail $COGCTL_JID $COGCTL_IDENTITY" >> "$0"; echo "{{\"retry\":0}}" > "$COGCTL_RESULT_FILE"; echo "Soak::Flaky: fails its first attempt" >&2; exit 1; fi;; esac; {sleep}echo "ok $COGCTL_JID $COGCTL_IDENTITY" >> "$0""#
    );
    format!("{CLASS}=/bin/sh -c '{script}' {}", record.display())
}

struct Worker {
    process: Spawned,
    pid: i32,
    /// Its number in the run, for its log's name.
    n: usize,
}

/// The workers, each killed (SIGKILL) when dropped: a panic never leaves one running.
struct Fleet {
    url: String,
    args: Vec<String>,
    live: Vec<Worker>,
    started: usize,
    /// Every pid the harness SIGKILLed.
    killed: BTreeSet<i32>,
    logs: PathBuf,
}

impl Fleet {
    fn spawn(&mut self) {
        self.started += 1;
        let process = cogctl(&self.url).args(&self.args).spawn();
        let pid = process.pid();
        self.live.push(Worker {
            process,
            pid,
            n: self.started,
        });
    }

    fn save_log(&self, w: &Worker, how: &str, stderr: &str) {
        let path = self
            .logs
            .join(format!("worker-{:03}-{}-{how}.log", w.n, w.pid));
        let _ = std::fs::write(path, stderr);
    }

    /// SIGKILL worker `i`; returns its pid.
    fn kill(&mut self, i: usize) -> Result<i32, String> {
        let w = self.live.swap_remove(i);
        w.process.signal(libc::SIGKILL);
        self.killed.insert(w.pid);
        let stderr = w.process.stderr();
        self.save_log(&w, "killed", &stderr);
        let pid = w.pid;
        let run = w
            .process
            .wait_for(crate::support::HANG)
            .map_err(|e| format!("worker {pid} survived a SIGKILL: {e}"))?;
        if run.code != -libc::SIGKILL && run.code != 0 {
            return Err(format!(
                "worker {pid} had exited with {} before its SIGKILL; stderr:\n{}",
                run.code,
                tail(&run.stderr, 40)
            ));
        }
        Ok(pid)
    }

    /// Workers that exited although nobody stopped them (each is a problem).
    fn reap_unexpected(&mut self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut i = 0;
        while i < self.live.len() {
            if let Some(code) = self.live[i].process.exited() {
                let w = self.live.swap_remove(i);
                let stderr = w.process.stderr();
                self.save_log(&w, "exited", &stderr);
                problems.push(format!(
                    "worker {} exited on its own with {code}; stderr:\n{}",
                    w.pid,
                    tail(&stderr, 40)
                ));
            } else {
                i += 1;
            }
        }
        problems
    }
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Delete the presence key of every worker the harness killed (the TTL's expiry, now).
fn expire_presence(conn: &mut redis::Connection, killed: &BTreeSet<i32>) -> redis::RedisResult<()> {
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("cogworker:process:{TAG}:*"))
        .query(conn)?;
    for key in keys {
        let pid = key.split(':').nth(3).and_then(|p| p.parse::<i32>().ok());
        if pid.is_some_and(|pid| killed.contains(&pid)) {
            redis::cmd("DEL").arg(&key).query::<()>(conn)?;
        }
    }
    Ok(())
}

/// What is left anywhere a job can wait, one line per non-empty place.
fn leftovers(conn: &mut redis::Connection) -> redis::RedisResult<Vec<String>> {
    let mut left = Vec::new();
    for pattern in ["cogworker:queue:*", "cogworker:inprogress:*"] {
        let keys: Vec<String> = redis::cmd("KEYS").arg(pattern).query(conn)?;
        for key in keys {
            let n: u64 = redis::cmd("LLEN").arg(&key).query(conn)?;
            if n > 0 {
                left.push(format!("{key}: {n}"));
            }
        }
    }
    for key in ["cogworker:retry", "cogworker:dead", "cogworker:schedule"] {
        let n: u64 = redis::cmd("ZCARD").arg(key).query(conn)?;
        if n > 0 {
            left.push(format!("{key}: {n}"));
        }
    }
    for key in ["cogworker:unsettled", "cogworker:repeat_orphans"] {
        let kind: String = redis::cmd("TYPE").arg(key).query(conn)?;
        if kind != "none" {
            left.push(format!("{key}: a {kind}"));
        }
    }
    let quarantined: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:quarantine:*")
        .query(conn)?;
    for key in quarantined {
        left.push(format!("{key} (quarantined)"));
    }
    Ok(left)
}

/// The record: per jid, the identities of its successful runs; and the failed first runs.
#[derive(Default)]
struct Record {
    ok: HashMap<String, Vec<String>>,
    failed: u64,
    malformed: u64,
}

fn read_record(path: &Path) -> Record {
    let mut record = Record::default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["ok", jid, identity] => record
                .ok
                .entry(jid.to_string())
                .or_default()
                .push(identity.to_string()),
            ["fail", _, _] => record.failed += 1,
            _ => record.malformed += 1,
        }
    }
    record
}

/// The upkeep runs made while one fault was on: how many, and their exit codes.
#[derive(Default)]
struct FaultRuns {
    runs: u64,
    exits: BTreeMap<i32, u64>,
}

#[derive(Default)]
struct Upkeep {
    /// By the fault on when each run began ("" for none).
    during: BTreeMap<&'static str, FaultRuns>,
    reconciles: u64,
    reconcile_errors: u64,
    requeued: u64,
    parked: u64,
    buried: u64,
    retries: u64,
    retry_errors: u64,
    moved: u64,
    /// Each failure's first stderr line (the socket's path left out), with its count: while
    /// Redis is down, "cannot reach Redis" is expected.
    errors: BTreeMap<String, u64>,
}

impl Upkeep {
    fn note_error(&mut self, what: &str, url: &str, run: &Run) {
        let first = run.stderr.lines().next().unwrap_or("").trim();
        let first = first.replace(url, "<redis>");
        *self
            .errors
            .entry(format!("{what} exited {}: {first}", run.code))
            .or_default() += 1;
    }
}

/// `reconcile` and `dead retry --all` in a loop, 0.2–0.8 s apart, until `stop`; `fault` is
/// the name of the fault on now (empty for none).
fn upkeep(
    url: &str,
    max_orphanings: u64,
    seed: u64,
    fault: &Mutex<&'static str>,
    stopped: &dyn Fn() -> bool,
) -> Result<Upkeep, String> {
    // An operator's patience: a Redis that doesn't answer is given up on in a second or two.
    let cogctl = |url: &str| cogctl(url).args(["--connect-timeout", "1s", "--read-timeout", "1s"]);
    let now = || *fault.lock().unwrap_or_else(|e| e.into_inner());
    let note = |u: &mut Upkeep, during: &'static str, code: i32| {
        let f = u.during.entry(during).or_default();
        f.runs += 1;
        *f.exits.entry(code).or_default() += 1;
    };
    let mut rng = Rng::new(seed);
    let mut u = Upkeep::default();
    let limit = Duration::from_secs(60);
    let max = max_orphanings.to_string();
    while !stopped() {
        let reconcile = cogctl(url).args([
            "reconcile",
            "--orphan-threshold",
            "1s",
            "--max-orphanings",
            &max,
            "--json",
        ]);
        let during = now();
        let run = run_bounded(reconcile, limit, "cogctl reconcile")?;
        note(
            &mut u,
            if during.is_empty() { now() } else { during },
            run.code,
        );
        u.reconciles += 1;
        match serde_json::from_str::<Value>(&run.stdout) {
            Ok(report) if run.code == 0 => {
                for list in report["lists"].as_array().into_iter().flatten() {
                    u.requeued += list["requeued"].as_u64().unwrap_or(0);
                    u.parked += list["parked"].as_u64().unwrap_or(0);
                }
                u.buried += report["buried_repeat_orphans"]
                    .as_array()
                    .map_or(0, |b| b.len() as u64);
            }
            _ => {
                u.reconcile_errors += 1;
                u.note_error("reconcile", url, &run);
            }
        }
        let retry = cogctl(url).args(["dead", "retry", "--all", "--yes", "--json"]);
        let during = now();
        let run = run_bounded(retry, limit, "cogctl dead retry --all")?;
        note(
            &mut u,
            if during.is_empty() { now() } else { during },
            run.code,
        );
        u.retries += 1;
        match serde_json::from_str::<Value>(&run.stdout) {
            Ok(report) if run.code == 0 => u.moved += report["moved"].as_u64().unwrap_or(0),
            _ => {
                u.retry_errors += 1;
                u.note_error("dead retry", url, &run);
            }
        }
        let pause = rng.secs(0.2, 0.8);
        let until = Instant::now() + pause;
        while Instant::now() < until && !stopped() {
            thread::sleep(Duration::from_millis(20));
        }
    }
    Ok(u)
}

/// Enqueue `specs` in batches, batch k due at `span` × k / batches, each under `gate` (a
/// Redis restart never cuts an enqueue in half: which of its jobs were written would be
/// unknown). Returns the number of batches.
fn produce(
    url: &str,
    dir: &Path,
    specs: &[String],
    span: Duration,
    gate: &Mutex<()>,
    stop: &AtomicBool,
) -> Result<usize, String> {
    let batches = ((span.as_secs_f64() * 4.0) as usize).clamp(1, specs.len());
    let size = specs.len().div_ceil(batches);
    let start = Instant::now();
    let mut done = 0;
    for (k, chunk) in specs.chunks(size).enumerate() {
        let due = start + span.mul_f64(k as f64 / batches as f64);
        while Instant::now() < due {
            if stop.load(Ordering::SeqCst) {
                return Err("stopped before every job was enqueued".into());
            }
            thread::sleep(Duration::from_millis(10));
        }
        let file = dir.join(format!("batch-{k:04}.ndjson"));
        std::fs::write(&file, chunk.concat()).map_err(|e| e.to_string())?;
        let _up = gate.lock().unwrap_or_else(|e| e.into_inner());
        let run = run_bounded(
            cogctl(url)
                .args(["enqueue", "--from"])
                .arg_path(&file)
                .args(["--json"]),
            Duration::from_secs(60),
            "cogctl enqueue --from",
        )?;
        let pushed = serde_json::from_str::<Value>(&run.stdout)
            .ok()
            .and_then(|r| r["pushed"].as_u64());
        if run.code != 0 || pushed != Some(chunk.len() as u64) {
            return Err(format!(
                "enqueue of batch {k} ({} jobs) with Redis up: exit {}, stdout {}, stderr {}",
                chunk.len(),
                run.code,
                run.stdout.trim(),
                run.stderr.trim()
            ));
        }
        done += 1;
    }
    Ok(done)
}

trait ArgPath {
    fn arg_path(self, path: &Path) -> Self;
}

impl ArgPath for Cogctl {
    fn arg_path(self, path: &Path) -> Cogctl {
        self.args([path.as_os_str()])
    }
}

/// The faults the chaos makes besides worker kills.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    Restart,
    Freeze,
    Full,
    CutReplies,
    CutScripts,
}

impl Fault {
    fn name(self) -> &'static str {
        match self {
            Fault::Restart => "redis restart",
            Fault::Freeze => "freeze",
            Fault::Full => "maxmemory",
            Fault::CutReplies => "cut mid-reply",
            Fault::CutScripts => "cut after a script",
        }
    }
}

/// A fault that is on (all but restarts last a while).
struct Episode<'a> {
    fault: Fault,
    ends: Instant,
    /// A full Redis holds the producer back: an enqueue refused would fail the test.
    _gate: Option<std::sync::MutexGuard<'a, ()>>,
    cuts: u64,
    refused: u64,
}

/// What one kind of fault counted over its episodes.
#[derive(Default)]
struct Tally {
    episodes: u64,
    counted: String,
    cuts: u64,
    refused: u64,
}

/// How the chaos turns faults on and off.
struct Faults<'a> {
    proxy: &'a Proxy,
    url: &'a str,
    gate: &'a Mutex<()>,
    on: &'a Mutex<&'static str>,
    length: Duration,
}

impl<'a> Faults<'a> {
    fn begin(&self, fault: Fault) -> Option<Episode<'a>> {
        let mut gate = None;
        let mut refused = 0;
        match fault {
            Fault::Restart => return None,
            Fault::Freeze => self.proxy.freeze(),
            Fault::Full => {
                gate = Some(self.gate.lock().unwrap_or_else(|e| e.into_inner()));
                let mut c = connect(self.url)?;
                refused = oom_refusals(&mut c);
                redis::cmd("CONFIG")
                    .arg("SET")
                    .arg("maxmemory-policy")
                    .arg("noeviction")
                    .query::<()>(&mut c)
                    .ok()?;
                redis::cmd("CONFIG")
                    .arg("SET")
                    .arg("maxmemory")
                    .arg(1)
                    .query::<()>(&mut c)
                    .ok()?;
            }
            Fault::CutReplies => self.proxy.set_cut(Cut::AfterReplyBytes {
                bytes: 2000,
                every: 1,
            }),
            Fault::CutScripts => self.proxy.set_cut(Cut::OnRequest {
                text: b"EVAL".to_vec(),
                every: 3,
            }),
        }
        *self.on.lock().unwrap_or_else(|e| e.into_inner()) = fault.name();
        Some(Episode {
            fault,
            ends: Instant::now() + self.length,
            _gate: gate,
            cuts: self.proxy.cuts(),
            refused,
        })
    }

    fn end(&self, episode: Episode<'a>, tallies: &mut BTreeMap<&'static str, Tally>) {
        let t = tallies.entry(episode.fault.name()).or_default();
        t.episodes += 1;
        match episode.fault {
            Fault::Restart => {}
            Fault::Freeze => self.proxy.thaw(),
            Fault::Full => {
                // Memory is back even if this connection fails: the server must not stay
                // full (a restart clears the setting too).
                if let Some(mut c) = connect(self.url) {
                    let _ = redis::cmd("CONFIG")
                        .arg("SET")
                        .arg("maxmemory")
                        .arg(0)
                        .query::<()>(&mut c);
                    t.refused += oom_refusals(&mut c).saturating_sub(episode.refused);
                }
                t.counted = format!(": Redis refused {} commands (OOM)", t.refused);
            }
            Fault::CutReplies | Fault::CutScripts => {
                self.proxy.set_cut(Cut::Never);
                t.cuts += self.proxy.cuts() - episode.cuts;
                t.counted = format!(": {} connections reset", t.cuts);
            }
        }
        *self.on.lock().unwrap_or_else(|e| e.into_inner()) = "";
    }
}

/// How many commands Redis has refused for want of memory since it started.
fn oom_refusals(conn: &mut redis::Connection) -> u64 {
    let info: String = redis::cmd("INFO")
        .arg("errorstats")
        .query(conn)
        .unwrap_or_default();
    info.lines()
        .find_map(|l| l.strip_prefix("errorstat_OOM:count="))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

/// The worker log events a fault leaves, counted in the report.
const FAULT_EVENTS: [&str; 10] = [
    "fetch_failed",
    "fetch_resumed",
    "heartbeat_failed",
    "poll_failed",
    "ack_pending",
    "settlement_pending",
    "still_unsettled",
    "owed_settled",
    "stray_requeued",
    "job_no_longer_ours",
];

/// Sets the flag when dropped, so background threads stop whatever way the test ends.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[test]
fn soak() {
    let p = Params::from_env();
    let began = Instant::now();
    let mut rng = Rng::new(p.seed);
    let mut server = RedisServer::start_persistent();
    let url = server.url();
    // Workers and the upkeep loop go through the proxy; the producer and this harness don't.
    let proxy = Proxy::start(server.socket());
    let via = proxy.url();
    let work = tempfile::Builder::new()
        .prefix("cogctl-soak-")
        .tempdir()
        .expect("temp dir");
    let dir = work.path().to_path_buf();
    let record_path = dir.join("ran");
    let mut problems: Vec<String> = Vec::new();

    // The jobs, each with a jid of our own: the expected set is known before any runs.
    let mut flaky = 0;
    let specs: Vec<String> = (0..p.jobs)
        .map(|i| {
            let args = if rng.below(100) < p.flaky_percent {
                flaky += 1;
                format!("[{i},\"flaky\"]")
            } else {
                format!("[{i}]")
            };
            format!(
                "{{\"class\":\"{CLASS}\",\"args\":{args},\"queue\":\"{QUEUE}\",\"set\":{{\"jid\":\"{}\"}}}}\n",
                jid(p.seed, i)
            )
        })
        .collect();
    let expected: BTreeSet<String> = (0..p.jobs).map(|i| jid(p.seed, i)).collect();

    let stop = Arc::new(AtomicBool::new(false));
    let _stop_guard = StopOnDrop(stop.clone());
    let gate = Arc::new(Mutex::new(()));

    let mut fleet = Fleet {
        url: via.clone(),
        args: [
            "worker",
            "-q",
            QUEUE,
            "-c",
            &p.concurrency.to_string(),
            "--identity-tag",
            TAG,
            "--handler",
            &handler(&record_path, p.job_ms),
            "--orphan-threshold",
            "1s",
            "--max-orphanings",
            &p.max_orphanings.to_string(),
            "--timeout-drain",
            "10s",
            "--kill-grace",
            "1s",
            "--beat-interval",
            "0.2s",
            "--poll-interval",
            "0.2s",
            "--orphan-check-interval",
            "0.5s",
            "--connect-timeout",
            "1s",
            "--read-timeout",
            "3s",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        live: Vec::new(),
        started: 0,
        killed: BTreeSet::new(),
        logs: dir.clone(),
    };
    for _ in 0..p.workers {
        fleet.spawn();
    }

    let producer = {
        let (url, dir, stop, gate) = (url.clone(), dir.clone(), stop.clone(), gate.clone());
        let span = Duration::from_secs_f64(p.seconds * 0.6);
        thread::spawn(move || produce(&url, &dir, &specs, span, &gate, &stop))
    };
    let upkeep_stop = Arc::new(AtomicBool::new(false));
    let fault_on: Arc<Mutex<&'static str>> = Arc::new(Mutex::new(""));
    let upkeeper = {
        let (url, stop, mine) = (via.clone(), stop.clone(), upkeep_stop.clone());
        let (max, seed) = (p.max_orphanings, p.seed ^ 0x5eed);
        let fault_on = fault_on.clone();
        thread::spawn(move || {
            // Either flag stops it: the test's end (or a panic), or the end of the drain.
            let stopped = || stop.load(Ordering::SeqCst) || mine.load(Ordering::SeqCst);
            upkeep(&url, max, seed, &fault_on, &stopped)
        })
    };

    // The chaos: worker kills all along; the faults (restarts, freezes, a full Redis, cut
    // connections) one at a time, in a random order, spread over 90 % of it.
    let t0 = Instant::now();
    let chaos = Duration::from_secs_f64(p.seconds);
    let ke = p.kill_every;
    let mut next_kill = t0 + rng.secs(0.5 * ke, 1.5 * ke);
    let mut kinds: Vec<Fault> = std::iter::repeat_n(Fault::Restart, p.redis_restarts)
        .chain(std::iter::repeat_n(Fault::Freeze, p.freezes))
        .chain(std::iter::repeat_n(Fault::Full, p.ooms))
        .chain((0..p.cuts).map(|k| {
            if k % 2 == 0 {
                Fault::CutReplies
            } else {
                Fault::CutScripts
            }
        }))
        .collect();
    for i in (1..kinds.len()).rev() {
        kinds.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let n = kinds.len().max(1) as f64;
    let mut schedule: std::collections::VecDeque<(Instant, Fault)> = kinds
        .into_iter()
        .enumerate()
        .map(|(k, f)| {
            let slot = (k as f64 + 0.1 + 0.5 * rng.unit()) / n;
            (t0 + chaos.mul_f64(slot * 0.9), f)
        })
        .collect();
    let faults = Faults {
        proxy: &proxy,
        url: &url,
        gate: &gate,
        on: &fault_on,
        length: Duration::from_secs_f64(p.fault_seconds),
    };
    let mut episode: Option<Episode> = None;
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut restarts: Vec<Duration> = Vec::new();
    let mut replacements: Vec<Instant> = Vec::new();
    let mut in_flight_at_kills = 0u64;
    let mut conn: Option<redis::Connection> = None;
    while t0.elapsed() < chaos && problems.is_empty() {
        let now = Instant::now();
        if now >= next_kill && !fleet.live.is_empty() {
            let i = rng.below(fleet.live.len() as u64) as usize;
            match fleet.kill(i) {
                Ok(pid) => {
                    if let Some(c) = conn.as_mut() {
                        in_flight_at_kills += in_flight(c, pid).unwrap_or(0);
                    }
                }
                Err(e) => problems.push(e),
            }
            replacements.push(now + rng.secs(0.0, 0.5 * ke));
            next_kill = now + rng.secs(0.5 * ke, 1.5 * ke);
        }
        replacements.retain(|due| {
            if now >= *due {
                fleet.spawn();
                false
            } else {
                true
            }
        });
        if episode.as_ref().is_some_and(|e| now >= e.ends) {
            faults.end(episode.take().unwrap(), &mut tallies);
        }
        if episode.is_none() && schedule.front().is_some_and(|(at, _)| now >= *at) {
            let (_, fault) = schedule.pop_front().unwrap();
            if fault == Fault::Restart {
                let down = rng.secs(0.5, 1.0);
                let _up = gate.lock().unwrap_or_else(|e| e.into_inner());
                server.restart(down);
                restarts.push(down);
                conn = None;
            } else {
                episode = faults.begin(fault);
            }
        }
        if conn.is_none() {
            conn = connect(&url);
        }
        if let Some(c) = conn.as_mut()
            && expire_presence(c, &fleet.killed).is_err()
        {
            conn = None;
        }
        problems.extend(fleet.reap_unexpected());
        thread::sleep(Duration::from_millis(50));
    }
    if let Some(e) = episode.take() {
        faults.end(e, &mut tallies);
    }
    let chaos_took = t0.elapsed();
    for _ in 0..replacements.len() {
        fleet.spawn();
    }
    // Every fault happens, even when the chaos was too short to reach it.
    while problems.is_empty()
        && let Some((_, fault)) = schedule.pop_front()
    {
        if fault == Fault::Restart {
            let down = rng.secs(0.5, 1.0);
            let _up = gate.lock().unwrap_or_else(|e| e.into_inner());
            server.restart(down);
            restarts.push(down);
        } else if let Some(e) = faults.begin(fault) {
            thread::sleep(faults.length);
            faults.end(e, &mut tallies);
        }
    }
    if !problems.is_empty() {
        stop.store(true, Ordering::SeqCst);
    }
    let batches = match producer.join() {
        Ok(Ok(n)) => n,
        Ok(Err(e)) => {
            problems.push(format!("producer: {e}"));
            0
        }
        Err(_) => {
            problems.push("the producer thread panicked".into());
            0
        }
    };

    // The drain: the survivors (and the upkeep loop) finish everything.
    let drain_began = Instant::now();
    let drain_limit = Duration::from_secs_f64(p.drain_seconds);
    let mut conn = connect(&url);
    let mut next_note = Duration::from_secs(5);
    let mut retried_now = 0u64;
    loop {
        if let Some(c) = conn.as_mut() {
            let _ = expire_presence(c, &fleet.killed);
        }
        problems.extend(fleet.reap_unexpected());
        let ran = read_record(&record_path);
        let missing: BTreeSet<String> = expected
            .iter()
            .filter(|j| !ran.ok.contains_key(*j))
            .cloned()
            .collect();
        let left = match conn.as_mut().map(leftovers) {
            Some(Ok(left)) => left,
            _ => {
                conn = connect(&url);
                vec!["(Redis unreadable)".into()]
            }
        };
        if (missing.is_empty() && left.is_empty()) || !problems.is_empty() {
            break;
        }
        // A failure the worker could only file on the interrupt path (Redis was down) waits
        // 30 s in retry, as the gem's does: "retry now" it, as an operator would, rather
        // than wait. Nothing else is hurried.
        if left.iter().any(|l| l.starts_with("cogworker:retry:")) {
            let run = run_bounded(
                cogctl(&url).args(["retry", "retry", "--all", "--yes", "--json"]),
                Duration::from_secs(60),
                "cogctl retry retry --all",
            );
            match run {
                Ok(run) if run.code == 0 => {
                    retried_now += serde_json::from_str::<Value>(&run.stdout)
                        .ok()
                        .and_then(|r| r["moved"].as_u64())
                        .unwrap_or(0);
                }
                Ok(run) => problems.push(format!("retry retry failed: {}", run.snapshot())),
                Err(e) => problems.push(e),
            }
        }
        if drain_began.elapsed() >= next_note {
            eprintln!(
                "soak: draining for {:.0} s: {} jobs not run yet; left: {left:?}",
                drain_began.elapsed().as_secs_f64(),
                missing.len()
            );
            next_note += Duration::from_secs(5);
        }
        if drain_began.elapsed() > drain_limit {
            problems.push(format!(
                "not drained within {drain_limit:?}: {} jobs never ran; left: {:?}",
                missing.len(),
                left
            ));
            break;
        }
        thread::sleep(Duration::from_millis(200));
    }
    let drain_took = drain_began.elapsed();
    upkeep_stop.store(true, Ordering::SeqCst);
    let upkeep = match upkeeper.join() {
        Ok(Ok(u)) => u,
        Ok(Err(e)) => {
            problems.push(format!("upkeep: {e}"));
            Upkeep::default()
        }
        Err(_) => {
            problems.push("the upkeep thread panicked".into());
            Upkeep::default()
        }
    };

    // A clean stop of the survivors: TERM, each exits 0 (1 if a job it filed died).
    for w in &fleet.live {
        w.process.signal(libc::SIGTERM);
    }
    let mut log_errors: BTreeMap<String, u64> = BTreeMap::new();
    let mut fault_events: BTreeMap<&str, u64> = BTreeMap::new();
    for w in std::mem::take(&mut fleet.live) {
        let (pid, n) = (w.pid, w.n);
        match w.process.wait_for(crate::support::HANG) {
            Ok(run) => {
                let _ = std::fs::write(
                    dir.join(format!("worker-{n:03}-{pid}-stopped.log")),
                    &run.stderr,
                );
                if run.code != 0 && run.code != 1 {
                    problems.push(format!(
                        "worker {pid} exited {} on TERM; stderr:\n{}",
                        run.code,
                        tail(&run.stderr, 40)
                    ));
                }
            }
            Err(e) => problems.push(format!("HANG: worker {pid} on TERM: {e}")),
        }
    }
    // Warnings and errors of every worker's log, by event.
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("worker-") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for line in text.lines() {
            if let Some(e) = FAULT_EVENTS.iter().find(|e| {
                line.contains(&format!(" event={e} ")) || line.ends_with(&format!(" event={e}"))
            }) {
                *fault_events.entry(e).or_default() += 1;
            }
            if !line.contains("level=warn") && !line.contains("level=error") {
                continue;
            }
            let level = if line.contains("level=error") {
                "error"
            } else {
                "warn"
            };
            let event = line
                .split(' ')
                .find_map(|w| w.strip_prefix("event="))
                .unwrap_or("?");
            *log_errors.entry(format!("{level} {event}")).or_default() += 1;
        }
    }

    // The end: one more reconcile (must succeed), then nothing may be left anywhere.
    match run_bounded(
        cogctl(&url).args(["reconcile", "--orphan-threshold", "1s", "--json"]),
        Duration::from_secs(60),
        "the final cogctl reconcile",
    ) {
        Ok(run) if run.code == 0 => {}
        Ok(run) => problems.push(format!("the final reconcile failed: {}", run.snapshot())),
        Err(e) => problems.push(e),
    }
    let mut c = server.conn();
    let left = leftovers(&mut c).expect("read the end state");
    if !left.is_empty() {
        problems.push(format!("left at the end: {left:?}"));
    }
    let processed: Option<u64> = redis::cmd("GET")
        .arg("cogworker:stats:processed")
        .query(&mut c)
        .unwrap_or(None);
    let orphanings: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:orphanings:*")
        .query(&mut c)
        .unwrap_or_default();

    let ran = read_record(&record_path);
    let missing: Vec<&String> = expected
        .iter()
        .filter(|j| !ran.ok.contains_key(*j))
        .collect();
    let strangers = ran.ok.keys().filter(|j| !expected.contains(*j)).count();
    let runs: usize = ran.ok.values().map(Vec::len).sum();
    let dup_jobs = ran.ok.values().filter(|ids| ids.len() > 1).count();
    let extra_runs = runs - ran.ok.len();
    let kills = fleet.killed.len();
    // A success is counted by the acknowledgement that takes its run's job off an in-progress
    // list, so never more often than successes ran.
    if let Some(n) = processed
        && n as usize > runs
    {
        problems.push(format!(
            "stats:processed reads {n}, more than the {runs} successful runs: a run was counted twice"
        ));
    }

    let mut report = String::new();
    let _ = writeln!(
        report,
        "\n=== soak (COGCTL_SOAK_SEED={} replays its choices)",
        p.seed
    );
    let _ = writeln!(
        report,
        "jobs               {} ({} failing their first attempt), enqueued in {} batches",
        p.jobs, flaky, batches
    );
    let _ = writeln!(
        report,
        "workers            {} at a time, -c {}, {} started in all; handler sleeps {} ms",
        p.workers, p.concurrency, fleet.started, p.job_ms
    );
    let _ = writeln!(
        report,
        "worker kills       {kills} (SIGKILL, one every {ke} s on average; {in_flight_at_kills} jobs on their in-progress lists)"
    );
    let _ = writeln!(
        report,
        "redis restarts     {} (SIGKILL, down {})",
        restarts.len(),
        restarts
            .iter()
            .map(|d| format!("{:.2} s", d.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (name, t) in &tallies {
        let during = upkeep.during.get(name).map_or(String::new(), |f| {
            let exits: Vec<String> = f
                .exits
                .iter()
                .map(|(code, n)| format!("exit {code} ×{n}"))
                .collect();
            format!(
                "; upkeep runs begun in it {} ({})",
                f.runs,
                exits.join(", ")
            )
        });
        let _ = writeln!(
            report,
            "{name:<18} {} × {:.1} s{}{during}",
            t.episodes, p.fault_seconds, t.counted
        );
    }
    let _ = writeln!(
        report,
        "reconcile          {} runs ({} failed), requeued {}, parked {}, buried {}",
        upkeep.reconciles, upkeep.reconcile_errors, upkeep.requeued, upkeep.parked, upkeep.buried
    );
    let _ = writeln!(
        report,
        "dead retry --all   {} runs ({} failed), moved {}",
        upkeep.retries, upkeep.retry_errors, upkeep.moved
    );
    let _ = writeln!(
        report,
        "retry retry --all  moved {retried_now} waiting retries at the drain"
    );
    for (e, n) in &upkeep.errors {
        let _ = writeln!(report, "  {n} × {e}");
    }
    let _ = writeln!(
        report,
        "runs               {runs} successful, {} failed first attempts; stats:processed {}{}",
        ran.failed,
        processed.map_or("-".into(), |n| n.to_string()),
        match processed {
            // Not asserted beyond "no more than the successful runs" (above): a job can
            // succeed twice with both runs acknowledged (killed between a failure's retry
            // write and its ACK, the stale copy is recovered and runs again), and a run
            // whose job was requeued before its acknowledgement isn't counted.
            Some(n) if (n as usize) < p.jobs => format!(", {} below the jobs", p.jobs - n as usize),
            _ => String::new(),
        }
    );
    let _ = writeln!(
        report,
        "lost               {} (of {} jobs)",
        missing.len(),
        p.jobs
    );
    let _ = writeln!(
        report,
        "duplicates         {dup_jobs} jobs ran more than once, {extra_runs} extra runs: {:.2} per kill",
        if kills > 0 {
            extra_runs as f64 / kills as f64
        } else {
            0.0
        }
    );
    if !log_errors.is_empty() {
        let _ = writeln!(
            report,
            "worker log lines   {}",
            log_errors
                .iter()
                .map(|(k, n)| format!("{k} ×{n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !fault_events.is_empty() {
        let _ = writeln!(
            report,
            "worker fault events {}",
            fault_events
                .iter()
                .map(|(k, n)| format!("{k} ×{n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !orphanings.is_empty() {
        let _ = writeln!(report, "orphanings keys    {} left", orphanings.len());
    }
    let _ = writeln!(
        report,
        "wall time          {:.1} s (chaos {:.1} s, drain {:.1} s)",
        began.elapsed().as_secs_f64(),
        chaos_took.as_secs_f64(),
        drain_took.as_secs_f64()
    );
    eprint!("{report}");

    if strangers > 0 || ran.malformed > 0 {
        problems.push(format!(
            "the record holds {strangers} unknown jids and {} malformed lines",
            ran.malformed
        ));
    }
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(50).map(|s| s.as_str()).collect();
        problems.push(format!(
            "{} jobs LOST (never ran): {}{}",
            missing.len(),
            shown.join(" "),
            if missing.len() > shown.len() {
                " …"
            } else {
                ""
            }
        ));
    }
    let kept = if !problems.is_empty() || p.keep {
        let path = work.keep();
        let _ = std::fs::write(path.join("report.txt"), &report);
        // Redis' append-only file too: every write of the run, for the post-mortem.
        let aof = server.dir().join("appendonlydir");
        let copy = path.join("appendonlydir");
        if std::fs::create_dir_all(&copy).is_ok() {
            for file in std::fs::read_dir(&aof).into_iter().flatten().flatten() {
                let _ = std::fs::copy(file.path(), copy.join(file.file_name()));
            }
        }
        Some(path)
    } else {
        None
    };
    if let Some(path) = &kept {
        eprintln!("working directory kept: {}", path.display());
    }
    assert!(
        problems.is_empty(),
        "soak failed (seed {}):\n{}\n(record and worker logs in {})",
        p.seed,
        problems.join("\n"),
        kept.map_or(String::new(), |p| p.display().to_string())
    );
}

/// How many jobs the worker with `pid` left on its in-progress list.
fn in_flight(conn: &mut redis::Connection, pid: i32) -> redis::RedisResult<u64> {
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("cogworker:inprogress:{TAG}:{pid}:*"))
        .query(conn)?;
    let mut n = 0;
    for key in keys {
        n += redis::cmd("LLEN").arg(&key).query::<u64>(conn)?;
    }
    Ok(n)
}
