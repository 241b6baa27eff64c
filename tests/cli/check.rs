//! `check`: thresholds for CI and monitoring; exit 0 when all hold, 1 when one fails.

use serde_json::Value;

use crate::support::{RedisServer, cogctl, find};

fn check<'a>(json: &'a Value, name: &str) -> &'a Value {
    find(json, "checks", "name", name)
}

#[test]
fn thresholds_that_hold_exit_0() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let args = [
        "check",
        "--max-dead",
        "3",
        "--max-retry",
        "5",
        "--max-latency",
        "5m",
        "--max-orphans",
        "0",
        "--max-unsettled",
        "0",
    ];
    let run = server.assert_read_only(|| cogctl(&server, now, &args));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 0);
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json = server
        .assert_read_only(|| cogctl(&server, now, &json_args))
        .success()
        .json();
    assert_eq!(json["ok"], true);
    let names: Vec<&str> = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["dead", "retry", "latency", "orphans", "unsettled"]);
    assert_eq!(check(&json, "dead")["value"], 3);
    assert_eq!(check(&json, "dead")["threshold"], 3);
    assert_eq!(check(&json, "retry")["value"], 2);
    assert_eq!(check(&json, "latency")["threshold"], 300.0);
    // The oldest waiting job is on the paused mail-out queue, enqueued at 1796208094.8204346.
    let latency = check(&json, "latency")["value"].as_f64().unwrap();
    assert!(
        (latency - (now - 1796208094.8204346)).abs() < 1e-3,
        "{latency}"
    );
    assert_eq!(check(&json, "orphans")["value"], 0);
    assert!(
        json["checks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["ok"] == true)
    );
}

#[test]
fn a_threshold_exceeded_exits_1() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let args = [
        "check",
        "--max-dead",
        "2",
        "--max-retry",
        "2",
        "--max-latency",
        "10s",
        "--queue",
        "default",
        "--queue",
        "nosuchqueue",
    ];
    let run = server.assert_read_only(|| cogctl(&server, now, &args));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let run = cogctl(&server, now, &json_args);
    assert_eq!(run.code, 1);
    let json = run.json();
    assert_eq!(json["ok"], false);
    assert_eq!(check(&json, "dead")["ok"], false);
    assert_eq!(check(&json, "retry")["ok"], true);
    let latency = check(&json, "latency");
    assert_eq!(latency["ok"], false);
    assert!((latency["value"].as_f64().unwrap() - (now - 1796208096.0187256)).abs() < 1e-3);
    assert_eq!(latency["detail"], "oldest job waits on default");
    assert!(latency["error"].is_null());
}

#[test]
fn orphans_count_dead_owners_lists_and_parked_jobs() {
    let server = RedisServer::start();
    let now = server.load("orphaned").captured_at;
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &["check", "--max-orphans", "1", "--max-unsettled", "2"],
        )
    });
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let json = cogctl(&server, now, &["check", "--max-orphans", "2", "--json"])
        .success()
        .json();
    assert_eq!(check(&json, "orphans")["value"], 2);
    // With a longer threshold P3 is only silent: the parked job alone counts.
    let json = cogctl(
        &server,
        now,
        &[
            "check",
            "--max-orphans",
            "1",
            "--orphan-threshold",
            "1h",
            "--json",
        ],
    )
    .success()
    .json();
    assert_eq!(check(&json, "orphans")["value"], 1);
}

#[test]
fn no_threshold_is_a_usage_error() {
    let server = RedisServer::start();
    let run = cogctl(&server, 0.0, &["check"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("at least one threshold"),
        "{}",
        run.stderr
    );
    let run = cogctl(
        &server,
        0.0,
        &["check", "--max-dead", "1", "--queue", "default"],
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--max-latency"), "{}", run.stderr);
}

#[test]
fn a_key_of_the_wrong_type_fails_its_check_with_the_error() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let mut conn = server.conn();
    for (key, value) in [
        ("cogworker:dead", "oops"),
        ("cogworker:queue:critical", "oops"),
        ("cogworker:inprogress:vm:29128:32e9242b5029", "oops"),
    ] {
        redis::cmd("DEL").arg(key).query::<()>(&mut conn).unwrap();
        redis::cmd("SET")
            .arg(key)
            .arg(value)
            .query::<()>(&mut conn)
            .unwrap();
    }
    let args = [
        "check",
        "--max-dead",
        "10",
        "--max-retry",
        "10",
        "--max-latency",
        "1h",
        "--max-orphans",
        "10",
    ];
    let run = server.assert_read_only(|| cogctl(&server, now, &args));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json = cogctl(&server, now, &json_args).json();
    for (name, key) in [
        ("dead", "cogworker:dead: "),
        ("latency", "cogworker:queue:critical: "),
        ("orphans", "cogworker:inprogress:vm:29128:32e9242b5029: "),
    ] {
        let c = check(&json, name);
        assert_eq!(c["ok"], false, "{name}");
        assert!(c["value"].is_null(), "{name}");
        assert!(c["error"].as_str().unwrap().starts_with(key), "{name}: {c}");
    }
    assert_eq!(check(&json, "retry")["ok"], true);
}

#[test]
fn a_failing_latency_names_a_paused_queue_as_paused() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // mail-out is paused in the fixture: its jobs wait by design.
    for args in [
        &["check", "--max-latency", "1s", "--json"][..],
        &[
            "check",
            "--max-latency",
            "1s",
            "--queue",
            "mail-out",
            "--json",
        ][..],
    ] {
        let run = server.assert_read_only(|| cogctl(&server, now, args));
        assert_eq!(run.code, 1, "{}", run.stdout);
        let json = run.json();
        assert_eq!(check(&json, "latency")["ok"], false);
        assert_eq!(
            check(&json, "latency")["detail"],
            "oldest job waits on mail-out, which is paused",
            "{args:?}"
        );
    }
    // A queue that isn't paused is named as before.
    let run = cogctl(
        &server,
        now,
        &[
            "check",
            "--max-latency",
            "1s",
            "--queue",
            "default",
            "--json",
        ],
    );
    let detail = check(&run.json(), "latency")["detail"].clone();
    assert!(!detail.as_str().unwrap().contains("paused"), "{detail}");
}

/// A database with no cogworker data at all (a wrong URL or db) reads as an idle, healthy
/// cogworker: every view says so once on stderr, its data untouched on stdout. The gem's own
/// keys outside its prefix (the periodic schedule) are its data: no note, and `check` doesn't
/// fail the database as empty.
#[test]
fn every_view_of_a_database_without_cogworker_data_says_so_once() {
    let server = RedisServer::start();
    for args in [
        &["stats"][..],
        &["queues"],
        &["dead", "list"],
        &["retry", "triage"],
        &["scheduled", "list"],
        &["procs"],
        &["jobs"],
        &["history"],
        &["orphans"],
        &["periodic", "list"],
    ] {
        let run = server.assert_read_only(|| crate::support::Cogctl::new(&server).args(args).run());
        assert_eq!(run.code, 0, "{args:?}: {}", run.snapshot());
        assert_eq!(
            run.stderr
                .matches("no cogworker data at all in unix://")
                .count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("(the wrong URL or db?)"));
        // --json: stdout stays data.
        let run = crate::support::Cogctl::new(&server)
            .args(args)
            .args(["--json"])
            .run();
        assert!(!run.stdout.contains("no cogworker data"), "{args:?}");
    }
    // Only the gem's periodic schedule: its data.
    server.exec(&[&[
        "HSET",
        "periodic:schedule",
        "6e900214e5dca6ab788e0fb9ea910245bd93400f",
        r#"{"class":"ReportJob","cron":"* * * * *"}"#,
    ]]);
    let run = crate::support::Cogctl::new(&server).args(["stats"]).run();
    assert!(!run.stderr.contains("no cogworker data"), "{}", run.stderr);
    let run = crate::support::Cogctl::new(&server)
        .args(["check", "--json"])
        .run();
    assert!(
        !run.stdout.contains("no cogworker key at all"),
        "{}",
        run.stdout
    );
}
