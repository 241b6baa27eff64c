//! `cogctl worker` as a service, against a real redis-server: /healthz and /readyz through a
//! quiet, a Redis outage and a drain; /metrics read back by the Prometheus client's parser and
//! promtool, its counters equal to what ran; JSON logs parsed line by line; `procs alive`
//! for a live and a killed worker and the gem's processes of a fixture; `procs quiet|stop
//! --wait` against a job in flight.

use std::time::Duration;

use serde_json::Value;

use crate::metrics::{get, http_get, new_agent, parse, promtool};
use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Spawned, free_port, wait_until};

fn enqueue(server: &RedisServer, args: &[&str]) -> String {
    let run = Cogctl::new(server).args(["enqueue"]).args(args).run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout.trim().to_string()
}

fn worker(server: &RedisServer, args: &[&str]) -> Cogctl {
    worker_beating(server, "0.2s", args)
}

/// A worker with short cadences, beating every `beat`.
fn worker_beating(server: &RedisServer, beat: &str, args: &[&str]) -> Cogctl {
    Cogctl::new(server)
        .args([
            "worker",
            "--beat-interval",
            beat,
            "--poll-interval",
            "0.2s",
            "--orphan-check-interval",
            "0.3s",
        ])
        .args(args)
}

/// A worker serving its probes on a free port: (process, base URL).
fn listening(server: &RedisServer, args: &[&str]) -> (Spawned, String) {
    listening_beating(server, "0.2s", args)
}

fn listening_beating(server: &RedisServer, beat: &str, args: &[&str]) -> (Spawned, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let w = worker_beating(server, beat, &["--listen", &addr])
        .args(args)
        .spawn();
    let base = format!("http://{addr}");
    let agent = new_agent();
    wait_until(HANG, "the worker is ready", || {
        agent
            .get(format!("{base}/readyz"))
            .call()
            .is_ok_and(|r| r.status() == 200)
    });
    (w, base)
}

/// (status, body) of GET base+path.
fn probe(base: &str, path: &str) -> (u16, String) {
    let (status, _, body) = http_get(&new_agent(), &format!("{base}{path}"));
    (status, body)
}

/// The identity of the only process in the registry.
fn only_identity(server: &RedisServer) -> String {
    let ids: Vec<String> = redis::cmd("SMEMBERS")
        .arg("cogworker:processes")
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(ids.len(), 1, "{ids:?}");
    ids[0].clone()
}

#[test]
fn the_probes_follow_a_quiet_a_redis_outage_and_a_drain() {
    let mut server = RedisServer::start_persistent();
    // /healthz allows two beat intervals without a beat: 1 s, so that a beat delayed on a
    // loaded machine isn't taken for a dead loop, and still well inside the 3 s outage below.
    let (w, base) = listening_beating(
        &server,
        "0.5s",
        &[
            "-c",
            "2",
            "--timeout-drain",
            "20s",
            "--handler",
            "Slow=builtin:sleep",
        ],
    );
    assert_eq!(probe(&base, "/healthz"), (200, "ok\n".into()));
    assert_eq!(probe(&base, "/readyz"), (200, "ready: fetching\n".into()));
    let identity = only_identity(&server);

    // Quiet (the Web UI's or `procs quiet`): alive, not ready; resumed, ready again.
    Cogctl::new(&server)
        .args(["procs", "quiet", &identity])
        .run()
        .success();
    wait_until(HANG, "readyz 503 while quiet", || {
        probe(&base, "/readyz") == (503, "quiet: fetching no new jobs\n".into())
    });
    assert_eq!(probe(&base, "/healthz").0, 200);
    Cogctl::new(&server)
        .args(["procs", "resume", &identity])
        .run()
        .success();
    wait_until(HANG, "ready again", || probe(&base, "/readyz").0 == 200);

    // Redis away until both probes have said so: cut off (not ready), and no beat written
    // (not healthy); both come back on their own.
    let (mut not_ready, mut unhealthy) = (None, None);
    server.down_until("readyz and healthz 503 while Redis is down", || {
        let (status, body) = probe(&base, "/readyz");
        if status == 503 && not_ready.is_none() {
            not_ready = Some(body);
        }
        let (status, body) = probe(&base, "/healthz");
        if status == 503 && unhealthy.is_none() {
            unhealthy = Some(body);
        }
        not_ready.is_some() && unhealthy.is_some()
    });
    let not_ready = not_ready.expect("readyz 503 while Redis was down");
    assert!(not_ready.starts_with("cut off from Redis: "), "{not_ready}");
    assert_eq!(not_ready.lines().count(), 1);
    let unhealthy = unhealthy.expect("healthz 503 while no beat could be written");
    assert!(
        unhealthy.starts_with("no heartbeat written for "),
        "{unhealthy}"
    );
    wait_until(HANG, "both probes back to 200", || {
        probe(&base, "/readyz").0 == 200 && probe(&base, "/healthz").0 == 200
    });

    // A drain: not ready at once, alive until the running job has finished and it exits.
    enqueue(&server, &["Slow", "2"]);
    wait_until(HANG, "the job running", || {
        get(
            &parse(&probe(&base, "/metrics").1),
            "cogctl_worker_busy",
            &[],
        ) == Some(1.0)
    });
    w.signal(libc::SIGTERM);
    wait_until(HANG, "readyz says draining", || {
        probe(&base, "/readyz") == (503, "draining: stopping, 1 job still running\n".into())
    });
    assert_eq!(probe(&base, "/healthz"), (200, "ok\n".into()));
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1"),
        "the job finished within the drain"
    );
    assert!(
        new_agent().get(format!("{base}/healthz")).call().is_err(),
        "the server is gone with the worker"
    );
}

#[test]
fn metrics_parse_and_count_exactly_what_ran() {
    let server = RedisServer::start();
    let weird = "W\"e\nird";
    let mut specs = String::new();
    let mut spec = |class: &str, args: Value, retry: Value| {
        specs.push_str(
            &serde_json::json!({"class": class, "args": args, "retry": retry}).to_string(),
        );
        specs.push('\n');
    };
    for _ in 0..5 {
        spec("A", serde_json::json!([]), serde_json::json!(true));
    }
    for _ in 0..2 {
        spec("B", serde_json::json!(["try again"]), serde_json::json!(5));
    }
    spec("C", serde_json::json!(["gone"]), serde_json::json!(0));
    spec(weird, serde_json::json!([]), serde_json::json!(true));
    spec(
        "D",
        serde_json::json!(["drop it", "discard"]),
        serde_json::json!(5),
    );
    spec("E", serde_json::json!([]), serde_json::json!(true));
    Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run()
        .success();
    // One thread: the classes are met in the order they were pushed (A, B, C, weird, D, E),
    // so the first four get their own label and D and E count as "other".
    let (w, base) = listening(
        &server,
        &[
            "--json",
            "-c",
            "1",
            "--metrics-max-classes",
            "4",
            "--handler",
            "A=builtin:noop",
            "--handler",
            "B=builtin:fail",
            "--handler",
            "C=builtin:fail",
            "--handler",
            "D=builtin:fail",
            "--handler",
            "*=builtin:noop",
        ],
    );
    let total = |samples: &[crate::metrics::Sample]| -> f64 {
        samples
            .iter()
            .filter(|s| s.name == "cogctl_worker_jobs_total")
            .filter_map(|s| s.value)
            .sum()
    };
    wait_until(HANG, "every job counted", || {
        total(&parse(&probe(&base, "/metrics").1)) == 11.0
    });
    let (status, ctype, body) = http_get(&new_agent(), &format!("{base}/metrics"));
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/plain; version=0.0.4"), "{ctype}");
    let (ok, lint) = promtool(&["check", "metrics"], Some(&body));
    assert!(ok, "promtool check metrics: {lint}\n{body}");
    let samples = parse(&body);
    let jobs = |class: &str, outcome: &str| {
        get(
            &samples,
            "cogctl_worker_jobs_total",
            &[("class", class), ("queue", "default"), ("outcome", outcome)],
        )
        .unwrap_or(0.0)
    };
    // The label of the weird class: made visible (the line feed as \n), then escaped for the
    // format; the parser gives back the visible text.
    let shown = "W\"e\\nird";
    for (class, outcome, n) in [
        ("A", "success", 5.0),
        ("B", "retry", 2.0),
        ("C", "dead", 1.0),
        (shown, "success", 1.0),
        ("other", "discard", 1.0),
        ("other", "success", 1.0),
        ("A", "retry", 0.0),
    ] {
        assert_eq!(jobs(class, outcome), n, "{class} {outcome}");
    }
    for class in ["D", "E"] {
        assert!(
            !samples
                .iter()
                .any(|s| s.labels.get("class").map(String::as_str) == Some(class)),
            "{class} is past the class limit"
        );
    }
    // One duration per run, in the histogram of its class.
    for (class, runs) in [
        ("A", 5.0),
        ("B", 2.0),
        ("C", 1.0),
        (shown, 1.0),
        ("other", 2.0),
    ] {
        assert_eq!(
            get(
                &samples,
                "cogctl_worker_job_duration_seconds_count",
                &[("class", class), ("queue", "default")]
            ),
            Some(runs),
            "{class}"
        );
        assert_eq!(
            get(
                &samples,
                "cogctl_worker_job_duration_seconds_bucket",
                &[("class", class), ("queue", "default"), ("le", "+Inf")]
            ),
            Some(runs)
        );
    }
    assert_eq!(get(&samples, "cogctl_worker_busy", &[]), Some(0.0));
    assert_eq!(get(&samples, "cogctl_worker_concurrency", &[]), Some(1.0));
    assert_eq!(
        get(&samples, "cogctl_worker_metrics_classes_limit", &[]),
        Some(4.0)
    );
    assert_eq!(
        get(&samples, "cogctl_worker_fetch_wait_seconds_count", &[]),
        Some(11.0)
    );
    assert_eq!(get(&samples, "cogctl_worker_redis_up", &[]), Some(1.0));
    let age = get(&samples, "cogctl_worker_heartbeat_age_seconds", &[]).unwrap();
    assert!(age < 2.0, "{age}");
    for name in [
        "process_resident_memory_bytes",
        "process_start_time_seconds",
        "process_open_fds",
        "process_max_fds",
    ] {
        let v = get(&samples, name, &[]).unwrap_or_else(|| panic!("{name}"));
        assert!(v > 0.0, "{name} {v}");
    }
    // In clock ticks (10 ms): eleven noop jobs may not have used one yet.
    let cpu = get(&samples, "process_cpu_seconds_total", &[]).expect("process_cpu_seconds_total");
    assert!(cpu >= 0.0, "{cpu}");
    let started = get(&samples, "process_start_time_seconds", &[]).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!(
        started <= now && now - started < 120.0,
        "{started} vs {now}"
    );
    let families: std::collections::BTreeMap<&str, &str> = samples
        .iter()
        .map(|s| (s.family.as_str(), s.kind.as_str()))
        .collect();
    assert_eq!(families["cogctl_worker_job_duration_seconds"], "histogram");
    assert_eq!(families["cogctl_worker_jobs"], "counter");
    assert_eq!(families["process_resident_memory_bytes"], "gauge");

    // The worker's own summary agrees.
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 1, "a job died: {}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    for (field, n) in [
        ("processed", 7),
        ("failed", 4),
        ("retried", 2),
        ("dead", 1),
        ("discarded", 1),
    ] {
        assert_eq!(summary[field], n, "{field}");
    }
}

#[test]
fn json_logs_are_one_object_per_line_with_the_logfmt_fields() {
    let server = RedisServer::start();
    // A class name that would retitle a terminal: escaped in the log, as in logfmt.
    let ok = enqueue(&server, &["Echo\u{1b}]0;pwned\u{7}"]);
    let died = enqueue(&server, &["Fail", "\"card declined\"", "--retry", "0"]);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("worker.json");
    std::fs::write(
        &config,
        r#"{"log_format":"json","handlers":{"Fail":"builtin:fail","*":"builtin:echo"}}"#,
    )
    .unwrap();
    let run = worker(
        &server,
        &["--burst", "--json", "--config", config.to_str().unwrap()],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        !run.stderr.contains('\u{1b}'),
        "a raw escape reached the log"
    );
    let time = regex::Regex::new(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$").unwrap();
    let lines: Vec<Value> = run
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    for l in &lines {
        let keys: Vec<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys[..3], ["time", "level", "event"], "{l}");
        assert!(time.is_match(l["time"].as_str().unwrap()), "{l}");
        // Counts are numbers; every other value a string.
        for (k, v) in l.as_object().unwrap() {
            let number = [
                "concurrency",
                "processed",
                "failed",
                "retried",
                "dead",
                "discarded",
                "requeued",
            ]
            .contains(&k.as_str())
                || (k == "elapsed" && l["event"] == "job_done");
            assert!(
                if number { v.is_number() } else { v.is_string() },
                "{k}: {l}"
            );
        }
    }
    let event = |name: &str, jid: &str| -> &Value {
        lines
            .iter()
            .find(|l| l["event"] == name && (jid.is_empty() || l["jid"] == jid))
            .unwrap_or_else(|| panic!("no {name} for {jid:?} in {lines:#?}"))
    };
    assert_eq!(event("worker_started", "")["level"], "info");
    let shown = "Echo\\x1b]0;pwned\\x07";
    assert_eq!(event("job_start", &ok)["class"], shown);
    assert_eq!(event("job_done", &ok)["class"], shown);
    // The handler's output line, escaped the same way.
    let output = event("output", &ok)["line"].as_str().unwrap().to_string();
    assert!(output.contains(shown), "{output}");
    let dead = event("job_dead", &died);
    assert_eq!(
        (dead["level"].as_str(), dead["error"].as_str()),
        (Some("warn"), Some("RuntimeError"))
    );
    assert_eq!(event("worker_stopped", "")["reason"], "burst");
    assert_eq!(event("worker_started", "")["concurrency"], 10);
    // --json asked for the report: one line of it on stdout, like every other line.
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    serde_json::from_str::<Value>(&run.stdout).unwrap();
}

/// With --log-format json every line the worker writes, on stdout and stderr, is one JSON
/// object: the stop summary is the `worker_stopped` event (no table, no plain line), and an
/// error that ends it at start-up is an event too.
#[test]
fn json_logs_are_the_whole_stream() {
    let server = RedisServer::start();
    let ok = enqueue(&server, &["Echo"]);
    enqueue(&server, &["Fail", "--retry", "0"]);
    let (w, base) = listening(
        &server,
        &[
            "--log-format",
            "json",
            "--concurrency",
            "2",
            "--on-death",
            "sh -c 'echo hook says hi; echo and on stderr >&2'",
            "--handler",
            "Fail=builtin:fail",
            "--handler",
            "*=builtin:echo",
        ],
    );
    wait_until(HANG, "both jobs ran", || {
        w.stderr()
            .contains(&format!("\"job_done\",\"jid\":\"{ok}\""))
            && w.stderr().contains("death_hook_done")
    });
    let agent = new_agent();
    for path in ["/healthz", "/readyz", "/metrics"] {
        agent.get(format!("{base}{path}")).call().unwrap();
    }
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 1, "a job died: {}", run.stderr);
    let parse = |stream: &str, text: &str| -> Vec<Value> {
        text.lines()
            .map(|l| {
                serde_json::from_str::<Value>(l)
                    .ok()
                    .filter(Value::is_object)
                    .unwrap_or_else(|| panic!("{stream}: not a JSON object: {l}"))
            })
            .collect()
    };
    assert_eq!(run.stdout, "", "no table on stdout");
    let lines = parse("stderr", &run.stderr);
    let stopped = lines
        .iter()
        .find(|l| l["event"] == "worker_stopped")
        .unwrap_or_else(|| panic!("{}", run.stderr));
    assert_eq!(stopped["reason"], "stopped");
    for (field, n) in [
        ("processed", 1),
        ("failed", 1),
        ("dead", 1),
        ("retried", 0),
        ("requeued", 0),
    ] {
        assert_eq!(stopped[field], n, "{field}: {stopped}");
    }
    let started = lines
        .iter()
        .find(|l| l["event"] == "worker_started")
        .unwrap();
    assert_eq!(started["concurrency"], 2);
    assert_eq!(lines.last().unwrap()["event"], "worker_stopped");

    // An error that ends the worker before it starts: an event, and the exit code says so.
    let run = Cogctl::bare()
        .args([
            "--redis-url",
            "redis://127.0.0.1:1/0",
            "worker",
            "--log-format",
            "json",
            "--startup-wait",
            "1s",
        ])
        .run();
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines = parse("stderr", &run.stderr);
    assert_eq!(
        lines.last().unwrap()["event"],
        "worker_failed",
        "{}",
        run.stderr
    );
    assert!(
        lines.last().unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("cannot reach Redis at redis://127.0.0.1:1/0"),
        "{}",
        run.stderr
    );
    // So is a usage error in the settings.
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--log-format",
            "json",
            "--timeout-for",
            "nonsense",
        ])
        .run();
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines = parse("stderr", &run.stderr);
    assert_eq!(lines.last().unwrap()["event"], "worker_failed");
}

#[test]
fn procs_alive_for_a_live_a_killed_and_a_gem_process() {
    let server = RedisServer::start();
    // The gem's processes of a fixture (loaded by `cogctl fixture load`), at the time it was
    // captured.
    let load = |name: &str| {
        let path = crate::support::fixtures_dir().join(format!("{name}.json"));
        Cogctl::new(&server)
            .args(["fixture", "load", "--flush", path.to_str().unwrap()])
            .run()
            .success();
        crate::support::fixture(name)
    };
    let fixture = load("memory");
    let alive = |args: &[&str]| {
        Cogctl::new(&server)
            .now(fixture.captured_at)
            .args(["procs", "alive"])
            .args(args)
            .run()
    };
    let run = server.assert_read_only(|| alive(&["--hostname", "vm"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(run.stdout.ends_with("alive\n"), "{}", run.stdout);
    let run = alive(&["--identity", "vm:31694:57ef49409f19", "--json"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["alive"], true);
    assert_eq!(json["processes"][0]["beat_age_from"], "last_beat");
    let run = alive(&["--hostname", "vm", "--max-beat-age", "1s"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stderr.contains("no beat within 1s"), "{}", run.stderr);
    let run = alive(&["--hostname", "web-9"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("no process of host web-9 in cogworker:processes"),
        "{}",
        run.stderr
    );
    // The same host once its processes are gone (the orphaned fixture: no presence key).
    let fixture = load("orphaned");
    let run = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args(["procs", "alive", "--hostname", "vm"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stderr.contains("has a presence key (3 gone"),
        "{}",
        run.stderr
    );

    // A live cogctl worker of "pod-7" ($DYNO stands for the hostname, as in the gem), then
    // the same one killed: its presence stays up to 60 s, but its beat ages.
    server.exec(&[&["FLUSHALL"]]);
    let w = worker(&server, &["--handler", "*=builtin:noop"])
        .env("DYNO", "pod-7")
        .spawn();
    wait_until(HANG, "the worker beats", || {
        server.exists("cogworker:processes")
    });
    let live = |args: &[&str]| {
        Cogctl::new(&server)
            .env("DYNO", "pod-7")
            .args(["procs", "alive"])
            .args(args)
            .run()
    };
    assert_eq!(live(&[]).code, 0, "this machine: pod-7");
    assert_eq!(
        live(&["--hostname", "pod-7", "--max-beat-age", "2s"]).code,
        0
    );
    w.signal(libc::SIGKILL);
    w.wait(HANG);
    std::thread::sleep(Duration::from_millis(3100));
    let run = live(&["--hostname", "pod-7", "--max-beat-age", "2s", "--json"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["processes"][0]["state"], "stale");
    assert!(
        json["reason"]
            .as_str()
            .unwrap()
            .starts_with("no beat within 2s"),
        "{json}"
    );
    let identity = only_identity(&server);
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    let run = live(&["--identity", &identity]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("has no presence key"), "{}", run.stderr);
}

#[test]
fn quiet_and_stop_wait_for_the_job_in_flight() {
    let server = RedisServer::start();
    enqueue(&server, &["Slow", "2"]);
    let w = worker(
        &server,
        &[
            "-c",
            "1",
            "--timeout-drain",
            "2s",
            "--handler",
            "Slow=builtin:sleep",
        ],
    )
    .spawn();
    wait_until(HANG, "the worker beats", || {
        server.exists("cogworker:processes")
    });
    let identity = only_identity(&server);
    wait_until(HANG, "the job running", || {
        !server
            .hash(&format!("cogworker:workers:{identity}"))
            .is_empty()
    });
    // Done, and before its --wait (only a hang reaches it).
    let run = Cogctl::new(&server)
        .args(["--json", "procs", "quiet", &identity, "--wait", "5m"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.json()["wait"]["done"], true);
    // It returned once the job had finished, not before.
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1")
    );

    // Another job, longer than the wait: exit 1, naming the process still busy.
    enqueue(&server, &["Slow", "30"]);
    Cogctl::new(&server)
        .args(["procs", "resume", &identity])
        .run()
        .success();
    wait_until(HANG, "the second job running", || {
        !server
            .hash(&format!("cogworker:workers:{identity}"))
            .is_empty()
    });
    let run = Cogctl::new(&server)
        .args(["procs", "quiet", &identity, "--wait", "1s"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stdout
            .contains(&format!("still running: {identity} (1 job running)")),
        "{}",
        run.stdout
    );

    // Stop waits until the process is gone: its job requeued past the drain timeout, its
    // presence deleted last.
    let run = Cogctl::new(&server)
        .args([
            "--json", "procs", "stop", &identity, "--yes", "--wait", "60s",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.json()["wait"]["done"], true);
    assert!(!server.exists(&format!("cogworker:process:{identity}")));
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_busy_listen_address_is_a_usage_error_before_anything_starts() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let server = RedisServer::start();
    let run = worker(&server, &["--burst", "--listen", &addr]).run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(
        run.stderr.contains(&format!("cannot listen on {addr}")),
        "{}",
        run.stderr
    );
    assert!(!server.exists("cogworker:processes"), "it never beat");
}

#[test]
fn every_cogctl_line_of_the_production_page_parses() {
    use clap::Parser;
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/workers-in-production.md"
    ))
    .unwrap();
    // Lines ending in a backslash continue on the next one, as in a shell.
    let joined = page.replace("\\\n", " ");
    let lines: Vec<&str> = joined
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cogctl "))
        .collect();
    assert!(lines.len() >= 8, "{lines:?}");
    for line in lines {
        let command = line.split(" #").next().unwrap();
        let words = shell_words::split(command).unwrap();
        if let Err(e) = cogctl::cli::args::Cli::try_parse_from(&words) {
            panic!("`{command}`: {e}");
        }
    }
}

/// The kernel's (major, minor) version, from /proc/sys/kernel/osrelease.
fn kernel_version() -> (u32, u32) {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap();
    let mut parts = release
        .trim()
        .split(['.', '-'])
        .map(|p| p.parse().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

#[test]
fn the_thread_answering_a_scrape_asks_for_a_short_time_slice() {
    use std::io::{Read, Write};
    let server = RedisServer::start();
    let (w, base) = listening(&server, &[]);
    // A keep-alive connection holds its serving thread while the test looks at it.
    let mut conn = std::net::TcpStream::connect(base.trim_start_matches("http://")).unwrap();
    conn.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut answer = [0u8; 256];
    let n = conn.read(&mut answer).unwrap();
    assert!(
        answer[..n].starts_with(b"HTTP/1.1 200"),
        "{:?}",
        &answer[..n]
    );
    let pid = w.pid();
    let threads = || -> Vec<(String, Option<u64>)> {
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .unwrap()
            .filter_map(|t| {
                let t = t.ok()?.path();
                let comm = std::fs::read_to_string(t.join("comm")).ok()?;
                let sched = std::fs::read_to_string(t.join("sched")).unwrap_or_default();
                let slice = sched
                    .lines()
                    .find(|l| l.starts_with("se.slice"))
                    .and_then(|l| l.rsplit(':').next()?.trim().parse().ok());
                Some((comm.trim().to_string(), slice))
            })
            .collect()
    };
    // The readiness check's connection ends on its own; ours stays.
    wait_until(HANG, "one connection thread", || {
        threads().iter().filter(|(comm, _)| comm == "http").count() == 1
    });
    let slices = threads();
    let http: Vec<_> = slices.iter().filter(|(comm, _)| comm == "http").collect();
    if kernel_version() >= (6, 12) {
        assert_eq!(http[0].1, Some(100_000), "0.1 ms: {slices:?}");
        assert!(
            slices
                .iter()
                .filter(|(comm, _)| comm != "http")
                .all(|(_, slice)| *slice != Some(100_000)),
            "only the serving thread asks: {slices:?}"
        );
    }
    drop(conn);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
