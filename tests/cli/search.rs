//! `--search TEXT` and `--args REGEX`: the same jobs selected in every list and every bulk
//! action that takes the list filters, dry run and real.

use crate::support::{RedisServer, cogctl};

fn jids(run: &crate::support::Run) -> Vec<String> {
    run.ndjson()
        .iter()
        .map(|e| e["jid"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn search_matches_class_jid_and_args_in_any_case() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let list = |args: &[&str]| {
        let mut all = args.to_vec();
        all.push("--ndjson");
        jids(&server.assert_read_only(|| cogctl(&server, now, &all)))
    };
    // Args, as stored: a currency inside an object, in any case.
    assert_eq!(
        list(&["dead", "list", "--search", "eur"]),
        ["f8138b8b5e56769076bcad1f"]
    );
    // The class.
    assert_eq!(
        list(&["dead", "list", "--search", "killjob"]),
        ["d76234f1e47a213d5b09b240"]
    );
    // The jid.
    assert_eq!(
        list(&["retry", "list", "--search", "2D4464E7"]),
        ["2d4464e7f830ab8e90844795"]
    );
    // Not the error message nor the queue: what the Web UI's search box matches.
    assert!(list(&["dead", "list", "--search", "boom"]).is_empty());
    assert!(list(&["scheduled", "list", "--search", "critical"]).is_empty());
    // --args: a regular expression over the args JSON as stored.
    assert_eq!(
        list(&["retry", "list", "--args", r"^\[3,7200\]$"]),
        ["2d4464e7f830ab8e90844795"]
    );
    assert_eq!(
        list(&["scheduled", "list", "--args", r#""tz":"Europe/"#]),
        ["ee2455e2353a794db4449ffb"]
    );
    // With the other filters.
    assert!(list(&["dead", "list", "--search", "eur", "--class", "KillJob"]).is_empty());
    // A table says how many more there are, counted through the filter.
    let run = cogctl(
        &server,
        now,
        &["scheduled", "list", "--search", "echojob", "--limit", "1"],
    );
    assert!(run.stdout.contains("… 1 more"), "{}", run.stdout);
}

#[test]
fn bulk_actions_select_by_search_and_args() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // The dry run names exactly the jobs the search selects, and changes nothing.
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &[
                "dead",
                "retry",
                "--search",
                "invoice-2026",
                "--dry-run",
                "--json",
            ],
        )
    });
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let plan = run.json();
    assert_eq!(plan["entries"], 1);
    assert_eq!(plan["sample"][0]["jid"], "f8138b8b5e56769076bcad1f");
    // Real: only that job leaves dead.
    let run = cogctl(
        &server,
        now,
        &["dead", "retry", "--search", "invoice-2026", "--yes"],
    );
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 2);
    assert!(dead.iter().all(|(m, _)| !m.contains("invoice-2026")));
    assert!(
        server
            .list("cogworker:queue:default")
            .iter()
            .any(|m| m.contains("f8138b8b5e56769076bcad1f"))
    );
    // --args on another action and set.
    let run = cogctl(
        &server,
        now,
        &["retry", "delete", "--args", "late-failure", "--yes"],
    );
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), 1);
    assert!(retry[0].0.contains("2d4464e7f830ab8e90844795"));
    // Export takes them too.
    let run = cogctl(&server, now, &["dead", "export", "--search", "TOK_VISA"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.stdout.lines().count(), 1);
    assert!(run.stdout.contains("d76234f1e47a213d5b09b240"));
    // And queue delete-job, on the queue's waiting jobs.
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &[
                "queue",
                "delete-job",
                "default",
                "--search",
                "invoice-2026",
                "--dry-run",
                "--json",
            ],
        )
    });
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.json()["matched"], 1);
}

#[test]
fn an_empty_search_is_a_usage_error() {
    let server = RedisServer::start();
    let run = cogctl(&server, 0.0, &["dead", "list", "--search", ""]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    let run = cogctl(&server, 0.0, &["dead", "list", "--args", "("]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn jobs_searches_every_place_with_each_jobs_status() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let found = |args: &[&str]| -> Vec<(String, String)> {
        let mut all = vec!["--ndjson", "jobs"];
        all.extend_from_slice(args);
        server
            .assert_read_only(|| cogctl(&server, now, &all))
            .success()
            .ndjson()
            .iter()
            .map(|e| {
                (
                    e["status"].as_str().unwrap().to_string(),
                    e["jid"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    // Everything the fixture holds: 13 waiting, 2 running, 3 scheduled, 2 retrying, 3 dead,
    // place by place in that order.
    let all = found(&[]);
    let statuses: Vec<&str> = all.iter().map(|(s, _)| s.as_str()).collect();
    let mut expected = vec!["enqueued"; 13];
    expected.extend(["running"; 2]);
    expected.extend(["scheduled"; 3]);
    expected.extend(["retry"; 2]);
    expected.extend(["dead"; 3]);
    assert_eq!(statuses, expected);
    // One search across them: "sleep" is the class of the two running jobs only.
    assert_eq!(
        found(&["--search", "SLEEPJOB"]),
        [
            ("running".into(), "86f49eb5ac56dab5ab827980".into()),
            ("running".into(), "414cdf69fbc4b73ab4e63cb5".into())
        ]
    );
    // "2026" is in the arguments of a waiting job, a scheduled one and a dead one.
    let years = found(&["--search", "2026"]);
    let places: Vec<&str> = years.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(places, ["enqueued", "scheduled", "dead"], "{years:?}");
    // --status keeps only those places, in the walk's order whatever the order given.
    let some = found(&["--status", "dead,enqueued", "--class", "FailJob,EchoJob"]);
    assert!(some.iter().all(|(s, _)| s == "enqueued" || s == "dead"));
    // The running entry names its process; the table has a STATUS column.
    let run = cogctl(&server, now, &["--ndjson", "jobs", "--status", "running"]);
    assert_eq!(
        run.success().ndjson()[0]["identity"],
        "vm:29128:32e9242b5029"
    );
    let run = cogctl(&server, now, &["jobs", "--search", "alert"]);
    insta::assert_snapshot!(run.snapshot());
    let run = cogctl(&server, now, &["jobs", "--status", "nowhere"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn search_finds_escaped_text_and_members_that_are_not_jobs() {
    let server = RedisServer::start();
    server.exec(&[
        // A class written with a JSON escape is searched as its text.
        &["ZADD", "cogworker:dead", "1796000000", r#"{"class":"Caf\u00e9Job","args":["M\u00fcller"],"jid":"aaaaaaaaaaaaaaaaaaaaaaaa","queue":"q"}"#],
        &["ZADD", "cogworker:dead", "1796000001", r#"{"class":"Plain","args":["other"],"jid":"bbbbbbbbbbbbbbbbbbbbbbbb","queue":"q"}"#],
        &["ZADD", "cogworker:dead", "1796000002", "not a job"],
    ]);
    let jids = |text: &str| {
        let run = cogctl(
            &server,
            1796000100.0,
            &["--ndjson", "dead", "list", "--search", text],
        );
        jids(run.success())
    };
    assert_eq!(jids("caféjob"), ["aaaaaaaaaaaaaaaaaaaaaaaa"]);
    // Arguments are searched as the JSON text stored, escapes and all.
    assert_eq!(jids(r"M\u00FCller"), ["aaaaaaaaaaaaaaaaaaaaaaaa"]);
    assert_eq!(jids("plain"), ["bbbbbbbbbbbbbbbbbbbbbbbb"]);
    // The member that isn't a job is searched by its class and display jid.
    let bad = jids("(unparseable)");
    assert_eq!(bad.len(), 1);
    assert!(bad[0].starts_with("unparseable-"));
    assert_eq!(jids(&bad[0][12..18]), bad);
    assert!(jids("zzz").is_empty());
}
