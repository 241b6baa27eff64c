//! `queue list` and `queue show`: a queue's waiting jobs in both orders with their places in
//! line, the list filters, a large queue read in pages, and the queue page's counts.

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

fn jids(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .map(|e| e["jid"].as_str().unwrap().to_string())
        .collect()
}

/// The jids of a queue as Redis holds it, head (newest) first.
fn stored_jids(server: &RedisServer, queue: &str) -> Vec<String> {
    server
        .list(&format!("cogworker:queue:{queue}"))
        .iter()
        .map(|raw| {
            serde_json::from_str::<Value>(raw).unwrap()["jid"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn queue_list_shows_the_fixtures_jobs_in_both_orders() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["queue", "list", "default"]));
    insta::assert_snapshot!(run.snapshot());
    let stored = stored_jids(&server, "default");
    assert_eq!(stored.len(), 6);
    let run = cogctl(&server, now, &["--ndjson", "queue", "list", "default"]);
    let newest = run.success().ndjson();
    assert_eq!(
        jids(&newest),
        stored,
        "newest first: the list from its head"
    );
    let positions: Vec<u64> = newest
        .iter()
        .map(|e| e["position"].as_u64().unwrap())
        .collect();
    assert_eq!(positions, [6, 5, 4, 3, 2, 1]);
    let run = cogctl(
        &server,
        now,
        &["--ndjson", "queue", "list", "default", "--next-first"],
    );
    let next = run.success().ndjson();
    let mut reversed = stored.clone();
    reversed.reverse();
    assert_eq!(
        jids(&next),
        reversed,
        "next first: the order workers take them"
    );
    let positions: Vec<u64> = next
        .iter()
        .map(|e| e["position"].as_u64().unwrap())
        .collect();
    assert_eq!(positions, [1, 2, 3, 4, 5, 6]);
    // Each entry carries the stored job byte for byte.
    let raw = server.list("cogworker:queue:default");
    for (entry, raw) in newest.iter().zip(&raw) {
        assert_eq!(
            serde_json::to_string(&entry["payload"]).unwrap(),
            serde_json::to_string(&serde_json::from_str::<Value>(raw).unwrap()).unwrap()
        );
        assert_eq!(entry["queue"], "default");
    }
    let run = cogctl(
        &server,
        now,
        &["queue", "list", "critical", "--next-first", "--limit", "2"],
    );
    insta::assert_snapshot!("critical_next_two", run.snapshot());
}

#[test]
fn queue_list_filters_like_the_other_lists() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let ndjson = |args: &[&str]| {
        let mut all = vec!["--ndjson", "queue", "list"];
        all.extend_from_slice(args);
        cogctl(&server, now, &all).success().ndjson()
    };
    let sev = ndjson(&["critical", "--search", "p2"]);
    assert_eq!(jids(&sev), ["61187f76f801326412c7cb35"]);
    let args = ndjson(&["critical", "--args", r#""alert",[02]"#]);
    assert_eq!(
        jids(&args),
        ["df6089a6d6211f37208f89a5", "b39373d51dcac8607d2989b8"]
    );
    assert!(ndjson(&["critical", "--class", "EchoJob", "--min-retries", "99"]).is_empty());
    // --since/--until compare enqueued_at: between the first and second job's.
    let since = ndjson(&["critical", "--since", "2026-12-02T10:41:36.0211Z"]);
    assert_eq!(
        jids(&since),
        ["df6089a6d6211f37208f89a5", "61187f76f801326412c7cb35"]
    );
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "list",
            "critical",
            "--class",
            "EchoJob",
            "--min-retries",
            "99",
        ],
    );
    assert_eq!(run.success().stdout, "no waiting jobs match\n");
    // A class no job on the queue has: a likely typo, refused with those there are.
    let run = cogctl(
        &server,
        now,
        &["queue", "list", "critical", "--class", "EchoJb"],
    );
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains(
            "--class EchoJb names no entry of cogworker:queue:critical (did you mean EchoJob, \
             3 entries?)"
        ),
        "{}",
        run.stderr
    );
    // And deleting by it: refused, nothing changed (unless --force).
    let before = server.keyspace();
    let run = cogctl(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "critical",
            "--class",
            "EchoJb",
            "--yes",
        ],
    );
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("; nothing was changed (--force runs it anyway)"),
        "{}",
        run.stderr
    );
    assert_eq!(server.keyspace(), before);
}

#[test]
fn queue_list_shows_elements_that_are_not_jobs_as_one_row_each() {
    let server = RedisServer::start();
    server.exec(&[
        &["LPUSH", "cogworker:queue:q", r#"{"class":"A","args":[1],"jid":"aaaaaaaaaaaaaaaaaaaaaaaa","queue":"q","enqueued_at":1796000000.5}"#],
        &["LPUSH", "cogworker:queue:q", "not json \u{1b}[2J"],
        &["LPUSH", "cogworker:queue:q", "[1,2]"],
    ]);
    let run = cogctl(&server, 1796000060.0, &["queue", "list", "q"]);
    insta::assert_snapshot!(run.snapshot());
    assert!(!run.stdout.contains('\u{1b}'));
    let entries = cogctl(&server, 1796000060.0, &["--ndjson", "queue", "list", "q"])
        .success()
        .ndjson();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0]["class"], "(unparseable)");
    assert_eq!(entries[0]["member"], "[1,2]");
    assert_eq!(entries[2]["jid"], "aaaaaaaaaaaaaaaaaaaaaaaa");
    // A key of the wrong type: a clear error, exit 1.
    server.exec(&[&["SET", "cogworker:queue:s", "x"]]);
    let run = cogctl(&server, 1796000060.0, &["queue", "list", "s"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.contains("cogworker:queue:s"), "{}", run.stderr);
}

#[test]
fn a_large_queue_is_read_whole_in_both_orders() {
    let server = RedisServer::start();
    const N: usize = 100_000;
    let mut conn = server.conn();
    for chunk in (0..N).collect::<Vec<_>>().chunks(10_000) {
        let mut pipe = redis::pipe();
        for i in chunk {
            pipe.cmd("LPUSH")
                .arg("cogworker:queue:big")
                .arg(format!(
                    r#"{{"class":"Big","args":[{i}],"jid":"{i:024x}","queue":"big","enqueued_at":{}.5}}"#,
                    1796000000 + i
                ))
                .ignore();
        }
        pipe.query::<()>(&mut conn).unwrap();
    }
    for (order, first) in [(None, N - 1), (Some("--next-first"), 0)] {
        let mut args = vec!["--ndjson", "queue", "list", "big", "--all"];
        args.extend(order);
        let run = Cogctl::new(&server).args(&args).run();
        let entries = run.success().ndjson();
        assert_eq!(entries.len(), N);
        for (k, e) in entries.iter().enumerate() {
            let i = if first == 0 { k } else { N - 1 - k };
            assert_eq!(e["args"][0].as_u64(), Some(i as u64), "{order:?} at {k}");
            assert_eq!(e["position"].as_u64(), Some(i as u64 + 1));
        }
    }
    let run = Cogctl::new(&server)
        .args(["queue", "list", "big", "--next-first"])
        .run();
    let out = run.success().stdout.clone();
    assert_eq!(out.lines().count(), 1 + 50 + 1, "{out}");
    assert!(
        out.ends_with("… 99,950 more (--limit N or --all to see them)\n"),
        "{out}"
    );
}

#[test]
fn queue_show_is_the_queues_page() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["queue", "show", "default"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["--json", "queue", "show", "default"])
        .success()
        .json();
    assert_eq!(json["size"], 6);
    assert_eq!(json["paused"], false);
    assert_eq!(json["listed"], true);
    // The fixture's two retry entries are both of default; its dead entries name theirs.
    assert_eq!(json["retrying"], 2);
    assert_eq!(json["running"].as_array().unwrap().len(), 2);
    let paused = cogctl(&server, now, &["--json", "queue", "show", "mail-out"])
        .success()
        .json();
    assert_eq!(paused["paused"], true);
    assert_eq!(paused["running"].as_array().unwrap().len(), 0);
    // A wrong-typed set: named as a problem, the rest of the page still shown, exit 1.
    server.exec(&[&["DEL", "cogworker:dead"], &["SET", "cogworker:dead", "x"]]);
    let run = cogctl(&server, now, &["queue", "show", "default"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("waiting    6"), "{}", run.stdout);
    assert!(run.stderr.contains("cogworker:dead"), "{}", run.stderr);
}
