//! `cogctl incident` against Redis states written by a simulator of the gem's retry path
//! (KEYS.md §4.3): first failures arrive at a steady or changing rate; each retry passes
//! with probability p; the backoff is the gem's `n^4 + 15 + r·(n+1)` s with r drawn in 0..29;
//! a job dies after its 25th retry (`retry_count` 26) or at once with `retry: false`; every
//! failure goes to the attempts log (last 25 kept, 30 days), to throughput's hour and, when
//! History is on, to `history:failed`. What is left is what the gem leaves: the retry set
//! holds only survivors, `failed_at` stays the first failure. Seeded, so a failing seed can
//! be replayed; seeded with pipelines, so 200 seeds stay fast.

use std::collections::HashMap;

use serde_json::{Value, json};

use crate::support::{Cogctl, RedisServer, Rng, find};

/// A Friday, 18:00 UTC.
const NOW: f64 = 1_796_407_200.0;
const MIN: f64 = 60.0;
const HOUR: f64 = 3600.0;
const DAY: f64 = 86_400.0;

/// One kind of failing job.
#[derive(Clone)]
struct Pattern {
    class: &'static str,
    queue: &'static str,
    error_class: &'static str,
    /// The message; `{}` is replaced by a number that differs per failure (an id, a port).
    message: &'static str,
    /// First failures a minute, piecewise: from each time on, that rate (0 ends it).
    rates: Vec<(f64, f64)>,
    /// Probability that a retry passes.
    pass: f64,
    /// `retry: false`: the first failure is a death.
    no_retry: bool,
    /// Until then every retry fails too (an outage); after it, retries pass with `pass`.
    down_until: f64,
    /// More outages: a retry in one of these fails too.
    downs: Vec<(f64, f64)>,
    /// Its queue paused: a retry due in one of these waits on the queue until its end.
    held: Vec<(f64, f64)>,
}

impl Pattern {
    fn steady(
        class: &'static str,
        error_class: &'static str,
        message: &'static str,
        from: f64,
        per_minute: f64,
        pass: f64,
    ) -> Pattern {
        Pattern {
            class,
            queue: "default",
            error_class,
            message,
            rates: vec![(from, per_minute)],
            pass,
            no_retry: false,
            down_until: 0.0,
            downs: Vec::new(),
            held: Vec::new(),
        }
    }

    /// Charges on billing whose every retry fails (an outage, `pass` 0), first failing at
    /// `rates`; dying at once with `no_retry`.
    fn charges(
        error_class: &'static str,
        message: &'static str,
        rates: Vec<(f64, f64)>,
        no_retry: bool,
        down_until: f64,
    ) -> Pattern {
        Pattern {
            class: "Billing::ChargeJob",
            queue: "billing",
            error_class,
            message,
            rates,
            pass: 0.0,
            no_retry,
            down_until,
            downs: Vec::new(),
            held: Vec::new(),
        }
    }

    fn down_at(&self, t: f64) -> bool {
        t < self.down_until || self.downs.iter().any(|&(a, b)| t >= a && t < b)
    }
}

/// What the simulator planted, to check the report against.
#[derive(Default, Debug)]
struct Planted {
    /// Per error class: failure times (every failed attempt).
    failures: HashMap<&'static str, Vec<f64>>,
    deaths: HashMap<&'static str, u64>,
}

impl Planted {
    fn in_window(&self, error_class: &str, from: f64, now: f64) -> u64 {
        self.failures.get(error_class).map_or(0, |v| {
            v.iter().filter(|&&t| t >= from && t <= now).count() as u64
        })
    }

    fn first(&self, error_class: &str) -> f64 {
        self.failures[error_class]
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
    }

    fn last(&self, error_class: &str) -> f64 {
        self.failures[error_class]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

struct Sim {
    now: f64,
    rng: Rng,
    history: bool,
    logs: bool,
    pipe: redis::Pipeline,
    /// hour → (processed, failed), for the hours throughput still keeps (25 h).
    hours: HashMap<i64, (u64, u64)>,
    history_failed: Vec<(f64, String)>,
    history_success: Vec<(f64, String)>,
    planted: Planted,
    args: u64,
}

impl Sim {
    fn new(seed: u64, now: f64, history: bool, logs: bool) -> Sim {
        Sim {
            now,
            rng: Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5DEE_CE66),
            history,
            logs,
            pipe: redis::pipe(),
            hours: HashMap::new(),
            history_failed: Vec::new(),
            history_success: Vec::new(),
            planted: Planted::default(),
            args: 0,
        }
    }

    fn count(&mut self, t: f64, failed: bool) {
        if t < self.now - 25.0 * HOUR {
            return;
        }
        let e = self.hours.entry((t / HOUR).floor() as i64).or_default();
        if failed {
            e.1 += 1;
        } else {
            e.0 += 1;
        }
    }

    fn history_entry(&mut self, job: &Value, started: f64, finished: f64, error: Option<&str>) {
        if !self.history || finished < self.now - 30.0 * DAY {
            return;
        }
        let mut h = json!({
            "jid": job["jid"], "class": job["class"], "queue": job["queue"], "args": job["args"],
            "status": if error.is_some() { "failed" } else { "success" },
            "started_at": started, "finished_at": finished,
        });
        if let Some(message) = error {
            h["error_class"] = job["error_class"].clone();
            h["error_message"] = json!(message);
            h["backtrace"] = json!([format!("/app/jobs/{}.rb:12:in 'perform'", job["class"])]);
            self.history_failed.push((finished, h.to_string()));
        } else {
            self.history_success.push((finished, h.to_string()));
        }
    }

    /// Every pattern's jobs, from their first failure to now.
    fn run(&mut self, p: &Pattern) {
        for (i, &(from, rate)) in p.rates.iter().enumerate() {
            let until = p.rates.get(i + 1).map_or(self.now, |r| r.0).min(self.now);
            if rate <= 0.0 {
                continue;
            }
            let mut t = from;
            loop {
                t += -(1.0 - self.rng.unit()).ln() / (rate / MIN);
                if t >= until {
                    break;
                }
                self.job(p, t);
            }
        }
    }

    /// One job whose first run failed at `t0`, through its retries, as the gem files it.
    fn job(&mut self, p: &Pattern, t0: f64) {
        let jid = self.rng.jid();
        self.args += 1;
        let enqueued = t0 - self.rng.range(0.01, 2.0);
        let mut job = json!({
            "retry": !p.no_retry, "queue": p.queue, "class": p.class, "args": [self.args],
            "jid": jid, "created_at": enqueued, "enqueued_at": enqueued,
        });
        let mut log: Vec<String> = Vec::new();
        let mut t = t0;
        let mut n: u64 = 0;
        loop {
            n += 1;
            let message = p
                .message
                .replace("{}", &self.rng.below(100_000).to_string());
            self.planted
                .failures
                .entry(p.error_class)
                .or_default()
                .push(t);
            self.count(t, true);
            let started = t - self.rng.range(0.02, 1.5);
            job["error_class"] = json!(p.error_class);
            job["error_message"] = json!(message);
            if job.get("failed_at").is_none() {
                job["failed_at"] = json!(t);
            }
            job["retry_count"] = json!(n);
            self.history_entry(&job, started, t, Some(&message));
            let dead = p.no_retry || n > 25;
            log.push(
                json!({"attempt": n, "failed_at": t + 0.001,
                       "outcome": if dead { "dead" } else { "retrying" },
                       "error_class": p.error_class, "error_message": message})
                .to_string(),
            );
            if dead {
                *self.planted.deaths.entry(p.error_class).or_default() += 1;
                self.pipe
                    .cmd("ZADD")
                    .arg("cogworker:dead")
                    .arg(t)
                    .arg(job.to_string());
                break;
            }
            let r = self.rng.below(30) as f64;
            let n4 = (n as f64).powi(4);
            let mut next = t + n4 + 15.0 + r * (n as f64 + 1.0);
            let runtime = self.rng.range(0.05, 2.0);
            // Due while its queue is paused: it waits there, and runs once it is resumed.
            if let Some(&(_, resumed)) = p.held.iter().find(|&&(a, b)| next >= a && next < b) {
                if resumed + runtime >= self.now {
                    job["enqueued_at"] = json!(next);
                    self.pipe
                        .cmd("LPUSH")
                        .arg(format!("cogworker:queue:{}", p.queue))
                        .arg(job.to_string());
                    break;
                }
                next = resumed + self.rng.range(0.1, 5.0);
            }
            if next + runtime >= self.now {
                self.pipe
                    .cmd("ZADD")
                    .arg("cogworker:retry")
                    .arg(next)
                    .arg(job.to_string());
                break;
            }
            job["enqueued_at"] = json!(next + 0.001);
            if !p.down_at(next) && self.rng.unit() < p.pass {
                let done = next + runtime;
                self.count(done, false);
                self.history_entry(&job, next + 0.01, done, None);
                break;
            }
            t = next + runtime;
        }
        // The log's last write sets its 30 days; an older one has expired.
        let last = t;
        if self.logs && last >= self.now - 30.0 * DAY {
            let key = format!("cogworker:job_attempts:{jid}");
            let keep = log.len().saturating_sub(25);
            self.pipe.cmd("RPUSH").arg(&key).arg(&log[keep..]);
        }
    }

    /// Jobs that just work, `per_hour` an hour, counted in throughput (and, History on, the
    /// last `recent` seconds of them in `history:success`).
    fn background(&mut self, per_hour: u64, recent: f64) {
        let this = (self.now / HOUR).floor() as i64;
        for h in this - 24..=this {
            let into = if h == this {
                (self.now - h as f64 * HOUR) / HOUR
            } else {
                1.0
            };
            self.hours.entry(h).or_default().0 += (per_hour as f64 * into) as u64;
        }
        if self.history {
            let n = (per_hour as f64 * recent / HOUR) as u64;
            for i in 0..n {
                let t = self.now - recent + i as f64 * recent / n as f64;
                let job = json!({"jid": self.rng.jid(), "class": "SyncJob", "queue": "default",
                                 "args": [i]});
                self.history_entry(&job, t - 0.2, t, None);
            }
        }
    }

    /// Runs of `class` that pass, `per_minute` a minute from `from` to now, outside `downs`:
    /// counted in throughput and, History on, filed in `history:success`.
    fn successes(
        &mut self,
        class: &'static str,
        queue: &'static str,
        from: f64,
        per_minute: f64,
        downs: &[(f64, f64)],
    ) {
        let mut t = from;
        loop {
            t += -(1.0 - self.rng.unit()).ln() / (per_minute / MIN);
            if t >= self.now {
                break;
            }
            if downs.iter().any(|&(a, b)| t >= a && t < b) {
                continue;
            }
            self.count(t, false);
            self.args += 1;
            let job = json!({"jid": self.rng.jid(), "class": class, "queue": queue,
                             "args": [self.args]});
            self.history_entry(&job, t - 0.1, t, None);
        }
    }

    /// Processes up since `started` (live), with their queues.
    fn processes(&mut self, n: usize, started: f64) {
        for i in 0..n {
            let identity = format!("app-{i}:{}:{:012x}", 100 + i, self.rng.next() >> 16);
            let info = json!({"hostname": format!("app-{i}"), "pid": 100 + i,
                              "concurrency": 10, "queues": ["default", "billing"],
                              "started_at": started})
            .to_string();
            let key = format!("cogworker:process:{identity}");
            self.pipe
                .cmd("HSET")
                .arg(&key)
                .arg("info")
                .arg(info)
                .arg("busy")
                .arg("1")
                .arg("quiet")
                .arg("false")
                .cmd("EXPIRE")
                .arg(&key)
                .arg(60)
                .cmd("SADD")
                .arg("cogworker:processes")
                .arg(&identity);
        }
        // Queues draining: a few jobs, just enqueued.
        for (q, n) in [("default", 6), ("billing", 2)] {
            self.pipe.cmd("SADD").arg("cogworker:queues").arg(q);
            for i in 0..n {
                let t = self.now - 1.0 - i as f64;
                let job = json!({"retry": true, "queue": q, "class": "SyncJob", "args": [i],
                                 "jid": self.rng.jid(), "created_at": t, "enqueued_at": t});
                self.pipe
                    .cmd("LPUSH")
                    .arg(format!("cogworker:queue:{q}"))
                    .arg(job.to_string());
            }
        }
    }

    /// Write it all (throughput, History trimmed as the gem trims it) to `server`.
    fn write(mut self, server: &RedisServer) -> Planted {
        for (h, (processed, failed)) in std::mem::take(&mut self.hours) {
            let key = format!("cogworker:throughput:{h}");
            self.pipe
                .cmd("HSET")
                .arg(&key)
                .arg("processed")
                .arg(processed)
                .arg("failed")
                .arg(failed);
        }
        for (list, entries) in [
            ("failed", std::mem::take(&mut self.history_failed)),
            ("success", std::mem::take(&mut self.history_success)),
        ] {
            let mut entries = entries;
            entries.sort_by(|a, b| b.0.total_cmp(&a.0));
            entries.truncate(50_000);
            for chunk in entries.chunks(1000) {
                let mut cmd = redis::cmd("ZADD");
                cmd.arg(format!("cogworker:history:{list}"));
                for (t, m) in chunk {
                    cmd.arg(*t).arg(m);
                }
                self.pipe.add_command(cmd);
            }
        }
        let mut conn = server.conn();
        self.pipe
            .query::<()>(&mut conn)
            .expect("seed the simulated state");
        self.planted
    }
}

fn incident(server: &RedisServer, now: f64) -> (i32, Value) {
    let run = Cogctl::new(server)
        .now(now)
        .args(["incident", "--json"])
        .run();
    assert!(run.stderr.is_empty(), "{}", run.snapshot());
    (run.code, run.json())
}

/// A healthy fleet, drawn from `seed`: a steady pattern (0.1–20 failures a minute, 0–95 %
/// of retries passing, for 1–5 days), a pattern that always fails (bad rows), a trickle of
/// deaths, processes up for days, queues draining. History on for odd seeds; attempts logs
/// missing (expired or deleted) for every fourth seed.
fn healthy(seed: u64, now: f64) -> Sim {
    healthy_with(seed, now, seed % 2 == 1, seed % 4 != 2)
}

fn healthy_with(seed: u64, now: f64, history: bool, logs: bool) -> Sim {
    let mut sim = Sim::new(seed, now, history, logs);
    let mut rng = Rng(seed ^ 0xA5A5_A5A5);
    let mut rate = rng.log_range(0.1, 20.0);
    let pass = rng.range(0.0, 0.95);
    let mut days = rng.range(1.0, 5.0);
    // Failures a job makes on average, to keep a seed's state small: a long, fast, often
    // failing pattern is shortened (never under a day), then slowed.
    let per_job = (1.0 / pass.max(0.09)).min(11.0);
    let budget = 6_000.0;
    if rate * days * 1440.0 * per_job > budget {
        days = (budget / (rate * 1440.0 * per_job)).max(1.0);
        rate = rate.min(budget / (days * 1440.0 * per_job));
    }
    sim.processes(4, now - rng.range(1.0, 5.0) * DAY);
    sim.background(rng.range(2000.0, 6000.0) as u64, 600.0);
    sim.run(&Pattern::steady(
        "MailJob",
        "Net::ReadTimeout",
        "Net::ReadTimeout with #<TCPSocket:(closed)> after {} ms",
        now - days * DAY,
        rate,
        pass,
    ));
    sim.run(&Pattern::steady(
        "ImportRowJob",
        "ActiveRecord::RecordInvalid",
        "Validation failed: Email is invalid (row {})",
        now - rng.range(1.0, 5.0) * DAY,
        rng.range(0.01, 0.05),
        0.0,
    ));
    let mut trickle = Pattern::steady(
        "WebhookJob",
        "JSON::ParserError",
        "unexpected token at '{}'",
        now - rng.range(1.0, 5.0) * DAY,
        rng.range(0.01, 0.1),
        0.0,
    );
    trickle.no_retry = true;
    sim.run(&trickle);
    sim
}

fn describe(report: &Value) -> String {
    serde_json::to_string_pretty(report).unwrap()
}

/// Healthy seeds `from..to`: every one silent (nothing above info, exit 0), and the report
/// says what it read.
fn healthy_seeds(from: u64, to: u64) {
    let server = RedisServer::start();
    for seed in from..to {
        server.exec(&[&["FLUSHDB"]]);
        let sim = healthy(seed, NOW);
        let logs = sim.logs;
        sim.write(&server);
        let (code, report) = incident(&server, NOW);
        assert!(
            report["findings"].as_array().unwrap().is_empty() && code == 0,
            "seed {seed}: {}",
            describe(&report)
        );
        let read = &report["read"];
        assert!(read["retry"].as_u64().is_some(), "seed {seed}: {read}");
        if logs {
            assert!(read["attempts_logs"].as_u64().unwrap() > 0, "seed {seed}");
        } else {
            assert_eq!(read["attempts_logs"], 0, "seed {seed}");
        }
    }
}

#[test]
fn healthy_fleets_are_silent_seeds_0_to_50() {
    healthy_seeds(0, 50);
}

#[test]
fn healthy_fleets_are_silent_seeds_50_to_100() {
    healthy_seeds(50, 100);
}

#[test]
fn healthy_fleets_are_silent_seeds_100_to_150() {
    healthy_seeds(100, 150);
}

#[test]
fn healthy_fleets_are_silent_seeds_150_to_200() {
    healthy_seeds(150, 200);
}

/// The report's failure finding for `error_class`.
fn failure_of<'a>(report: &'a Value, error_class: &str) -> Option<&'a Value> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["evidence"]["error_class"] == error_class)
}

#[track_caller]
fn onset_within(f: &Value, first: f64, secs: f64, seed: u64) {
    let at = f["started_at"]["at"].as_f64().expect("an onset");
    assert!(
        (at - first).abs() <= secs,
        "seed {seed}: onset {at} is {} s from the first failure {first}: {f:#}",
        at - first
    );
}

#[test]
fn a_storm_after_a_deploy_is_found_with_its_onset_in_every_seed() {
    let server = RedisServer::start();
    for seed in 0..20 {
        server.exec(&[&["FLUSHDB"]]);
        let mut sim = healthy_with(1000 + seed, NOW, seed % 2 == 1, true);
        let mut rng = Rng(seed);
        let deploy = NOW - 27.0 * MIN;
        sim.processes(3, deploy);
        // Every attempt fails since the deploy (a missing column), jobs arriving at 2–20 a
        // minute; on even seeds the same error also failed now and then for days.
        let onset = NOW - 26.0 * MIN;
        let mut storm = Pattern::steady(
            "Billing::InvoiceJob",
            "PG::UndefinedColumn",
            "ERROR:  column invoices.tax_code does not exist (invoice {})",
            onset,
            rng.range(2.0, 20.0),
            0.0,
        );
        if seed % 2 == 0 {
            storm.rates.insert(0, (NOW - 3.0 * DAY, 0.02));
        }
        sim.run(&storm);
        let planted = sim.write(&server);
        let first = planted
            .failures
            .get("PG::UndefinedColumn")
            .unwrap()
            .iter()
            .copied()
            .filter(|&t| t >= onset)
            .fold(f64::INFINITY, f64::min);
        let (code, report) = incident(&server, NOW);
        assert_eq!(code, 1, "seed {seed}: {}", describe(&report));
        let f = failure_of(&report, "PG::UndefinedColumn")
            .unwrap_or_else(|| panic!("seed {seed}: no storm: {}", describe(&report)));
        assert_eq!(f["kind"], "failure_surge");
        assert_eq!(f["severity"], "fail");
        assert_eq!(f["evidence"]["ongoing"], true);
        onset_within(f, first, 180.0, seed);
        assert_eq!(
            f["evidence"]["in_window"].as_u64().unwrap(),
            planted.in_window("PG::UndefinedColumn", NOW - 6.0 * HOUR, NOW),
            "seed {seed}: each failure counted once"
        );
        // The healthy patterns stay silent beside it.
        for quiet in [
            "Net::ReadTimeout",
            "ActiveRecord::RecordInvalid",
            "JSON::ParserError",
        ] {
            assert!(failure_of(&report, quiet).is_none(), "seed {seed}: {quiet}");
        }
    }
}

#[test]
fn a_flaky_upstream_is_found_while_most_retries_pass_in_every_seed() {
    let server = RedisServer::start();
    for seed in 0..20 {
        server.exec(&[&["FLUSHDB"]]);
        let mut sim = healthy_with(2000 + seed, NOW, seed % 2 == 0, true);
        let mut rng = Rng(seed + 77);
        // 30 % of attempts fail for the last 20 minutes; 70 % of retries pass.
        let onset = NOW - 20.0 * MIN;
        let attempts = rng.range(10.0, 60.0);
        sim.run(&Pattern::steady(
            "Shipping::QuoteJob",
            "Faraday::TimeoutError",
            "timeout after 5 s (request {})",
            onset,
            0.3 * attempts,
            0.7,
        ));
        let planted = sim.write(&server);
        let first = planted.first("Faraday::TimeoutError");
        let (code, report) = incident(&server, NOW);
        assert_eq!(code, 1, "seed {seed}: {}", describe(&report));
        let f = failure_of(&report, "Faraday::TimeoutError")
            .unwrap_or_else(|| panic!("seed {seed}: not found: {}", describe(&report)));
        assert_eq!(f["kind"], "failure_surge");
        onset_within(f, first, 180.0, seed);
        assert_eq!(
            f["evidence"]["in_window"].as_u64().unwrap(),
            planted.in_window("Faraday::TimeoutError", NOW - 6.0 * HOUR, NOW),
        );
    }
}

/// The live outage: two workers with History on, Stripe rate-limiting every charge for
/// 2.5 minutes from 17:54, five jobs with no handler dying at once.
fn outage(now: f64) -> Sim {
    let mut sim = Sim::new(36, now, true, true);
    sim.processes(2, now - 2.0 * DAY);
    sim.background(3000, 900.0);
    let start = NOW - 6.0 * MIN;
    let end = start + 150.0;
    // Charges arrive at 100 a minute; during the outage every attempt fails, after it every
    // retry passes.
    sim.run(&Pattern {
        class: "Billing::ChargeJob",
        queue: "billing",
        error_class: "Stripe::RateLimitError",
        message: "Request req_{}: Too many requests. You have hit the rate limit.",
        rates: vec![(start, 100.0), (end, 0.0)],
        pass: 1.0,
        no_retry: false,
        down_until: end,
        downs: Vec::new(),
        held: Vec::new(),
    });
    let missing = Pattern {
        class: "Reports::ExportJob",
        queue: "default",
        error_class: "NameError",
        message: "uninitialized constant Reports::ExportJob{}",
        rates: Vec::new(),
        pass: 0.0,
        no_retry: true,
        down_until: 0.0,
        downs: Vec::new(),
        held: Vec::new(),
    };
    for i in 0..5 {
        let t = start + 30.0 + 20.0 * i as f64;
        if t < now {
            sim.job(&missing, t);
        }
    }
    sim
}

#[test]
fn a_live_outage_is_ongoing_during_it_and_over_after_it_with_exact_counts() {
    let server = RedisServer::start();
    // 17:56: the outage is on (it began 17:54:00 and ends 17:56:30).
    let during = NOW - 4.0 * MIN;
    let planted = outage(during).write(&server);
    let (code, report) = incident(&server, during);
    assert_eq!(code, 1, "{}", describe(&report));
    let f = failure_of(&report, "Stripe::RateLimitError").expect("the outage");
    assert_eq!(f["severity"], "fail", "{f:#}");
    assert_eq!(f["evidence"]["ongoing"], true);
    let planted_n = planted.in_window("Stripe::RateLimitError", during - 6.0 * HOUR, during);
    assert_eq!(f["evidence"]["in_window"].as_u64().unwrap(), planted_n);
    onset_within(f, planted.first("Stripe::RateLimitError"), 5.0, 0);
    assert_eq!(report["findings"][0]["id"], f["id"]);
    assert!(
        report["headline"]
            .as_str()
            .unwrap()
            .starts_with("Billing::ChargeJob failing since 17:54"),
        "{}",
        report["headline"]
    );

    // 18:00, three minutes after it ended: over, with its span, and nothing since.
    server.exec(&[&["FLUSHDB"]]);
    let planted = outage(NOW).write(&server);
    let (_, report) = incident(&server, NOW);
    let f = failure_of(&report, "Stripe::RateLimitError").expect("the outage, over");
    assert_eq!(f["severity"], "warn", "{f:#}");
    assert_eq!(f["evidence"]["ongoing"], false);
    let n = planted.in_window("Stripe::RateLimitError", NOW - 6.0 * HOUR, NOW);
    assert_eq!(f["evidence"]["in_window"].as_u64().unwrap(), n);
    let last = planted.last("Stripe::RateLimitError");
    assert!(
        (f["evidence"]["last_failure"].as_f64().unwrap() - last).abs() < 1.0,
        "{f:#}"
    );
    let summary = f["summary"].as_str().unwrap();
    assert!(
        summary.starts_with("Billing::ChargeJob failed 17:54–17:56")
            && summary.contains("none since"),
        "{summary}"
    );
    assert!(f["evidence"]["successes_since"].as_u64().unwrap() > 0);
    // Five jobs that died once: one finding, 5 failures and 5 deaths.
    let dead = failure_of(&report, "NameError").expect("the deaths");
    assert_eq!(dead["evidence"]["in_window"], 5, "{dead:#}");
    assert_eq!(dead["evidence"]["deaths_in_window"], 5);
    assert_eq!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["evidence"]["error_class"] == "NameError")
            .count(),
        1
    );
    // Dead only: no retry commands offered.
    assert!(
        dead["commands"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c.as_str().unwrap().starts_with("cogctl retry"))
    );
}

/// A young fleet, drawn from `seed`: Redis empty until 5–60 minutes ago, when 2–4
/// processes started; from then on, background jobs, and one or two classes that fail a
/// steady 5–60 % of their runs (every attempt, retries included). History on for odd seeds.
fn young(seed: u64) -> (Sim, f64) {
    let mut rng = Rng(seed ^ 0x00DD_BA11);
    let history = seed % 2 == 1;
    let mut sim = Sim::new(seed, NOW, history, true);
    let start = NOW - rng.range(5.0, 60.0) * MIN;
    sim.processes(2 + rng.below(3) as usize, start);
    sim.successes("SyncJob", "default", start, rng.range(20.0, 120.0), &[]);
    let flaky = [
        (
            "MailJob",
            "Net::ReadTimeout",
            "Net::ReadTimeout with #<TCPSocket:(closed)> after {} ms",
        ),
        (
            "Webhooks::DeliveryJob",
            "Faraday::TimeoutError",
            "timeout after {} ms",
        ),
    ];
    for &(class, error_class, message) in &flaky[..1 + rng.below(2) as usize] {
        let share = rng.range(0.05, 0.6);
        let runs = rng.range(2.0, 30.0);
        sim.successes(class, "default", start, runs * (1.0 - share), &[]);
        sim.run(&Pattern::steady(
            class,
            error_class,
            message,
            start,
            runs * share,
            1.0 - share,
        ));
    }
    (sim, start)
}

#[test]
fn young_fleets_with_steady_failures_are_silent_or_a_note_100_seeds() {
    let server = RedisServer::start();
    let mut notes = 0;
    for seed in 0..100 {
        server.exec(&[&["FLUSHDB"]]);
        let (sim, start) = young(seed);
        sim.write(&server);
        let (code, report) = incident(&server, NOW);
        let findings = report["findings"].as_array().unwrap();
        assert!(
            code == 0 && findings.iter().all(|f| f["severity"] == "note"),
            "seed {seed} (records begin {:.0} s ago): {}",
            NOW - start,
            describe(&report)
        );
        let headline = report["headline"].as_str().unwrap();
        assert!(
            headline.starts_with("Nothing notable"),
            "seed {seed}: {headline}"
        );
        for f in findings.iter().filter(|f| f["kind"] == "steady_failures") {
            notes += 1;
            let summary = f["summary"].as_str().unwrap();
            assert!(
                summary.contains(" failing at a steady ")
                    && summary.contains(" since the records begin at "),
                "seed {seed}: {summary}"
            );
            let begin = f["evidence"]["records_begin"]["at"].as_f64().unwrap();
            assert!((begin - start).abs() < 60.0, "seed {seed}: {f:#}");
        }
    }
    // Most steady patterns are told (a few are too rare in a 5-minute fleet to be).
    assert!(notes >= 100, "{notes} notes");
}

/// Two outages of ChargeJob with a recovery between, in a fleet up for days: charges run
/// `runs` a minute and pass outside the outages; inside them every attempt fails.
fn two_outages(seed: u64) -> (Sim, Vec<(f64, f64)>) {
    let mut rng = Rng(seed ^ 0x7E57_0DD5);
    let history = seed.is_multiple_of(2);
    let mut sim = healthy_with(seed, NOW, history, true);
    let runs = rng.range(5.0, 40.0);
    let a1 = NOW - rng.range(40.0, 90.0) * MIN;
    let b1 = a1 + rng.range(2.0, 8.0) * MIN;
    let a2 = b1 + rng.range(5.0, 15.0) * MIN;
    let b2 = (a2 + rng.range(2.0, 8.0) * MIN).min(NOW - MIN);
    let downs = vec![(a1, b1), (a2, b2)];
    sim.successes(
        "Billing::ChargeJob",
        "billing",
        NOW - 2.0 * HOUR,
        runs,
        &downs,
    );
    sim.run(&Pattern {
        class: "Billing::ChargeJob",
        queue: "billing",
        error_class: "Stripe::APIConnectionError",
        message: "Could not connect to Stripe (req_{})",
        rates: vec![(a1, runs), (b1, 0.0), (a2, runs), (b2, 0.0)],
        pass: 1.0,
        no_retry: false,
        down_until: 0.0,
        downs: downs.clone(),
        held: Vec::new(),
    });
    (sim, downs)
}

#[test]
fn two_outages_with_a_recovery_between_are_two_episodes_50_seeds() {
    let server = RedisServer::start();
    for seed in 0..50 {
        server.exec(&[&["FLUSHDB"]]);
        let (sim, _) = two_outages(seed);
        let planted = sim.write(&server);
        // The truth: the planted failures, split where none fell for two minutes.
        let mut times = planted.failures["Stripe::APIConnectionError"].clone();
        times.sort_by(f64::total_cmp);
        let mut truth: Vec<(f64, f64)> = Vec::new();
        for t in times {
            match truth.last_mut() {
                Some(e) if t - e.1 < 120.0 => e.1 = t,
                _ => truth.push((t, t)),
            }
        }
        assert_eq!(truth.len(), 2, "seed {seed}: {truth:?}");
        let (_, report) = incident(&server, NOW);
        let f = failure_of(&report, "Stripe::APIConnectionError")
            .unwrap_or_else(|| panic!("seed {seed}: {}", describe(&report)));
        let episodes = f["evidence"]["episodes"].as_array().unwrap();
        assert_eq!(episodes.len(), 2, "seed {seed}: {truth:?} {f:#}");
        for (e, (from, to)) in episodes.iter().zip(&truth) {
            let (a, b) = (e["from"].as_f64().unwrap(), e["to"].as_f64().unwrap());
            assert!(
                (a - from).abs() <= 60.0 && (b - to).abs() <= 60.0,
                "seed {seed}: episode {a}–{b} vs the truth {from}–{to}"
            );
        }
        let summary = f["summary"].as_str().unwrap();
        assert_eq!(
            summary.matches('–').count(),
            2,
            "seed {seed}: both episodes named: {summary}"
        );
    }
}

/// The new user's live outage, replayed on the gem's rules (times UTC, on the day of `NOW`):
/// a fleet new at 05:23:59 (two workers, History on); a producer: charges 40 a minute on
/// billing, webhook deliveries 20 a minute failing a steady 25 %, sync jobs; Stripe down
/// 05:27:00–05:29:35 and 05:36:20–05:38:50; worker-a killed at 05:26:05 holding a charge (a
/// worker takes its place at 05:26:20); billing paused by the operator at 05:28:00 and resumed
/// at 05:31:00; the dead worker's charge requeued by `cogctl reconcile` at 05:31:10, and run.
struct Replay {
    start: f64,
    killed: f64,
    o1: (f64, f64),
    pause: (f64, f64),
    reconcile: f64,
    o2: (f64, f64),
}

const HELD_JID: &str = "c0ffee000000000000000001";

impl Replay {
    fn new() -> Replay {
        let at = |h: f64, m: f64, s: f64| NOW - 18.0 * HOUR + h * HOUR + m * MIN + s;
        Replay {
            start: at(5.0, 23.0, 59.0),
            killed: at(5.0, 26.0, 5.0),
            o1: (at(5.0, 27.0, 0.0), at(5.0, 29.0, 35.0)),
            pause: (at(5.0, 28.0, 0.0), at(5.0, 31.0, 0.0)),
            reconcile: at(5.0, 31.0, 10.0),
            o2: (at(5.0, 36.0, 20.0), at(5.0, 38.0, 50.0)),
        }
    }

    /// Redis as it stands at `now`, and what was planted.
    fn at(&self, server: &RedisServer, now: f64) -> Planted {
        server.exec(&[&["FLUSHDB"]]);
        let mut sim = Sim::new(48, now, true, true);
        sim.processes(1, self.start);
        sim.processes(1, self.start + 141.0);
        sim.successes("SyncJob", "default", self.start, 60.0, &[]);
        sim.successes("Webhooks::DeliveryJob", "webhooks", self.start, 15.0, &[]);
        sim.run(&Pattern {
            queue: "webhooks",
            ..Pattern::steady(
                "Webhooks::DeliveryJob",
                "Net::ReadTimeout",
                "Net::ReadTimeout with #<TCPSocket:(closed)> after {} ms",
                self.start,
                5.0,
                0.75,
            )
        });
        let (pause, resume) = self.pause;
        let not_run = [self.o1, self.o2, (pause, resume.min(now))];
        sim.successes("Billing::ChargeJob", "billing", self.start, 40.0, &not_run);
        sim.run(&Pattern {
            class: "Billing::ChargeJob",
            queue: "billing",
            error_class: "Stripe::APIConnectionError",
            message: "Could not connect to Stripe (req_{})",
            rates: vec![
                (self.o1.0, 40.0),
                (pause, 0.0),
                (self.o2.0, 40.0),
                (self.o2.1, 0.0),
            ],
            pass: 1.0,
            no_retry: false,
            down_until: 0.0,
            downs: vec![self.o1, self.o2],
            held: vec![self.pause],
        });
        // Charges enqueued while billing is paused wait there.
        if now > pause && now < resume {
            for i in 0..((now - pause) / MIN * 40.0) as usize {
                let t = pause + i as f64 * 1.5;
                let job = json!({"retry": true, "queue": "billing", "class": "Billing::ChargeJob",
                                 "args": [i], "jid": format!("w{i:023}"),
                                 "created_at": t, "enqueued_at": t});
                sim.pipe
                    .cmd("LPUSH")
                    .arg("cogworker:queue:billing")
                    .arg(job.to_string());
            }
        }
        let planted = sim.write(server);
        // worker-a, killed with a charge in hand: no presence key, its beat, its list.
        let a = "worker-a:4711:5e1f0c2b9d8a";
        let held = json!({"retry": true, "queue": "billing", "class": "Billing::ChargeJob",
                          "args": [0], "jid": HELD_JID, "created_at": self.killed - 3.0,
                          "enqueued_at": self.killed - 3.0});
        let slot = (self.killed / 900.0).floor() * 900.0;
        server.exec(&[
            &["SADD", "cogworker:processes", a],
            &[
                "ZADD",
                &format!("cogworker:memory:{a}"),
                &format!("{slot}"),
                &format!("{slot}:210000"),
            ],
            &[
                "LPUSH",
                &format!("cogworker:inprogress:{a}"),
                &held.to_string(),
            ],
            &["SADD", "cogworker:inprogress_identities", a],
            &[
                "HSET",
                "cogworker:last_beat",
                a,
                &format!("{}", self.killed as i64),
            ],
        ]);
        let run = |at: f64, args: &[&str]| {
            let r = Cogctl::new(server).now(at).args(args).run();
            assert_eq!(r.code, 0, "{}", r.snapshot());
        };
        if now > pause {
            run(pause, &["queue", "pause", "billing"]);
        }
        if now > resume {
            run(resume, &["queue", "resume", "billing"]);
        }
        if now > self.reconcile {
            run(self.reconcile, &["reconcile"]);
            // The requeued charge ran two seconds later (Stripe was back): off its queue, its
            // orphaning counter deleted as the gem does when a job finishes, in History.
            let ran = self.reconcile + 2.0;
            let mut conn = server.conn();
            let queue: Vec<String> = redis::cmd("LRANGE")
                .arg("cogworker:queue:billing")
                .arg(0)
                .arg(-1)
                .query(&mut conn)
                .unwrap();
            let raw = queue
                .iter()
                .find(|j| j.contains(HELD_JID))
                .expect("requeued");
            let done = json!({"jid": HELD_JID, "class": "Billing::ChargeJob", "queue": "billing",
                              "args": [0], "status": "success", "started_at": ran - 0.3,
                              "finished_at": ran});
            server.exec(&[
                &["LREM", "cogworker:queue:billing", "1", raw],
                &["DEL", &format!("cogworker:orphanings:{HELD_JID}")],
                &[
                    "ZADD",
                    "cogworker:history:success",
                    &format!("{ran}"),
                    &done.to_string(),
                ],
            ]);
        }
        planted
    }
}

/// The planted failures of `error_class`, split where none fell for two minutes.
fn true_episodes(planted: &Planted, error_class: &str) -> Vec<(f64, f64)> {
    let mut times = planted.failures[error_class].clone();
    times.sort_by(f64::total_cmp);
    let mut out: Vec<(f64, f64)> = Vec::new();
    for t in times {
        match out.last_mut() {
            Some(e) if t - e.1 < 120.0 => e.1 = t,
            _ => out.push((t, t)),
        }
    }
    out
}

fn episodes_match(f: &Value, truth: &[(f64, f64)], when: &str) {
    let found = f["evidence"]["episodes"].as_array().unwrap();
    assert_eq!(found.len(), truth.len(), "{when}: {truth:?} {f:#}");
    for (e, (from, to)) in found.iter().zip(truth) {
        let (a, b) = (e["from"].as_f64().unwrap(), e["to"].as_f64().unwrap());
        assert!(
            (a - from).abs() <= 60.0 && (b - to).abs() <= 60.0,
            "{when}: episode {a}–{b} vs the truth {from}–{to}"
        );
    }
}

fn findings_of(report: &Value) -> Vec<(String, String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["severity"].as_str().unwrap().to_string(),
                f["kind"].as_str().unwrap().to_string(),
                f["summary"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_new_users_live_outage_replayed_reads_as_it_happened() {
    let server = RedisServer::start();
    let r = Replay::new();

    // 05:29:00: billing paused a minute ago, Stripe still down, worker-a dead with a charge.
    let now = r.pause.0 + 60.0;
    let planted = r.at(&server, now);
    let (code, report) = incident(&server, now);
    assert_eq!(code, 1, "{}", describe(&report));
    let lines = findings_of(&report);
    let (sev, kind, charge) = &lines[0];
    assert_eq!(
        (sev.as_str(), kind.as_str()),
        ("fail", "failure_surge"),
        "{lines:#?}"
    );
    assert!(
        charge.starts_with("Billing::ChargeJob failed 05:27–05:28 UTC (Stripe::APIConnectionError, ")
            && charge.contains(" failures in the window); Billing::ChargeJob hasn't run since queue billing was paused at 05:28 UTC by ")
            && charge.ends_with(" waiting"),
        "{charge}"
    );
    let charge_f = failure_of(&report, "Stripe::APIConnectionError").unwrap();
    episodes_match(
        charge_f,
        &true_episodes(&planted, "Stripe::APIConnectionError"),
        "05:29",
    );
    assert_eq!(
        charge_f["evidence"]["in_window"].as_u64().unwrap(),
        planted.in_window("Stripe::APIConnectionError", now - 6.0 * HOUR, now)
    );
    let paused = lines
        .iter()
        .find(|l| l.1 == "paused_backlog")
        .expect("the paused queue");
    assert_eq!(paused.0, "fail");
    assert!(
        paused
            .2
            .contains("it holds Billing::ChargeJob, failing when it stopped"),
        "{}",
        paused.2
    );
    let lost = lines
        .iter()
        .find(|l| l.1 == "process_lost")
        .expect("worker-a");
    assert_eq!(lost.0, "fail");
    assert_eq!(
        lost.2,
        "process worker-a:4711:5e1f0c2b9d8a gone without a clean stop (last beat 05:26:05 UTC), holding 1 job"
    );
    let steady = lines
        .iter()
        .find(|l| l.1 == "steady_failures")
        .expect("the webhooks");
    assert_eq!(steady.0, "note");
    assert!(
        steady
            .2
            .starts_with("Webhooks::DeliveryJob failing at a steady "),
        "{}",
        steady.2
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.1 == "failure_surge" && l.2.starts_with("Webhooks")),
        "{lines:#?}"
    );
    assert!(
        report["headline"]
            .as_str()
            .unwrap()
            .starts_with("Billing::ChargeJob failed 05:27–05:28 UTC")
    );

    // 05:38:00: resumed, worker-a's charge requeued and run, Stripe down again.
    let now = r.o2.0 + 100.0;
    let planted = r.at(&server, now);
    let (code, report) = incident(&server, now);
    assert_eq!(code, 1, "{}", describe(&report));
    let lines = findings_of(&report);
    let (sev, _, charge) = &lines[0];
    assert_eq!(sev, "fail");
    assert!(
        charge.starts_with("Billing::ChargeJob failing again since 05:36:2")
            && charge.contains(" in 2 episodes: 05:27:0")
            && charge.contains(", 05:36:2")
            && charge.contains("–05:37:5")
            && charge.contains(" UTC; last "),
        "{charge}"
    );
    let charge_f = failure_of(&report, "Stripe::APIConnectionError").unwrap();
    episodes_match(
        charge_f,
        &true_episodes(&planted, "Stripe::APIConnectionError"),
        "05:38",
    );
    assert_eq!(charge_f["evidence"]["episodes_split_by"], "class_succeeded");
    let lost = lines
        .iter()
        .find(|l| l.1 == "process_lost")
        .expect("worker-a");
    assert_eq!(lost.0, "warn");
    assert_eq!(
        lost.2,
        format!(
            "process worker-a:4711:5e1f0c2b9d8a gone without a clean stop (last beat 05:26:05 UTC); \
             its job Billing::ChargeJob {HELD_JID} was requeued by cogctl at 05:31:10 UTC and ran again"
        )
    );
    assert!(!lines.iter().any(|l| l.1 == "paused_backlog"), "{lines:#?}");

    // 05:45:00: over; both episodes, and the charges that passed since.
    let now = r.o2.1 + 370.0;
    let planted = r.at(&server, now);
    let (code, report) = incident(&server, now);
    let lines = findings_of(&report);
    assert_eq!(code, 0, "{lines:#?}");
    let (sev, _, charge) = &lines[0];
    assert_eq!(sev, "warn");
    assert!(
        charge.starts_with("Billing::ChargeJob failed 05:27:0")
            && charge.contains(", 05:36:2")
            && charge.contains(" UTC (Stripe::APIConnectionError, ")
            && charge.contains(" in the window), none since; ")
            && charge.ends_with(" Billing::ChargeJob runs succeeded since"),
        "{charge}"
    );
    let charge_f = failure_of(&report, "Stripe::APIConnectionError").unwrap();
    episodes_match(
        charge_f,
        &true_episodes(&planted, "Stripe::APIConnectionError"),
        "05:45",
    );
    assert!(lines.iter().all(|l| l.0 != "fail"), "{lines:#?}");
    assert!(
        report["headline"]
            .as_str()
            .unwrap()
            .starts_with(charge.as_str()),
        "{}",
        report["headline"]
    );
}

/// An outage of charges from `start` to `end` (every attempt failing), charges passing outside
/// it, in a fleet up for days, History on, on the real clock (the watch reads it again and
/// again).
fn outage_between(start: f64, end: f64, now: f64) -> Sim {
    let mut sim = Sim::new(11, now, true, true);
    sim.processes(2, now - 2.0 * DAY);
    sim.background(3000, 900.0);
    sim.successes(
        "Billing::ChargeJob",
        "billing",
        now - HOUR,
        30.0,
        &[(start, end)],
    );
    sim.run(&Pattern {
        class: "Billing::ChargeJob",
        queue: "billing",
        error_class: "Stripe::RateLimitError",
        message: "Request req_{}: Too many requests",
        rates: vec![(start, 60.0), (end, 0.0)],
        pass: 1.0,
        no_retry: false,
        down_until: end,
        downs: Vec::new(),
        held: Vec::new(),
    });
    sim
}

fn real_now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// `incident --watch --until-recovered`: an outage that ended a moment ago is open at the
/// start; once it has been quiet for `--quiet-for` with charges passing since, `recovered`,
/// and exit 0. One that goes on: exit 1 at `--timeout`, naming what is still open.
#[test]
fn incident_watch_says_recovered_and_until_recovered_exits() {
    let server = RedisServer::start();
    let now = real_now();
    // Over by incident's own rule (2 minutes quiet) about 3 s from now.
    outage_between(now - 300.0, now - 117.0, now).write(&server);
    // Recovered about 3 s from now: exit 0 says it was, before a --timeout only a hang
    // reaches.
    let run = Cogctl::new(&server)
        .args([
            "incident",
            "--watch=500ms",
            "--until-recovered",
            "--quiet-for",
            "1m",
            "--timeout",
            "5m",
            "--events",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let events = run.ndjson();
    let charge: Vec<&Value> = events
        .iter()
        .filter(|e| e["finding"].as_str().unwrap().starts_with("failure_surge:"))
        .collect();
    assert_eq!(
        charge.first().map(|e| &e["event"]),
        Some(&json!("open")),
        "{events:?}"
    );
    let recovered = charge.last().unwrap();
    assert_eq!(recovered["event"], "recovered", "{events:?}");
    assert!(
        recovered["summary"]
            .as_str()
            .unwrap()
            .contains("runs of its class succeeded since"),
        "{recovered}"
    );

    // Failing right up to now: still open when --timeout passes.
    server.exec(&[&["FLUSHDB"]]);
    let now = real_now();
    outage_between(now - 300.0, now + 600.0, now).write(&server);
    let run = Cogctl::new(&server)
        .args([
            "incident",
            "--watch=500ms",
            "--until-recovered",
            "--timeout",
            "2s",
        ])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stdout.contains("  open       failure_surge:"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr
            .contains("--timeout 2s: still open: failure_surge:"),
        "{}",
        run.stderr
    );
}

/// A watch left running outlives a Redis restart: it says on stderr that Redis can't be
/// read, reads again at each interval, and still says `recovered` and exits 0.
#[test]
fn incident_watch_goes_on_through_a_redis_restart() {
    let mut server = RedisServer::start_persistent();
    let now = real_now();
    // Over by incident's own rule (2 minutes quiet) about 4 s from now.
    outage_between(now - 300.0, now - 116.0, now).write(&server);
    server.exec(&[&["SAVE"]]);
    let watch = Cogctl::new(&server)
        .args([
            "incident",
            "--watch=500ms",
            "--until-recovered",
            "--quiet-for",
            "1m",
            "--timeout",
            "40s",
            "--events",
        ])
        .spawn();
    std::thread::sleep(std::time::Duration::from_millis(1200));
    server.restart(std::time::Duration::from_millis(1500));
    let run = watch.wait(std::time::Duration::from_secs(60));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("incident --watch: Redis can't be read (")
            && run
                .stderr
                .contains("incident --watch: reading Redis again, after "),
        "{}",
        run.stderr
    );
    let events = run.ndjson();
    assert!(
        events.iter().any(|e| e["event"] == "recovered"
            && e["finding"].as_str().unwrap().starts_with("failure_surge:")),
        "{events:?}"
    );
    // The watch's events are said once each: the restart opens nothing anew.
    let opened = events.iter().filter(|e| e["event"] == "open").count();
    let findings: std::collections::BTreeSet<&str> = events
        .iter()
        .map(|e| e["finding"].as_str().unwrap())
        .collect();
    assert_eq!(opened, findings.len(), "{events:?}");
}

#[test]
fn a_storm_on_two_shards_is_one_finding_dated_from_the_shard_it_began_on() {
    // The same missing column on two shards: for 36 minutes on prod-a (the busier: the top
    // shard of the finding), and already for 80 on prod-b (quieter).
    let servers = [RedisServer::start(), RedisServer::start()];
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[contexts.prod-a]\nredis_url = \"{}\"\n\n[contexts.prod-b]\nredis_url = \"{}\"\n\n\
             [fleets.prod]\ncontexts = [\"prod-a\", \"prod-b\"]\n",
            servers[0].url(),
            servers[1].url()
        ),
    )
    .unwrap();
    let mut firsts = Vec::new();
    for (i, (server, onset, rate)) in [
        (&servers[0], NOW - 36.0 * MIN, 12.0),
        (&servers[1], NOW - 80.0 * MIN, 2.0),
    ]
    .into_iter()
    .enumerate()
    {
        let mut sim = healthy_with(7000 + i as u64, NOW, false, true);
        sim.processes(3, NOW - 2.0 * HOUR);
        sim.run(&Pattern::steady(
            "Billing::InvoiceJob",
            "PG::UndefinedColumn",
            "ERROR:  column invoices.tax_code does not exist (invoice {})",
            onset,
            rate,
            0.0,
        ));
        let planted = sim.write(server);
        firsts.push(planted.first("PG::UndefinedColumn"));
    }
    let alone: Vec<Value> = servers
        .iter()
        .map(|s| {
            let (code, report) = incident(s, NOW);
            assert_eq!(code, 1, "{}", describe(&report));
            failure_of(&report, "PG::UndefinedColumn").unwrap().clone()
        })
        .collect();
    assert_eq!(alone[0]["id"], alone[1]["id"], "one pattern on both");
    assert!(alone[0]["impact"].as_u64() > alone[1]["impact"].as_u64());

    let run = Cogctl::bare()
        .env("COGCTL_CONFIG", config.to_str().unwrap())
        .now(NOW)
        .args(["--fleet", "prod", "--json", "incident"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let story = run.json();
    let merged = story["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == alone[0]["id"])
        .unwrap_or_else(|| panic!("{}", describe(&story)));
    assert_eq!(merged["shards"], json!(["prod-a", "prod-b"]));
    // Dated from prod-b, where it began: the fleet's onset, and said in the summary, whose
    // first words stay the top shard's own (its own onset).
    assert_eq!(merged["started_at"], alone[1]["started_at"]);
    onset_within(merged, firsts[1], 180.0, 7001);
    let at = merged["started_at"]["at"].as_f64().unwrap();
    let hm = cogctl::clock::Zone::utc().hm(at, NOW);
    assert_eq!(
        merged["summary"],
        format!(
            "prod-a: {} · on 2 of 2 shards (prod-a, prod-b) since {hm}, first on prod-b",
            alone[0]["summary"].as_str().unwrap()
        ),
        "{merged:#}"
    );
    assert!(
        story["headline"]
            .as_str()
            .unwrap()
            .contains("first on prod-b"),
        "{}",
        story["headline"]
    );
}

/// A pause holds only what was failing when it came: the queue of an outage over for ten
/// minutes paused now leaves that outage over (warn, its own tense, nothing held), while the
/// gem's own capture of a pause during an outage (fixtures/episodes.json) holds it, and offers
/// to resume the queue first.
#[test]
fn a_pause_after_an_outage_ended_does_not_revive_it() {
    let server = RedisServer::start();
    let now = real_now();
    outage_between(now - 900.0, now - 600.0, now).write(&server);
    Cogctl::new(&server)
        .args(["queue", "pause", "billing"])
        .run()
        .success();
    let (code, report) = incident(&server, real_now());
    let charge = failure_of(&report, "Stripe::RateLimitError").expect("the outage's finding");
    assert_eq!(charge["severity"], "warn", "{charge:#}");
    assert_eq!(charge["evidence"]["ongoing"], false);
    assert!(charge["evidence"]["held_queue"].is_null(), "{charge:#}");
    let summary = charge["summary"].as_str().unwrap();
    assert!(!summary.contains("hasn't run since"), "{summary}");
    assert!(summary.contains("succeeded since"), "{summary}");
    // The paused queue is told, on its own, not as holding the outage.
    let paused = find(&report, "findings", "kind", "paused_backlog");
    assert_ne!(paused["severity"], "fail", "{paused:#}");
    assert!(paused["evidence"]["holds_failing"].is_null(), "{paused:#}");
    assert!(
        !report["headline"]
            .as_str()
            .unwrap()
            .contains("hasn't run since"),
        "{}",
        report["headline"]
    );
    assert_eq!(code, 0, "{}", describe(&report));

    // Paused while it was failing: held, and the next step is the queue's.
    let server = RedisServer::start();
    let fixture = server.load("episodes");
    let (code, report) = incident(&server, fixture.captured_at);
    assert_eq!(code, 1);
    let held = find(&report, "findings", "kind", "failure_surge");
    assert_eq!(held["severity"], "fail");
    assert_eq!(held["evidence"]["held_queue"], "billing");
    let commands: Vec<&str> = held["commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        commands[..2],
        ["cogctl queue show billing", "cogctl queue resume billing"],
        "{commands:?}"
    );
    assert!(!commands.contains(&"cogctl stats"), "{commands:?}");
}

/// An outage over, with entries left in dead: a canary retry's dry run is offered first.
#[test]
fn an_outage_over_with_deaths_left_offers_a_canary_retry() {
    let server = RedisServer::start();
    let now = real_now();
    let mut sim = Sim::new(5, now, true, true);
    sim.processes(2, now - 2.0 * DAY);
    sim.background(3000, 900.0);
    sim.successes(
        "Billing::ChargeJob",
        "billing",
        now - HOUR,
        30.0,
        &[(now - 1800.0, now - 900.0)],
    );
    sim.run(&Pattern::charges(
        "Stripe::CardError",
        "Your card was declined ({})",
        vec![(now - 1800.0, 20.0), (now - 900.0, 0.0)],
        true,
        now - 900.0,
    ));
    sim.write(&server);
    let (_, report) = incident(&server, now);
    let f = failure_of(&report, "Stripe::CardError")
        .unwrap_or_else(|| panic!("no finding: {}", describe(&report)));
    assert_eq!(f["evidence"]["ongoing"], false, "{f:#}");
    let fp = f["evidence"]["fingerprint"].as_str().unwrap();
    assert_eq!(
        f["commands"][0],
        format!("cogctl dead retry --fingerprint {fp} --canary 10 --dry-run"),
        "{f:#}"
    );
}

/// `--until-recovered` waits for failures: a deploy's restart wave, open at the start and
/// still reported at the end, neither keeps it waiting nor is named as open.
#[test]
fn until_recovered_is_not_held_by_a_restart_wave() {
    let server = RedisServer::start();
    let now = real_now();
    let mut sim = outage_between(now - 300.0, now - 117.0, now);
    // A deploy during the outage: 3 of the 5 live processes started together.
    sim.processes(3, now - 200.0);
    sim.write(&server);
    let run = Cogctl::new(&server)
        .args([
            "incident",
            "--watch=500ms",
            "--until-recovered",
            "--quiet-for",
            "1m",
            "--timeout",
            "5m",
            "--events",
        ])
        .spawn()
        .wait(crate::support::HANG * 6);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let events = run.ndjson();
    let of = |kind: &str| -> Vec<&str> {
        events
            .iter()
            .filter(|e| e["kind"] == kind)
            .map(|e| e["event"].as_str().unwrap())
            .collect()
    };
    assert_eq!(of("restart_wave"), ["open"], "{events:?}");
    assert_eq!(of("failure_surge"), ["open", "recovered"], "{events:?}");
}

/// `--timeout` is exact: the watch reads at the timeout, not an interval before it, and
/// exits 1 then, naming what is still open.
#[test]
fn until_recovered_times_out_at_its_timeout_not_an_interval_before() {
    let server = RedisServer::start();
    let now = real_now();
    outage_between(now - 300.0, now + 600.0, now).write(&server);
    let started = std::time::Instant::now();
    let run = Cogctl::new(&server)
        .args([
            "incident",
            "--watch=10s",
            "--until-recovered",
            "--timeout",
            "3s",
        ])
        .spawn()
        .wait(crate::support::HANG);
    // Before, it gave up after its first read: the next one (10 s on) fell past 3 s.
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("--timeout 3s: still open: failure_surge:"),
        "{}",
        run.stderr
    );
}

/// Deaths in a burst are a failure however young the fleet: a worker seconds old, its
/// charges passing, then dying at once (`retry: 0`) from 3 s after its start, so close to
/// the start of the records that their rate can't be told from the fleet's usual one (once
/// "steady 55 % of the fleet's runs", a note). A class dying as steadily all along, on a
/// fleet two hours old, is no burst: a note.
#[test]
fn deaths_in_a_burst_on_a_young_fleet_fail_and_steady_deaths_stay_a_note() {
    let server = RedisServer::start();
    let mut sim = Sim::new(3, NOW, true, true);
    sim.processes(1, NOW - 53.0);
    sim.successes(
        "Billing::ChargeJob",
        "billing",
        NOW - 53.0,
        100.0,
        &[(NOW - 50.0, NOW)],
    );
    sim.run(&Pattern::charges(
        "Stripe::CardError",
        "Your card was declined ({})",
        vec![(NOW - 50.0, 1200.0), (NOW - 47.0, 0.0)],
        true,
        NOW - 47.0,
    ));
    sim.write(&server);
    let (code, report) = incident(&server, NOW);
    let deaths = find(&report, "findings", "kind", "deaths");
    assert_eq!(deaths["severity"], "fail", "{deaths:#}");
    assert!(
        deaths["summary"]
            .as_str()
            .unwrap()
            .starts_with("Billing::ChargeJob dying since"),
        "{deaths:#}"
    );
    assert_eq!(code, 1);

    // Two hours of the same class dying 3 times a minute, from the fleet's start.
    let server = RedisServer::start();
    let mut sim = Sim::new(4, NOW, true, true);
    sim.processes(2, NOW - 2.0 * HOUR);
    sim.successes("Billing::ChargeJob", "billing", NOW - 2.0 * HOUR, 20.0, &[]);
    sim.run(&Pattern::charges(
        "Stripe::CardError",
        "Your card was declined ({})",
        vec![(NOW - 2.0 * HOUR + 30.0, 3.0)],
        true,
        0.0,
    ));
    sim.write(&server);
    let (code, report) = incident(&server, NOW);
    assert!(
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["severity"] == "note"),
        "{}",
        describe(&report)
    );
    assert_eq!(code, 0);
}

/// Causes, said plainly: a surge beginning just after a deploy's restart wave says so, and
/// one beginning a moment after the operator's own `dead retry` names that change, who made
/// it and its undo id.
#[test]
fn a_surge_just_after_a_deploy_or_the_operators_retry_says_so() {
    // A fleet up for days; 3 processes started together 10 minutes ago; charges failing
    // from 10 s after.
    let server = RedisServer::start();
    let mut sim = Sim::new(8, NOW, true, true);
    sim.processes(2, NOW - 2.0 * DAY);
    sim.processes(3, NOW - 600.0);
    sim.background(3000, 900.0);
    sim.successes(
        "Billing::ChargeJob",
        "billing",
        NOW - HOUR,
        30.0,
        &[(NOW - 590.0, NOW)],
    );
    sim.run(&Pattern::charges(
        "NoMethodError",
        "undefined method `amount' for nil ({})",
        vec![(NOW - 590.0, 30.0)],
        false,
        NOW,
    ));
    sim.write(&server);
    let (_, report) = incident(&server, NOW);
    let f = failure_of(&report, "NoMethodError").unwrap_or_else(|| panic!("{}", describe(&report)));
    assert_eq!(
        f["evidence"]["began_after"]["kind"], "restart_wave",
        "{f:#}"
    );
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("after 3 processes started together"),
        "{f:#}"
    );

    // Dead charges of an outage a day ago, retried by the operator; the same charges
    // failing again from a second later.
    let server = RedisServer::start();
    let t = real_now();
    let mut before = Sim::new(9, t, true, true);
    before.run(&Pattern::charges(
        "Stripe::CardError",
        "Your card was declined ({})",
        vec![(t - 30.0 * HOUR, 2.0), (t - 29.0 * HOUR, 0.0)],
        true,
        t - 29.0 * HOUR,
    ));
    before.write(&server);
    let retried = Cogctl::new(&server)
        .args(["--json", "dead", "retry", "--all", "--yes"])
        .run();
    assert!(retried.success().json()["moved"].as_u64().unwrap() > 0);
    let now = real_now() + 120.0;
    let mut sim = Sim::new(10, now, true, true);
    sim.processes(2, now - 2.0 * DAY);
    sim.background(3000, 900.0);
    sim.run(&Pattern::charges(
        "Stripe::APIConnectionError",
        "Could not connect to Stripe ({})",
        vec![(now - 119.0, 60.0)],
        false,
        now,
    ));
    sim.write(&server);
    let (_, report) = incident(&server, now);
    let f = failure_of(&report, "Stripe::APIConnectionError")
        .unwrap_or_else(|| panic!("{}", describe(&report)));
    let cause = &f["evidence"]["began_after"];
    assert_eq!(cause["kind"], "operator_change", "{f:#}");
    assert_eq!(cause["command"], "dead retry", "{f:#}");
    let undo = cause["undo"].as_str().expect("its undo id");
    assert!(undo.starts_with("u-"), "{undo}");
    let summary = f["summary"].as_str().unwrap();
    assert!(summary.contains("dead retry --all --yes` by "), "{summary}");
    assert!(summary.contains(&format!("undo {undo}")), "{summary}");
}

/// A surge beginning just after Redis restarted says so.
#[test]
fn a_surge_just_after_redis_restarted_says_so() {
    let server = RedisServer::start();
    let time: Vec<String> = redis::cmd("TIME").query(&mut server.conn()).unwrap();
    let uptime: f64 = server
        .info_field("server", "uptime_in_seconds")
        .parse()
        .unwrap();
    let started = time[0].parse::<f64>().unwrap() - uptime;
    let now = started + 240.0;
    let mut sim = Sim::new(12, now, true, true);
    sim.processes(2, now - 2.0 * DAY);
    sim.background(3000, 900.0);
    sim.run(&Pattern::charges(
        "Redis::CommandError",
        "NOSCRIPT No matching script ({})",
        vec![(started + 5.0, 60.0)],
        false,
        now,
    ));
    sim.write(&server);
    let (_, report) = incident(&server, now);
    let f = failure_of(&report, "Redis::CommandError")
        .unwrap_or_else(|| panic!("{}", describe(&report)));
    assert_eq!(
        f["evidence"]["began_after"]["kind"], "redis_restart",
        "{f:#}"
    );
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("after Redis restarted"),
        "{f:#}"
    );
}
