//! `cogctl incident`: scenarios built with the pinned clock, each planting one cause (and its
//! symptoms) in a healthy deployment; the healthy deployment itself must give no finding.
//! Also the fixtures, the JSON and NDJSON, hostile names, a wrong-typed key, and exit codes.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::support::{Cogctl, RedisServer};

/// A multiple of 900 plus 300 s: memory slots fall on known times.
const NOW: f64 = 1_796_207_700.0;
const DAY: f64 = 86_400.0;

fn slot(t: f64) -> i64 {
    let t = t as i64;
    t - t.rem_euclid(900)
}

struct Proc {
    identity: String,
    started_at: f64,
    busy: u32,
    concurrency: u32,
    queues: Vec<&'static str>,
    /// (slot start, KB)
    memory: Vec<(i64, i64)>,
}

/// A process up for `up` seconds with flat memory (200 MB, a little jitter).
fn proc_up(n: usize, up: f64) -> Proc {
    let start = NOW - up;
    let memory = (0..96)
        .map(|i| slot(NOW) - i * 900)
        .filter(|&s| s as f64 >= slot(start) as f64)
        .map(|s| (s, 204_800 + (s / 900 % 3) * 512))
        .collect();
    Proc {
        identity: format!("worker-{n}:{}:0a1b2c3d4e5f", 100 + n),
        started_at: start,
        busy: 2,
        concurrency: 10,
        queues: vec!["default", "default", "billing", "reports"],
        memory,
    }
}

fn add_proc(server: &RedisServer, p: &Proc, alive: bool) {
    let host = p.identity.split(':').next().unwrap();
    let pid: u32 = p.identity.split(':').nth(1).unwrap().parse().unwrap();
    let info = json!({
        "hostname": host, "pid": pid, "concurrency": p.concurrency, "queues": p.queues,
        "started_at": p.started_at, "rss_kb": p.memory.last().map(|m| m.1),
    })
    .to_string();
    let key = format!("cogworker:process:{}", p.identity);
    let busy = p.busy.to_string();
    if alive {
        server.exec(&[
            &["HSET", &key, "info", &info, "busy", &busy, "quiet", "false"],
            &["EXPIRE", &key, "60"],
        ]);
    }
    server.exec(&[&["SADD", "cogworker:processes", &p.identity]]);
    let mem = format!("cogworker:memory:{}", p.identity);
    for (s, kb) in &p.memory {
        server.exec(&[&["ZADD", &mem, &s.to_string(), &format!("{s}:{kb}")]]);
    }
}

fn job(class: &str, queue: &str, jid: &str, enqueued_at: f64) -> Value {
    json!({"retry": true, "queue": queue, "class": class, "args": [1], "jid": jid,
           "created_at": enqueued_at, "enqueued_at": enqueued_at})
}

/// `n` jobs on `queue`, enqueued evenly from `oldest` to `newest`.
fn fill_queue(server: &RedisServer, queue: &str, n: usize, oldest: f64, newest: f64) {
    let key = format!("cogworker:queue:{queue}");
    server.exec(&[&["SADD", "cogworker:queues", queue]]);
    for i in 0..n {
        let t = if n == 1 {
            oldest
        } else {
            oldest + (newest - oldest) * i as f64 / (n - 1) as f64
        };
        let j = job("ReportJob", queue, &format!("{queue}{i:020}"), t).to_string();
        server.exec(&[&["LPUSH", &key, &j]]);
    }
}

fn failed(class: &str, jid: &str, error_class: &str, message: &str, failed_at: f64) -> Value {
    let mut j = job(class, "default", jid, failed_at - 1.0);
    j["error_class"] = json!(error_class);
    j["error_message"] = json!(message);
    j["failed_at"] = json!(failed_at);
    j["retry_count"] = json!(1);
    j
}

fn zadd(server: &RedisServer, key: &str, score: f64, member: &Value) {
    server.exec(&[&["ZADD", key, &format!("{score}"), &member.to_string()]]);
}

/// Processes up for days, queues draining, failures at a steady low rate for days (in the
/// dead and the retry set), flat memory, steady throughput.
fn healthy(server: &RedisServer, procs: &[Proc]) {
    for p in procs {
        add_proc(server, p, true);
    }
    fill_queue(server, "default", 20, NOW - 30.0, NOW - 1.0);
    fill_queue(server, "billing", 5, NOW - 10.0, NOW - 2.0);
    server.exec(&[&["SADD", "cogworker:queues", "reports"]]);
    // One timeout every 30 minutes for 3 days, dead.
    for i in 0..144 {
        let t = NOW - 600.0 - i as f64 * 1800.0;
        let m = format!("Net::ReadTimeout with #<TCPSocket:0x0000{:012x}>", i * 7919);
        zadd(
            server,
            "cogworker:dead",
            t,
            &failed(
                "SyncJob",
                &format!("d{i:023}"),
                "Net::ReadTimeout",
                &m,
                t - 9000.0,
            ),
        );
    }
    // A connection failure every 20 minutes for 3 days, waiting for a retry.
    for i in 0..216 {
        let t = NOW - 300.0 - i as f64 * 1200.0;
        let m = format!("Failed to open TCP connection to 10.0.0.{}:443", i % 200);
        zadd(
            server,
            "cogworker:retry",
            t + 3600.0,
            &failed(
                "FeedJob",
                &format!("r{i:023}"),
                "Faraday::ConnectionFailed",
                &m,
                t,
            ),
        );
    }
    // A flaky pattern whose jobs pass on their first retry: the retry set only ever holds
    // its last minute, 30 failures, each failed once.
    for i in 0..30 {
        let t = NOW - 60.0 + i as f64 * 2.0;
        zadd(
            server,
            "cogworker:retry",
            t + 45.0,
            &failed(
                "PingJob",
                &format!("p{i:023}"),
                "Errno::ECONNRESET",
                "Connection reset by peer",
                t,
            ),
        );
    }
    // A flaky pattern whose jobs pass on their first retry: the retry set only ever holds
    // its last minute, 30 failures, each failed once.
    for i in 0..30 {
        let t = NOW - 60.0 + i as f64 * 2.0;
        zadd(
            server,
            "cogworker:retry",
            t + 45.0,
            &failed(
                "PingJob",
                &format!("p{i:023}"),
                "Errno::ECONNRESET",
                "Connection reset by peer",
                t,
            ),
        );
    }
    let hour = (NOW / 3600.0).floor() as i64;
    for h in hour - 23..=hour {
        let n = if h == hour { 400 } else { 1200 + (h % 5) * 10 };
        server.exec(&[&[
            "HSET",
            &format!("cogworker:throughput:{h}"),
            "processed",
            &n.to_string(),
            "failed",
            "3",
        ]]);
    }
}

fn four_up() -> Vec<Proc> {
    (1..=4).map(|n| proc_up(n, 3.0 * DAY)).collect()
}

fn incident(server: &RedisServer, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["incident", "--json"];
    args.extend_from_slice(extra);
    let run = Cogctl::new(server).now(NOW).args(&args).run();
    assert!(run.stderr.is_empty(), "{}", run.snapshot());
    (run.code, run.json())
}

fn kinds(report: &Value) -> BTreeSet<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap().to_string())
        .collect()
}

#[track_caller]
fn only(report: &Value, expected: &[&str]) {
    let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        kinds(report),
        want,
        "{}",
        serde_json::to_string_pretty(report).unwrap()
    );
}

#[track_caller]
fn finding<'a>(report: &'a Value, kind: &str) -> &'a Value {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind}: {report:#}"))
}

#[track_caller]
fn onset_near(f: &Value, t: f64) {
    let at = f["started_at"]["at"].as_f64().expect("an onset");
    assert!(
        (at - t).abs() <= 60.0,
        "onset {at} is not within a minute of {t}: {f:#}"
    );
}

#[test]
fn a_healthy_deployment_gives_no_finding() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 0);
    only(&report, &[]);
    assert_eq!(report["since"], json!(NOW - 6.0 * 3600.0));
    assert!(
        report["headline"]
            .as_str()
            .unwrap()
            .starts_with("Nothing notable since")
    );
    let run = Cogctl::new(&server).now(NOW).args(["incident"]).run();
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with("Nothing notable since"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("FINDINGS"));
    // Nothing is written.
    server.assert_read_only(|| Cogctl::new(&server).now(NOW).args(["incident"]).run());
}

/// Five of six processes restart at NOW − 20 min; four minutes later ChargeJob starts failing
/// with a rate limit, many times a minute, on every retry too. As the gem leaves it: each job
/// once in the retry set (its latest failure, `failed_at` its first), every failed attempt in
/// its attempts log. Returns the failures planted.
fn deploy_then_surge(server: &RedisServer) -> u64 {
    let mut procs = vec![proc_up(1, 3.0 * DAY)];
    for n in 2..=6 {
        procs.push(proc_up(n, 1200.0 - (n as f64 - 2.0) * 20.0));
    }
    healthy(server, &procs);
    let onset = NOW - 960.0;
    let mut planted = 0;
    for i in 0..480 {
        let t = onset + i as f64 * 2.0;
        let jid = format!("c{i:023}");
        let m = format!(
            "Request req_{:014x}: rate limit exceeded for cus_{}",
            i * 31,
            i
        );
        // The gem's backoff, failing again on every retry until the next one is due.
        let mut attempts = vec![t];
        let next = loop {
            let n = attempts.len() as f64;
            let delay = n.powi(4) + 15.0 + ((i * 7 + attempts.len()) % 30) as f64 * (n + 1.0);
            let due = attempts.last().unwrap() + delay;
            if due + 1.0 >= NOW {
                break due;
            }
            attempts.push(due + 1.0);
        };
        let mut entry = failed("Billing::ChargeJob", &jid, "Stripe::RateLimitError", &m, t);
        entry["retry_count"] = json!(attempts.len());
        zadd(server, "cogworker:retry", next, &entry);
        let key = format!("cogworker:job_attempts:{jid}");
        for (k, at) in attempts.iter().enumerate() {
            let log = json!({"attempt": k + 1, "failed_at": at, "outcome": "retrying",
                             "error_class": "Stripe::RateLimitError", "error_message": m});
            server.exec(&[&["RPUSH", &key, &log.to_string()]]);
        }
        planted += attempts.len() as u64;
    }
    planted
}

/// `cogctl queue pause QUEUE` made at `at`, as the operator makes it (its audit entry too).
fn pause(server: &RedisServer, queue: &str, at: f64) {
    Cogctl::new(server)
        .now(at)
        .args(["queue", "pause", queue])
        .run()
        .success();
}

/// The operator pauses the queue a failing pattern is retried onto: the pause hides the
/// failures, not the outage. The paused queue is a FAIL that names the pattern.
#[test]
fn a_paused_queue_a_failing_pattern_is_retried_onto_is_a_fail() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    pause(&server, "default", NOW - 120.0);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    let paused = finding(&report, "paused_backlog");
    assert_eq!(paused["severity"], "fail", "{paused:#}");
    let summary = paused["summary"].as_str().unwrap();
    assert!(
        summary.ends_with("; Billing::ChargeJob, failing now, is retried onto it"),
        "{summary}"
    );
    assert_eq!(
        paused["evidence"]["holds_failing"],
        "default: Billing::ChargeJob"
    );
    // A paused queue no failing pattern goes to stays a warning.
    let server = RedisServer::start();
    deploy_then_surge(&server);
    pause(&server, "billing", NOW - 120.0);
    let (_, report) = incident(&server, &[]);
    let paused = finding(&report, "paused_backlog");
    assert_eq!(paused["severity"], "warn", "{paused:#}");
}

/// An outage of the charges, then the operator pauses their queue: the failures stop because
/// nothing runs, not because the provider is back. The surge says it hasn't run since the
/// pause (when, by whom, how many wait) and stays a FAIL, never "none since".
#[test]
fn a_surge_stopped_by_a_pause_says_it_has_not_run_since() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    // 200 charges fail from 25 to 8 minutes ago, each logged once, as the gem logs a first
    // failure; their retries wait in the retry set.
    let (from, to) = (NOW - 1500.0, NOW - 480.0);
    for i in 0..200 {
        let t = from + (to - from) * i as f64 / 199.0;
        let jid = format!("p{i:023}");
        let entry = failed(
            "Billing::ChargeJob",
            &jid,
            "Stripe::APIConnectionError",
            "Could not connect to Stripe",
            t,
        );
        zadd(
            &server,
            "cogworker:retry",
            t + 16.0 + (i % 30) as f64 * 2.0 + 600.0,
            &entry,
        );
        let log = json!({"attempt": 1, "failed_at": t, "outcome": "retrying",
                         "error_class": "Stripe::APIConnectionError",
                         "error_message": "Could not connect to Stripe"});
        server.exec(&[&[
            "RPUSH",
            &format!("cogworker:job_attempts:{jid}"),
            &log.to_string(),
        ]]);
    }
    pause(&server, "default", NOW - 470.0);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    let surge = finding(&report, "failure_surge");
    let summary = surge["summary"].as_str().unwrap();
    assert_eq!(surge["severity"], "fail", "{surge:#}");
    assert!(!summary.contains("none since"), "{summary}");
    assert!(
        summary.contains("; Billing::ChargeJob hasn't run since queue default was paused at ")
            && summary.contains(" by ")
            && summary.ends_with(" waiting"),
        "{summary}"
    );
    assert_eq!(surge["evidence"]["paused_queue"], "default");
    // The paused queue is a FAIL too, and the headline tells the pause.
    assert_eq!(finding(&report, "paused_backlog")["severity"], "fail");
    assert!(
        report["headline"]
            .as_str()
            .unwrap()
            .contains("hasn't run since queue default was paused"),
        "{}",
        report["headline"]
    );
}

#[test]
fn a_deploy_followed_by_a_failure_surge() {
    let server = RedisServer::start();
    let planted = deploy_then_surge(&server);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["restart_wave", "failure_surge"]);
    let wave = finding(&report, "restart_wave");
    onset_near(wave, NOW - 1200.0);
    assert_eq!(wave["severity"], "warn");
    assert_eq!(wave["evidence"]["started"], 5);
    assert_eq!(wave["evidence"]["live"], 6);
    let surge = finding(&report, "failure_surge");
    onset_near(surge, NOW - 960.0);
    assert_eq!(surge["severity"], "fail");
    assert_eq!(surge["follows"], json!(["restart_wave"]));
    assert_eq!(surge["evidence"]["new"], true);
    // Every failed attempt once: the attempts logs hold them all, the retry entries again.
    assert_eq!(surge["evidence"]["in_window"], planted);
    assert_eq!(surge["evidence"]["ongoing"], true);
    assert_eq!(surge["evidence"]["error_class"], "Stripe::RateLimitError");
    let fp = surge["evidence"]["fingerprint"].as_str().unwrap();
    assert_eq!(surge["id"], format!("failure_surge:{fp}"));
    assert_eq!(
        surge["commands"][0],
        format!("cogctl retry list --fingerprint {fp} --limit 20")
    );
    // Ranked by impact: the surge first; the headline names it and what it follows.
    assert_eq!(report["findings"][0]["kind"], "failure_surge");
    let headline = report["headline"].as_str().unwrap();
    assert!(
        headline.starts_with("Billing::ChargeJob failing since")
            && headline.contains(&format!(
                "Stripe::RateLimitError, {},{:03} failures",
                planted / 1000,
                planted % 1000
            ))
            && headline.contains("4 min after 5 of 6 processes restarted"),
        "{headline}"
    );
    // The timeline: process starts, then the onsets, in order.
    let timeline = report["timeline"].as_array().unwrap();
    let times: Vec<f64> = timeline.iter().map(|e| e["at"].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
    assert!(timeline.iter().any(|e| e["event"] == "process_start"));
    assert!(
        timeline
            .iter()
            .any(|e| e["event"] == "onset" && e["finding"] == surge["id"])
    );
}

#[test]
fn the_table_tells_the_story_headline_findings_timeline() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let run = Cogctl::new(&server).now(NOW).args(["incident"]).run();
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.snapshot());
}

#[test]
fn a_steady_surge_of_old_failures_at_a_higher_rate_is_still_a_surge() {
    // The same pattern one an hour for days, then 30 a minute for the last 10 minutes.
    let server = RedisServer::start();
    healthy(&server, &four_up());
    for i in 0..72 {
        let t = NOW - 1800.0 - i as f64 * 3600.0;
        zadd(
            &server,
            "cogworker:dead",
            t,
            &failed(
                "MailJob",
                &format!("m{i:023}"),
                "Net::SMTPFatalError",
                "550 mailbox unavailable",
                t,
            ),
        );
    }
    let onset = NOW - 600.0;
    for i in 0..300 {
        let t = onset + i as f64 * 2.0;
        zadd(
            &server,
            "cogworker:dead",
            t,
            &failed(
                "MailJob",
                &format!("n{i:023}"),
                "Net::SMTPFatalError",
                "550 mailbox unavailable",
                t,
            ),
        );
    }
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    // One cause, one finding: its failures and deaths together.
    only(&report, &["failure_surge"]);
    let f = finding(&report, "failure_surge");
    onset_near(f, onset);
    assert_eq!(f["evidence"]["new"], false);
    assert_eq!(f["evidence"]["last_15m"], 300);
    assert_eq!(
        f["evidence"]["in_window"],
        f["evidence"]["deaths_in_window"]
    );
    assert_eq!(f["evidence"]["in_window"], 306);
}

#[test]
fn a_paused_queue_forgotten() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    fill_queue(
        &server,
        "reports",
        50,
        NOW - 3.0 * 3600.0,
        NOW - 3.0 * 3600.0 + 600.0,
    );
    server.exec(&[&["SADD", "cogworker:paused_queues", "reports"]]);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["paused_backlog"]);
    let f = finding(&report, "paused_backlog");
    assert_eq!(f["id"], "paused_backlog:reports");
    assert_eq!(f["severity"], "fail");
    onset_near(f, NOW - 3.0 * 3600.0);
    assert_eq!(f["evidence"]["size"], 50);
    assert_eq!(f["commands"][1], "cogctl queue resume reports");
}

#[test]
fn a_slow_leak_on_one_host() {
    let server = RedisServer::start();
    let mut procs = four_up();
    // worker-3 has grown 60 MB an hour for the last 3 hours.
    let start = slot(NOW) - 12 * 900;
    for m in procs[2].memory.iter_mut() {
        if m.0 >= start {
            m.1 = 204_800 + (m.0 - start) / 900 * 15 * 1024;
        }
    }
    healthy(&server, &procs);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 0, "a leak alone warns");
    only(&report, &["memory_growth"]);
    let f = finding(&report, "memory_growth");
    assert_eq!(f["id"], format!("memory_growth:{}", procs[2].identity));
    onset_near(f, start as f64);
    let rate = f["evidence"]["growth_mb_per_hour"].as_f64().unwrap();
    assert!((rate - 60.0).abs() < 1.0, "{rate}");
    // Given a limit, when it is reached: 380 MB now, 1 GB limit, 60 MB/h.
    let (_, report) = incident(&server, &["--memory-limit", "1GB"]);
    let f = finding(&report, "memory_growth");
    let eta = f["evidence"]["limit_reached_at"].as_f64().unwrap();
    let expected = NOW + (1024.0 - 380.0) / 60.0 * 3600.0;
    assert!((eta - expected).abs() < 600.0, "{eta} vs {expected}");
    // Above 80 % of a limit: every process is a finding, and it fails.
    let (code, report) = incident(&server, &["--memory-limit", "240MB"]);
    assert_eq!(code, 1);
    assert_eq!(
        report["findings"].as_array().unwrap().len(),
        4,
        "{report:#}"
    );
}

#[test]
fn processes_killed_with_jobs_in_hand() {
    let server = RedisServer::start();
    let procs = four_up();
    healthy(&server, &procs[..2]);
    let killed = NOW - 480.0;
    for p in &procs[2..] {
        add_proc(&server, p, false);
        let list = format!("cogworker:inprogress:{}", p.identity);
        for i in 0..3 {
            let j = job(
                "ReportJob",
                "default",
                &format!("k{}{i:022}", &p.identity[7..8]),
                killed - 5.0,
            );
            server.exec(&[&["LPUSH", &list, &j.to_string()]]);
        }
        server.exec(&[
            &["SADD", "cogworker:inprogress_identities", &p.identity],
            &[
                "HSET",
                "cogworker:last_beat",
                &p.identity,
                &format!("{}", killed as i64),
            ],
        ]);
    }
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["process_lost"]);
    let f = finding(&report, "process_lost");
    assert_eq!(f["severity"], "fail");
    onset_near(f, killed);
    assert_eq!(f["evidence"]["lost"], 2);
    assert_eq!(f["evidence"]["jobs_in_progress"], 6);
    assert_eq!(f["impact"], 6);
    assert_eq!(f["commands"][1], "cogctl reconcile --dry-run");
}

#[test]
fn a_queue_nobody_reads() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    fill_queue(&server, "legacy", 30, NOW - 7200.0, NOW - 60.0);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["unread_queue"]);
    let f = finding(&report, "unread_queue");
    assert_eq!(f["id"], "unread_queue:legacy");
    onset_near(f, NOW - 7200.0);
    assert_eq!(f["impact"], 30);
}

#[test]
fn a_backlog_whose_readers_are_all_busy() {
    let server = RedisServer::start();
    let mut procs = four_up();
    for p in procs.iter_mut() {
        p.busy = 10;
    }
    healthy(&server, &procs);
    fill_queue(&server, "reports", 400, NOW - 900.0, NOW - 1.0);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["backlog", "capacity"]);
    let f = finding(&report, "backlog");
    assert_eq!(f["id"], "backlog:reports");
    onset_near(f, NOW - 900.0);
    let rate = f["evidence"]["arrivals_per_hour"].as_f64().unwrap();
    assert!(rate > 1500.0, "{rate}");
    assert_eq!(f["evidence"]["busy"], 40);
    // Within a larger --max-latency it is no backlog.
    let (_, report) = incident(&server, &["--max-latency", "20m"]);
    only(&report, &[]);
}

#[test]
fn a_redis_set_to_evict() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    server.exec(&[
        &["CONFIG", "SET", "maxmemory", "1gb"],
        &["CONFIG", "SET", "maxmemory-policy", "allkeys-lru"],
    ]);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["redis"]);
    let f = finding(&report, "redis");
    assert_eq!(f["id"], "redis:eviction");
    assert_eq!(f["started_at"]["at"], Value::Null);
    assert_eq!(f["commands"], json!(["cogctl doctor"]));
}

#[test]
fn ndjson_is_one_finding_a_line() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let report = incident(&server, &[]).1;
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--ndjson"])
        .run();
    assert_eq!(run.code, 1);
    let lines = run.ndjson();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], report["findings"][0]["id"]);
    assert_eq!(lines[1]["id"], report["findings"][1]["id"]);
}

#[test]
fn the_fixtures_give_sensible_findings() {
    for (name, expected) in [
        ("incident", vec!["paused_backlog"]),
        ("orphaned", vec!["process_lost"]),
        ("periodic", vec!["periodic_late"]),
    ] {
        let server = RedisServer::start();
        let fixture = server.load(name);
        let run = Cogctl::new(&server)
            .now(fixture.captured_at)
            .args(["incident", "--json"])
            .run();
        only(&run.json(), &expected);
    }
}

#[test]
fn hostile_names_are_escaped_and_a_wrong_typed_key_degrades_only_its_finding() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    let evil = "q\u{1b}[31mred\u{7}";
    fill_queue(&server, evil, 3, NOW - 7200.0, NOW - 7000.0);
    server.exec(&[
        &["DEL", "cogworker:retry"],
        &["SET", "cogworker:retry", "not a zset"],
    ]);
    let run = Cogctl::new(&server).now(NOW).args(["incident"]).run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(!run.stdout.contains('\u{1b}') && !run.stdout.contains('\u{7}'));
    assert!(run.stdout.contains("unread_queue"), "{}", run.stdout);
    assert!(run.stderr.contains("cogworker:retry"), "{}", run.stderr);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--json"])
        .run();
    let report = run.json();
    let f = finding(&report, "unread_queue");
    assert_eq!(f["evidence"]["queue"], evil);
    assert_eq!(report["problems"][0]["key"], "cogworker:retry");
}

#[test]
fn unreachable_redis_exits_3() {
    let run = Cogctl::bare()
        .args(["--redis-url", "redis://127.0.0.1:1", "incident"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(run.stdout.is_empty());
}

#[test]
fn retry_triage_times_are_failure_times_not_next_attempts() {
    // Failures that began 26 minutes ago, their next attempts from 10 minutes ago to 15
    // minutes ahead.
    let server = RedisServer::start();
    for i in 0..26 {
        let t = NOW - 1560.0 + i as f64 * 60.0;
        let mut entry = failed(
            "SyncJob",
            &format!("s{i:023}"),
            "Timeout::Error",
            "execution expired",
            t,
        );
        if i == 25 {
            entry["retried_at"] = json!(t + 30.0);
            entry["failed_at"] = json!(t - 3000.0);
        }
        zadd(
            &server,
            "cogworker:retry",
            NOW - 600.0 + i as f64 * 60.0,
            &entry,
        );
    }
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["retry", "triage", "--json"])
        .run();
    let g = &run.json()["groups"][0];
    assert_eq!(g["first_seen"], json!(NOW - 1560.0));
    assert_eq!(g["last_seen"], json!(NOW - 1560.0 + 25.0 * 60.0 + 30.0));
    assert_eq!(g["next_attempts"], json!([NOW - 600.0, NOW + 900.0]));
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["retry", "triage"])
        .run();
    assert!(run.stdout.contains("NEXT"), "{}", run.stdout);
    assert!(run.stdout.contains("26m ago"), "{}", run.stdout);
}

#[test]
fn with_every_process_lost_the_queues_are_one_unread_finding() {
    let server = RedisServer::start();
    healthy(&server, &[]);
    for p in &four_up() {
        add_proc(&server, p, false);
        server.exec(&[&[
            "HSET",
            "cogworker:last_beat",
            &p.identity,
            &format!("{}", NOW as i64 - 900),
        ]]);
    }
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["process_lost", "unread_queue"]);
    let f = finding(&report, "unread_queue");
    assert_eq!(f["id"], "unread_queue");
    assert_eq!(f["evidence"]["unread_queues"], 2);
    assert_eq!(f["impact"], 25);
    let lost = finding(&report, "process_lost");
    assert_eq!(lost["severity"], "warn");
    assert_eq!(lost["evidence"]["lost"], 4);
    onset_near(lost, NOW - 900.0);
}

#[test]
fn throughput_falling_while_jobs_wait() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    let hour = (NOW / 3600.0).floor() as i64;
    // The last full hour processed 100 jobs, against about 1,200 an hour before it.
    server.exec(&[&[
        "HSET",
        &format!("cogworker:throughput:{}", hour - 1),
        "processed",
        "100",
    ]]);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 0, "a drop alone warns");
    only(&report, &["throughput_drop"]);
    let f = finding(&report, "throughput_drop");
    onset_near(f, (hour - 1) as f64 * 3600.0);
    assert_eq!(f["evidence"]["processed_last_hour"], 100);
    assert_eq!(f["evidence"]["waiting"], 25);
}

#[test]
fn an_empty_database_is_a_finding_not_a_healthy_deployment() {
    // A wrong `?db=`: nothing of cogworker's there.
    let server = RedisServer::start();
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 0);
    only(&report, &["no_data"]);
    let f = finding(&report, "no_data");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["evidence"]["empty"], true);
    let summary = f["summary"].as_str().unwrap();
    assert!(
        summary.starts_with("no cogworker data in unix://") && summary.contains("wrong URL or db"),
        "{summary}"
    );
}

#[test]
fn retry_triage_says_its_timeline_shows_survivors() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["retry", "triage"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(run.stdout.contains("survivors only"), "{}", run.stdout);
    // One sentence, no run of spaces inside it.
    assert!(
        run.stdout.contains("not a rate, see `cogctl incident`"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_operators_own_changes_are_on_the_timeline_and_explain_their_finding() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    fill_queue(
        &server,
        "reports",
        50,
        NOW - 3.0 * 3600.0,
        NOW - 3.0 * 3600.0 + 600.0,
    );
    // The operator paused it with cogctl an hour ago (the audit trail records it).
    let run = Cogctl::new(&server)
        .now(NOW - 3600.0)
        .env("USER", "alice")
        .args(["queue", "pause", "reports"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let (_, report) = incident(&server, &[]);
    let f = finding(&report, "paused_backlog");
    let summary = f["summary"].as_str().unwrap();
    assert!(summary.contains("(paused by cogctl at "), "{summary}");
    assert!(summary.contains("alice"), "{summary}");
    let change = report["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "operator_change")
        .unwrap_or_else(|| panic!("{report:#}"));
    assert!(
        (change["at"].as_f64().unwrap() - (NOW - 3600.0)).abs() < 2.0,
        "{change}"
    );
    assert!(
        change["text"]
            .as_str()
            .unwrap()
            .contains("queue pause reports")
    );
}

#[test]
fn backlogs_with_one_cause_are_one_finding() {
    // Every thread busy, and two of the queues they read backing up: one cause.
    let server = RedisServer::start();
    let mut procs = four_up();
    for p in procs.iter_mut() {
        p.busy = 10;
    }
    healthy(&server, &procs);
    // What the busy threads run: a report build each, for 20 minutes.
    for p in &procs {
        for tid in 0..10 {
            let entry = json!({"queue": "reports", "run_at": (NOW - 1200.0) as i64,
                "payload": job("Reports::Build", "reports", &format!("b{tid:023}"), NOW - 1300.0)});
            server.exec(&[&[
                "HSET",
                &format!("cogworker:workers:{}", p.identity),
                &format!("tid-{tid}"),
                &entry.to_string(),
            ]]);
        }
    }
    fill_queue(&server, "reports", 400, NOW - 900.0, NOW - 1.0);
    server.exec(&[&["DEL", "cogworker:queue:billing"]]);
    fill_queue(&server, "billing", 300, NOW - 700.0, NOW - 1.0);
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    only(&report, &["backlog", "capacity"]);
    let backlogs: Vec<&Value> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["kind"] == "backlog")
        .collect();
    assert_eq!(backlogs.len(), 1, "{report:#}");
    let f = backlogs[0];
    assert_eq!(f["id"], "backlog");
    let summary = f["summary"].as_str().unwrap();
    assert!(
        summary.contains("reports") && summary.contains("billing"),
        "{summary}"
    );
    assert_eq!(f["evidence"]["queues"].as_array().unwrap().len(), 2);
    // Capacity names what the busy threads run, and since when.
    let capacity = finding(&report, "capacity");
    let summary = capacity["summary"].as_str().unwrap();
    assert!(
        summary.contains("running Reports::Build ×40 since"),
        "{summary}"
    );
    // Failures first: the failing backlog leads, the capacity warning after it.
    assert_eq!(report["findings"][0]["kind"], "backlog");
}

/// Markdown parsed by a real CommonMark parser (tables on): headings, the text of each
/// kind of block, and whether any link or inline HTML appeared.
struct Parsed {
    headings: Vec<String>,
    table_rows: usize,
    code: String,
    text: String,
    links: usize,
    html: usize,
}

fn parse_markdown(text: &str) -> Parsed {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut out = Parsed {
        headings: Vec::new(),
        table_rows: 0,
        code: String::new(),
        text: String::new(),
        links: 0,
        html: 0,
    };
    let (mut in_heading, mut in_code) = (false, false);
    for event in Parser::new_ext(text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                in_heading = true;
                out.headings.push(String::new());
            }
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(Tag::TableRow) => out.table_rows += 1,
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => out.links += 1,
            // The one line break the format uses between a finding's lines.
            Event::Html(h) | Event::InlineHtml(h) if &*h != "<br>" => out.html += 1,
            Event::Text(t) | Event::Code(t) => {
                if in_heading {
                    out.headings.last_mut().unwrap().push_str(&t);
                } else if in_code {
                    out.code.push_str(&t);
                } else {
                    out.text.push_str(&t);
                    out.text.push(' ');
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn markdown_to_paste_parses_as_the_report_with_times_in_the_asked_zone() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let json = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--json", "--tz", "Europe/Berlin"])
        .run()
        .json();
    assert_eq!(json["zone"], "Europe/Berlin");
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--format", "markdown", "--tz", "Europe/Berlin"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.is_empty(), "{}", run.snapshot());
    let md = parse_markdown(&run.stdout);
    // The headline is the first heading, its times in Berlin's zone (10:19 UTC is 11:19 CET).
    assert!(
        md.headings[0].starts_with("Billing::ChargeJob failing since 11:19 CET"),
        "{:?}\n{}",
        md.headings,
        run.stdout
    );
    assert!(md.headings.iter().any(|h| h == "Findings"));
    assert!(md.headings.iter().any(|h| h == "Timeline"));
    // The timeline table: one row per event (under its head).
    let events = json["timeline"].as_array().unwrap().len();
    assert_eq!(md.table_rows, events, "{}", run.stdout);
    // The commands, in code blocks, as the table prints them.
    for f in json["findings"].as_array().unwrap() {
        for c in f["commands"].as_array().unwrap() {
            assert!(md.code.contains(c.as_str().unwrap()), "{c}\n{}", md.code);
        }
    }
    assert_eq!((md.links, md.html), (0, 0), "{}", run.stdout);
    // Every time of day a person reads names its zone.
    let times = regex::Regex::new(r"\b\d\d:\d\d(:\d\d)?\b( CET|–)").unwrap();
    let bare = regex::Regex::new(r"\b\d\d:\d\d(:\d\d)?\b").unwrap();
    assert_eq!(
        bare.find_iter(&run.stdout).count(),
        times.find_iter(&run.stdout).count(),
        "{}",
        run.stdout
    );
}

/// The Markdown pastes clean into Slack and Mattermost: it holds no backslash (an escape
/// those show as typed), and read by a CommonMark parser nothing in it is emphasised but the
/// severities, and each finding's summary reads whole, its risky words in code spans.
#[test]
fn markdown_renders_without_a_backslash_and_each_summary_reads_whole() {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let json = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--json"])
        .run()
        .json();
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--format", "markdown"])
        .run();
    assert!(!run.stdout.contains('\\'), "{}", run.stdout);
    // What a person reads: the text and code of each paragraph, as one string.
    let (mut read, mut strong, mut emphasis) = (String::new(), Vec::new(), 0);
    let mut in_strong = false;
    for event in Parser::new_ext(&run.stdout, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Strong) => {
                in_strong = true;
                strong.push(String::new());
            }
            Event::End(TagEnd::Strong) => in_strong = false,
            Event::Start(Tag::Emphasis) => emphasis += 1,
            Event::Text(t) | Event::Code(t) => {
                if in_strong {
                    strong.last_mut().unwrap().push_str(&t);
                }
                read.push_str(&t);
            }
            Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph) => read.push('\n'),
            _ => {}
        }
    }
    // Bold: the severities only; italic: the line that says what was read.
    assert!(
        strong.iter().all(|s| s == "FAIL" || s == "warn"),
        "{strong:?}"
    );
    assert!(emphasis <= 1, "{}", run.stdout);
    for f in json["findings"].as_array().unwrap() {
        let summary = f["summary"].as_str().unwrap().replace('`', "ˋ");
        assert!(read.contains(&summary), "{summary}\n{read}");
        let id = f["id"].as_str().unwrap();
        assert!(
            run.stdout.contains(&format!("`{id}`")) || !id.contains('_'),
            "{id}"
        );
    }
}

#[test]
fn every_time_in_the_table_names_its_zone_and_tz_is_checked() {
    let server = RedisServer::start();
    deploy_then_surge(&server);
    let bare = regex::Regex::new(r"\b\d\d:\d\d(:\d\d)?\b").unwrap();
    for (flags, zone) in [
        (&["--tz", "Asia/Kolkata"][..], "IST"),
        (&["--utc"][..], "UTC"),
        (&[][..], "UTC"),
    ] {
        let run = Cogctl::new(&server)
            .now(NOW)
            .args(["incident"])
            .args(flags)
            .run();
        assert_eq!(run.code, 1, "{}", run.snapshot());
        let named = regex::Regex::new(&format!(r"\b\d\d:\d\d(:\d\d)?\b( {zone}|–)")).unwrap();
        let n = bare.find_iter(&run.stdout).count();
        assert!(n > 5, "{}", run.stdout);
        assert_eq!(named.find_iter(&run.stdout).count(), n, "{}", run.stdout);
    }
    // A zone that isn't one: exit 2, nothing on stdout.
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--tz", "Mars/Olympus"])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("Mars/Olympus"), "{}", run.stderr);
    // Markdown is incident's alone.
    let run = Cogctl::new(&server)
        .args(["queues", "--format", "markdown"])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stderr.contains("incident"), "{}", run.stderr);
}

#[test]
fn hostile_names_cannot_mark_up_the_markdown() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    let evil = "q](http://evil.example)|**x**<b>\u{1b}[31m";
    fill_queue(&server, evil, 3, NOW - 7200.0, NOW - 7000.0);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["incident", "--format", "markdown"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(!run.stdout.contains('\u{1b}'));
    let md = parse_markdown(&run.stdout);
    assert_eq!((md.links, md.html), (0, 0), "{}", run.stdout);
    // The name reads as it is (its escape shown), in the text.
    assert!(
        md.text.contains("q](http://evil.example)|**x**<b>")
            || md
                .headings
                .iter()
                .any(|h| h.contains("q](http://evil.example)|**x**<b>")),
        "{:?}\n{}",
        md.headings,
        md.text
    );
}

#[test]
fn queues_left_unread_by_the_operators_own_quiet_say_so() {
    let server = RedisServer::start();
    let procs = four_up();
    healthy(&server, &procs);
    // The operator quiets every process 3 minutes ago (the processes flag themselves quiet,
    // as the gem's do on the signal), and jobs keep coming to `default` and `billing`.
    let ids: Vec<&str> = procs.iter().map(|p| p.identity.as_str()).collect();
    let run = Cogctl::new(&server)
        .now(NOW - 180.0)
        .args(["procs", "quiet"])
        .args(&ids)
        .args(["--yes"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    for p in &procs {
        let key = format!("cogworker:process:{}", p.identity);
        server.exec(&[&["HSET", &key, "quiet", "true"]]);
    }
    let (code, report) = incident(&server, &[]);
    assert_eq!(code, 1);
    let f = finding(&report, "unread_queue");
    let summary = f["summary"].as_str().unwrap();
    assert!(
        summary.contains("its 4 readers are quiet: quieted by cogctl at 10:32 UTC"),
        "{f:#}"
    );
    assert_eq!(
        f["evidence"]["explained_by"]["operator_change"]["command"],
        "procs quiet"
    );
    // No lost process is blamed, and the change is on the timeline.
    assert!(!kinds(&report).contains("process_lost"), "{report:#}");
    assert!(
        report["timeline"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "operator_change"
                && e["text"].as_str().unwrap().contains("procs quiet")),
        "{report:#}"
    );

    // One process quiet, the others reading other queues: only its queue is unread, and
    // it says why.
    let server = RedisServer::start();
    let mut procs = four_up();
    for p in procs.iter_mut().skip(1) {
        p.queues = vec!["default"];
    }
    healthy(&server, &procs);
    let run = Cogctl::new(&server)
        .now(NOW - 60.0)
        .args(["procs", "quiet", &procs[0].identity, "--yes"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let key = format!("cogworker:process:{}", procs[0].identity);
    server.exec(&[&["HSET", &key, "quiet", "true"]]);
    let (_, report) = incident(&server, &[]);
    let f = finding(&report, "unread_queue");
    assert_eq!(f["id"], "unread_queue:billing");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("its reader is quiet: quieted by cogctl at 10:34 UTC"),
        "{f:#}"
    );

    // Every process stopped with cogctl (and gone, as a clean shutdown leaves it): the
    // unread queues say who stopped them.
    let server = RedisServer::start();
    let procs = four_up();
    healthy(&server, &procs);
    let ids: Vec<&str> = procs.iter().map(|p| p.identity.as_str()).collect();
    let run = Cogctl::new(&server)
        .now(NOW - 120.0)
        .args(["procs", "stop"])
        .args(&ids)
        .args(["--yes"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    for p in &procs {
        let key = format!("cogworker:process:{}", p.identity);
        server.exec(&[
            &["DEL", &key],
            &["SREM", "cogworker:processes", &p.identity],
        ]);
    }
    let (_, report) = incident(&server, &[]);
    let f = finding(&report, "unread_queue");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("(processes stopped by cogctl at 10:33 UTC"),
        "{f:#}"
    );
    assert!(!kinds(&report).contains("process_lost"), "{report:#}");
}

/// An attempts log as the gem writes it: oldest first, the last 25 kept.
fn attempts_log(server: &RedisServer, jid: &str, times: &[f64], dead: bool) {
    let key = format!("cogworker:job_attempts:{jid}");
    for (i, t) in times.iter().enumerate() {
        let last = i + 1 == times.len();
        let element = json!({"attempt": i + 1, "failed_at": t,
            "outcome": if last && dead { "dead" } else { "retrying" },
            "error_class": "PG::ConnectionBad", "error_message": "could not connect"});
        server.exec(&[&["RPUSH", &key, &element.to_string()]]);
    }
    server.exec(&[&["LTRIM", &key, "-25", "-1"]]);
}

#[test]
fn logs_are_read_from_their_end_back_to_the_horizon_and_older_deaths_only_counted() {
    let server = RedisServer::start();
    healthy(&server, &four_up());
    // A job that failed 26 times, its retries following the gem's backoff over weeks, dead
    // 10 minutes ago: of its log's 25 elements only the newest few are within a day before
    // the window.
    let mut times = vec![0.0];
    for n in 1..26 {
        let t: f64 = times[n - 1];
        times.push(t + (n as f64).powi(4) + 15.0 + 14.0 * (n as f64 + 1.0));
    }
    let shift = NOW - 600.0 - times[25];
    let times: Vec<f64> = times.iter().map(|t| t + shift).collect();
    attempts_log(&server, "a000000000000000000000a1", &times, true);
    let mut job = failed(
        "SyncJob",
        "a000000000000000000000a1",
        "PG::ConnectionBad",
        "could not connect",
        times[0],
    );
    job["retry_count"] = json!(25);
    zadd(&server, "cogworker:dead", times[25], &job);
    // A job that failed 8 times in the last 2 hours: all of its log is read.
    let recent: Vec<f64> = (0..8).map(|i| NOW - 7000.0 + i as f64 * 600.0).collect();
    attempts_log(&server, "b000000000000000000000b2", &recent, false);
    let (_, report) = incident(&server, &[]);
    let read = &report["read"];
    let horizon = read["horizon"].as_f64().unwrap();
    assert_eq!(horizon, NOW - 6.0 * 3600.0 - DAY);
    let within = times.iter().skip(1).filter(|&&t| t >= horizon).count();
    assert!(
        within < 4,
        "the test wants a log mostly older than the horizon"
    );
    // Its newest 4 elements (LRANGE -4 -1) and all 8 of the other job's.
    assert_eq!(read["attempts_logs"], 2, "{read:#}");
    assert_eq!(read["logged_failures"], 4 + 8, "{read:#}");
    // healthy()'s dead entries older than the horizon are counted, not read.
    let older = (0..144)
        .filter(|i| NOW - 600.0 - *i as f64 * 1800.0 < horizon)
        .count();
    assert_eq!(read["dead_before_horizon"], older, "{read:#}");
    assert_eq!(read["dead"], 144 - older + 1, "{read:#}");
    // The dead job's last failure is counted once: its log has it.
    assert_eq!(read["counted_once"], 1, "{read:#}");
}

/// The real gem's young fleet (fixtures/episodes.json): 3 workers from an empty Redis,
/// MailJob failing 30 % of its attempts throughout, ChargeJob failing every attempt in two
/// outages, billing paused with cogctl during the second. The report, line by line, against
/// the true times the capture gives.
#[test]
fn the_real_young_fleet_tells_two_episodes_a_pause_and_a_steady_note() {
    let server = RedisServer::start();
    let now = server.load("episodes").captured_at;
    // The capture's true times, seconds after the fleet started.
    let start = 1_796_539_113.513_278_5;
    let (o1, e1, o2, pause) = (start + 144.1, start + 234.1, start + 378.1, start + 396.1);
    for args in [
        &["incident", "--json"][..],
        &["incident", "--json", "--since", "1h"][..],
    ] {
        let run = Cogctl::new(&server).now(now).args(args).run();
        assert!(run.stderr.is_empty(), "{}", run.snapshot());
        let report = run.json();
        assert_eq!(run.code, 1, "{report:#}");
        let findings = report["findings"].as_array().unwrap();
        let ids: Vec<&str> = findings.iter().map(|f| f["id"].as_str().unwrap()).collect();
        let sev: Vec<&str> = findings
            .iter()
            .map(|f| f["severity"].as_str().unwrap())
            .collect();
        // 1. ChargeJob, FAIL: two episodes, then held by the pause.
        let charge = &findings[0];
        assert!(ids[0].starts_with("failure_surge:"), "{ids:?}");
        assert_eq!(sev[0], "fail");
        let episodes = charge["evidence"]["episodes"].as_array().unwrap();
        assert_eq!(episodes.len(), 2, "{charge:#}");
        let at = |i: usize, end: &str| episodes[i][end].as_f64().unwrap();
        assert!((at(0, "from") - o1).abs() < 5.0, "{charge:#}");
        assert!((at(0, "to") - e1).abs() < 5.0, "{charge:#}");
        assert!((at(1, "from") - o2).abs() < 5.0, "{charge:#}");
        // The second ends where the pause hid it: what ran at the pause, finishing.
        assert!(at(1, "to") >= pause - 5.0 && at(1, "to") <= pause + 60.0);
        assert_eq!(charge["evidence"]["episodes_split_by"], "class_succeeded");
        assert_eq!(charge["evidence"]["paused_queue"], "billing");
        assert_eq!(charge["evidence"]["ongoing"], false);
        let summary = charge["summary"].as_str().unwrap();
        assert!(
            summary.starts_with("ChargeJob failed 06:40:57–06:42:27, 06:44:51–06:45:09 UTC ")
                && summary.contains("; ChargeJob hasn't run since queue billing was paused at 06:45 UTC by uid0@vm; ")
                && summary.ends_with(" waiting")
                && !summary.contains("none since")
                && !summary.contains("succeeded since"),
            "{summary}"
        );
        // 2. The paused queue holding it: FAIL.
        assert_eq!(ids[1], "paused_backlog:billing");
        assert_eq!(sev[1], "fail");
        assert!(
            findings[1]["summary"]
                .as_str()
                .unwrap()
                .contains("(paused by cogctl at 06:45 UTC, uid0@vm); it holds ChargeJob"),
            "{:#}",
            findings[1]
        );
        // 3. MailJob's steady 30 %: a note, never a surge; the fleet's start: a note.
        let mail = findings
            .iter()
            .find(|f| f["kind"] == "steady_failures")
            .expect("MailJob's note");
        assert_eq!(mail["severity"], "note");
        let share = mail["evidence"]["share"].as_f64().unwrap();
        assert!((0.25..=0.36).contains(&share), "{mail:#}");
        assert!(
            mail["summary"].as_str().unwrap().starts_with(
                "MailJob failing at a steady 32 % of its runs since the records begin at \
                 06:38 UTC, when this fleet started (Net::ReadTimeout, "
            ),
            "{mail:#}"
        );
        let wave = findings
            .iter()
            .find(|f| f["kind"] == "restart_wave")
            .unwrap();
        assert_eq!(wave["severity"], "note");
        assert_eq!(wave["evidence"]["fleet_start"], true);
        assert!(
            !findings.iter().any(|f| f["kind"] == "failure_surge"
                && f["summary"].as_str().unwrap().starts_with("MailJob")),
            "{report:#}"
        );
        assert_eq!(findings.len(), 4, "{ids:?}");
        // The headline is ChargeJob's story, never a note's.
        let headline = report["headline"].as_str().unwrap();
        assert!(
            headline.starts_with("ChargeJob failed 06:40:57–06:42:27, 06:44:51–06:45:09 UTC"),
            "{headline}"
        );
        assert!(!headline.contains("MailJob"), "{headline}");
    }
}

/// A process killed with a job in hand, recovered by `cogctl reconcile`: the recovery deletes
/// its last beat, and its memory history's slot began before it even started. The finding
/// keeps its own last beat (as the recovery saw it), names the job, and tells whether it ran
/// again.
#[test]
fn a_lost_process_keeps_its_own_last_beat_and_names_the_job_it_held() {
    let server = RedisServer::start();
    let procs = four_up();
    healthy(&server, &procs[..3]);
    let killed = (NOW - 700.0).floor();
    let p = Proc {
        identity: "worker-9:109:0a1b2c3d4e5f".into(),
        started_at: killed - 126.0,
        busy: 1,
        concurrency: 10,
        queues: vec!["default"],
        memory: vec![(slot(killed - 126.0), 204_800), (slot(killed), 206_000)],
    };
    assert!(
        slot(killed) as f64 <= killed - 126.0,
        "the slot began before the start"
    );
    add_proc(&server, &p, false);
    let jid = "k0000000000000000000042a";
    let held = job("ReportJob", "default", jid, killed - 5.0);
    server.exec(&[
        &[
            "LPUSH",
            &format!("cogworker:inprogress:{}", p.identity),
            &held.to_string(),
        ],
        &["SADD", "cogworker:inprogress_identities", &p.identity],
        &[
            "HSET",
            "cogworker:last_beat",
            &p.identity,
            &format!("{}", killed as i64),
        ],
    ]);
    let recovered_at = NOW - 300.0;
    let run = Cogctl::new(&server)
        .now(recovered_at)
        .args(["reconcile"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    // The recovery deleted the beat; the job waits on its queue, counted as an orphaning.
    let beat: Option<String> = redis::cmd("HGET")
        .arg("cogworker:last_beat")
        .arg(&p.identity)
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(beat, None);
    assert!(server.exists(&format!("cogworker:orphanings:{jid}")));
    let (_, report) = incident(&server, &[]);
    let f = finding(&report, "process_lost");
    assert_eq!(f["started_at"]["at"].as_f64().unwrap(), killed, "{f:#}");
    let lost = &f["evidence"]["processes"][0];
    assert_eq!(lost["last_beat"].as_f64().unwrap(), killed);
    assert_eq!(lost["recovered"]["jobs"][0]["jid"], jid);
    assert_eq!(lost["recovered"]["jobs"][0]["ran_again"], false);
    let summary = f["summary"].as_str().unwrap();
    let beat = chrono::DateTime::from_timestamp(killed as i64, 0)
        .unwrap()
        .format("%H:%M:%S UTC")
        .to_string();
    assert!(
        summary.contains(&format!("(last beat {beat})"))
            && summary.contains(&format!(
                "; its job ReportJob {jid} was requeued by cogctl at "
            ))
            && summary.ends_with(", not finished yet"),
        "{summary}"
    );
    // The job ran to the end: the gem deletes its orphaning counter.
    server.exec(&[&["DEL", &format!("cogworker:orphanings:{jid}")]]);
    let (_, report) = incident(&server, &[]);
    let summary = finding(&report, "process_lost")["summary"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(summary.ends_with(" and ran again"), "{summary}");
}
