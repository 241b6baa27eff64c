//! `cogctl undo`: every undoable change is taken back byte for byte (keys compared by DUMP
//! before the change and after its undo), only what is still as the change left it, twice
//! says so, unknown ids, --no-undo, retention, purge, read-only contexts, hostile members.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

use crate::support::{Cogctl, RedisServer, Run, cogctl};

/// Every key but cogctl's own, as its type, its content (elements in order, members sorted,
/// members with their score text, fields sorted, the bytes) and whether it has a TTL: what a
/// reader sees. (DUMP would also compare how Redis happens to lay a list out in memory.)
pub(crate) type Keyspace = BTreeMap<Vec<u8>, (String, Vec<Vec<u8>>, bool)>;

pub(crate) trait Logical {
    fn contents(&self) -> Keyspace;
}

impl Logical for RedisServer {
    fn contents(&self) -> Keyspace {
        let mut conn = self.conn();
        let keys: Vec<Vec<u8>> = redis::cmd("KEYS").arg("*").query(&mut conn).unwrap();
        keys.into_iter()
            .filter(|k| !k.starts_with(b"cogctl:"))
            .map(|k| {
                let kind: String = redis::cmd("TYPE").arg(&k).query(&mut conn).unwrap();
                let cmd = match kind.as_str() {
                    "list" => redis::cmd("LRANGE").arg(&k).arg(0).arg(-1).clone(),
                    "set" => redis::cmd("SMEMBERS").arg(&k).clone(),
                    "zset" => redis::cmd("ZRANGE")
                        .arg(&k)
                        .arg(0)
                        .arg(-1)
                        .arg("WITHSCORES")
                        .clone(),
                    "hash" => redis::cmd("HGETALL").arg(&k).clone(),
                    _ => redis::cmd("DUMP").arg(&k).clone(),
                };
                let mut content: Vec<Vec<u8>> = if kind == "string"
                    || !matches!(kind.as_str(), "list" | "set" | "zset" | "hash")
                {
                    vec![cmd.query::<Vec<u8>>(&mut conn).unwrap()]
                } else {
                    cmd.query(&mut conn).unwrap()
                };
                if kind == "set" {
                    content.sort();
                }
                if kind == "hash" {
                    let mut pairs: Vec<Vec<u8>> = content
                        .chunks(2)
                        .map(|p| [p[0].clone(), vec![0], p[1].clone()].concat())
                        .collect();
                    pairs.sort();
                    content = pairs;
                }
                let ttl: i64 = redis::cmd("PTTL").arg(&k).query(&mut conn).unwrap();
                (k, (kind, content, ttl >= 0))
            })
            .collect()
    }
}

/// The fixture's capture time: its retry/schedule scores read as they did then.
fn now_of(name: &str) -> f64 {
    crate::support::fixture(name).captured_at
}

fn run(server: &RedisServer, now: f64, args: &[&str]) -> Run {
    cogctl(server, now, args)
}

/// The keys of cogctl's undo records (the index left out).
fn undo_keys(server: &RedisServer) -> Vec<String> {
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg("cogctl:undo:*")
        .query(&mut server.conn())
        .unwrap();
    keys.retain(|k| k != "cogctl:undo:index");
    keys.sort();
    keys
}

#[track_caller]
pub(crate) fn assert_same(before: &Keyspace, after: &Keyspace, what: &str) {
    let mut problems = Vec::new();
    for (k, v) in before {
        match after.get(k) {
            None => problems.push(format!("{} is missing", String::from_utf8_lossy(k))),
            Some(a) if a != v => problems.push(format!("{} differs", String::from_utf8_lossy(k))),
            _ => {}
        }
    }
    for k in after.keys().filter(|k| !before.contains_key(*k)) {
        problems.push(format!("{} is new", String::from_utf8_lossy(k)));
    }
    assert!(problems.is_empty(), "{what}: {problems:#?}");
}

/// Run `change`, check it changed cogworker's keys, undo it with `undo last`, and check
/// every key is back byte for byte; then undo the undo and check the change is made again.
#[track_caller]
fn round_trip(server: &RedisServer, now: f64, change: &[&str]) {
    let before = server.contents();
    let r = run(server, now, change);
    assert!(r.code == 0, "{change:?}: {}", r.snapshot());
    assert!(
        r.stderr.contains("undo: kept"),
        "{change:?} says what it kept: {}",
        r.stderr
    );
    let changed = server.contents();
    assert_ne!(before, changed, "{change:?} changed nothing");
    let u = run(server, now, &["undo", "last", "--yes"]);
    assert_eq!(u.code, 0, "undo of {change:?}: {}", u.snapshot());
    assert_same(
        &before,
        &server.contents(),
        &format!("after undoing {change:?}"),
    );
    // The undo is a change too: undoing it makes the change again.
    let redo = run(server, now, &["undo", "last", "--yes"]);
    assert_eq!(redo.code, 0, "redo of {change:?}: {}", redo.snapshot());
    assert_same(
        &changed,
        &server.contents(),
        &format!("after undoing the undo of {change:?}"),
    );
    // And once more: back to where it started.
    let again = run(server, now, &["undo", "last", "--yes"]);
    assert_eq!(
        again.code,
        0,
        "third undo of {change:?}: {}",
        again.snapshot()
    );
    assert_same(
        &before,
        &server.contents(),
        &format!("after the third undo of {change:?}"),
    );
}

#[test]
fn every_change_to_a_set_is_undone_byte_for_byte() {
    let now = now_of("incident");
    for change in [
        &["dead", "delete", "--all", "--yes"][..],
        &["retry", "delete", "--all", "--yes"],
        &["scheduled", "delete", "--all", "--yes"],
        &["retry", "kill", "--all", "--yes"],
        &["dead", "retry", "--all", "--yes"],
        &["retry", "retry", "--all", "--yes"],
        &["scheduled", "enqueue-now", "--all", "--yes"],
        &["retry", "reschedule", "--all", "--in", "2h", "--yes"],
        &["scheduled", "reschedule", "--all", "--in", "3h", "--yes"],
    ] {
        let server = RedisServer::start();
        server.load("incident");
        round_trip(&server, now, change);
    }
}

#[test]
fn every_change_to_a_queue_is_undone_byte_for_byte() {
    let now = now_of("incident");
    for change in [
        &["queue", "clear", "default", "--yes"][..],
        &["queue", "delete-job", "default", "--all", "--yes"],
        &["queue", "pause", "default", "mail-out"],
        &["queue", "resume", "critical", "default"],
    ] {
        let server = RedisServer::start();
        server.load("incident");
        // Something paused, so that resume has something to do.
        server.exec(&[&["SADD", "cogworker:paused_queues", "critical"]]);
        round_trip(&server, now, change);
    }
}

#[test]
fn a_delete_job_is_put_back_in_its_place_in_line() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    for i in 0..12 {
        let job = format!(
            r#"{{"class":"J","args":[{i}],"jid":"{:024x}","queue":"q","enqueued_at":1796208000.{i}}}"#,
            i + 1
        );
        server.exec(&[&["LPUSH", "cogworker:queue:q", &job]]);
    }
    server.exec(&[&["SADD", "cogworker:queues", "q"]]);
    assert_eq!(server.list("cogworker:queue:q"), original_queue());
    // Three jobs, two of them side by side, by jid.
    let r = run(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "q",
            &format!("{:024x}", 3),
            &format!("{:024x}", 4),
            &format!("{:024x}", 9),
            "--yes",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(server.list("cogworker:queue:q").len(), 9);
    // Jobs pushed since go behind them, and the next job in line is taken meanwhile.
    server.exec(&[&[
        "LPUSH",
        "cogworker:queue:q",
        r#"{"class":"New","jid":"n1"}"#,
    ]]);
    server.exec(&[&["RPOP", "cogworker:queue:q"]]);
    let u = run(&server, now, &["undo", "last", "--yes"]);
    assert_eq!(u.code, 0, "{}", u.snapshot());
    let mut expected: Vec<String> = original_queue();
    expected.insert(0, r#"{"class":"New","jid":"n1"}"#.into());
    expected.pop();
    assert_eq!(server.list("cogworker:queue:q"), expected);
}

/// The twelve jobs of the delete-job test, head (newest) first.
fn original_queue() -> Vec<String> {
    (0..12)
        .rev()
        .map(|i| {
            format!(
                r#"{{"class":"J","args":[{i}],"jid":"{:024x}","queue":"q","enqueued_at":1796208000.{i}}}"#,
                i + 1
            )
        })
        .collect()
}

#[test]
fn a_cleared_queue_comes_back_in_front_of_what_was_pushed_since() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let before = server.list("cogworker:queue:default");
    run(&server, now, &["queue", "clear", "default", "--yes"]).success();
    assert!(!server.exists("cogworker:queue:default"));
    server.exec(&[
        &["LPUSH", "cogworker:queue:default", "new-1"],
        &["LPUSH", "cogworker:queue:default", "new-2"],
    ]);
    run(&server, now, &["undo", "last", "--yes"]).success();
    let mut expected = vec!["new-2".to_string(), "new-1".to_string()];
    expected.extend(before);
    assert_eq!(server.list("cogworker:queue:default"), expected);
    assert_eq!(
        server.ttl("cogworker:queue:default"),
        -1,
        "the queue keeps no TTL"
    );
    // That undo can't be undone while the queue changed since: nothing is touched.
    server.exec(&[&["RPOP", "cogworker:queue:default"]]);
    let held = server.list("cogworker:queue:default");
    let r = run(&server, now, &["undo", "last", "--yes"]);
    assert_eq!(r.code, 1, "{}", r.snapshot());
    assert!(r.stdout.contains("can't be told apart"), "{}", r.stdout);
    assert_eq!(server.list("cogworker:queue:default"), held);
}

#[test]
fn enqueues_and_periodic_changes_are_undone() {
    let now = now_of("periodic");
    let server = RedisServer::start();
    server.load("periodic");
    let pjid = {
        let list = run(&server, now, &["--json", "periodic", "list"]);
        list.json()["entries"][0]["pjid"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for change in [
        // Without a terminal a single push keeps a record only when asked (--keep-undo).
        vec![
            "enqueue",
            "SomeJob",
            "1",
            "--queue",
            "q1",
            "--keep-undo",
            "1h",
        ],
        vec![
            "enqueue",
            "SomeJob",
            "2",
            "--queue",
            "q1",
            "--unique",
            "--keep-undo",
            "1h",
        ],
        vec!["enqueue", "Later", "3", "--in", "1h", "--keep-undo", "1h"],
        vec!["periodic", "run-now", &pjid],
        vec!["periodic", "disable", &pjid],
        vec!["periodic", "enable", "--all", "--yes"],
    ] {
        // The registry gains a new queue's name, as the gem's client adds it; an undo
        // leaves registered names alone (the gem never removes one either).
        server.exec(&[&["SADD", "cogworker:queues", "q1", "default", "critical"]]);
        round_trip(&server, now, &change);
    }
    let jobs = "{\"class\":\"A\",\"args\":[1],\"queue\":\"q2\"}\n{\"class\":\"B\",\"args\":[2],\"queue\":\"q2\"}\n";
    server.exec(&[&["SADD", "cogworker:queues", "q2"]]);
    let before = server.contents();
    let r = Cogctl::new(&server)
        .now(now)
        .args(["enqueue", "--from", "-"])
        .stdin(jobs.as_bytes())
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(server.list("cogworker:queue:q2").len(), 2);
    run(&server, now, &["undo", "last", "--yes"]).success();
    assert_same(&before, &server.contents(), "after undoing enqueue --from");
}

#[test]
fn an_import_is_undone_and_entries_already_there_stay() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dead.ndjson");
    let existing: Vec<(String, String)> = server.zset("cogworker:dead");
    let mut lines = format!(
        "{{\"score\":{},\"member\":{}}}\n",
        existing[0].1,
        serde_json::to_string(&existing[0].0).unwrap()
    );
    lines.push_str("{\"score\":1796200000.5,\"member\":\"{\\\"class\\\":\\\"Imported\\\",\\\"jid\\\":\\\"x1\\\"}\"}\n");
    std::fs::write(&file, lines).unwrap();
    round_trip(
        &server,
        now,
        &["dead", "import", file.to_str().unwrap(), "--yes"],
    );
}

#[test]
fn a_retry_undone_after_a_worker_took_part_of_it_restores_the_rest() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    for (i, queue) in ["a", "a", "a", "b", "b"].iter().enumerate() {
        let job = format!(
            r#"{{"class":"Noop","args":[{i}],"jid":"{:024x}","queue":"{queue}","retry":true,"error_class":"E","error_message":"boom","failed_at":1796200000.0,"retry_count":25}}"#,
            i + 1
        );
        server.exec(&[&["ZADD", "cogworker:dead", &format!("17962000{i}0.5"), &job]]);
    }
    let dead_before: Vec<(Vec<u8>, Vec<u8>)> = server.zset("cogworker:dead");
    run(&server, now, &["dead", "retry", "--all", "--yes"]).success();
    assert_eq!(server.list("cogworker:queue:a").len(), 3);
    // A worker takes and runs queue a's jobs.
    let w = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "-q",
            "a",
            "--handler",
            "Noop=builtin:noop",
        ])
        .run();
    assert_eq!(w.code, 0, "{}", w.snapshot());
    assert!(server.list("cogworker:queue:a").is_empty());
    let u = run(&server, now, &["--json", "undo", "last", "--yes"]);
    assert_eq!(u.code, 4, "partial: {}", u.snapshot());
    let report = u.json();
    assert_eq!(report["restored"], 2);
    assert_eq!(report["left"], 3);
    for e in report["left_entries"].as_array().unwrap() {
        assert_eq!(e["reason"], "taken", "{e}");
    }
    // Queue b's two jobs are back in dead exactly as they were; a's ran.
    let dead_after: Vec<(Vec<u8>, Vec<u8>)> = server.zset("cogworker:dead");
    let b: Vec<_> = dead_before
        .into_iter()
        .filter(|(m, _)| String::from_utf8_lossy(m).contains("\"queue\":\"b\""))
        .collect();
    assert_eq!(dead_after, b);
    assert!(server.list("cogworker:queue:b").is_empty());
}

#[test]
fn undoing_twice_unknown_ids_and_no_undo() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let r = run(&server, now, &["dead", "delete", "--all", "--yes"]);
    r.success();
    let audit_id = {
        let a = run(&server, now, &["--json", "audit", "--limit", "1"]);
        a.json()["entries"][0]["id"].as_str().unwrap().to_string()
    };
    let first = run(&server, now, &["undo", &audit_id, "--yes"]);
    assert_eq!(first.code, 0, "{}", first.snapshot());
    let held = server.contents();
    let again = run(&server, now, &["undo", &audit_id, "--yes"]);
    assert_eq!(again.code, 1, "{}", again.snapshot());
    assert!(again.stderr.contains("undone already"), "{}", again.stderr);
    assert_eq!(held, server.contents());

    for (id, code, says) in [
        ("1-0", 1, "no audit entry"),
        ("u-20200101-000000-abcd", 1, "is gone"),
        ("yesterday", 2, "not a change id"),
    ] {
        let r = run(&server, now, &["undo", id, "--yes"]);
        assert_eq!(r.code, code, "{id}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{id}: {}", r.stderr);
        assert_eq!(held, server.contents());
    }

    // --no-undo keeps nothing; the audit says so; undo refuses.
    let keys_before = undo_keys(&server);
    run(
        &server,
        now,
        &["retry", "delete", "--all", "--yes", "--no-undo"],
    )
    .success();
    assert_eq!(undo_keys(&server), keys_before, "--no-undo kept something");
    let entry =
        run(&server, now, &["--json", "audit", "--limit", "1"]).json()["entries"][0].clone();
    assert_eq!(entry["undo"], "off");
    let r = run(
        &server,
        now,
        &["undo", entry["id"].as_str().unwrap(), "--yes"],
    );
    assert_eq!(r.code, 1, "{}", r.snapshot());
    assert!(r.stderr.contains("--no-undo"), "{}", r.stderr);

    // Not undoable at all: named as such.
    run(&server, now, &["procs", "prune"]).success();
    let entry =
        run(&server, now, &["--json", "audit", "--limit", "1"]).json()["entries"][0].clone();
    assert_eq!(entry["undo"], "no", "{entry}");
}

#[test]
fn a_record_expires_with_its_retention_and_can_be_purged() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    run(
        &server,
        now,
        &["dead", "delete", "--all", "--yes", "--keep-undo", "1s"],
    )
    .success();
    assert!(undo_keys(&server).len() > 2, "{:?}", undo_keys(&server));
    std::thread::sleep(Duration::from_millis(1600));
    assert_eq!(
        undo_keys(&server),
        Vec::<String>::new(),
        "every key of the record expired with it"
    );
    let r = run(&server, now, &["undo", "last", "--yes"]);
    assert_eq!(r.code, 1, "{}", r.snapshot());

    run(&server, now, &["retry", "delete", "--all", "--yes"]).success();
    let list = run(&server, now, &["--json", "undo", "list"]).json();
    let id = list["records"][0]["id"].as_str().unwrap().to_string();
    let p = run(&server, now, &["undo", "purge", &id, "--yes"]);
    assert_eq!(p.code, 0, "{}", p.snapshot());
    assert_eq!(undo_keys(&server), Vec::<String>::new());
    let r = run(&server, now, &["undo", &id, "--yes"]);
    assert_eq!(r.code, 1, "{}", r.snapshot());
    // Without a terminal and without --yes, purge refuses.
    let r = run(&server, now, &["undo", "purge", "--all"]);
    assert_eq!(r.code, 2, "{}", r.snapshot());
}

#[test]
fn undo_asks_first_and_its_dry_run_changes_nothing() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    let r = server.assert_read_only(|| run(&server, now, &["undo", "last", "--dry-run"]));
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stdout.contains("would undo `dead delete`"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("put back 3 entries into cogworker:dead"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("until"), "{}", r.stdout);
    let r = run(&server, now, &["undo", "last"]);
    assert_eq!(r.code, 2, "no terminal, no --yes: {}", r.snapshot());
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 0);
}

#[test]
fn a_read_only_context_refuses_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        format!(
            "current_context = \"prod\"\n[contexts.prod]\nredis_url = \"redis://127.0.0.1:{}/0\"\nread_only = true\n",
            crate::support::free_port()
        ),
    )
    .unwrap();
    for argv in [
        vec!["undo", "last", "--yes"],
        vec!["undo", "purge", "--all", "--yes"],
    ] {
        let r = Cogctl::bare()
            .env("COGCTL_CONFIG", path.to_str().unwrap())
            .args(&argv)
            .run();
        assert_eq!(r.code, 2, "{argv:?}: {}", r.snapshot());
        assert!(r.stderr.contains("read-only"), "{}", r.stderr);
    }
}

#[test]
fn hostile_members_survive_the_round_trip_byte_for_byte() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    let mut conn = server.conn();
    let huge = format!(
        r#"{{"class":"Big","jid":"big","queue":"q","args":["{}"]}}"#,
        "x".repeat(1 << 20)
    );
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let members: Vec<Vec<u8>> = vec![
        b"{\"class\":\"\\u001b]0;pwned\\u0007\",\"jid\":\"e1\",\"queue\":\"q\x1b[31m\"}".to_vec(),
        b"not json \xff\xfe\x00 at all".to_vec(),
        huge.into_bytes(),
        deep.into_bytes(),
        b"{\"class\":\"Dup\",\"jid\":\"d\"}".to_vec(),
    ];
    for (i, m) in members.iter().enumerate() {
        redis::cmd("ZADD")
            .arg("cogworker:dead")
            .arg(format!("1796200000.{i}"))
            .arg(m)
            .query::<()>(&mut conn)
            .unwrap();
        redis::cmd("LPUSH")
            .arg("cogworker:queue:q")
            .arg(m)
            .query::<()>(&mut conn)
            .unwrap();
    }
    server.exec(&[&["SADD", "cogworker:queues", "q"]]);
    round_trip(&server, now, &["dead", "delete", "--all", "--yes"]);
    round_trip(&server, now, &["queue", "clear", "q", "--yes"]);
    round_trip(
        &server,
        now,
        &["queue", "delete-job", "q", "--all", "--yes"],
    );
}

#[test]
fn a_deleted_entry_someone_put_back_is_left_alone_and_named() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let dead: Vec<(String, String)> = server.zset("cogworker:dead");
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    // Someone re-adds one entry, at another score.
    server.exec(&[&["ZADD", "cogworker:dead", "5", &dead[0].0]]);
    let u = run(&server, now, &["undo", "last", "--yes"]);
    assert_eq!(u.code, 4, "{}", u.snapshot());
    assert!(u.stdout.contains("1 left alone"), "{}", u.stdout);
    assert!(u.stdout.contains("already there again"), "{}", u.stdout);
    let after: Vec<(String, String)> = server.zset("cogworker:dead");
    assert_eq!(after.len(), 3);
    assert!(after.iter().any(|(m, s)| m == &dead[0].0 && s == "5"));
    // Undoing the undo deletes what it put back, and leaves the entry it didn't.
    run(&server, now, &["undo", "last", "--yes"]).success();
    let after: Vec<(String, String)> = server.zset("cogworker:dead");
    assert_eq!(after, vec![(dead[0].0.clone(), "5".to_string())]);
}

#[test]
fn a_whole_delete_undone_after_new_deaths_keeps_them() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let before: Vec<(String, String)> = server.zset("cogworker:dead");
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    // A job dies meanwhile.
    let newcomer = r#"{"class":"New","jid":"0000000000000000000000ee","queue":"q"}"#;
    server.exec(&[&["ZADD", "cogworker:dead", "1796300000", newcomer]]);
    run(&server, now, &["undo", "last", "--yes"]).success();
    let mut expected = before.clone();
    expected.push((newcomer.to_string(), "1796300000".to_string()));
    assert_eq!(server.zset::<String, String>("cogworker:dead"), expected);
    // Undoing the undo deletes what it put back: the newcomer stays.
    run(&server, now, &["undo", "last", "--yes"]).success();
    assert_eq!(
        server.zset::<String, String>("cogworker:dead"),
        vec![(newcomer.to_string(), "1796300000".to_string())]
    );
    // And again: every entry back, the newcomer with them.
    run(&server, now, &["undo", "last", "--yes"]).success();
    assert_eq!(server.zset::<String, String>("cogworker:dead"), expected);
}

#[test]
fn a_whole_delete_undone_after_many_new_deaths_goes_member_by_member() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let before: Vec<(String, String)> = server.zset("cogworker:dead");
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    // More new deaths than one step merges.
    let mut conn = server.conn();
    let mut pipe = redis::pipe();
    for i in 0..10_001 {
        pipe.cmd("ZADD")
            .arg("cogworker:dead")
            .arg(1_796_300_000 + i)
            .arg(format!(r#"{{"class":"New","jid":"{i:024x}"}}"#));
    }
    pipe.query::<()>(&mut conn).unwrap();
    let u = run(&server, now, &["--json", "undo", "last", "--yes"]);
    assert_eq!(u.code, 0, "{}", u.snapshot());
    assert_eq!(u.json()["restored"], 3);
    let after: Vec<(String, String)> = server.zset("cogworker:dead");
    assert_eq!(after.len(), 10_004);
    assert!(before.iter().all(|e| after.contains(e)));
}

#[test]
fn the_audit_trail_says_what_can_be_undone_and_until_when() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    run(&server, now, &["procs", "prune"]).success();
    let a = run(&server, now, &["audit", "--limit", "2"]);
    a.success();
    let lines: Vec<&str> = a.stdout.lines().collect();
    assert!(lines[0].contains("UNDO"), "{}", a.stdout);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("dead delete") && l.contains("left")),
        "{}",
        a.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("procs prune") && l.contains(" no ")),
        "{}",
        a.stdout
    );
    let json = run(&server, now, &["--json", "audit", "--limit", "2"]).json();
    let delete = &json["entries"][1];
    assert!(
        delete["undo"].as_str().unwrap().starts_with("u-"),
        "{delete}"
    );
    assert_eq!(delete["undo_state"], "open");
    assert!(delete["undo_until"].as_str().is_some());
    run(&server, now, &["undo", "last", "--yes"]).success();
    let json = run(&server, now, &["--json", "audit", "--limit", "3"]).json();
    assert_eq!(json["entries"][0]["command"], "undo");
    assert_eq!(json["entries"][2]["undo_state"], "undone");
}

/// `n` jobs on queue `q`, job i with args [i % distinct]: the head (newest) first in the
/// returned list, as LRANGE reads it.
fn seed_with_duplicates(server: &RedisServer, q: &str, n: usize, distinct: usize) -> Vec<String> {
    let mut conn = server.conn();
    let mut pipe = redis::pipe();
    for i in 0..n {
        let job = format!(
            r#"{{"class":"Noop","args":[{}],"jid":"{:024x}","queue":"{q}","enqueued_at":1796208000.5}}"#,
            i % distinct,
            i + 1
        );
        pipe.cmd("LPUSH")
            .arg(format!("cogworker:queue:{q}"))
            .arg(job);
    }
    pipe.cmd("SADD").arg("cogworker:queues").arg(q);
    pipe.query::<()>(&mut conn).unwrap();
    server.list(&format!("cogworker:queue:{q}"))
}

/// A worker taking queue d's Noop jobs until it is empty, each run recorded in the history.
fn drain(server: &RedisServer) -> crate::support::Spawned {
    Cogctl::new(server)
        .args([
            "worker",
            "--burst",
            "--history",
            "-q",
            "d",
            "--concurrency",
            "4",
            "--handler",
            "Noop=builtin:noop",
        ])
        .spawn()
}

/// How many times each jid ran (the history the worker recorded).
fn runs(server: &RedisServer) -> std::collections::BTreeMap<String, u32> {
    let history: Vec<String> = redis::cmd("ZRANGE")
        .arg("cogworker:history:all")
        .arg(0)
        .arg(-1)
        .query(&mut server.conn())
        .unwrap();
    let mut ran = std::collections::BTreeMap::new();
    for h in &history {
        let v: serde_json::Value = serde_json::from_str(h).unwrap();
        *ran.entry(v["jid"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    ran
}

#[test]
fn dedupe_keeps_the_copy_workers_take_first_and_is_undone_exactly() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    let before = seed_with_duplicates(&server, "d", 3000, 1000);
    // An element that isn't a job is nobody's duplicate.
    server.exec(&[&["LPUSH", "cogworker:queue:d", "not json"]]);
    let before_keys = server.contents();

    let dry = server.assert_read_only(|| {
        run(
            &server,
            now,
            &["--json", "queue", "dedupe", "d", "--dry-run"],
        )
    });
    let dry = dry.json();
    assert_eq!(dry["duplicates"], 2000, "{dry}");
    assert_eq!(dry["distinct"], 1001);
    assert_eq!(dry["by_class"][0]["class"], "Noop");
    assert_eq!(dry["by_class"][0]["duplicates"], 2000);
    assert!(dry["undo"]["bytes"].as_u64().unwrap() > 0);

    let r = run(&server, now, &["--json", "queue", "dedupe", "d", "--yes"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["duplicates"], 2000);
    // Kept: of each args, the oldest (nearest the tail): jobs 1..=1000, in order.
    let after = server.list("cogworker:queue:d");
    let mut expected: Vec<String> = before[2000..].to_vec();
    expected.insert(0, "not json".into());
    assert_eq!(after, expected);

    run(&server, now, &["undo", "last", "--yes"]).success();
    assert_same(&before_keys, &server.contents(), "after undoing the dedupe");
    // --by args: the same args whatever the class.
    server.exec(&[&[
        "LPUSH",
        "cogworker:queue:d",
        r#"{"class":"Other","args":[5],"jid":"ffffffffffffffffffffffff"}"#,
    ]]);
    let r = run(
        &server,
        now,
        &[
            "--json",
            "queue",
            "dedupe",
            "d",
            "--by",
            "args",
            "--dry-run",
        ],
    );
    assert_eq!(r.json()["duplicates"], 2001, "{}", r.stdout);
    let r = run(
        &server,
        now,
        &["--json", "queue", "dedupe", "d", "--dry-run"],
    );
    assert_eq!(r.json()["duplicates"], 2000, "{}", r.stdout);
}

#[test]
fn dedupe_while_a_worker_drains_the_queue_loses_and_repeats_nothing() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    let jobs = seed_with_duplicates(&server, "d", 6000, 3000);
    let worker = drain(&server);
    std::thread::sleep(Duration::from_millis(300));
    let r = run(&server, now, &["--json", "queue", "dedupe", "d", "--yes"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let removed = r.json()["duplicates"].as_u64().unwrap();
    let w = worker.wait(Duration::from_secs(120));
    assert_eq!(w.code, 0, "{}", w.snapshot());
    // Every job ran once, or was removed as a duplicate: never both, never twice.
    let ran = runs(&server);
    assert!(ran.values().all(|&n| n == 1), "a job ran twice");
    assert!(server.list("cogworker:queue:d").is_empty());
    assert_eq!(ran.len() as u64 + removed, jobs.len() as u64);
    // Of each args, one copy ran.
    let mut args_ran = std::collections::BTreeSet::new();
    for job in &jobs {
        let v: serde_json::Value = serde_json::from_str(job).unwrap();
        if ran.contains_key(v["jid"].as_str().unwrap()) {
            args_ran.insert(v["args"].to_string());
        }
    }
    assert_eq!(args_ran.len(), 3000);
}

#[test]
fn undoing_a_dedupe_while_a_worker_drains_the_queue_loses_and_repeats_nothing() {
    let server = RedisServer::start();
    let now = 1_796_208_111.0;
    let jobs = seed_with_duplicates(&server, "d", 6000, 2000);
    let r = run(&server, now, &["--json", "queue", "dedupe", "d", "--yes"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["duplicates"], 4000);
    let worker = drain(&server);
    std::thread::sleep(Duration::from_millis(200));
    let u = run(&server, now, &["--json", "undo", "last", "--yes"]);
    assert_eq!(u.code, 0, "{}", u.snapshot());
    assert_eq!(u.json()["restored"], 4000);
    let w = worker.wait(Duration::from_secs(120));
    assert_eq!(w.code, 0, "{}", w.snapshot());
    let mut seen = runs(&server);
    for raw in server.list("cogworker:queue:d") {
        let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
        *seen
            .entry(v["jid"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    assert!(
        seen.values().all(|&n| n == 1),
        "a job ran twice, or ran and waits"
    );
    assert_eq!(seen.len(), jobs.len(), "every job ran or waits");
}

/// The dead set's entries as (member, score text).
fn dead(conn: &mut redis::Connection) -> Vec<(Vec<u8>, Vec<u8>)> {
    redis::cmd("ZRANGE")
        .arg("cogworker:dead")
        .arg(0)
        .arg(-1)
        .arg("WITHSCORES")
        .query(conn)
        .unwrap()
}

#[test]
fn a_record_survives_a_restart_with_persistence() {
    let mut server = RedisServer::start_persistent();
    server.load("incident");
    let now = now_of("incident");
    let before = server.contents();
    run(&server, now, &["dead", "delete", "--all", "--yes"]).success();
    run(&server, now, &["queue", "clear", "default", "--yes"]).success();
    server.restart(Duration::from_millis(200));
    // Both changes, by id (`undo last` twice would undo the clear, then redo it).
    let list = run(&server, now, &["--json", "undo", "list"]).json();
    let ids: Vec<String> = list["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 2, "{list}");
    for id in &ids {
        run(&server, now, &["undo", id, "--yes"]).success();
    }
    assert_same(&before, &server.contents(), "after a restart and two undos");
}

#[test]
fn undo_goes_on_after_a_sentinel_failover() {
    use crate::connect::{SentinelSet, wait_for};
    let set = SentinelSet::start(5_000);
    let (p, r) = (set.primary.clone(), set.replica.clone());
    let through_sentinel = |args: &[&str]| set.cogctl().args(args).run();
    let client = |port: &str| {
        redis::Client::open(format!("redis://127.0.0.1:{port}/0"))
            .unwrap()
            .get_connection()
            .unwrap()
    };
    let mut primary = client(&p);
    for i in 0..50 {
        redis::cmd("ZADD")
            .arg("cogworker:dead")
            .arg(1_796_200_000 + i)
            .arg(format!(
                r#"{{"class":"J","jid":"{i:024x}","queue":"q","args":[{i}]}}"#
            ))
            .query::<()>(&mut primary)
            .unwrap();
    }
    let before = dead(&mut primary);
    let d = through_sentinel(&["dead", "delete", "--all", "--yes"]);
    assert_eq!(d.code, 0, "{}", d.snapshot());
    redis::cmd("WAIT")
        .arg(1)
        .arg(5000)
        .query::<i64>(&mut primary)
        .unwrap();
    // The sentinel promotes a replica only once it has its fresh INFO (NOGOODSLAVE before).
    set.fail_over();
    wait_for("the replica to be promoted", || {
        SentinelSet::query::<Vec<String>>(
            &set.sentinel_port,
            redis::cmd("SENTINEL")
                .arg("GET-MASTER-ADDR-BY-NAME")
                .arg("cogmaster"),
        )
        .is_ok_and(|a| a.get(1) == Some(&r))
    });
    let mut promoted = client(&r);
    wait_for("the promoted replica to take writes", || {
        redis::cmd("SET")
            .arg("probe")
            .arg("1")
            .query::<()>(&mut promoted)
            .is_ok()
    });
    let u = through_sentinel(&["undo", "last", "--yes"]);
    assert_eq!(u.code, 0, "{}", u.snapshot());
    assert_eq!(
        dead(&mut promoted),
        before,
        "the undo put the set back on the new primary"
    );
}

#[test]
fn the_shared_fixtures_read_the_same_after_a_change_and_its_undo() {
    for name in [
        "incident",
        "orphaned",
        "memory",
        "unparseable",
        "unique",
        "history",
        "periodic",
    ] {
        let now = now_of(name);
        for change in [
            &["dead", "delete", "--all", "--yes"][..],
            &["retry", "kill", "--all", "--yes"],
            &["scheduled", "enqueue-now", "--all", "--yes"],
            &["queue", "delete-job", "default", "--all", "--yes"],
        ] {
            let server = RedisServer::start();
            server.load(name);
            let before = server.contents();
            // The gem's keys, as the fixtures hold them (cogctl's own left out).
            // (Without the dump's time and the keys' remaining TTLs, which move on.)
            let dump = |server: &RedisServer| -> Vec<serde_json::Value> {
                ["cogworker:*", "periodic:*", "status:*"]
                    .iter()
                    .map(|m| {
                        let mut d = run(server, now, &["fixture", "dump", "--match", m]).json();
                        d.as_object_mut().unwrap().remove("captured_at");
                        for k in d["keys"].as_array_mut().unwrap() {
                            k.as_object_mut().unwrap().remove("ttl_ms");
                        }
                        d
                    })
                    .collect()
            };
            let dumped = dump(&server);
            let r = run(&server, now, change);
            if r.code != 0 || !r.stderr.contains("undo: kept") {
                continue; // nothing of that kind in this fixture
            }
            run(&server, now, &["undo", "last", "--yes"]).success();
            assert_same(&before, &server.contents(), &format!("{name}: {change:?}"));
            assert_eq!(dump(&server), dumped, "{name}: {change:?}");
        }
    }
}

/// A change has one id: the one it prints is the one `audit`, `undo list` and `undo last
/// --dry-run` show, and `undo` takes it (as it takes the audit entry's id).
#[test]
fn one_id_per_change() {
    let server = RedisServer::start();
    server.load("incident");
    let now = now_of("incident");
    let change = run(&server, now, &["dead", "delete", "--all", "--yes"]);
    let printed = regex::Regex::new(r"`cogctl undo (\S+)` takes this change back")
        .unwrap()
        .captures(&change.success().stderr)
        .unwrap_or_else(|| panic!("{}", change.stderr))[1]
        .to_string();
    assert!(printed.starts_with("u-"), "{printed}");
    let audit = run(&server, now, &["audit", "--limit", "1"]);
    assert!(
        audit.success().stdout.contains(&printed),
        "{}",
        audit.stdout
    );
    let list = run(&server, now, &["undo", "list"]);
    assert!(list.success().stdout.contains(&printed), "{}", list.stdout);
    let dry = run(&server, now, &["undo", "last", "--dry-run"]);
    assert!(dry.success().stdout.contains(&printed), "{}", dry.stdout);
    let by_id = run(&server, now, &["undo", &printed, "--dry-run"]);
    assert!(
        by_id.success().stdout.contains(&printed),
        "{}",
        by_id.stdout
    );
}

#[test]
fn an_undo_that_restored_nothing_says_so_in_the_audit_the_list_and_both_ids() {
    let server = RedisServer::start();
    let now = cogctl::term::ui::Clock::system().now;
    crate::support::charges_died(&server);
    assert_eq!(server.zset::<String, f64>("cogworker:dead").len(), 5);
    run(&server, now, &["--json", "dead", "retry", "--all", "--yes"]).success();
    // Retried, they run once more and die again (a retried dead job buys one attempt): the
    // dead set holds them again, each a new member (retry_count 2).
    crate::support::charges_died(&server);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 10);
    let held = server.contents();

    let undo = run(&server, now, &["--json", "undo", "last", "--yes"]);
    assert_eq!(undo.code, 1, "nothing restored: {}", undo.snapshot());
    let report = undo.json();
    assert_eq!(
        (report["restored"].as_u64(), report["left"].as_u64()),
        (Some(0), Some(5))
    );
    assert_eq!(held, server.contents(), "the undo changed nothing");

    // The audit trail: the retry is marked undone with what the undo did.
    let audit = run(&server, now, &["--json", "audit"]).json();
    let retry_entry = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["command"] == "dead retry" && e["phase"] == "end")
        .cloned()
        .unwrap();
    assert_eq!(retry_entry["undo_state"], "undone");
    assert_eq!(
        retry_entry["undo_outcome"], "0 of 5 restored; 5 had moved on",
        "{retry_entry}"
    );
    let table = Cogctl::new(&server)
        .now(now)
        .env("COLUMNS", "200")
        .args(["audit"])
        .run();
    let row = table
        .stdout
        .lines()
        .find(|l| l.contains("dead retry"))
        .unwrap_or_default();
    assert!(row.contains("0 of 5 undone"), "{}", table.stdout);

    // undo list: the retry's record says what its undo did, the undo's own record too (in
    // its STATE column, which the table wraps: each word is there).
    let list = run(&server, now, &["--json", "undo", "list"]).json();
    let records = list["records"].as_array().unwrap();
    let retried = records
        .iter()
        .find(|r| r["command"] == "dead retry")
        .unwrap();
    assert_eq!(
        (
            &retried["state"],
            &retried["undone_restored"],
            &retried["undone_left"]
        ),
        (&json!("undone"), &json!(0), &json!(5)),
        "{retried}"
    );
    let own = records.iter().find(|r| r["command"] == "undo").unwrap();
    assert_eq!(
        (&own["state"], &own["left"]),
        (&json!("empty"), &json!(5)),
        "{own}"
    );
    let table = run(&server, now, &["undo", "list"]).stdout;
    for word in ["undone", "restored;", "moved", "nothing", "back:"] {
        assert!(table.contains(word), "{word}: {table}");
    }

    // Both ids answer with what happened, not "gone"; nothing changes.
    let retry_id = retry_entry["undo"].as_str().unwrap();
    let again = run(&server, now, &["undo", retry_id, "--yes"]);
    assert_eq!(again.code, 1, "{}", again.snapshot());
    assert!(
        again.stderr.contains("was undone already")
            && again.stderr.contains("0 of 5 restored; 5 had moved on"),
        "{}",
        again.stderr
    );
    let undo_id = own["id"].as_str().unwrap();
    let its_undo = run(&server, now, &["undo", undo_id, "--yes"]);
    assert_eq!(its_undo.code, 1, "{}", its_undo.snapshot());
    let said: String = its_undo
        .stderr
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("put nothing back: 5 entries had moved on, so there is nothing to take back"),
        "{}",
        its_undo.stderr
    );
    assert!(!said.contains("is gone"), "{}", its_undo.stderr);
    assert_eq!(held, server.contents());
}
