//! Deep JSON: 100,000 levels of nesting, in input and already in Redis. A line too deep is a
//! bad line, a member too deep is one degraded row: never a crash (a stack overflow aborts
//! the process with no message and exit 134).

use redis::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

const NOW: f64 = 1796000100.0;
const LEVELS: usize = 100_000;
const JID: &str = "deepdeepdeepdeepdeepdeep";

fn nested(levels: usize) -> String {
    format!("{}{}", "[".repeat(levels), "]".repeat(levels))
}

fn deep_job() -> String {
    format!(
        r#"{{"class":"Deep","args":{},"jid":"{JID}","queue":"default","retry":1,"error_class":"E","error_message":"m","failed_at":1796000000.0}}"#,
        nested(LEVELS)
    )
}

#[test]
fn enqueue_refuses_a_line_too_deep_and_goes_on() {
    let server = RedisServer::start();
    let input = format!(
        "{{\"class\":\"X\",\"args\":{}}}\n{{\"class\":\"Y\",\"args\":[1]}}\n",
        nested(LEVELS)
    );
    let run = Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(input.as_bytes())
        .run();
    assert_eq!(run.code, 4, "{}", run.snapshot());
    assert!(
        run.stdout.contains("1 bad line skipped"),
        "{}",
        run.snapshot()
    );
    assert!(
        run.stdout
            .contains("line 1: arrays and objects nested more than 100 levels deep"),
        "{}",
        run.snapshot()
    );
    assert_eq!(server.list("cogworker:queue:default").len(), 1);

    // As deep as the gem's JSON goes (the job object, then 99 levels of args) is a job.
    let input = format!("{{\"class\":\"X\",\"args\":{}}}\n", nested(99));
    let run = Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(input.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let input = format!("{{\"class\":\"X\",\"args\":{}}}\n", nested(100));
    let run = Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(input.as_bytes())
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_eq!(server.list("cogworker:queue:default").len(), 2);
}

#[test]
fn enqueue_refuses_arguments_and_set_values_too_deep() {
    let server = RedisServer::start();
    // An argument list can't hold 100,000 levels (the kernel's limit on one argument is
    // 128 KiB): 50,000 overflowed the stack all the same.
    let deep = nested(50_000);
    for args in [
        vec!["enqueue", "X", deep.as_str()],
        vec!["enqueue", "X", "--args", deep.as_str()],
        vec!["enqueue", "X", "--set"],
    ] {
        let mut args = args;
        let set = format!("extra={deep}");
        if args.last() == Some(&"--set") {
            args.push(&set);
        }
        let run = Cogctl::new(&server).args(&args).run();
        assert_eq!(run.code, 2, "{:?}: {}", &args[..2], run.snapshot());
        assert!(
            run.stderr.contains("nested more than 100 levels deep"),
            "{}",
            run.snapshot()
        );
    }
    assert!(server.keyspace().is_empty());
}

/// Every place a job can be, holding one 100,000 levels deep.
fn seed(server: &RedisServer) {
    let job = deep_job();
    let record =
        serde_json::json!({"set": "cogworker:dead", "score": 1796000000.0, "payload": job})
            .to_string();
    let entry = format!(
        r#"{{"queue":"default","payload":{{"class":"Deep","args":{},"jid":"{JID}","queue":"default"}},"run_at":1796000000}}"#,
        nested(LEVELS)
    );
    let mut c = server.conn();
    let mut run = |words: &[&[u8]]| {
        let mut cmd = redis::cmd(std::str::from_utf8(words[0]).unwrap());
        for w in &words[1..] {
            cmd.arg(*w);
        }
        cmd.query::<Value>(&mut c).unwrap();
    };
    for set in ["cogworker:dead", "cogworker:retry", "cogworker:schedule"] {
        run(&[b"ZADD", set.as_bytes(), b"1796000000", job.as_bytes()]);
    }
    run(&[b"LPUSH", b"cogworker:queue:default", job.as_bytes()]);
    run(&[b"SADD", b"cogworker:queues", b"default"]);
    run(&[b"SADD", b"cogworker:inprogress_identities", b"w:1:x"]);
    run(&[b"LPUSH", b"cogworker:inprogress:w:1:x", job.as_bytes()]);
    run(&[b"SADD", b"cogworker:processes", b"w:1:x"]);
    run(&[
        b"HSET",
        b"cogworker:process:w:1:x",
        b"info",
        b"{}",
        b"busy",
        b"1",
    ]);
    run(&[b"HSET", b"cogworker:workers:w:1:x", b"1", entry.as_bytes()]);
    run(&[b"LPUSH", b"cogworker:unsettled", record.as_bytes()]);
    let attempts = format!("cogworker:job_attempts:{JID}");
    run(&[b"RPUSH", attempts.as_bytes(), job.as_bytes()]);
}

#[test]
fn a_member_too_deep_is_one_row_in_every_view() {
    let server = RedisServer::start();
    seed(&server);
    for args in [
        &["stats"][..],
        &["queues"],
        &["dead", "list"],
        &["dead", "list", "--json"],
        &["retry", "list", "--ndjson"],
        &["scheduled", "list"],
        &["job", JID],
        &["job", JID, "--json"],
        &["busy"],
        &["busy", "--json"],
        &["orphans"],
        &["unsettled", "list"],
        &["unsettled", "list", "--json"],
        &["procs"],
        &["dead", "export"],
        &["reconcile", "--dry-run"],
        &["dead", "retry", "--all", "--dry-run"],
    ] {
        let run = server.assert_read_only(|| cogctl(&server, NOW, args));
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        // Valid JSON, read without a tree (a tree would hit the reader's own depth limit).
        if args.contains(&"--json") {
            serde_json::from_str::<serde::de::IgnoredAny>(&run.stdout)
                .unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"));
        }
    }
    let run = cogctl(&server, NOW, &["dead", "list"]);
    assert!(run.stdout.contains(JID), "{}", run.stdout);
    assert!(run.stdout.contains("Deep"), "{}", run.stdout);
    // The job view still shows it whole: its class, and its payload (the levels past the
    // first few dozen on one line).
    let run = cogctl(&server, NOW, &["job", JID]);
    assert!(
        run.stdout
            .starts_with(&format!("{JID}  Deep  queue default\n"))
    );
    assert!(run.stdout.contains("Payload (queue)"), "{}", run.stderr);
    assert!(run.stdout.len() < 2 * deep_job().len() + 100_000);
}

#[test]
fn a_member_too_deep_moves_by_its_bytes() {
    let server = RedisServer::start();
    seed(&server);
    let job = deep_job();
    // Export and import it back.
    let export = cogctl(&server, NOW, &["dead", "export"]);
    assert_eq!(export.code, 0, "{}", export.stderr);
    server.exec(&[&["DEL", "cogworker:dead"]]);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "import", "-", "--yes"])
        .stdin(export.stdout.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let dead: Vec<(Vec<u8>, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead, [(job.as_bytes().to_vec(), 1796000000.0)]);
    // Retry it: one job more on its queue, the dead set empty.
    let run = cogctl(&server, NOW, &["dead", "retry", "--all", "--yes"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(server.zset::<Vec<u8>, f64>("cogworker:dead").is_empty());
    assert_eq!(server.list("cogworker:queue:default").len(), 2);
    // A worker runs them (the queue's, the retry's and the schedule's) and acknowledges them.
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "-q",
            "default",
            "--handler",
            "*=builtin:noop",
            "--json",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.json()["processed"], 4);
    assert!(server.list("cogworker:queue:default").is_empty());
}
