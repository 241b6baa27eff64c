//! The audit trail: one entry in cogctl:audit per change, exact counts, secrets redacted,
//! best effort vs --require-audit, and `cogctl audit`.

use std::collections::HashMap;

use crate::support::{Cogctl, RedisServer, Run};

type Entry = HashMap<String, String>;

/// Every entry of the stream, oldest first.
fn entries(server: &RedisServer) -> Vec<Entry> {
    let raw: Vec<(String, Vec<(String, String)>)> = redis::cmd("XRANGE")
        .arg("cogctl:audit")
        .arg("-")
        .arg("+")
        .query(&mut server.conn())
        .unwrap();
    raw.into_iter()
        .map(|(_, fields)| fields.into_iter().collect())
        .collect()
}

fn dead_job(jid: &str, queue: &str) -> String {
    format!(
        r#"{{"class":"Job","args":[1],"jid":"{jid}","queue":"{queue}","retry":true,"created_at":1700000000.5,"enqueued_at":1700000000.6,"error_class":"E","error_message":"m","failed_at":1700000001.5,"retry_count":1}}"#
    )
}

fn seed(server: &RedisServer, key: &str, n: usize) {
    for i in 0..n {
        server.exec(&[&[
            "ZADD",
            key,
            &(1_700_000_001 + i).to_string(),
            &dead_job(&format!("{key}-{i}"), "q"),
        ]]);
    }
}

fn run(server: &RedisServer, args: &[&str]) -> Run {
    Cogctl::new(server).now(1_700_000_100.0).args(args).run()
}

#[track_caller]
fn counts(e: &Entry) -> [u64; 5] {
    ["matched", "done", "gone", "skipped", "failed"].map(|k| {
        e.get(k)
            .unwrap_or_else(|| panic!("no {k} in {e:?}"))
            .parse()
            .unwrap()
    })
}

#[test]
fn every_change_appends_one_entry_with_its_counts() {
    let server = RedisServer::start();
    seed(&server, "cogworker:dead", 3);
    seed(&server, "cogworker:retry", 4);
    seed(&server, "cogworker:schedule", 2);
    let plan = tempfile::NamedTempFile::new().unwrap();
    let export = tempfile::NamedTempFile::new().unwrap();
    // Each: argv, audit name, [matched, done, gone, skipped, failed], exit.
    let cases: Vec<(Vec<&str>, &str, [u64; 5], &str)> = vec![
        (
            vec!["dead", "retry", "--all", "--yes"],
            "dead retry",
            [3, 3, 0, 0, 0],
            "0",
        ),
        (
            vec!["retry", "kill", "j-none", "cogworker:retry-0", "--yes"],
            "retry kill",
            [2, 1, 0, 0, 1],
            "4",
        ),
        (
            vec!["retry", "reschedule", "--all", "--in", "1h", "--yes"],
            "retry reschedule",
            [3, 3, 0, 0, 0],
            "0",
        ),
        (
            vec![
                "dead",
                "export",
                "-o",
                export.path().to_str().unwrap(),
                "--force",
            ],
            "",
            [0; 5],
            "",
        ),
        (
            vec!["dead", "delete", "--all", "--yes"],
            "dead delete",
            [1, 1, 0, 0, 0],
            "0",
        ),
        (
            vec!["dead", "import", export.path().to_str().unwrap(), "--yes"],
            "dead import",
            [1, 1, 0, 0, 0],
            "0",
        ),
        (
            vec!["scheduled", "enqueue-now", "--all", "--yes"],
            "scheduled enqueue-now",
            [2, 2, 0, 0, 0],
            "0",
        ),
        // A producer's single push (no terminal) writes no entry; asked to keep its undo
        // record, it writes one.
        (
            vec!["enqueue", "NewJob", "0", "--queue", "p"],
            "",
            [0; 5],
            "",
        ),
        (
            vec![
                "enqueue",
                "NewJob",
                "1",
                "--queue",
                "q",
                "--keep-undo",
                "1h",
            ],
            "enqueue",
            [1, 1, 0, 0, 0],
            "0",
        ),
        // `other` is no queue cogworker knows: --force.
        (
            vec!["queue", "pause", "q", "other", "--force"],
            "queue pause",
            [2, 2, 0, 0, 0],
            "0",
        ),
        (
            vec!["queue", "resume", "q", "never-paused", "--force"],
            "queue resume",
            [2, 1, 0, 1, 0],
            "0",
        ),
        (
            vec![
                "queue",
                "delete-job",
                "q",
                "--all",
                "--class",
                "NewJob",
                "--yes",
            ],
            "queue delete-job",
            [1, 1, 0, 0, 0],
            "0",
        ),
        (
            vec!["queue", "clear", "q", "--yes"],
            "queue clear",
            [5, 5, 0, 0, 0],
            "0",
        ),
        (vec!["procs", "prune"], "procs prune", [0; 5], "0"),
        (vec!["reconcile"], "reconcile", [0; 5], "0"),
        (vec!["unsettled", "file"], "unsettled file", [0; 5], "0"),
        // Dry runs and plans are no change: no entry.
        (
            vec!["retry", "delete", "--all", "--dry-run"],
            "",
            [0; 5],
            "",
        ),
        (
            vec![
                "retry",
                "delete",
                "--all",
                "--plan-out",
                plan.path().to_str().unwrap(),
            ],
            "",
            [0; 5],
            "",
        ),
    ];
    for (argv, name, expected, exit) in cases {
        let before = entries(&server).len();
        let r = run(&server, &argv);
        assert!(
            r.code == 0 || r.code == 4,
            "{argv:?}:\n{}",
            r.stable_snapshot(&server)
        );
        let after = entries(&server);
        if name.is_empty() {
            assert_eq!(after.len(), before, "{argv:?} wrote an audit entry");
            continue;
        }
        assert_eq!(after.len(), before + 1, "{argv:?}: one entry");
        let e = after.last().unwrap();
        assert_eq!(e["command"], name, "{e:?}");
        assert_eq!(counts(e), expected, "{argv:?}: {e:?}");
        assert_eq!(e["exit"], exit, "{argv:?}: {e:?}");
        assert_eq!(e["phase"], "end");
        assert_eq!(e["context"], "");
        assert_eq!(e["target"], format!("{}?db=0", server.url()));
        assert_eq!(e["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(e["time"], "2023-11-14T22:15:00.000Z");
        assert!(e["user"].contains('@'), "{e:?}");
        assert!(e["argv"].starts_with("cogctl "), "{e:?}");
    }
    let set_actions: Vec<Entry> = entries(&server)
        .into_iter()
        .filter(|e| e["command"].starts_with("dead ") || e["command"].starts_with("retry "))
        .collect();
    assert!(
        set_actions
            .iter()
            .filter(|e| e["command"] != "dead import")
            .all(|e| e["plan_digest"].len() == 40),
        "{set_actions:?}"
    );
}

#[test]
fn periodic_actions_are_audited() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    for (argv, name, done) in [
        (vec!["periodic", "disable", "7cca"], "periodic disable", 1),
        (vec!["periodic", "enable", "7cca"], "periodic enable", 1),
        (
            vec!["periodic", "run-now", "d61a48d9"],
            "periodic run-now",
            1,
        ),
    ] {
        let r = Cogctl::new(&server).now(now).args(&argv).run();
        r.success();
        let e = entries(&server).pop().unwrap();
        assert_eq!(e["command"], name);
        assert_eq!(e["done"], done.to_string(), "{e:?}");
    }
}

#[test]
fn secrets_never_reach_the_stream() {
    let server = RedisServer::start();
    seed(&server, "cogworker:dead", 2);
    server.exec(&[&["CONFIG", "SET", "requirepass", "hunter2pw"]]);
    let url = format!("{}?pass=hunter2pw", server.url());
    let r = Cogctl::bare()
        .args(["--redis-url", &url, "--sentinel-password", "sentinelpw"])
        .args(["dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let mut conn = redis::Client::open(url.as_str())
        .unwrap()
        .get_connection()
        .unwrap();
    let raw: Vec<(String, Vec<(String, String)>)> = redis::cmd("XRANGE")
        .arg("cogctl:audit")
        .arg("-")
        .arg("+")
        .query(&mut conn)
        .unwrap();
    assert_eq!(raw.len(), 1);
    let text = format!("{raw:?}");
    assert!(
        !text.contains("hunter2pw") && !text.contains("sentinelpw"),
        "{text}"
    );
    assert!(text.contains("pass=***"), "{text}");
    assert!(text.contains("--sentinel-password"), "{text}");
    let e: Entry = raw[0].1.iter().cloned().collect();
    assert_eq!(counts(&e), [2, 2, 0, 0, 0]);
}

/// A user that may do everything but XADD.
fn no_xadd_user(server: &RedisServer) -> String {
    server.exec(&[&[
        "ACL",
        "SETUSER",
        "limited",
        "on",
        ">limitedpw",
        "~*",
        "&*",
        "+@all",
        "-xadd",
    ]]);
    format!("{}?user=limited&pass=limitedpw", server.url())
}

#[test]
fn an_audit_refused_by_acl_is_a_warning_unless_required() {
    let server = RedisServer::start();
    let url = no_xadd_user(&server);
    seed(&server, "cogworker:dead", 2);
    let r = Cogctl::bare()
        .args(["--redis-url", &url, "dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stderr
            .contains("warning: the audit entry could not be written to cogctl:audit"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("limitedpw"), "{}", r.stderr);
    assert!(!server.exists("cogworker:dead"), "the change was made");
    assert!(entries(&server).is_empty());

    seed(&server, "cogworker:dead", 2);
    let before = server.keyspace();
    let r = Cogctl::bare()
        .args(["--redis-url", &url, "--require-audit"])
        .args(["dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 1, "{}", r.snapshot());
    assert!(
        r.stderr.contains("the audit is required") && r.stderr.contains("nothing was changed"),
        "{}",
        r.stderr
    );
    assert!(
        before == server.keyspace(),
        "a refused change changed Redis"
    );

    // A context's require_audit does the same.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        format!("[contexts.strict]\nredis_url = \"{url}\"\nrequire_audit = true\n"),
    )
    .unwrap();
    let r = Cogctl::bare()
        .env("COGCTL_CONFIG", path.to_str().unwrap())
        .args(["--context", "strict", "dead", "delete", "--all", "--yes"])
        .run();
    assert_eq!(r.code, 1, "{}", r.snapshot());
    assert!(
        before == server.keyspace(),
        "a refused change changed Redis"
    );

    // With the audit writable, a required one is a begin entry, then the end entry.
    let r = Cogctl::new(&server)
        .args(["--require-audit", "dead", "delete", "--all", "--yes"])
        .run();
    r.success();
    let all = entries(&server);
    assert_eq!(
        all.iter().map(|e| e["phase"].as_str()).collect::<Vec<_>>(),
        ["begin", "end"]
    );
    assert_eq!(counts(&all[1]), [2, 2, 0, 0, 0]);
}

#[test]
fn the_worker_writes_an_entry_at_start_and_at_stop() {
    let server = RedisServer::start();
    // Three jobs that succeed and one that fails with no retries left.
    for (class, retry) in [
        ("Ok", "true"),
        ("Ok", "true"),
        ("Ok", "true"),
        ("Boom", "false"),
    ] {
        Cogctl::new(&server)
            .args(["enqueue", class, "--queue", "q", "--retry", retry])
            .run()
            .success();
    }
    server.exec(&[&["DEL", "cogctl:audit"]]);
    let r = Cogctl::new(&server)
        .args([
            "worker",
            "-q",
            "q",
            "--burst",
            "--handler",
            "Ok=builtin:noop",
            "--handler",
            "Boom=builtin:fail",
        ])
        .run();
    assert_eq!(r.code, 1, "a job died: {}", r.snapshot());
    let all = entries(&server);
    assert_eq!(
        all.iter().map(|e| e["phase"].as_str()).collect::<Vec<_>>(),
        ["begin", "end"],
        "{all:?}"
    );
    assert!(all.iter().all(|e| e["command"] == "worker"));
    let end = &all[1];
    assert_eq!(
        ["matched", "done", "failed", "exit"].map(|k| end[k].as_str()),
        ["4", "3", "1", "1"],
        "{end:?}"
    );
}

#[test]
fn cogctl_audit_lists_filters_and_escapes() {
    let server = RedisServer::start();
    let add = |time: &str, user: &str, command: &str| {
        server.exec(&[&[
            "XADD",
            "cogctl:audit",
            "*",
            "time",
            time,
            "user",
            user,
            "context",
            "prod",
            "command",
            command,
            "phase",
            "end",
            "argv",
            "cogctl \u{1b}[31mred",
            "matched",
            "3",
            "done",
            "3",
            "failed",
            "0",
            "exit",
            "0",
        ]]);
    };
    add("2023-11-14T20:00:00.000Z", "ann@box", "dead retry");
    add("2023-11-14T21:00:00.000Z", "bob@box", "queue pause");
    add("2023-11-14T22:00:00.000Z", "ann@box", "dead delete");
    let list = |args: &[&str]| {
        Cogctl::new(&server)
            .now(1_700_000_100.0)
            .args(["audit"])
            .args(args)
            .run()
    };
    let r = list(&[]);
    r.success();
    assert!(!r.stdout.contains('\u{1b}'), "{}", r.stdout);
    let rows: Vec<&str> = r.stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{}", r.stdout);
    assert!(rows[0].contains("dead delete") && rows[2].contains("dead retry"));

    let commands = |r: &Run| -> Vec<String> {
        r.ndjson()
            .iter()
            .map(|e| e["command"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        commands(list(&["--ndjson", "--user", "ann"]).success()),
        ["dead delete", "dead retry"]
    );
    assert_eq!(
        commands(list(&["--ndjson", "--command", "pause"]).success()),
        ["queue pause"]
    );
    assert_eq!(
        commands(list(&["--ndjson", "--since", "2023-11-14T20:30:00Z"]).success()),
        ["dead delete", "queue pause"]
    );
    let json = list(&["--json", "--limit", "1"]).success().json();
    assert_eq!(json["entries"].as_array().unwrap().len(), 1);
    assert_eq!(json["more"], true);
    assert_eq!(json["entries"][0]["user"], "ann@box");
    // Reading the audit changes nothing.
    server.assert_read_only(|| list(&["--all"]).success().code);
}
