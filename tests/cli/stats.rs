//! `stats` and `queues` on the real-gem fixtures.

use std::collections::BTreeMap;

use cogctl::fixture::Fixture;

use crate::support::{Cogctl, RedisServer, Run, ServerKind, cogctl, server_kind};

/// The snapshot with what depends on the machine replaced: the socket, the server's version
/// (`v7.0.15` on Redis, `Valkey 8.0.1` on Valkey), uptime, clients and memory.
fn stable(server: &RedisServer, run: &Run) -> String {
    let text = run.snapshot().replace(&server.url(), "unix://<socket>");
    let text = regex::Regex::new(r"(v|Valkey )\d+\.\d+\.\d+\n")
        .unwrap()
        .replace(&text, "v<version>\n");
    regex::Regex::new(r"up [\dsmhd ]+ · \d+ clients? · [\d.]+ [KMG]?B used, peak [\d.]+ [KMG]?B")
        .unwrap()
        .replace(
            &text,
            "up <uptime> · <n> clients · <memory> used, peak <memory>",
        )
        .into_owned()
}

/// The fields of every hash of the fixture whose key starts with `prefix`, by the rest of
/// its key: what the gem wrote, to compare cogctl's reading with.
fn buckets(fixture: &Fixture, prefix: &str) -> BTreeMap<String, BTreeMap<String, u64>> {
    fixture
        .keys
        .iter()
        .filter_map(|k| {
            let rest = k.key.strip_prefix(prefix)?;
            let fields = k
                .value
                .as_object()
                .unwrap()
                .iter()
                .map(|(f, v)| (f.clone(), v.as_str().unwrap().parse().unwrap()))
                .collect();
            Some((rest.to_string(), fields))
        })
        .collect()
}

/// `bucket[field]`, 0 when the bucket or the field is missing (as the gem reads them).
fn field(buckets: &BTreeMap<String, BTreeMap<String, u64>>, key: &str, field: &str) -> u64 {
    buckets
        .get(key)
        .and_then(|b| b.get(field))
        .copied()
        .unwrap_or(0)
}

#[test]
fn stats_on_the_incident() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats"]));
    insta::assert_snapshot!(stable(&server, &run));

    let json = cogctl(&server, now, &["stats", "--json"]).success().json();
    // The server as itself: Valkey's own version beside the Redis version it reports.
    let (name, own) = match server_kind() {
        ServerKind::Redis => ("redis", "redis_version"),
        ServerKind::Valkey => ("valkey", "valkey_version"),
    };
    let field = |f: &str| server.info_field("server", f);
    assert_eq!(json["redis"]["server"], name);
    assert_eq!(json["redis"]["server_version"], field(own).as_str());
    assert_eq!(json["redis"]["version"], field("redis_version").as_str());
    if server_kind() == ServerKind::Valkey {
        assert!(
            run.stdout.contains(&format!("Valkey {}", field(own))),
            "{}",
            run.stdout
        );
    }
    assert_eq!(json["processed"], 12);
    assert_eq!(json["failed"], 13);
    assert_eq!(json["enqueued"], 13);
    assert_eq!(json["scheduled"], 3);
    assert_eq!(json["retry"], 2);
    assert_eq!(json["dead"], 3);
    assert_eq!(json["busy"], 2);
    assert_eq!(json["processes"], 1);
    assert_eq!(json["threads"], 2);
    assert_eq!(json["threads_unknown"], 0);
    assert_eq!(json["gone_processes"], 0);
    // The incident's one throughput bucket is the current hour's; without --days, no
    // History is read.
    let hours = json["throughput"].as_array().unwrap();
    assert_eq!(hours.len(), 24);
    assert_eq!(hours[23]["hour"], (now / 3600.0).floor() as i64);
    assert_eq!(hours[23]["processed"], 12);
    assert_eq!(hours[23]["failed"], 13);
    assert!(
        hours[..23]
            .iter()
            .all(|h| h["processed"] == 0 && h["failed"] == 0)
    );
    assert_eq!(json["daily"], serde_json::Value::Null);
    assert_eq!(json["history_recorded"], serde_json::Value::Null);
    assert_eq!(
        json["redis"]["version"]
            .as_str()
            .unwrap()
            .split('.')
            .count(),
        3
    );
    let queues = json["queues"].as_array().unwrap();
    let names: Vec<_> = queues.iter().map(|q| q["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["critical", "default", "mail-out"]);
    assert_eq!(queues[2]["paused"], true);
    assert_eq!(queues[2]["size"], 4);
}

#[test]
fn stats_counts_gone_processes() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let json = cogctl(&server, fixture.captured_at, &["stats", "--ndjson"])
        .success()
        .json();
    assert_eq!(json["processes"], 0);
    assert_eq!(json["gone_processes"], 3);
    assert_eq!(json["unsettled"], 2);
    assert_eq!(json["repeat_orphans"], 1);
}

#[test]
fn queues_latency_is_the_age_of_the_oldest_job() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now + 60.0, &["queues"]));
    insta::assert_snapshot!(run.snapshot());
    let json = cogctl(&server, now + 60.0, &["queues", "--json"])
        .success()
        .json();
    let default = &json["queues"][1];
    assert_eq!(default["name"], "default");
    // The oldest job on `default` (index -1) was enqueued at 1796208096.0187256.
    let latency = default["latency"].as_f64().unwrap();
    assert!(
        (latency - (now + 60.0 - 1796208096.0187256)).abs() < 1e-3,
        "{latency}"
    );
}

#[test]
fn stats_charts_the_last_24_hours_of_throughput() {
    let server = RedisServer::start();
    let fixture = server.load("history");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats"]));
    insta::assert_snapshot!(stable(&server, &run));

    let json = cogctl(&server, now, &["stats", "--json"]).success().json();
    let expected = buckets(&fixture, "cogworker:throughput:");
    let current = (now / 3600.0).floor() as i64;
    let hours = json["throughput"].as_array().unwrap();
    assert_eq!(hours.len(), 24);
    for (i, hour) in hours.iter().enumerate() {
        let index = current - 23 + i as i64;
        assert_eq!(hour["hour"], index);
        let start = chrono::DateTime::from_timestamp(index * 3600, 0).unwrap();
        assert_eq!(
            hour["time"],
            start.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
        );
        for f in ["processed", "failed"] {
            assert_eq!(
                hour[f],
                field(&expected, &index.to_string(), f),
                "{index} {f}"
            );
        }
    }
    // The fixture leaves three hours without a bucket; they read as 0.
    for missing in [498936, 498948, 498949] {
        let hour = &hours[(missing - (current - 23)) as usize];
        assert_eq!(
            (&hour["processed"], &hour["failed"]),
            (&0.into(), &0.into())
        );
    }
    // Today's bucket holds what the counters hold (the fixture began today).
    assert_eq!(hours[23]["processed"], json["processed"]);
    assert_eq!(hours[23]["failed"], json["failed"]);
    assert_eq!(json["processes"], 1);
    assert_eq!(json["threads"], 5);
    assert_eq!(json["busy"], 0);
    let redis = &json["redis"];
    assert!(redis["uptime_seconds"].as_i64().unwrap() >= 0);
    assert!(redis["connected_clients"].as_i64().unwrap() >= 1);
    assert!(
        redis["used_memory_peak"].as_i64().unwrap() >= redis["used_memory"].as_i64().unwrap() / 2
    );
    assert_eq!(redis["info_error"], serde_json::Value::Null);
    assert_eq!(json["problems"].as_array().unwrap().len(), 0);
}

#[test]
fn stats_days_charts_the_history_middleware_s_daily_counts() {
    let server = RedisServer::start();
    let fixture = server.load("history");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats", "--days", "30"]));
    insta::assert_snapshot!(stable(&server, &run));

    let expected = buckets(&fixture, "cogworker:history:daily:");
    let today = chrono::DateTime::from_timestamp(now as i64, 0)
        .unwrap()
        .date_naive();
    assert_eq!(today.to_string(), "2026-12-02");
    for n in [7u64, 30, 90, 182] {
        let json = cogctl(&server, now, &["stats", "--days", &n.to_string(), "--json"])
            .success()
            .json();
        assert_eq!(json["history_recorded"], true);
        let days = json["daily"].as_array().unwrap();
        assert_eq!(days.len() as u64, n);
        for (i, day) in days.iter().enumerate() {
            let date = today - chrono::Days::new(n - 1 - i as u64);
            let date = date.format("%Y-%m-%d").to_string();
            assert_eq!(day["day"], date);
            for f in ["success", "failed"] {
                assert_eq!(day[f], field(&expected, &date, f), "{date} {f}");
            }
        }
        let success: u64 = days.iter().map(|d| d["success"].as_u64().unwrap()).sum();
        // 10-23, the 40-day-old bucket, is inside 90 and 182 days only.
        assert_eq!(
            success,
            [50, 67, 69, 69][[7, 30, 90, 182].iter().position(|&d| d == n).unwrap()]
        );
    }
    // The days with no bucket (11-21, 11-25) are 0, and so drawn blank.
    let json = cogctl(&server, now, &["stats", "--days", "30", "--json"]).json();
    let day = |d: &str| {
        json["daily"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["day"] == d)
            .unwrap()
            .clone()
    };
    assert_eq!(day("2026-11-21")["success"], 0);
    assert_eq!(day("2026-11-25")["failed"], 0);

    // Wider windows are summed into fewer bars, and everything still fits 100 columns.
    let run = cogctl(&server, now, &["stats", "--days", "182"]);
    run.success();
    assert!(
        run.stdout
            .contains("  12-02\n               UTC, a bar per 3 days\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.lines().all(|l| l.chars().count() <= 100),
        "{}",
        run.stdout
    );
}

#[test]
fn stats_days_without_the_history_middleware_says_so() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let run =
        server.assert_read_only(|| cogctl(&server, fixture.captured_at, &["stats", "--days", "7"]));
    run.success();
    assert!(
        run.stdout.contains(
            "\nLast 7 days    the History middleware isn't enabled (no cogworker:history:daily:* keys)\n"
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("success"), "{}", run.stdout);
    let json = cogctl(
        &server,
        fixture.captured_at,
        &["stats", "--days", "7", "--json"],
    )
    .success()
    .json();
    assert_eq!(json["history_recorded"], false);
    let days = json["daily"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert!(days.iter().all(|d| d["success"] == 0 && d["failed"] == 0));

    // History was on once, but not in these days (60 days after the capture): an empty
    // window says so, and so does an hourly chart with no bucket left.
    let server = RedisServer::start();
    let fixture = server.load("history");
    let later = fixture.captured_at + 60.0 * 86400.0;
    let run = cogctl(&server, later, &["stats", "--days", "7"]);
    run.success();
    assert!(
        run.stdout
            .contains("\nLast 24 h      nothing processed or failed\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("\nLast 7 days    no runs recorded by the History middleware\n"),
        "{}",
        run.stdout
    );
    let json = cogctl(&server, later, &["stats", "--days", "7", "--json"]).json();
    assert_eq!(json["history_recorded"], true);
}

#[test]
fn a_broken_bucket_costs_its_hour_and_is_named() {
    let server = RedisServer::start();
    let fixture = server.load("history");
    let now = fixture.captured_at;
    server.exec(&[
        // A bucket of the wrong type, a field that isn't a count, a day the same.
        &["DEL", "cogworker:throughput:498950"],
        &["SET", "cogworker:throughput:498950", "oops"],
        &["HSET", "cogworker:throughput:498945", "failed", "12abc"],
        &[
            "HSET",
            "cogworker:history:daily:2026-11-30",
            "success",
            "\u{1b}[2J",
        ],
        // A process whose info isn't JSON: its threads are unknown.
        &[
            "HSET",
            "cogworker:process:vm:8621:7a437e7fab48",
            "info",
            "{not json",
        ],
    ]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats", "--days", "7"]));
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(stable(&server, &run));

    let json = cogctl(&server, now, &["stats", "--days", "7", "--json"]).json();
    let expected = buckets(&fixture, "cogworker:throughput:");
    for hour in json["throughput"].as_array().unwrap() {
        let index = hour["hour"].as_i64().unwrap();
        let key = index.to_string();
        let (processed, failed) = match index {
            498950 => (serde_json::Value::Null, serde_json::Value::Null),
            498945 => (
                field(&expected, &key, "processed").into(),
                serde_json::Value::Null,
            ),
            _ => (
                field(&expected, &key, "processed").into(),
                field(&expected, &key, "failed").into(),
            ),
        };
        assert_eq!(
            (&hour["processed"], &hour["failed"]),
            (&processed, &failed),
            "{index}"
        );
    }
    let day = &json["daily"][4];
    assert_eq!(day["day"], "2026-11-30");
    assert_eq!(
        (&day["success"], &day["failed"]),
        (&serde_json::Value::Null, &0.into())
    );
    assert_eq!(json["threads"], 0);
    assert_eq!(json["threads_unknown"], 1);
    let problems: Vec<(&str, &str)> = json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["key"].as_str().unwrap(), p["error"].as_str().unwrap()))
        .collect();
    assert_eq!(
        problems,
        [
            (
                "cogworker:throughput:498945",
                "its failed field holds \"12abc\", not a count; shown as unknown"
            ),
            (
                "cogworker:throughput:498950",
                "of the wrong type, not the hash cogworker keeps there"
            ),
            (
                "cogworker:history:daily:2026-11-30",
                "its success field holds \"\\x1b[2J\", not a count; shown as unknown"
            ),
        ]
    );
}

#[test]
fn stats_without_permission_for_info_shows_the_rest() {
    let server = RedisServer::start();
    let fixture = server.load("history");
    server.exec(&[&[
        "ACL",
        "SETUSER",
        "noinfo",
        "on",
        ">pw",
        "~*",
        "+@read",
        "+@connection",
        "-info",
    ]]);
    let url = format!("{}?user=noinfo&pass=pw", server.url());
    let run = server.assert_read_only(|| {
        Cogctl::bare()
            .now(fixture.captured_at)
            .args(["--redis-url", &url, "stats"])
            .run()
    });
    run.success();
    let text = run.snapshot().replace(&server.url(), "unix://<socket>");
    assert!(
        text.contains("Redis          unix://<socket>?db=0&user=noinfo&pass=***  v?\n               uptime, clients and memory unknown (INFO refused)\n"),
        "{text}"
    );
    assert!(text.contains("processed 520, max 40/h"), "{text}");
    assert!(
        run.stderr
            .starts_with("note: Redis refused INFO on the server: ")
            && run.stderr.contains("'info'"),
        "{}",
        run.stderr
    );
    let json = Cogctl::bare()
        .now(fixture.captured_at)
        .args(["--redis-url", &url, "stats", "--json"])
        .run()
        .success()
        .json();
    let redis = &json["redis"];
    for f in [
        "version",
        "used_memory",
        "used_memory_peak",
        "uptime_seconds",
        "connected_clients",
    ] {
        assert_eq!(redis[f], serde_json::Value::Null, "{f}");
    }
    assert!(redis["info_error"].as_str().unwrap().contains("'info'"));
    assert_eq!(json["processed"], 29);
}

#[test]
fn chart_hours_are_local_time_or_utc() {
    let server = RedisServer::start();
    let fixture = server.load("history");
    let axis = |run: &Run| {
        run.success();
        let lines: Vec<&str> = run.stdout.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("Last 24 h"))
            .unwrap();
        lines[at + 2].to_string()
    };
    // The fixture's hours end with 17:00Z; a zone half an hour off shows the half hours.
    let local = Cogctl::new(&server)
        .now(fixture.captured_at)
        .env("TZ", "Asia/Kolkata")
        .args(["stats"])
        .run();
    assert_eq!(
        axis(&local),
        "                   01:30 04:30 07:30 10:30 13:30 16:30 19:30 22:30  UTC+05:30"
    );
    let utc = Cogctl::new(&server)
        .now(fixture.captured_at)
        .env("TZ", "Asia/Kolkata")
        .args(["stats", "--utc"])
        .run();
    assert_eq!(
        axis(&utc),
        "                   20    23    02    05    08    11    14    17  UTC"
    );
    let new_york = Cogctl::new(&server)
        .now(fixture.captured_at)
        .env("TZ", "America/New_York")
        .args(["stats"])
        .run();
    assert_eq!(
        axis(&new_york),
        "                   15    18    21    00    03    06    09    12  UTC-05"
    );
}

#[test]
fn days_is_1_to_400() {
    let server = RedisServer::start();
    for bad in ["0", "401", "seven"] {
        let run = cogctl(&server, 0.0, &["stats", "--days", bad]);
        assert_eq!(run.code, 2, "{bad}: {}", run.snapshot());
    }
    let json = cogctl(&server, 0.0, &["stats", "--days", "400", "--json"])
        .success()
        .json();
    assert_eq!(json["daily"].as_array().unwrap().len(), 400);
    assert_eq!(json["daily"][399]["day"], "1970-01-01");
}
