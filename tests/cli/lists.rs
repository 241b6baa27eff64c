//! `retry list`, `dead list`, `scheduled list`: fixtures, filters, unparseable members, order,
//! limits and large sets read in pages.

use std::collections::HashSet;

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

fn jids(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .map(|e| e["jid"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn dead_list_on_the_incident() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "list"]));
    insta::assert_snapshot!(run.snapshot());
    let run = cogctl(&server, now, &["dead", "list", "--utc", "--oldest-first"]);
    insta::assert_snapshot!(run.snapshot());
}

#[test]
fn retry_and_scheduled_lists_on_the_incident() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["retry", "list"]));
    insta::assert_snapshot!("retry_list", run.snapshot());
    let run = server.assert_read_only(|| cogctl(&server, now, &["scheduled", "list"]));
    insta::assert_snapshot!("scheduled_list", run.snapshot());
}

#[test]
fn ndjson_entries_carry_the_stored_member_exactly() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let run = cogctl(&server, fixture.captured_at, &["dead", "list", "--ndjson"]);
    let entries = run.success().ndjson();
    assert_eq!(
        jids(&entries),
        [
            "f8138b8b5e56769076bcad1f",
            "315cafd389f6ab47a423cfde",
            "d76234f1e47a213d5b09b240"
        ]
    );
    let dead = fixture
        .keys
        .iter()
        .find(|k| k.key == "cogworker:dead")
        .unwrap();
    let stored: Vec<(&str, &str)> = dead
        .value
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap(), p[1].as_str().unwrap()))
        .collect();
    // Each line embeds the member byte for byte as `payload`, and the score as Redis printed it.
    for line in run.stdout.lines() {
        let (_, score) = stored
            .iter()
            .find(|(m, _)| line.contains(&format!("\"payload\":{m}}}")))
            .expect("member embedded verbatim");
        assert!(line.contains(&format!("\"score\":{score},")), "{line}");
    }
    let first = &entries[0];
    assert_eq!(first["set"], "dead");
    assert_eq!(first["class"], "FailJob");
    assert_eq!(first["queue"], "default");
    assert_eq!(first["retry_count"], 3);
    assert_eq!(first["max_retries"], 2);
    assert_eq!(first["error_class"], "RuntimeError");
    assert_eq!(first["error_message"], "boom");
    assert_eq!(first["time"], "2026-12-02T10:41:33.907906Z");
    assert_eq!(first["payload"]["args"][2]["amount"], 99.5);
}

#[test]
fn json_is_one_array() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let json = cogctl(&server, now, &["retry", "list", "--json"])
        .success()
        .json();
    assert_eq!(
        jids(json.as_array().unwrap()),
        ["2d4464e7f830ab8e90844795", "4f0874574bb8a17cf99e4e2d"]
    );
    let json = cogctl(
        &server,
        now,
        &["retry", "list", "--json", "--oldest-first", "--limit", "1"],
    )
    .success()
    .json();
    assert_eq!(jids(json.as_array().unwrap()), ["4f0874574bb8a17cf99e4e2d"]);
}

#[test]
fn filters() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let list = |args: &[&str]| {
        let mut all = vec!["dead", "list", "--ndjson"];
        all.extend_from_slice(args);
        jids(
            &server
                .assert_read_only(|| cogctl(&server, now, &all))
                .success()
                .ndjson(),
        )
    };
    assert_eq!(list(&["--class", "KillJob"]), ["d76234f1e47a213d5b09b240"]);
    assert_eq!(list(&["--class", "KillJob", "--class", "FailJob"]).len(), 2);
    assert_eq!(
        list(&["--queue", "default", "--min-retries", "99"]).len(),
        0
    );
    // A queue no entry has: refused, naming those there are.
    let run = cogctl(&server, now, &["dead", "list", "--queue", "critical"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains("(its queues: default (3))"),
        "{}",
        run.stderr
    );
    assert_eq!(list(&["--error", "^RuntimeError: (boom|kill)"]).len(), 2);
    assert_eq!(list(&["--error", "retry me"]), ["315cafd389f6ab47a423cfde"]);
    assert_eq!(
        list(&["--jid", "f8138b8b5e56769076bcad1f"]),
        ["f8138b8b5e56769076bcad1f"]
    );
    assert_eq!(list(&["--min-retries", "3"]).len(), 2);
    // Died at …093.9 (FailJob), …949.1 (RetryInJob), …934.4 (KillJob); captured at …111.3.
    assert_eq!(list(&["--since", "1m"]), ["f8138b8b5e56769076bcad1f"]);
    assert_eq!(
        list(&["--until", "160s"]),
        ["315cafd389f6ab47a423cfde", "d76234f1e47a213d5b09b240"]
    );
    assert_eq!(
        list(&[
            "--since",
            "2026-12-02T10:39:00Z",
            "--until",
            "2026-12-02T10:39:30Z"
        ]),
        ["315cafd389f6ab47a423cfde"]
    );
    let scheduled = jids(
        &cogctl(
            &server,
            now,
            &["scheduled", "list", "--ndjson", "--since", "+1h"],
        )
        .ndjson(),
    );
    assert_eq!(
        scheduled,
        ["0492780b99ea498aac08e5ce", "ee2455e2353a794db4449ffb"]
    );
}

#[test]
fn unparseable_members_are_listed_as_such() {
    let server = RedisServer::start();
    let now = server.load("unparseable").captured_at;
    let mut conn = server.conn();
    // Members the gem itself never writes, but any client could: not JSON at all.
    for (score, member) in [
        (1796208097.0, &b"not json"[..]),
        (1796208098.0, b"\xff\xfe{}"),
        (1796208099.0, b"[1,2]"),
        (1796208099.5, b""),
    ] {
        redis::cmd("ZADD")
            .arg("cogworker:dead")
            .arg(score)
            .arg(member)
            .query::<()>(&mut conn)
            .unwrap();
    }
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "list", "--limit", "20"]));
    insta::assert_snapshot!(run.snapshot());
    let entries = cogctl(&server, now, &["dead", "list", "--ndjson"])
        .success()
        .ndjson();
    assert_eq!(entries.len(), 14);
    let raw: Vec<&Value> = entries
        .iter()
        .filter(|e| e.get("unparseable").is_some())
        .collect();
    assert_eq!(raw.len(), 4);
    for e in &raw {
        assert!(e["jid"].as_str().unwrap().starts_with("unparseable-"));
        assert_eq!(e["class"], "(unparseable)");
        assert!(e["payload"].is_null());
    }
    let bad_utf8 = raw
        .iter()
        .find(|e| e["member"].as_str().unwrap().ends_with("{}"))
        .unwrap();
    assert_eq!(bad_utf8["member"], "\u{fffd}\u{fffd}{}");
    // The gem's own wrappers are jobs of class (unparseable), with their own jid.
    let wrappers: Vec<&Value> = entries
        .iter()
        .filter(|e| e.get("unparseable").is_none())
        .collect();
    assert_eq!(wrappers.len(), 10);
    assert!(
        wrappers
            .iter()
            .all(|e| e["class"] == "(unparseable)" && e["error_class"] == "JSON::ParserError")
    );
    let only = jids(
        &cogctl(
            &server,
            now,
            &["dead", "list", "--ndjson", "--class", "(unparseable)"],
        )
        .ndjson(),
    );
    assert_eq!(only.len(), 14);
    let by_jid = cogctl(
        &server,
        now,
        &[
            "dead",
            "list",
            "--ndjson",
            "--jid",
            raw[0]["jid"].as_str().unwrap(),
        ],
    )
    .ndjson();
    assert_eq!(by_jid.len(), 1);
}

/// `n` dead entries, `ties` of them sharing each score, scores ascending with `i`.
fn seed_dead(server: &RedisServer, n: usize, ties: usize) {
    let mut conn = server.conn();
    for chunk in (0..n).collect::<Vec<_>>().chunks(5000) {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg("cogworker:dead");
        for &i in chunk {
            let class = if i % 10 == 0 {
                "TimeoutJob"
            } else {
                "OtherJob"
            };
            let error = if i % 10 == 0 {
                "Net::ReadTimeout"
            } else {
                "RuntimeError"
            };
            cmd.arg(1_700_000_000 + (i / ties) as i64).arg(format!(
                r#"{{"class":"{class}","args":[{i}],"jid":"{i:024x}","queue":"q{}","retry":true,"error_class":"{error}","error_message":"boom {i}","failed_at":1700000000.5,"retry_count":{}}}"#,
                i % 3,
                i % 30
            ));
        }
        cmd.query::<()>(&mut conn).unwrap();
    }
}

#[test]
fn large_sets_are_read_whole_in_order_without_repeats() {
    let server = RedisServer::start();
    // 7 members per score: pages of 100 and 1000 split tie groups.
    seed_dead(&server, 25_000, 7);
    let now = 1_800_000_000.0;
    for order in [&[][..], &["--oldest-first"]] {
        let mut args = vec!["dead", "list", "--ndjson", "--all"];
        args.extend_from_slice(order);
        let entries = cogctl(&server, now, &args).success().ndjson();
        assert_eq!(entries.len(), 25_000);
        let unique: HashSet<String> = jids(&entries).into_iter().collect();
        assert_eq!(unique.len(), 25_000);
        let scores: Vec<f64> = entries
            .iter()
            .map(|e| e["score"].as_f64().unwrap())
            .collect();
        if order.is_empty() {
            assert!(scores.windows(2).all(|w| w[0] >= w[1]));
        } else {
            assert!(scores.windows(2).all(|w| w[0] <= w[1]));
        }
    }
    let filtered = cogctl(
        &server,
        now,
        &[
            "dead",
            "list",
            "--ndjson",
            "--error",
            "Timeout",
            "--min-retries",
            "10",
        ],
    )
    .success()
    .ndjson();
    assert_eq!(
        filtered.len(),
        (0..25_000).filter(|i| i % 10 == 0 && i % 30 >= 10).count()
    );
}

#[test]
fn tie_groups_longer_than_pages_are_read_once_with_or_without_a_search() {
    let server = RedisServer::start();
    // 2,500 members a score: whole pages of one score, the cursor's count carried over.
    seed_dead(&server, 6_000, 2_500);
    let now = 1_800_000_000.0;
    for order in [&[][..], &["--oldest-first"]] {
        let mut args = vec!["dead", "list", "--ndjson", "--all"];
        args.extend_from_slice(order);
        let entries = cogctl(&server, now, &args).success().ndjson();
        let unique: HashSet<String> = jids(&entries).into_iter().collect();
        assert_eq!((entries.len(), unique.len()), (6_000, 6_000), "{order:?}");
        // A search reads the same pages, the members without the text dropped unread.
        args.extend_from_slice(&["--search", "TIMEOUTJOB"]);
        let found = cogctl(&server, now, &args).success().ndjson();
        let unique: HashSet<String> = jids(&found).into_iter().collect();
        assert_eq!((found.len(), unique.len()), (600, 600), "{order:?}");
    }
}

#[test]
fn tables_stop_at_50_and_say_how_many_more() {
    let server = RedisServer::start();
    seed_dead(&server, 1234, 1);
    let now = 1_700_002_000.0;
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "list"]));
    let lines: Vec<&str> = run.success().stdout.lines().collect();
    assert_eq!(lines.len(), 52, "header, 50 rows, footer");
    assert_eq!(lines[51], "… 1,184 more (--limit N or --all to see them)");
    let run = cogctl(
        &server,
        now,
        &["dead", "list", "--error", "Timeout", "--limit", "5"],
    );
    let lines: Vec<&str> = run.success().stdout.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[6], "… 119 more (--limit N or --all to see them)");
    let run = cogctl(&server, now, &["dead", "list", "--all", "--queue", "q1"]);
    assert_eq!(run.success().stdout.lines().count(), 1 + 411);
}

#[test]
fn a_growing_set_is_still_read_to_an_end() {
    let server = RedisServer::start();
    seed_dead(&server, 3000, 1);
    // Entries keep arriving at the top while an oldest-first read runs: the read stops at the
    // top score it saw when it started.
    let url = server.url();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut conn = redis::Client::open(url).unwrap().get_connection().unwrap();
            let mut i = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                redis::cmd("ZADD")
                    .arg("cogworker:dead")
                    .arg(1_800_000_000 + i)
                    .arg(format!("{{\"jid\":\"late{i}\"}}"))
                    .query::<()>(&mut conn)
                    .unwrap();
                i += 1;
            }
        })
    };
    let run = Cogctl::new(&server)
        .now(1_900_000_000.0)
        .args(["dead", "list", "--ndjson", "--all", "--oldest-first"])
        .run();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.join().unwrap();
    let entries = run.success().ndjson();
    assert!(entries.len() >= 3000);
    assert!(
        jids(&entries[..3000])
            .iter()
            .all(|j| !j.starts_with("late"))
    );
}

/// A filter that leaves nothing of a set that holds entries says why, on stderr; the same
/// for triage, the dry and real runs of a change, a queue, `jobs --search` and history.
#[test]
fn an_empty_result_explains_itself() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dead: usize = server.zset::<String, String>("cogworker:dead").len();
    let said = |args: &[&str]| -> String {
        // A real run writes its audit entry, so only the views are checked read-only.
        let run = if args.contains(&"--yes") {
            cogctl(&server, now, args)
        } else {
            server.assert_read_only(|| cogctl(&server, now, args))
        };
        assert!(run.code == 0 || run.code == 1, "{}", run.snapshot());
        run.stderr
    };
    let by_time = format!("0 of {dead} dead entries match; the newest died ");
    for args in [
        &["dead", "list", "--since", "+1h"][..],
        &["dead", "triage", "--since", "+1h"],
        &["dead", "retry", "--since", "+1h", "--dry-run"],
        &["dead", "delete", "--since", "+1h", "--yes"],
    ] {
        let stderr = said(args);
        assert!(stderr.contains(&by_time), "{args:?}: {stderr}");
        assert!(
            stderr.contains(" ago, before --since +1h"),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.matches("0 of ").count(), 1, "said once: {stderr}");
    }
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), dead);
    let stderr = said(&["dead", "list", "--class", "KillJob", "--min-retries", "99"]);
    assert!(
        stderr.contains(&format!("0 of {dead} dead entries match --class KillJob")),
        "{stderr}"
    );
    // A class that names nothing in the set: not an empty list but a likely typo (exit 2).
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["dead", "list", "--class", "NoSuchJob"]));
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains(
            "--class NoSuchJob names no entry of cogworker:dead (its classes: FailJob (1), \
             KillJob (1), RetryInJob (1))"
        ),
        "{}",
        run.stderr
    );
    let stderr = said(&["jobs", "--search", "no-such-text"]);
    assert!(
        stderr.contains(" jobs match --search no-such-text"),
        "{stderr}"
    );
    let stderr = said(&[
        "queue",
        "list",
        "default",
        "--class",
        "NoopJob",
        "--min-retries",
        "99",
    ]);
    assert!(
        stderr.contains(" waiting jobs match --class NoopJob"),
        "{stderr}"
    );
    // Nothing matched because nothing is there: no sentence (the table's own line says it),
    // and no typo to name.
    let empty = RedisServer::start();
    let run = cogctl(
        &empty,
        now,
        &[
            "scheduled",
            "list",
            "--class",
            "NoSuchJob",
            "--queue",
            "none",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(!run.stderr.contains("0 of 0"), "{}", run.stderr);
}
