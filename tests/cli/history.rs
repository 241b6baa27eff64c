//! `cogctl history` and the runs and status `job` shows: the gem's History and Status
//! middlewares' data (fixtures/history.json), filters, sorting, and a large history read in
//! pages.

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl};

fn history_entries(server: &RedisServer, key: &str) -> Vec<(Value, f64)> {
    server
        .zset::<String, f64>(key)
        .into_iter()
        .map(|(m, s)| (serde_json::from_str(&m).unwrap(), s))
        .collect()
}

#[test]
fn history_lists_every_run_newest_first() {
    let server = RedisServer::start();
    let now = server.load("history").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["history", "--limit", "6"]));
    insta::assert_snapshot!(run.snapshot());
    let listed = cogctl(&server, now, &["--ndjson", "history"])
        .success()
        .ndjson();
    let mut stored = history_entries(&server, "cogworker:history:all");
    stored.reverse();
    assert_eq!(listed.len(), stored.len());
    for (entry, (member, score)) in listed.iter().zip(&stored) {
        assert_eq!(entry["jid"], member["jid"]);
        assert_eq!(entry["status"], member["status"]);
        assert_eq!(entry["score"].as_f64().unwrap(), *score);
        let d = member["finished_at"].as_f64().unwrap() - member["started_at"].as_f64().unwrap();
        assert!((entry["duration"].as_f64().unwrap() - d).abs() < 1e-6);
        assert_eq!(
            entry["backtrace"],
            member.get("backtrace").cloned().unwrap_or(Value::Null)
        );
    }
    // --status failed reads cogworker:history:failed: every failed run, each with its error.
    let failed = cogctl(&server, now, &["--ndjson", "history", "--status", "failed"])
        .success()
        .ndjson();
    assert_eq!(failed.len(), 15);
    assert!(
        failed
            .iter()
            .all(|e| e["status"] == "failed" && e["error_class"].is_string())
    );
}

#[test]
fn history_filters_and_sorts_by_duration() {
    let server = RedisServer::start();
    let now = server.load("history").captured_at;
    let ndjson = |args: &[&str]| {
        let mut all = vec!["--ndjson", "history"];
        all.extend_from_slice(args);
        server
            .assert_read_only(|| cogctl(&server, now, &all))
            .success()
            .ndjson()
    };
    let stored = history_entries(&server, "cogworker:history:all");
    let duration =
        |m: &Value| m["finished_at"].as_f64().unwrap() - m["started_at"].as_f64().unwrap();
    // --search over class, jid and args, in any case.
    let zurich = ndjson(&["--search", "ZÜRICH"]);
    let expected = stored
        .iter()
        .filter(|(m, _)| m["args"].to_string().to_lowercase().contains("zürich"))
        .count();
    assert!(expected > 0);
    assert_eq!(zurich.len(), expected);
    // --class and --error.
    let fails = ndjson(&["--class", "FailJob", "--error", "boom"]);
    assert!(!fails.is_empty());
    assert!(
        fails
            .iter()
            .all(|e| e["class"] == "FailJob" && e["error_message"] == "boom")
    );
    // --min-duration / --max-duration.
    let slow = ndjson(&["--min-duration", "300ms"]);
    let expected = stored.iter().filter(|(m, _)| duration(m) >= 0.3).count();
    assert_eq!(slow.len(), expected);
    assert!(slow.iter().all(|e| e["duration"].as_f64().unwrap() >= 0.3));
    let quick = ndjson(&["--max-duration", "1ms"]);
    assert!(
        quick
            .iter()
            .all(|e| e["duration"].as_f64().unwrap() <= 0.001)
    );
    // --sort duration: the N longest, longest first.
    let longest = ndjson(&["--sort", "duration", "--limit", "5"]);
    let mut durations: Vec<f64> = stored.iter().map(|(m, _)| duration(m)).collect();
    durations.sort_by(|a, b| b.total_cmp(a));
    let got: Vec<f64> = longest
        .iter()
        .map(|e| e["duration"].as_f64().unwrap())
        .collect();
    for (g, d) in got.iter().zip(&durations[..5]) {
        assert!((g - d).abs() < 1e-6, "{got:?} vs {:?}", &durations[..5]);
    }
    // Without a limit it would have to hold every run: refused.
    let run = cogctl(&server, now, &["--ndjson", "history", "--sort", "duration"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    let run = cogctl(
        &server,
        now,
        &["history", "--sort", "duration", "--limit", "3"],
    );
    insta::assert_snapshot!(run.snapshot());
}

#[test]
fn without_the_history_middleware_it_says_so() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = cogctl(&server, now, &["history"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.stdout, "no runs match\n");
    assert!(
        run.stderr.contains("History middleware is opt-in"),
        "{}",
        run.stderr
    );
    let json = cogctl(&server, now, &["--json", "job", "f8138b8b5e56769076bcad1f"]).json();
    assert_eq!(json["history"], false);
    assert_eq!(json["runs"], serde_json::json!([]));
}

#[test]
fn job_shows_its_runs_status_hash_and_the_web_uis_attempt_labels() {
    let server = RedisServer::start();
    let now = server.load("history").captured_at;
    let jid = "279ba400a7473e7bfae6fe53";
    let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["--json", "job", jid])
        .success()
        .json();
    assert_eq!(json["history"], true);
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    assert!(runs.iter().all(
        |r| r["status"] == "failed" && r["backtrace"].as_array().is_some_and(|b| !b.is_empty())
    ));
    let labels: Vec<&str> = json["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "retry 1 of 2",
            "retry 2 of 2",
            "no retries left, moved to dead set"
        ]
    );
    let fields: Vec<&String> = json["status"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(
        fields,
        [
            "status",
            "update_time",
            "class",
            "queue",
            "error_class",
            "error_message"
        ]
    );
    assert_eq!(json["status"]["fields"]["status"], "failed");
    // --backtrace prints the frames under each failed run.
    let run = cogctl(&server, now, &["job", jid, "--backtrace"]);
    assert!(run.stdout.contains("in `perform'"), "{}", run.stdout);
    // A job that finished: found nowhere (exit 1), its last run and status say how it ended.
    let run = cogctl(&server, now, &["job", "0e9250e2a04d29300e90383c"]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("a_finished_job", run.snapshot());
}

#[test]
fn a_large_history_is_filtered_in_pages() {
    let server = RedisServer::start();
    const N: usize = 60_000;
    let mut conn = server.conn();
    for chunk in (0..N).collect::<Vec<_>>().chunks(10_000) {
        let mut pipe = redis::pipe();
        for i in chunk {
            let finished = 1796000000.0 + *i as f64;
            let (class, status) = if i % 7 == 0 {
                ("Needle", "failed")
            } else {
                ("Hay", "success")
            };
            pipe.cmd("ZADD")
                .arg("cogworker:history:all")
                .arg(finished)
                .arg(format!(
                    r#"{{"jid":"{i:024x}","class":"{class}","queue":"default","args":[{i}],"status":"{status}","started_at":{},"finished_at":{finished}}}"#,
                    finished - 0.25
                ))
                .ignore();
        }
        pipe.query::<()>(&mut conn).unwrap();
    }
    let run = Cogctl::new(&server)
        .args(["--ndjson", "history", "--all", "--search", "needle"])
        .run();
    let found = run.success().ndjson();
    assert_eq!(found.len(), N.div_ceil(7));
    let newest = (N - 1) / 7 * 7;
    assert_eq!(found[0]["args"][0].as_u64(), Some(newest as u64));
    let run = Cogctl::new(&server)
        .args(["history", "--search", "needle", "--limit", "3"])
        .now(1796000000.0 + N as f64)
        .run();
    assert!(
        run.success()
            .stdout
            .ends_with("… 8,569 more (--limit N or --all to see them)\n"),
        "{}",
        run.stdout
    );
}
