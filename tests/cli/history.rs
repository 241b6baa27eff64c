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

/// The keys of a JSON object text, in order.
fn key_order(text: &str) -> Vec<String> {
    let map: serde_json::Map<String, Value> = serde_json::from_str(text).unwrap();
    map.keys().cloned().collect()
}

#[test]
fn worker_history_records_runs_as_the_gems_middleware_does() {
    let server = RedisServer::start();
    let gem = crate::support::fixture("history");
    let gem_entries = |status: &str| -> Vec<String> {
        gem.keys
            .iter()
            .find(|k| k.key == format!("cogworker:history:{status}"))
            .unwrap()
            .value
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| pair[0].as_str().unwrap().to_string())
            .collect()
    };
    let specs = concat!(
        r#"{"class":"SleepJob","args":[0.4,"report",{"tenant":"zürich-02"},1.0e+20,"a/b\u2028"],"queue":"reports"}"#,
        "\n",
        r#"{"class":"FailJob","args":["late-failure",2],"queue":"default","retry":0}"#,
        "\n"
    );
    Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run()
        .success();
    let queued: Vec<String> = [
        server.list("cogworker:queue:reports"),
        server.list("cogworker:queue:default"),
    ]
    .concat();
    let fail = "FailJob=/bin/sh -c 'printf %s \"{\\\"error_class\\\":\\\"RuntimeError\\\",\\\"error_message\\\":\\\"boom\\\",\\\"backtrace\\\":[\\\"app/fail.py:3 in run\\\",\\\"app/main.py:9\\\"]}\" > \"$COGCTL_RESULT_FILE\"; exit 1'";
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "--history",
            "-q",
            "reports",
            "-q",
            "default",
        ])
        .args(["--handler", "SleepJob=builtin:noop", "--handler", fail])
        .run();
    assert_eq!(run.code, 1, "one job died: {}", run.stderr);
    let all: Vec<(String, f64)> = server.zset("cogworker:history:all");
    assert_eq!(all.len(), 2, "{all:?}");
    let success: Vec<(String, f64)> = server.zset("cogworker:history:success");
    let failed: Vec<(String, f64)> = server.zset("cogworker:history:failed");
    assert_eq!((success.len(), failed.len()), (1, 1));
    // Field order exactly as the gem's entries of the same status.
    assert_eq!(
        key_order(&success[0].0),
        key_order(&gem_entries("success")[0])
    );
    assert_eq!(
        key_order(&failed[0].0),
        key_order(&gem_entries("failed")[0])
    );
    let ok: Value = serde_json::from_str(&success[0].0).unwrap();
    let bad: Value = serde_json::from_str(&failed[0].0).unwrap();
    // The args bytes as the gem's client wrote them (enqueue writes Ruby's JSON), untouched.
    let entry_args = |raw: &str| {
        let start = raw.find(r#""args":"#).unwrap() + 7;
        let end = raw.find(r#","status":"#).unwrap();
        raw[start..end].to_string()
    };
    let sleep_job = queued.iter().find(|j| j.contains("SleepJob")).unwrap();
    let raw_args = &sleep_job
        [sleep_job.find(r#""args":"#).unwrap() + 7..sleep_job.find(r#","queue""#).unwrap()];
    assert_eq!(entry_args(&success[0].0), raw_args, "{}", success[0].0);
    assert!(raw_args.contains("1.0e+20"), "{raw_args}");
    assert_eq!(ok["status"], "success");
    assert_eq!(ok["queue"], "reports");
    assert_eq!(bad["error_class"], "RuntimeError");
    assert_eq!(bad["error_message"], "boom");
    assert_eq!(
        bad["backtrace"],
        serde_json::json!(["app/fail.py:3 in run", "app/main.py:9"])
    );
    // Scored by finished_at, after started_at; floats as Ruby writes them.
    for (raw, score) in [&success[0], &failed[0]] {
        let v: Value = serde_json::from_str(raw).unwrap();
        assert_eq!(v["finished_at"].as_f64().unwrap(), *score);
        assert!(v["started_at"].as_f64().unwrap() <= *score);
        assert!(!raw.contains("e+") || raw.contains("1.0e+20"), "{raw}");
    }
    // Counted in today's bucket, with the gem's 400-day TTL.
    let day = chrono::DateTime::<chrono::Utc>::from_timestamp(success[0].1 as i64, 0)
        .unwrap()
        .format("%Y-%m-%d")
        .to_string();
    let daily = server.hash(&format!("cogworker:history:daily:{day}"));
    assert_eq!(daily.get("success").map(String::as_str), Some("1"));
    assert_eq!(daily.get("failed").map(String::as_str), Some("1"));
    let ttl = server.ttl(&format!("cogworker:history:daily:{day}"));
    assert!(ttl > 34_559_000 && ttl <= 34_560_000, "{ttl}");
    // And `cogctl history` (like the Web UI) reads them back.
    let listed = Cogctl::new(&server)
        .args(["--ndjson", "history"])
        .run()
        .success()
        .ndjson();
    assert_eq!(listed.len(), 2);
    // Newest first: whichever run finished last (the two ran side by side).
    let newest = if failed[0].1 > success[0].1 {
        "failed"
    } else {
        "success"
    };
    assert_eq!(listed[0]["status"], newest);
    assert_ne!(listed[1]["status"], newest);
}

#[test]
fn worker_history_trims_by_age_and_count() {
    let server = RedisServer::start();
    // An entry 31 days old goes at the next record; the count cap is the gem's 50,000.
    let old = r#"{"jid":"aaaaaaaaaaaaaaaaaaaaaaaa","class":"Old","queue":"default","args":[],"status":"success","started_at":1.0,"finished_at":2.0}"#;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    server.exec(&[
        &[
            "ZADD",
            "cogworker:history:all",
            &(now - 31.0 * 86400.0).to_string(),
            old,
        ],
        &[
            "ZADD",
            "cogworker:history:success",
            &(now - 31.0 * 86400.0).to_string(),
            old,
        ],
    ]);
    Cogctl::new(&server)
        .args(["enqueue", "New"])
        .run()
        .success();
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "--history",
            "--handler",
            "New=builtin:noop",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    for key in ["cogworker:history:all", "cogworker:history:success"] {
        let entries: Vec<(String, f64)> = server.zset(key);
        assert_eq!(entries.len(), 1, "{key}: {entries:?}");
        assert!(entries[0].0.contains(r#""class":"New""#));
    }
}

#[test]
fn a_search_that_finds_nothing_says_how_many_runs_there_were() {
    let server = RedisServer::start();
    let now = server.load("history").captured_at;
    let total: usize = server.zset::<String, String>("cogworker:history:all").len();
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["history", "--search", "no-such-text"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stderr
            .contains(&format!("0 of {total} runs match --search no-such-text")),
        "{}",
        run.stderr
    );
    let run = cogctl(&server, now, &["history", "--since", "+1h"]);
    assert!(
        run.stderr.contains("runs match; the newest finished ")
            && run.stderr.contains(" ago, before --since +1h"),
        "{}",
        run.stderr
    );
}
