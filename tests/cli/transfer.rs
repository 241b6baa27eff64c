//! `dead export`, `retry export`, `dead import`: exact lines, filters, odd members and scores,
//! byte-identical round trips, confirmations, bad input, stdin, wrong types and large sets.

use std::path::Path;

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, Run, cogctl};

const DEAD: &str = "cogworker:dead";

/// The fixture's entries of `key` as (member, score text), lowest score first: the order
/// export writes them in.
fn fixture_entries(name: &str, key: &str) -> Vec<(String, String)> {
    let fixture = crate::support::fixture(name);
    let mut entries: Vec<(String, String)> = fixture
        .keys
        .iter()
        .find(|k| k.key == key)
        .unwrap()
        .value
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect();
    entries.sort_by(|a, b| {
        let (x, y): (f64, f64) = (a.1.parse().unwrap(), b.1.parse().unwrap());
        x.total_cmp(&y).then_with(|| a.0.cmp(&b.0))
    });
    entries
}

fn expected_line(member: &str, score: &str) -> String {
    format!(
        "{{\"score\":{score},\"member\":{}}}",
        serde_json::to_string(member).unwrap()
    )
}

/// The set's entries exactly as Redis returns them: raw member bytes and score text.
fn zrange(server: &RedisServer, key: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    server.zset(key)
}

fn del(server: &RedisServer, key: &str) {
    server.exec(&[&["DEL", key]]);
}

/// A run's output with the per-test paths (socket, temp dir) replaced, for snapshots.
fn stable(run: &Run, server: &RedisServer, dir: &Path) -> String {
    run.snapshot()
        .replace(&server.url(), "<redis>")
        .replace(&dir.display().to_string(), "<dir>")
}

fn export_to(server: &RedisServer, now: f64, set: &str, path: &Path) {
    let run = cogctl(
        server,
        now,
        &[set, "export", "--output", path.to_str().unwrap()],
    );
    run.success();
}

fn import(server: &RedisServer, now: f64, path: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["dead", "import", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    cogctl(server, now, &args)
}

#[test]
fn export_writes_the_incident_sets_byte_for_byte() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    for (set, key) in [("dead", DEAD), ("retry", "cogworker:retry")] {
        let run = server.assert_read_only(|| cogctl(&server, now, &[set, "export"]));
        run.success();
        assert_eq!(run.stderr, "");
        let expected: Vec<String> = fixture_entries("incident", key)
            .iter()
            .map(|(m, s)| expected_line(m, s))
            .collect();
        assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected, "{set}");
        // The member's text comes back exactly, and the score with the digits Redis printed.
        for (line, (member, score)) in run.stdout.lines().zip(fixture_entries("incident", key)) {
            assert!(line.starts_with(&format!("{{\"score\":{score},\"member\":\"")));
            let parsed: Value = serde_json::from_str(line).unwrap();
            assert_eq!(parsed["member"].as_str().unwrap(), member);
            assert_eq!(parsed.as_object().unwrap().len(), 2);
        }
    }
}

#[test]
fn format_flags_do_not_change_the_export() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let plain = cogctl(&server, now, &["dead", "export"]);
    for flag in ["--json", "--ndjson"] {
        let run = cogctl(&server, now, &["dead", "export", flag]);
        assert_eq!(run.stdout, plain.stdout, "{flag}");
    }
}

#[test]
fn export_applies_the_shared_filters() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let jids = |args: &[&str]| -> Vec<String> {
        let run = server.assert_read_only(|| cogctl(&server, now, args));
        run.success()
            .ndjson()
            .iter()
            .map(|l| {
                let job: Value = serde_json::from_str(l["member"].as_str().unwrap()).unwrap();
                job["jid"].as_str().unwrap().to_string()
            })
            .collect()
    };
    assert_eq!(
        jids(&["dead", "export", "--class", "FailJob"]),
        ["f8138b8b5e56769076bcad1f"]
    );
    assert_eq!(
        jids(&["dead", "export", "--error", "retry me|kill me"]),
        ["d76234f1e47a213d5b09b240", "315cafd389f6ab47a423cfde"]
    );
    assert_eq!(
        jids(&["dead", "export", "--min-retries", "3"]),
        ["315cafd389f6ab47a423cfde", "f8138b8b5e56769076bcad1f"]
    );
    // The score range goes to Redis: the retry entry due in two hours is after --until +1h.
    assert_eq!(
        jids(&["retry", "export", "--until", "+1h"]),
        ["4f0874574bb8a17cf99e4e2d"]
    );
    assert_eq!(
        jids(&["retry", "export", "--since", "+1h"]),
        ["2d4464e7f830ab8e90844795"]
    );
    assert!(jids(&["dead", "export", "--queue", "nowhere"]).is_empty());
}

#[test]
fn export_to_a_file_is_whole_and_never_overwrites_without_force() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    let to_stdout = cogctl(&server, now, &["dead", "export"]);
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &["dead", "export", "-o", path.to_str().unwrap()],
        )
    });
    insta::assert_snapshot!(stable(&run, &server, dir.path()));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), to_stdout.stdout);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o077,
            0,
            "an export is private to its user: {mode:o}"
        );
    }

    std::fs::write(&path, "an earlier export\n").unwrap();
    let run = cogctl(
        &server,
        now,
        &["dead", "export", "-o", path.to_str().unwrap()],
    );
    insta::assert_snapshot!(
        "export_refuses_to_overwrite",
        stable(&run, &server, dir.path())
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "an earlier export\n"
    );
    let run = cogctl(
        &server,
        now,
        &[
            "retry",
            "export",
            "-o",
            path.to_str().unwrap(),
            "--force",
            "--quiet",
        ],
    );
    run.success();
    assert_eq!(run.stderr, "");
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 2);
    // No temporary file is left beside it.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["dead.ndjson"]);
}

#[test]
fn the_incident_dead_set_round_trips_byte_identical() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    let before = server.keyspace();
    let entries = zrange(&server, DEAD);
    export_to(&server, now, "dead", &path);
    del(&server, DEAD);
    let run = import(&server, now, &path, &["--yes"]);
    insta::assert_snapshot!(stable(&run, &server, dir.path()));
    // The whole keyspace, DUMP for DUMP: the set is back as it was and nothing else moved.
    assert_eq!(server.keyspace(), before);
    assert_eq!(zrange(&server, DEAD), entries);
}

#[test]
fn odd_members_and_scores_round_trip_through_base64_and_escapes() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let odd: [(&str, &[u8]); 6] = [
        ("-inf", b"\xff\xfe{\"jid\":\"not utf-8\"}"),
        ("0", b"nul \0 inside"),
        ("1796208162", b"line\nbreak \"quoted\" \\ and \x07 bell"),
        (
            "1796208097.5326791",
            "caf\u{e9} \u{2028} \u{1f600}".as_bytes(),
        ),
        ("1e+20", b"far future"),
        ("+inf", b"\x80"),
    ];
    let mut conn = server.conn();
    for (score, member) in odd {
        redis::cmd("ZADD")
            .arg(DEAD)
            .arg(score)
            .arg(member)
            .query::<i64>(&mut conn)
            .unwrap();
    }
    let before = server.keyspace();
    let entries = zrange(&server, DEAD);
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "export"]));
    let lines = run.success().ndjson();
    assert_eq!(lines.len(), 9);
    assert_eq!(
        run.stdout.lines().next().unwrap(),
        "{\"score\":\"-inf\",\"member_base64\":\"//57ImppZCI6Im5vdCB1dGYtOCJ9\"}"
    );
    assert!(
        run.stdout
            .contains("{\"score\":0,\"member\":\"nul \\u0000 inside\"}\n")
    );
    assert!(run.stdout.contains(
        "{\"score\":1796208162,\"member\":\"line\\nbreak \\\"quoted\\\" \\\\ and \\u0007 bell\"}\n"
    ));
    assert!(
        run.stdout
            .contains("{\"score\":1e+20,\"member\":\"far future\"}\n")
    );
    assert!(
        run.stdout
            .ends_with("{\"score\":\"+inf\",\"member_base64\":\"gA==\"}\n")
    );
    assert_eq!(run.stdout.lines().count(), 9, "one line per entry");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    std::fs::write(&path, &run.stdout).unwrap();
    del(&server, DEAD);
    import(&server, now, &path, &["--yes"]).success();
    assert_eq!(zrange(&server, DEAD), entries);
    assert_eq!(server.keyspace(), before);
}

#[test]
fn import_skips_members_already_present_and_counts_them() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    export_to(&server, now, "dead", &path);
    let before = server.keyspace();
    let (first, _) = fixture_entries("incident", DEAD).remove(0);
    server.exec(&[&["ZREM", DEAD, &first]]);
    let removed = server.keyspace();

    let run = server.assert_read_only(|| import(&server, now, &path, &["--dry-run"]));
    insta::assert_snapshot!("import_dry_run", stable(&run, &server, dir.path()));
    let run = server.assert_read_only(|| import(&server, now, &path, &["--dry-run", "--json"]));
    let plan = run.success().json();
    assert_eq!(
        (
            &plan["lines"],
            &plan["to_add"],
            &plan["present"],
            &plan["added"]
        ),
        (
            &Value::from(3),
            &Value::from(1),
            &Value::from(2),
            &Value::from(0)
        )
    );
    assert_eq!(plan["dry_run"], true);
    assert_eq!(server.keyspace(), removed);

    let run = import(&server, now, &path, &["--yes"]);
    insta::assert_snapshot!(
        "import_adds_what_is_missing",
        stable(&run, &server, dir.path())
    );
    assert_eq!(server.keyspace(), before);

    // A second import finds everything there and changes nothing, without asking.
    let run = server.assert_read_only(|| import(&server, now, &path, &["--json"]));
    let summary = run.success().json();
    assert_eq!(
        (&summary["to_add"], &summary["present"]),
        (&Value::from(0), &Value::from(3))
    );
    let run = server.assert_read_only(|| import(&server, now, &path, &[]));
    insta::assert_snapshot!(
        "import_with_nothing_to_add",
        stable(&run, &server, dir.path())
    );

    let empty = dir.path().join("empty.ndjson");
    std::fs::write(&empty, "\n\n").unwrap();
    let run = server.assert_read_only(|| import(&server, now, &empty, &[]));
    insta::assert_snapshot!("import_of_an_empty_file", stable(&run, &server, dir.path()));
}

#[test]
fn a_member_present_with_another_score_is_left_as_it_is() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    export_to(&server, now, "dead", &path);
    let (member, _) = fixture_entries("incident", DEAD).remove(0);
    server.exec(&[&["ZADD", DEAD, "5", &member]]);
    let before = server.keyspace();
    let run = server.assert_read_only(|| import(&server, now, &path, &["--yes", "--json"]));
    assert_eq!(run.success().json()["present"], 3);
    assert_eq!(server.keyspace(), before);
}

#[test]
fn import_without_a_terminal_and_without_yes_changes_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    export_to(&server, now, "dead", &path);
    del(&server, DEAD);
    let run = server.assert_read_only(|| import(&server, now, &path, &[]));
    insta::assert_snapshot!(stable(&run, &server, dir.path()));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("Add 3 entries to cogworker:dead on"));
    assert!(run.stderr.contains(&server.url()), "names the target");
}

#[test]
fn bad_lines_fail_the_import_by_number_and_change_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ndjson");
    std::fs::write(
        &path,
        [
            "{\"score\":1,\"member\":\"fine\"}",
            "{\"score\":\"soon\",\"member\":\"x\"}",
            "",
            "{\"score\":2,\"member\":\"y\",\"member_base64\":\"eQ==\"}",
            "{\"score\":3,\"member_base64\":\"eQ=\"}",
            "{\"score\":4}",
            "{\"score\":5,\"member\":\"z\",\"set\":\"retry\"}",
            "{\"set\":\"dead\",\"score\":1796208093.9079056,\"time\":\"2026-12-02T10:41:33Z\",\"member\":\"m\"}",
            "{\"score\":6,\"member\":\"truncated",
            "{\"score\":7,\"member\":\"fine too\"}",
        ]
        .join("\n"),
    )
    .unwrap();
    let run = server.assert_read_only(|| import(&server, now, &path, &["--yes"]));
    insta::assert_snapshot!(stable(&run, &server, dir.path()));
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");

    // Invalid UTF-8 in a line is a bad line too, named like the others.
    std::fs::write(&path, b"{\"score\":1,\"member\":\"\xff\"}\n").unwrap();
    let run = server.assert_read_only(|| import(&server, now, &path, &["--yes"]));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("line 1: not UTF-8 text"),
        "{}",
        run.stderr
    );

    let missing = dir.path().join("missing.ndjson");
    let run = server.assert_read_only(|| import(&server, now, &missing, &["--yes"]));
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

#[test]
fn lines_with_the_set_named_are_accepted() {
    let server = RedisServer::start();
    let now = 1_796_208_100.0;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plan.ndjson");
    std::fs::write(
        &path,
        "{\"set\":\"dead\",\"score\":1796208093.9079056,\"member\":\"{\\\"jid\\\":\\\"a\\\"}\"}\n\n",
    )
    .unwrap();
    let run = import(&server, now, &path, &["--yes", "--json"]);
    assert_eq!(run.success().json()["added"], 1);
    // The score as a double: its text is the server's (Valkey prints 1.7962080939079056e+9).
    let entries: Vec<(Vec<u8>, f64)> = server.zset(DEAD);
    assert_eq!(entries, [(b"{\"jid\":\"a\"}".to_vec(), 1796208093.9079056)]);
}

#[test]
fn import_reads_stdin() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let before = server.keyspace();
    let export = cogctl(&server, now, &["dead", "export"]);
    del(&server, DEAD);
    let emptied = server.keyspace();
    let stdin = |args: &[&str]| {
        Cogctl::new(&server)
            .now(now)
            .args(["dead", "import", "-"])
            .args(args)
            .stdin(export.stdout.as_bytes())
            .run()
    };
    let run = server.assert_read_only(|| stdin(&["--json", "--dry-run"]));
    assert_eq!(run.success().json()["to_add"], 3);
    let run = server.assert_read_only(|| stdin(&[]));
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert_eq!(server.keyspace(), emptied);
    let run = stdin(&["--yes", "--json"]);
    let summary = run.success().json();
    assert_eq!(summary["source"], "-");
    assert_eq!(summary["added"], 3);
    assert_eq!(server.keyspace(), before);
}

#[test]
fn the_import_summary_schema() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    export_to(&server, now, "dead", &path);
    del(&server, DEAD);
    let run = import(&server, now, &path, &["--yes", "--json"]);
    let summary = run.success().json();
    let fields: Vec<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "set",
            "key",
            "source",
            "target",
            "lines",
            "to_add",
            "added",
            "present",
            "failed",
            "remaining",
            "error",
            "dry_run",
            "interrupted",
            "elapsed_secs",
            "undo"
        ]
    );
    assert_eq!(summary["set"], "dead");
    assert_eq!(summary["key"], DEAD);
    assert_eq!(summary["source"], path.to_str().unwrap());
    assert_eq!(summary["target"], format!("{}?db=0", server.url()));
    assert_eq!(summary["lines"], 3);
    assert_eq!(summary["to_add"], 3);
    assert_eq!(summary["added"], 3);
    assert_eq!(summary["present"], 0);
    assert_eq!(summary["failed"], 0);
    assert_eq!(summary["remaining"], 0);
    assert_eq!(summary["error"], Value::Null);
    assert_eq!(summary["dry_run"], false);
    assert_eq!(summary["interrupted"], false);
    assert!(summary["elapsed_secs"].is_f64());
    // NDJSON prints the same summary on one line.
    del(&server, DEAD);
    let run = import(&server, now, &path, &["--yes", "--ndjson"]);
    assert_eq!(run.success().ndjson().len(), 1);
}

#[test]
fn a_key_of_the_wrong_type_is_a_clear_error_and_changes_nothing() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    export_to(&server, now, "dead", &path);
    server.exec(&[&["DEL", DEAD], &["SET", DEAD, "not a sorted set"]]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "export"]));
    insta::assert_snapshot!("wrong_type_export", run.snapshot());
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    let run = server.assert_read_only(|| import(&server, now, &path, &["--yes"]));
    insta::assert_snapshot!("wrong_type_import", stable(&run, &server, dir.path()));
    assert_eq!(run.code, 1);
}

#[test]
fn the_unparseable_dead_set_exports_and_round_trips() {
    let server = RedisServer::start();
    let now = server.load("unparseable").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "export"]));
    let expected: Vec<String> = fixture_entries("unparseable", DEAD)
        .iter()
        .map(|(m, s)| expected_line(m, s))
        .collect();
    assert_eq!(run.success().stdout.lines().collect::<Vec<_>>(), expected);
    // Members that aren't jobs count as class (unparseable) for the filters.
    let run = cogctl(
        &server,
        now,
        &["dead", "export", "--class", "(unparseable)"],
    );
    assert_eq!(run.success().stdout.lines().count(), expected.len());

    let before = server.keyspace();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    std::fs::write(&path, &run.stdout).unwrap();
    del(&server, DEAD);
    import(&server, now, &path, &["--yes"]).success();
    assert_eq!(server.keyspace(), before);
}

#[test]
fn fifty_thousand_entries_stream_out_and_back_identical() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let base = 1_796_000_000.0_f64;
    for chunk in 0..50 {
        let mut pipe = redis::pipe();
        for i in chunk * 1000..(chunk + 1) * 1000 {
            // Some entries share a score, as jobs buried in the same second do.
            let score = base + (i / 3) as f64 * 0.123_456_7;
            let member = format!(
                "{{\"class\":\"BulkJob\",\"args\":[{i}],\"jid\":\"{i:024x}\",\"queue\":\"default\",\"retry_count\":{}}}",
                i % 30
            );
            pipe.cmd("ZADD").arg(DEAD).arg(score).arg(member).ignore();
        }
        pipe.query::<()>(&mut conn).unwrap();
    }
    let now = base + 100_000.0;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dead.ndjson");
    let before = server.keyspace();
    let entries = zrange(&server, DEAD);
    server.assert_read_only(|| export_to(&server, now, "dead", &path));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 50_000);
    let filtered = cogctl(&server, now, &["dead", "export", "--min-retries", "29"]);
    assert_eq!(filtered.success().stdout.lines().count(), 50_000 / 30);

    del(&server, DEAD);
    let run = import(&server, now, &path, &["--yes", "--json"]);
    let summary = run.success().json();
    assert_eq!(
        (&summary["lines"], &summary["added"]),
        (&Value::from(50_000), &Value::from(50_000))
    );
    assert_eq!(zrange(&server, DEAD), entries);
    assert_eq!(server.keyspace(), before);
}
