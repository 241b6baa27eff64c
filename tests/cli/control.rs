//! Queue control (`queue pause|resume|clear|delete-job`) and process control
//! (`procs quiet|resume|stop|prune`) on the real-gem fixtures and on large seeded queues.

use std::collections::BTreeSet;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{RedisServer, Run, cogctl, find};

const LIVE: &str = "vm:29128:32e9242b5029";
const GONE: [&str; 3] = [
    "vm:30544:e1585b18698e",
    "vm:582:b4554f02b956",
    "vm:710:4e5e9b0d9b22",
];

fn members(server: &RedisServer, key: &str) -> BTreeSet<String> {
    redis::cmd("SMEMBERS")
        .arg(key)
        .query(&mut server.conn())
        .unwrap()
}

/// The redacted address reports name: the server's URL with its database.
fn target(server: &RedisServer) -> String {
    format!("{}?db=0", server.url())
}

/// Run `f` and check that it changed nothing at all.
#[track_caller]
fn unchanged(server: &RedisServer, f: impl FnOnce() -> Run) -> Run {
    let before = server.keyspace();
    let run = f();
    assert!(
        before == server.keyspace(),
        "the keyspace changed:\n{}",
        run.stable_snapshot(server)
    );
    run
}

// ---------------------------------------------------------------------------------------
// pause / resume

#[test]
fn pause_and_resume_report_what_changed() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(
        &server,
        now,
        // `ghost` is no queue cogworker knows: without --force the whole pause is refused.
        &["queue", "pause", "mail-out", "critical", "ghost", "--force"],
    );
    insta::assert_snapshot!("pause", run.stable_snapshot(&server));
    assert!(run.stderr.contains("\"ghost\" is not in cogworker:queues"));
    assert_eq!(
        members(&server, "cogworker:paused_queues"),
        ["critical", "ghost", "mail-out"].map(String::from).into()
    );

    let run = cogctl(
        &server,
        now,
        &[
            "queue", "resume", "critical", "ghost", "default", "--json", "--force",
        ],
    );
    let json = run.success().json();
    assert_eq!(json["action"], "resume");
    assert_eq!(json["target"], target(&server));
    let row = |name: &str| find(&json, "queues", "name", name).clone();
    assert_eq!(
        row("critical"),
        serde_json::json!({"name": "critical", "changed": true, "listed": true})
    );
    assert_eq!(
        row("ghost"),
        serde_json::json!({"name": "ghost", "changed": true, "listed": false})
    );
    assert_eq!(row("default")["changed"], false);
    assert_eq!(
        members(&server, "cogworker:paused_queues"),
        ["mail-out"].map(String::from).into()
    );
}

#[test]
fn pause_on_a_paused_set_of_the_wrong_type_changes_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[
        &["DEL", "cogworker:paused_queues"],
        &["SET", "cogworker:paused_queues", "mail-out"],
    ]);
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "pause", "default"])
    });
    assert_eq!(run.code, 1, "{}", run.stable_snapshot(&server));
    assert!(
        run.stderr.contains("cogworker:paused_queues"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
    let run = unchanged(&server, || cogctl(&server, now, &["queue", "pause", ""]));
    assert_eq!(run.code, 2);
}

// ---------------------------------------------------------------------------------------
// clear

#[test]
fn clear_refuses_without_a_terminal_and_without_yes() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "clear", "critical"])
    });
    assert_eq!(run.code, 2);
    insta::assert_snapshot!(run.stable_snapshot(&server));
}

#[test]
fn clear_drops_the_queue_and_leaves_locks_and_listing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let lock = "cogworker:unique:3f0e7f5644f14cb3ce5f4effa89ac8a14ff6b7d7";
    let run = cogctl(&server, now, &["queue", "clear", "mail-out", "--yes"]);
    // The size kept is the server's own estimate (MEMORY USAGE: 1.0 KB on Redis 7.0, 960 B
    // on Valkey 8): present, but not part of the snapshot.
    let size = regex::Regex::new(r"kept 4 entries \((\d+ B|\d+\.\d KB)\)").unwrap();
    assert!(size.is_match(&run.stderr), "{}", run.stderr);
    let text = run.stable_snapshot(&server);
    insta::assert_snapshot!(size.replace(&text, "kept 4 entries (<size>)"));
    assert!(!server.exists("cogworker:queue:mail-out"));
    assert_eq!(
        server.get(lock).as_deref(),
        Some("c5954a5a6dbfda0e3be9f414")
    );
    assert!(members(&server, "cogworker:queues").contains("mail-out"));
    assert_eq!(server.list("cogworker:queue:critical").len(), 3);

    let mut json = cogctl(
        &server,
        now,
        &["queue", "clear", "critical", "-y", "--json"],
    )
    .success()
    .json();
    // The cleared list is what the undo record keeps (its id and expiry are Redis').
    let undo = json.as_object_mut().unwrap().remove("undo").unwrap();
    assert_eq!(undo["entries"], 3, "{undo}");
    assert!(undo["bytes"].as_u64().unwrap() > 0, "{undo}");
    assert_eq!(
        json,
        serde_json::json!({
            "queue": "critical",
            "key": "cogworker:queue:critical",
            "target": target(&server),
            "deleted": 3,
            "listed": true,
        })
    );
    // An empty queue needs no confirmation: nothing is deleted.
    let run = cogctl(&server, now, &["queue", "clear", "critical"]);
    assert_eq!(
        run.success().stdout,
        "queue critical was already empty; nothing deleted\n"
    );
}

#[test]
fn clear_refuses_a_queue_not_listed_unless_forced() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[&["RPUSH", "cogworker:queue:typo", "{\"jid\":\"x\"}"]]);
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "clear", "typo", "--yes"])
    });
    assert_eq!(run.code, 2);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    let json = cogctl(
        &server,
        now,
        &["queue", "clear", "typo", "--force", "--yes", "--json"],
    )
    .success()
    .json();
    assert_eq!(json["deleted"], 1);
    assert_eq!(json["listed"], false);
    assert!(!server.exists("cogworker:queue:typo"));
}

#[test]
fn clear_of_a_key_of_the_wrong_type_changes_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[&["SET", "cogworker:queue:critical", "not a list"]]);
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "clear", "critical", "--yes"])
    });
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("cogworker:queue:critical"),
        "{}",
        run.stderr
    );
    server.exec(&[
        &["DEL", "cogworker:queue:critical", "cogworker:queues"],
        &["HSET", "cogworker:queues", "critical", "1"],
    ]);
    let run = unchanged(&server, || {
        cogctl(&server, now, &["queue", "clear", "default", "--yes"])
    });
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("cogworker:queues"), "{}", run.stderr);
}

// ---------------------------------------------------------------------------------------
// delete-job by jid

const GREETING: &str = "f4bd791df1d5525958b55eff";
const GREETING_LOCK: &str = "cogworker:unique:038e2c26c670e7ffcf0fabd51d1208e7ff0f178d";
const QUOTED: &str = "95d9ba199d5f0b8906ecc195";
const QUOTED_LOCK: &str = "cogworker:unique:23dddf9bc62ef58934a0b763ab5d663926496487";
const PLAIN: &str = "fd6a34e4a2f1e0a47ec04b23";

#[test]
fn delete_job_releases_the_locks_the_job_owns_and_no_other() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    // Another job took QUOTED's lock meanwhile: deleting QUOTED must leave it alone.
    server.exec(&[&["SET", QUOTED_LOCK, "0123456789abcdef01234567", "KEEPTTL"]]);
    let run = cogctl(
        &server,
        now,
        &["queue", "delete-job", "mail-out", GREETING, QUOTED, "--yes"],
    );
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert_eq!(run.code, 0);
    assert_eq!(server.get(GREETING_LOCK), None);
    assert_eq!(
        server.get(QUOTED_LOCK).as_deref(),
        Some("0123456789abcdef01234567")
    );
    let left = server.list("cogworker:queue:mail-out");
    assert_eq!(left.len(), 1);
    assert!(left[0].contains(PLAIN));
    // Other queues' locks are untouched.
    assert!(server.exists("cogworker:unique:4b359ea4a43354fae8564a2a20cbe719e16cb861"));
}

#[test]
fn delete_job_json_and_jids_that_are_not_there() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    // Nothing named is on the queue: exit 1, nothing changed.
    let run = unchanged(&server, || {
        cogctl(
            &server,
            now,
            &["queue", "delete-job", "default", GREETING, "--yes"],
        )
    });
    assert_eq!(run.code, 1, "{}", run.stable_snapshot(&server));
    insta::assert_snapshot!("delete_job_none_found", run.stable_snapshot(&server));

    // Some found, some not: the found ones are deleted, exit 4.
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "mail-out",
            PLAIN,
            "000000000000000000000000",
            "--yes",
            "--json",
        ],
    );
    assert_eq!(run.code, 4, "{}", run.stable_snapshot(&server));
    let mut json = run.json();
    assert!(json["elapsed_secs"].as_f64().unwrap() >= 0.0);
    json["elapsed_secs"] = Value::from(0.0);
    // What the delete kept to be undone: one job (its id and expiry are Redis').
    let undo = json.as_object_mut().unwrap().remove("undo").unwrap();
    assert_eq!(undo["entries"], 1, "{undo}");
    assert!(undo["id"].as_str().unwrap().starts_with("u-"), "{undo}");
    assert_eq!(
        json,
        serde_json::json!({
            "action": "delete",
            "source": "cogworker:queue:mail-out",
            "target": target(&server),
            "moved": 1,
            "gone": 0,
            "failed": 1,
            "skipped": 0,
            "not_found": 1,
            "interrupted": false,
            "elapsed_secs": 0.0,
            "unfinished": [{
                "jid": "000000000000000000000000",
                "outcome": "not_found",
                "reason": "not on queue mail-out",
            }],
            "unfinished_more": 0,
            "locks_released": 0,
        })
    );
    assert_eq!(server.list("cogworker:queue:mail-out").len(), 2);
}

#[test]
fn delete_job_reads_jids_from_a_file_and_plans_with_dry_run() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    let file = server.dir().join("jids.txt");
    std::fs::write(&file, format!("{GREETING}\n\n{QUOTED}\n{GREETING}\nnope\n")).unwrap();
    let path = file.to_str().unwrap();
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &[
                "queue",
                "delete-job",
                "mail-out",
                "--jid-file",
                path,
                "--dry-run",
            ],
        )
    });
    insta::assert_snapshot!(run.stable_snapshot(&server));
    let json = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "mail-out",
            "--jid-file",
            path,
            "--dry-run",
            "--json",
        ],
    )
    .success()
    .json();
    assert_eq!(json["dry_run"], true);
    assert_eq!(json["scanned"], 3);
    assert_eq!(json["matched"], 2);
    assert_eq!(json["not_found"], serde_json::json!(["nope"]));
    assert_eq!(
        json["by_class"],
        serde_json::json!([{"class": "EchoJob", "count": 2}])
    );
    let sample = find(&json, "sample", "jid", GREETING);
    assert_eq!(sample["locks"], serde_json::json!([GREETING_LOCK]));
    assert_eq!(sample["class"], "EchoJob");
    assert!(sample["enqueued_at"].is_f64());

    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "mail-out",
            "--jid-file",
            path,
            "--yes",
        ],
    );
    assert_eq!(run.code, 4, "{}", run.stable_snapshot(&server));
    assert_eq!(server.list("cogworker:queue:mail-out").len(), 1);
}

#[test]
fn delete_job_refuses_without_a_terminal_and_bad_input_changes_nothing() {
    let server = RedisServer::start();
    let now = server.load("unique").captured_at;
    for args in [
        &["queue", "delete-job", "mail-out", GREETING][..],
        &["queue", "delete-job", "mail-out", "--class", "EchoJob"],
        &["queue", "delete-job", "mail-out", "--all"],
        // Usage errors: --queue, jids with filters, nothing selected, --max-queue-depth.
        &[
            "queue",
            "delete-job",
            "mail-out",
            "--queue",
            "x",
            "--all",
            "--yes",
        ],
        &[
            "queue",
            "delete-job",
            "mail-out",
            GREETING,
            "--all",
            "--yes",
        ],
        &["queue", "delete-job", "mail-out", "--yes"],
        &[
            "queue",
            "delete-job",
            "mail-out",
            "--all",
            "--max-queue-depth",
            "5",
            "--yes",
        ],
    ] {
        let run = unchanged(&server, || cogctl(&server, now, args));
        assert_eq!(run.code, 2, "{args:?}\n{}", run.stable_snapshot(&server));
        assert!(run.stdout.is_empty());
    }
    server.exec(&[
        &["DEL", "cogworker:queue:default"],
        &["SADD", "cogworker:queue:default", "x"],
    ]);
    let run = unchanged(&server, || {
        cogctl(
            &server,
            now,
            &["queue", "delete-job", "default", GREETING, "--yes"],
        )
    });
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("cogworker:queue:default"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_job_gone_before_its_delete_is_reported_gone_and_keeps_its_lock() {
    let server = RedisServer::start();
    server.load("unique");
    let raw = server
        .list("cogworker:queue:mail-out")
        .into_iter()
        .find(|r| r.contains(GREETING))
        .unwrap();
    let mut store = server.store();
    // A worker fetched it (it now owns the lock while it runs).
    server.exec(&[&["LREM", "cogworker:queue:mail-out", "0", &raw]]);
    let done =
        cogctl::commands::queue::delete_waiting(&mut store, "mail-out", raw.as_bytes()).unwrap();
    assert_eq!(done.removed, 0);
    assert_eq!(done.locks_released, 0);
    assert_eq!(server.get(GREETING_LOCK).as_deref(), Some(GREETING));

    // Two identical copies both go, as the Web UI's LREM 0; the lock goes with them.
    server.exec(&[
        &["LPUSH", "cogworker:queue:mail-out", &raw],
        &["RPUSH", "cogworker:queue:mail-out", &raw],
    ]);
    let done =
        cogctl::commands::queue::delete_waiting(&mut store, "mail-out", raw.as_bytes()).unwrap();
    assert_eq!((done.removed, done.locks_released), (2, 1));
    assert_eq!(server.get(GREETING_LOCK), None);
    assert_eq!(server.list("cogworker:queue:mail-out").len(), 2);
}

// ---------------------------------------------------------------------------------------
// delete-job in bulk

/// A job of the seeded queue: class, error and enqueued_at vary with `i`.
fn seeded(i: usize) -> String {
    let class = ["EchoJob", "NoopJob", "ReportJob"][i % 3];
    let error = if i.is_multiple_of(5) {
        ",\"error_class\":\"Net::ReadTimeout\",\"error_message\":\"timed out\",\"retry_count\":2"
    } else {
        ""
    };
    let unique = if i.is_multiple_of(1000) {
        ",\"unique\":\"until_executed\""
    } else {
        ""
    };
    format!(
        "{{\"class\":\"{class}\",\"args\":[{i}]{unique},\"jid\":\"{i:024x}\",\"queue\":\"big\",\"retry\":true,\"created_at\":{t},\"enqueued_at\":{t}{error}}}",
        t = 1796200000 + i
    )
}

fn matches(i: usize) -> bool {
    i.is_multiple_of(3) && i.is_multiple_of(5)
}

fn seed_big(server: &RedisServer, n: usize) {
    let mut conn = server.conn();
    let mut pipe = redis::pipe();
    for i in 0..n {
        pipe.cmd("RPUSH")
            .arg("cogworker:queue:big")
            .arg(seeded(i))
            .ignore();
        if i % 1000 == 0 {
            let job = seeded(i);
            let parsed = cogctl::store::Job::parse(job.as_bytes()).unwrap();
            for lock in cogctl::store::locks::lock_keys(&parsed) {
                pipe.cmd("SET").arg(lock).arg(format!("{i:024x}")).ignore();
            }
        }
    }
    pipe.cmd("SADD").arg("cogworker:queues").arg("big").ignore();
    pipe.query::<()>(&mut conn).unwrap();
}

#[test]
fn bulk_delete_over_a_large_queue_removes_exactly_the_matching_jobs() {
    let server = RedisServer::start();
    let now = 1796300000.0;
    let n = 20_000;
    seed_big(&server, n);
    let filters = [
        "--class",
        "EchoJob",
        "--error",
        "^Net::",
        "--min-retries",
        "2",
    ];
    let expected = (0..n).filter(|&i| matches(i)).count();

    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &[&["queue", "delete-job", "big", "--dry-run"][..], &filters].concat(),
        )
    });
    insta::assert_snapshot!("bulk_dry_run", run.stable_snapshot(&server));
    let json = cogctl(
        &server,
        now,
        &[
            &["queue", "delete-job", "big", "--dry-run", "--json"][..],
            &filters,
        ]
        .concat(),
    )
    .success()
    .json();
    assert_eq!(json["matched"], expected as u64);
    assert_eq!(json["scanned"], n as u64);

    let run = cogctl(
        &server,
        now,
        &[
            &["queue", "delete-job", "big", "--yes", "--batch", "300"][..],
            &filters,
        ]
        .concat(),
    );
    insta::assert_snapshot!("bulk_delete", run.stable_snapshot(&server));
    let left = server.list("cogworker:queue:big");
    let want: Vec<String> = (0..n).filter(|&i| !matches(i)).map(seeded).collect();
    assert_eq!(left.len(), n - expected);
    assert_eq!(left, want, "exactly the non-matching jobs remain, in order");
    // The matching unique jobs (i = 0, 15000 …) lost their locks; the others kept theirs.
    for i in (0..n).step_by(1000) {
        let job = seeded(i);
        let parsed = cogctl::store::Job::parse(job.as_bytes()).unwrap();
        let lock = cogctl::store::locks::lock_keys(&parsed)[0]
            .to_str()
            .unwrap()
            .to_string();
        let lock = &lock;
        assert_eq!(server.exists(lock), !matches(i), "lock of job {i}");
    }
}

#[test]
fn bulk_delete_by_time_and_everything_with_all() {
    let server = RedisServer::start();
    let now = 1796300000.0;
    seed_big(&server, 3000);
    // --since/--until compare enqueued_at: jobs 1000..=1999.
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "big",
            "--since",
            "2026-12-02T08:43:20Z",
            "--until",
            "2026-12-02T08:59:59Z",
            "--yes",
            "--json",
        ],
    );
    let json = run.success().json();
    assert_eq!(json["moved"], 1000, "{}", run.stdout);
    assert_eq!(json["locks_released"], 1);
    let left = server.list("cogworker:queue:big");
    let want: Vec<String> = (0..1000).chain(2000..3000).map(seeded).collect();
    assert_eq!(left, want);

    let json = cogctl(
        &server,
        now,
        &["queue", "delete-job", "big", "--all", "-y", "--json"],
    )
    .success()
    .json();
    assert_eq!(json["moved"], 2000);
    assert!(!server.exists("cogworker:queue:big"));
}

#[test]
fn bulk_delete_while_workers_push_and_pop_deletes_only_matching_jobs() {
    let server = RedisServer::start();
    let now = 1796300000.0;
    let n = 20_000;
    seed_big(&server, n);
    // A client pushes non-matching jobs at the head and a worker pops from the tail while
    // the delete runs.
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    let mut conn = server.conn();
    let churn = thread::spawn(move || {
        let mut pushed = Vec::new();
        let mut popped = Vec::new();
        let mut k = 0;
        while stop_rx.try_recv().is_err() {
            let job = format!("{{\"class\":\"PushedJob\",\"args\":[{k}],\"jid\":\"p{k}\"}}");
            redis::cmd("LPUSH")
                .arg("cogworker:queue:big")
                .arg(&job)
                .query::<()>(&mut conn)
                .unwrap();
            pushed.push(job);
            if k % 3 == 0 {
                let job: Option<String> = redis::cmd("RPOP")
                    .arg("cogworker:queue:big")
                    .query(&mut conn)
                    .unwrap();
                popped.extend(job);
            }
            k += 1;
            thread::sleep(Duration::from_micros(200));
        }
        (pushed, popped)
    });
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "big",
            "--class",
            "EchoJob",
            "--batch",
            "100",
            "--yes",
            "--json",
        ],
    );
    stop_tx.send(()).unwrap();
    let (pushed, popped) = churn.join().unwrap();
    let json = run.success().json();
    let left = server.list("cogworker:queue:big");
    let popped: BTreeSet<&String> = popped.iter().collect();
    // Every job is in exactly one place: left on the queue, popped by the worker, or
    // deleted — and deleted only if it is an EchoJob.
    let originals: Vec<String> = (0..n).map(seeded).collect();
    let left_set: BTreeSet<&String> = left.iter().collect();
    let mut deleted = 0;
    for job in originals.iter().chain(&pushed) {
        let here = left_set.contains(job) as u32 + popped.contains(job) as u32;
        if here == 0 {
            assert!(
                job.contains("\"class\":\"EchoJob\""),
                "deleted a non-matching job {job}"
            );
            deleted += 1;
        } else {
            assert_eq!(here, 1, "{job}");
        }
    }
    assert_eq!(json["moved"].as_u64().unwrap(), deleted);
    assert_eq!(
        left.len() + popped.len() + deleted as usize,
        n + pushed.len()
    );
    // No EchoJob that was on the queue all along is left behind.
    assert!(left.iter().all(|j| !j.contains("EchoJob")));
}

// ---------------------------------------------------------------------------------------
// procs quiet / resume / stop

/// Subscribe to `channel` on a thread; the receiver gets the first message's payload.
fn subscribe(server: &RedisServer, channel: &str) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let (ready_tx, ready_rx) = mpsc::channel();
    let mut conn = server.conn();
    let channel = channel.to_string();
    thread::spawn(move || {
        let mut pubsub = conn.as_pubsub();
        pubsub.subscribe(&channel).unwrap();
        ready_tx.send(()).unwrap();
        pubsub
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        if let Ok(msg) = pubsub.get_message() {
            let _ = tx.send(msg.get_payload::<String>().unwrap());
        }
    });
    ready_rx.recv().unwrap();
    rx
}

#[test]
fn quiet_is_published_on_the_signal_channel_and_received() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let rx = subscribe(&server, &format!("cogworker:signal:{LIVE}"));
    // LIVE is the last reader of queues holding jobs: quieting it takes --yes.
    let run = cogctl(&server, now, &["procs", "quiet", LIVE, "--yes"]);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert_eq!(rx.recv_timeout(HANG).unwrap(), "quiet");

    let rx = subscribe(&server, &format!("cogworker:signal:{LIVE}"));
    let json = cogctl(&server, now, &["procs", "resume", "--all", "--json"])
        .success()
        .json();
    assert_eq!(rx.recv_timeout(HANG).unwrap(), "resume");
    assert_eq!(
        json,
        serde_json::json!({
            "signal": "resume",
            "target": target(&server),
            "processes": [{
                "identity": LIVE,
                "channel": format!("cogworker:signal:{LIVE}"),
                "receivers": 1,
            }],
        })
    );
}

#[test]
fn nobody_listening_is_a_warning() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(&server, now, &["procs", "quiet", LIVE, "--yes"]);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    let run = cogctl(&server, now, &["procs", "quiet", LIVE, "--json", "--yes"]);
    assert_eq!(run.success().json()["processes"][0]["receivers"], 0);
}

#[test]
fn identities_without_a_presence_key_are_refused_and_nothing_is_sent() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.load("orphaned");
    // Loading orphaned replaced the registry: put the live process back in.
    server.exec(&[&["SADD", "cogworker:processes", LIVE]]);
    let rx = subscribe(&server, &format!("cogworker:signal:{LIVE}"));
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "quiet", LIVE, GONE[0]]));
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());

    // --all signals only the live one.
    // (LIVE is the last reader of queues holding jobs: quieting it takes --yes.)
    let json = cogctl(
        &server,
        now,
        &["procs", "quiet", "--all", "--json", "--yes"],
    )
    .success()
    .json();
    assert_eq!(json["processes"].as_array().unwrap().len(), 1);
    assert_eq!(json["processes"][0]["identity"], LIVE);
    assert_eq!(rx.recv_timeout(HANG).unwrap(), "quiet");
}

#[test]
fn stop_asks_first_and_refuses_without_a_terminal() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let rx = subscribe(&server, &format!("cogworker:signal:{LIVE}"));
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "stop", LIVE]));
    assert_eq!(run.code, 2);
    insta::assert_snapshot!(run.stable_snapshot(&server));
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
    let run = cogctl(&server, now, &["procs", "stop", "--all", "--yes"]);
    assert_eq!(
        run.success().stdout,
        format!("sent stop to {LIVE} (1 receiver)\n")
    );
    assert_eq!(rx.recv_timeout(HANG).unwrap(), "stop");
}

// ---------------------------------------------------------------------------------------
// procs prune

#[test]
fn prune_removes_only_identities_without_a_presence_key() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.load("orphaned");
    // Loading orphaned replaced the registry: put the live process back in.
    server.exec(&[&["SADD", "cogworker:processes", LIVE]]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "prune", "--dry-run"]));
    insta::assert_snapshot!("prune_dry_run", run.stable_snapshot(&server));

    let run = cogctl(&server, now, &["procs", "prune"]);
    insta::assert_snapshot!("prune", run.stable_snapshot(&server));
    assert_eq!(
        members(&server, "cogworker:processes"),
        [LIVE].map(String::from).into()
    );
    // Their other keys are not the registry's to forget.
    assert!(server.exists(&format!("cogworker:workers:{}", GONE[2])));

    let json = cogctl(&server, now, &["procs", "prune", "--json"])
        .success()
        .json();
    assert_eq!(
        json,
        serde_json::json!({"target": target(&server), "dry_run": false, "removed": [], "kept": 1})
    );
}

#[test]
fn prune_and_signals_on_a_registry_of_the_wrong_type_change_nothing() {
    let server = RedisServer::start();
    let now = server.load("orphaned").captured_at;
    server.exec(&[
        &["DEL", "cogworker:processes"],
        &["LPUSH", "cogworker:processes", GONE[0]],
    ]);
    for args in [
        &["procs", "prune"][..],
        &["procs", "quiet", "--all"],
        &["procs", "stop", "--all", "--yes"],
    ] {
        let run = unchanged(&server, || cogctl(&server, now, args));
        assert_eq!(run.code, 1, "{args:?}\n{}", run.stable_snapshot(&server));
        assert!(run.stderr.contains("cogworker:processes"), "{}", run.stderr);
    }
}
