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
