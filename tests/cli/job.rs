//! `job JID` and `dead|retry|scheduled show JID`: every place a job is, its payload exactly as
//! stored, and its attempt timeline.

use serde_json::Value;

use crate::support::{RedisServer, cogctl};

fn stored<'a>(fixture: &'a cogctl::fixture::Fixture, key: &str) -> &'a Value {
    &fixture.keys.iter().find(|k| k.key == key).unwrap().value
}

#[test]
fn a_dead_job_with_its_three_attempts() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let jid = "f8138b8b5e56769076bcad1f";
    let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid]));
    insta::assert_snapshot!(run.snapshot());

    let json = server
        .assert_read_only(|| cogctl(&server, now, &["job", jid, "--json"]))
        .success()
        .json();
    assert_eq!(json["jid"], jid);
    assert_eq!(json["found"], true);
    let locations = json["locations"].as_array().unwrap();
    assert_eq!(locations.len(), 1);
    let dead = &locations[0];
    assert_eq!(dead["kind"], "dead");
    // The score keeps the digits Redis printed, the member its exact bytes.
    assert_eq!(dead["score"].to_string(), "1796208093.9079056");
    assert_eq!(dead["time"], "2026-12-02T10:41:33.907906Z");
    let (member, _) = stored(&fixture, "cogworker:dead")
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap(), p[1].as_str().unwrap()))
        .find(|(m, _)| m.contains(jid))
        .unwrap();
    assert_eq!(dead["member"], member);
    assert_eq!(json["payload_from"], "dead");
    let payload = json["payload"].as_object().unwrap();
    let order: Vec<&str> = payload.keys().map(String::as_str).collect();
    assert_eq!(order[..3], ["retry", "class", "args"]);
    assert_eq!(payload["args"][1].to_string(), "1.0");
    assert_eq!(payload["created_at"].to_string(), "1796207934.1499748");

    let attempts = json["attempts"].as_array().unwrap();
    assert_eq!(json["attempts_total"], 3);
    let outcomes: Vec<&str> = attempts
        .iter()
        .map(|a| a["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["retrying", "retrying", "dead"]);
    assert_eq!(attempts[0]["attempt"], 1);
    assert_eq!(attempts[2]["failed_at"].to_string(), "1796208093.9079673");
    // The first gap counts from created_at, the others from the attempt before.
    let gap = |i: usize| attempts[i]["gap"].as_f64().unwrap();
    assert!((gap(0) - (1796207934.446277 - 1796207934.1499748)).abs() < 1e-6);
    assert!((gap(1) - (1796208004.2160892 - 1796207934.446277)).abs() < 1e-6);
    assert!((gap(2) - (1796208093.9079673 - 1796208004.2160892)).abs() < 1e-6);
    assert_eq!(attempts[0]["error_class"], "RuntimeError");
    assert_eq!(attempts[0]["error_message"], "boom");
}

#[test]
fn dead_show_of_a_dead_job_is_the_same_view() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let jid = "f8138b8b5e56769076bcad1f";
    let job = cogctl(&server, now, &["job", jid]);
    let show = server.assert_read_only(|| cogctl(&server, now, &["dead", "show", jid]));
    assert_eq!(show.code, 0);
    assert_eq!(show.stdout, job.stdout);
    let json = cogctl(&server, now, &["dead", "show", jid, "--json"])
        .success()
        .json();
    assert_eq!(json["expected"], "dead");
}

#[test]
fn show_of_a_job_in_another_set_exits_1_and_says_where_it_is() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let jid = "2d4464e7f830ab8e90844795";
    let run = server.assert_read_only(|| cogctl(&server, now, &["dead", "show", jid]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let json = cogctl(&server, now, &["dead", "show", jid, "--json"]).json();
    assert_eq!(json["found"], true);
    assert_eq!(json["locations"][0]["kind"], "retry");
    assert_eq!(cogctl(&server, now, &["retry", "show", jid]).code, 0);
    assert_eq!(cogctl(&server, now, &["scheduled", "show", jid]).code, 1);
}

#[test]
fn a_job_waiting_on_a_queue_with_its_place_in_line() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // Index 0 of default is the newest push: five jobs run before it.
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "ee993ef838fdb4bddcdc7092"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["job", "ee993ef838fdb4bddcdc7092", "--json"])
        .success()
        .json();
    let q = &json["locations"][0];
    assert_eq!(q["kind"], "queue");
    assert_eq!(q["queue"], "default");
    assert_eq!(q["index"], 0);
    assert_eq!(q["ahead"], 5);
    assert_eq!(q["length"], 6);
    assert!(json["attempts"].as_array().unwrap().is_empty());
    // The rightmost job of critical runs next.
    let json = cogctl(&server, now, &["job", "b39373d51dcac8607d2989b8", "--json"])
        .success()
        .json();
    assert_eq!(json["locations"][0]["queue"], "critical");
    assert_eq!(json["locations"][0]["ahead"], 0);
    assert_eq!(json["payload"]["args"][2]["sev"], "P1");
}

#[test]
fn a_job_in_progress_on_the_live_worker() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let jid = "86f49eb5ac56dab5ab827980";
    let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["job", jid, "--json"])
        .success()
        .json();
    let l = &json["locations"][0];
    assert_eq!(l["kind"], "in_progress");
    assert_eq!(l["identity"], "vm:29128:32e9242b5029");
    assert_eq!(l["owner"], "alive");
    assert_eq!(l["run_at"], 1796208094);
    assert_eq!(l["index"], 1);
}

#[test]
fn scheduled_and_retry_jobs() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| {
        cogctl(
            &server,
            now,
            &["scheduled", "show", "0492780b99ea498aac08e5ce"],
        )
    });
    insta::assert_snapshot!("scheduled_show", run.snapshot());
    let json = cogctl(&server, now, &["job", "0492780b99ea498aac08e5ce", "--json"])
        .success()
        .json();
    assert_eq!(json["locations"][0]["kind"], "scheduled");
    // A whole score prints without a fraction, and stays so.
    assert_eq!(json["locations"][0]["score"].to_string(), "1796382000");
    assert_eq!(json["payload"]["at"].to_string(), "1796382000.0");

    let run = server
        .assert_read_only(|| cogctl(&server, now, &["retry", "show", "4f0874574bb8a17cf99e4e2d"]));
    insta::assert_snapshot!("retry_show", run.snapshot());
    let json = cogctl(&server, now, &["job", "4f0874574bb8a17cf99e4e2d", "--json"])
        .success()
        .json();
    assert_eq!(json["locations"][0]["kind"], "retry");
    assert_eq!(json["locations"][0]["time"], "2026-12-02T10:42:38.100980Z");
}

#[test]
fn an_unknown_jid_is_not_found() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "000000000000000000000000"]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    // Said once: one line, and nothing on stderr.
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    assert_eq!(run.stderr, "");
    let run = cogctl(&server, now, &["job", "000000000000000000000000", "--json"]);
    assert_eq!(run.code, 1);
    let json = run.json();
    assert_eq!(json["found"], false);
    assert!(json["locations"].as_array().unwrap().is_empty());
    assert!(json["payload"].is_null());
    assert_eq!(json["searched"]["queues"], 3);
    assert_eq!(json["searched"]["in_progress_lists"], 1);
}

#[test]
fn a_job_found_nowhere_still_shows_its_attempts_log() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    // DiscardJob: discarded by its retry hook, so only its attempts log remains.
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "273c6e43541fd75956da869e"]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let json = cogctl(&server, now, &["job", "273c6e43541fd75956da869e", "--json"]).json();
    assert_eq!(json["attempts"][0]["outcome"], "discarded");
    assert!(json["attempts"][0]["gap"].is_null());
    let killed = cogctl(&server, now, &["job", "d76234f1e47a213d5b09b240", "--json"])
        .success()
        .json();
    assert_eq!(killed["attempts"][0]["outcome"], "killed");
}

#[test]
fn glob_characters_in_a_jid_match_only_themselves() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    for jid in [
        "*",
        "f8138b8b5e56769076bcad1?",
        "[f]8138b8b5e56769076bcad1f",
        "f8138b8b5e56769076bcad1[a-z]",
        "*f8138b8b5e56769076bcad1f*",
    ] {
        let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid, "--json"]));
        assert_eq!(run.code, 1, "{jid}: {}", run.stdout);
        assert_eq!(run.json()["found"], false, "{jid}");
    }
    // A jid a caller supplied may itself hold glob characters: it is found exactly.
    let mut conn = server.conn();
    for (score, jid) in [(1.0, "a*c"), (2.0, "abc"), (3.0, "a?c")] {
        redis::cmd("ZADD")
            .arg("cogworker:dead")
            .arg(score)
            .arg(format!(
                r#"{{"class":"X","args":[],"jid":"{jid}","queue":"default"}}"#
            ))
            .query::<()>(&mut conn)
            .unwrap();
    }
    let json = server
        .assert_read_only(|| cogctl(&server, now, &["job", "a*c", "--json"]))
        .success()
        .json();
    let locations = json["locations"].as_array().unwrap();
    assert_eq!(locations.len(), 1);
    assert_eq!(json["payload"]["jid"], "a*c");
    assert_eq!(cogctl(&server, now, &["job", "a[b]c"]).code, 1);
}

#[test]
fn the_parked_repeat_orphan() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let now = fixture.captured_at;
    let jid = "a29ce722b5dd023f19fadd54";
    let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["job", jid, "--json"])
        .success()
        .json();
    let l = &json["locations"][0];
    assert_eq!(json["locations"].as_array().unwrap().len(), 1);
    assert_eq!(l["kind"], "repeat_orphan");
    assert_eq!(l["position"], 0);
    assert_eq!(l["member"], stored(&fixture, "cogworker:repeat_orphans")[0]);
    assert_eq!(json["payload"]["args"][1]["tenant"], "zürich-02");
    assert_eq!(json["payload"]["args"][1]["size_mb"].to_string(), "512.5");
}

#[test]
fn a_job_in_an_unsettled_record() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let now = fixture.captured_at;
    let jid = "c577cfcbf3f2b65ff392866b";
    let run = server.assert_read_only(|| cogctl(&server, now, &["job", jid]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["job", jid, "--json"])
        .success()
        .json();
    let l = &json["locations"][0];
    assert_eq!(l["kind"], "unsettled");
    assert_eq!(l["position"], 1);
    assert_eq!(l["set"], "cogworker:retry");
    assert_eq!(l["score"].to_string(), "1796208092.913321");
    assert_eq!(l["valid"], true);
    assert_eq!(l["member"], stored(&fixture, "cogworker:unsettled")[1]);
    // The payload is the job inside the record (a JSON string there), decoded.
    assert_eq!(json["payload"]["interrupted_count"], 1);
    assert_eq!(json["payload"]["jid"], jid);
    // `retry show` expects it in retry, where it isn't yet.
    assert_eq!(cogctl(&server, now, &["retry", "show", jid]).code, 1);
}

#[test]
fn a_job_in_two_places_is_reported_in_both() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let now = fixture.captured_at;
    // The SleepJob on P3's in-progress list, also filed in dead (as when a process dies
    // between its ZADD and its acknowledgement).
    let member = stored(&fixture, "cogworker:inprogress:vm:710:4e5e9b0d9b22")[0]
        .as_str()
        .unwrap()
        .to_string();
    let mut conn = server.conn();
    redis::cmd("ZADD")
        .arg("cogworker:dead")
        .arg("1796208100.5")
        .arg(&member)
        .query::<()>(&mut conn)
        .unwrap();
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "f91e50554c82e8f8d678eda8"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(
        &server,
        now,
        &["dead", "show", "f91e50554c82e8f8d678eda8", "--json"],
    )
    .success()
    .json();
    let kinds: Vec<&str> = json["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["in_progress", "dead"]);
    assert_eq!(json["locations"][0]["owner"], "presumed_dead");
    assert_eq!(json["locations"][0]["run_at"], 1796208060);
    assert_eq!(json["payload_from"], "dead");
}

#[test]
fn an_attempts_entry_that_is_not_json_is_shown_as_such() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let mut conn = server.conn();
    redis::cmd("RPUSH")
        .arg("cogworker:job_attempts:4f0874574bb8a17cf99e4e2d")
        .arg("attempt two, written by hand")
        .query::<()>(&mut conn)
        .unwrap();
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "4f0874574bb8a17cf99e4e2d"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["job", "4f0874574bb8a17cf99e4e2d", "--json"])
        .success()
        .json();
    let second = &json["attempts"][1];
    assert_eq!(second["raw"], "attempt two, written by hand");
    assert!(
        second["invalid"]
            .as_str()
            .unwrap()
            .starts_with("not valid JSON")
    );
}

#[test]
fn wrong_type_keys_are_problems_not_crashes() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let mut conn = server.conn();
    for (key, value) in [
        ("cogworker:retry", "not a zset"),
        ("cogworker:queue:critical", "not a list"),
        (
            "cogworker:job_attempts:f8138b8b5e56769076bcad1f",
            "not a list",
        ),
        ("cogworker:unsettled", "not a list"),
    ] {
        redis::cmd("DEL").arg(key).query::<()>(&mut conn).unwrap();
        redis::cmd("SET")
            .arg(key)
            .arg(value)
            .query::<()>(&mut conn)
            .unwrap();
    }
    let run =
        server.assert_read_only(|| cogctl(&server, now, &["job", "f8138b8b5e56769076bcad1f"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("died 17s ago"), "{}", run.stdout);
    for key in [
        "cogworker:retry",
        "cogworker:queue:critical",
        "cogworker:job_attempts:f8138b8b5e56769076bcad1f",
        "cogworker:unsettled",
    ] {
        assert!(
            run.stderr.contains(&format!("warning: {key}")),
            "{key}: {}",
            run.stderr
        );
    }
    assert!(!run.stderr.contains("panicked"));
    let json = cogctl(&server, now, &["job", "f8138b8b5e56769076bcad1f", "--json"]).json();
    assert_eq!(json["found"], true);
    assert_eq!(json["problems"].as_array().unwrap().len(), 4);
}
