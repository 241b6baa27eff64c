//! `dead triage` / `retry triage` and `--fingerprint`: generated sets with known failure
//! families (messages that differ only in ids, numbers and quoted values), the fixtures, the
//! History middleware's failed runs, and a set that changes during the pass.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{Cogctl, RedisServer};

const NOW: f64 = 1_796_208_000.0;

/// One failure family: its error class, the message of its entry i, class, queue, how many.
type Family = (
    &'static str,
    Box<dyn Fn(usize) -> String>,
    &'static str,
    &'static str,
    usize,
);

fn families() -> Vec<Family> {
    vec![
        (
            "Net::ReadTimeout",
            Box::new(|i| {
                format!(
                    "Net::ReadTimeout with #<TCPSocket:0x0000{:012x} fd={}>",
                    i * 7919,
                    i % 50
                )
            }),
            "Billing::InvoiceJob",
            "mailers",
            1200,
        ),
        (
            "Stripe::CardError",
            Box::new(|i| {
                let reasons = ["insufficient_funds", "expired_card", "do_not_honor"];
                format!(
                    "card ch_{:08x} declined for cus_{} ('{}') after {}ms",
                    i * 104_729,
                    i * 13 + 10,
                    reasons[i % 3],
                    100 + i % 900
                )
            }),
            "Billing::ChargeJob",
            "billing",
            700,
        ),
        (
            "ActiveRecord::RecordNotFound",
            Box::new(|i| {
                format!(
                    "Couldn't find User with 'id'={} (request 3f2a9c1e-7b4d-4e2a-9c1b-{:012x})",
                    i + 10,
                    i
                )
            }),
            "Webhooks::DeliveryJob",
            "webhooks",
            300,
        ),
        (
            "Redis::CannotConnectError",
            Box::new(|i| {
                format!(
                    "Error connecting to Redis on 10.0.{}.{}:6379 (Errno::ECONNREFUSED)",
                    i % 4,
                    i % 250 + 1
                )
            }),
            "Webhooks::DeliveryJob",
            "webhooks",
            50,
        ),
    ]
}

/// The families' entries in `key`, scores spread over the last day (one family starting an
/// hour ago), plus `unparseable` members that aren't jobs. Returns the jids per family.
fn seed(server: &RedisServer, key: &str, unparseable: usize) -> Vec<BTreeSet<String>> {
    let mut conn = server.conn();
    let mut jids = Vec::new();
    let mut n = 0usize;
    for (f, (error_class, message, class, queue, count)) in families().into_iter().enumerate() {
        let mut set = BTreeSet::new();
        let mut pipe = redis::pipe();
        for i in 0..count {
            n += 1;
            let jid = format!("{:024x}", n * 1_000_003);
            let start = if f == 1 { NOW - 3600.0 } else { NOW - 86_400.0 };
            let score = start + (NOW - start) * (i as f64 / count as f64);
            let job = json!({
                "class": class, "args": [i, "x"], "jid": jid, "queue": queue, "retry": true,
                "created_at": score - 100.0, "enqueued_at": score - 90.0,
                "error_message": message(i), "error_class": error_class,
                "failed_at": score, "retry_count": 3,
            });
            pipe.cmd("ZADD").arg(key).arg(score).arg(job.to_string());
            set.insert(jid);
        }
        pipe.query::<()>(&mut conn).unwrap();
        jids.push(set);
    }
    for i in 0..unparseable {
        redis::cmd("ZADD")
            .arg(key)
            .arg(NOW - 10.0 - i as f64)
            .arg(format!("not json {i} \u{1b}[2J"))
            .query::<()>(&mut conn)
            .unwrap();
    }
    jids
}

fn triage(server: &RedisServer, args: &[&str]) -> Value {
    let run = Cogctl::new(server)
        .now(NOW)
        .args(args)
        .args(["--json"])
        .run();
    run.success();
    run.json()
}

fn by_fingerprint(report: &Value) -> BTreeMap<String, Value> {
    report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["fingerprint"].as_str().unwrap().to_string(), g.clone()))
        .collect()
}

/// The fingerprint ids are part of the interface: written down here, they must come out the
/// same on every run and machine.
const READ_TIMEOUT: &str = "9c1acf3f";
const CARD_ERROR: &str = "af078a6b";
const NOT_FOUND: &str = "608986f4";
const CANNOT_CONNECT: &str = "27c269bf";
const UNPARSEABLE: &str = "135e601c";

#[test]
fn families_whose_messages_differ_only_in_variables_are_one_group_each() {
    let server = RedisServer::start();
    seed(&server, "cogworker:dead", 3);
    let report = server.assert_read_only(|| triage(&server, &["dead", "triage"]));
    assert_eq!(report["entries"], 2253);
    let groups = by_fingerprint(&report);
    let counts: BTreeMap<&str, u64> = groups
        .iter()
        .map(|(id, g)| (id.as_str(), g["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        counts,
        BTreeMap::from([
            (READ_TIMEOUT, 1200),
            (CARD_ERROR, 700),
            (NOT_FOUND, 300),
            (CANNOT_CONNECT, 50),
            (UNPARSEABLE, 3),
        ]),
        "{report:#}"
    );
    let card = &groups[CARD_ERROR];
    assert_eq!(card["error_class"], "Stripe::CardError");
    assert_eq!(
        card["pattern"],
        "card ch_<id> declined for cus_<id> ('<str>') after <duration>"
    );
    assert_eq!(
        groups[READ_TIMEOUT]["pattern"],
        "Net::ReadTimeout with #<TCPSocket>"
    );
    assert_eq!(
        groups[NOT_FOUND]["pattern"],
        "Couldn't find User with '<str>'=<n> (request <uuid>)"
    );
    assert_eq!(
        groups[CANNOT_CONNECT]["pattern"],
        "Error connecting to Redis on <ip>:<n> (Errno::ECONNREFUSED)"
    );
    assert_eq!(groups[UNPARSEABLE]["unparseable"], true);
    // Largest first, shares of the whole.
    assert_eq!(report["groups"][0]["fingerprint"], READ_TIMEOUT);
    assert!((card["share"].as_f64().unwrap() - 700.0 / 2253.0).abs() < 1e-9);
    // The card errors started an hour ago: first seen then, and only the newest part of the
    // day's timeline has them.
    let first = card["first_seen"].as_f64().unwrap();
    assert!((first - (NOW - 3600.0)).abs() < 1.0, "{first}");
    let timeline: Vec<u64> = serde_json::from_value(card["timeline"].clone()).unwrap();
    assert_eq!(timeline.iter().sum::<u64>(), 700);
    assert!(timeline[..22].iter().all(|&n| n == 0), "{timeline:?}");
    assert_eq!(card["classes"][0]["name"], "Billing::ChargeJob");
    assert_eq!(card["queues"][0]["name"], "billing");
    assert_eq!(
        card["command"],
        format!("cogctl dead retry --fingerprint {CARD_ERROR} --dry-run")
    );
    // The sample is the newest entry, with its full message.
    assert!(
        card["sample"]["error_message"]
            .as_str()
            .unwrap()
            .starts_with("card ch_")
    );

    // The table: the groups, the timeline, and what to run next.
    let run = Cogctl::new(&server).now(NOW).args(["dead", "triage"]).run();
    run.success();
    assert!(
        run.stdout
            .contains("2,253 dead entries in 5 groups (by fingerprint)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!(
            "act     cogctl dead retry --fingerprint {READ_TIMEOUT} --dry-run"
        )),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains('\u{1b}'),
        "a raw escape reached the terminal"
    );

    // The same again: the same groups (stable), and by class and fingerprint the not-found
    // and cannot-connect errors of one class stay apart.
    assert_eq!(
        by_fingerprint(&triage(&server, &["dead", "triage"]))
            .keys()
            .collect::<Vec<_>>(),
        groups.keys().collect::<Vec<_>>()
    );
    let report = triage(&server, &["dead", "triage", "--by", "class,fingerprint"]);
    assert_eq!(report["groups"].as_array().unwrap().len(), 5);
    let report = triage(&server, &["dead", "triage", "--by", "class"]);
    let classes: BTreeMap<String, u64> = report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["class"].as_str().unwrap().to_string(),
                g["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(classes["Webhooks::DeliveryJob"], 350);
    assert_eq!(classes["(unparseable)"], 3);
    let report = triage(
        &server,
        &["dead", "triage", "--by", "queue", "--queue", "webhooks"],
    );
    assert_eq!(report["entries"], 350);
    assert_eq!(
        report["groups"][0]["command"],
        "cogctl dead retry --queue webhooks --queue webhooks --dry-run"
    );
}

#[test]
fn a_fingerprint_selects_exactly_its_group_in_lists_dry_runs_and_a_real_retry() {
    let server = RedisServer::start();
    let jids = seed(&server, "cogworker:dead", 2);
    let listed = Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "list", "--fingerprint", CARD_ERROR, "--ndjson"])
        .run();
    listed.success();
    let got: BTreeSet<String> = listed
        .ndjson()
        .iter()
        .map(|e| e["jid"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(got, jids[1]);

    // A prefix of 4+ hex digits, any case, names it too; an id that isn't hex is refused.
    let listed = Cogctl::new(&server)
        .now(NOW)
        .args([
            "dead",
            "list",
            "--fingerprint",
            &CARD_ERROR[..5].to_uppercase(),
            "--ndjson",
        ])
        .run();
    assert_eq!(listed.ndjson().len(), 700);
    let bad = Cogctl::new(&server)
        .args(["dead", "list", "--fingerprint", "xyz!"])
        .run();
    assert_eq!(bad.code, 2, "{}", bad.snapshot());

    let dry = Cogctl::new(&server)
        .now(NOW)
        .args([
            "dead",
            "retry",
            "--fingerprint",
            NOT_FOUND,
            "--dry-run",
            "--json",
        ])
        .run();
    dry.success();
    assert_eq!(dry.json()["entries"], 300, "{}", dry.stdout);

    let retried = Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "retry", "--fingerprint", NOT_FOUND, "--yes"])
        .run();
    retried.success();
    let mut conn = server.conn();
    let waiting: Vec<String> = redis::cmd("LRANGE")
        .arg("cogworker:queue:webhooks")
        .arg(0)
        .arg(-1)
        .query(&mut conn)
        .unwrap();
    let back: BTreeSet<String> = waiting
        .iter()
        .map(|j| {
            serde_json::from_str::<Value>(j).unwrap()["jid"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(back, jids[2]);
    let dead: i64 = redis::cmd("ZCARD")
        .arg("cogworker:dead")
        .query(&mut conn)
        .unwrap();
    assert_eq!(dead, 2252 - 300);
    // The rest of the set triages as before, without that group.
    let report = triage(&server, &["dead", "triage"]);
    assert!(!by_fingerprint(&report).contains_key(NOT_FOUND));
    assert_eq!(report["entries"], 2252 - 300);
    // Retried jobs keep their error fields: the fingerprint finds them on their queue.
    let on_queue = Cogctl::new(&server)
        .now(NOW)
        .args([
            "queue",
            "list",
            "webhooks",
            "--fingerprint",
            NOT_FOUND,
            "--all",
            "--ndjson",
        ])
        .run();
    assert_eq!(on_queue.ndjson().len(), 300);

    // Entries that aren't jobs: one group, selected and deleted by its fingerprint alone.
    let deleted = Cogctl::new(&server)
        .now(NOW)
        .args([
            "dead",
            "delete",
            "--fingerprint",
            UNPARSEABLE,
            "--yes",
            "--json",
        ])
        .run();
    deleted.success();
    let dead: i64 = redis::cmd("ZCARD")
        .arg("cogworker:dead")
        .query(&mut conn)
        .unwrap();
    assert_eq!(dead, 2250 - 300);
}

#[test]
fn the_fixtures_retry_set_and_history_failed_runs() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let report = server.assert_read_only(|| {
        let run = Cogctl::new(&server)
            .now(fixture.captured_at)
            .args(["retry", "triage", "--json"])
            .run();
        run.success();
        run.json()
    });
    let retry: u64 = redis::cmd("ZCARD")
        .arg("cogworker:retry")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(report["entries"], retry);
    assert_eq!(report["source"], "cogworker:retry");
    assert!(
        report["groups"][0]["command"]
            .as_str()
            .unwrap()
            .starts_with("cogctl retry retry --fingerprint ")
    );

    let server = RedisServer::start();
    let fixture = server.load("history");
    let failed: u64 = redis::cmd("ZCARD")
        .arg("cogworker:history:failed")
        .query(&mut server.conn())
        .unwrap();
    assert!(failed > 0);
    let run = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args(["dead", "triage", "--from-history", "--json"])
        .run();
    run.success();
    let report = run.json();
    assert_eq!(report["source"], "cogworker:history:failed");
    assert_eq!(report["entries"], failed);
    let sum: u64 = report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, failed);
    let command = report["groups"][0]["command"].as_str().unwrap();
    assert!(
        command.starts_with("cogctl history --status failed --fingerprint "),
        "{command}"
    );
    // That command lists exactly the group's runs.
    let words = shell_words::split(command).unwrap();
    let listed = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args(&words[1..])
        .args(["--all", "--ndjson"])
        .run();
    listed.success();
    assert_eq!(
        listed.ndjson().len() as u64,
        report["groups"][0]["count"].as_u64().unwrap()
    );

    // No history at all: said plainly, nothing grouped.
    let empty = RedisServer::start();
    let run = Cogctl::new(&empty)
        .args(["dead", "triage", "--from-history"])
        .run();
    run.success();
    assert!(
        run.stderr.contains("no failed runs recorded"),
        "{}",
        run.stderr
    );
}

#[test]
fn beyond_max_groups_entries_are_counted_as_other() {
    let server = RedisServer::start();
    seed(&server, "cogworker:dead", 0);
    let report = triage(&server, &["dead", "triage", "--max-groups", "2"]);
    let groups = report["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    let grouped: u64 = groups.iter().map(|g| g["count"].as_u64().unwrap()).sum();
    assert_eq!(grouped + report["other"]["entries"].as_u64().unwrap(), 2250);
    assert_eq!(report["other"]["patterns"], 2);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "triage", "--max-groups", "2"])
        .run();
    assert!(
        run.stdout.contains("--max-groups reached"),
        "{}",
        run.stdout
    );
    let run = Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "triage", "--limit", "1"])
        .run();
    assert!(
        run.stdout.contains("… and 3 smaller groups"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_set_that_changes_during_the_pass_is_grouped_without_a_loss_of_count() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    // 60,000 entries of one pattern, then entries added and removed while triage reads.
    let mut pipe = redis::pipe();
    for i in 0..60_000u64 {
        pipe.cmd("ZADD")
            .arg("cogworker:dead")
            .arg(NOW - i as f64)
            .arg(
                json!({"class": "A", "jid": format!("{i:024x}"), "queue": "q",
                   "error_class": "E", "error_message": format!("id {i}")})
                .to_string(),
            );
    }
    pipe.query::<()>(&mut conn).unwrap();
    let (report, changed) = std::thread::scope(|s| {
        let writer = s.spawn(|| {
            let mut conn = server.conn();
            let mut changed = 0;
            for i in 0..400u64 {
                redis::cmd("ZADD")
                    .arg("cogworker:dead")
                    .arg(NOW - 30_000.0 + i as f64 / 1000.0)
                    .arg(
                        json!({"class": "B", "jid": format!("{:024x}", 900_000 + i),
                                "error_class": "F", "error_message": format!("new {i}")})
                        .to_string(),
                    )
                    .query::<()>(&mut conn)
                    .unwrap();
                redis::cmd("ZREMRANGEBYRANK")
                    .arg("cogworker:dead")
                    .arg(0)
                    .arg(0)
                    .query::<()>(&mut conn)
                    .unwrap();
                changed += 1;
                std::thread::sleep(Duration::from_micros(200));
            }
            changed
        });
        let report = triage(&server, &["dead", "triage"]);
        (report, writer.join().unwrap())
    });
    assert_eq!(changed, 400);
    let entries = report["entries"].as_u64().unwrap();
    let sum: u64 = report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, entries);
    // Every entry present throughout was counted once; ones added or removed meanwhile may
    // or may not be.
    assert!(
        (60_000 - 400..=60_000 + 400).contains(&entries),
        "{entries}"
    );
    assert!(report["groups"].as_array().unwrap().len() <= 2);
}
