//! A fleet: several Redis primaries, each a context of the config file, read as one
//! (`--fleet NAME`, `--context a,b`): its views, its incident, its changes and their undo,
//! its exporter; what doesn't run across a fleet is refused before anything is read.

use std::path::PathBuf;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Run};

/// A config file in its own temp dir, its contexts the shards (a name and a URL each) and
/// one fleet `prod` of them all.
struct Fleet {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn fleet(shards: &[(&str, String)]) -> Fleet {
    let shards: Vec<(&str, String, &str)> =
        shards.iter().map(|(n, u)| (*n, u.clone(), "")).collect();
    fleet_of(&shards)
}

/// As [`fleet`], each context with more lines of its own (`protected = true`).
fn fleet_of(shards: &[(&str, String, &str)]) -> Fleet {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut text = String::new();
    for (name, url, more) in shards {
        text.push_str(&format!(
            "[contexts.{name}]\nredis_url = \"{url}\"\n{more}\n\n"
        ));
    }
    let names: Vec<String> = shards.iter().map(|(n, _, _)| format!("\"{n}\"")).collect();
    text.push_str(&format!(
        "[fleets.prod]\ncontexts = [{}]\n",
        names.join(", ")
    ));
    std::fs::write(&path, text).unwrap();
    Fleet { _dir: dir, path }
}

impl Fleet {
    fn cogctl(&self, now: f64) -> Cogctl {
        self.unpinned().now(now)
    }

    /// On the system clock: what it writes is stamped with the time it is written.
    fn unpinned(&self) -> Cogctl {
        Cogctl::bare().env("COGCTL_CONFIG", self.path.to_str().unwrap())
    }

    fn run(&self, now: f64, args: &[&str]) -> Run {
        self.cogctl(now).args(args).run()
    }
}

/// Each of `servers` holds what `expected` holds for it, byte for byte (`undo::assert_same`).
#[track_caller]
fn all_same(servers: &[RedisServer], expected: &[crate::undo::Keyspace], what: &str) {
    use crate::undo::{Logical, assert_same};
    for (s, e) in servers.iter().zip(expected) {
        assert_same(e, &s.contents(), what);
    }
}

/// A shard whose server is gone: a socket path in an empty temp dir.
struct Gone(tempfile::TempDir);

impl Gone {
    fn new() -> Gone {
        Gone(tempfile::tempdir().unwrap())
    }

    fn url(&self) -> String {
        format!("unix://{}/redis.sock", self.0.path().display())
    }
}

/// Three shards holding what the real gem left (an outage; History; a dead set of members
/// that aren't jobs) and a fourth gone, as fleet `prod`; the clock of the first capture.
fn three_captures_and_one_gone() -> ([RedisServer; 3], Gone, Fleet, f64) {
    let servers = [
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
    ];
    let now = servers[0].load("incident").captured_at;
    servers[1].load("history");
    servers[2].load("unparseable");
    let gone = Gone::new();
    let file = fleet(&[
        ("prod-a", servers[0].url()),
        ("prod-b", servers[1].url()),
        ("prod-c", servers[2].url()),
        ("prod-d", gone.url()),
    ]);
    (servers, gone, file, now)
}

/// Two shards holding what the real gem left (`first`, `second`) and a third gone, as fleet
/// `prod` (prod-a, prod-b, prod-c); each capture's clock.
fn two_captures_and_one_gone(
    first: &str,
    second: &str,
) -> ([RedisServer; 2], Gone, Fleet, [f64; 2]) {
    let servers = [RedisServer::start(), RedisServer::start()];
    let clocks = [
        servers[0].load(first).captured_at,
        servers[1].load(second).captured_at,
    ];
    let gone = Gone::new();
    let file = fleet(&[
        ("prod-a", servers[0].url()),
        ("prod-b", servers[1].url()),
        ("prod-c", gone.url()),
    ]);
    (servers, gone, file, clocks)
}

/// What `stats --json` of one shard says, but what changes between two reads (the server's
/// own uptime, memory and clients).
fn steady(stats: &Value) -> Value {
    let mut stats = stats.clone();
    stats.as_object_mut().unwrap().remove("redis");
    stats
}

/// What `view` (`dead list --all`, `history --all --oldest-first` …) lists on each of `shards`
/// alone (`--ndjson`), merged as a list across the fleet merges it: by score (the lowest
/// first with `--oldest-first`), a tie to the earlier shard; as (shard, jid).
fn merged_alone(file: &Fleet, now: f64, shards: &[&str], view: &[&str]) -> Vec<(String, String)> {
    let oldest = view.contains(&"--oldest-first");
    let mut all: Vec<(f64, usize, String, String)> = Vec::new();
    for (i, name) in shards.iter().enumerate() {
        let mut args = vec!["--context", name, "--ndjson"];
        args.extend(view);
        let r = file.run(now, &args);
        assert_eq!(r.code, 0, "{}", r.snapshot());
        for e in r.ndjson() {
            all.push((
                e["score"].as_f64().unwrap(),
                i,
                name.to_string(),
                e["jid"].as_str().unwrap().to_string(),
            ));
        }
    }
    all.sort_by(|x, y| {
        let by = if oldest {
            x.0.total_cmp(&y.0)
        } else {
            y.0.total_cmp(&x.0)
        };
        by.then(x.1.cmp(&y.1))
    });
    all.into_iter().map(|(_, _, s, j)| (s, j)).collect()
}

/// Each line of an `--ndjson` list across a fleet as (shard, jid).
fn shard_jids(r: &Run) -> Vec<(String, String)> {
    r.ndjson()
        .iter()
        .map(|e| {
            (
                e["shard"].as_str().unwrap().to_string(),
                e["jid"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn stats_across_a_fleet_sums_the_shards_and_names_the_one_it_cannot_read() {
    // Three shards holding what the real gem left (an outage, a leak hunt, orphaned jobs);
    // the fourth is gone (its socket with it).
    let a = RedisServer::start();
    let b = RedisServer::start();
    let c = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("memory");
    c.load("orphaned");
    let gone = Gone::new();
    let file = fleet(&[
        ("prod-a", a.url()),
        ("prod-b", b.url()),
        ("prod-c", c.url()),
        ("prod-d", gone.url()),
    ]);
    let before = [a.keyspace(), b.keyspace(), c.keyspace()];

    // Each shard alone, as `--context NAME` reads it.
    let alone: Vec<Value> = ["prod-a", "prod-b", "prod-c"]
        .iter()
        .map(|name| {
            let r = file.run(now, &["--context", name, "--json", "stats"]);
            assert_eq!(r.code, 0, "{}", r.snapshot());
            r.json()
        })
        .collect();

    let r = file.run(now, &["--fleet", "prod", "--json", "stats"]);
    assert_eq!(r.code, 7, "a shard unread is exit 7: {}", r.snapshot());
    assert!(
        r.stderr
            .contains("shard prod-d could not be read: cannot reach Redis"),
        "{}",
        r.stderr
    );
    let report = r.json();
    assert_eq!(report["fleet"], "prod");
    let shards = report["shards"].as_object().unwrap();
    let order: Vec<&str> = shards.keys().map(String::as_str).collect();
    assert_eq!(
        order,
        ["prod-a", "prod-b", "prod-c", "prod-d"],
        "the fleet's order"
    );
    for (name, one) in ["prod-a", "prod-b", "prod-c"].iter().zip(&alone) {
        assert_eq!(steady(&shards[*name]), steady(one), "{name} as read alone");
    }
    assert!(
        shards["prod-d"]["error"]
            .as_str()
            .unwrap()
            .contains("cannot reach Redis"),
        "{}",
        shards["prod-d"]
    );
    assert_eq!(report["unreadable"], serde_json::json!(["prod-d"]));
    let totals = &report["totals"];
    assert_eq!(totals["shards"], 4);
    assert_eq!(totals["shards_read"], 3);
    let sum = |field: &str| -> i64 { alone.iter().map(|s| s[field].as_i64().unwrap_or(0)).sum() };
    for field in [
        "processed",
        "failed",
        "enqueued",
        "scheduled",
        "retry",
        "dead",
        "busy",
        "processes",
        "threads",
    ] {
        assert_eq!(totals[field].as_i64().unwrap(), sum(field), "{field}");
    }
    assert!(
        sum("processed") > 0 && sum("dead") > 0,
        "the fixtures hold work"
    );

    // The table: a row per shard, the unread one with why, and the fleet's totals.
    let r = file.run(now, &["--fleet", "prod", "stats"]);
    assert_eq!(r.code, 7, "{}", r.snapshot());
    assert!(
        r.stdout.starts_with("Fleet prod · 3 of 4 shards read\n"),
        "{}",
        r.stdout
    );
    let rows: Vec<&str> = r.stdout.lines().collect();
    assert!(rows[1].starts_with("SHARD"), "{}", r.stdout);
    for name in ["prod-a", "prod-b", "prod-c"] {
        assert!(
            rows.iter()
                .any(|l| l.starts_with(name) && l.contains("unix://")),
            "{name}: {}",
            r.stdout
        );
    }
    assert!(
        rows.iter()
            .any(|l| l.starts_with("prod-d") && l.contains("unreadable:")),
        "{}",
        r.stdout
    );
    let fleet_row = rows.iter().find(|l| l.starts_with("fleet")).unwrap();
    let dead = cogctl::text::size::count(sum("dead") as u64);
    assert!(fleet_row.contains(&dead), "{dead} in {fleet_row}");

    // Every shard up: `--context a,b` names a fleet of its own, exit 0; a Redis the
    // environment names is not used, and that is said.
    let r = file
        .cogctl(now)
        .env("COGCTL_REDIS_URL", "redis://127.0.0.1:1/0")
        .args(["--context", "prod-a,prod-c", "--json", "stats"])
        .run();
    assert!(
        r.stderr.contains(
            "note: $COGCTL_REDIS_URL ignored: fleet prod-a,prod-c names its shards' Redis"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let report = r.json();
    assert_eq!(report["fleet"], "prod-a,prod-c");
    assert_eq!(
        report["totals"]["dead"].as_i64().unwrap(),
        alone[0]["dead"].as_i64().unwrap() + alone[2]["dead"].as_i64().unwrap()
    );

    // Reads only.
    assert_eq!([a.keyspace(), b.keyspace(), c.keyspace()], before);
}

#[test]
fn queues_across_a_fleet_name_each_rows_shard() {
    let (_servers, _gone, file, [now, _]) = two_captures_and_one_gone("incident", "periodic");
    // Each shard alone.
    let mut expected: Vec<(String, String, i64)> = Vec::new();
    for name in ["prod-a", "prod-b"] {
        let r = file.run(now, &["--context", name, "--json", "queues"]);
        assert_eq!(r.code, 0, "{}", r.snapshot());
        for q in r.json()["queues"].as_array().unwrap() {
            expected.push((
                q["name"].as_str().unwrap().to_string(),
                name.to_string(),
                q["size"].as_i64().unwrap(),
            ));
        }
    }
    expected.sort();
    assert!(expected.len() > 2, "the fixtures hold queues: {expected:?}");

    let r = file.run(now, &["--fleet", "prod", "--json", "queues"]);
    assert_eq!(r.code, 7, "{}", r.snapshot());
    assert!(
        r.stderr.contains("shard prod-c could not be read"),
        "{}",
        r.stderr
    );
    let report = r.json();
    let seen: Vec<(String, String, i64)> = report["queues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["name"].as_str().unwrap().to_string(),
                q["shard"].as_str().unwrap().to_string(),
                q["size"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(seen, expected, "every shard's queues, by name, then shard");
    assert!(report["shards"]["prod-c"]["error"].is_string());
    assert_eq!(report["unreadable"], serde_json::json!(["prod-c"]));

    // The table: a SHARD column after the queue's name.
    let r = file.run(now, &["--fleet", "prod", "queues"]);
    assert_eq!(r.code, 7);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "Fleet prod · 2 of 3 shards read");
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(header, ["QUEUE", "SHARD", "SIZE", "LATENCY", "PAUSED"]);
    for (line, (name, shard, _)) in lines[2..].iter().zip(&expected) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            (cells[0], cells[1]),
            (name.as_str(), shard.as_str()),
            "{line}"
        );
    }
}

#[test]
fn check_across_a_fleet_fails_when_a_shard_fails_and_names_it() {
    // One shard with the outage's dead jobs, one with none.
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("periodic");
    let file = fleet(&[("prod-a", a.url()), ("prod-b", b.url())]);
    let dead_on = |name: &str| -> i64 {
        let r = file.run(now, &["--context", name, "--json", "stats"]);
        r.json()["dead"].as_i64().unwrap()
    };
    let (dead_a, dead_b) = (dead_on("prod-a"), dead_on("prod-b"));
    assert!(dead_a > dead_b, "{dead_a} {dead_b}");
    let limit = dead_b.to_string();

    // Each shard alone, then the fleet: the same checks, each naming its shard.
    let alone: Vec<Value> = ["prod-a", "prod-b"]
        .iter()
        .map(|name| {
            file.run(
                now,
                &["--context", name, "--json", "check", "--max-dead", &limit],
            )
            .json()
        })
        .collect();
    let r = file.run(
        now,
        &["--fleet", "prod", "--json", "check", "--max-dead", &limit],
    );
    assert_eq!(
        r.code,
        1,
        "a shard failing fails the fleet: {}",
        r.snapshot()
    );
    let report = r.json();
    assert_eq!(report["ok"], false);
    let checks = report["checks"].as_array().unwrap();
    let mut expected = Vec::new();
    for (name, one) in ["prod-a", "prod-b"].iter().zip(&alone) {
        for c in one["checks"].as_array().unwrap() {
            let mut c = c.clone();
            c["shard"] = Value::from(*name);
            expected.push(c);
        }
    }
    let mut seen: Vec<Value> = checks.clone();
    for v in seen.iter_mut().chain(expected.iter_mut()) {
        v.as_object_mut().unwrap().sort_keys();
    }
    assert_eq!(seen, expected);
    let failed: Vec<&str> = checks
        .iter()
        .filter(|c| c["ok"] == false)
        .map(|c| c["shard"].as_str().unwrap())
        .collect();
    assert_eq!(failed, ["prod-a"]);
    assert_eq!(report["shards"]["prod-a"]["ok"], false);
    assert_eq!(report["shards"]["prod-b"]["ok"], true);

    // The table names the shard of each check.
    let r = file.run(now, &["--fleet", "prod", "check", "--max-dead", &limit]);
    assert_eq!(r.code, 1);
    let fail = r.stdout.lines().find(|l| l.contains("FAIL")).unwrap();
    let cells: Vec<&str> = fail.split_whitespace().collect();
    assert_eq!(&cells[..2], ["dead", "prod-a"], "{}", r.stdout);

    // Every check held: 0; a shard that can't be reached, the others holding: 7.
    let all = (dead_a + 1).to_string();
    let r = file.run(now, &["--fleet", "prod", "check", "--max-dead", &all]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let gone = Gone::new();
    let with_gone = fleet(&[("prod-a", a.url()), ("prod-c", gone.url())]);
    let r = with_gone.run(
        now,
        &["--fleet", "prod", "--json", "check", "--max-dead", &all],
    );
    assert_eq!(r.code, 7, "{}", r.snapshot());
    assert_eq!(r.json()["ok"], false, "a shard not checked is not a pass");
    assert!(
        r.stderr.contains("shard prod-c could not be read"),
        "{}",
        r.stderr
    );
    // A missing threshold is refused before any shard is read.
    let r = with_gone.run(now, &["--fleet", "prod", "check"]);
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(!r.stderr.contains("could not be read"), "{}", r.stderr);
}

#[test]
fn a_shard_that_stops_answering_never_hangs_the_fleet() {
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("periodic");
    // prod-b is behind a proxy that takes connections and then relays nothing; prod-c's
    // socket takes no connection at all (its backlog full, nothing accepted).
    let proxy = crate::proxy::Proxy::start(b.socket());
    let swamped = crate::support::Swamped::new();
    let file = fleet(&[
        ("prod-a", a.url()),
        ("prod-b", proxy.url()),
        ("prod-c", swamped.url()),
    ]);
    proxy.freeze();
    // Either shard would hold the fleet forever without its timeouts: the run ends (only a
    // hang misses HANG), and each shard's error names the 1 s it was given.
    let r = file
        .cogctl(now)
        .args([
            "--fleet",
            "prod",
            "--read-timeout",
            "1s",
            "--connect-timeout",
            "1s",
            "--json",
            "stats",
        ])
        .spawn()
        .wait(HANG);
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let report = r.json();
    assert_eq!(
        report["unreadable"],
        serde_json::json!(["prod-b", "prod-c"])
    );
    assert_eq!(report["totals"]["shards_read"], 1);
    assert!(report["shards"]["prod-a"]["dead"].as_i64().unwrap() > 0);
    assert!(
        r.stderr.contains("shard prod-b could not be read"),
        "{}",
        r.stderr
    );
    assert!(
        report["shards"]["prod-c"]["error"]
            .as_str()
            .unwrap()
            .contains("no answer within 1s (--connect-timeout): the socket takes no connection"),
        "{report}"
    );
    assert!(
        report["shards"]["prod-b"]["error"]
            .as_str()
            .unwrap()
            .contains("no answer within 1s"),
        "{report}"
    );
    // One Redis alone, as well: the connect timeout, exit 3.
    let r = Cogctl::bare()
        .args([
            "--redis-url",
            &swamped.url(),
            "--connect-timeout",
            "1s",
            "stats",
        ])
        .spawn()
        .wait(HANG);
    assert_eq!(r.code, 3, "{}", r.snapshot());
    assert!(
        r.stderr
            .contains("no answer within 1s (--connect-timeout): the socket takes no connection"),
        "{}",
        r.stderr
    );
    proxy.thaw();
}

#[test]
fn a_sets_list_across_a_fleet_is_merged_in_time_order_each_entry_naming_its_shard() {
    // The real gem's dead, retry and scheduled entries on three shards (one set holding
    // members that aren't jobs), and a fourth shard gone.
    let ([a, b, c], _gone, file, now) = three_captures_and_one_gone();
    let before = [a.keyspace(), b.keyspace(), c.keyspace()];
    for (set, order) in [
        ("dead", None),
        ("retry", None),
        ("scheduled", None),
        ("dead", Some("--oldest-first")),
    ] {
        // Each shard alone, merged here by score (a tie to the earlier shard).
        let mut view = vec![set, "list", "--all"];
        view.extend(order);
        let expected = merged_alone(&file, now, &["prod-a", "prod-b", "prod-c"], &view);
        assert!(!expected.is_empty(), "{set}");

        let mut args = vec!["--fleet", "prod", "--ndjson", set, "list", "--all"];
        args.extend(order);
        let r = file.run(now, &args);
        assert_eq!(r.code, 7, "{set}: {}", r.snapshot());
        assert!(
            r.stderr.contains("shard prod-d could not be read"),
            "{}",
            r.stderr
        );
        assert_eq!(shard_jids(&r), expected, "{set} {order:?}");
    }

    // The table: a SHARD column first, a page, and what it left out.
    let r = file.run(
        now,
        &[
            "--context",
            "prod-a,prod-b,prod-c",
            "dead",
            "list",
            "--limit",
            "4",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("SHARD   DIED"), "{}", r.stdout);
    assert_eq!(lines.len(), 6, "{}", r.stdout);
    assert!(
        lines[5].contains("… 11 more (--limit N or --all to see them)"),
        "3 + 2 + 10 dead: {}",
        r.stdout
    );
    for line in &lines[1..5] {
        assert!(line.starts_with("prod-"), "{line}");
    }
    // A filter applies on every shard.
    let r = file.run(
        now,
        &[
            "--context",
            "prod-a,prod-b,prod-c",
            "--ndjson",
            "dead",
            "list",
            "--all",
            "--class",
            "FailJob",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.ndjson().iter().all(|e| e["class"] == "FailJob"),
        "{}",
        r.stdout
    );
    assert_eq!(
        [a.keyspace(), b.keyspace(), c.keyspace()],
        before,
        "read only"
    );
}

#[test]
fn a_job_is_found_on_whichever_shard_holds_it() {
    let (_servers, _gone, file, [now, _]) = two_captures_and_one_gone("incident", "history");
    // A job of prod-b's dead set, as prod-b alone shows it.
    let jid = file
        .run(
            now,
            &["--context", "prod-b", "--ndjson", "dead", "list", "--all"],
        )
        .ndjson()[0]["jid"]
        .as_str()
        .unwrap()
        .to_string();
    let alone = file.run(now, &["--context", "prod-b", "--json", "job", &jid]);
    assert_eq!(alone.code, 0, "{}", alone.snapshot());

    let r = file.run(now, &["--fleet", "prod", "--json", "job", &jid]);
    assert_eq!(
        r.code,
        0,
        "found, though a shard is unread: {}",
        r.snapshot()
    );
    assert!(
        r.stderr.contains("shard prod-c could not be read"),
        "{}",
        r.stderr
    );
    let report = r.json();
    assert_eq!(report["found_on"], serde_json::json!(["prod-b"]));
    assert_eq!(report["shards"]["prod-b"], alone.json());
    assert_eq!(report["shards"]["prod-a"]["found"], false);
    assert!(report["shards"]["prod-c"]["error"].is_string());
    let r = file.run(now, &["--fleet", "prod", "job", &jid]);
    assert!(r.stdout.starts_with("Shard prod-b\n"), "{}", r.stdout);
    assert!(r.stdout.contains(&jid), "{}", r.stdout);

    // Nowhere: 1 when every shard was read, 7 when one could not be.
    let nobody = "0123456789abcdef01234567";
    let r = file.run(now, &["--context", "prod-a,prod-b", "job", nobody]);
    assert_eq!(r.code, 1, "{}", r.snapshot());
    assert!(
        r.stdout
            .contains("fleet prod-a,prod-b: on none of the 2 shards read"),
        "{}",
        r.stdout
    );
    let r = file.run(now, &["--fleet", "prod", "job", nobody]);
    assert_eq!(r.code, 7, "it may be on the shard unread: {}", r.snapshot());
}

/// `n` charges on billing enqueued with `retry: 0` and failed by a real worker: the dead set
/// holds them as the gem leaves them.
fn charges_died_n(server: &RedisServer, n: usize) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jobs.ndjson");
    let specs: String = (0..n)
        .map(|i| {
            format!(
                "{{\"class\":\"Billing::ChargeJob\",\"args\":[{i}],\"queue\":\"billing\",\"retry\":0}}\n"
            )
        })
        .collect();
    std::fs::write(&file, specs).unwrap();
    Cogctl::new(server)
        .args(["enqueue", "--from", file.to_str().unwrap(), "--no-undo"])
        .run()
        .success();
    let worker = Cogctl::new(server)
        .args(["worker", "--burst", "-q", "billing", "-c", "10"])
        .args(["--handler", "Billing::ChargeJob=builtin:fail"])
        .run();
    assert_eq!(worker.code, 1, "{}", worker.snapshot());
    assert_eq!(server.zset::<String, f64>("cogworker:dead").len(), n);
}

#[test]
fn a_fleet_change_is_paced_on_each_shard_at_once() {
    let servers = [RedisServer::start(), RedisServer::start()];
    for s in &servers {
        charges_died_n(s, 150);
    }
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", servers[1].url())]);
    let r = file
        .unpinned()
        .args([
            "--fleet", "prod", "--json", "dead", "retry", "--all", "--yes",
        ])
        .args(["--rate", "100/s", "--batch", "10"])
        .run();
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let report = r.json();
    assert_eq!(report["totals"]["done"], 300);
    // Each shard at 100/s: its 150 in 15 batches take more than a second.
    for shard in ["prod-a", "prod-b"] {
        assert_eq!(report["shards"][shard]["moved"], 150, "{report}");
        let took = report["shards"][shard]["elapsed_secs"].as_f64().unwrap();
        assert!(took >= 1.0, "{shard}: {took}");
    }
    // The two side by side, not one after the other: each shard's pushes (their fresh
    // enqueued_at) span the time of the other's, however slow the machine.
    let spans: Vec<(f64, f64)> = servers
        .iter()
        .map(|s| {
            let queue = s.list("cogworker:queue:billing");
            assert_eq!(queue.len(), 150);
            let at: Vec<f64> = queue
                .iter()
                .map(|raw| {
                    serde_json::from_str::<Value>(raw).unwrap()["enqueued_at"]
                        .as_f64()
                        .unwrap()
                })
                .collect();
            (
                at.iter().copied().fold(f64::INFINITY, f64::min),
                at.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            )
        })
        .collect();
    let (a, b) = (spans[0], spans[1]);
    assert!(
        a.0.max(b.0) < a.1.min(b.1),
        "prod-a pushed from {} to {}, prod-b from {} to {}: one after the other",
        a.0,
        a.1,
        b.0,
        b.1
    );
    for s in &servers {
        assert_eq!(s.zset::<String, f64>("cogworker:dead").len(), 0);
    }
}

#[test]
fn a_shard_lost_in_the_middle_of_a_fleet_list_is_named_and_the_rest_is_listed() {
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    // 300 charges on prod-b, died under a real worker.
    charges_died_n(&b, 300);
    // prod-b behind a proxy that cuts every connection after 60–120 kB of replies: the
    // list's first page of prod-b (100 entries) comes, a later one doesn't.
    let proxy = crate::proxy::Proxy::start(b.socket());
    proxy.set_cut(crate::proxy::Cut::AfterReplyBytes {
        bytes: 60_000,
        every: 1,
    });
    let fleet_file = fleet(&[("prod-a", a.url()), ("prod-b", proxy.url())]);
    let before = [a.keyspace(), b.keyspace()];
    let r = fleet_file.run(
        now,
        &["--fleet", "prod", "dead", "list", "--all", "--ndjson"],
    );
    assert_eq!(r.code, 7, "{}", r.snapshot());
    assert!(
        r.stderr.contains("shard prod-b could not be read"),
        "{}",
        r.stderr
    );
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let on = |shard: &str| lines.iter().filter(|l| l["shard"] == shard).count();
    // prod-b's newest deaths as far as they were read, never twice; then all of prod-a.
    assert!((100..300).contains(&on("prod-b")), "{}", on("prod-b"));
    assert_eq!(on("prod-a"), 3);
    let jids: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| l["jid"].as_str().unwrap()).collect();
    assert_eq!(jids.len(), lines.len(), "no entry twice");
    let times: Vec<f64> = lines.iter().map(|l| l["score"].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert_eq!([a.keyspace(), b.keyspace()], before, "nothing changed");
}

#[test]
fn triage_across_a_fleet_adds_up_each_shards_groups() {
    let (_servers, _gone, file, now) = three_captures_and_one_gone();
    for set in ["dead", "retry"] {
        // Each shard alone: its groups' counts, by fingerprint.
        let mut expected: std::collections::BTreeMap<String, Vec<(String, i64)>> =
            Default::default();
        let mut entries = 0;
        for name in ["prod-a", "prod-b", "prod-c"] {
            let r = file.run(now, &["--context", name, "--json", set, "triage"]);
            assert_eq!(r.code, 0, "{}", r.snapshot());
            let report = r.json();
            entries += report["entries"].as_i64().unwrap();
            for g in report["groups"].as_array().unwrap() {
                expected
                    .entry(g["fingerprint"].as_str().unwrap().to_string())
                    .or_default()
                    .push((name.to_string(), g["count"].as_i64().unwrap()));
            }
        }
        let r = file.run(now, &["--fleet", "prod", "--json", set, "triage"]);
        assert_eq!(r.code, 7, "{set}: {}", r.snapshot());
        assert!(
            r.stderr.contains("shard prod-d could not be read"),
            "{}",
            r.stderr
        );
        let report = r.json();
        assert_eq!(report["entries"].as_i64().unwrap(), entries, "{set}");
        let groups = report["groups"].as_array().unwrap();
        assert_eq!(groups.len(), expected.len(), "{set}: {report}");
        let mut share = 0.0;
        let mut commands = 0;
        for g in groups {
            let fingerprint = g["fingerprint"].as_str().unwrap();
            let mut on: Vec<(String, i64)> = g["shards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    (
                        s["name"].as_str().unwrap().to_string(),
                        s["count"].as_i64().unwrap(),
                    )
                })
                .collect();
            on.sort();
            let mut want = expected[fingerprint].clone();
            want.sort();
            assert_eq!(on, want, "{set} {fingerprint}");
            let count = g["count"].as_i64().unwrap();
            assert_eq!(count, want.iter().map(|(_, n)| n).sum::<i64>());
            // Every shard grouped over the same times: the timeline adds up to the count.
            let timeline: i64 = g["timeline"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_i64().unwrap())
                .sum();
            assert_eq!(timeline, count, "{set} {fingerprint}");
            // Its ready command acts on the whole fleet.
            if let Some(command) = g["command"].as_str() {
                assert!(command.starts_with("cogctl --fleet prod "), "{command}");
                commands += 1;
            }
            share += g["share"].as_f64().unwrap();
        }
        assert!(
            (share - 1.0).abs() < 1e-9,
            "{set}: shares add up to {share}"
        );
        assert!(
            commands > 0,
            "{set}: a group with a ready command: {report}"
        );
        assert!(report["shards"]["prod-d"]["error"].is_string());
    }

    // The table: a SHARDS column; a filter naming nothing on any shard is refused.
    let r = file.run(
        now,
        &["--context", "prod-a,prod-b,prod-c", "dead", "triage"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stdout
            .starts_with("Fleet prod-a,prod-b,prod-c · 3 of 3 shards read\n")
    );
    let header = r.stdout.lines().nth(2).unwrap();
    assert!(header.contains("COUNT  SHARE  SHARDS"), "{}", r.stdout);
    let r = file.run(
        now,
        &[
            "--context",
            "prod-a,prod-b,prod-c",
            "dead",
            "triage",
            "--class",
            "FailJb",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(r.stderr.contains("did you mean FailJob"), "{}", r.stderr);
}

#[test]
fn procs_across_a_fleet_name_each_process_shard() {
    let (_servers, _gone, file, [_, now]) = two_captures_and_one_gone("orphaned", "memory");
    for memory in [false, true] {
        let extra: &[&str] = if memory { &["--memory"] } else { &[] };
        // Each shard alone, in the fleet's order.
        let mut expected: Vec<Value> = Vec::new();
        for name in ["prod-a", "prod-b"] {
            let mut args = vec!["--context", name, "--json", "procs"];
            args.extend(extra);
            let r = file.run(now, &args);
            assert_eq!(r.code, 0, "{}", r.snapshot());
            for p in r.json()["processes"].as_array().unwrap() {
                let mut p = p.clone();
                p["shard"] = Value::from(name);
                expected.push(p);
            }
        }
        assert!(expected.len() >= 3, "{expected:?}");
        let mut args = vec!["--fleet", "prod", "--json", "procs"];
        args.extend(extra);
        let r = file.run(now, &args);
        assert_eq!(r.code, 7, "{}", r.snapshot());
        let report = r.json();
        // The presence key's TTL counts down between two reads: the rest is the same.
        let without_ttl = |list: &[Value]| -> Vec<Value> {
            list.iter()
                .map(|p| {
                    let mut p = p.clone();
                    p.as_object_mut().unwrap().remove("ttl_ms");
                    p
                })
                .collect()
        };
        assert_eq!(
            without_ttl(report["processes"].as_array().unwrap()),
            without_ttl(&expected),
            "--memory {memory}"
        );
        assert_eq!(report["unreadable"], serde_json::json!(["prod-c"]));

        // The table: a SHARD column first, each row's shard.
        let mut args = vec!["--fleet", "prod", "procs"];
        args.extend(extra);
        let r = file.run(now, &args);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines[0], "Fleet prod · 2 of 3 shards read");
        assert!(lines[1].starts_with("SHARD   IDENTITY"), "{}", r.stdout);
        for (line, p) in lines[2..].iter().zip(&expected) {
            let cells: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(cells[0], p["shard"].as_str().unwrap(), "{line}");
            assert_eq!(cells[1], p["identity"].as_str().unwrap(), "{line}");
        }
    }
}

#[test]
fn a_fleet_is_read_at_once_not_one_shard_after_the_other() {
    let shards: Vec<RedisServer> = (0..4).map(|_| RedisServer::start()).collect();
    // Each shard behind a proxy that holds every reply (a slow or distant primary, for as
    // long as the test says): read one after the other, the first would hold the others
    // back until it answered, so none of them would be asked meanwhile.
    let proxies: Vec<crate::proxy::Proxy> = shards
        .iter()
        .map(|s| crate::proxy::Proxy::start(s.socket()))
        .collect();
    let names = ["s1", "s2", "s3", "s4"];
    let file = fleet(
        &names
            .iter()
            .zip(&proxies)
            .map(|(n, p)| (*n, p.url()))
            .collect::<Vec<_>>(),
    );
    for p in &proxies {
        p.freeze();
    }
    let reading = file
        .cogctl(1.8e9)
        .args(["--fleet", "prod", "--json", "stats"])
        .args(["--connect-timeout", "10m", "--read-timeout", "10m"])
        .spawn();
    crate::support::wait_until(HANG, "every shard asked while none answers", || {
        proxies.iter().all(|p| p.accepted() > 0)
    });
    for p in &proxies {
        p.thaw();
    }
    let r = reading.wait(HANG);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["totals"]["shards_read"], 4);
}

#[test]
fn what_a_fleet_cannot_do_yet_is_refused_before_anything_is_read() {
    // (A change to a set across the fleet is made: tests below.)
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("incident");
    let file = fleet(&[("prod-a", a.url()), ("prod-b", b.url())]);
    let before = [a.keyspace(), b.keyspace()];
    for args in [
        &["--fleet", "prod", "queue", "pause", "default"][..],
        &["--fleet", "prod", "queue", "clear", "default", "--yes"],
        &["--context", "prod-a,prod-b", "dead", "export"],
        &["--fleet", "prod", "procs", "alive"],
        &["--fleet", "prod", "worker", "--burst"],
    ] {
        let r = file.run(now, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(
            r.stderr.contains("does not read across a fleet yet")
                && r.stderr.contains("--context NAME"),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(r.stdout, "", "{args:?}");
    }
    assert_eq!([a.keyspace(), b.keyspace()], before, "nothing changed");

    // The flags that name something else, and a fleet that isn't there.
    for (args, says) in [
        (&["--fleet", "nope", "stats"][..], "no fleet \"nope\""),
        (
            &["--fleet", "prod", "--context", "prod-a", "stats"],
            "--fleet and --context both name",
        ),
        (
            &[
                "--fleet",
                "prod",
                "--redis-url",
                "redis://127.0.0.1:1",
                "stats",
            ],
            "fleet prod and --redis-url both name a Redis",
        ),
        (
            &["--context", "prod-a,prod-x", "stats"],
            "no context \"prod-x\"",
        ),
    ] {
        let r = file.run(now, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn a_fleet_or_a_context_named_by_the_environment_gives_way_to_a_flag() {
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("memory");
    let file = fleet(&[("prod-a", a.url()), ("prod-b", b.url())]);
    let before = [a.keyspace(), b.keyspace()];
    let run = |env: &[(&str, &str)], args: &[&str]| {
        let mut c = file.cogctl(now);
        for (k, v) in env {
            c = c.env(k, v);
        }
        c.args(args).run()
    };
    let alone = run(&[], &["--context", "prod-a", "--json", "stats"]);
    assert_eq!(alone.code, 0, "{}", alone.snapshot());

    // $COGCTL_FLEET alone names the fleet, as --fleet does, and --shard narrows it.
    let r = run(&[("COGCTL_FLEET", "prod")], &["--json", "stats"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["fleet"], "prod");
    assert_eq!(r.json()["shards"].as_object().unwrap().len(), 2);
    let r = run(
        &[("COGCTL_FLEET", "prod")],
        &["--shard", "prod-b", "--json", "stats"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let shards = r.json()["shards"].as_object().unwrap().clone();
    assert_eq!(shards.keys().collect::<Vec<_>>(), ["prod-b"]);

    // A context on the command line outranks the fleet of the environment: that one Redis
    // is read, exactly as without the variable, and the variable is said to be ignored.
    let r = run(
        &[("COGCTL_FLEET", "prod")],
        &["--context", "prod-a", "--json", "stats"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    // (All but the server's memory, which the runs themselves move.)
    let counts = |mut v: Value| {
        v["redis"]["used_memory"] = Value::Null;
        v["redis"]["used_memory_peak"] = Value::Null;
        v
    };
    assert_eq!(counts(r.json()), counts(alone.json()));
    assert!(
        r.stderr
            .contains("note: $COGCTL_FLEET ignored: context prod-a names the Redis"),
        "{}",
        r.stderr
    );
    // … and so does a fleet of its own (`--context a,b`).
    let r = run(
        &[("COGCTL_FLEET", "prod")],
        &["--context", "prod-b,prod-a", "--json", "stats"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["fleet"], "prod-b,prod-a");
    assert!(r.stderr.contains("$COGCTL_FLEET ignored"), "{}", r.stderr);
    // A fleet on the command line outranks the context of the environment.
    let r = run(
        &[("COGCTL_CONTEXT", "prod-a")],
        &["--fleet", "prod", "--json", "stats"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["fleet"], "prod");
    assert!(
        r.stderr
            .contains("note: $COGCTL_CONTEXT ignored: fleet prod names its shards' Redis"),
        "{}",
        r.stderr
    );

    // Two of a kind are refused, naming both; so is a Redis named beside the variable's fleet.
    for (env, args, says) in [
        (
            &[("COGCTL_FLEET", "prod"), ("COGCTL_CONTEXT", "prod-a")][..],
            &["stats"][..],
            "$COGCTL_FLEET (prod) and $COGCTL_CONTEXT (prod-a) both name what to read",
        ),
        (
            &[("COGCTL_FLEET", "prod")],
            &["--redis-url", &a.url(), "stats"],
            "fleet prod ($COGCTL_FLEET) and --redis-url both name a Redis",
        ),
        (
            &[("COGCTL_FLEET", "prod")],
            &["--fleet", "prod", "--context", "prod-a", "stats"],
            "--fleet and --context both name what to read",
        ),
        (&[("COGCTL_FLEET", "nope")], &["stats"], "no fleet \"nope\""),
    ] {
        let r = run(env, args);
        assert_eq!(r.code, 2, "{env:?} {args:?}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{env:?} {args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{env:?} {args:?}");
    }
    assert_eq!([a.keyspace(), b.keyspace()], before, "nothing changed");
}

#[test]
fn each_shard_logs_in_with_its_own_contexts_password() {
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("memory");
    b.exec(&[&["CONFIG", "SET", "requirepass", "s3cretpw"]]);
    let file = fleet_of(&[
        ("prod-a", a.url(), ""),
        ("prod-b", b.url(), "password_env = \"PROD_B_PW\""),
    ]);
    let run = |pw: Option<&str>| {
        let mut c = file.cogctl(now);
        if let Some(pw) = pw {
            c = c.env("PROD_B_PW", pw);
        }
        c.args(["--fleet", "prod", "--json", "stats"]).run()
    };
    let r = run(Some("s3cretpw"));
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["totals"]["shards_read"], 2);
    assert!(r.json()["shards"]["prod-b"]["processes"].as_u64().unwrap() > 0);

    // A wrong one: that shard is not read, said why (never the password), the other is.
    let r = run(Some("wrongpw"));
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let why = r.json()["shards"]["prod-b"]["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(why.contains("password"), "{why}");
    assert!(!r.stdout.contains("wrongpw") && !r.stderr.contains("wrongpw"));
    assert_eq!(r.json()["totals"]["shards_read"], 1);

    // Its variable unset: the fleet's settings are wrong, nothing is read (exit 2).
    let r = run(None);
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(r.stderr.contains("$PROD_B_PW"), "{}", r.stderr);
    assert_eq!(r.stdout, "");
}

#[test]
fn busy_across_a_fleet_is_one_table_longest_running_first_each_job_naming_its_shard() {
    // A live worker mid-job, and a killed one whose workers hash outlived it (stale).
    let (_servers, _gone, file, [now, _]) = two_captures_and_one_gone("incident", "orphaned");
    let mut expected: Vec<Value> = Vec::new();
    let mut hidden = 0;
    for name in ["prod-a", "prod-b"] {
        let r = file.run(
            now,
            &["--context", name, "--json", "busy", "--include-stale"],
        );
        assert_eq!(r.code, 0, "{}", r.snapshot());
        for job in r.json()["jobs"].as_array().unwrap() {
            let mut job = job.clone();
            job.as_object_mut()
                .unwrap()
                .shift_insert(0, "shard".into(), Value::from(name));
            expected.push(job);
        }
        let r = file.run(now, &["--context", name, "--json", "busy"]);
        hidden += r.json()["hidden_stale"].as_u64().unwrap();
    }
    assert!(
        expected.iter().any(|j| j["stale"] == true) && expected.iter().any(|j| j["stale"] == false),
        "a live job and a stale entry: {expected:?}"
    );

    let r = file.run(
        now,
        &["--fleet", "prod", "--json", "busy", "--include-stale"],
    );
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let report = r.json();
    let jobs = report["jobs"].as_array().unwrap();
    // The same jobs, each with its shard …
    let key = |j: &Value| format!("{}/{}/{}", j["shard"], j["identity"], j["tid"]);
    let mut got: Vec<&Value> = jobs.iter().collect();
    got.sort_by_key(|j| key(j));
    let mut want: Vec<&Value> = expected.iter().collect();
    want.sort_by_key(|j| key(j));
    assert_eq!(got, want);
    // … longest-running first, across the shards.
    let started: Vec<f64> = jobs
        .iter()
        .map(|j| j["run_at"].as_f64().unwrap_or(f64::INFINITY))
        .collect();
    assert!(started.windows(2).all(|w| w[0] <= w[1]), "{started:?}");
    assert!(report["shards"]["prod-c"]["error"].is_string());
    assert_eq!(report["unreadable"], serde_json::json!(["prod-c"]));

    // Without --include-stale, the stale entries are counted, as on one Redis.
    let r = file.run(now, &["--fleet", "prod", "--json", "busy"]);
    assert_eq!(r.json()["hidden_stale"].as_u64().unwrap(), hidden);
    assert!(hidden > 0);

    // The table: the fleet's line, then a SHARD column first.
    let r = file.run(now, &["--fleet", "prod", "busy", "--include-stale"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "Fleet prod · 2 of 3 shards read", "{}", r.stdout);
    assert!(lines[1].starts_with("SHARD   PROCESS"), "{}", r.stdout);
    for (line, job) in lines[2..].iter().zip(jobs) {
        assert!(
            line.starts_with(job["shard"].as_str().unwrap()),
            "{line} / {job}"
        );
    }
}

#[test]
fn a_key_a_shard_cannot_read_is_named_with_its_shard() {
    // Two shards holding the same capture; on the second, the process registry is a string.
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("incident");
    let _: () = redis::cmd("SET")
        .arg("cogworker:processes")
        .arg("not a set")
        .query(&mut b.conn())
        .unwrap();
    let file = fleet(&[("prod-a", a.url()), ("prod-b", b.url())]);
    for view in ["busy", "procs"] {
        let r = file.run(now, &["--fleet", "prod", "--json", view]);
        assert_eq!(
            r.code,
            1,
            "a key that can't be read fails the run: {}",
            r.snapshot()
        );
        let problems = r.json()["problems"].clone();
        let problems = problems.as_array().unwrap();
        assert!(!problems.is_empty(), "{view}");
        for p in problems {
            assert_eq!(p["shard"], "prod-b", "{view}: {p}");
            assert_eq!(p["key"], "cogworker:processes", "{view}: {p}");
        }
        let r = file.run(now, &["--fleet", "prod", view]);
        assert_eq!(r.code, 1);
        assert!(
            r.stderr
                .contains("warning: shard prod-b: cogworker:processes: a string, not the set"),
            "{view}: {}",
            r.stderr
        );
    }
}

#[test]
fn orphans_unsettled_periodic_and_doctor_across_a_fleet_are_told_shard_by_shard() {
    let ([a, b], _gone, file, [_, now]) = two_captures_and_one_gone("periodic", "orphaned");
    let before = [a.keyspace(), b.keyspace()];
    for view in [
        &["orphans"][..],
        &["unsettled", "list"],
        &["periodic", "list"],
        &["doctor"],
    ] {
        // Each shard's own report, as `--context NAME` reads it, under its name.
        let r = file.run(now, &[&["--fleet", "prod", "--json"][..], view].concat());
        assert_eq!(r.code, 7, "{view:?}: {}", r.snapshot());
        assert!(
            r.stderr.contains("shard prod-c could not be read"),
            "{view:?}: {}",
            r.stderr
        );
        let report = r.json();
        assert_eq!(report["fleet"], "prod");
        assert_eq!(report["unreadable"], serde_json::json!(["prod-c"]));
        let shards = report["shards"].as_object().unwrap();
        let order: Vec<&str> = shards.keys().map(String::as_str).collect();
        assert_eq!(order, ["prod-a", "prod-b", "prod-c"], "{view:?}");
        for name in ["prod-a", "prod-b"] {
            let alone = file.run(now, &[&["--context", name, "--json"][..], view].concat());
            assert!(alone.code == 0 || alone.code == 1, "{}", alone.snapshot());
            let mut one = alone.json();
            let mut theirs = shards[name].clone();
            // What changes between two reads: what doctor reads of the server itself (its
            // memory, its round trips: each finding's verdict is compared), and a unique
            // lock's TTL counting down.
            for r in [&mut one, &mut theirs] {
                if let Some(findings) = r.get_mut("findings").and_then(Value::as_array_mut) {
                    for f in findings {
                        *f = serde_json::json!([f["id"], f["severity"]]);
                    }
                }
                if let Some(entries) = r.get_mut("entries").and_then(Value::as_array_mut) {
                    for e in entries {
                        if let Some(running) = e["running"].as_object_mut() {
                            running.remove("ttl");
                        }
                    }
                }
            }
            assert_eq!(theirs, one, "{view:?} on {name}");
        }
        assert!(shards["prod-c"]["error"].is_string(), "{view:?}");

        // --ndjson: a line a shard, its name first.
        let r = file.run(now, &[&["--fleet", "prod", "--ndjson"][..], view].concat());
        let lines: Vec<Value> = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3, "{view:?}: {}", r.stdout);
        for (line, name) in lines.iter().zip(["prod-a", "prod-b", "prod-c"]) {
            assert_eq!(line.as_object().unwrap().keys().next().unwrap(), "shard");
            assert_eq!(line["shard"], name);
        }
        assert!(lines[2]["error"].is_string());

        // The table: the fleet's line, then each shard under its name.
        let r = file.run(now, &[&["--fleet", "prod"][..], view].concat());
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines[0], "Fleet prod · 2 of 3 shards read", "{view:?}");
        let at = |name: &str| lines.iter().position(|l| *l == format!("Shard {name}"));
        let (pa, pb, pc) = (at("prod-a"), at("prod-b"), at("prod-c"));
        assert!(pa < pb && pb < pc && pa.is_some(), "{view:?}: {}", r.stdout);
        assert!(
            lines[pc.unwrap() + 1].starts_with("not read: cannot reach Redis"),
            "{}",
            r.stdout
        );
    }
    assert_eq!([a.keyspace(), b.keyspace()], before, "nothing changed");
}

/// `--fleet prod metrics --listen` on a free port, once it answers: the process, its base URL
/// and an HTTP client.
fn fleet_exporter(file: &Fleet, now: f64) -> (crate::support::Spawned, String, ureq::Agent) {
    let addr = format!("127.0.0.1:{}", crate::support::free_port());
    let exporter = file
        .cogctl(now)
        .args(["--fleet", "prod", "metrics", "--listen", &addr])
        .spawn();
    let base = format!("http://{addr}");
    let agent = crate::metrics::new_agent();
    crate::support::wait_until(HANG, "the exporter listens", || {
        agent.get(format!("{base}/healthz")).call().is_ok()
    });
    (exporter, base, agent)
}

#[test]
fn metrics_across_a_fleet_label_every_series_with_its_shard_once_and_served() {
    use crate::metrics::{get, http_get, parse, promtool};
    let (_servers, _gone, file, [now, _]) = two_captures_and_one_gone("incident", "orphaned");
    // What changes from one scrape to the next.
    let steady = |samples: Vec<crate::metrics::Sample>| -> Vec<String> {
        let mut v: Vec<String> = samples
            .into_iter()
            .filter(|s| s.name != "cogctl_scrape_duration_seconds")
            .map(|s| format!("{} {:?} {:?}", s.name, s.labels, s.value))
            .collect();
        v.sort();
        v
    };
    let mut expected = Vec::new();
    for name in ["prod-a", "prod-b"] {
        let r = file.run(now, &["--context", name, "metrics"]);
        assert_eq!(r.code, 0, "{}", r.snapshot());
        expected.extend(parse(&r.stdout).into_iter().map(|mut s| {
            s.labels.insert("shard".into(), name.into());
            s
        }));
    }
    assert!(expected.len() > 20);

    let r = file.run(now, &["--fleet", "prod", "metrics"]);
    assert_eq!(r.code, 7, "{}", r.snapshot());
    assert!(
        r.stderr.contains("shard prod-c could not be read"),
        "{}",
        r.stderr
    );
    let (ok, lint) = promtool(&["check", "metrics"], Some(&r.stdout));
    assert!(ok, "promtool check metrics: {lint}");
    let samples = parse(&r.stdout);
    assert!(samples.iter().all(|s| s.labels.contains_key("shard")));
    assert_eq!(
        get(&samples, "cogctl_up", &[("shard", "prod-c")]),
        Some(0.0)
    );
    let read: Vec<crate::metrics::Sample> = samples
        .into_iter()
        .filter(|s| s.labels["shard"] != "prod-c")
        .collect();
    assert_eq!(
        steady(read),
        steady(expected.clone()),
        "each shard as read alone"
    );

    // The exporter: one scrape reads every shard, each series labelled; a shard down is
    // `cogctl_up{shard=…} 0` and the rest is served.
    let (_exporter, base, agent) = fleet_exporter(&file, now);
    let (status, _, body) = http_get(&agent, &format!("{base}/metrics"));
    assert_eq!(status, 200, "{body}");
    let samples = parse(&body);
    assert_eq!(
        get(&samples, "cogctl_up", &[("shard", "prod-a")]),
        Some(1.0)
    );
    assert_eq!(
        get(&samples, "cogctl_up", &[("shard", "prod-b")]),
        Some(1.0)
    );
    assert_eq!(
        get(&samples, "cogctl_up", &[("shard", "prod-c")]),
        Some(0.0)
    );
    let served: Vec<crate::metrics::Sample> = samples
        .into_iter()
        .filter(|s| s.labels["shard"] != "prod-c")
        .collect();
    assert_eq!(steady(served), steady(expected));
    // Healthy while one shard answers: it says so as soon as one does, naming those that
    // had failed by then.
    let (status, _, body) = http_get(&agent, &format!("{base}/healthz"));
    assert_eq!(status, 200);
    assert!(
        body == "ok\n" || body.starts_with("ok, but not: shard prod-c: cannot reach Redis"),
        "{body}"
    );
}

#[test]
fn an_exporter_across_a_fleet_answers_in_time_while_a_shard_is_frozen() {
    use crate::metrics::{get, parse};
    let a = RedisServer::start();
    let b = RedisServer::start();
    let now = a.load("incident").captured_at;
    b.load("orphaned");
    // prod-b is behind a proxy that can stop relaying (a shard frozen, its connections open).
    let proxy = crate::proxy::Proxy::start(b.socket());
    let file = fleet(&[("prod-a", a.url()), ("prod-b", proxy.url())]);
    let (_exporter, base, agent) = fleet_exporter(&file, now);
    // A scrape as Prometheus sends it, with its timeout: status and body.
    let scrape = || {
        let mut r = agent
            .get(format!("{base}/metrics"))
            .header("X-Prometheus-Scrape-Timeout-Seconds", "2")
            .call()
            .unwrap();
        let body = r.body_mut().read_to_string().unwrap();
        (r.status().as_u16(), body)
    };
    let (status, body) = scrape();
    assert_eq!(status, 200, "{body}");
    let up = |body: &str, shard: &str| get(&parse(body), "cogctl_up", &[("shard", shard)]);
    assert_eq!(up(&body, "prod-b"), Some(1.0));
    let steady = |body: &str| -> Vec<String> {
        let mut v: Vec<String> = parse(body)
            .into_iter()
            .filter(|s| s.labels["shard"] == "prod-a" && s.name != "cogctl_scrape_duration_seconds")
            .map(|s| format!("{} {:?} {:?}", s.name, s.labels, s.value))
            .collect();
        v.sort();
        v
    };
    let prod_a = steady(&body);

    // Frozen, prod-b holds its reads until the 30 s read timeout; each scrape is still
    // answered within Prometheus' 2 s (what ended prod-b's part is the scrape's own
    // deadline, not the read timeout: said in the body), prod-a's series whole, prod-b down
    // and said why. (A second scrape may take the exporter whose read of prod-b is still
    // held, or another of its --concurrency 4, which tries prod-b afresh.)
    proxy.freeze();
    for (round, why) in [
        (1, "no answer within 1.8s, the time this scrape had"),
        (2, "no answer within 1.8s"),
    ] {
        let (status, body) = scrape();
        assert_eq!(status, 200, "round {round}: {body}");
        assert_eq!(up(&body, "prod-a"), Some(1.0), "round {round}");
        assert_eq!(up(&body, "prod-b"), Some(0.0), "round {round}: {body}");
        assert_eq!(steady(&body), prod_a, "round {round}");
        assert!(body.contains(why), "round {round}: {body}");
    }
    // The exporter's own scrapes are never held up (4 at once, each shard at most 4 times).
    let rounds: Vec<_> = (0..6).map(|_| scrape()).collect();
    for (status, body) in rounds {
        assert_eq!(status, 200, "{body}");
        assert_eq!(up(&body, "prod-a"), Some(1.0));
        assert!(body.contains("no answer within 1.8s"), "{body}");
    }
    // Healthy as soon as prod-a answers: before prod-b's PING has failed (it would, at
    // its read timeout, and be named).
    let mut r = agent.get(format!("{base}/healthz")).call().unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.body_mut().read_to_string().unwrap(), "ok\n");

    // Thawed, prod-b is read again once its held read is over.
    proxy.thaw();
    crate::support::wait_until(HANG, "prod-b is read again", || {
        up(&scrape().1, "prod-b") == Some(1.0)
    });
}

#[test]
fn shard_narrows_a_fleet_to_the_shards_it_names() {
    let (servers, _gone, file, now) = three_captures_and_one_gone();
    let r = file.run(
        now,
        &[
            "--fleet",
            "prod",
            "--shard",
            "prod-c,prod-a",
            "--json",
            "stats",
        ],
    );
    assert_eq!(r.code, 0, "the gone shard is not read: {}", r.snapshot());
    let report = r.json();
    let order: Vec<&str> = report["shards"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(order, ["prod-a", "prod-c"], "in the fleet's order");
    let dead: u64 = ["prod-a", "prod-c"]
        .iter()
        .map(|n| {
            let r = file.run(now, &["--context", n, "--json", "stats"]);
            r.json()["dead"].as_u64().unwrap_or(0)
        })
        .sum();
    assert_eq!(report["totals"]["dead"].as_u64().unwrap(), dead);

    let r = file.run(
        now,
        &["--fleet", "prod", "--shard", "prod-b", "dead", "list"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("SHARD "), "{}", r.stdout);
    assert!(lines.len() > 1, "{}", r.stdout);
    assert!(
        lines[1..].iter().all(|l| l.starts_with("prod-b ")),
        "{}",
        r.stdout
    );

    // What a narrowed run suggests stays narrowed.
    let r = file.run(
        now,
        &[
            "--fleet", "prod", "--shard", "prod-a", "--json", "dead", "triage",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let commands: Vec<String> = r.json()["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["command"].as_str().map(str::to_string))
        .collect();
    assert!(!commands.is_empty(), "{}", r.stdout);
    for c in &commands {
        assert!(
            c.starts_with("cogctl --fleet prod --shard prod-a dead "),
            "{c}"
        );
    }

    for (args, says) in [
        (
            &["--fleet", "prod", "--shard", "prod-x", "stats"][..],
            "fleet prod has no such shard (its shards: prod-a, prod-b, prod-c, prod-d)",
        ),
        (
            &["--context", "prod-a", "--shard", "prod-a", "stats"],
            "--shard narrows a fleet",
        ),
    ] {
        let r = file.run(now, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "");
    }
    drop(servers);
}

#[test]
fn a_fleet_naming_a_context_the_file_lacks_is_a_bad_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for (text, says) in [
        (
            "[contexts.a]\nredis_url = \"redis://x\"\n[fleets.prod]\ncontexts = [\"a\", \"b\"]\n",
            "fleet prod names the context \"b\", which it has no [contexts.b] for",
        ),
        (
            "[contexts.a]\nredis_url = \"redis://x\"\n[fleets.prod]\ncontexts = []\n",
            "fleet prod names no context",
        ),
        (
            "[contexts.a]\nredis_url = \"redis://x\"\n[fleets.prod]\ncontexts = [\"a\", \"a\"]\n",
            "fleet prod names the context a twice",
        ),
        (
            "[contexts.a]\nredis_url = \"redis://x\"\n[fleets.prod]\ncontexts = [\"a\"]\nshards = 2\n",
            "unknown field",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let r = Cogctl::bare()
            .env("COGCTL_CONFIG", path.to_str().unwrap())
            .args(["stats"])
            .run();
        assert_eq!(r.code, 2, "{text}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{text}: {}", r.stderr);
    }
}

/// The newest entry of cogctl's audit trail on `server`, its fields by name.
fn last_audit(server: &RedisServer) -> std::collections::HashMap<String, String> {
    let entries: Vec<(String, Vec<(String, String)>)> = redis::cmd("XREVRANGE")
        .arg("cogctl:audit")
        .arg("+")
        .arg("-")
        .arg("COUNT")
        .arg(1)
        .query(&mut server.conn())
        .unwrap();
    entries
        .into_iter()
        .next()
        .map(|(_, fields)| fields.into_iter().collect())
        .unwrap_or_default()
}

#[test]
fn a_change_across_a_fleet_is_one_dry_run_one_confirmation_one_undo() {
    use crate::undo::{Logical, assert_same};
    // Three shards whose charges died as a real worker leaves them; prod-b protected, prod-c
    // read-only; prod-d behind a proxy that stops answering.
    let servers = [
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
    ];
    for s in &servers[..3] {
        crate::support::charges_died(s);
    }
    servers[3].load("incident");
    let proxy = crate::proxy::Proxy::start(servers[3].socket());
    let file = fleet_of(&[
        ("prod-a", servers[0].url(), ""),
        ("prod-b", servers[1].url(), "protected = true"),
        ("prod-c", servers[2].url(), "read_only = true"),
        ("prod-d", proxy.url(), ""),
    ]);
    proxy.freeze();
    let now = cogctl::clock::Clock::system().current();
    let before: Vec<_> = servers.iter().map(|s| s.contents()).collect();
    let unchanged = |what: &str| {
        all_same(&servers, &before, what);
    };
    let fleet_run = |args: &[&str]| {
        let mut all = vec![
            "--fleet",
            "prod",
            "--read-timeout",
            "1s",
            "--connect-timeout",
            "1s",
        ];
        all.extend_from_slice(args);
        // The frozen shard would hold a run forever without its timeouts.
        file.cogctl(now).args(&all).spawn().wait(HANG)
    };

    // One dry run: the counts of each shard, the read-only one left out and said so, the
    // frozen one named; nothing changed anywhere.
    let dry = fleet_run(&["--json", "dead", "retry", "--all", "--dry-run"]);
    assert_eq!(dry.code, 7, "{}", dry.snapshot());
    let plan = dry.json();
    assert_eq!(plan["dry_run"], true);
    assert_eq!(plan["totals"]["matched"], 10);
    assert_eq!(plan["shards"]["prod-a"]["entries"], 5);
    assert_eq!(plan["shards"]["prod-b"]["entries"], 5);
    assert!(plan["shards"]["prod-d"]["error"].is_string(), "{plan}");
    assert_eq!(plan["not_changed"]["prod-c"], "read-only: left out");
    assert_eq!(plan["unreadable"], serde_json::json!(["prod-d"]));
    unchanged("after the dry run");
    // As people read it: each shard's plan names the undo that takes back the whole change.
    let text = fleet_run(&["dead", "retry", "--all", "--dry-run"]);
    assert!(
        text.stdout
            .contains("so that `cogctl --fleet prod undo` can take it back")
            && !text.stdout.contains("`cogctl undo`"),
        "{}",
        text.stdout
    );
    unchanged("after the dry run read as text");

    // No terminal and no --yes: refused. --yes alone on a fleet with a protected shard:
    // refused, naming it. --confirm-context naming another shard: refused.
    for (args, says) in [
        (&["dead", "retry", "--all"][..], "pass --yes"),
        (
            &["dead", "retry", "--all", "--yes"],
            "needs --confirm-context prod-b",
        ),
        (
            &[
                "dead",
                "retry",
                "--all",
                "--yes",
                "--confirm-context",
                "prod-a",
            ],
            "shard prod-b of fleet prod is protected",
        ),
    ] {
        let r = fleet_run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("retry 10 entries of cogworker:dead across fleet prod (prod-a 5, prod-b 5); not changed: prod-c: read-only: left out, prod-d: could not be read")
            || !says.contains("--yes"), "{}", r.stderr);
    }
    unchanged("after the refusals");

    // The change: each shard with today's scripts, one audit entry each, tied by one id.
    let r = fleet_run(&[
        "--json",
        "dead",
        "retry",
        "--all",
        "--yes",
        "--confirm-context",
        "prod-b",
    ]);
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let report = r.json();
    let id = report["change"].as_str().unwrap().to_string();
    assert!(id.starts_with("u-"), "{report}");
    assert_eq!(report["totals"]["done"], 10);
    for shard in ["prod-a", "prod-b"] {
        assert_eq!(report["shards"][shard]["moved"], 5, "{report}");
        assert!(report["shards"][shard]["audit"].is_string(), "{report}");
    }
    assert_eq!(report["not_changed"]["prod-c"], "read-only: left out");
    assert!(
        r.stderr.contains(&format!(
            "`cogctl --fleet prod undo {id}` takes this change back"
        )),
        "{}",
        r.stderr
    );
    for (i, server) in servers[..2].iter().enumerate() {
        assert_eq!(server.zset::<String, f64>("cogworker:dead").len(), 0);
        assert_eq!(server.list("cogworker:queue:billing").len(), 5);
        let audit = last_audit(server);
        assert_eq!(audit["command"], "dead retry");
        assert_eq!(audit["fleet"], "prod");
        assert_eq!(audit["fleet_change"], id);
        assert_eq!(audit["undo"], id);
        assert_eq!(audit["context"], ["prod-a", "prod-b"][i]);
        assert_eq!(audit["done"], "5");
    }
    assert_same(&before[2], &servers[2].contents(), "the read-only shard");
    assert!(!last_audit(&servers[2]).contains_key("fleet"));
    assert_same(&before[3], &servers[3].contents(), "the frozen shard");

    // Taken back on every shard by the one id; Redis as before, key for key.
    let u = fleet_run(&[
        "--json",
        "undo",
        &id,
        "--yes",
        "--confirm-context",
        "prod-b",
    ]);
    assert_eq!(u.code, 7, "{}", u.snapshot());
    let undone = u.json();
    assert_eq!(undone["totals"]["done"], 10, "{undone}");
    unchanged("after the fleet's undo");
    let undo_id = undone["change"].as_str().unwrap().to_string();
    for server in &servers[..2] {
        let audit = last_audit(server);
        assert_eq!(audit["command"], "undo");
        assert_eq!(audit["fleet_change"], undo_id);
    }
    // Twice: nothing to take back, said shard by shard; nothing changed.
    let again = fleet_run(&["undo", &id, "--yes", "--confirm-context", "prod-b"]);
    assert_eq!(again.code, 1, "{}", again.snapshot());
    assert!(
        again.stderr.contains("on prod-a, `dead retry`"),
        "{}",
        again.stderr
    );
    assert!(
        again.stderr.contains("was undone already"),
        "{}",
        again.stderr
    );
    unchanged("after undoing twice");
    proxy.thaw();
}

#[test]
fn jids_named_across_a_fleet_are_acted_on_where_each_is() {
    let servers = [RedisServer::start(), RedisServer::start()];
    for s in &servers {
        crate::support::charges_died(s);
    }
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", servers[1].url())]);
    let now = cogctl::clock::Clock::system().current();
    let jid_on = |s: &RedisServer| -> String {
        let members = s.zset::<String, f64>("cogworker:dead");
        let job: Value = serde_json::from_str(&members[0].0).unwrap();
        job["jid"].as_str().unwrap().to_string()
    };
    let (a, b) = (jid_on(&servers[0]), jid_on(&servers[1]));
    let r = file.run(
        now,
        &[
            "--fleet",
            "prod",
            "--json",
            "dead",
            "delete",
            &a,
            &b,
            "0123456789abcdef01234567",
            "--yes",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let report = r.json();
    assert_eq!(report["totals"]["done"], 2, "{report}");
    assert_eq!(report["shards"]["prod-a"]["moved"], 1);
    assert_eq!(report["shards"]["prod-b"]["moved"], 1);
    assert!(
        r.stderr
            .contains("0123456789abcdef01234567: not in cogworker:dead on any shard of fleet prod"),
        "{}",
        r.stderr
    );
    for (s, jid) in servers.iter().zip([&a, &b]) {
        let left = s.zset::<String, f64>("cogworker:dead");
        assert_eq!(left.len(), 4);
        assert!(left.iter().all(|(m, _)| !m.contains(jid.as_str())));
    }
    // A jid no shard holds: refused, nothing changed.
    let r = file.run(
        now,
        &[
            "--fleet",
            "prod",
            "dead",
            "delete",
            "0123456789abcdef01234567",
            "--yes",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(
        r.stderr
            .contains("no shard of fleet prod holds any of the jids"),
        "{}",
        r.stderr
    );

    // A fleet named by its contexts: the change, and the undo its note names, by that list.
    let before: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    let r = file.run(
        now,
        &[
            "--context",
            "prod-a,prod-b",
            "--json",
            "dead",
            "delete",
            "--all",
            "--yes",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let id = r.json()["change"].as_str().unwrap().to_string();
    assert!(
        r.stderr.contains(&format!(
            "`cogctl --context prod-a,prod-b undo {id}` takes this change back"
        )),
        "{}",
        r.stderr
    );
    let u = file.run(now, &["--context", "prod-a,prod-b", "undo", &id, "--yes"]);
    assert_eq!(u.code, 0, "{}", u.snapshot());
    let after: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    assert_eq!(before, after, "the delete and its undo");
}

/// A fleet-wide retry over four shards: prod-a protected, prod-s a Sentinel-managed primary
/// that fails over during the retry, prod-f behind the test proxy, frozen, and prod-r
/// read-only. prod-a is retried whole (its name given); prod-s's part stops where the
/// failover cut it, said with what it did, and on its new primary every job is dead or
/// queued, none both and none twice; prod-f and prod-r are left as they were, each said
/// why; the same command run again retries the rest.
#[test]
fn a_sentinel_failover_during_a_fleet_wide_retry_loses_and_doubles_nothing() {
    use crate::connect::SentinelSet;
    use std::collections::BTreeSet;
    let set = SentinelSet::start(5_000);
    let plain = RedisServer::start();
    crate::support::charges_died(&plain);
    let frozen = RedisServer::start();
    crate::support::charges_died(&frozen);
    let proxy = crate::proxy::Proxy::start(frozen.socket());
    let read_only = RedisServer::start();
    crate::support::charges_died(&read_only);
    let untouched = [frozen.keyspace(), read_only.keyspace()];
    // 300 charges that died on the Sentinel's primary, as a real worker leaves them.
    let scratch = tempfile::tempdir().unwrap();
    let specs: String = (0..300)
        .map(|i| {
            format!(
                "{{\"class\":\"Billing::ChargeJob\",\"args\":[{i}],\"queue\":\"billing\",\"retry\":0}}\n"
            )
        })
        .collect();
    let file = scratch.path().join("jobs.ndjson");
    std::fs::write(&file, specs).unwrap();
    set.cogctl()
        .args(["enqueue", "--from", file.to_str().unwrap(), "--no-undo"])
        .run()
        .success();
    let died = set
        .cogctl()
        .args([
            "worker",
            "--burst",
            "-c",
            "10",
            "-q",
            "billing",
            "--handler",
            "Billing::ChargeJob=builtin:fail",
        ])
        .run();
    assert_eq!(died.code, 1, "every charge failed: {}", died.snapshot());
    let jids_in = |port: &str, key: &str, list: bool| -> Vec<String> {
        let members: Vec<Vec<u8>> = if list {
            SentinelSet::query(port, redis::cmd("LRANGE").arg(key).arg(0).arg(-1)).unwrap()
        } else {
            SentinelSet::query(port, redis::cmd("ZRANGE").arg(key).arg(0).arg(-1)).unwrap()
        };
        members
            .iter()
            .map(|m| {
                let job: Value = serde_json::from_slice(m).unwrap();
                job["jid"].as_str().unwrap().to_string()
            })
            .collect()
    };
    let all: BTreeSet<String> = jids_in(&set.primary, "cogworker:dead", false)
        .into_iter()
        .collect();
    assert_eq!(all.len(), 300);
    crate::support::wait_until(HANG, "the replica in sync", || {
        jids_in(&set.replica, "cogworker:dead", false).len() == 300
    });
    let file = fleet_of(&[
        ("prod-a", plain.url(), "protected = true"),
        (
            "prod-s",
            String::new(),
            &format!(
                "sentinel = [\"{}\"]\nsentinel_master = \"cogmaster\"",
                set.sentinel()
            ),
        ),
        ("prod-f", proxy.url(), ""),
        ("prod-r", read_only.url(), "read_only = true"),
    ]);
    proxy.freeze();
    // (A context names its Redis once: the Sentinel's, not an empty URL.)
    let text = std::fs::read_to_string(&file.path).unwrap().replace(
        "[contexts.prod-s]\nredis_url = \"\"\n",
        "[contexts.prod-s]\n",
    );
    std::fs::write(&file.path, text).unwrap();
    let now = cogctl::clock::Clock::system().current();
    let retry = [
        "--fleet",
        "prod",
        "--read-timeout",
        "1s",
        "--connect-timeout",
        "1s",
        "--json",
        "dead",
        "retry",
        "--all",
        "--batch",
        "5",
        "--rate",
        "20",
        "--yes",
        "--confirm-context",
        "prod-a",
    ];
    let run = file.cogctl(now).args(retry).spawn();
    crate::support::wait_until(HANG, "a part to move", || {
        jids_in(&set.primary, "cogworker:dead", false).len() <= 280
    });
    set.fail_over();
    let run = run.wait(std::time::Duration::from_secs(120));
    assert_eq!(run.code, 7, "{}", run.snapshot());
    let report = run.json();
    assert_eq!(report["shards"]["prod-a"]["moved"], 5, "{report}");
    assert!(report["shards"]["prod-f"]["error"].is_string(), "{report}");
    assert_eq!(report["not_changed"]["prod-r"], "read-only: left out");
    assert_eq!(report["unreadable"], serde_json::json!(["prod-f"]));
    let part = &report["shards"]["prod-s"];
    assert!(part["stopped"].is_string(), "{report}");
    let moved = part["moved"].as_u64().unwrap();
    assert!((10..300).contains(&moved), "{report}");
    assert!(part["audit"].is_string() || part["audit"].is_null());
    assert_eq!(plain.zset::<String, f64>("cogworker:dead").len(), 0);

    // On the primary the Sentinel names now: each job dead or queued, none both, none twice.
    let primary_now = || -> String {
        let addr: Vec<String> = SentinelSet::query(
            &set.sentinel_port,
            redis::cmd("SENTINEL")
                .arg("GET-MASTER-ADDR-BY-NAME")
                .arg("cogmaster"),
        )
        .unwrap();
        addr[1].clone()
    };
    crate::support::wait_until(HANG, "the promotion", || primary_now() == set.replica);
    let check = |port: &str| {
        let dead = jids_in(port, "cogworker:dead", false);
        let queued = jids_in(port, "cogworker:queue:billing", true);
        let (d, q): (BTreeSet<_>, BTreeSet<_>) = (
            dead.iter().cloned().collect(),
            queued.iter().cloned().collect(),
        );
        assert_eq!(queued.len(), q.len(), "a job queued twice");
        assert!(d.is_disjoint(&q), "a job both dead and queued");
        assert_eq!(&d | &q, all, "a job lost");
        (d.len(), q.len())
    };
    check(&set.replica);

    // The same command again retries the rest on the new primary.
    crate::support::wait_until(HANG, "writes on the new primary", || {
        SentinelSet::query::<()>(&set.replica, redis::cmd("SET").arg("probe").arg("1")).is_ok()
    });
    let again = file.run(now, &retry);
    assert!(matches!(again.code, 0 | 7), "{}", again.snapshot());
    assert_eq!(
        again.json()["shards"]["prod-s"]["stopped"],
        Value::Null,
        "{}",
        again.stdout
    );
    assert_eq!(check(&set.replica), (0, 300));
    // The frozen shard and the read-only one, as they were, byte for byte.
    assert_eq!([frozen.keyspace(), read_only.keyspace()], untouched);
    proxy.thaw();
}

#[test]
fn an_incident_across_a_fleet_is_one_story_merging_what_hits_several_shards() {
    // Two shards in the same outage (the real gem's capture on each), one leaking memory,
    // one gone.
    let servers = [
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
    ];
    let now = servers[0].load("incident").captured_at;
    servers[1].load("incident");
    servers[2].load("memory");
    let gone = Gone::new();
    let file = fleet(&[
        ("prod-a", servers[0].url()),
        ("prod-b", servers[1].url()),
        ("prod-c", servers[2].url()),
        ("prod-d", gone.url()),
    ]);
    let before: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    let alone = file.run(now, &["--context", "prod-a", "--json", "incident"]);
    let alone = alone.json();
    let top = alone["findings"][0].clone();
    let top_id = top["id"].as_str().unwrap().to_string();

    let r = file.run(now, &["--fleet", "prod", "--json", "incident"]);
    // No finding fails on a shard read; one shard is not read: exit 7.
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let story = r.json();
    let findings = story["findings"].as_array().unwrap();
    // The outage's top finding, merged: both shards named, their jobs added up, its
    // summary saying on how many.
    let merged = findings
        .iter()
        .find(|f| f["id"] == top_id.as_str())
        .unwrap();
    assert_eq!(merged["shards"], serde_json::json!(["prod-a", "prod-b"]));
    assert_eq!(
        merged["impact"].as_u64().unwrap(),
        2 * top["impact"].as_u64().unwrap()
    );
    assert_eq!(merged["on"]["prod-a"]["summary"], top["summary"]);
    assert!(
        merged["summary"].as_str().unwrap()
            == format!(
                "prod-a: {} · on 2 of 4 shards (prod-a, prod-b)",
                top["summary"].as_str().unwrap()
            ),
        "{merged}"
    );
    assert_eq!(merged["started_at"], top["started_at"]);
    for c in merged["commands"].as_array().unwrap() {
        let c = c.as_str().unwrap();
        assert!(
            c.starts_with("cogctl --fleet prod ") || c.starts_with("cogctl --context prod-a "),
            "{c}"
        );
    }
    // The shard that can't be read is a finding of its own; the rest is told.
    let unread = findings
        .iter()
        .find(|f| f["id"] == "shard_unreadable:prod-d")
        .unwrap();
    assert_eq!(unread["kind"], "redis");
    assert_eq!(unread["severity"], "fail");
    assert!(story["shards"]["prod-d"]["error"].is_string());
    assert_eq!(story["unreadable"], serde_json::json!(["prod-d"]));
    assert!(story["shards"]["prod-c"]["findings"].as_u64().unwrap() > 0);
    assert!(
        findings
            .iter()
            .any(|f| f["shards"] == serde_json::json!(["prod-c"])),
        "the leak's findings are prod-c's: {story}"
    );
    let headline = story["headline"].as_str().unwrap();
    assert!(
        headline.starts_with(merged["summary"].as_str().unwrap())
            && headline.ends_with("; not read: prod-d"),
        "{story}"
    );
    assert!(
        story["timeline"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["shard"] == "prod-a, prod-b"),
        "the same event on both shards is one line: {story}"
    );

    // For people, and to paste: the same story.
    let table = file.run(now, &["--fleet", "prod", "incident"]);
    assert_eq!(table.code, 7);
    assert!(
        table
            .stdout
            .starts_with("Fleet prod · 3 of 4 shards read\n"),
        "{}",
        table.stdout
    );
    assert!(table.stdout.contains("on 2 of 4 shards (prod-a, prod-b)"));
    assert!(
        table.stderr.contains("shard prod-d could not be read"),
        "{}",
        table.stderr
    );
    let md = file.run(
        now,
        &["--fleet", "prod", "--format", "markdown", "incident"],
    );
    assert_eq!(md.code, 7);
    assert!(md.stdout.starts_with("### "), "{}", md.stdout);
    assert!(md.stdout.contains("| time | ago | shard | event |"));
    let lines = file.run(now, &["--fleet", "prod", "--ndjson", "incident"]);
    assert_eq!(lines.ndjson().len(), findings.len());
    let after: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    assert_eq!(before, after, "incident reads only");
}

#[test]
fn the_same_failure_pattern_on_several_shards_is_one_finding_naming_them() {
    // Charges that died on two shards, failed by a real worker on each: the same pattern.
    let servers = [
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
    ];
    crate::support::charges_died(&servers[0]);
    crate::support::charges_died(&servers[2]);
    let file = fleet(&[
        ("prod-a", servers[0].url()),
        ("prod-b", servers[1].url()),
        ("prod-c", servers[2].url()),
    ]);
    let now = cogctl::clock::Clock::system().current();
    let r = file.run(now, &["--fleet", "prod", "--json", "incident"]);
    let story = r.json();
    let pattern = story["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| {
            f["evidence"].is_null() && f["on"]["prod-a"]["evidence"]["fingerprint"].is_string()
        })
        .unwrap_or_else(|| panic!("a failure pattern: {story}"));
    assert_eq!(
        pattern["shards"],
        serde_json::json!(["prod-a", "prod-c"]),
        "{pattern}"
    );
    assert!(
        pattern["summary"]
            .as_str()
            .unwrap()
            .contains("Billing::ChargeJob"),
        "{pattern}"
    );
    assert!(
        pattern["summary"]
            .as_str()
            .unwrap()
            .ends_with("· on 2 of 3 shards (prod-a, prod-c)"),
        "{pattern}"
    );
    let fingerprint = pattern["on"]["prod-a"]["evidence"]["fingerprint"]
        .as_str()
        .unwrap();
    assert_eq!(
        pattern["on"]["prod-c"]["evidence"]["fingerprint"],
        fingerprint
    );
    assert!(
        pattern["commands"].as_array().unwrap().iter().any(|c| c
            == &format!("cogctl --fleet prod dead retry --fingerprint {fingerprint} --dry-run")),
        "{pattern}"
    );
}

#[test]
fn history_across_a_fleet_is_merged_in_time_order_and_its_longest_runs_are_the_fleets() {
    // The real gem's History on prod-a; runs recorded by a real worker on prod-b; prod-c gone.
    let servers = [RedisServer::start(), RedisServer::start()];
    let now = servers[0].load("history").captured_at;
    for i in 0..5 {
        crate::support::Cogctl::new(&servers[1])
            .args([
                "enqueue",
                "Billing::ChargeJob",
                &i.to_string(),
                "--queue",
                "billing",
            ])
            .run()
            .success();
    }
    let worked = crate::support::Cogctl::new(&servers[1])
        .args([
            "worker",
            "--burst",
            "--history",
            "-q",
            "billing",
            "--handler",
            "Billing::ChargeJob=builtin:sleep",
        ])
        .run();
    assert_eq!(worked.code, 0, "{}", worked.snapshot());
    let gone = Gone::new();
    let file = fleet(&[
        ("prod-a", servers[0].url()),
        ("prod-b", servers[1].url()),
        ("prod-c", gone.url()),
    ]);
    let before: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    for extra in [&[][..], &["--oldest-first"], &["--status", "failed"]] {
        let mut view = vec!["history", "--all"];
        view.extend(extra);
        let expected = merged_alone(&file, now, &["prod-a", "prod-b"], &view);
        assert!(!expected.is_empty(), "{extra:?}");
        let mut args = vec!["--fleet", "prod", "--ndjson", "history", "--all"];
        args.extend(extra);
        let r = file.run(now, &args);
        assert_eq!(r.code, 7, "{extra:?}: {}", r.snapshot());
        assert!(
            r.stderr.contains("shard prod-c could not be read"),
            "{}",
            r.stderr
        );
        assert_eq!(shard_jids(&r), expected, "{extra:?}");
    }
    // The fleet's 5 longest runs: the 5 longest of the shards' together.
    let mut durations: Vec<(f64, String)> = Vec::new();
    for name in ["prod-a", "prod-b"] {
        let r = file.run(now, &["--context", name, "--ndjson", "history", "--all"]);
        for e in r.ndjson() {
            durations.push((e["duration"].as_f64().unwrap_or(-1.0), name.to_string()));
        }
    }
    durations.sort_by(|x, y| y.0.total_cmp(&x.0));
    let r = file.run(
        now,
        &[
            "--fleet", "prod", "--json", "history", "--sort", "duration", "--limit", "5",
        ],
    );
    assert_eq!(r.code, 7, "{}", r.snapshot());
    let longest: Vec<f64> = r
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["duration"].as_f64().unwrap_or(-1.0))
        .collect();
    let want: Vec<f64> = durations.iter().take(5).map(|d| d.0).collect();
    assert_eq!(longest, want);
    // A table names each run's shard.
    let t = file.run(now, &["--fleet", "prod", "history", "--limit", "3"]);
    assert!(t.stdout.starts_with("SHARD"), "{}", t.stdout);
    let after: Vec<_> = servers.iter().map(|s| s.keyspace()).collect();
    assert_eq!(before, after, "history reads only");
}

#[test]
fn a_view_across_a_fleet_can_be_watched() {
    let ([a, b], _gone, file, [now, _]) = two_captures_and_one_gone("incident", "memory");
    let before = [a.keyspace(), b.keyspace()];
    for view in [
        &["stats"][..],
        &["queues"],
        &["busy"],
        &["dead", "list"],
        &["history"],
        &["orphans"],
    ] {
        let mut args = vec!["--fleet", "prod", "--json"];
        args.extend(view);
        args.extend(["--watch=100ms", "--watch-count", "2"]);
        let r = file.run(now, &args);
        assert_eq!(r.code, 0, "{view:?}: {}", r.snapshot());
        // Every refresh printed in full (no terminal): two documents, each the fleet's.
        let docs: Vec<Value> = serde_json::Deserializer::from_str(&r.stdout)
            .into_iter::<Value>()
            .map(Result::unwrap)
            .collect();
        assert_eq!(docs.len(), 2, "{view:?}: {}", r.stdout);
        assert!(
            r.stderr.matches("shard prod-c could not be read").count() >= 2,
            "{view:?}: each refresh names the shard it can't read: {}",
            r.stderr
        );
    }
    assert_eq!([a.keyspace(), b.keyspace()], before);
}

/// At a terminal: the one question with every shard's count, then the protected shard's
/// name typed; and a watched view across the fleet on one screen.
#[test]
fn at_a_terminal_a_fleet_change_asks_once_and_has_the_protected_shards_name_typed() {
    let servers = [RedisServer::start(), RedisServer::start()];
    for s in &servers {
        crate::support::charges_died(s);
    }
    let file = fleet_of(&[
        ("prod-a", servers[0].url(), ""),
        ("prod-b", servers[1].url(), "protected = true"),
    ]);
    let config = file.path.to_str().unwrap();
    let mut tty = crate::pty::Pty::spawn(
        &["--fleet", "prod", "dead", "retry", "--all"],
        40,
        160,
        &[("COGCTL_CONFIG", config)],
    );
    tty.wait_screen("the question", |s| {
        s.contains("retry 10 entries of cogworker:dead across fleet prod (prod-a 5, prod-b 5)?")
    });
    tty.send("y");
    tty.wait_screen("the protected shard's name", |s| {
        s.contains(
            "context prod-b is protected: type its name to run `dead retry` across fleet prod",
        )
    });
    tty.send("prod-b\r");
    let screen = tty.wait_screen("the summary", |s| s.contains("`cogctl --fleet prod undo"));
    assert!(
        screen.contains("Fleet prod · retried 10 entries of cogworker:dead (prod-a 5, prod-b 5)"),
        "{screen}"
    );
    assert_eq!(tty.wait_exit(), 0);
    for s in &servers {
        assert_eq!(s.list("cogworker:queue:billing").len(), 5);
    }

    // A watched view: one screen, its header naming the fleet.
    let mut tty = crate::pty::Pty::spawn(
        &["--fleet", "prod", "queues", "--watch=200ms"],
        30,
        160,
        &[("COGCTL_CONFIG", config)],
    );
    let screen = tty.wait_screen("the watched fleet", |s| {
        s.contains("fleet prod") && s.contains("prod-a") && s.contains("prod-b")
    });
    assert!(screen.contains("billing"), "{screen}");
    tty.send("q");
    assert_eq!(tty.wait_exit(), 0);
}

#[test]
fn every_change_across_a_fleet_is_taken_back_byte_for_byte_by_its_one_id() {
    use crate::undo::Logical;
    // The real gem's retry, dead and scheduled entries on two shards.
    let servers = [RedisServer::start(), RedisServer::start()];
    let now = servers[0].load("incident").captured_at;
    servers[1].load("unique");
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", servers[1].url())]);
    let mut undone = Vec::new();
    for change in [
        &["retry", "kill", "--all", "--yes"][..],
        &["retry", "delete", "--all", "--yes"],
        &["retry", "reschedule", "--all", "--in", "1h", "--yes"],
        &["retry", "retry", "--all", "--yes"],
        &["scheduled", "reschedule", "--all", "--in", "2h", "--yes"],
        &["scheduled", "enqueue-now", "--all", "--yes"],
        &["scheduled", "delete", "--all", "--yes"],
        &["dead", "delete", "--all", "--yes"],
        &["dead", "retry", "--all", "--yes"],
    ] {
        let before: Vec<_> = servers.iter().map(|s| s.contents()).collect();
        let mut args = vec!["--fleet", "prod", "--json"];
        args.extend(change);
        let r = file.run(now, &args);
        assert!(matches!(r.code, 0 | 4), "{change:?}: {}", r.snapshot());
        let report = r.json();
        let done = report["totals"]["done"].as_u64().unwrap();
        if done == 0 {
            // Nothing of it on either shard: nothing kept, nothing to take back.
            assert_eq!(report["change"], "", "{change:?}: {report}");
            continue;
        }
        let id = report["change"].as_str().unwrap().to_string();
        let changed: Vec<_> = servers.iter().map(|s| s.contents()).collect();
        assert_ne!(changed, before, "{change:?} changed something");
        let u = file.run(now, &["--fleet", "prod", "--json", "undo", &id, "--yes"]);
        assert_eq!(u.code, 0, "{change:?}: {}", u.snapshot());
        assert_eq!(
            u.json()["totals"]["done"].as_u64().unwrap(),
            done,
            "{change:?}"
        );
        all_same(&servers, &before, &format!("{change:?} and its undo"));
        // The undo is a change across the fleet too: taken back by its own id, the change
        // is made again, byte for byte; and that taken back leaves the fleet as before.
        let redo = u.json()["change"].as_str().unwrap().to_string();
        let r = file.run(now, &["--fleet", "prod", "--json", "undo", &redo, "--yes"]);
        assert_eq!(r.code, 0, "{change:?}: {}", r.snapshot());
        all_same(&servers, &changed, &format!("{change:?} undone twice"));
        let again = r.json()["change"].as_str().unwrap().to_string();
        let r = file.run(now, &["--fleet", "prod", "--json", "undo", &again, "--yes"]);
        assert_eq!(r.code, 0, "{change:?}: {}", r.snapshot());
        all_same(&servers, &before, &format!("{change:?} undone three times"));
        undone.push(change[..2].join(" "));
    }
    // Every change found something on the captured shards, and was taken back.
    assert_eq!(undone.len(), 9, "{undone:?}");
}

#[test]
fn one_shards_part_of_a_fleet_change_is_taken_back_only_where_that_shard_is_named() {
    use crate::undo::{Logical, assert_same};
    let servers = [RedisServer::start(), RedisServer::start()];
    let now = servers[0].load("incident").captured_at;
    servers[1].load("history");
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", servers[1].url())]);
    let before: Vec<_> = servers.iter().map(|s| s.contents()).collect();
    let r = file.run(
        now,
        &[
            "--fleet", "prod", "--json", "dead", "delete", "--all", "--yes",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let id = r.json()["change"].as_str().unwrap().to_string();
    let deleted: Vec<u64> = ["prod-a", "prod-b"]
        .iter()
        .map(|n| r.json()["shards"][n]["moved"].as_u64().unwrap())
        .collect();
    assert!(deleted.iter().all(|d| *d > 0), "{deleted:?}");
    let changed: Vec<_> = servers.iter().map(|s| s.contents()).collect();

    // Each shard lists its part under the change's one id, naming the fleet.
    let r = file.run(now, &["--context", "prod-b", "--json", "undo", "list"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let part = crate::support::find(&r.json(), "records", "id", &id).clone();
    assert_eq!(part["fleet"], "prod", "{part}");
    assert_eq!(part["context"], "prod-b", "{part}");
    let r = file.run(now, &["--fleet", "prod", "--json", "undo", "list"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    for shard in ["prod-a", "prod-b"] {
        let records = &r.json()["shards"][shard]["records"];
        assert_eq!(records[0]["id"], id.as_str(), "{shard}: {records}");
        assert_eq!(records[0]["fleet"], "prod", "{shard}");
        assert_eq!(records[0]["context"], shard);
    }

    // Reached without naming the shard (a URL, as a default context would), the part is
    // not taken back alone: both ways are named, and nothing changes.
    for args in [
        &["--redis-url", &servers[0].url(), "undo", &id, "--yes"][..],
        &["--redis-url", &servers[0].url(), "undo", &id, "--dry-run"],
        &[
            "--redis-url",
            &servers[0].url(),
            "undo",
            "last",
            "--anyone",
            "--yes",
        ],
    ] {
        let r = file.run(now, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.snapshot());
        assert!(
            r.stderr.contains(&format!(
                "{id} was made across fleet prod: `cogctl --fleet prod undo {id}` takes it back \
                 on every shard, or `cogctl --context NAME undo {id}` one shard's part only; \
                 nothing was changed"
            )),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(r.stdout, "");
    }
    all_same(&servers, &changed, "refused");

    // The fleet's dry run counts each shard's part and changes nothing.
    let r = file.run(
        now,
        &["--fleet", "prod", "--json", "undo", &id, "--dry-run"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["dry_run"], true);
    assert_eq!(
        r.json()["totals"]["matched"].as_u64().unwrap(),
        deleted.iter().sum::<u64>()
    );
    all_same(&servers, &changed, "a dry run");

    // Named, one shard's part is taken back alone, and the note says the rest is not.
    let r = file.run(
        now,
        &["--context", "prod-a", "--json", "undo", &id, "--yes"],
    );
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert!(
        r.stderr.contains(&format!(
            "note: {id} is one shard's part of a change across fleet prod: this takes back the \
             part on prod-a only; `cogctl --fleet prod undo {id}` takes it back on every shard"
        )),
        "{}",
        r.stderr
    );
    assert_same(&before[0], &servers[0].contents(), "prod-a's part undone");
    assert_same(&changed[1], &servers[1].contents(), "prod-b's part left");

    // Then the fleet's undo takes back what is left, and says prod-a's part was taken.
    let r = file.run(now, &["--fleet", "prod", "--json", "undo", &id, "--yes"]);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    assert_eq!(r.json()["totals"]["done"].as_u64().unwrap(), deleted[1]);
    all_same(&servers, &before, "every part undone");
    let again = file.run(now, &["--fleet", "prod", "--json", "undo", &id, "--yes"]);
    assert_eq!(again.code, 1, "{}", again.snapshot());
    all_same(&servers, &before, "undone once only");
    assert!(
        again.stderr.contains("nothing to undo: on prod-a,"),
        "{}",
        again.stderr
    );
    // What each shard's part says names the shard to take its undo back on.
    for shard in ["prod-a", "prod-b"] {
        assert!(
            again
                .stderr
                .contains(&format!("`cogctl --context {shard} undo u-")),
            "{}",
            again.stderr
        );
    }
}

#[test]
fn an_incident_watched_across_a_fleet_tells_a_shard_lost_and_back() {
    let servers = [RedisServer::start(), RedisServer::start()];
    let now = servers[0].load("incident").captured_at;
    servers[1].load("incident");
    // prod-b behind a proxy that stops answering, then answers again.
    let proxy = crate::proxy::Proxy::start(servers[1].socket());
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", proxy.url())]);
    proxy.freeze();
    let run = file
        .cogctl(now)
        .args([
            "--fleet",
            "prod",
            "--read-timeout",
            "500ms",
            "--connect-timeout",
            "500ms",
            "incident",
            "--watch=300ms",
            "--events",
            "--timeout",
            "6s",
        ])
        .spawn();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    proxy.thaw();
    let r = run.wait(HANG);
    assert_eq!(r.code, 0, "{}", r.snapshot());
    let events = r.ndjson();
    let of = |id: &str| -> Vec<String> {
        events
            .iter()
            .filter(|e| e["finding"] == id)
            .map(|e| e["event"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        of("shard_unreadable:prod-b"),
        ["open", "recovered"],
        "{}",
        r.stdout
    );
    // What both shards show is one finding, opened once and not told again when the
    // second shard's is merged into it; the shard's loss recovered with its own kind.
    assert_eq!(of("paused_backlog:mail-out"), ["open"], "{}", r.stdout);
    let back = events
        .iter()
        .find(|e| e["finding"] == "shard_unreadable:prod-b" && e["event"] == "recovered")
        .unwrap();
    assert_eq!(back["kind"], "redis");
}

/// Three daily reports enqueued on `server`'s `reports` queue, waiting.
fn reports_waiting(server: &RedisServer) {
    for i in 0..3 {
        let r = Cogctl::new(server)
            .args([
                "enqueue",
                "Reports::Daily",
                &i.to_string(),
                "--queue",
                "reports",
            ])
            .run();
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
}

/// SMEMBERS `key`, sorted.
fn members(server: &RedisServer, key: &str) -> Vec<String> {
    let mut m: Vec<String> = redis::cmd("SMEMBERS")
        .arg(key)
        .query(&mut server.conn())
        .unwrap();
    m.sort();
    m
}

#[test]
fn the_console_across_a_fleet_shows_every_shard_and_narrows_to_one() {
    // prod-a and prod-c hold the real gem's incident; prod-b (protected) charges a real
    // worker failed, and reports waiting; prod-c is read-only.
    let servers = [
        RedisServer::start(),
        RedisServer::start(),
        RedisServer::start(),
    ];
    servers[0].load("incident");
    servers[2].load("incident");
    crate::support::charges_died(&servers[1]);
    reports_waiting(&servers[1]);
    let file = fleet_of(&[
        ("prod-a", servers[0].url(), ""),
        ("prod-b", servers[1].url(), "protected = true"),
        ("prod-c", servers[2].url(), "read_only = true"),
    ]);
    let config = file.path.to_str().unwrap();
    let env = [("COGCTL_CONFIG", config)];

    // Without a terminal, refused as on one Redis.
    let r = file.run(0.0, &["--fleet", "prod", "top"]);
    assert_eq!(r.code, 2, "{}", r.snapshot());
    assert!(r.stderr.contains("must be a terminal"), "{}", r.stderr);

    let mut tui = crate::pty::Pty::spawn(
        &["--fleet", "prod", "top", "--interval", "250ms"],
        50,
        170,
        &env,
    );
    // Home: the fleet's totals, a row per shard, and every row with its shard.
    let home = tui.wait_screen("the fleet's home", |s| {
        s.contains("fleet prod (3 shards)")
            && s.contains("3 of 3 read")
            && s.contains("reports")
            && s.contains("mail-out")
    });
    assert!(home.contains("Shards (3)"), "{home}");
    assert!(home.contains("prod (all)"), "{home}");
    for shard in ["prod-a", "prod-b", "prod-c"] {
        assert!(home.contains(shard), "{shard}: {home}");
    }
    assert!(home.contains("SHARD"), "{home}");
    // The first queue row is prod-b's billing: p pauses it there, with prod-b's name typed.
    tui.send("p");
    tui.wait_screen("prod-b's name asked for", |s| {
        s.contains("context prod-b is protected: type its name")
    });
    tui.send("prod-b\r");
    tui.wait_screen("the pause", |s| s.contains("shard prod-b"));
    let paused = |s: &RedisServer| members(s, "cogworker:paused_queues");
    crate::support::wait_until(HANG, "billing paused on prod-b", || {
        paused(&servers[1]) == ["billing"]
    });
    assert!(!paused(&servers[0]).contains(&"billing".to_string()));
    // Its audit entry is prod-b's, naming its context.
    let audit = last_audit(&servers[1]);
    assert_eq!(
        audit.get("context").map(String::as_str),
        Some("prod-b"),
        "{audit:?}"
    );
    assert!(audit["command"].contains("pause"), "{audit:?}");

    // The queues view: one row per queue and shard.
    tui.send("2");
    let queues = tui.wait_screen("the queues", |s| {
        s.contains("cogctl › queues") && s.contains("SHARD") && s.contains("reports")
    });
    assert!(queues.contains("fleet prod"), "{queues}");
    // Enter on a row opens that queue on its shard.
    tui.send("G\r");
    tui.wait_screen("prod-b's reports queue", |s| {
        s.contains("reports · shard prod-b") && s.contains("Reports::Daily")
    });
    tui.send("\x1b");
    // A set is one shard's: said, with how to narrow.
    tui.send("5");
    tui.wait_screen("the refusal", |s| {
        s.contains("dead reads one shard of fleet prod: :shard NAME narrows the console to one (prod-a, prod-b, prod-c)")
    });

    // Narrowed to prod-c (read-only): its dead set, and a change refused.
    tui.send(":shard prod-c\r");
    tui.wait_screen("narrowed", |s| s.contains("prod-c of fleet prod"));
    tui.send("5");
    tui.wait_screen("prod-c's dead", |s| s.contains("cogworker:dead (3)"));
    tui.send("R");
    tui.wait_screen("the reason", |s| {
        s.contains("R changes Redis, and context prod-c is read-only: nothing was changed")
    });

    // Narrowed to prod-a: a delete there, and nowhere else.
    tui.send(":shard prod-a\r");
    tui.wait_screen("narrowed to prod-a", |s| s.contains("prod-a of fleet prod"));
    tui.send("5");
    tui.wait_screen("prod-a's dead", |s| {
        s.contains("prod-a of fleet prod") && s.contains("cogworker:dead (3)")
    });
    tui.send("D");
    tui.wait_screen("the question", |s| s.contains("y to go on"));
    tui.send("y");
    tui.wait_screen("the deletion", |s| {
        s.contains("undo id u-") && s.contains("shard prod-a")
    });
    assert_eq!(servers[0].zset::<String, String>("cogworker:dead").len(), 2);
    assert_eq!(servers[2].zset::<String, String>("cogworker:dead").len(), 3);
    assert_eq!(servers[1].zset::<String, String>("cogworker:dead").len(), 5);

    // Widened again: the whole fleet.
    tui.send(":shard\r");
    tui.wait_screen("the whole fleet", |s| s.contains("3 of 3 read"));
    // The fleet's story: a finding on two shards opens on the one it hits hardest.
    tui.send("i");
    tui.wait_screen("the fleet's findings", |s| {
        s.contains("paused_backlog") && s.contains("on 2 of 3 shards (prod-a, prod-c)")
    });
    tui.send("/paused_backlog\r");
    tui.send("\r");
    tui.wait_screen("mail-out on prod-a", |s| {
        s.contains("mail-out · shard prod-a")
            && s.contains("opened on prod-a, the shard it hits hardest; also on prod-c")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn a_shard_lost_under_the_fleets_console_keeps_its_last_rows_and_says_why() {
    let servers = [RedisServer::start(), RedisServer::start()];
    servers[0].load("incident");
    reports_waiting(&servers[1]);
    let proxy = crate::proxy::Proxy::start(servers[1].socket());
    let file = fleet(&[("prod-a", servers[0].url()), ("prod-b", proxy.url())]);
    let config = file.path.to_str().unwrap();
    let mut tui = crate::pty::Pty::spawn(
        &[
            "--fleet",
            "prod",
            "--read-timeout",
            "500ms",
            "--connect-timeout",
            "500ms",
            "top",
            "--interval",
            "250ms",
        ],
        45,
        170,
        &[("COGCTL_CONFIG", config)],
    );
    tui.wait_screen("both shards", |s| {
        s.contains("2 of 2 read") && s.contains("reports")
    });
    proxy.freeze();
    let lost = tui.wait_screen("prod-b lost", |s| {
        s.contains("1 of 2 read") && s.contains("unreachable, rows from")
    });
    // Its rows stay, as last read, beside prod-a's; the keys keep working.
    assert!(lost.contains("reports"), "{lost}");
    assert!(lost.contains("mail-out"), "{lost}");
    tui.send("2");
    tui.wait_screen("the queues", |s| {
        s.contains("cogctl › queues") && s.contains("reports")
    });
    tui.send("1");
    proxy.thaw();
    tui.wait_screen("prod-b back", |s| s.contains("2 of 2 read"));
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}
