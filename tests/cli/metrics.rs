//! `cogctl metrics`: the exposition read back by real parsers (the official Python client's
//! and promtool's), its values compared with the keys; the HTTP endpoint scraped by a real
//! client while a worker runs, through a Redis outage; the monitoring/ files checked and
//! unit-tested by promtool.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Spawned, free_port, wait_until};

/// One parsed sample.
#[derive(Debug, Clone)]
pub struct Sample {
    pub family: String,
    pub kind: String,
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub value: Option<f64>,
}

/// The exposition parsed by prometheus_client (Debian's python3-prometheus-client, which
/// `./tasks test` installs): a parse error fails the test.
pub fn parse(exposition: &str) -> Vec<Sample> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/exposition.py");
    let mut child = Command::new("/usr/bin/python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("/usr/bin/python3 with python3-prometheus-client (bash .ci/run installs them)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(exposition.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the exposition does not parse: {}\n{exposition}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parsed: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    parsed
        .into_iter()
        .map(|s| Sample {
            family: s["family"].as_str().unwrap().to_string(),
            kind: s["type"].as_str().unwrap().to_string(),
            name: s["name"].as_str().unwrap().to_string(),
            labels: serde_json::from_value(s["labels"].clone()).unwrap(),
            value: s["value"].as_f64(),
        })
        .collect()
}

pub fn promtool(args: &[&str], stdin: Option<&str>) -> (bool, String) {
    let mut child = Command::new("promtool")
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("monitoring"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (Debian's prometheus package; bash .ci/run installs it)");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

pub fn get(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let found: Vec<&Sample> = samples
        .iter()
        .filter(|s| {
            s.name == name
                && s.labels.len() == labels.len()
                && labels
                    .iter()
                    .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
        })
        .collect();
    assert!(found.len() <= 1, "{name} {labels:?} twice");
    found.first().map(|s| s.value.expect("a number"))
}

#[track_caller]
fn assert_close(got: Option<f64>, want: f64, what: &str) {
    let got = got.unwrap_or_else(|| panic!("{what}: missing"));
    assert!((got - want).abs() < 1e-6, "{what}: got {got}, want {want}");
}

#[test]
fn the_exposition_has_the_gems_metrics_with_the_values_of_the_keys() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    let run = server.assert_read_only(|| Cogctl::new(&server).now(now).args(["metrics"]).run());
    run.success();
    let samples = parse(&run.stdout);
    let (ok, lint) = promtool(&["check", "metrics"], Some(&run.stdout));
    assert!(ok, "promtool check metrics: {lint}");

    // Every family is typed and documented.
    for s in &samples {
        assert!(
            s.kind == "gauge" || s.kind == "counter",
            "{} has type {}",
            s.family,
            s.kind
        );
    }

    let mut conn = server.conn();
    let int = |conn: &mut redis::Connection, cmd: &[&str]| -> f64 {
        let mut c = redis::cmd(cmd[0]);
        for a in &cmd[1..] {
            c.arg(*a);
        }
        let v: Option<String> = c.query(conn).unwrap();
        v.map_or(0.0, |v| v.parse().unwrap())
    };
    assert_close(
        get(&samples, "cogworker_processed_total", &[]),
        int(&mut conn, &["GET", "cogworker:stats:processed"]),
        "processed",
    );
    assert_close(
        get(&samples, "cogworker_failed_total", &[]),
        int(&mut conn, &["GET", "cogworker:stats:failed"]),
        "failed",
    );
    for (metric, key) in [
        ("cogworker_retry_size", "cogworker:retry"),
        ("cogworker_scheduled_size", "cogworker:schedule"),
        ("cogworker_dead_size", "cogworker:dead"),
    ] {
        assert_close(
            get(&samples, metric, &[]),
            int(&mut conn, &["ZCARD", key]),
            metric,
        );
    }
    let queues: Vec<String> = redis::cmd("SMEMBERS")
        .arg("cogworker:queues")
        .query(&mut conn)
        .unwrap();
    assert!(!queues.is_empty());
    let paused: Vec<String> = redis::cmd("SMEMBERS")
        .arg("cogworker:paused_queues")
        .query(&mut conn)
        .unwrap();
    for q in &queues {
        let key = format!("cogworker:queue:{q}");
        assert_close(
            get(&samples, "cogworker_queue_size", &[("queue", q)]),
            int(&mut conn, &["LLEN", &key]),
            &format!("size of {q}"),
        );
        let oldest: Option<String> = redis::cmd("LINDEX")
            .arg(&key)
            .arg(-1)
            .query(&mut conn)
            .unwrap();
        let latency = oldest.map_or(0.0, |raw| {
            let job: Value = serde_json::from_str(&raw).unwrap();
            let t = job["enqueued_at"]
                .as_f64()
                .or(job["created_at"].as_f64())
                .unwrap();
            (now - t).max(0.0)
        });
        assert_close(
            get(&samples, "cogworker_queue_latency_seconds", &[("queue", q)]),
            latency,
            &format!("latency of {q}"),
        );
        assert_close(
            get(&samples, "cogworker_queue_paused", &[("queue", q)]),
            if paused.contains(q) { 1.0 } else { 0.0 },
            &format!("paused {q}"),
        );
    }
    assert!(
        paused.iter().any(|p| queues.contains(p)),
        "the fixture pauses a queue"
    );

    // Σ busy over processes with a presence key.
    let identities: Vec<String> = redis::cmd("SMEMBERS")
        .arg("cogworker:processes")
        .query(&mut conn)
        .unwrap();
    let mut busy = 0.0;
    let mut alive = 0.0;
    for id in &identities {
        let b: Option<String> = redis::cmd("HGET")
            .arg(format!("cogworker:process:{id}"))
            .arg("busy")
            .query(&mut conn)
            .unwrap();
        if let Some(b) = b {
            alive += 1.0;
            busy += b.parse::<f64>().unwrap();
            let rss = get(
                &samples,
                "cogworker_process_rss_bytes",
                &[
                    ("identity", id),
                    ("hostname", id.split(':').next().unwrap()),
                ],
            );
            assert!(rss.unwrap() > 0.0, "rss of {id}");
        }
    }
    assert!(busy > 0.0, "the fixture has running jobs");
    assert_close(get(&samples, "cogworker_busy_workers", &[]), busy, "busy");
    assert_close(
        get(&samples, "cogworker_processes", &[("state", "alive")]),
        alive,
        "alive processes",
    );
    let newest: Vec<(String, f64)> = redis::cmd("ZREVRANGE")
        .arg("cogworker:dead")
        .arg(0)
        .arg(0)
        .arg("WITHSCORES")
        .query(&mut conn)
        .unwrap();
    assert_close(
        get(&samples, "cogworker_dead_newest_age_seconds", &[]),
        now - newest[0].1,
        "newest death",
    );
    assert_close(get(&samples, "cogctl_up", &[]), 1.0, "up");
    assert_close(
        get(&samples, "cogctl_scrape_problems", &[]),
        0.0,
        "problems",
    );
}

#[test]
fn orphans_unsettled_and_periodic_delays_are_exported() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let run = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args(["metrics"])
        .run();
    run.success();
    let samples = parse(&run.stdout);
    let mut conn = server.conn();
    let len = |conn: &mut redis::Connection, key: &str| -> f64 {
        redis::cmd("LLEN").arg(key).query::<i64>(conn).unwrap() as f64
    };
    assert_close(
        get(&samples, "cogworker_unsettled_size", &[]),
        len(&mut conn, "cogworker:unsettled"),
        "unsettled",
    );
    assert_close(
        get(&samples, "cogworker_repeat_orphans_size", &[]),
        len(&mut conn, "cogworker:repeat_orphans"),
        "repeat orphans",
    );
    assert!(get(&samples, "cogworker_unsettled_size", &[]).unwrap() > 0.0);
    let orphaned = get(&samples, "cogworker_orphaned_jobs", &[]).unwrap();
    assert!(orphaned > 0.0, "the fixture's SIGKILLed process left jobs");
    assert_eq!(
        get(&samples, "cogworker_orphaned_jobs", &[]),
        get(&samples, "cogworker_inprogress_jobs", &[])
    );
    assert_close(
        get(&samples, "cogworker_processes", &[("state", "alive")]),
        0.0,
        "no live process",
    );
    assert!(get(&samples, "cogworker_processes", &[("state", "gone")]).unwrap() > 0.0);

    let server = RedisServer::start();
    let fixture = server.load("periodic");
    let run = Cogctl::new(&server)
        .now(fixture.captured_at + 3600.0)
        .args(["metrics"])
        .run();
    run.success();
    let samples = parse(&run.stdout);
    let delays: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.name == "cogworker_periodic_delay_seconds")
        .collect();
    assert!(!delays.is_empty());
    // An hour without a ticker: every enabled entry that fires at least hourly is late.
    assert!(delays.iter().any(|s| s.value.unwrap() > 0.0), "{delays:?}");
    for d in &delays {
        assert!(d.labels.contains_key("pjid") && d.labels.contains_key("class"));
    }
}

#[test]
fn hostile_names_and_wrong_types_degrade_to_escaped_labels_and_a_named_problem() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let names: [&[u8]; 5] = [
        b"quote\"d",
        b"back\\slash",
        b"new\nline",
        b"esc\x1b[31mred",
        b"bad\xffutf8",
    ];
    for name in names {
        let mut key = b"cogworker:queue:".to_vec();
        key.extend_from_slice(name);
        redis::cmd("SADD")
            .arg("cogworker:queues")
            .arg(name)
            .query::<()>(&mut conn)
            .unwrap();
        redis::cmd("LPUSH")
            .arg(key)
            .arg(r#"{"class":"A","args":[],"jid":"0123456789abcdef01234567","enqueued_at":1.5}"#)
            .query::<()>(&mut conn)
            .unwrap();
    }
    // A counter that isn't one, and a set of the wrong type.
    server.exec(&[
        &["RPUSH", "cogworker:stats:failed", "x"],
        &["SET", "cogworker:retry", "x"],
    ]);
    let run = Cogctl::new(&server).now(10.0).args(["metrics"]).run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        !run.stdout.contains('\x1b'),
        "a raw escape reached the exposition"
    );
    let samples = parse(&run.stdout);
    let (ok, lint) = promtool(&["check", "metrics"], Some(&run.stdout));
    assert!(ok, "promtool: {lint}");
    let queues: Vec<&str> = samples
        .iter()
        .filter(|s| s.name == "cogworker_queue_size")
        .map(|s| s.labels["queue"].as_str())
        .collect();
    assert_eq!(queues.len(), 5, "{queues:?}");
    for want in [
        "quote\"d",
        "back\\slash",
        "new\\nline",
        "esc\\x1b[31mred",
        "bad\\xffutf8",
    ] {
        assert!(queues.contains(&want), "{want} not in {queues:?}");
    }
    assert_close(
        get(
            &samples,
            "cogworker_queue_latency_seconds",
            &[("queue", "quote\"d")],
        ),
        8.5,
        "latency",
    );
    assert_eq!(get(&samples, "cogworker_failed_total", &[]), None);
    assert_eq!(get(&samples, "cogworker_retry_size", &[]), None);
    assert_close(
        get(&samples, "cogctl_scrape_problems", &[]),
        2.0,
        "problems",
    );
    assert!(
        run.stdout.contains("# problem: cogworker:stats:failed:"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("# problem: cogworker:retry:"),
        "{}",
        run.stdout
    );
    assert_close(
        get(&samples, "cogworker_processed_total", &[]),
        0.0,
        "processed",
    );
}

#[test]
fn unreachable_redis_prints_up_0_and_exits_3() {
    let run = Cogctl::bare()
        .args(["--redis-url", "unix:///nonexistent/redis.sock", "metrics"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    let samples = parse(&run.stdout);
    assert_close(get(&samples, "cogctl_up", &[]), 0.0, "up");
    assert!(run.stderr.contains("cannot reach Redis"), "{}", run.stderr);
}

pub fn http_get(agent: &ureq::Agent, url: &str) -> (u16, String, String) {
    match agent.get(url).call() {
        Ok(mut r) => {
            let ctype = r
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            (
                r.status().as_u16(),
                ctype,
                r.body_mut().read_to_string().unwrap(),
            )
        }
        Err(e) => panic!("GET {url}: {e}"),
    }
}

pub fn new_agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(HANG))
        .build()
        .into()
}

struct Exporter {
    child: Spawned,
    base: String,
}

fn start_exporter(server: &RedisServer) -> Exporter {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Cogctl::new(server)
        .args(["metrics", "--listen", &addr, "--concurrency", "4"])
        .spawn();
    let base = format!("http://{addr}");
    let agent = new_agent();
    wait_until(HANG, "the exporter listens", || {
        agent.get(format!("{base}/healthz")).call().is_ok()
    });
    Exporter { child, base }
}

#[test]
fn the_endpoint_serves_concurrent_scrapes_while_jobs_run_and_503s_through_an_outage() {
    let mut server = RedisServer::start_persistent();
    let exporter = start_exporter(&server);
    let base = exporter.base.clone();

    // A worker processing jobs the test keeps enqueueing.
    let worker = Cogctl::new(&server)
        .args([
            "worker",
            "-c",
            "4",
            "--beat-interval",
            "0.2s",
            "--handler",
            "*=builtin:noop",
        ])
        .spawn();
    let enqueue = |n: usize| {
        for _ in 0..n {
            Cogctl::new(&server)
                .args(["enqueue", "Hello", "--args", "[1]"])
                .run()
                .success();
        }
    };
    enqueue(20);
    let agent = new_agent();
    wait_until(HANG, "the worker's jobs are counted", || {
        let (status, _, body) = http_get(&agent, &format!("{base}/metrics"));
        status == 200 && get(&parse(&body), "cogworker_processed_total", &[]).unwrap_or(0.0) >= 20.0
    });

    // Eight clients at once, ten scrapes each, while more jobs arrive.
    std::thread::scope(|s| {
        let clients: Vec<_> = (0..8)
            .map(|_| {
                let base = base.clone();
                s.spawn(move || {
                    let agent = new_agent();
                    let mut last = 0.0;
                    for _ in 0..10 {
                        let (status, ctype, body) = http_get(&agent, &format!("{base}/metrics"));
                        assert_eq!(status, 200, "{body}");
                        assert!(ctype.starts_with("text/plain; version=0.0.4"), "{ctype}");
                        let samples = parse(&body);
                        let processed = get(&samples, "cogworker_processed_total", &[]).unwrap();
                        assert!(processed >= last, "a counter went back");
                        last = processed;
                        assert_eq!(get(&samples, "cogctl_up", &[]), Some(1.0));
                        assert_eq!(
                            get(&samples, "cogworker_processes", &[("state", "alive")]),
                            Some(1.0)
                        );
                    }
                })
            })
            .collect();
        enqueue(30);
        for c in clients {
            c.join().unwrap();
        }
    });
    wait_until(HANG, "all 50 jobs counted", || {
        let (_, _, body) = http_get(&agent, &format!("{base}/metrics"));
        get(&parse(&body), "cogworker_processed_total", &[]) == Some(50.0)
    });
    let (status, _, body) = http_get(&agent, &format!("{base}/metrics"));
    assert_eq!(status, 200);
    let samples = parse(&body);
    assert_eq!(
        get(&samples, "cogworker_process_concurrency", &[]),
        None,
        "labelled only"
    );
    assert!(
        samples
            .iter()
            .any(|s| s.name == "cogworker_process_concurrency" && s.value == Some(4.0))
    );
    assert!(
        get(&samples, "cogworker_hour_processed", &[("hour", "current")]).unwrap() >= 50.0 - 0.5
            || get(
                &samples,
                "cogworker_hour_processed",
                &[("hour", "previous")]
            )
            .unwrap()
                > 0.0
    );

    // Redis goes away until a scrape has said so: 503 with `cogctl_up 0` and one line
    // saying why, then back.
    let mut down = None;
    server.down_until("a 503 while Redis is down", || {
        let (status, _, body) = http_get(&agent, &format!("{base}/metrics"));
        if status == 503 {
            let (hs, _, hbody) = http_get(&agent, &format!("{base}/healthz"));
            down = Some((body, hs, hbody));
        }
        down.is_some()
    });
    let (body, hs, hbody) = down.unwrap();
    let samples = parse(&body);
    assert_eq!(get(&samples, "cogctl_up", &[]), Some(0.0));
    let reasons: Vec<&str> = body
        .lines()
        .filter(|l| l.starts_with("# cogctl:"))
        .collect();
    assert_eq!(reasons.len(), 1, "{body}");
    assert!(reasons[0].contains("Redis unavailable"), "{body}");
    assert_eq!(hs, 503, "{hbody}");
    assert_eq!(hbody.lines().count(), 1, "{hbody}");
    wait_until(HANG, "scrapes recover after Redis is back", || {
        let (status, _, body) = http_get(&agent, &format!("{base}/metrics"));
        status == 200 && get(&parse(&body), "cogctl_up", &[]) == Some(1.0)
    });
    let (status, _, body) = http_get(&agent, &format!("{base}/healthz"));
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (status, _, _) = http_get(&agent, &format!("{base}/nope"));
    assert_eq!(status, 404);

    worker.signal(libc::SIGTERM);
    worker.wait(HANG);
    exporter.child.signal(libc::SIGTERM);
    let run = exporter.child.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(run.stderr.contains("scrape failed"), "{}", run.stderr);
}

#[test]
fn a_busy_address_is_a_clear_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let server = RedisServer::start();
    let run = Cogctl::new(&server)
        .args(["metrics", "--listen", &addr])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains(&format!("cannot listen on {addr}")),
        "{}",
        run.stderr
    );
}

#[test]
fn the_rules_the_scrape_config_and_the_dashboard_check_with_promtool() {
    for args in [
        &["check", "rules", "alerts.yml"][..],
        &["check", "config", "prometheus.yml"],
        &["test", "rules", "alerts.test.yml"],
    ] {
        let (ok, out) = promtool(args, None);
        assert!(ok, "promtool {args:?}:\n{out}");
    }

    // Every alert and panel query names only metrics the exporter writes.
    let server = RedisServer::start();
    server.load("incident");
    server.load("periodic");
    let run = Cogctl::new(&server).args(["metrics"]).run();
    let families: std::collections::BTreeSet<String> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE "))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("monitoring");
    let dashboard: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("grafana-dashboard.json")).unwrap())
            .unwrap();
    let exprs: Vec<String> = dashboard["panels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["targets"].as_array().unwrap().clone())
        .map(|t| t["expr"].as_str().unwrap().to_string())
        .collect();
    assert!(exprs.len() >= 10);
    let rules = std::fs::read_to_string(dir.join("alerts.yml")).unwrap();
    let names = regex::Regex::new(r"\b(cogworker|cogctl)_[a-z_]+\b").unwrap();
    for text in exprs.iter().map(String::as_str).chain([rules.as_str()]) {
        for m in names.find_iter(text) {
            // Annotations mention commands (cogctl_…) in backquotes only as words with spaces.
            assert!(
                families.contains(m.as_str()),
                "{} is not exported",
                m.as_str()
            );
        }
    }
    // The dashboard's queries parse as PromQL: promtool checks them as recording rules
    // ($__rate_interval and $instance replaced as Grafana would).
    let tmp = tempfile::tempdir().unwrap();
    let mut file = String::from("groups:\n  - name: dashboard\n    rules:\n");
    for (i, e) in exprs.iter().enumerate() {
        let e = e
            .replace("$__rate_interval", "1m")
            .replace("$instance", ".*");
        file.push_str(&format!(
            "      - record: dashboard:q{i}\n        expr: {}\n",
            serde_json::to_string(&e).unwrap()
        ));
    }
    let path = tmp.path().join("dashboard-rules.yml");
    std::fs::write(&path, file).unwrap();
    let (ok, out) = promtool(&["check", "rules", path.to_str().unwrap()], None);
    assert!(ok, "the dashboard's queries:\n{out}");
}
