//! `orphans` and `unsettled list`: in-progress lists with their owners' liveness
//! (OPERATIONS §8.2), parked repeat orphans, and unsettled records judged as §10.2 does.

use serde_json::Value;

use crate::support::{RedisServer, cogctl, find};

fn list<'a>(json: &'a Value, identity: &str) -> &'a Value {
    find(json, "lists", "identity", identity)
}

#[test]
fn orphans_on_the_orphaned_fixture() {
    let server = RedisServer::start();
    let now = server.load("orphaned").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["orphans"]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 0);
    let json = server
        .assert_read_only(|| cogctl(&server, now, &["orphans", "--json"]))
        .success()
        .json();
    assert_eq!(json["threshold"], 300.0);
    assert_eq!(json["lists"].as_array().unwrap().len(), 1);
    let p3 = list(&json, "vm:710:4e5e9b0d9b22");
    // Last beat 1796208059, captured at 1796208371.727: silent ~313 s > 300 s.
    assert_eq!(p3["state"], "presumed_dead");
    assert_eq!(p3["last_beat"], 1796208059);
    assert!((p3["silent_for"].as_f64().unwrap() - 312.727).abs() < 1e-6);
    assert_eq!(p3["jobs"], 1);
    assert_eq!(p3["classes"]["SleepJob"], 1);
    assert_eq!(json["repeat_orphans"], 1);
    assert_eq!(
        json["repeat_orphan_jobs"][0]["jid"],
        "a29ce722b5dd023f19fadd54"
    );
    assert_eq!(json["repeat_orphan_jobs"][0]["class"], "CrashJob");
    assert_eq!(json["unsettled"], 2);
    // Twenty minutes earlier, P3 had beaten 20 s before: silent, not yet presumed dead.
    let json = cogctl(&server, 1796208079.0, &["orphans", "--json"])
        .success()
        .json();
    assert_eq!(list(&json, "vm:710:4e5e9b0d9b22")["state"], "silent");
    assert_eq!(list(&json, "vm:710:4e5e9b0d9b22")["silent_for"], 20.0);
}

#[test]
fn orphans_on_the_incident_shows_a_live_owner() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["orphans"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now, &["orphans", "--json"])
        .success()
        .json();
    let live = list(&json, "vm:29128:32e9242b5029");
    assert_eq!(live["state"], "alive");
    assert!(live["silent_for"].is_null());
    assert_eq!(live["jobs"], 2);
    assert_eq!(live["classes"]["SleepJob"], 2);
    assert_eq!(json["repeat_orphans"], 0);
    assert_eq!(json["unsettled"], 0);
    // Alive is alive, whatever the threshold.
    let json = cogctl(
        &server,
        now + 86400.0,
        &["orphans", "--json", "--orphan-threshold", "1s"],
    )
    .success()
    .json();
    assert_eq!(list(&json, "vm:29128:32e9242b5029")["state"], "alive");
}

const NOW: f64 = 1796208000.0;

/// Owners in every state of the rule, one list each; `h:3:dead` is known only by its key
/// (as after a crash before its first beat's SADD) and holds more jobs than the class sample.
fn seed_owners(server: &RedisServer) {
    let mut conn = server.conn();
    for id in ["h:1:alive", "h:2:silent", "h:4:junk", "h:5:nostamp"] {
        server.exec(&[&["SADD", "cogworker:inprogress_identities", id]]);
        let job = format!(
            r#"{{"class":"Job{}","args":[],"jid":"{id}","queue":"default"}}"#,
            &id[2..3]
        );
        server.exec(&[&["LPUSH", &format!("cogworker:inprogress:{id}"), &job]]);
    }
    server.exec(&[&[
        "HSET",
        "cogworker:process:h:1:alive",
        "busy",
        "1",
        "quiet",
        "false",
    ]]);
    server.exec(&[&["HSET", "cogworker:last_beat", "h:1:alive", "1000"]]);
    server.exec(&[&["HSET", "cogworker:last_beat", "h:2:silent", "1796207990"]]);
    server.exec(&[&["HSET", "cogworker:last_beat", "h:3:dead", "1796207000"]]);
    server.exec(&[&["HSET", "cogworker:last_beat", "h:4:junk", "soon"]]);
    let mut pipe = redis::pipe();
    for i in 0..1003 {
        pipe.cmd("RPUSH")
            .arg("cogworker:inprogress:h:3:dead")
            .arg(format!(
                r#"{{"class":"BulkJob","args":[{i}],"jid":"b{i}"}}"#
            ))
            .ignore();
    }
    pipe.cmd("RPUSH")
        .arg("cogworker:inprogress:h:3:dead")
        .arg("not json")
        .ignore();
    pipe.query::<()>(&mut conn).unwrap();
}

#[test]
fn liveness_follows_operations_8_2() {
    let server = RedisServer::start();
    seed_owners(&server);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["orphans"]));
    insta::assert_snapshot!(run.snapshot());
    let json = server
        .assert_read_only(|| cogctl(&server, NOW, &["orphans", "--json"]))
        .success()
        .json();
    let state = |id: &str| list(&json, id)["state"].as_str().unwrap().to_string();
    // Presence key present: alive, though its stamp is ancient.
    assert_eq!(state("h:1:alive"), "alive");
    // No presence key, beat 10 s ago.
    assert_eq!(state("h:2:silent"), "silent");
    assert_eq!(list(&json, "h:2:silent")["silent_for"], 10.0);
    // No presence key, beat 1000 s ago; found by SCAN alone.
    assert_eq!(state("h:3:dead"), "presumed_dead");
    // A stamp that is not a number counts as no stamp.
    assert_eq!(state("h:4:junk"), "presumed_dead");
    assert_eq!(list(&json, "h:4:junk")["last_beat_unreadable"], "soon");
    assert!(list(&json, "h:4:junk")["last_beat"].is_null());
    assert_eq!(state("h:5:nostamp"), "presumed_dead");
    // The class summary reads a bounded sample and says so.
    let bulk = list(&json, "h:3:dead");
    assert_eq!(bulk["jobs"], 1004);
    assert_eq!(bulk["classes_sampled"], 1000);
    assert_eq!(bulk["classes"]["BulkJob"], 1000);

    let json = cogctl(
        &server,
        NOW,
        &["orphans", "--json", "--orphan-threshold", "5s"],
    )
    .success()
    .json();
    assert_eq!(list(&json, "h:2:silent")["state"], "presumed_dead");
    assert_eq!(list(&json, "h:1:alive")["state"], "alive");
}

#[test]
fn orphans_reports_wrong_type_keys_and_goes_on() {
    let server = RedisServer::start();
    seed_owners(&server);
    server.exec(&[&["SET", "cogworker:inprogress:h:9:bad", "not a list"]]);
    server.exec(&[&["SET", "cogworker:repeat_orphans", "not a list"]]);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["orphans", "--json"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["lists"].as_array().unwrap().len(), 5);
    let problems: Vec<&str> = json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        problems,
        ["cogworker:inprogress:h:9:bad", "cogworker:repeat_orphans"]
    );
    assert!(json["repeat_orphans"].is_null());

    // The registry set of the wrong type: the SCAN still finds every list.
    server.exec(&[&["DEL", "cogworker:inprogress_identities"]]);
    server.exec(&[&["SET", "cogworker:inprogress_identities", "x"]]);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["orphans"]));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("warning: cogworker:inprogress_identities"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("h:5:nostamp"), "{}", run.stdout);
    assert!(!run.stderr.contains("panicked"));
}

#[test]
fn unsettled_list_on_the_orphaned_fixture_with_invalid_records() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let now = fixture.captured_at;
    let added = [
        // A numeric string is not a number.
        r#"{"set":"cogworker:retry","score":"1796208092.5","payload":"{\"class\":\"FailJob\",\"jid\":\"aaaaaaaaaaaaaaaaaaaaaaaa\",\"queue\":\"default\"}"}"#,
        r#"{"set":"cogworker:queue:default","score":1796208000.5,"payload":"{\"class\":\"EchoJob\",\"jid\":\"bbbbbbbbbbbbbbbbbbbbbbbb\",\"queue\":\"default\"}"}"#,
        // The payload must be a string holding the job, not the job itself.
        r#"{"set":"cogworker:dead","score":1796208000.25,"payload":{"class":"KillJob","jid":"cccccccccccccccccccccccc"}}"#,
        "not json {",
        // Valid: the schedule set is accepted, an integer score too.
        r#"{"set":"cogworker:schedule","score":1796210000,"payload":"{\"class\":\"EchoJob\",\"args\":[],\"jid\":\"dddddddddddddddddddddddd\",\"queue\":\"default\"}"}"#,
    ];
    for record in added {
        server.exec(&[&["RPUSH", "cogworker:unsettled", record]]);
    }
    let run = server.assert_read_only(|| cogctl(&server, now, &["unsettled", "list"]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 0);

    let json = server
        .assert_read_only(|| cogctl(&server, now, &["unsettled", "list", "--json"]))
        .success()
        .json();
    assert_eq!(json["total"], 7);
    assert_eq!(json["invalid"], 4);
    let records = json["records"].as_array().unwrap();
    let stored = &fixture
        .keys
        .iter()
        .find(|k| k.key == "cogworker:unsettled")
        .unwrap()
        .value;
    assert_eq!(records[0]["record"], stored[0]);
    assert_eq!(records[1]["record"], stored[1]);
    assert_eq!(records[0]["valid"], true);
    assert_eq!(records[0]["set"], "cogworker:dead");
    assert_eq!(records[0]["score"].to_string(), "1796208062.9127128");
    assert_eq!(records[0]["jid"], "5c6791f1b92a14aa4a87f862");
    assert_eq!(records[0]["class"], "KillJob");
    assert_eq!(records[0]["error"], "RuntimeError: kill me");
    assert_eq!(records[1]["set"], "cogworker:retry");
    assert_eq!(records[1]["time"], "2026-12-02T10:41:32.913321Z");
    let reason = |i: usize| records[i]["reason"].as_str().unwrap().to_string();
    assert_eq!(reason(2), "score is a string, not a number");
    assert!(reason(3).starts_with("set \"cogworker:queue:default\" is not one of"));
    assert_eq!(reason(4), "payload is an object, not a string");
    assert!(reason(5).starts_with("not valid JSON"));
    for i in 2..6 {
        assert_eq!(records[i]["valid"], false);
        assert_eq!(records[i]["record"], added[i - 2]);
    }
    assert_eq!(records[6]["valid"], true);
    assert_eq!(records[6]["score"].to_string(), "1796210000");
    assert!(records[6]["reason"].is_null());

    let json = cogctl(
        &server,
        now,
        &["unsettled", "list", "--json", "--limit", "1"],
    )
    .success()
    .json();
    assert_eq!(json["records"].as_array().unwrap().len(), 1);
    assert_eq!(json["total"], 7);
    assert_eq!(json["invalid"], 4);
}

#[test]
fn unsettled_list_of_the_wrong_type_is_a_problem() {
    let server = RedisServer::start();
    server.exec(&[&["SET", "cogworker:unsettled", "oops"]]);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["unsettled", "list"]));
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(run.code, 1);
    let empty = RedisServer::start();
    let run = cogctl(&empty, NOW, &["unsettled", "list"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "no unsettled records\n");
}
