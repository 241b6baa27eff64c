//! Long-running handlers (`serve:COMMAND`): the example handlers of examples/ in Python and
//! Node run real jobs — success, failures with retry_in decisions, a crash mid-job, timeouts,
//! recycling by count and by memory — and the worker's memory history includes theirs.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, wait_until};

fn example(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn python() -> String {
    format!("*=serve:python3 {}", example("serve_handler.py"))
}

fn node() -> String {
    format!("*=serve:node {}", example("serve_handler.js"))
}

fn enqueue(server: &RedisServer, specs: &[&str]) {
    let lines: String = specs.iter().map(|s| format!("{s}\n")).collect();
    let run = Cogctl::new(server)
        .args(["enqueue", "--from", "-"])
        .stdin(lines.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

fn burst(server: &RedisServer, args: &[&str]) -> crate::support::Run {
    Cogctl::new(server)
        .args(["worker", "--burst", "--json", "-c", "1"])
        .args(args)
        .spawn()
        .wait(HANG)
}

/// How many times each event was logged.
fn events(stderr: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for line in stderr.lines() {
        if let Some(rest) = line.split(" event=").nth(1) {
            let event = rest.split(' ').next().unwrap_or_default().to_string();
            *out.entry(event).or_insert(0) += 1;
        }
    }
    out
}

fn dead_by_class(server: &RedisServer) -> BTreeMap<String, Value> {
    server
        .zset::<String, f64>("cogworker:dead")
        .into_iter()
        .map(|(m, _)| {
            let v: Value = serde_json::from_str(&m).unwrap();
            (v["class"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

/// `fail_class`: how the language names the error the Fail job raises.
fn the_example_runs_jobs(handler: &str, fail_class: &str) {
    let server = RedisServer::start();
    enqueue(
        &server,
        &[
            r#"{"class":"Noop","args":[1]}"#,
            r#"{"class":"Fail","args":["boom"],"retry":0}"#,
            r#"{"class":"Charge","args":["declined"],"retry":5}"#,
            r#"{"class":"Crash","args":[],"retry":0}"#,
            r#"{"class":"Noop","args":[2]}"#,
            r#"{"class":"Missing","args":[],"retry":0}"#,
            r#"{"class":"Noop","args":[3]}"#,
        ],
    );
    let run = burst(&server, &["--handler", handler]);
    assert_eq!(run.code, 1, "jobs died: {}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 3, "{}", run.stderr);
    assert_eq!(summary["dead"], 4, "{}", run.stderr);
    let dead = dead_by_class(&server);
    assert_eq!(dead["Fail"]["error_class"], fail_class);
    assert_eq!(dead["Fail"]["error_message"], "boom");
    // "kill": dead at once though retries were left.
    assert_eq!(dead["Charge"]["error_class"], "Declined");
    assert_eq!(dead["Charge"]["retry_count"], 1);
    assert_eq!(dead["Crash"]["error_class"], "Cogctl::HandlerExited");
    assert!(
        dead["Crash"]["error_message"]
            .as_str()
            .unwrap()
            .contains("exited with status 3"),
        "{}",
        dead["Crash"]
    );
    assert_eq!(dead["Missing"]["error_class"], "NameError");
    // One process for the jobs before the crash, one after; its stderr logged with the jid.
    let seen = events(&run.stderr);
    assert_eq!(seen.get("handler_started"), Some(&2), "{}", run.stderr);
    assert_eq!(seen.get("handler_replaced"), Some(&1), "{}", run.stderr);
    assert!(
        run.stderr.contains("| crashing on purpose"),
        "{}",
        run.stderr
    );
    // Nothing left: no job lost.
    assert!(!server.exists("cogworker:queue:default"));
    assert!(server.zset::<String, f64>("cogworker:retry").is_empty());
}

#[test]
fn the_python_example_runs_real_jobs() {
    the_example_runs_jobs(&python(), "RuntimeError");
}

#[test]
fn the_node_example_runs_real_jobs() {
    the_example_runs_jobs(&node(), "Error");
}

#[test]
fn a_retry_in_decision_from_a_reply_schedules_the_retry() {
    let server = RedisServer::start();
    enqueue(&server, &[r#"{"class":"RetryIn","args":[]}"#]);
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let run = burst(&server, &["--handler", &python()]);
    assert_eq!(
        run.code, 1,
        "--burst: the failed run fails it: {}",
        run.stderr
    );
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), 1);
    let job: Value = serde_json::from_str(&retry[0].0).unwrap();
    assert_eq!(job["error_class"], "TimeoutError");
    // retry: 5 → exactly five seconds, no jitter.
    assert!(
        (retry[0].1 - before - 5.0).abs() < 2.0,
        "{} vs {before}",
        retry[0].1
    );
}

#[test]
fn a_timeout_stops_the_process_and_the_next_job_gets_a_new_one() {
    let server = RedisServer::start();
    enqueue(
        &server,
        &[
            r#"{"class":"Sleep","args":[300],"retry":0}"#,
            r#"{"class":"Noop","args":[]}"#,
        ],
    );
    // The sleeper would hold the run past HANG but for its timeout.
    let run = burst(
        &server,
        &[
            "--handler",
            &python(),
            "--timeout",
            "1s",
            "--kill-grace",
            "1s",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        dead_by_class(&server)["Sleep"]["error_class"],
        "Cogctl::HandlerTimeout"
    );
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 1);
    assert_eq!(events(&run.stderr).get("handler_started"), Some(&2));
}

#[test]
fn handlers_are_recycled_by_count_and_by_memory() {
    let server = RedisServer::start();
    let noops: Vec<String> = (0..5)
        .map(|i| format!(r#"{{"class":"Noop","args":[{i}]}}"#))
        .collect();
    enqueue(
        &server,
        &noops.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let run = burst(&server, &["--handler", &python(), "--recycle-after", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let seen = events(&run.stderr);
    assert_eq!(seen.get("handler_recycled"), Some(&2), "{}", run.stderr);
    assert_eq!(seen.get("handler_started"), Some(&3), "{}", run.stderr);
    // A handler that keeps 40 MB per job, recycled above 60 MB: a new one every other job.
    let leaks: Vec<&str> = vec![r#"{"class":"Leak","args":[40]}"#; 4];
    enqueue(&server, &leaks);
    let run = burst(
        &server,
        &["--handler", &python(), "--recycle-above", "60MB"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let seen = events(&run.stderr);
    assert_eq!(seen.get("handler_recycled"), Some(&2), "{}", run.stderr);
    assert!(
        run.stderr.contains("KB resident, above 61440 KB"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_handler_that_breaks_the_protocol_fails_the_job_and_is_replaced() {
    let server = RedisServer::start();
    enqueue(
        &server,
        &[
            r#"{"class":"Chatty","args":[],"retry":0}"#,
            r#"{"class":"Chatty","args":[],"retry":0}"#,
        ],
    );
    // Reads a request, then prints something that isn't a reply.
    let handler = "Chatty=serve:/bin/sh -c 'while read line; do echo hello; done'";
    let run = burst(&server, &["--handler", handler]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 2);
    for (member, _) in dead {
        let job: Value = serde_json::from_str(&member).unwrap();
        assert_eq!(job["error_class"], "Cogctl::HandlerProtocolError");
        assert!(
            job["error_message"].as_str().unwrap().contains("hello"),
            "{job}"
        );
    }
}

#[test]
fn the_worker_memory_includes_its_handlers_and_drops_when_one_is_recycled() {
    let server = RedisServer::start();
    enqueue(
        &server,
        &[
            r#"{"class":"Leak","args":[80]}"#,
            r#"{"class":"Sleep","args":[3]}"#,
        ],
    );
    let w = Cogctl::new(&server)
        .args([
            "worker",
            "-c",
            "1",
            "--beat-interval",
            "0.2s",
            "--handler",
            &python(),
        ])
        .spawn();
    let info = |server: &RedisServer| -> Option<Value> {
        let mut conn = server.conn();
        let ids: Vec<String> = redis::cmd("SMEMBERS")
            .arg("cogworker:processes")
            .query(&mut conn)
            .ok()?;
        let id = ids.first()?;
        let text: Option<String> = redis::cmd("HGET")
            .arg(format!("cogworker:process:{id}"))
            .arg("info")
            .query(&mut conn)
            .ok()?;
        serde_json::from_str(&text?).ok()
    };
    // While the Sleep job runs, the beat counts the handler holding 80 MB.
    wait_until(HANG, "a beat counting the handler", || {
        info(&server)
            .is_some_and(|i| i["handlers"] == 1 && i["rss_kb"].as_u64().unwrap_or(0) > 80 * 1024)
    });
    let with = info(&server).unwrap();
    assert!(
        with["handlers_rss_kb"].as_u64().unwrap() > 80 * 1024,
        "{with}"
    );
    // procs says so.
    let procs = Cogctl::new(&server).args(["--json", "procs"]).run();
    let procs = procs.success().json();
    assert_eq!(procs["processes"][0]["handlers"], 1, "{procs:#}");
    let table = Cogctl::new(&server).args(["procs"]).run();
    assert!(table.stdout.contains("(1 handler: "), "{}", table.stdout);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Recycled by memory instead, the next beat's figure drops.
    enqueue(
        &server,
        &[
            r#"{"class":"Leak","args":[80]}"#,
            r#"{"class":"Sleep","args":[3]}"#,
        ],
    );
    let w = Cogctl::new(&server)
        .args([
            "worker",
            "-c",
            "1",
            "--beat-interval",
            "0.2s",
            "--recycle-above",
            "50MB",
            "--handler",
            &python(),
        ])
        .spawn();
    wait_until(HANG, "a beat with the recycled handler", || {
        info(&server).is_some_and(|i| i["handlers"] == 1)
    });
    let after = info(&server).unwrap();
    assert!(
        after["handlers_rss_kb"].as_u64().unwrap() < 50 * 1024,
        "{after}"
    );
    w.signal(libc::SIGTERM);
    assert_eq!(w.wait(HANG).code, 0);
}

#[test]
fn term_lets_a_serve_job_finish_and_the_handler_exits_on_eof() {
    let server = RedisServer::start();
    enqueue(&server, &[r#"{"class":"Sleep","args":[1]}"#]);
    let w = Cogctl::new(&server)
        .args(["worker", "-c", "1", "--json", "--handler", &python()])
        .spawn();
    wait_until(HANG, "the job running", || {
        !server.exists("cogworker:queue:default")
    });
    std::thread::sleep(Duration::from_millis(300));
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["processed"], 1, "{}", run.stderr);
    assert_eq!(summary["requeued"], 0);
}
