//! Faults beyond kills and restarts, short versions (the soak test runs them long): a Redis
//! that stops answering without closing its connections, connections reset in the middle
//! of a reply or right after a script was sent, and a Redis at `maxmemory` with
//! `noeviction`. Commands must give up in bounded time with a documented exit code and say
//! what they did; workers must resume and lose nothing.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::proxy::{Cut, Proxy};
use crate::support::{Cogctl, RedisServer, Run, wait_until};

const LONG: Duration = crate::support::HANG;

/// A job of class `class` with jid `jid` on queue `q`.
fn job(class: &str, jid: &str) -> String {
    format!(
        r#"{{"class":"{class}","args":["{jid}"],"jid":"{jid}","queue":"q","retry":3,"created_at":1796000000.5,"enqueued_at":1796000000.5}}"#
    )
}

fn dead(jid: &str) -> String {
    format!(
        r#"{{"class":"Rec","args":["{jid}"],"jid":"{jid}","queue":"q","retry":3,"created_at":1796000000.5,"enqueued_at":1796000000.5,"error_class":"E","error_message":"m","failed_at":1796000001.5,"retry_count":3}}"#
    )
}

fn jids(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i:020}")).collect()
}

/// LPUSH each jid's job of `class` on queue q (one round trip).
fn enqueue(server: &RedisServer, class: &str, jids: &[String]) {
    let mut pipe = redis::pipe();
    pipe.cmd("SADD").arg("cogworker:queues").arg("q").ignore();
    for jid in jids {
        pipe.cmd("LPUSH")
            .arg("cogworker:queue:q")
            .arg(job(class, jid))
            .ignore();
    }
    pipe.query::<()>(&mut server.conn()).unwrap();
}

fn bury(server: &RedisServer, jids: &[String]) {
    let mut pipe = redis::pipe();
    for (i, jid) in jids.iter().enumerate() {
        pipe.cmd("ZADD")
            .arg("cogworker:dead")
            .arg(1796000000 + i)
            .arg(dead(jid))
            .ignore();
    }
    pipe.query::<()>(&mut server.conn()).unwrap();
}

/// The handler of class `Rec`: sleeps `ms`, then appends `<jid>` to `record`; with
/// `fail_first`, a job's first attempt fails instead (retried after its backoff).
fn recorder(record: &Path, ms: u64, fail_first: bool) -> String {
    recorder_of("Rec", record, ms, fail_first)
}

fn recorder_of(class: &str, record: &Path, ms: u64, fail_first: bool) -> String {
    let fail = if fail_first {
        r#"if [ "$COGCTL_RETRY_COUNT" = 0 ]; then echo '{"retry":0}' > "$COGCTL_RESULT_FILE"; echo "Rec: fails its first attempt" >&2; exit 1; fi; "#
    } else {
        ""
    };
    format!(
        "{class}=/bin/sh -c '{fail}sleep {:.3}; echo \"$COGCTL_JID\" >> \"$0\"' {}",
        ms as f64 / 1000.0,
        record.display()
    )
}

/// jid → how many times it ran.
fn runs(record: &Path) -> HashMap<String, u32> {
    let mut ran = HashMap::new();
    for line in std::fs::read_to_string(record).unwrap_or_default().lines() {
        *ran.entry(line.to_string()).or_default() += 1;
    }
    ran
}

/// Everything a job could still be waiting in: queues, in-progress lists, the sets.
fn leftovers(server: &RedisServer) -> Vec<String> {
    let mut conn = server.conn();
    let mut left = Vec::new();
    for pattern in ["cogworker:queue:*", "cogworker:inprogress:*"] {
        let keys: Vec<String> = redis::cmd("KEYS").arg(pattern).query(&mut conn).unwrap();
        for key in keys {
            let n: u64 = redis::cmd("LLEN").arg(&key).query(&mut conn).unwrap();
            if n > 0 {
                left.push(format!("{key}: {n}"));
            }
        }
    }
    for key in ["cogworker:retry", "cogworker:dead", "cogworker:schedule"] {
        let n: u64 = redis::cmd("ZCARD").arg(key).query(&mut conn).unwrap();
        if n > 0 {
            left.push(format!("{key}: {n}"));
        }
    }
    if server.exists("cogworker:unsettled") {
        left.push("cogworker:unsettled".into());
    }
    left
}

/// `jids` on queue q, one in three of class `Flaky` (its first attempt fails), the others
/// `Rec`.
fn enqueue_mix(server: &RedisServer, jids: &[String]) {
    for (i, jid) in jids.iter().enumerate() {
        let class = if i % 3 == 2 { "Flaky" } else { "Rec" };
        enqueue(server, class, std::slice::from_ref(jid));
    }
}

/// A worker of queue q running `Rec` and `Flaky` jobs (see `recorder`), fast beats and polls,
/// against `url`.
fn worker(url: &str, record: &Path, ms: u64, extra: &[&str]) -> crate::support::Spawned {
    Cogctl::bare()
        .env("COGCTL_REDIS_URL", url)
        .args(["worker", "-q", "q", "-c", "4"])
        .args(["--handler", &recorder(record, ms, false)])
        .args(["--handler", &recorder_of("Flaky", record, ms, true)])
        .args(["--beat-interval", "0.2s", "--poll-interval", "0.2s"])
        .args(["--orphan-check-interval", "0.5s", "--timeout-drain", "10s"])
        .args(extra)
        .spawn()
}

/// Wait until every jid of `expected` has run and nothing is left anywhere.
#[track_caller]
fn wait_drained(
    server: &RedisServer,
    record: &Path,
    expected: &[String],
    worker_log: &dyn Fn() -> String,
) {
    let deadline = Instant::now() + LONG;
    loop {
        let ran = runs(record);
        let missing = expected.iter().filter(|j| !ran.contains_key(*j)).count();
        let left = leftovers(server);
        if missing == 0 && left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "not drained: {missing} jobs never ran, left {left:?}; worker log:\n{}",
            worker_log()
        );
        // Failed first attempts wait their backoff (15 s and more) in retry: an operator's
        // "retry now" rather than the wait.
        if left.iter().any(|l| l.starts_with("cogworker:retry")) {
            Cogctl::new(server)
                .args(["retry", "retry", "--all", "--yes"])
                .run()
                .success();
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Each jid ran exactly once.
#[track_caller]
fn assert_once(record: &Path, expected: &[String]) {
    let ran = runs(record);
    let twice: Vec<(&String, &u32)> = ran.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "ran more than once: {twice:?}");
    let strangers: Vec<&String> = ran.keys().filter(|j| !expected.contains(j)).collect();
    assert!(strangers.is_empty(), "unknown jids ran: {strangers:?}");
    assert_eq!(ran.len(), expected.len());
}

/// Stop a worker with TERM; it must exit 0 in time.
#[track_caller]
fn stop(worker: crate::support::Spawned) -> Run {
    worker.signal(libc::SIGTERM);
    let run = worker.wait(LONG);
    assert_eq!(run.code, 0, "worker: {}", run.stderr);
    run
}

#[test]
fn commands_on_a_frozen_redis_give_up_within_their_timeouts() {
    let server = RedisServer::start();
    let dead_jids = jids("d", 30);
    bury(&server, &dead_jids);
    let proxy = Proxy::start(server.socket());
    let cogctl = |args: &[&str]| {
        Cogctl::bare()
            .env("COGCTL_REDIS_URL", &proxy.url())
            .args(["--connect-timeout", "1s", "--read-timeout", "1s"])
            .args(args)
    };
    cogctl(&["stats"]).run().success();
    proxy.freeze();
    let before = server.keyspace();
    for args in [
        &["stats"][..],
        &["dead", "list", "--json"],
        &["dead", "retry", "--all", "--yes"],
        &["enqueue", "Rec", "1", "--queue", "q"],
    ] {
        // Without its timeouts it would wait forever: it ends (only a hang misses LONG),
        // and says which timeout ended it.
        let run = cogctl(args).spawn().wait(LONG);
        assert_eq!(run.code, 3, "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr.contains("no answer within 1s"),
            "{args:?}: {}",
            run.stderr
        );
    }
    proxy.thaw();
    assert_eq!(
        server.keyspace(),
        before,
        "a refused change wrote something"
    );

    // A read already streaming when Redis stops answering: it ends, exit 3, in time.
    let many = jids("m", 30_000);
    bury(&server, &many);
    let listing = cogctl(&["dead", "list", "--all", "--ndjson"]).spawn();
    wait_until(LONG, "the first line of the listing", || {
        !listing.stdout().is_empty()
    });
    proxy.freeze();
    let run = listing.wait(LONG);
    proxy.thaw();
    // It may have read everything before the freeze reached it.
    assert!(run.code == 3 || run.code == 0, "{}", run.snapshot());
    if run.code == 3 {
        assert!(run.stderr.contains("no answer within 1s"), "{}", run.stderr);
    }
}

#[test]
fn workers_resume_after_a_freeze_and_lose_nothing() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let expected = jids("f", 90);
    enqueue_mix(&server, &expected);
    let proxy = Proxy::start(server.socket());
    let w = worker(
        &proxy.url(),
        &record,
        50,
        &["--connect-timeout", "1s", "--read-timeout", "3s"],
    );
    wait_until(LONG, "20 runs", || runs(&record).len() >= 20);
    proxy.freeze();
    std::thread::sleep(Duration::from_secs(4));
    proxy.thaw();
    wait_drained(&server, &record, &expected, &|| w.stderr());
    let log = stop(w).stderr;
    assert!(
        log.contains("fetch_failed") || log.contains("heartbeat_failed"),
        "the freeze went unnoticed:\n{log}"
    );
    if runs(&record).values().any(|n| *n > 1) {
        eprintln!("worker log:\n{log}");
    }
    assert_once(&record, &expected);
}

/// A worker whose first connection drops as it writes its audit entry (Redis restarting, a
/// cut) waits for Redis like any other start, instead of exiting 3 at once.
#[test]
fn a_worker_whose_audit_entry_is_cut_at_start_still_works() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let expected = jids("a", 6);
    for jid in &expected {
        enqueue(&server, "Rec", std::slice::from_ref(jid));
    }
    let proxy = Proxy::start(server.socket());
    proxy.set_cut(Cut::OnRequest {
        text: b"XADD".to_vec(),
        every: 1,
    });
    let w = worker(&proxy.url(), &record, 1, &["--connect-timeout", "1s"]);
    wait_drained(&server, &record, &expected, &|| w.stderr());
    assert!(proxy.cuts() >= 1, "the audit entry was never cut");
    let log = stop(w).stderr;
    assert!(
        log.contains("the audit entry could not be written"),
        "the lost entry went unsaid:\n{log}"
    );
    assert_once(&record, &expected);
}

#[test]
fn connections_cut_right_after_a_script_lose_and_duplicate_nothing() {
    let server = RedisServer::start();
    let dead_jids = jids("s", 400);
    bury(&server, &dead_jids);
    let proxy = Proxy::start(server.socket());
    // Every other script sent is cut: it runs in Redis, its reply never comes.
    proxy.set_cut(Cut::OnRequest {
        text: b"EVAL".to_vec(),
        every: 2,
    });
    let mut codes = BTreeSet::new();
    for _ in 0..40 {
        let run = Cogctl::bare()
            .env("COGCTL_REDIS_URL", &proxy.url())
            .args([
                "--read-timeout",
                "5s",
                "dead",
                "retry",
                "--all",
                "--yes",
                "--batch",
                "50",
            ])
            .spawn()
            .wait(LONG);
        codes.insert(run.code);
        assert!(
            [0, 3, 4].contains(&run.code),
            "exit {}: {}",
            run.code,
            run.snapshot()
        );
        if run.code == 0 && !server.exists("cogworker:dead") {
            break;
        }
    }
    assert!(proxy.cuts() > 0);
    assert!(codes.contains(&3), "no run was cut: {codes:?}");
    assert!(!server.exists("cogworker:dead"), "dead jobs left");
    let queued: Vec<Value> = server
        .list("cogworker:queue:q")
        .iter()
        .map(|m| serde_json::from_str(m).unwrap())
        .collect();
    let mut seen: Vec<String> = queued
        .iter()
        .map(|j| j["jid"].as_str().unwrap().to_string())
        .collect();
    seen.sort();
    let mut want = dead_jids.clone();
    want.sort();
    assert_eq!(seen, want, "each dead job back on its queue exactly once");
}

#[test]
fn a_worker_whose_connections_are_cut_mid_reply_loses_nothing() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let expected = jids("c", 120);
    enqueue_mix(&server, &expected);
    let proxy = Proxy::start(server.socket());
    // Every connection dies 2 to 4 KB into its replies: in a job's payload, in the replies
    // of a pipeline or of a script; the worker connects again, and that one dies too.
    proxy.set_cut(Cut::AfterReplyBytes {
        bytes: 2000,
        every: 1,
    });
    let w = worker(
        &proxy.url(),
        &record,
        10,
        &["--connect-timeout", "1s", "--read-timeout", "3s"],
    );
    let deadline = Instant::now() + LONG;
    while proxy.cuts() < 12 || runs(&record).len() < 20 {
        assert!(
            Instant::now() < deadline,
            "{} runs, {} cuts:\n{}",
            runs(&record).len(),
            proxy.cuts(),
            w.stderr()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    proxy.set_cut(Cut::Never);
    wait_drained(&server, &record, &expected, &|| w.stderr());
    stop(w);
    assert!(proxy.cuts() > 0, "nothing was cut");
    assert_once(&record, &expected);
}

#[test]
fn a_retry_entry_written_whose_reply_was_lost_is_filed_once() {
    // Every job fails its first attempt; the write that files it in retry (FILE_FAILURE,
    // loaded beforehand so that its EVALSHA runs at once) reaches Redis and runs, and its
    // connection is cut before the reply. The worker can't tell whether the entry landed:
    // it must not file a second, different one beside it (the job would then be retried,
    // and run, twice).
    use cogctl::store::scripts::FILE_FAILURE;
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let expected = jids("z", 8);
    enqueue(&server, "Flaky", &expected);
    server.exec(&[&["SCRIPT", "LOAD", FILE_FAILURE.text]]);
    let proxy = Proxy::start(server.socket());
    proxy.set_cut(Cut::OnRequest {
        text: FILE_FAILURE.sha().as_bytes().to_vec(),
        every: 1,
    });
    let w = worker(
        &proxy.url(),
        &record,
        10,
        &["--connect-timeout", "1s", "--read-timeout", "3s"],
    );
    let retry_jids = || -> Vec<String> {
        let members: Vec<(String, f64)> = server.zset("cogworker:retry");
        let mut jids: Vec<String> = members
            .iter()
            .map(|(m, _)| {
                serde_json::from_str::<Value>(m).unwrap()["jid"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        jids.sort();
        jids
    };
    wait_until(LONG, "every first attempt filed in retry", || {
        let queued: u64 = redis::cmd("LLEN")
            .arg("cogworker:queue:q")
            .query(&mut server.conn())
            .unwrap();
        let inprogress: Vec<String> = redis::cmd("KEYS")
            .arg("cogworker:inprogress:*")
            .query(&mut server.conn())
            .unwrap();
        queued == 0 && inprogress.is_empty() && retry_jids().len() >= expected.len()
    });
    // A second entry would be filed by the settling right after the cut: give it time.
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        proxy.cuts() >= expected.len() as u64,
        "cuts: {}",
        proxy.cuts()
    );
    let mut want = expected.clone();
    want.sort();
    assert_eq!(
        retry_jids(),
        want,
        "one retry entry per job:\n{}",
        w.stderr()
    );
    proxy.set_cut(Cut::Never);
    wait_drained(&server, &record, &expected, &|| w.stderr());
    stop(w);
    assert_once(&record, &expected);
}

#[test]
fn a_retry_entry_retried_before_its_lost_reply_is_noticed_is_not_filed_again() {
    // The job fails its first attempt; the write that files it in retry (FILE_FAILURE) reaches
    // Redis and runs, its reply is lost, and Redis stops answering the worker. Meanwhile an
    // operator retries the entry, which waits in the queue. When Redis answers again, the
    // worker's interrupt path must not file that entry a second time: it would be retried,
    // and the job run, twice.
    use cogctl::store::scripts::FILE_FAILURE;
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let expected = jids("y", 1);
    enqueue(&server, "Flaky", &expected);
    server.exec(&[&["SCRIPT", "LOAD", FILE_FAILURE.text]]);
    let proxy = Proxy::start(server.socket());
    proxy.set_cut(Cut::OnRequestThenFreeze {
        text: FILE_FAILURE.sha().as_bytes().to_vec(),
    });
    let w = worker(
        &proxy.url(),
        &record,
        10,
        &["--connect-timeout", "1s", "--read-timeout", "3s"],
    );
    let filed = || -> u64 {
        redis::cmd("ZCARD")
            .arg("cogworker:retry")
            .query(&mut server.conn())
            .unwrap()
    };
    wait_until(LONG, "the first attempt filed in retry", || filed() == 1);
    assert!(proxy.frozen());
    Cogctl::new(&server)
        .args(["retry", "retry", "--all", "--yes"])
        .run()
        .success();
    assert_eq!(filed(), 0);
    proxy.set_cut(Cut::Never);
    proxy.thaw();
    wait_until(LONG, "the retried job ran", || !runs(&record).is_empty());
    // The worker's interrupt path runs once Redis answers, and tells what it found.
    wait_until(LONG, "the interrupt path settled the job", || {
        let log = w.stderr();
        log.contains("event=job_no_longer_ours") || log.contains("event=job_interrupted")
    });
    assert_eq!(filed(), 0, "filed again:\n{}", w.stderr());
    assert!(leftovers(&server).is_empty(), "{:?}", leftovers(&server));
    stop(w);
    assert_once(&record, &expected);
}

#[test]
fn a_failure_entry_that_redis_reads_late_writes_nothing_once_the_job_has_left() {
    // The worker's retry/dead write, as Redis runs it: while the job is on the process's
    // in-progress list it is the gem's ZADD; read late — after the job was filed another
    // way, acknowledged and retried — it must not put the job back in retry.
    use cogctl::store::scripts::FILE_FAILURE;
    let server = RedisServer::start();
    let mut store = server.store();
    let list = "cogworker:inprogress:host:1:0123456789ab";
    let raw = job("Rec", "late0000000000000000000");
    let payload = dead("late0000000000000000000");
    let file = |store: &mut cogctl::store::Store| {
        let reply = store
            .eval(
                &FILE_FAILURE,
                &[list.as_bytes(), b"cogworker:retry"],
                &[raw.as_bytes(), b"1796000100.5", payload.as_bytes()],
            )
            .unwrap();
        cogctl::store::value::int(&reply)
    };
    server.exec(&[&["RPUSH", list, &raw]]);
    assert_eq!(file(&mut store), Some(1));
    let entries: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(entries, [(payload.clone(), 1796000100.5)]);
    // Acknowledged and retried: off the list, out of the set.
    server.exec(&[&["LREM", list, "1", &raw], &["DEL", "cogworker:retry"]]);
    assert_eq!(file(&mut store), Some(0));
    assert!(!server.exists("cogworker:retry"));
}

#[test]
fn a_full_redis_refuses_cleanly_and_everything_is_settled_once_memory_is_back() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    // Two jobs in three succeed at once; the third fails its first attempt, so failures
    // are being filed while Redis is full.
    let expected = jids("o", 90);
    enqueue_mix(&server, &expected);
    let buried = jids("x", 20);
    bury(&server, &buried);
    let w = worker(&server.url(), &record, 100, &[]);
    wait_until(LONG, "10 runs", || runs(&record).len() >= 10);
    let identity = w
        .stderr()
        .split_whitespace()
        .find_map(|w| w.strip_prefix("identity="))
        .expect("the worker's identity in its log")
        .to_string();
    server.exec(&[
        &["CONFIG", "SET", "maxmemory-policy", "noeviction"],
        &["CONFIG", "SET", "maxmemory", "1"],
    ]);

    // Operators, meanwhile: nothing is half done, and they are told why. A change that
    // keeps its undo record can't write it: refused whole, with the way out.
    let run = Cogctl::new(&server)
        .args(["dead", "retry", "--all", "--yes", "--json"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr.contains("maxmemory") && run.stderr.contains("--no-undo"),
        "{}",
        run.snapshot()
    );
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 20);
    let run = Cogctl::new(&server)
        .args(["dead", "retry", "--all", "--yes", "--json", "--no-undo"])
        .run();
    assert!(matches!(run.code, 1 | 4), "{}", run.snapshot());
    let summary = run.json();
    assert_eq!(
        summary["failed"].as_u64().unwrap() + summary["moved"].as_u64().unwrap(),
        20
    );
    assert!(run.stderr.contains("maxmemory"), "{}", run.snapshot());
    // Its undo record can't be written (kept, without a terminal, since it is asked for).
    let run = Cogctl::new(&server)
        .args(["enqueue", "Rec", "1", "--queue", "q", "--keep-undo", "1h"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr.contains("nothing was changed"),
        "{}",
        run.snapshot()
    );
    let run = Cogctl::new(&server)
        .args(["enqueue", "Rec", "1", "--queue", "q", "--no-undo"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.contains("maxmemory"), "{}", run.snapshot());
    assert!(
        run.stderr.contains("nothing was written"),
        "{}",
        run.snapshot()
    );

    // The worker keeps saying it is alive (its presence key's TTL renewed while memory is
    // short), so nobody takes its jobs for orphans however long memory stays short.
    let presence = format!("cogworker:process:{identity}");
    let pttl = || -> i64 {
        redis::cmd("PTTL")
            .arg(&presence)
            .query(&mut server.conn())
            .unwrap()
    };
    let mut last = pttl();
    wait_until(LONG, "the presence TTL renewed while Redis is full", || {
        let now = pttl();
        let renewed = now > last;
        last = now;
        renewed
    });
    assert!(
        server.info_field("memory", "maxmemory") == "1",
        "Redis was full all along"
    );
    server.exec(&[&["CONFIG", "SET", "maxmemory", "0"]]);

    let run = Cogctl::new(&server)
        .args(["dead", "retry", "--all", "--yes", "--json"])
        .run();
    run.success();
    let mut all = expected.clone();
    all.extend(buried);
    wait_drained(&server, &record, &all, &|| w.stderr());
    let log = stop(w).stderr;
    assert!(log.contains("level=warn event=fetch_failed"), "{log}");
    assert!(
        log.contains("event=settlement_pending") || log.contains("event=ack_pending"),
        "no settlement was owed:\n{log}"
    );
    assert!(log.contains("event=owed_settled"), "{log}");
    assert_once(&record, &all);
    // Every success counted once: the owed ones too.
    assert_eq!(
        server.get("cogworker:stats:processed"),
        Some(all.len().to_string())
    );
}
