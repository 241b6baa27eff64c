//! `stats` and `queues` on the real-gem fixtures.

use crate::support::{RedisServer, cogctl};

#[test]
fn stats_on_the_incident() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats"]));
    let text = run.snapshot().replace(&server.url(), "unix://<socket>");
    let text = regex::Regex::new(r"v\d+\.\d+\.\d+  [\d.]+ [KMG]?B used")
        .unwrap()
        .replace(&text, "v<version>  <memory> used")
        .into_owned();
    insta::assert_snapshot!(text);

    let json = cogctl(&server, now, &["stats", "--json"]).success().json();
    assert_eq!(json["processed"], 12);
    assert_eq!(json["failed"], 13);
    assert_eq!(json["enqueued"], 13);
    assert_eq!(json["scheduled"], 3);
    assert_eq!(json["retry"], 2);
    assert_eq!(json["dead"], 3);
    assert_eq!(json["busy"], 2);
    assert_eq!(json["processes"], 1);
    assert_eq!(json["gone_processes"], 0);
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
