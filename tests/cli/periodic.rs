//! `cogctl periodic …` and `check --max-periodic-delay` on the gem's own periodic state
//! (fixtures/periodic.json, clock pinned, zone UTC as the gem's process had), and on broken
//! periodic keys.

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, Run};

fn periodic(server: &RedisServer, now: f64, args: &[&str]) -> Run {
    Cogctl::new(server)
        .now(now)
        .env("TZ", "UTC")
        .args(args)
        .run()
}

fn entry<'a>(list: &'a Value, pjid: &str) -> &'a Value {
    list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["pjid"] == pjid)
        .unwrap_or_else(|| panic!("no entry {pjid} in {list:#}"))
}

#[test]
fn list_shows_every_entry_with_its_next_and_last_run() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    let run = server.assert_read_only(|| periodic(&server, now, &["periodic", "list"]));
    insta::assert_snapshot!(run.snapshot());
    let list = periodic(&server, now, &["--json", "periodic", "list"])
        .success()
        .json();
    assert_eq!(list["entries"].as_array().unwrap().len(), 8);
    assert_eq!(list["local_zone"], "UTC");
    // Next runs: the first matching second strictly after now (17:27:08.373 UTC, a
    // Wednesday); the Berlin one at 09:00 CET on Thursday.
    for (pjid, next, last) in [
        (
            "23101811f4d63ef36750e348fd1962b3b6bf3561",
            1796234400.0,
            1796230800,
        ),
        (
            "5b7ced9cb8b65d6c9b1e04ae478e6357ed3ca0b1",
            1796284800.0,
            1796198400,
        ),
        (
            "6e900214e5dca6ab788e0fb9ea910245bd93400f",
            1796232435.0,
            1796232420,
        ),
        (
            "7ccaef4091055578c92fa3ec9491a997ee5b0692",
            1796232480.0,
            1796232420,
        ),
        (
            "80992e26f81624c5d3d8890acece30dace291c41",
            1796232480.0,
            1796232360,
        ),
        (
            "8d9c294791d00136f01ec044cfd2876f1a7e361c",
            1796232480.0,
            1796232240,
        ),
        (
            "d61a48d96db5754079bebd073c56eefa83f7abe8",
            1796272200.0,
            1796185800,
        ),
    ] {
        let e = entry(&list, pjid);
        assert_eq!(e["next_run"].as_f64(), Some(next), "{pjid}: {e:#}");
        assert_eq!(e["last_run"].as_i64(), Some(last), "{pjid}");
        assert!(e["error"].is_null(), "{e:#}");
    }
    let berlin = entry(&list, "5b7ced9cb8b65d6c9b1e04ae478e6357ed3ca0b1");
    assert_eq!(berlin["zone"], "Europe/Berlin");
    // The disabled entry: its last run, and no next one (the tickers skip it).
    let disabled = entry(&list, "f58b20237061344803700320c925d5e34474063c");
    assert_eq!(disabled["enabled"], false);
    assert!(disabled["next_run"].is_null() && disabled["next_time"].is_null());
    assert_eq!(disabled["last_run"], 1796232360);
    let exclusive = entry(&list, "8d9c294791d00136f01ec044cfd2876f1a7e361c");
    assert_eq!(exclusive["unique"], "until_executed");
    assert_eq!(exclusive["running"]["jid"], "35dad0958c982819fd4d55b8");
    assert_eq!(exclusive["running"]["running_on"], "vm:11439:2b2f15d5d129");
    let flaky = entry(&list, "80992e26f81624c5d3d8890acece30dace291c41");
    assert_eq!(flaky["retry"], 3);
    assert_eq!(flaky["args"], serde_json::json!([1, 3600]));
    // --search over class, cron, pjid and args.
    let found = periodic(
        &server,
        now,
        &["--json", "periodic", "list", "--search", "PAYMENTS"],
    )
    .success()
    .json();
    assert_eq!(found["entries"].as_array().unwrap().len(), 1);
}

#[test]
fn show_gives_the_next_runs_the_lock_and_the_entrys_jobs() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    // A short pjid, like git's.
    let run = server.assert_read_only(|| periodic(&server, now, &["periodic", "show", "8099"]));
    insta::assert_snapshot!(run.snapshot());
    let json = periodic(&server, now, &["--json", "periodic", "show", "80992e26"])
        .success()
        .json();
    let next: Vec<f64> = json["next_runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(
        next,
        [
            1796232480.0,
            1796232600.0,
            1796232720.0,
            1796232840.0,
            1796232960.0
        ]
    );
    let jobs = json["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2, "{json:#}");
    assert!(jobs.iter().all(|j| j["status"] == "retry"));
    let slots: Vec<i64> = jobs.iter().map(|j| j["slot"].as_i64().unwrap()).collect();
    assert_eq!(slots, [1796232240, 1796232360]);
    let locked = periodic(&server, now, &["--json", "periodic", "show", "8d9c"])
        .success()
        .json();
    assert_eq!(locked["running"]["jid"], "35dad0958c982819fd4d55b8");
    assert!(locked["running"]["ttl"].as_f64().unwrap() > 100.0);
    // Too short, unknown, ambiguous: usage errors that name the problem.
    let run = periodic(&server, now, &["periodic", "show", "80"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    let run = periodic(&server, now, &["periodic", "show", "ffff"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stderr.contains("no periodic entry"), "{}", run.stderr);
}

#[test]
fn run_now_pushes_a_plain_job_as_the_web_ui_does() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    let before = server.list("cogworker:queue:default").len();
    let run = periodic(&server, now, &["--json", "periodic", "run-now", "d61a48d9"]);
    let report = run.success().json();
    let jid = report["jid"].as_str().unwrap().to_string();
    let queue = server.list("cogworker:queue:default");
    assert_eq!(queue.len(), before + 1);
    // Client.push({"class","args","retry"}): those keys, then the client's defaults.
    let keys: Vec<String> = serde_json::from_str::<serde_json::Map<String, Value>>(&queue[0])
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(
        keys,
        [
            "class",
            "args",
            "retry",
            "jid",
            "queue",
            "created_at",
            "enqueued_at"
        ]
    );
    let job: Value = serde_json::from_str(&queue[0]).unwrap();
    assert_eq!(job["jid"], jid.as_str());
    assert_eq!(job["class"], "EchoJob");
    assert_eq!(
        job["args"],
        serde_json::json!([{"report": "nightly", "limit": 500}])
    );
    assert_eq!(job["retry"], 5);
    assert_eq!(job["queue"], "default");
    assert!(job.get("periodic_pjid").is_none());
    // No claim, no lock: the entry's last slot is untouched.
    assert_eq!(
        server
            .get("periodic:last_slot:d61a48d96db5754079bebd073c56eefa83f7abe8")
            .as_deref(),
        Some("1796185800")
    );
    let run = periodic(&server, now, &["periodic", "run-now", "d61a48d9"]);
    assert_eq!(run.stdout.trim().len(), 24, "{}", run.snapshot());
}

#[test]
fn disable_and_enable_round_trip() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    let members = |s: &RedisServer| {
        let mut conn = s.conn();
        let mut m: Vec<String> = redis::cmd("SMEMBERS")
            .arg("periodic:disabled")
            .query(&mut conn)
            .unwrap();
        m.sort();
        m
    };
    let run = periodic(&server, now, &["periodic", "disable", "7cca"]);
    insta::assert_snapshot!(run.snapshot());
    assert_eq!(
        members(&server),
        [
            "7ccaef4091055578c92fa3ec9491a997ee5b0692",
            "f58b20237061344803700320c925d5e34474063c"
        ]
    );
    let run = periodic(&server, now, &["periodic", "enable", "7cca", "f58b"]);
    run.success();
    assert!(members(&server).is_empty());
    // --all asks first: refused without a terminal and without --yes, nothing changed.
    let run = periodic(&server, now, &["periodic", "disable", "--all"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(members(&server).is_empty());
    periodic(&server, now, &["periodic", "disable", "--all", "--yes"]).success();
    assert_eq!(members(&server).len(), 8);
}

#[test]
fn the_delay_check_fails_and_names_the_cause() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    // The until_executed entry has been blocked since its 17:25 slot by its running run.
    let run = periodic(
        &server,
        now,
        &["--json", "check", "--max-periodic-delay", "1m"],
    );
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let detail = run.json()["checks"][0]["detail"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        detail.starts_with("8d9c2947 SleepJob")
            && detail.contains(
                "blocked by its until_executed run lock, held by 35dad0958c982819fd4d55b8"
            ),
        "{detail}"
    );
    let json = periodic(
        &server,
        now,
        &["--json", "check", "--max-periodic-delay", "5m"],
    )
    .json();
    assert_eq!(json["ok"], true);
    assert!((json["checks"][0]["value"].as_f64().unwrap() - 128.373).abs() < 1e-6);
    // An hour later with no worker alive: every entry is late, and nobody ticks.
    server.exec(&[&[
        "DEL",
        "cogworker:process:vm:11439:2b2f15d5d129",
        "periodic:running:8d9c294791d00136f01ec044cfd2876f1a7e361c",
    ]]);
    let run = periodic(
        &server,
        now + 3600.0,
        &["--json", "check", "--max-periodic-delay", "5m"],
    );
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let detail = run.json()["checks"][0]["detail"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        detail.contains("no live worker process is ticking"),
        "{detail}"
    );
}

#[test]
fn a_disabled_entry_has_no_next_run_and_is_never_late() {
    const DISABLED: &str = "f58b20237061344803700320c925d5e34474063c";
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    let show = periodic(&server, now, &["--json", "periodic", "show", "f58b"])
        .success()
        .json();
    assert_eq!(show["enabled"], false);
    assert!(show["next_run"].is_null(), "{show:#}");
    assert_eq!(show["next_runs"], serde_json::json!([]));
    let run = periodic(&server, now, &["periodic", "show", "f58b"]);
    run.success();
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("next runs"))
        .unwrap_or_else(|| panic!("{}", run.snapshot()));
    assert!(line.contains("—") && line.contains("disabled"), "{line}");
    // The same cron enabled (`* * * * *`, like the disabled one) fires in 51s; stats names
    // an enabled entry as the next to fire, never the disabled one.
    let stats = periodic(&server, now, &["--json", "stats"]).json();
    assert_ne!(stats["periodic"]["next_pjid"], DISABLED);
    assert_eq!(stats["periodic"]["next_run"], 1796232435.0);

    // An hour without a ticker: the enabled entries are late, the disabled one is not
    // counted (no delay sample of its own, and check looks past it).
    server.exec(&[&[
        "DEL",
        "cogworker:process:vm:11439:2b2f15d5d129",
        "periodic:running:8d9c294791d00136f01ec044cfd2876f1a7e361c",
    ]]);
    let later = now + 3600.0;
    let metrics = periodic(&server, later, &["metrics"]);
    metrics.success();
    let delays: Vec<&str> = metrics
        .stdout
        .lines()
        .filter(|l| l.starts_with("cogworker_periodic_delay_seconds{"))
        .collect();
    assert_eq!(delays.len(), 7, "{delays:#?}");
    assert!(!delays.iter().any(|l| l.contains(DISABLED)), "{delays:#?}");
    let check = |server: &RedisServer| {
        periodic(
            server,
            later,
            &["--json", "check", "--max-periodic-delay", "5m"],
        )
    };
    assert_eq!(check(&server).code, 1);
    periodic(&server, now, &["periodic", "disable", "--all", "--yes"]).success();
    let run = check(&server);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.json()["checks"][0]["value"], 0.0);
    let metrics = periodic(&server, later, &["metrics"]);
    assert!(
        !metrics.stdout.contains("cogworker_periodic_delay_seconds{"),
        "{}",
        metrics.stdout
    );
    let list = periodic(&server, later, &["--json", "periodic", "list"]).json();
    for e in list["entries"].as_array().unwrap() {
        assert!(e["next_run"].is_null(), "{e:#}");
    }
    // Enabled again, it is late again.
    periodic(&server, now, &["periodic", "enable", "f58b"]).success();
    let run = check(&server);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let detail = run.json()["checks"][0]["detail"].to_string();
    assert!(detail.contains("f58b2023"), "{detail}");
}

#[test]
fn broken_periodic_keys_degrade_one_entry() {
    let server = RedisServer::start();
    let now = server.load("periodic").captured_at;
    server.exec(&[
        &[
            "HSET",
            "periodic:schedule",
            "aaaa0000",
            "not json \u{1b}[2J",
        ],
        &[
            "HSET",
            "periodic:schedule",
            "bbbb0000",
            r#"{"cron":"61 * * * *","class":"BadCron","retry":0,"unique":null,"args":[]}"#,
        ],
        &[
            "SET",
            "periodic:last_slot:7ccaef4091055578c92fa3ec9491a997ee5b0692",
            "soon",
        ],
    ]);
    let run = periodic(&server, now, &["periodic", "list"]);
    assert_eq!(run.code, 1, "a problem is named: {}", run.snapshot());
    assert!(!run.stdout.contains('\u{1b}'));
    let json = periodic(&server, now, &["--json", "periodic", "list"]).json();
    assert_eq!(json["entries"].as_array().unwrap().len(), 10);
    let error = |pjid: &str| entry(&json, pjid)["error"].as_str().unwrap().to_string();
    assert!(
        error("aaaa0000").contains("not valid JSON"),
        "{}",
        error("aaaa0000")
    );
    assert!(
        error("bbbb0000").contains("61 * * * *"),
        "{}",
        error("bbbb0000")
    );
    assert!(
        json["problems"][0]["key"]
            .as_str()
            .unwrap()
            .starts_with("periodic:last_slot:7ccaef40")
    );
    // The rest still reads: the every-minute entries have their next run.
    assert_eq!(
        entry(&json, "80992e26f81624c5d3d8890acece30dace291c41")["next_run"].as_f64(),
        Some(1796232480.0)
    );
    // A wrong-typed schedule: named, exit 1.
    server.exec(&[
        &["DEL", "periodic:schedule"],
        &["SET", "periodic:schedule", "x"],
    ]);
    let run = periodic(&server, now, &["periodic", "list"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.contains("periodic:schedule"), "{}", run.stderr);
    // A wrong-typed periodic:disabled: disable refuses, changing nothing.
    server.exec(&[&["SET", "periodic:disabled", "x"]]);
    let run = periodic(&server, now, &["periodic", "disable", "7cca"]);
    assert_ne!(run.code, 0, "{}", run.snapshot());
    assert_eq!(server.get("periodic:disabled").as_deref(), Some("x"));
}
