//! `reconcile` and `unsettled file`: the scenarios of OPERATIONS §19 about recovery, repeat
//! orphans, raw burials and unsettled entries, on a real redis-server, plus liveness,
//! concurrent runs, malformed data and `--batch`.

use std::collections::HashMap;
use std::process::{Command, Stdio};

use cogctl::store::recovery::Recovery;
use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

const D: &str = "dead-host:1:aaaaaaaaaaaa";
const LIST_D: &str = "cogworker:inprogress:dead-host:1:aaaaaaaaaaaa";

/// "raw X" of §19: `{"jid":"X","class":"K","queue":"default","args":[]}`, with `extra` fields
/// appended after `args`.
fn raw(jid: &str, queue: &str, extra: &str) -> String {
    format!(r#"{{"jid":"{jid}","class":"K","queue":"{queue}","args":[]{extra}}}"#)
}

fn redis_time(server: &RedisServer) -> i64 {
    let (secs, _): (i64, i64) = redis::cmd("TIME").query(&mut server.conn()).unwrap();
    secs
}

fn ttl(server: &RedisServer, key: &str) -> i64 {
    redis::cmd("TTL")
        .arg(key)
        .query(&mut server.conn())
        .unwrap()
}

fn zset(server: &RedisServer, key: &str) -> Vec<(String, String)> {
    server.zset(key)
}

fn members(server: &RedisServer, key: &str) -> Vec<String> {
    let mut m: Vec<String> = redis::cmd("SMEMBERS")
        .arg(key)
        .query(&mut server.conn())
        .unwrap();
    m.sort();
    m
}

fn hget(server: &RedisServer, key: &str, field: &str) -> Option<String> {
    redis::cmd("HGET")
        .arg(key)
        .arg(field)
        .query(&mut server.conn())
        .unwrap()
}

fn reconcile(server: &RedisServer, extra: &[&str]) -> crate::support::Run {
    let mut args = vec!["reconcile", "--json"];
    args.extend_from_slice(extra);
    Cogctl::new(server).args(args).run()
}

fn recovery(max_orphanings: u64) -> Recovery {
    Recovery {
        threshold: 300.0,
        max_orphanings,
        batch: None,
        now: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64(),
    }
}

#[test]
fn s18_a_presence_key_protects_the_list() {
    let server = RedisServer::start();
    let x = raw("X", "default", "");
    server.exec(&[
        &["RPUSH", LIST_D, &x],
        &["SADD", "cogworker:inprogress_identities", D],
        &["HSET", &format!("cogworker:process:{D}"), "info", "{}"],
    ]);
    let before = server.keyspace();
    let json = reconcile(&server, &[]).success().json();
    assert_eq!(json["lists"][0]["state"], "alive");
    assert_eq!(server.keyspace(), before, "nothing changes");
}

#[test]
fn s19_a_recent_last_beat_protects_the_list_an_old_one_does_not() {
    let server = RedisServer::start();
    let x = raw("X", "default", "");
    let t = redis_time(&server);
    server.exec(&[
        &["RPUSH", LIST_D, &x],
        &["SADD", "cogworker:inprogress_identities", D],
        &["HSET", "cogworker:last_beat", D, &(t - 120).to_string()],
    ]);
    let before = server.keyspace();
    let json = reconcile(&server, &[]).success().json();
    assert_eq!(json["lists"][0]["state"], "silent");
    assert_eq!(server.keyspace(), before);

    let older = raw("OLDER", "default", "");
    server.exec(&[
        &["HSET", "cogworker:last_beat", D, &(t - 301).to_string()],
        &["RPUSH", "cogworker:queue:default", &older],
    ]);
    let json = reconcile(&server, &[]).success().json();
    assert_eq!(json["lists"][0]["state"], "presumed_dead");
    assert_eq!(json["lists"][0]["requeued"], 1);
    assert_eq!(json["lists"][0]["forgotten"], true);
    assert_eq!(server.list("cogworker:queue:default"), [older, x]);
    assert!(!server.exists(LIST_D));
    assert!(members(&server, "cogworker:inprogress_identities").is_empty());
    assert_eq!(hget(&server, "cogworker:last_beat", D), None);
    assert_eq!(server.get("cogworker:orphanings:X").as_deref(), Some("1"));
    assert_eq!(ttl(&server, "cogworker:orphanings:X"), 604_800);
    assert_eq!(members(&server, "cogworker:queues"), ["default"]);
}

#[test]
fn s20_a_non_numeric_stamp_counts_as_absent() {
    let server = RedisServer::start();
    server.exec(&[
        &["HSET", "cogworker:last_beat", D, "garbage"],
        &["RPUSH", LIST_D, &raw("X", "default", "")],
    ]);
    let done = recovery(3).requeue(&mut server.store(), D).unwrap();
    assert_eq!((done.alive, done.moved), (false, 1));
    assert_eq!(
        server.list("cogworker:queue:default"),
        [raw("X", "default", "")]
    );
    assert_eq!(server.get("cogworker:orphanings:X").as_deref(), Some("1"));
    // Only the forget step removes the stamp.
    assert_eq!(
        hget(&server, "cogworker:last_beat", D).as_deref(),
        Some("garbage")
    );
}

#[test]
fn s21_two_recoverers_move_each_job_once() {
    let server = RedisServer::start();
    server.exec(&[&[
        "RPUSH",
        LIST_D,
        &raw("X", "default", ""),
        &raw("Y", "default", ""),
    ]]);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| recovery(3).requeue(&mut server.store(), D).unwrap().moved);
        let b = s.spawn(|| recovery(3).requeue(&mut server.store(), D).unwrap().moved);
        (a.join().unwrap(), b.join().unwrap())
    });
    let mut replies = [a, b];
    replies.sort();
    assert_eq!(replies, [0, 2]);
    assert_eq!(
        server.list("cogworker:queue:default"),
        [raw("X", "default", ""), raw("Y", "default", "")]
    );
    assert_eq!(server.get("cogworker:orphanings:X").as_deref(), Some("1"));
    assert_eq!(server.get("cogworker:orphanings:Y").as_deref(), Some("1"));
}

#[test]
fn s22_order_is_kept() {
    let server = RedisServer::start();
    // Fetched old first, then new: the list is [new, old].
    server.exec(&[&[
        "RPUSH",
        LIST_D,
        &raw("new", "default", ""),
        &raw("old", "default", ""),
    ]]);
    reconcile(&server, &[]).success();
    // old at the right end: popped first, ahead of everything already waiting.
    assert_eq!(
        server.list("cogworker:queue:default"),
        [raw("new", "default", ""), raw("old", "default", "")]
    );
}

#[test]
fn s23_a_repeat_orphan_is_parked_and_buried() {
    let server = RedisServer::start();
    let x = raw("X", "default", r#","unique":"until_executed""#);
    let job = cogctl::store::job::Job::parse(x.as_bytes()).unwrap();
    let lock = cogctl::store::locks::lock_keys(&job)[0]
        .to_str()
        .unwrap()
        .to_string();
    server.exec(&[
        &["RPUSH", LIST_D, &x],
        &["SADD", "cogworker:inprogress_identities", D],
        &["SET", "cogworker:orphanings:X", "3"],
        &["SET", &lock, "X"],
    ]);
    let run = reconcile(&server, &[]);
    let json = run.success().json();
    assert_eq!(json["lists"][0]["parked"], 1);
    assert_eq!(json["buried_repeat_orphans"], serde_json::json!(["X"]));
    assert_eq!(json["death_hooks_not_run"], 1);
    let dead = zset(&server, "cogworker:dead");
    assert_eq!(dead.len(), 1);
    let prefix = format!(
        r#"{},"error_class":"Cogworker::ProcessDied","failed_at":"#,
        &x[..x.len() - 1]
    );
    assert!(dead[0].0.starts_with(&prefix), "{}", dead[0].0);
    assert!(dead[0].0.ends_with(r#","error_message":"its process died while running it more than 3 times (killed for memory? SIGKILL?) — not retried again"}"#));
    assert!(!server.exists("cogworker:repeat_orphans"));
    assert!(!server.exists("cogworker:orphanings:X"));
    assert!(!server.exists(&lock));
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("1"));
    let bucket: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:throughput:*")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(hget(&server, &bucket[0], "failed").as_deref(), Some("1"));
    assert!(members(&server, "cogworker:inprogress_identities").is_empty());
}

#[test]
fn s24_an_unusable_parking_list_files_the_raw_job_and_the_caller_swaps_it() {
    let server = RedisServer::start();
    let x = raw("X", "default", "");
    server.exec(&[
        &["SET", "cogworker:repeat_orphans", "oops"],
        &["RPUSH", LIST_D, &x],
        &["SET", "cogworker:orphanings:X", "3"],
    ]);
    let r = recovery(3);
    let done = r.requeue(&mut server.store(), D).unwrap();
    assert_eq!((done.moved, done.parked), (1, 0));
    assert_eq!(done.buried_raw, [x.as_bytes().to_vec()]);
    let dead = zset(&server, "cogworker:dead");
    assert_eq!(
        dead,
        [(x.clone(), (r.now.floor() as i64).to_string())],
        "the raw job, scored with the integer second"
    );
    let buried = r
        .complete_raw_burial(&mut server.store(), x.as_bytes())
        .unwrap()
        .expect("swapped");
    assert!(buried.readable);
    let dead = zset(&server, "cogworker:dead");
    assert_eq!(dead.len(), 1);
    assert_eq!(dead[0].0, buried.entry, "the entry as written");
    assert!(
        dead[0]
            .0
            .contains(r#""error_class":"Cogworker::ProcessDied""#)
    );
    assert!(!server.exists("cogworker:orphanings:X"));
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("1"));
    // A second swap of the same raw member finds nothing to do.
    assert_eq!(
        r.complete_raw_burial(&mut server.store(), x.as_bytes())
            .unwrap(),
        None
    );
}

#[test]
fn s26_a_wrong_type_counter_starts_over() {
    let server = RedisServer::start();
    let x = raw("X", "default", "");
    server.exec(&[
        &["RPUSH", "cogworker:orphanings:X", "junk"],
        &["RPUSH", LIST_D, &x],
        &["SADD", "cogworker:inprogress_identities", D],
    ]);
    reconcile(&server, &["--max-orphanings", "1"]).success();
    assert_eq!(
        server.list("cogworker:queue:default"),
        std::slice::from_ref(&x)
    );
    assert_eq!(server.get("cogworker:orphanings:X").as_deref(), Some("1"));
    assert_eq!(ttl(&server, "cogworker:orphanings:X"), 604_800);
    server.exec(&[
        &["RPUSH", LIST_D, &x],
        &["SADD", "cogworker:inprogress_identities", D],
    ]);
    let json = reconcile(&server, &["--max-orphanings", "1"])
        .success()
        .json();
    assert_eq!(json["buried_repeat_orphans"], serde_json::json!(["X"]));
    let dead = zset(&server, "cogworker:dead");
    assert!(dead[0].0.contains("more than 1 times"), "{}", dead[0].0);
    assert!(!server.exists("cogworker:orphanings:X"));
}

#[test]
fn s27_a_broken_queue_does_not_block_the_others() {
    let server = RedisServer::start();
    let (b, k) = (raw("B", "broken", ""), raw("K", "default", ""));
    server.exec(&[
        &["SET", "cogworker:queue:broken", "oops"],
        &["RPUSH", LIST_D, &b, &k],
        &["SADD", "cogworker:inprogress_identities", D],
    ]);
    let run = reconcile(&server, &[]);
    assert_eq!(run.code, 4, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(
        (
            json["lists"][0]["requeued"].as_u64(),
            json["lists"][0]["failed"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(json["lists"][0]["forgotten"], false);
    assert_eq!(server.list("cogworker:queue:default"), [k]);
    assert_eq!(server.list(LIST_D), [b]);
    assert_eq!(server.get("cogworker:orphanings:K").as_deref(), Some("1"));
    assert!(!server.exists("cogworker:orphanings:B"));
    let human = Cogctl::new(&server).args(["reconcile"]).run();
    assert!(
        human
            .stderr
            .contains("stay on their list for the next pass"),
        "{}",
        human.stderr
    );
}

#[test]
fn s28_queues_nobody_reads_are_listed_and_named() {
    let server = RedisServer::start();
    let t = redis_time(&server);
    server.exec(&[
        &[
            "ZADD",
            "cogworker:live_queues",
            &(t - 10).to_string(),
            "fresh",
            &(t - 121).to_string(),
            "stale",
        ],
        &[
            "RPUSH",
            LIST_D,
            &raw("A", "nobody-reads", ""),
            &raw("B", "fresh", ""),
            &raw("C", "stale", ""),
        ],
    ]);
    let json = reconcile(&server, &[]).success().json();
    assert_eq!(json["lists"][0]["requeued"], 3);
    assert_eq!(
        members(&server, "cogworker:queues"),
        ["nobody-reads", "stale"]
    );
    let mut unlisted: Vec<&str> = json["unlisted_queues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q.as_str().unwrap())
        .collect();
    unlisted.sort();
    assert_eq!(unlisted, ["nobody-reads", "stale"]);
    server.exec(&[&["RPUSH", LIST_D, &raw("D", "stale", "")]]);
    let human = Cogctl::new(&server).args(["reconcile"]).run();
    assert!(
        human.stderr.contains("no live process reads: stale"),
        "{}",
        human.stderr
    );
}

#[test]
fn s36_invalid_unsettled_records_are_quarantined_valid_ones_filed() {
    let server = RedisServer::start();
    let u2 = r#"{"jid":"u2","class":"K","queue":"default","args":[],"error_message":"boom"}"#;
    let valid = serde_json::json!({"set": "cogworker:dead", "score": 1733130000.5, "payload": u2})
        .to_string();
    let first = r#"{"jid":"no fields"}"#;
    let second = r#"{"set":"cogworker:queues","score":1,"payload":"{}"}"#;
    server.exec(&[
        &["RPUSH", "cogworker:unsettled", first, second, &valid],
        &["SET", "cogworker:orphanings:u2", "2"],
    ]);
    let run = Cogctl::new(&server)
        .args(["unsettled", "file", "--json"])
        .run();
    let json = run.success().json();
    assert_eq!(
        (
            json["filed"].as_u64(),
            json["into_dead"].as_u64(),
            json["quarantined"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );
    assert!(!server.exists("cogworker:unsettled"));
    assert_eq!(
        zset(&server, "cogworker:dead"),
        [(u2.to_string(), "1733130000.5".to_string())]
    );
    assert_eq!(
        server.list("cogworker:quarantine:cogworker:unsettled:records"),
        [first, second]
    );
    assert_eq!(
        ttl(&server, "cogworker:quarantine:cogworker:unsettled:records"),
        2_592_000
    );
    assert!(!server.exists("cogworker:orphanings:u2"));
}

#[test]
fn s37_a_schedule_record_is_allowed_a_string_score_is_not() {
    let server = RedisServer::start();
    let s = raw("S", "default", "");
    let t = raw("T", "default", "");
    let good =
        serde_json::json!({"set": "cogworker:schedule", "score": 5, "payload": s}).to_string();
    let bad =
        serde_json::json!({"set": "cogworker:schedule", "score": "5", "payload": t}).to_string();
    server.exec(&[&["RPUSH", "cogworker:unsettled", &good, &bad]]);
    reconcile(&server, &[]).success();
    assert_eq!(zset(&server, "cogworker:schedule"), [(s, "5".to_string())]);
    assert_eq!(
        server.list("cogworker:quarantine:cogworker:unsettled:records"),
        [bad]
    );
}

#[test]
fn s38_two_filers_file_each_record_once() {
    for _ in 0..10 {
        let server = RedisServer::start();
        let records: Vec<String> = (0..3)
            .map(|i| serde_json::json!({"set": "cogworker:dead", "score": i, "payload": raw(&format!("d{i}"), "default", "")}).to_string())
            .collect();
        let mut cmd = vec!["RPUSH", "cogworker:unsettled"];
        cmd.extend(records.iter().map(String::as_str));
        server.exec(&[&cmd]);
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_cogctl"))
                .args(["--redis-url", &server.url(), "unsettled", "file", "--json"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let filed: u64 = [a, b]
            .iter()
            .map(|o| {
                serde_json::from_slice::<Value>(&o.stdout).unwrap()["filed"]
                    .as_u64()
                    .unwrap()
            })
            .sum();
        assert_eq!(filed, 3);
        assert_eq!(zset(&server, "cogworker:dead").len(), 3);
    }
}

#[test]
fn s46_an_unreadable_payload_goes_to_default() {
    let server = RedisServer::start();
    server.exec(&[
        &["RPUSH", LIST_D, "{not json"],
        &["SADD", "cogworker:inprogress_identities", D],
    ]);
    reconcile(&server, &[]).success();
    assert_eq!(server.list("cogworker:queue:default"), ["{not json"]);
    let counters: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:orphanings:*")
        .query(&mut server.conn())
        .unwrap();
    assert!(counters.is_empty());
    assert!(members(&server, "cogworker:inprogress_identities").is_empty());
}

#[test]
fn s47_the_cron_lock_is_retaken_on_requeue() {
    let x = raw(
        "X",
        "default",
        r#","periodic_until_executed":true,"periodic_pjid":"pj""#,
    );
    for (lock, expected_owner, expected_ttl) in [
        (None, "X", 86_400),
        (Some("newer"), "newer", 500),
        (Some("X"), "X", 86_400),
    ] {
        let server = RedisServer::start();
        server.exec(&[&["RPUSH", LIST_D, &x]]);
        if let Some(owner) = lock {
            server.exec(&[&["SET", "periodic:running:pj", owner, "EX", "500"]]);
        }
        reconcile(&server, &[]).success();
        assert_eq!(
            server.list("cogworker:queue:default"),
            std::slice::from_ref(&x)
        );
        assert_eq!(
            server.get("periodic:running:pj").as_deref(),
            Some(expected_owner)
        );
        let t = ttl(&server, "periodic:running:pj");
        assert!(
            (expected_ttl - 2..=expected_ttl).contains(&t),
            "{lock:?}: ttl {t}"
        );
    }
}

#[test]
fn the_orphaned_fixture_is_repaired() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let run = reconcile(&server, &[]);
    let json = run.success().json();
    let list = &json["lists"][0];
    assert_eq!(list["identity"], "vm:710:4e5e9b0d9b22");
    assert_eq!(
        (list["state"].as_str(), list["requeued"].as_u64()),
        (Some("presumed_dead"), Some(1))
    );
    assert_eq!(
        json["buried_repeat_orphans"],
        serde_json::json!(["a29ce722b5dd023f19fadd54"])
    );
    assert_eq!(
        (
            json["unsettled"]["filed"].as_u64(),
            json["unsettled"]["into_dead"].as_u64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(json["death_hooks_not_run"], 2);
    let queued = server.list("cogworker:queue:default");
    assert_eq!(queued.len(), 1);
    assert!(queued[0].contains("f91e50554c82e8f8d678eda8"));
    let dead: Vec<String> = zset(&server, "cogworker:dead")
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    assert_eq!(dead.len(), 2);
    assert!(dead.iter().any(|m| m.contains("5c6791f1b92a14aa4a87f862")));
    assert!(dead.iter().any(|m| m.contains("a29ce722b5dd023f19fadd54") && m.contains("Cogworker::ProcessDied")));
    assert_eq!(zset(&server, "cogworker:retry").len(), 1);
    // One more failure counted: the burial (the unsettled ones were counted when they failed).
    let before = fixture
        .keys
        .iter()
        .find(|k| k.key == "cogworker:stats:failed")
        .unwrap()
        .value
        .as_str()
        .unwrap()
        .parse::<i64>()
        .unwrap();
    assert_eq!(
        server
            .get("cogworker:stats:failed")
            .unwrap()
            .parse::<i64>()
            .unwrap(),
        before + 1
    );
    assert!(!server.exists("cogworker:repeat_orphans") && !server.exists("cogworker:unsettled"));
    // A second pass has nothing left to do.
    let again = reconcile(&server, &[]).success().json();
    assert!(again["lists"].as_array().unwrap().is_empty());
    // The human report of the same pass, on a fresh copy of the fixture.
    let server = RedisServer::start();
    server.load("orphaned");
    let run = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args(["reconcile"])
        .run();
    insta::assert_snapshot!(run.stable_snapshot(&server));
}

#[test]
fn dry_run_changes_nothing() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let run = server
        .assert_read_only(|| cogctl(&server, fixture.captured_at, &["reconcile", "--dry-run"]));
    insta::assert_snapshot!(run.stable_snapshot(&server));
    // What it would do, not the orphans view again.
    assert!(
        run.stdout
            .starts_with("would requeue 1 job from 1 dead process (vm:710:4e5e9b0d9b22)"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("LAST BEAT"), "{}", run.stdout);
    let json = cogctl(
        &server,
        fixture.captured_at,
        &["reconcile", "--dry-run", "--json"],
    )
    .success()
    .json();
    assert_eq!(json["orphans"]["lists"][0]["state"], "presumed_dead");
    assert_eq!(json["unsettled"]["total"], 2);
    server.assert_read_only(|| {
        cogctl(
            &server,
            fixture.captured_at,
            &["unsettled", "file", "--dry-run"],
        )
        .success()
        .code
    });
}

#[test]
fn wrong_type_keys_lose_nothing() {
    let server = RedisServer::start();
    let x = raw("X", "default", "");
    server.exec(&[
        &["SET", "cogworker:inprogress:h:1:bad", "oops"],
        &["SADD", "cogworker:inprogress_identities", "h:1:bad", D],
        &["RPUSH", LIST_D, &x],
    ]);
    let run = reconcile(&server, &[]);
    assert_eq!(run.code, 4, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["problems"][0]["key"], "cogworker:inprogress:h:1:bad");
    assert_eq!(
        server.get("cogworker:inprogress:h:1:bad").as_deref(),
        Some("oops")
    );
    assert_eq!(server.list("cogworker:queue:default"), [x]);
    // last_beat of the wrong type: REQUEUE aborts before any write.
    let server = RedisServer::start();
    server.exec(&[
        &["SET", "cogworker:last_beat", "oops"],
        &["RPUSH", LIST_D, &raw("Y", "default", "")],
    ]);
    let before = server.keyspace();
    let run = reconcile(&server, &[]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_eq!(server.keyspace(), before);
    // An unsettled record whose set is outside {retry, dead, schedule} is never filed.
    let server = RedisServer::start();
    let record = serde_json::json!({"set": "cogworker:queue:default", "score": 1, "payload": raw("Z", "default", "")}).to_string();
    server.exec(&[&["RPUSH", "cogworker:unsettled", &record]]);
    reconcile(&server, &[]).success();
    assert!(!server.exists("cogworker:queue:default"));
    assert_eq!(
        server.list("cogworker:quarantine:cogworker:unsettled:records"),
        [record]
    );
}

/// 10 lists of presumed-dead owners with `n` jobs each, jids `l<list>-<i>`.
fn seed_orphans(server: &RedisServer, lists: usize, n: usize) {
    let mut conn = server.conn();
    for l in 0..lists {
        let key = format!("cogworker:inprogress:host:{l}:dead");
        for chunk in (0..n).collect::<Vec<_>>().chunks(2000) {
            let mut cmd = redis::cmd("RPUSH");
            cmd.arg(&key);
            for i in chunk {
                cmd.arg(raw(
                    &format!("l{l}-{i}"),
                    if i % 2 == 0 { "default" } else { "low" },
                    "",
                ));
            }
            cmd.query::<()>(&mut conn).unwrap();
        }
        redis::cmd("SADD")
            .arg("cogworker:inprogress_identities")
            .arg(format!("host:{l}:dead"))
            .query::<()>(&mut conn)
            .unwrap();
    }
}

fn census(server: &RedisServer) -> HashMap<String, usize> {
    let mut seen = HashMap::new();
    for q in ["cogworker:queue:default", "cogworker:queue:low"] {
        for job in server.list(q) {
            let jid = serde_json::from_str::<Value>(&job).unwrap()["jid"]
                .as_str()
                .unwrap()
                .to_string();
            *seen.entry(jid).or_insert(0) += 1;
        }
    }
    seen
}

#[test]
fn two_reconciles_at_once_put_every_job_in_exactly_one_place() {
    for round in 0..8 {
        let server = RedisServer::start();
        seed_orphans(&server, 4, 300);
        let batch = if round % 2 == 0 { None } else { Some("17") };
        let spawn = || {
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_cogctl"));
            cmd.args(["--redis-url", &server.url(), "reconcile", "--json"]);
            if let Some(b) = batch {
                cmd.args(["--batch", b]);
            }
            cmd.stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        assert!(a.status.success() && b.status.success());
        let seen = census(&server);
        assert_eq!(seen.len(), 1200, "round {round}");
        assert!(
            seen.values().all(|&n| n == 1),
            "round {round}: a job requeued twice"
        );
        let counters: Vec<String> = redis::cmd("KEYS")
            .arg("cogworker:inprogress:*")
            .query(&mut server.conn())
            .unwrap();
        assert!(counters.is_empty());
    }
}

#[test]
fn batch_gives_the_same_result_as_one_call() {
    let seed = |server: &RedisServer| {
        seed_orphans(server, 3, 100);
        server.exec(&[
            &["SET", "cogworker:queue:broken", "oops"],
            &[
                "RPUSH",
                "cogworker:inprogress:host:1:dead",
                &raw("B", "broken", ""),
                &raw("P", "default", r#","unique":"until_executed""#),
            ],
            &["SET", "cogworker:orphanings:P", "3"],
            &["SET", "cogworker:orphanings:l0-5", "3"],
        ]);
    };
    let (one, batched) = (RedisServer::start(), RedisServer::start());
    seed(&one);
    seed(&batched);
    let now = 1_800_000_000.5;
    let a = Cogctl::new(&one)
        .now(now)
        .args(["reconcile", "--json"])
        .run();
    let b = Cogctl::new(&batched)
        .now(now)
        .args(["reconcile", "--json", "--batch", "7"])
        .run();
    assert_eq!(a.code, 4);
    assert_eq!(b.code, 4);
    let strip = |mut v: Value| {
        v["target"] = Value::Null;
        v
    };
    assert_eq!(strip(a.json()), strip(b.json()));
    let (a, b) = (one.keyspace(), batched.keyspace());
    let differ: Vec<String> = a
        .keys()
        .chain(b.keys())
        // A set's (or a large hash's) serialised form depends on its server's hash seed:
        // compared by members (fields) below.
        .filter(|k| {
            k.as_slice() != b"cogworker:queues"
                && !k.starts_with(b"cogctl:lost:")
                && a.get(*k) != b.get(*k)
        })
        .map(|k| String::from_utf8_lossy(k).into_owned())
        .collect();
    assert!(differ.is_empty(), "keys that differ: {differ:?}");
    let lost = |s: &RedisServer, key: &[u8]| -> std::collections::BTreeMap<String, String> {
        redis::cmd("HGETALL").arg(key).query(&mut s.conn()).unwrap()
    };
    let recorded: Vec<&Vec<u8>> = a
        .keys()
        .filter(|k| k.starts_with(b"cogctl:lost:"))
        .collect();
    assert_eq!(recorded.len(), 3, "each dead process recovered is recorded");
    for key in recorded {
        assert!(b.contains_key(key));
        assert_eq!(lost(&one, key), lost(&batched, key));
    }
    assert_eq!(
        members(&one, "cogworker:queues"),
        members(&batched, "cogworker:queues")
    );
}
