//! What a first live incident showed could hurt: a typo'd queue acted on silently, the last
//! worker of a queue quieted without a question, `undo last` taking someone else's change, a
//! burst that failed jobs exiting 0, a check that can't say "nobody is working", and a real
//! change whose filters matched nothing saying why only in its dry run.

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, cogctl};

const LIVE: &str = "vm:29128:32e9242b5029";

/// Run `f` and check that it changed nothing at all.
#[track_caller]
fn unchanged(server: &RedisServer, f: impl FnOnce() -> crate::support::Run) -> crate::support::Run {
    let before = server.keyspace();
    let run = f();
    assert!(before == server.keyspace(), "changed:\n{}", run.snapshot());
    run
}

/// A live process (its presence key set to expire as the gem's does) reading `queues`.
fn live_process(server: &RedisServer, identity: &str, queues: &[&str]) {
    let info = serde_json::json!({
        "hostname": "web", "pid": 4120, "concurrency": 5, "queues": queues,
        "started_at": 1796207933.5,
    })
    .to_string();
    let key = format!("cogworker:process:{identity}");
    server.exec(&[
        &["SADD", "cogworker:processes", identity],
        &["HSET", &key, "info", &info, "quiet", "false", "busy", "0"],
        &["EXPIRE", &key, "60"],
    ]);
}

// ---------------------------------------------------------------------------------------
// 1. a queue cogworker doesn't know

#[test]
fn a_change_to_an_unknown_queue_is_refused_with_the_nearest_names() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "pause", "crtical"])
    });
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stdout.is_empty(), "{}", run.snapshot());
    assert!(
        run.stderr.contains("queue \"crtical\" doesn't exist")
            && run.stderr.contains("did you mean critical?")
            && run.stderr.contains("nothing was paused; pass --force"),
        "{}",
        run.stderr
    );
    // One unknown name stops the whole command: `default` is not paused either.
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "pause", "default", "defualt"])
    });
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains("did you mean default?"),
        "{}",
        run.stderr
    );
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "resume", "mail-ot"])
    });
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains("did you mean mail-out?"),
        "{}",
        run.stderr
    );
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "clear", "crtical", "--yes"])
    });
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains("did you mean critical?"),
        "{}",
        run.stderr
    );
    // Deleting from, or deduplicating, a queue that doesn't exist: refused the same way.
    for args in [
        &[
            "queue",
            "delete-job",
            "crtical",
            "f8138b8b5e56769076bcad1f",
            "--yes",
        ][..],
        &["queue", "delete-job", "crtical", "--all", "--yes"],
        &["queue", "dedupe", "crtical", "--yes"],
    ] {
        let run = unchanged(&server, || cogctl(&server, now, args));
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr.contains("did you mean critical?"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // Nothing near: the known names.
    let run = cogctl(&server, now, &["queue", "pause", "zzz"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("(known queues: critical, default, mail-out)"),
        "{}",
        run.stderr
    );

    // --force pauses it anyway, with the warning it always had.
    let run = cogctl(&server, now, &["queue", "pause", "crtical", "--force"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(server.is_member("cogworker:paused_queues", "crtical"));
    // A paused name is known: resuming it needs no --force.
    cogctl(&server, now, &["queue", "resume", "crtical"]).success();

    // A queue a live process reads, or one holding jobs, is known though not listed.
    live_process(&server, "web:4120:0a1b2c3d4e5f", &["fresh"]);
    cogctl(&server, now, &["queue", "pause", "fresh"]).success();
    server.exec(&[&["LPUSH", "cogworker:queue:unlisted", "{\"jid\":\"x\"}"]]);
    cogctl(&server, now, &["queue", "pause", "unlisted"]).success();
}

#[test]
fn a_view_of_an_unknown_queue_says_it_does_not_exist() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    for args in [
        &["queue", "show", "biling"][..],
        &["queue", "list", "biling"],
        &["--json", "queue", "show", "biling"],
    ] {
        let run = server.assert_read_only(|| cogctl(&server, now, args));
        assert_eq!(run.code, 1, "{args:?}: {}", run.snapshot());
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr.contains("queue \"biling\" doesn't exist"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // An empty queue that is listed is a queue, shown as such.
    server.exec(&[&["SADD", "cogworker:queues", "idle"]]);
    cogctl(&server, now, &["queue", "show", "idle"]).success();
    cogctl(&server, now, &["queue", "list", "idle"]).success();
}

// ---------------------------------------------------------------------------------------
// 2. the last live reader of a queue

#[test]
fn quieting_or_stopping_the_last_reader_of_a_queue_with_jobs_asks_first() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // LIVE is the only live process, reading default, critical and mail-out (all holding jobs).
    for action in ["quiet", "stop"] {
        let run = cogctl(&server, now, &["procs", action, LIVE]);
        assert_eq!(run.code, 2, "{action}: {}", run.snapshot());
        assert!(run.stdout.is_empty(), "{action}: {}", run.snapshot());
        assert!(
            run.stderr.contains(
                "leaving no live process working queue critical (3 jobs waiting), queue \
                 default (6 jobs waiting), queue mail-out (4 jobs waiting)?"
            ) && run.stderr.contains("refusing without a terminal"),
            "{action}: {}",
            run.stderr
        );
    }
    let run = cogctl(&server, now, &["procs", "quiet", "--all"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    cogctl(&server, now, &["procs", "quiet", LIVE, "--yes"]).success();

    // With another live process reading default only, quieting LIVE leaves critical and
    // mail-out unworked: still asked, naming just those.
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    live_process(&server, "web:4120:0a1b2c3d4e5f", &["default"]);
    let run = cogctl(&server, now, &["procs", "quiet", LIVE]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains(
            "leaving no live process working queue critical (3 jobs waiting), queue mail-out \
             (4 jobs waiting)?"
        ),
        "{}",
        run.stderr
    );
    // Quieting the other one leaves LIVE reading default: no question.
    let run = cogctl(&server, now, &["procs", "quiet", "web:4120:0a1b2c3d4e5f"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    // Once every queue has another reader, LIVE goes quiet without a question too.
    live_process(
        &server,
        "web:4121:0a1b2c3d4e60",
        &["default", "critical", "mail-out"],
    );
    let run = cogctl(&server, now, &["procs", "quiet", LIVE]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
}

// ---------------------------------------------------------------------------------------
// 3. undo last: one's own change

fn as_user(server: &RedisServer, now: f64, user: &str, args: &[&str]) -> crate::support::Run {
    Cogctl::new(server)
        .now(now)
        .env("USER", user)
        .args(args)
        .run()
}

#[test]
fn undo_last_takes_the_newest_change_of_the_same_operator() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    as_user(&server, now, "ops", &["queue", "pause", "default"]).success();
    // A producer's push, with its record asked for: newer than the pause.
    as_user(
        &server,
        now + 1.0,
        "producer",
        &["enqueue", "NewJob", "1", "--keep-undo", "1h"],
    )
    .success();

    let run = server
        .assert_read_only(|| as_user(&server, now + 2.0, "ops", &["undo", "last", "--dry-run"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stdout.contains("would undo `queue pause`") && run.stdout.contains("by ops@"),
        "{}",
        run.stdout
    );
    let run = as_user(
        &server,
        now + 2.0,
        "ops",
        &["undo", "last", "--anyone", "--dry-run"],
    );
    assert!(
        run.stdout.contains("would undo `enqueue`") && run.stdout.contains("by producer@"),
        "{}",
        run.stdout
    );
    // Someone with no change of their own is told whose is newest, and nothing is undone.
    let run = unchanged(&server, || {
        as_user(&server, now + 2.0, "visitor", &["undo", "last", "--yes"])
    });
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr.contains("no change made by visitor@")
            && run.stderr.contains("the newest by anyone is `enqueue`")
            && run.stderr.contains("by producer@"),
        "{}",
        run.stderr
    );
    let run = as_user(&server, now + 2.0, "ops", &["undo", "last", "--yes"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr.contains("last: `queue pause`") && run.stderr.contains("by ops@"),
        "{}",
        run.stderr
    );
    assert!(!server.is_member("cogworker:paused_queues", "default"));
    assert_eq!(
        server.list("cogworker:queue:default").len(),
        7,
        "the push stays"
    );
    let run = cogctl(&server, now, &["undo", "u-x", "--anyone"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn a_producers_single_pushes_keep_no_undo_record_and_no_audit_entry() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    for i in 0..3 {
        let run = cogctl(&server, now, &["enqueue", "NewJob", &i.to_string()]);
        assert_eq!(run.code, 0, "{}", run.snapshot());
        assert!(!run.stderr.contains("undo:"), "{}", run.stderr);
    }
    let list = cogctl(&server, now, &["--json", "undo", "list"])
        .success()
        .json();
    assert_eq!(list["records"].as_array().map(Vec::len), Some(0), "{list}");
    assert!(!server.exists("cogctl:audit"));
    // A batch keeps both.
    let run = Cogctl::new(&server)
        .now(now)
        .args(["enqueue", "--from", "-"])
        .stdin(b"{\"class\":\"NewJob\"}\n{\"class\":\"NewJob\"}\n")
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr.contains("undo: kept 2 entries"),
        "{}",
        run.stderr
    );
    let list = cogctl(&server, now, &["--json", "undo", "list"])
        .success()
        .json();
    assert_eq!(list["records"].as_array().map(Vec::len), Some(1), "{list}");
    // So does a single push asked to (--keep-undo), or one whose audit is required.
    let run = cogctl(&server, now, &["enqueue", "NewJob", "--keep-undo", "2h"]);
    assert!(run.stderr.contains("undo: kept 1 entry"), "{}", run.stderr);
    cogctl(&server, now, &["--require-audit", "enqueue", "NewJob"]).success();
    let audit = cogctl(&server, now, &["--ndjson", "audit"])
        .success()
        .ndjson();
    let enqueues = audit
        .iter()
        .filter(|e| e["command"] == "enqueue" && e["phase"] == "end")
        .count();
    assert_eq!(enqueues, 3, "{audit:?}");
}

// ---------------------------------------------------------------------------------------
// 4. worker --burst: failed jobs fail the run

#[test]
fn a_burst_with_failed_jobs_exits_1_and_names_them_unless_failures_are_allowed() {
    let server = RedisServer::start();
    let run = Cogctl::new(&server)
        .args(["enqueue", "Boom", "1", "--retry", "3"])
        .run();
    let jid = run.stdout.trim().to_string();
    let run = crate::worker::worker(&server, &["--burst", "--handler", "Boom=builtin:fail"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "a job failed: {}", run.snapshot());
    assert!(
        run.stdout.contains("FAILED JID") && run.stdout.contains(&jid),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Boom"), "{}", run.stdout);
    assert_eq!(server.zset::<String, f64>("cogworker:retry").len(), 1);

    let run = Cogctl::new(&server)
        .args(["enqueue", "Boom", "2", "--retry", "3"])
        .run();
    let jid = run.stdout.trim().to_string();
    let run = crate::worker::worker(
        &server,
        &[
            "--burst",
            "--allow-failures",
            "--json",
            "--handler",
            "Boom=builtin:fail",
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "--allow-failures: {}", run.snapshot());
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["failed"], 1);
    assert_eq!(summary["failures"][0]["jid"], jid.as_str());
    assert_eq!(summary["failures"][0]["class"], "Boom");
    assert_eq!(summary["failures"][0]["error"], "RuntimeError");
}

// ---------------------------------------------------------------------------------------
// 5. check: somebody is working, and this is a cogworker database

#[test]
fn check_min_processes_and_min_throughput() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let json = cogctl(&server, now, &["--json", "check", "--min-processes", "1"])
        .success()
        .json();
    assert_eq!(json["checks"][0]["name"], "processes");
    assert_eq!(json["checks"][0]["value"], 1);
    assert_eq!(json["checks"][0]["bound"], "min");
    let run = cogctl(&server, now, &["check", "--min-processes", "2"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("min 2"), "{}", run.stdout);
    // Quiet processes work nothing.
    server.exec(&[&[
        "HSET",
        &format!("cogworker:process:{LIVE}"),
        "quiet",
        "true",
    ]]);
    let run = cogctl(&server, now, &["check", "--min-processes", "1"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stdout.contains("1 live process, 1 quiet"),
        "{}",
        run.stdout
    );

    // 90 jobs in the previous hour and 30 in the 30 full minutes of this one: 1.3/m.
    let hour = (now as i64).div_euclid(3600);
    let at = (hour * 3600 + 30 * 60 + 20) as f64;
    server.exec(&[
        &[
            "HSET",
            &format!("cogworker:throughput:{}", hour - 1),
            "processed",
            "90",
        ],
        &[
            "HSET",
            &format!("cogworker:throughput:{hour}"),
            "processed",
            "30",
        ],
    ]);
    let json = cogctl(&server, at, &["--json", "check", "--min-throughput", "1/m"])
        .success()
        .json();
    assert_eq!(json["checks"][0]["value"], 1.3);
    assert_eq!(
        json["checks"][0]["detail"],
        "120 processed in the last 90 min"
    );
    let run = cogctl(&server, at, &["check", "--min-throughput", "2/m"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("1.3/m") && run.stdout.contains("min 2/m"));
    let run = cogctl(&server, at, &["check", "--min-throughput", "fast"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn a_database_without_cogworker_keys_fails_check_and_doctor() {
    let server = RedisServer::start();
    server.exec(&[&["SET", "someone:else", "1"]]);
    let url = format!("{}?db=0", server.url());
    let run = cogctl(&server, 0.0, &["--json", "check", "--max-dead", "0"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["checks"][0]["name"], "data");
    assert_eq!(json["checks"][0]["ok"], false);
    assert_eq!(
        json["checks"][0]["error"],
        format!("no cogworker key at all on {url}: a wrong URL or db?")
    );
    assert_eq!(json["checks"][1]["ok"], true, "the others still run");
    let run = cogctl(&server, 0.0, &["--json", "doctor"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    let empty = crate::support::find(&json, "findings", "id", "data.empty");
    assert_eq!(empty["severity"], "fail");
    // One cogworker key is enough.
    server.load("incident");
    let run = cogctl(&server, 0.0, &["--json", "doctor"]);
    assert!(!run.stdout.contains("data.empty"), "{}", run.stdout);
}

// ---------------------------------------------------------------------------------------
// 6. the empty-filter hint on real runs

#[test]
fn a_real_change_whose_filters_match_nothing_says_why() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(
        &server,
        now,
        &["dead", "retry", "--fingerprint", "deadbeef", "--yes"],
    );
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("0 of 3 dead entries match --fingerprint deadbeef"),
        "{}",
        run.stderr
    );
    for dry in [false, true] {
        let mut args = vec![
            "queue",
            "delete-job",
            "default",
            "--class",
            "NoopJob",
            "--min-retries",
            "99",
        ];
        args.push(if dry { "--dry-run" } else { "--yes" });
        let before = server.keyspace();
        let run = cogctl(&server, now, &args);
        assert_eq!(run.code, 0, "{}", run.snapshot());
        assert_eq!(server.list("cogworker:queue:default").len(), 6);
        // Nothing changed: no audit entry, no undo record either.
        assert_eq!(server.keyspace(), before);
        assert!(
            run.stderr
                .contains("0 of 6 waiting jobs match --class NoopJob"),
            "{}",
            run.stderr
        );
    }
    // A class no job there has: a likely typo, refused (the rule of every filter).
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "default",
            "--class",
            "NoSuchJob",
            "--yes",
        ],
    );
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert_eq!(server.list("cogworker:queue:default").len(), 6);
}

// ---------------------------------------------------------------------------------------
// 7. words that mislead

#[test]
fn retry_triage_says_when_the_newest_failed_and_when_it_runs_next() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(&server, now, &["retry", "triage"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stdout.contains(
            "newest  4f0874574bb8a17cf99e4e2d failed 17s ago, next attempt in 46s: \
             RuntimeError: boom"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_clock_behind_the_enqueue_times_is_said_as_such() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // No live process: the queues are unread; this clock is two hours behind the producer's.
    server.exec(&[&["DEL", &format!("cogworker:process:{LIVE}")]]);
    let run = cogctl(&server, now - 7200.0, &["incident"]);
    assert!(
        run.stdout.contains("unread_queue  onset unknown")
            && run
                .stdout
                .contains("enqueued 1h 59m after this clock's now: this clock is behind"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("since ?"), "{}", run.stdout);
    assert!(!run.stdout.contains("no enqueue time"), "{}", run.stdout);
}

#[test]
fn a_millisecond_spread_is_said_in_milliseconds() {
    let server = RedisServer::start();
    let now = 1_796_208_000.0;
    let job = |jid: &str, at: f64| {
        format!(
            "{{\"class\":\"FailJob\",\"args\":[],\"queue\":\"default\",\"jid\":\"{jid}\",\
             \"retry\":true,\"created_at\":{at},\"enqueued_at\":{at},\"error_class\":\
             \"RuntimeError\",\"error_message\":\"boom\",\"failed_at\":{at},\"retry_count\":25}}"
        )
    };
    let a = job("aaaaaaaaaaaaaaaaaaaaaaaa", now - 60.0);
    let b = job("bbbbbbbbbbbbbbbbbbbbbbbb", now - 59.999);
    server.exec(&[
        &["ZADD", "cogworker:dead", "1796207940.000", &a],
        &["ZADD", "cogworker:dead", "1796207940.001", &b],
    ]);
    let run = cogctl(&server, now, &["dead", "triage"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(!run.stdout.contains("column is 0.0s"), "{}", run.stdout);
    assert!(
        run.stdout.contains("each timeline column is <1ms"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_database_number_out_of_range_is_not_an_unreachable_redis() {
    let server = RedisServer::start();
    let url = format!("{}?db=99", server.url());
    let run = Cogctl::bare().args(["--redis-url", &url, "queues"]).run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("the server was reached, but it has no database 99"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("cannot reach"), "{}", run.stderr);
}

#[test]
fn the_memory_view_says_where_latest_comes_from() {
    let server = RedisServer::start();
    let now = server.load("memory").captured_at;
    let run = cogctl(&server, now, &["procs", "--memory"]);
    assert!(
        run.stderr.contains(
            "LATEST is the highest reading of the newest 15 min slot of the memory history, \
             while `cogctl procs` shows RSS as of the last beat"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn the_readme_quotes_no_test_count() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    let quoted = regex::Regex::new(r"tests: [0-9][0-9,]* passed").unwrap();
    assert!(
        !quoted.is_match(&readme),
        "a count that drifts: {:?}",
        quoted.find(&readme)
    );
}

#[test]
fn a_dry_run_and_its_real_run_say_the_same_undo_expiry_under_a_pinned_clock() {
    let server = RedisServer::start();
    // The demo's clock: pinned days away from Redis' own, which records expire by.
    let now = server.load("incident").captured_at - 2.0 * 86_400.0;
    let dry = cogctl(
        &server,
        now,
        &["--json", "dead", "delete", "--all", "--dry-run"],
    )
    .success()
    .json();
    let real = cogctl(
        &server,
        now,
        &["--json", "dead", "delete", "--all", "--yes"],
    )
    .success()
    .json();
    let (dry, real) = (
        dry["undo"]["until"].as_f64().unwrap(),
        real["undo"]["until"].as_f64().unwrap(),
    );
    assert!((dry - real).abs() < 5.0, "dry run {dry}, real run {real}");
}

// ---------------------------------------------------------------------------------------
// 8. job directories left by a killed worker

#[test]
fn a_worker_removes_the_job_directories_of_gone_workers_and_no_others() {
    let server = RedisServer::start();
    let tmp = tempfile::tempdir().unwrap();
    // A pid no process has any more: a child that has exited and been waited for.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead_pid = child.id();
    child.wait().unwrap();
    let live_pid = std::process::id();
    let dead = tmp.path().join(format!("cogctl-job-{dead_pid}-aB3xYz"));
    let live = tmp.path().join(format!("cogctl-job-{live_pid}-aB3xYz"));
    let unnamed = tmp.path().join("cogctl-job-aB3xYz");
    let other = tmp.path().join("someone-else");
    for dir in [&dead, &live, &unnamed, &other] {
        std::fs::create_dir(dir).unwrap();
        std::fs::write(dir.join("result.json"), "{}").unwrap();
    }
    // The job's handler says where its directory is.
    let seen = tmp.path().join("seen");
    Cogctl::new(&server).args(["enqueue", "Where"]).run();
    let handler = format!(
        "Where=/bin/sh -c 'dirname \"$COGCTL_RESULT_FILE\" > {}'",
        seen.display()
    );
    let run = crate::worker::worker(&server, &["--burst", "--handler", &handler])
        .env("TMPDIR", tmp.path().to_str().unwrap())
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("event=stale_job_dirs_removed removed=1"),
        "{}",
        run.stderr
    );
    assert!(!dead.exists(), "a gone worker's directory is removed");
    for kept in [&live, &unnamed, &other] {
        assert!(kept.join("result.json").exists(), "{} kept", kept.display());
    }
    // Its own job's directory carried its pid, and went away with the job.
    let used = std::fs::read_to_string(&seen).unwrap();
    let used = std::path::Path::new(used.trim());
    let name = used.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("cogctl-job-"), "{name}");
    let pid = name.split('-').nth(2).unwrap();
    assert!(pid.parse::<u32>().is_ok(), "{name}");
    assert!(!used.exists());
}
