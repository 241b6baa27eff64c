//! retry / delete / kill / reschedule / enqueue-now on the retry, dead and scheduled sets:
//! one by one and in bulk, planned, paced, interrupted, concurrent — every entry always in
//! exactly one place.

use std::collections::HashMap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

const FAIL_JOB: &str = "f8138b8b5e56769076bcad1f";
const KILL_JOB: &str = "d76234f1e47a213d5b09b240";
const FLAKY_RETRY: &str = "2d4464e7f830ab8e90844795";
const LATE_RETRY: &str = "4f0874574bb8a17cf99e4e2d";
const NOOP_SCHEDULED: &str = "a9916324d0db4d0fcbc6aa61";

/// The members of a sorted set with their score texts.
fn zset(server: &RedisServer, key: &str) -> Vec<(Vec<u8>, String)> {
    server.zset(key)
}

fn list(server: &RedisServer, key: &str) -> Vec<Vec<u8>> {
    redis::cmd("LRANGE")
        .arg(key)
        .arg(0)
        .arg(-1)
        .query(&mut server.conn())
        .unwrap()
}

fn member_of(server: &RedisServer, key: &str, jid: &str) -> Option<(Vec<u8>, String)> {
    let needle = format!("\"jid\":\"{jid}\"");
    zset(server, key)
        .into_iter()
        .find(|(m, _)| String::from_utf8_lossy(m).contains(&needle))
}

fn jid_of(raw: &[u8]) -> String {
    serde_json::from_slice::<Value>(raw).unwrap()["jid"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn dead_retry_of_one_job_requeues_it_as_the_web_ui_does() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let (before, _) = member_of(&server, "cogworker:dead", FAIL_JOB).unwrap();
    let run = cogctl(&server, now + 60.0, &["dead", "retry", FAIL_JOB]);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert!(member_of(&server, "cogworker:dead", FAIL_JOB).is_none());
    // LPUSH: the back of the line (index 0), re-encoded with a fresh enqueued_at and every
    // other byte as stored; retry_count and the attempts log are kept.
    let pushed = list(&server, "cogworker:queue:default")[0].clone();
    let expected = String::from_utf8(before).unwrap().replace(
        "\"enqueued_at\":1796208093.8695998",
        &format!("\"enqueued_at\":{:?}", now + 60.0),
    );
    assert_eq!(String::from_utf8(pushed).unwrap(), expected);
    assert!(server.exists(&format!("cogworker:job_attempts:{FAIL_JOB}")));
    let json = cogctl(&server, now, &["dead", "retry", FAIL_JOB, "--json"]).json();
    assert_eq!(json["moved"], 0);
    assert_eq!(
        (&json["failed"], &json["not_found"]),
        (&1.into(), &1.into())
    );
    assert_eq!(json["unfinished"][0]["outcome"], "not_found");
    let reason = json["unfinished"][0]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("not in cogworker:dead, nor in "),
        "{reason}"
    );
    assert!(
        reason.ends_with(&format!("`cogctl job {FAIL_JOB}` searches everywhere")),
        "{reason}"
    );
}

#[test]
fn reset_retries_gives_a_fresh_budget() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(
        &server,
        now,
        &["retry", "retry", LATE_RETRY, "--reset-retries", "--json"],
    );
    assert_eq!(run.success().json()["moved"], 1);
    let pushed = String::from_utf8(list(&server, "cogworker:queue:default")[0].clone()).unwrap();
    assert!(pushed.contains(LATE_RETRY));
    assert!(!pushed.contains("retry_count"), "{pushed}");
    assert!(pushed.contains("\"error_class\":\"RuntimeError\""));
}

#[test]
fn scheduled_enqueue_now_pushes_to_the_jobs_own_queue() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(
        &server,
        now,
        &["scheduled", "enqueue-now", NOOP_SCHEDULED, "--json"],
    );
    assert_eq!(run.success().json()["moved"], 1);
    let pushed = String::from_utf8(list(&server, "cogworker:queue:critical")[0].clone()).unwrap();
    // A scheduled job had no enqueued_at: it is appended; `at` stays.
    assert_eq!(
        pushed,
        format!(
            r#"{{"class":"NoopJob","queue":"critical","args":[],"at":1796208834.1516976,"jid":"a9916324d0db4d0fcbc6aa61","retry":true,"created_at":1796207934.1517124,"enqueued_at":{now:?}}}"#
        )
    );
}

#[test]
fn kill_moves_the_raw_entry_to_dead_and_releases_its_locks() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // Make the retry entry a unique job holding its lock, and give it a periodic lock too.
    let (raw, score) = member_of(&server, "cogworker:retry", FLAKY_RETRY).unwrap();
    let text = String::from_utf8(raw.clone()).unwrap();
    let unique = text.replacen(
        "\"class\":\"FlakyJob\"",
        "\"unique\":\"until_executed\",\"periodic_pjid\":\"pj1\",\"class\":\"FlakyJob\"",
        1,
    );
    server.exec(&[
        &["ZREM", "cogworker:retry", &text],
        &["ZADD", "cogworker:retry", &score, &unique],
        &[
            "SET",
            "cogworker:unique:75d0b2a6e1e87a3a5e1cfe7b29b7c2a3a3d29f5f",
            "someone-else",
        ],
        &["SET", "periodic:running:pj1", FLAKY_RETRY],
    ]);
    let job = cogctl::store::job::Job::parse(unique.as_bytes()).unwrap();
    let lock = cogctl::store::locks::lock_keys(&job)[0]
        .to_str()
        .unwrap()
        .to_string();
    server.exec(&[&["SET", &lock, FLAKY_RETRY]]);
    let run = cogctl(
        &server,
        now,
        &["retry", "kill", FLAKY_RETRY, "--yes", "--json"],
    );
    assert_eq!(run.success().json()["moved"], 1);
    assert!(member_of(&server, "cogworker:retry", FLAKY_RETRY).is_none());
    let (dead, dead_score) = member_of(&server, "cogworker:dead", FLAKY_RETRY).unwrap();
    assert_eq!(dead, unique.as_bytes());
    assert_eq!(dead_score.parse::<f64>().unwrap(), now);
    assert!(!server.exists(&lock));
    assert!(!server.exists("periodic:running:pj1"));
    assert_eq!(
        server
            .get("cogworker:unique:75d0b2a6e1e87a3a5e1cfe7b29b7c2a3a3d29f5f")
            .as_deref(),
        Some("someone-else")
    );
}

#[test]
fn delete_clears_the_attempts_log_and_releases_only_owned_locks() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    let scheduled = "b518c3b09a52c111e338e81c";
    let lock = "cogworker:unique:099611569e7c63aa2b90f652389f8a7c07e87193";
    assert_eq!(server.get(lock).as_deref(), Some(scheduled));
    let run = cogctl(&server, now, &["scheduled", "delete", scheduled, "--yes"]);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert!(zset(&server, "cogworker:schedule").is_empty());
    assert!(!server.exists(lock));

    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[&["SET", "cogworker:unique:x", "another-jid"]]);
    let run = cogctl(
        &server,
        now,
        &["dead", "delete", FAIL_JOB, KILL_JOB, "--yes", "--json"],
    );
    assert_eq!(run.success().json()["moved"], 2);
    assert_eq!(zset(&server, "cogworker:dead").len(), 1);
    assert!(!server.exists(&format!("cogworker:job_attempts:{FAIL_JOB}")));
    assert!(!server.exists(&format!("cogworker:job_attempts:{KILL_JOB}")));
    assert!(server.exists("cogworker:job_attempts:315cafd389f6ab47a423cfde"));
    assert!(server.exists("cogworker:unique:x"));
}

#[test]
fn reschedule_changes_the_score_only() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let (raw, _) = member_of(&server, "cogworker:retry", LATE_RETRY).unwrap();
    cogctl(
        &server,
        now,
        &["retry", "reschedule", LATE_RETRY, "--in", "1h"],
    )
    .success();
    let (after, score) = member_of(&server, "cogworker:retry", LATE_RETRY).unwrap();
    assert_eq!(after, raw);
    assert_eq!(score.parse::<f64>().unwrap(), now + 3600.0);
    cogctl(
        &server,
        now,
        &[
            "scheduled",
            "reschedule",
            NOOP_SCHEDULED,
            "--at",
            "2026-12-03T00:00:00Z",
        ],
    )
    .success();
    let (_, score) = member_of(&server, "cogworker:schedule", NOOP_SCHEDULED).unwrap();
    assert_eq!(score, "1796256000");
    let run = cogctl(
        &server,
        now,
        &[
            "retry",
            "reschedule",
            "--all",
            "--in",
            "2h",
            "--yes",
            "--json",
        ],
    );
    assert_eq!(run.success().json()["moved"], 2);
    assert!(
        zset(&server, "cogworker:retry")
            .iter()
            .all(|(_, s)| s.parse::<f64>().unwrap() == now + 7200.0)
    );
}

#[test]
fn bulk_changes_without_a_terminal_need_yes() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let before = server.keyspace();
    for args in [
        &["dead", "retry", "--all"][..],
        &["dead", "delete", FAIL_JOB],
        &["retry", "kill", "--class", "FailJob"],
        &["retry", "reschedule", "--all", "--in", "1h"],
    ] {
        let run = cogctl(&server, now, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr.contains("refusing without a terminal"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("pass --yes"), "{}", run.stderr);
    }
    assert_eq!(server.keyspace(), before);
}

#[test]
fn usage_errors() {
    let server = RedisServer::start();
    for args in [
        &["dead", "retry"][..],
        &["dead", "retry", FAIL_JOB, "--all"],
        &["retry", "reschedule", FAIL_JOB],
        &["dead", "retry", "--batch", "0", "--all"],
        &["dead", "retry", "--rate", "fast", "--all"],
    ] {
        let run = cogctl(&server, 0.0, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
    }
}

#[test]
fn filtered_bulk_retry_with_dry_run_and_plan() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let before = server.keyspace();
    let run = cogctl(
        &server,
        now,
        &["dead", "retry", "--error", "boom|kill", "--dry-run"],
    );
    insta::assert_snapshot!(run.stable_snapshot(&server));
    let json = cogctl(
        &server,
        now,
        &[
            "dead",
            "retry",
            "--error",
            "boom|kill",
            "--dry-run",
            "--json",
        ],
    )
    .json();
    assert_eq!(json["entries"], 2);
    assert_eq!(json["by_class"]["FailJob"], 1);
    let plan = server.dir().join("plan.ndjson");
    let plan = plan.to_str().unwrap();
    cogctl(
        &server,
        now,
        &["dead", "retry", "--error", "boom|kill", "--plan-out", plan],
    )
    .success();
    assert_eq!(
        server.keyspace(),
        before,
        "a dry run and --plan-out change nothing"
    );
    let lines = std::fs::read_to_string(plan).unwrap();
    assert_eq!(lines.lines().count(), 2);
    let first: Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(first["set"], "dead");
    // Between planning and applying, one planned entry is taken by someone else.
    cogctl(&server, now, &["dead", "retry", KILL_JOB]).success();
    let report = server.dir().join("report.ndjson");
    let run = cogctl(
        &server,
        now,
        &[
            "dead",
            "retry",
            "--plan",
            plan,
            "--yes",
            "--json",
            "--report",
            report.to_str().unwrap(),
        ],
    );
    let json = run.success().json();
    assert_eq!(
        (json["moved"].as_u64(), json["gone"].as_u64()),
        (Some(1), Some(1))
    );
    let outcomes: HashMap<String, String> = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| {
            (
                v["jid"].as_str().unwrap().to_string(),
                v["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(outcomes[FAIL_JOB], "done");
    assert_eq!(outcomes[KILL_JOB], "gone");
    // The one that didn't match the filter is still dead.
    assert_eq!(zset(&server, "cogworker:dead").len(), 1);
    // A plan for another set, or a broken plan, is refused before anything changes.
    let before = server.keyspace();
    let run = cogctl(&server, now, &["retry", "retry", "--plan", plan, "--yes"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.contains("nothing was changed"), "{}", run.stderr);
    std::fs::write(server.dir().join("bad.ndjson"), "{\"score\":1}\nnot json\n").unwrap();
    let run = cogctl(
        &server,
        now,
        &[
            "dead",
            "retry",
            "--plan",
            server.dir().join("bad.ndjson").to_str().unwrap(),
            "--yes",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr.contains("line 1") && run.stderr.contains("line 2"),
        "{}",
        run.stderr
    );
    assert_eq!(server.keyspace(), before);
}

#[test]
fn members_that_are_not_jobs_are_left_in_place_and_reported() {
    let server = RedisServer::start();
    let now = server.load("unparseable").captured_at;
    server.exec(&[&["ZADD", "cogworker:dead", "1796208099", "not json at all"]]);
    server.exec(&[&[
        "ZADD",
        "cogworker:dead",
        "1796208099.5",
        r#"{"class":"NoQueue","args":[],"jid":"nq"}"#,
    ]]);
    let before = server.keyspace();
    let run = cogctl(&server, now, &["dead", "retry", "--all", "--yes"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert_eq!(server.keyspace(), before);
    // They can still be deleted.
    let run = cogctl(
        &server,
        now,
        &[
            "dead",
            "delete",
            "--class",
            "(unparseable)",
            "--yes",
            "--json",
        ],
    );
    assert_eq!(run.success().json()["moved"], 11);
    assert_eq!(zset(&server, "cogworker:dead").len(), 1);
}

#[test]
fn wrong_type_keys_change_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[
        &["DEL", "cogworker:retry"],
        &["SET", "cogworker:retry", "oops"],
    ]);
    let before = server.keyspace();
    let run = cogctl(&server, now, &["retry", "retry", "--all", "--yes"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr.trim(),
        "error: cogworker:retry is a string, but cogworker keeps a zset there; nothing was changed"
    );
    assert_eq!(server.keyspace(), before);
    // A target queue of the wrong type: that entry fails and stays where it was; the others go.
    server.exec(&[&["SET", "cogworker:queue:default", "oops"]]);
    server.exec(&[&[
        "ZADD",
        "cogworker:dead",
        "1",
        r#"{"class":"Other","args":[],"jid":"other","queue":"elsewhere"}"#,
    ]]);
    let run = cogctl(&server, now, &["dead", "retry", "--all", "--yes", "--json"]);
    assert_eq!(run.code, 4, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(
        (json["moved"].as_u64(), json["failed"].as_u64()),
        (Some(1), Some(3))
    );
    assert!(
        json["unfinished"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("WRONGTYPE")
    );
    assert_eq!(zset(&server, "cogworker:dead").len(), 3);
    assert_eq!(list(&server, "cogworker:queue:elsewhere").len(), 1);
}

/// `n` dead jobs on queue `bulk`, jids `j<i>`, one score each.
fn seed_dead(server: &RedisServer, n: usize) {
    let mut conn = server.conn();
    for chunk in (0..n).collect::<Vec<_>>().chunks(5000) {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg("cogworker:dead");
        for &i in chunk {
            cmd.arg(1_700_000_000 + i as i64).arg(format!(
                r#"{{"class":"BulkJob","args":[{i}],"jid":"j{i}","queue":"bulk","retry":true,"created_at":1700000000.5,"enqueued_at":1700000000.6,"error_class":"E","error_message":"m","failed_at":1700000001.5,"retry_count":25}}"#
            ));
        }
        cmd.query::<()>(&mut conn).unwrap();
    }
}

/// Every jid on the queue and in dead, and how many times each appears.
fn census(server: &RedisServer) -> (HashMap<String, usize>, usize, usize) {
    let mut seen = HashMap::new();
    let queued = list(server, "cogworker:queue:bulk");
    let dead = zset(server, "cogworker:dead");
    for raw in queued.iter().chain(dead.iter().map(|(m, _)| m)) {
        *seen.entry(jid_of(raw)).or_insert(0) += 1;
    }
    (seen, queued.len(), dead.len())
}

#[test]
fn an_interrupted_run_leaves_every_entry_in_exactly_one_place() {
    let server = RedisServer::start();
    seed_dead(&server, 3000);
    let child = Command::new(env!("CARGO_BIN_EXE_cogctl"))
        .args([
            "--redis-url",
            &server.url(),
            "dead",
            "retry",
            "--all",
            "--yes",
            "--json",
            "--rate",
            "2000",
            "--batch",
            "100",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    unsafe_sigint(child.id());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["interrupted"], true);
    let (seen, queued, dead) = census(&server);
    assert_eq!(seen.len(), 3000, "every job is somewhere");
    assert!(seen.values().all(|&n| n == 1), "no job is in two places");
    assert_eq!(summary["moved"].as_u64().unwrap() as usize, queued);
    assert!(
        queued > 0 && dead > 0,
        "stopped half-way: {queued} queued, {dead} dead"
    );
}

fn unsafe_sigint(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn two_bulk_retries_at_once_never_requeue_a_job_twice() {
    let server = RedisServer::start();
    seed_dead(&server, 20_000);
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_cogctl"))
            .args([
                "--redis-url",
                &server.url(),
                "dead",
                "retry",
                "--all",
                "--yes",
                "--json",
                "--batch",
                "200",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    let a: Value = serde_json::from_slice(&a.stdout).unwrap();
    let b: Value = serde_json::from_slice(&b.stdout).unwrap();
    assert_eq!(
        a["moved"].as_u64().unwrap() + b["moved"].as_u64().unwrap(),
        20_000,
        "{a}\n{b}"
    );
    let (seen, queued, dead) = census(&server);
    assert_eq!((seen.len(), queued, dead), (20_000, 20_000, 0));
    assert!(seen.values().all(|&n| n == 1));
}

#[test]
fn jobs_that_fail_again_during_a_run_are_not_touched_twice() {
    let server = RedisServer::start();
    seed_dead(&server, 5000);
    // A "worker" that immediately fails every retried job back into dead (with a later
    // score, as the gem does), while the bulk retry runs.
    let url = server.url();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let worker = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut conn = redis::Client::open(url).unwrap().get_connection().unwrap();
            let mut refailed = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let popped: Option<String> = redis::cmd("RPOP")
                    .arg("cogworker:queue:bulk")
                    .query(&mut conn)
                    .unwrap();
                match popped {
                    Some(job) => {
                        let again = job.replace("\"retry_count\":25", "\"retry_count\":26");
                        redis::cmd("ZADD")
                            .arg("cogworker:dead")
                            .arg(1_800_000_000 + refailed)
                            .arg(again)
                            .query::<()>(&mut conn)
                            .unwrap();
                        refailed += 1;
                    }
                    None => std::thread::sleep(Duration::from_millis(1)),
                }
            }
            refailed
        })
    };
    let run = Cogctl::new(&server)
        .args([
            "dead", "retry", "--all", "--yes", "--json", "--batch", "100",
        ])
        .run();
    std::thread::sleep(Duration::from_millis(200));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let refailed = worker.join().unwrap();
    let json = run.success().json();
    assert_eq!(
        json["moved"], 5000,
        "each original entry once, none of the refailed ones"
    );
    let (seen, _, dead) = census(&server);
    assert_eq!(seen.len(), 5000);
    assert!(seen.values().all(|&n| n == 1));
    assert_eq!(dead, refailed as usize);
    assert!(
        zset(&server, "cogworker:dead")
            .iter()
            .all(|(m, _)| String::from_utf8_lossy(m).contains("\"retry_count\":26"))
    );
}

#[test]
fn pacing_and_queue_depth() {
    let server = RedisServer::start();
    seed_dead(&server, 300);
    let started = Instant::now();
    let run = Cogctl::new(&server)
        .args([
            "dead", "retry", "--all", "--yes", "--rate", "500/s", "--batch", "50", "--json",
        ])
        .run();
    assert_eq!(run.success().json()["moved"], 300);
    assert!(
        started.elapsed() >= Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );

    let server = RedisServer::start();
    seed_dead(&server, 100);
    server.exec(&[&["RPUSH", "cogworker:queue:bulk", "a", "b", "c", "d", "e"]]);
    let url = server.url();
    let drain = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1200));
        let mut conn = redis::Client::open(url).unwrap().get_connection().unwrap();
        redis::cmd("DEL")
            .arg("cogworker:queue:bulk")
            .query::<()>(&mut conn)
            .unwrap();
    });
    let started = Instant::now();
    let run = Cogctl::new(&server)
        .args([
            "dead",
            "retry",
            "--all",
            "--yes",
            "--max-queue-depth",
            "3",
            "--json",
        ])
        .run();
    drain.join().unwrap();
    assert_eq!(run.success().json()["moved"], 100);
    assert!(
        started.elapsed() >= Duration::from_millis(1100),
        "waited for the queue to drain: {:?}",
        started.elapsed()
    );
}

/// The entries each script call of a bulk retry moved, from what MONITOR saw: one ZREM of
/// `cogworker:dead` per entry, run by the script, after its call.
fn entries_per_script_call(seen: &[crate::support::Seen]) -> Vec<usize> {
    let mut calls: Vec<usize> = Vec::new();
    for s in seen {
        if !s.by_script && matches!(s.name().as_str(), "EVALSHA" | "EVAL") {
            calls.push(0);
        } else if s.by_script && s.name() == "ZREM" && s.word(1) == "cogworker:dead" {
            *calls.last_mut().expect("a script's ZREM after its call") += 1;
        }
    }
    calls.retain(|&n| n > 0);
    calls
}

/// A bulk change is bounded by the work each Redis call does, not by how fast the machine
/// is: no script call moves more than a batch (1,000 by default), whatever the set's size.
#[test]
fn no_script_call_takes_more_than_a_batch_of_a_large_set() {
    for (batch, most) in [(None, 1000), (Some("2000"), 2000), (Some("300"), 300)] {
        let server = RedisServer::start();
        seed_dead(&server, 5_000);
        let monitor = crate::support::Monitor::start(&server);
        let mut args = vec!["dead", "retry", "--all", "--yes", "--json"];
        if let Some(batch) = batch {
            args.extend(["--batch", batch]);
        }
        let run = Cogctl::new(&server).args(&args).run();
        assert_eq!(run.success().json()["moved"], 5_000);
        let calls = entries_per_script_call(&monitor.seen());
        // Every entry moved by one call or another, each call a batch at most; with a batch
        // smaller than the set, never the whole set in one call.
        assert_eq!(calls.iter().sum::<usize>(), 5_000, "{batch:?}: {calls:?}");
        assert_eq!(calls.iter().max(), Some(&most), "{batch:?}: {calls:?}");
        assert_eq!(
            calls.len(),
            5_000_usize.div_ceil(most),
            "{batch:?}: {calls:?}"
        );
    }
}

#[test]
fn export_then_dead_delete_then_import_gives_back_a_byte_identical_set() {
    let server = RedisServer::start();
    let now = server.load("unparseable").captured_at;
    server.exec(&[&["ZADD", "cogworker:dead", "1796208099", "not json at all"]]);
    let before = zset(&server, "cogworker:dead");
    let export = cogctl(&server, now, &["dead", "export"]);
    let run = cogctl(
        &server,
        now,
        &["dead", "delete", "--all", "--yes", "--json"],
    );
    assert_eq!(run.success().json()["moved"], 11);
    assert!(zset(&server, "cogworker:dead").is_empty());
    let run = Cogctl::new(&server)
        .args(["dead", "import", "-", "--yes", "--json"])
        .stdin(export.success().stdout.as_bytes())
        .run();
    assert_eq!(run.success().json()["added"], 11);
    assert_eq!(zset(&server, "cogworker:dead"), before);
}

#[test]
fn the_summary_schema() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let json = cogctl(&server, now, &["retry", "kill", "--all", "--yes", "--json"])
        .success()
        .json();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "action",
            "source",
            "target",
            "moved",
            "gone",
            "failed",
            "skipped",
            "not_found",
            "interrupted",
            "elapsed_secs",
            "unfinished",
            "unfinished_more",
            "undo"
        ]
    );
    assert_eq!(json["action"], "kill");
    assert_eq!(json["source"], "cogworker:retry");
    assert_eq!(json["target"], format!("{}?db=0", server.url()));
    assert_eq!(
        (json["moved"].as_u64(), json["interrupted"].as_bool()),
        (Some(2), Some(false))
    );
    let plan = cogctl(
        &server,
        now,
        &["dead", "delete", "--all", "--dry-run", "--json"],
    )
    .success()
    .json();
    let keys: Vec<&str> = plan
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "action",
            "source",
            "target",
            "db",
            "entries",
            "skipped",
            "by_class",
            "by_queue",
            "by_error",
            "not_found",
            "sample",
            "plan_out",
            "undo"
        ]
    );
    assert_eq!(plan["entries"], 5);
}

#[test]
fn a_jid_in_another_set_is_said_to_be_there_with_the_command_that_acts_there() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let before = server.keyspace();
    let run = cogctl(&server, now, &["dead", "retry", NOOP_SCHEDULED, "--yes"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(!run.stdout.contains("left in place"), "{}", run.stdout);
    assert!(
        run.stdout.contains(&format!(
            "not in cogworker:dead: it is scheduled (cogworker:schedule); \
             `cogctl scheduled enqueue-now {NOOP_SCHEDULED}` acts there"
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("1 not found in cogworker:dead"),
        "{}",
        run.stdout
    );
    // The dry run says the same, once per jid.
    let dry = cogctl(
        &server,
        now,
        &["dead", "delete", NOOP_SCHEDULED, "--dry-run"],
    );
    assert!(
        dry.stdout.contains(&format!(
            "{NOOP_SCHEDULED}: not in cogworker:dead: it is scheduled (cogworker:schedule); \
             `cogctl scheduled delete {NOOP_SCHEDULED}` acts there"
        )),
        "{}",
        dry.stdout
    );
    assert_eq!(server.keyspace(), before, "nothing was changed");
}

#[test]
fn one_entry_is_one_entry() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dry = cogctl(&server, now, &["dead", "delete", FAIL_JOB, "--dry-run"]);
    assert!(
        dry.success()
            .stdout
            .contains("would delete 1 entry of cogworker:dead"),
        "{}",
        dry.stdout
    );
    assert!(
        dry.stdout.contains("undo: would keep 1 entry "),
        "{}",
        dry.stdout
    );
    let run = cogctl(&server, now, &["dead", "delete", FAIL_JOB, "--yes"]);
    assert!(
        run.success().stderr.contains("undo: kept 1 entry "),
        "{}",
        run.stderr
    );
    for text in [&dry.stdout, &dry.stderr, &run.stdout, &run.stderr] {
        for wrong in ["1 entries", "1 jobs", "1 processes"] {
            assert!(!text.contains(wrong), "{wrong}: {text}");
        }
    }
}

/// A filter value that names nothing in the set is most likely a typo: a change (or its dry
/// run) is refused before anything changes, naming the nearest values that exist with their
/// entries (exit 2), unless --force. A valid filter that matches nothing changes nothing,
/// writes no audit entry and no undo record, and says so (exit 0).
#[test]
fn a_filter_that_names_nothing_is_refused_with_the_nearest_values() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let before = server.keyspace();
    let run = |args: &[&str]| Cogctl::new(&server).now(now).args(args).run();
    for (args, said) in [
        (
            &["dead", "retry", "--class", "FailJb", "--yes"][..],
            "--class FailJb names no entry of cogworker:dead (did you mean FailJob, 1 entry?); \
             nothing was changed (--force runs it anyway)",
        ),
        (
            &[
                "retry", "delete", "--class", "FlakyJob", "--queue", "defualt", "--yes",
            ],
            "--queue defualt names no entry of cogworker:retry (did you mean default, 2 entries?)",
        ),
        (
            &["retry", "retry", "--error", "Stripe", "--yes"],
            "--error Stripe matches no entry's error in cogworker:retry (its errors: RuntimeError (2))",
        ),
        (
            &["dead", "retry", "--class", "NopeJob", "--dry-run"],
            "--class NopeJob names no entry of cogworker:dead (its classes: ",
        ),
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(r.stderr.contains(said), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
    // Nothing changed, nothing recorded.
    assert_eq!(server.keyspace(), before);
    // A valid filter matching nothing: exit 0, "0", and still nothing recorded.
    let r = run(&[
        "dead",
        "retry",
        "--class",
        "FailJob",
        "--queue",
        "default",
        "--min-retries",
        "99",
        "--yes",
    ]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stderr.contains("0 of 3 dead entries match"),
        "{}",
        r.stderr
    );
    assert_eq!(server.keyspace(), before, "no audit entry, no undo record");
    // --force: the typo runs, and matches nothing.
    let r = run(&["dead", "retry", "--class", "FailJb", "--force", "--yes"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(server.keyspace(), before);
}

/// The same rule in the lists and the triages: a typo is refused (exit 2) naming the nearest
/// values, an empty set is no typo.
#[test]
fn lists_and_triages_refuse_a_filter_that_names_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = |args: &[&str]| Cogctl::new(&server).now(now).args(args).run();
    for args in [
        &["dead", "list", "--class", "FailJb"][..],
        &["dead", "triage", "--class", "FailJb"],
        &["retry", "triage", "--class", "FailJb"],
        &["retry", "list", "--class", "FailJb", "--json"],
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(
            r.stderr
                .contains("--class FailJb names no entry of cogworker:")
                && r.stderr.contains("did you mean FailJob, "),
            "{args:?}: {}",
            r.stderr
        );
    }
    // A valid filter matching nothing: an empty list, exit 0.
    let r = run(&["dead", "list", "--class", "FailJob", "--min-retries", "99"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    // A class of the retry set is not in the dead set: refused there.
    let r = run(&["dead", "list", "--class", "FlakyJob"]);
    assert_eq!(r.code, 2, "{}", r.snapshot());
    // An empty set: nothing to name, nothing refused.
    let empty = RedisServer::start();
    let r = Cogctl::new(&empty)
        .args(["dead", "list", "--class", "Whatever"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
}
