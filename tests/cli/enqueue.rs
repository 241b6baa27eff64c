//! `cogctl enqueue`: payloads compared field by field and in key order with the gem's real
//! pushes (KEYS.md §4.4.9, OPERATIONS §19 scenarios 49 and 50), unique locks against every
//! lock of fixtures/unique.json, duplicates, wrong-typed keys, and `--from` NDJSON specs.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, Run, cogctl};

/// The pinned clock of these tests: timestamps must come out as exactly this float.
const NOW: f64 = 1796208052.5;

/// Real payloads the 0.8.0 gem wrote (KEYS.md §4.4.9).
const REAL_PERFORM_ASYNC: &str = r#"{"class":"CrashJob","args":["boom-crash"],"jid":"cc1e9487fe75d93c6fbbc81e","queue":"default","retry":true,"created_at":1796207368.724721,"enqueued_at":1796207368.8363905}"#;
const REAL_CLIENT_PUSH: &str = r#"{"class":"Plain","args":[1],"queue":"q2","retry":3,"jid":"7a23633fb3434a8df0c20040","created_at":1796208052.358886,"enqueued_at":1796208052.3588967}"#;
const REAL_BIG: &str = r#"{"args":[1180591620717411303424,1.0,1.0e+20,"é/\u0001"],"class":"Big","jid":"105062b139c633fa388edaf3","queue":"default","retry":true,"created_at":1796208052.3591075,"enqueued_at":1796208052.3591187}"#;
const REAL_PERFORM_IN: &str = r#"{"class":"EchoJob","args":["later"],"at":1796207933.7389722,"jid":"43c361ec59a34ecc2ee2412a","queue":"default","retry":true,"created_at":1796207333.7402143}"#;

/// The fields of a payload in stored order, each value as its raw JSON text.
fn fields(payload: &str) -> Vec<(String, String)> {
    let job = cogctl::store::Job::parse(payload.as_bytes()).unwrap();
    job.fields()
        .map(|(k, v)| (k.to_string(), v.get().to_string()))
        .collect()
}

fn names(payload: &str) -> Vec<String> {
    fields(payload).into_iter().map(|(k, _)| k).collect()
}

fn field(payload: &str, name: &str) -> String {
    fields(payload)
        .into_iter()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no {name} in {payload}"))
        .1
}

/// The same payload with the fields a push makes fresh (jid, timestamps) left out.
fn stable_fields(payload: &str) -> Vec<(String, String)> {
    fields(payload)
        .into_iter()
        .filter(|(k, _)| !matches!(k.as_str(), "jid" | "created_at" | "enqueued_at" | "at"))
        .collect()
}

#[track_caller]
fn assert_jid(jid: &str) {
    assert_eq!(jid.len(), 24, "{jid}");
    assert!(
        jid.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "{jid}"
    );
}

fn enqueue(server: &RedisServer, args: &[&str]) -> Run {
    let mut all = vec!["enqueue"];
    all.extend_from_slice(args);
    cogctl(server, NOW, &all)
}

fn queues(server: &RedisServer) -> BTreeSet<String> {
    redis::cmd("SMEMBERS")
        .arg("cogworker:queues")
        .query(&mut server.conn())
        .unwrap()
}

fn zrange(server: &RedisServer, key: &str) -> Vec<(String, String)> {
    redis::cmd("ZRANGE")
        .arg(key)
        .arg(0)
        .arg(-1)
        .arg("WITHSCORES")
        .query(&mut server.conn())
        .unwrap()
}

#[test]
fn an_immediate_push_has_the_shape_of_the_gems_client_push() {
    let server = RedisServer::start();
    let run = enqueue(&server, &["Plain", "1", "--queue", "q2", "--retry", "3"]);
    run.success();
    let jid = run.stdout.trim();
    assert_jid(jid);
    let list = server.list("cogworker:queue:q2");
    assert_eq!(list.len(), 1);
    let payload = &list[0];
    // Client.push({"class":"Plain","args":[1],"queue":"q2","retry":3}), field by field.
    assert_eq!(names(payload), names(REAL_CLIENT_PUSH));
    assert_eq!(stable_fields(payload), stable_fields(REAL_CLIENT_PUSH));
    assert_eq!(
        payload,
        &format!(
            r#"{{"class":"Plain","args":[1],"queue":"q2","retry":3,"jid":"{jid}","created_at":1796208052.5,"enqueued_at":1796208052.5}}"#
        )
    );
    assert_eq!(queues(&server), BTreeSet::from(["q2".to_string()]));
    assert!(run.stderr.contains("pushed Plain onto cogworker:queue:q2"));
}

#[test]
fn without_options_it_is_perform_async_of_a_class_without_options() {
    let server = RedisServer::start();
    let run = enqueue(&server, &["CrashJob", r#""boom-crash""#]);
    let jid = run.success().stdout.trim().to_string();
    let payload = &server.list("cogworker:queue:default")[0];
    assert_eq!(names(payload), names(REAL_PERFORM_ASYNC));
    assert_eq!(stable_fields(payload), stable_fields(REAL_PERFORM_ASYNC));
    assert_eq!(field(payload, "jid"), format!("\"{jid}\""));
    assert_eq!(field(payload, "created_at"), "1796208052.5");
    assert_eq!(field(payload, "enqueued_at"), "1796208052.5");
    assert_eq!(queues(&server), BTreeSet::from(["default".to_string()]));
}

#[test]
fn numbers_and_strings_are_written_the_ruby_way() {
    let server = RedisServer::start();
    // The real sample's args, spelled loosely; and the same through --args.
    enqueue(
        &server,
        &[
            "Big",
            "1180591620717411303424",
            "1.0",
            "1e20",
            r#""é\/\u0001""#,
        ],
    )
    .success();
    enqueue(
        &server,
        &[
            "Big",
            "--args",
            r#"[ 1180591620717411303424, 1.00, 1E+20, "\u00e9/\u0001" ]"#,
        ],
    )
    .success();
    for payload in server.list("cogworker:queue:default") {
        assert_eq!(field(&payload, "args"), field(REAL_BIG, "args"));
    }
    let run = enqueue(&server, &["X", "--args", "[1e400]"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stderr.contains("too large"), "{}", run.stderr);
}

#[test]
fn a_scheduled_push_is_only_a_zadd_with_the_gems_shape() {
    let server = RedisServer::start();
    let run = enqueue(&server, &["EchoJob", r#""later""#, "--in", "10m", "--json"]);
    let report = run.success().json();
    let jid = report["jid"].as_str().unwrap();
    assert_jid(jid);
    let entries = zrange(&server, "cogworker:schedule");
    assert_eq!(entries.len(), 1);
    let (payload, score) = &entries[0];
    // perform_in(600, "later"): `at` after args, no enqueued_at.
    assert_eq!(names(payload), names(REAL_PERFORM_IN));
    assert_eq!(stable_fields(payload), stable_fields(REAL_PERFORM_IN));
    assert_eq!(field(payload, "at"), "1796208652.5");
    assert_eq!(score, "1796208652.5");
    assert_eq!(field(payload, "created_at"), "1796208052.5");
    // Nothing else: no queue, no cogworker:queues entry (cogctl's audit stream aside).
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg("*")
        .query(&mut server.conn())
        .unwrap();
    keys.retain(|k| k != "cogctl:audit" && !k.starts_with("cogctl:undo:"));
    assert_eq!(keys, ["cogworker:schedule"]);
    assert_eq!(report["scheduled"], true);
    assert_eq!(report["at"], 1796208652.5);
    assert_eq!(report["key"], "cogworker:schedule");
    assert_eq!(report["payload"].as_str().unwrap(), payload);

    // --at: RFC 3339 (and epoch seconds), `at` written as a float.
    let run = enqueue(&server, &["EchoJob", "--at", "2026-12-02T10:00:00Z"]);
    run.success();
    let run = enqueue(&server, &["EchoJob", "--at", "1796205600.25"]);
    run.success();
    let ats: Vec<String> = zrange(&server, "cogworker:schedule")
        .iter()
        .map(|(p, s)| format!("{} {s}", field(p, "at")))
        .collect();
    assert!(
        ats.contains(&"1796205600.0 1796205600".to_string()),
        "{ats:?}"
    );
    assert!(
        ats.contains(&"1796205600.25 1796205600.25".to_string()),
        "{ats:?}"
    );
}

#[test]
fn extra_fields_follow_the_callers_keys_in_order() {
    let server = RedisServer::start();
    let run = enqueue(
        &server,
        &[
            "Tagged",
            "--set",
            r#"tags=["a", 2.50]"#,
            "--set",
            "tenant=7",
            "--set",
            r#"tags=["b"]"#,
            "--retry",
            "false",
        ],
    );
    let jid = run.success().stdout.trim().to_string();
    assert_eq!(
        server.list("cogworker:queue:default")[0],
        format!(
            r#"{{"class":"Tagged","args":[],"retry":false,"tags":["b"],"tenant":7,"jid":"{jid}","queue":"default","created_at":1796208052.5,"enqueued_at":1796208052.5}}"#
        )
    );
    // A given jid is kept, as the gem keeps one.
    let run = enqueue(&server, &["Mine", "--set", r#"jid="my-own-jid""#]);
    assert_eq!(run.success().stdout.trim(), "my-own-jid");
}

#[test]
fn usage_errors_write_nothing() {
    let server = RedisServer::start();
    for args in [
        &["X", "hello"][..],
        &["X", "--set", "queue=\"q\""],
        &["X", "--set", "novalue"],
        &["X", "--set", "a=not json"],
        &["X", "--retry", "maybe"],
        &["X", "--queue", ""],
        &["X", "--args", "{}"],
        &["X", "--in", "5m", "--at", "2026-12-02T10:00:00Z"],
        &["X", "--from", "-"],
        &["--batch", "10"],
        &[""],
    ] {
        let run = enqueue(&server, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert_eq!(run.stdout, "", "{args:?}");
    }
    assert!(server.keyspace().is_empty());
    let run = enqueue(&server, &["X", "hello"]);
    assert!(
        run.stderr.contains(r#"a string needs quotes: '"hello"'"#),
        "{}",
        run.stderr
    );
}

/// Every unique job of fixtures/unique.json: (class, queue, args JSON as stored, lock key,
/// scheduled).
fn unique_jobs() -> Vec<(String, String, String, String, bool)> {
    let fixture = crate::support::fixture("unique");
    let mut payloads = Vec::new();
    for k in &fixture.keys {
        match (k.kind.as_str(), &k.value) {
            ("list", Value::Array(items)) => {
                payloads.extend(
                    items
                        .iter()
                        .map(|v| (v.as_str().unwrap().to_string(), false)),
                );
            }
            ("zset", Value::Array(items)) => {
                payloads.extend(
                    items
                        .iter()
                        .map(|p| (p[0].as_str().unwrap().to_string(), true)),
                );
            }
            _ => {}
        }
    }
    let mut jobs = Vec::new();
    for k in &fixture.keys {
        let Some(Value::String(owner)) = k.key.starts_with("cogworker:unique:").then_some(&k.value)
        else {
            continue;
        };
        let (payload, scheduled) = payloads
            .iter()
            .find(|(p, _)| field(p, "jid") == format!("\"{owner}\""))
            .unwrap();
        let text = |name: &str| serde_json::from_str::<String>(&field(payload, name)).unwrap();
        jobs.push((
            text("class"),
            text("queue"),
            field(payload, "args"),
            k.key.clone(),
            *scheduled,
        ));
    }
    assert_eq!(jobs.len(), 8);
    jobs
}

#[test]
fn unique_locks_are_the_gems_for_every_job_of_the_unique_fixture() {
    let server = RedisServer::start();
    for (class, queue, args, lock, scheduled) in unique_jobs() {
        // Spelled loosely (pretty-printed, escapes where the gem writes raw text): the
        // digest hashes the args as Ruby writes them, so it must not matter.
        let value: Value = serde_json::from_str(&args).unwrap();
        let loose = serde_json::to_string_pretty(&value)
            .unwrap()
            .replace('é', "\\u00e9")
            .replace("1.0e+20", "1e20")
            .replace("2.5e-05", "0.000025");
        let mut argv = vec![
            "--queue", &queue, "--args", &loose, "--unique", "--json", &class,
        ];
        if scheduled {
            argv.extend(["--in", "1h"]);
        }
        let run = enqueue(&server, &argv);
        let report = run.success().json();
        assert_eq!(report["unique_lock"], lock.as_str(), "{class} {args}");
        let jid = report["jid"].as_str().unwrap();
        assert_eq!(server.get(&lock).as_deref(), Some(jid));
        let written = report["payload"].as_str().unwrap();
        assert_eq!(field(written, "args"), args);
        assert_eq!(field(written, "unique"), "\"until_executed\"");
        // A day, plus the hour until a scheduled job is due (the fixture's 89999669 ms).
        let want = if scheduled { 90000 } else { 86400 };
        assert_eq!(report["lock_ttl"], want);
        assert!((want - 2..=want).contains(&server.ttl(&lock)), "{lock}");
    }
}

#[test]
fn a_duplicate_writes_nothing_and_exits_5() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    let before = server.keyspace();
    // The second push of f4bd791df1d5525958b55eff (the fixture's own duplicate).
    let args = r#"["Grüße aus Köln — ✉️","naïve café","日本語テキスト"]"#;
    let run = Cogctl::new(&server)
        .now(now)
        .args([
            "enqueue", "EchoJob", "--queue", "mail-out", "--args", args, "--unique",
        ])
        .run();
    assert_eq!(run.code, 5, "{}", run.snapshot());
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "already enqueued: EchoJob cogworker:unique:038e2c26c670e7ffcf0fabd51d1208e7ff0f178d is \
         held by f4bd791df1d5525958b55eff; nothing was written\n"
    );
    let run = Cogctl::new(&server)
        .now(now)
        .args([
            "enqueue", "EchoJob", "--queue", "mail-out", "--args", args, "--unique", "--json",
        ])
        .run();
    assert_eq!(run.code, 5);
    let report = run.json();
    assert_eq!(report["duplicate"], true);
    assert_eq!(report["jid"], Value::Null);
    assert_eq!(report["held_by"], "f4bd791df1d5525958b55eff");
    assert_eq!(report["payload"], Value::Null);
    assert_eq!(server.keyspace(), before);
}

#[test]
fn a_scheduled_duplicate_of_a_scheduled_job_writes_nothing() {
    let server = RedisServer::start();
    let first = enqueue(&server, &["R", "1", "--in", "600", "--unique", "--json"]);
    assert_eq!(first.success().json()["lock_ttl"], 87000);
    let before = server.keyspace();
    let again = enqueue(&server, &["R", "1", "--in", "600", "--unique"]);
    assert_eq!(again.code, 5);
    let now = enqueue(&server, &["R", "1", "--unique"]);
    assert_eq!(now.code, 5);
    assert_eq!(server.keyspace(), before);
}

#[test]
fn the_single_report_schema() {
    let server = RedisServer::start();
    let report = enqueue(&server, &["S", "--unique", "--json"])
        .success()
        .json();
    let keys: BTreeSet<&str> = report
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "jid",
            "class",
            "queue",
            "key",
            "scheduled",
            "at",
            "duplicate",
            "held_by",
            "unique_lock",
            "lock_ttl",
            "payload",
            "undo"
        ])
    );
    let line = enqueue(&server, &["S", "--ndjson"]).success().ndjson();
    assert_eq!(line.len(), 1);
    assert_eq!(line[0]["duplicate"], false);
}

#[test]
fn a_queue_key_of_the_wrong_type_is_refused_whole() {
    let server = RedisServer::start();
    server.exec(&[
        &["SET", "cogworker:queue:broken", "x"],
        &["SET", "cogworker:schedule", "y"],
    ]);
    let before = server.keyspace();
    for args in [
        &["J", "--queue", "broken"][..],
        &["J", "--queue", "broken", "--unique"],
        &["J", "--in", "5m", "--unique"],
        &["J", "--in", "5m"],
    ] {
        let run = enqueue(&server, args);
        assert_eq!(run.code, 1, "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr.contains("is a string, not the")
                && run
                    .stderr
                    .contains("cogworker keeps there; nothing was written"),
            "{}",
            run.stderr
        );
        // No lock left behind, no queue registered.
        assert_eq!(server.keyspace(), before, "{args:?}");
    }
}

fn write_specs(server: &RedisServer, lines: &[&str]) -> std::path::PathBuf {
    let path = server.dir().join("specs.ndjson");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

const SPECS: &[&str] = &[
    r#"{"class":"A","args":[1]}"#,
    "",
    "not json",
    r#"{"class":"B","queue":"broken","unique":true}"#,
    r#"{"class":"C","args":["x"],"in":60,"unique":true}"#,
    r#"{"class":"C","args":["x"],"in":60,"unique":true}"#,
    r#"{"class":"D","queue":"mail","retry":3,"set":{"tags":["t"],"tenant":1e20}}"#,
    r#"{"class":"E","queu":"typo"}"#,
    r#"{"class":"F","at":"2026-12-02T10:00:00Z"}"#,
    r#"{"class":"G","args":[2],"queue":"broken"}"#,
    r#"{"args":[]}"#,
    r#"{"class":"H","unique":true}"#,
];

#[test]
fn from_a_file_good_lines_are_pushed_once_and_bad_ones_reported() {
    let server = RedisServer::start();
    server.exec(&[&["SET", "cogworker:queue:broken", "x"]]);
    let path = write_specs(&server, SPECS);
    let run = enqueue(&server, &["--from", path.to_str().unwrap(), "--json"]);
    assert_eq!(run.code, 4, "{}", run.snapshot());
    let summary = run.json();
    let keys: BTreeSet<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "source",
            "target",
            "lines",
            "pushed",
            "scheduled",
            "duplicates",
            "bad_lines",
            "failed",
            "interrupted",
            "elapsed_secs",
            "errors",
            "errors_more",
            "undo"
        ])
    );
    assert_eq!(summary["source"], path.to_str().unwrap());
    assert_eq!(summary["lines"], 11);
    assert_eq!(summary["pushed"], 3);
    assert_eq!(summary["scheduled"], 2);
    assert_eq!(summary["duplicates"], 1);
    assert_eq!(summary["bad_lines"], 3);
    assert_eq!(summary["failed"], 2);
    assert_eq!(summary["interrupted"], false);
    let errors: Vec<(u64, bool, String)> = summary["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["line"].as_u64().unwrap(),
                e["jid"].is_string(),
                e["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let lines: Vec<u64> = errors.iter().map(|e| e.0).collect();
    assert_eq!(lines, [3, 4, 8, 10, 11], "{errors:?}");
    assert!(
        errors[0].2.starts_with("not a job spec") && !errors[0].1,
        "{errors:?}"
    );
    assert!(errors[1].1 && errors[1].2.contains("cogworker:queue:broken is a string"));
    assert!(errors[2].2.contains("unknown field `queu`"), "{errors:?}");
    assert!(errors[3].1 && errors[3].2.contains("cogworker:queue:broken is a string"));
    assert!(errors[4].2.contains("no \"class\""), "{errors:?}");

    // Each good job exactly once, with the gem's shape.
    let default = server.list("cogworker:queue:default");
    assert_eq!(default.len(), 2);
    assert_eq!(field(&default[1], "class"), "\"A\"");
    assert_eq!(
        names(&default[0]),
        [
            "class",
            "args",
            "unique",
            "jid",
            "queue",
            "retry",
            "created_at",
            "enqueued_at"
        ]
    );
    let mail = server.list("cogworker:queue:mail");
    assert_eq!(mail.len(), 1);
    assert_eq!(
        names(&mail[0]),
        [
            "class",
            "args",
            "queue",
            "retry",
            "tags",
            "tenant",
            "jid",
            "created_at",
            "enqueued_at"
        ]
    );
    assert_eq!(field(&mail[0], "tenant"), "1.0e+20");
    assert_eq!(zrange(&server, "cogworker:schedule").len(), 2);
    assert_eq!(
        queues(&server),
        BTreeSet::from(["default".to_string(), "mail".to_string()])
    );
    // Locks: C's and H's; none for the refused B.
    let locks: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:unique:*")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(locks.len(), 2);
    assert_eq!(server.get("cogworker:queue:broken").as_deref(), Some("x"));

    // The same file again: the unique jobs are duplicates now, the others pushed again.
    let again = enqueue(&server, &["--from", path.to_str().unwrap(), "--json"]);
    assert_eq!(again.code, 4);
    assert_eq!(again.json()["duplicates"], 3);
}

#[test]
fn the_bulk_summary_for_people() {
    let server = RedisServer::start();
    server.exec(&[&["SET", "cogworker:queue:broken", "x"]]);
    let path = write_specs(&server, SPECS);
    let run = enqueue(&server, &["--from", path.to_str().unwrap()]);
    let text = run
        .stable_snapshot(&server)
        .replace(path.to_str().unwrap(), "<specs>");
    insta::assert_snapshot!(text);
}

#[test]
fn from_stdin() {
    let server = RedisServer::start();
    let input = "{\"class\":\"A\",\"args\":[1]}\n\n{\"class\":\"B\",\"queue\":\"q\"}";
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["enqueue", "--from", "-", "--ndjson"])
        .stdin(input.as_bytes())
        .run();
    let summary = &run.success().ndjson()[0];
    assert_eq!(summary["source"], "-");
    assert_eq!(summary["pushed"], 2);
    assert_eq!(server.list("cogworker:queue:default").len(), 1);
    assert_eq!(server.list("cogworker:queue:q").len(), 1);

    let empty = Cogctl::new(&server)
        .now(NOW)
        .args(["enqueue", "--from", "-"])
        .stdin(b"\n")
        .run();
    assert_eq!(
        empty.success().stdout,
        "nothing to enqueue: - holds no job specs\n"
    );

    let bad = Cogctl::new(&server)
        .now(NOW)
        .args(["enqueue", "--from", "-", "--json"])
        .stdin(b"{}\n[]\n")
        .run();
    assert_eq!(bad.code, 1, "only bad lines: {}", bad.snapshot());
}

#[test]
fn from_streams_a_hundred_thousand_jobs_in_small_batches() {
    let server = RedisServer::start();
    let path = server.dir().join("many.ndjson");
    let mut text = String::with_capacity(100_000 * 80);
    for i in 0..100_000 {
        let queue = ["a", "b", "c"][i % 3];
        text.push_str(&format!(
            "{{\"class\":\"Bulk\",\"queue\":\"{queue}\",\"args\":[{i},\"n-{i}\",{{\"x\":1.5}}]{}}}\n",
            if i % 10 == 0 { ",\"in\":3600" } else { "" }
        ));
    }
    std::fs::write(&path, text).unwrap();
    let run = enqueue(
        &server,
        &["--from", path.to_str().unwrap(), "--json", "--batch", "700"],
    );
    let summary = run.success().json();
    assert_eq!(summary["pushed"], 90_000);
    assert_eq!(summary["scheduled"], 10_000);
    let mut conn = server.conn();
    let mut total = 0;
    for q in ["a", "b", "c"] {
        let len: u64 = redis::cmd("LLEN")
            .arg(format!("cogworker:queue:{q}"))
            .query(&mut conn)
            .unwrap();
        total += len;
    }
    assert_eq!(total, 90_000);
    let zcard: u64 = redis::cmd("ZCARD")
        .arg("cogworker:schedule")
        .query(&mut conn)
        .unwrap();
    assert_eq!(zcard, 10_000);
    // In file order: the oldest job is at the right end of its queue.
    let oldest: String = redis::cmd("LINDEX")
        .arg("cogworker:queue:b")
        .arg(-1)
        .query(&mut conn)
        .unwrap();
    assert_eq!(field(&oldest, "args"), r#"[1,"n-1",{"x":1.5}]"#);
    let newest: String = redis::cmd("LINDEX")
        .arg("cogworker:queue:a")
        .arg(0)
        .query(&mut conn)
        .unwrap();
    assert_eq!(field(&newest, "args"), r#"[99999,"n-99999",{"x":1.5}]"#);
}

#[test]
fn a_batch_whose_scripts_were_flushed_runs_them_again() {
    use cogctl::ops::push::{Batch, JobSpec, When, Written};
    use cogctl::store::ids::Jids;
    use cogctl::term::ui::Clock;
    use serde_json::value::RawValue;
    use std::borrow::Cow;

    let server = RedisServer::start();
    server.exec(&[&["SCRIPT", "FLUSH"]]);
    let spec = |unique| JobSpec {
        class: "F".into(),
        args: Cow::Owned(RawValue::from_string("[1]".into()).unwrap()),
        queue: Some("f".into()),
        retry: None,
        unique,
        when: When::Now,
        set: Vec::new(),
    };
    let mut batch = Batch::default();
    let (mut jids, clock) = (Jids::new(), Clock::pinned(NOW));
    for unique in [false, true, true] {
        batch.add(&spec(unique), &mut jids, &clock).unwrap();
    }
    let outcomes = batch.write(&mut server.store()).unwrap();
    assert_eq!(outcomes[..2], [Written::Written, Written::Written]);
    assert!(matches!(&outcomes[2], Written::Duplicate(Some(holder)) if holder == batch.get(1).jid));
    assert_eq!(server.list("cogworker:queue:f").len(), 2);
    assert_eq!(queues(&server), BTreeSet::from(["f".to_string()]));
    assert_eq!(
        server.get(batch.get(1).lock.unwrap().0).as_deref(),
        Some(batch.get(1).jid)
    );
}
