//! `procs`, `procs --memory` and `busy` on the real-gem fixtures, on malformed data and on an
//! empty Redis. Every run is read-only.

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, cogctl, find};

const LEAK: &str = "vm:31694:57ef49409f19";
const FLAT: &str = "vm:31698:cf41f8b22062";
const GAPS: &str = "vm:31701:595016382841";
/// slot(captured_at of memory.json), and the first of the 96 slots shown.
const NOW_SLOT: i64 = 1796207400;
const FIRST_SLOT: i64 = NOW_SLOT - 95 * 900;

fn process<'a>(json: &'a Value, identity: &str) -> &'a Value {
    find(json, "processes", "identity", identity)
}

fn close(actual: &Value, expected: f64, tolerance: f64) {
    let a = actual
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {actual}"));
    assert!((a - expected).abs() <= tolerance, "{a} is not {expected}");
}

#[test]
fn procs_on_the_memory_fixture() {
    let server = RedisServer::start();
    let now = server.load("memory").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    insta::assert_snapshot!(run.snapshot());

    let json = server
        .assert_read_only(|| cogctl(&server, now, &["procs", "--json"]))
        .success()
        .json();
    assert_eq!(json["processes"].as_array().unwrap().len(), 3);
    assert_eq!(json["problems"], Value::Array(vec![]));
    let gaps = process(&json, GAPS);
    assert_eq!(gaps["state"], "alive");
    assert_eq!(gaps["hostname"], "vm");
    assert_eq!(gaps["pid"], 31701);
    assert_eq!(gaps["concurrency"], 3);
    assert_eq!(gaps["busy"], 0);
    assert_eq!(gaps["quiet"], false);
    assert_eq!(gaps["rss_kb"], 32904);
    close(&gaps["started_at"], 1796208031.659746, 1e-6);
    assert_eq!(
        gaps["queues"],
        serde_json::json!([{"name": "critical", "weight": 2}, {"name": "default", "weight": 1}])
    );
    // Beat age from the last_beat stamp (1796208051) against the pinned clock.
    assert_eq!(gaps["last_beat"], 1796208051);
    assert_eq!(gaps["beat_age_from"], "last_beat");
    close(&gaps["beat_age"], now - 1796208051.0, 1e-3);
    let ttl = gaps["ttl_ms"].as_i64().unwrap();
    assert!((0..=60_000).contains(&ttl), "{ttl}");
    // Without --memory, no history is read or reported.
    assert!(gaps.get("memory").is_none());
}

#[test]
fn memory_sparklines_at_100_and_160_columns() {
    let server = RedisServer::start();
    let now = server.load("memory").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "--memory"]));
    assert!(
        run.stdout.lines().all(|l| l.chars().count() <= 100),
        "{}",
        run.stdout
    );
    insta::assert_snapshot!("memory_at_100_columns", run.snapshot());
    let run = server.assert_read_only(|| {
        Cogctl::new(&server)
            .now(now)
            .env("COLUMNS", "160")
            .args(["procs", "--memory"])
            .run()
    });
    assert!(run.stdout.lines().all(|l| l.chars().count() <= 160));
    insta::assert_snapshot!("memory_at_160_columns", run.snapshot());
    // Wide enough for one character per slot.
    let run = Cogctl::new(&server)
        .now(now)
        .env("COLUMNS", "200")
        .args(["procs", "--memory"])
        .run();
    let flat = run.stdout.lines().find(|l| l.starts_with(FLAT)).unwrap();
    assert_eq!(flat.matches('▄').count(), 96, "{flat}");
}

#[test]
fn memory_json_lays_out_96_slots() {
    let server = RedisServer::start();
    let now = server.load("memory").captured_at;
    let json = server
        .assert_read_only(|| cogctl(&server, now, &["procs", "--memory", "--json"]))
        .success()
        .json();
    for p in json["processes"].as_array().unwrap() {
        let slots = p["memory"]["slots"].as_array().unwrap();
        assert_eq!(slots.len(), 96);
        for (i, s) in slots.iter().enumerate() {
            assert_eq!(s["slot"], FIRST_SLOT + i as i64 * 900);
        }
        assert_eq!(p["memory"]["skipped"], 0);
        assert_eq!(p["memory"]["error"], Value::Null);
    }

    // The leak has 97 members; the oldest (1796121000:45100) is outside the window.
    let leak = &process(&json, LEAK)["memory"];
    assert_eq!(leak["samples"], 96);
    assert_eq!(leak["slots"][0]["kb"], 45676);
    assert_eq!(leak["min_kb"], 45676);
    assert_eq!(leak["max_kb"], 86076);
    assert_eq!(leak["current_kb"], 86076);
    assert_eq!(leak["current_slot"], NOW_SLOT);
    // ~41 MB over the day: about +1.7 MB/h.
    let growth = leak["growth_mb_per_hour"].as_f64().unwrap();
    assert!((1.55..1.85).contains(&growth), "{growth}");

    let flat = &process(&json, FLAT)["memory"];
    assert_eq!(flat["samples"], 96);
    let growth = flat["growth_mb_per_hour"].as_f64().unwrap();
    assert!(growth.abs() < 0.05, "{growth}");

    // Data from 1796175900 only, with two gaps and one spike.
    let gaps = &process(&json, GAPS)["memory"];
    assert_eq!(gaps["samples"], 28);
    let slots = gaps["slots"].as_array().unwrap();
    let kb = |slot: i64| &slots[((slot - FIRST_SLOT) / 900) as usize]["kb"];
    for s in slots {
        let slot = s["slot"].as_i64().unwrap();
        let missing = slot < 1796175900
            || (1796184900..=1796189400).contains(&slot)
            || (1796200200..=1796201100).contains(&slot);
        assert_eq!(s["kb"].is_null(), missing, "slot {slot}");
    }
    assert_eq!(kb(1796175900), 47200);
    assert_eq!(kb(1796193900), 95004);
    assert_eq!(gaps["max_kb"], 95004);
    assert_eq!(gaps["current_kb"], 57700);
}

#[test]
fn procs_and_busy_on_the_incident() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    insta::assert_snapshot!("procs_incident", run.snapshot());
    let run = server.assert_read_only(|| cogctl(&server, now, &["busy"]));
    insta::assert_snapshot!("busy_incident", run.snapshot());

    let json = server
        .assert_read_only(|| cogctl(&server, now, &["busy", "--json"]))
        .success()
        .json();
    assert_eq!(json["hidden_stale"], 0);
    let jobs = json["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    // Longest-running first.
    let first = &jobs[0];
    assert_eq!(first["identity"], "vm:29128:32e9242b5029");
    assert_eq!(first["tid"], "70565632a362");
    assert_eq!(first["stale"], false);
    assert_eq!(first["queue"], "default");
    assert_eq!(first["jid"], "86f49eb5ac56dab5ab827980");
    assert_eq!(first["class"], "SleepJob");
    assert_eq!(first["args"], serde_json::json!([3600]));
    assert_eq!(first["run_at"], 1796208094.0);
    close(&first["runtime"], now - 1796208094.0, 1e-3);
    assert_eq!(first["payload"]["created_at"], 1796208094.8210752);
    assert_eq!(first["error"], Value::Null);
    assert_eq!(jobs[1]["jid"], "414cdf69fbc4b73ab4e63cb5");
    assert_eq!(jobs[1]["args"], serde_json::json!([5400.5]));

    let procs = cogctl(&server, now, &["procs", "--json"]).success().json();
    let p = process(&procs, "vm:29128:32e9242b5029");
    assert_eq!(p["busy"], 2);
    assert_eq!(
        p["queues"][0],
        serde_json::json!({"name": "critical", "weight": 2})
    );
}

#[test]
fn gone_processes_are_shown_as_gone() {
    let server = RedisServer::start();
    let now = server.load("orphaned").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("procs_orphaned", run.snapshot());

    let json = cogctl(&server, now, &["procs", "--json"]).success().json();
    let processes = json["processes"].as_array().unwrap();
    assert_eq!(processes.len(), 3);
    assert!(processes.iter().all(|p| p["state"] == "gone"));
    // P3 is the only one with a last_beat stamp left (1796208059).
    let p3 = process(&json, "vm:710:4e5e9b0d9b22");
    assert_eq!(p3["last_beat"], 1796208059);
    close(&p3["beat_age"], now - 1796208059.0, 1e-3);
    assert_eq!(p3["hostname"], "vm");
    assert_eq!(p3["pid"], 710);
    assert_eq!(p3["ttl_ms"], Value::Null);
    let p1 = process(&json, "vm:30544:e1585b18698e");
    assert_eq!(p1["beat_age"], Value::Null);

    // Their history outlives them, and is still shown.
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "--memory"]));
    assert!(run.stdout.lines().skip(1).all(|l| l.contains(" gone ")));
    let json = cogctl(&server, now, &["procs", "--memory", "--json"])
        .success()
        .json();
    assert_eq!(
        process(&json, "vm:710:4e5e9b0d9b22")["memory"]["current_kb"],
        30852
    );
}

#[test]
fn busy_hides_stale_workers_hashes_unless_asked() {
    let server = RedisServer::start();
    let now = server.load("orphaned").captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["busy"]));
    insta::assert_snapshot!("busy_orphaned", run.snapshot());
    let quiet = cogctl(&server, now, &["busy", "--quiet"]);
    assert_eq!(quiet.code, 0);
    assert_eq!(quiet.stderr, "");
    let run = cogctl(&server, now, &["busy", "--json"]);
    assert_eq!(run.stderr, "");
    let json = run.success().json();
    assert_eq!(json["jobs"], Value::Array(vec![]));
    assert_eq!(json["hidden_stale"], 3);

    let run = server.assert_read_only(|| cogctl(&server, now, &["busy", "--include-stale"]));
    insta::assert_snapshot!("busy_orphaned_include_stale", run.snapshot());
    let json = cogctl(&server, now, &["busy", "--include-stale", "--json"])
        .success()
        .json();
    assert_eq!(json["hidden_stale"], 0);
    let jobs = json["jobs"].as_array().unwrap();
    let found: Vec<(&str, &str)> = jobs
        .iter()
        .map(|j| (j["identity"].as_str().unwrap(), j["jid"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        [
            ("vm:30544:e1585b18698e", "a29ce722b5dd023f19fadd54"),
            ("vm:582:b4554f02b956", "a29ce722b5dd023f19fadd54"),
            ("vm:710:4e5e9b0d9b22", "f91e50554c82e8f8d678eda8"),
        ]
    );
    assert!(jobs.iter().all(|j| j["stale"] == true));
    assert_eq!(
        jobs[0]["args"],
        serde_json::json!(["poison-pill", {"size_mb": 512.5, "tenant": "zürich-02"}])
    );
}

#[test]
fn malformed_data_is_a_problem_or_a_marked_row_never_a_panic() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    let unreadable_info = "h:1:aaaaaaaaaaaa";
    let wrong_process = "h:2:bbbbbbbbbbbb";
    let wrong_memory = "h:3:cccccccccccc";
    server.exec(
        &[
            &[
                "SADD",
                "cogworker:processes",
                unreadable_info,
                wrong_process,
                wrong_memory,
            ],
            &[
                "HSET",
                "cogworker:process:h:1:aaaaaaaaaaaa",
                "info",
                "not json{",
                "busy",
                "1",
                "quiet",
                "false",
            ],
            &["SET", "cogworker:process:h:2:bbbbbbbbbbbb", "oops"],
            &[
                "HSET",
                "cogworker:process:h:3:cccccccccccc",
                "info",
                r#"{"hostname":"h","pid":3,"concurrency":4,"queues":["a"],"started_at":1796208000.5,"rss_kb":null}"#,
                "busy",
                "0",
                "quiet",
                "true",
            ],
            &["SET", "cogworker:memory:h:3:cccccccccccc", "x"],
            &[
                "ZADD",
                "cogworker:memory:h:1:aaaaaaaaaaaa",
                "1796207400",
                "garbage",
                "1796207400",
                "123:abc",
                "1796207400",
                "1796207400:5000",
            ],
            &[
                "HSET",
                "cogworker:workers:h:1:aaaaaaaaaaaa",
                "aaaaaaaaaaa1",
                "not json",
                "aaaaaaaaaaa2",
                "[1,2]",
            ],
            &["SET", "cogworker:workers:h:3:cccccccccccc", "x"],
        ],
    );

    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    insta::assert_snapshot!("procs_malformed", run.snapshot());
    let json = cogctl(&server, now, &["procs", "--json"]).json();
    let info = process(&json, unreadable_info);
    assert_eq!(info["state"], "alive");
    assert!(
        info["info_error"]
            .as_str()
            .unwrap()
            .starts_with("info is not JSON")
    );
    assert_eq!(info["busy"], 1);
    assert_eq!(process(&json, wrong_process)["state"], "unknown");
    assert_eq!(process(&json, wrong_memory)["state"], "quiet");
    assert_eq!(process(&json, wrong_memory)["rss_kb"], Value::Null);
    assert_eq!(
        json["problems"],
        serde_json::json!([{
            "key": "cogworker:process:h:2:bbbbbbbbbbbb",
            "error": "of the wrong type, not the hash cogworker keeps there"
        }])
    );

    let run = server.assert_read_only(|| cogctl(&server, now, &["procs", "--memory"]));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("cogworker:memory:h:1:aaaaaaaaaaaa: 2 memory history member(s) skipped")
    );
    assert!(run.stderr.contains(
        "warning: cogworker:memory:h:3:cccccccccccc: of the wrong type, not the zset cogworker keeps there"
    ));
    assert!(!run.stderr.contains("panicked"));
    let json = cogctl(&server, now, &["procs", "--memory", "--json"]).json();
    let m = &process(&json, unreadable_info)["memory"];
    assert_eq!(
        (m["samples"].as_i64(), m["skipped"].as_i64()),
        (Some(1), Some(2))
    );
    assert_eq!(m["slots"][95]["kb"], 5000);
    let m = &process(&json, wrong_memory)["memory"];
    assert_eq!(m["samples"], 0);
    assert!(m["error"].as_str().unwrap().contains("wrong type"));
    assert_eq!(m["slots"].as_array().unwrap().len(), 96);

    let run = server.assert_read_only(|| cogctl(&server, now, &["busy"]));
    insta::assert_snapshot!("busy_malformed", run.snapshot());
    let json = cogctl(&server, now, &["busy", "--json"]).json();
    let jobs = json["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 4);
    let bad: Vec<&Value> = jobs.iter().filter(|j| !j["error"].is_null()).collect();
    assert_eq!(bad.len(), 2);
    assert_eq!(bad[0]["raw"], "not json");
    assert_eq!(bad[1]["raw"], "[1,2]");
    assert_eq!(bad[0]["identity"], unreadable_info);
    assert_eq!(
        json["problems"][0]["key"],
        "cogworker:workers:h:3:cccccccccccc"
    );
}

#[test]
fn wrong_typed_registries_are_problems() {
    let server = RedisServer::start();
    let now = server.load("memory").captured_at;
    server.exec(&[
        &["DEL", "cogworker:last_beat"],
        &["SET", "cogworker:last_beat", "x"],
        &["DEL", "cogworker:inprogress_identities"],
        &["SET", "cogworker:inprogress_identities", "x"],
    ]);
    let json = server
        .assert_read_only(|| cogctl(&server, now, &["procs", "--json"]))
        .json();
    assert_eq!(json["processes"].as_array().unwrap().len(), 3);
    assert_eq!(json["problems"][0]["key"], "cogworker:last_beat");
    // Without a stamp the beat age comes from the presence key's TTL.
    assert_eq!(process(&json, LEAK)["beat_age_from"], "ttl");
    let run = server.assert_read_only(|| cogctl(&server, now, &["busy"]));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains(
            "cogworker:inprogress_identities: a string, not the set cogworker keeps there"
        )
    );

    server.exec(&[
        &["DEL", "cogworker:processes"],
        &["SET", "cogworker:processes", "x"],
    ]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("no worker processes"));
    assert!(
        run.stderr
            .contains("cogworker:processes: a string, not the set cogworker keeps there")
    );
}

#[test]
fn empty_redis() {
    let server = RedisServer::start();
    for args in [
        &["procs"][..],
        &["procs", "--memory"],
        &["busy"],
        &["busy", "--include-stale"],
    ] {
        let run = server.assert_read_only(|| cogctl(&server, 1796208054.0, args));
        let name = args.join("_").replace("--", "");
        insta::assert_snapshot!(format!("empty_{name}"), run.stable_snapshot(&server));
    }
    let json = cogctl(&server, 1796208054.0, &["procs", "--memory", "--json"])
        .success()
        .json();
    assert_eq!(json, serde_json::json!({"processes": [], "problems": []}));
    let json = cogctl(&server, 1796208054.0, &["busy", "--json"])
        .success()
        .json();
    assert_eq!(
        json,
        serde_json::json!({"jobs": [], "hidden_stale": 0, "problems": []})
    );
}

/// A process killed with SIGKILL keeps its presence key for up to a minute: it is still shown
/// alive, but its beat is marked late, with when it stops being shown alive and when orphan
/// recovery presumes it dead.
#[test]
fn a_process_whose_beat_is_late_is_marked_with_when_it_is_presumed_dead() {
    let server = RedisServer::start();
    let now = 1_796_208_000.0;
    let info = r#"{"hostname":"web-1","pid":4711,"concurrency":4,"queues":["default"],"started_at":1796200000}"#;
    for (id, beat) in [
        ("web-1:4711:aaaaaaaaaaaa", now - 45.0),
        ("web-2:4712:bbbbbbbbbbbb", now - 2.0),
    ] {
        let key = format!("cogworker:process:{id}");
        server.exec(&[
            &["HSET", &key, "info", info, "busy", "1", "quiet", "false"],
            &["EXPIRE", &key, "15"],
            &["SADD", "cogworker:processes", id],
            &[
                "HSET",
                "cogworker:last_beat",
                id,
                &format!("{}", beat as i64),
            ],
        ]);
    }
    let run = server.assert_read_only(|| cogctl(&server, now, &["procs"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let late = run
        .stdout
        .lines()
        .find(|l| l.contains("web-1:4711"))
        .unwrap();
    assert!(
        late.contains(" alive ") && late.contains("45s ago, late"),
        "{late}"
    );
    let fine = run
        .stdout
        .lines()
        .find(|l| l.contains("web-2:4712"))
        .unwrap();
    assert!(!fine.contains("late"), "{fine}");
    assert!(
        run.stderr
            .contains("web-1:4711:aaaaaaaaaaaa: its beat is late (45s ago")
            && run.stderr.contains("until its presence key expires, in 1")
            && run
                .stderr
                .contains("presumes it dead and requeues its jobs in 4m 15s"),
        "{}",
        run.stderr
    );
    let json = cogctl(&server, now, &["procs", "--json"]).success().json();
    let p = process(&json, "web-1:4711:aaaaaaaaaaaa");
    assert_eq!(p["late"], true);
    assert_eq!(p["presumed_dead_at"].as_f64().unwrap(), now - 45.0 + 300.0);
    assert_eq!(process(&json, "web-2:4712:bbbbbbbbbbbb")["late"], false);
}
