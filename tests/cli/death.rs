//! Death hooks against a real redis-server, row by row of the gem's table (who runs them, for
//! which deaths, never for which): out of retries, `retry: false`/0, a "kill", a class without
//! a handler, orphan burial past max_orphanings (parked and raw), a failure filed later (a
//! settlement owed, an unsettled record), and `reconcile --on-death`; never a retry, a
//! discard, an unparseable element or a success. Each hook runs once per death, after the
//! acknowledgement, with the dead entry exactly as stored; one that hangs is killed.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, wait_until};
use crate::worker::worker;

/// A hook that records each run as one JSON line: its tag, the COGCTL_* variables, the
/// entry it read on stdin, and at that moment how many in-progress lists held its jid and
/// whether the dead set did.
struct Recorder {
    _dir: tempfile::TempDir,
    script: PathBuf,
    log: PathBuf,
}

impl Recorder {
    fn new() -> Recorder {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("hook.py");
        std::fs::write(
            &script,
            r#"import json, os, subprocess, sys
tag, log, sock = sys.argv[1], sys.argv[2], sys.argv[3]
entry = sys.stdin.buffer.read().decode()
jid = os.environ.get("COGCTL_JID", "")
def cli(*args):
    return subprocess.run(["redis-cli", "-s", sock, "--raw", *args], capture_output=True,
                          text=True).stdout.splitlines()
inprogress = sum(1 for key in cli("--scan", "--pattern", "cogworker:inprogress:*")
                 for raw in cli("LRANGE", key, "0", "-1") if jid and jid in raw)
in_dead = any(jid in raw for raw in cli("ZRANGE", "cogworker:dead", "0", "-1"))
record = {"tag": tag, "entry": entry, "inprogress": inprogress, "in_dead": in_dead}
for k, v in os.environ.items():
    if k.startswith("COGCTL_"):
        record[k] = v
with open(log, "a") as f:
    f.write(json.dumps(record) + "\n")
"#,
        )
        .unwrap();
        let log = dir.path().join("hooks.ndjson");
        Recorder {
            _dir: dir,
            script,
            log,
        }
    }

    /// The hook command recording under `tag`.
    fn command(&self, tag: &str, server: &RedisServer) -> String {
        shell_words::join([
            "/usr/bin/python3",
            self.script.to_str().unwrap(),
            tag,
            self.log.to_str().unwrap(),
            &socket(server),
        ])
    }

    fn runs(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

fn socket(server: &RedisServer) -> String {
    server.url().trim_start_matches("unix://").to_string()
}

fn enqueue(server: &RedisServer, args: &[&str]) -> String {
    let run = Cogctl::new(server).args(["enqueue"]).args(args).run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout.trim().to_string()
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The dead set's members by jid.
fn dead_by_jid(server: &RedisServer) -> BTreeMap<String, String> {
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    dead.into_iter()
        .map(|(m, _)| (json(&m)["jid"].as_str().unwrap_or("").to_string(), m))
        .collect()
}

/// (tag, reason) of each run for `jid`, in the order they ran.
fn runs_for(runs: &[Value], jid: &str) -> Vec<(String, String)> {
    runs.iter()
        .filter(|r| r["COGCTL_JID"] == jid)
        .map(|r| {
            (
                r["tag"].as_str().unwrap().to_string(),
                r["COGCTL_DEATH_REASON"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn each_row_of_the_table_runs_the_hooks_it_should_once_after_the_ack() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    let exhausted = enqueue(&server, &["Fail", "\"out of retries\"", "--retry", "0"]);
    let no_retry = enqueue(&server, &["Fail", "\"no retries\"", "--retry", "false"]);
    let killed = enqueue(
        &server,
        &["Fail", "\"kill me\"", "\"kill\"", "--retry", "5"],
    );
    let ghost = enqueue(&server, &["Ghost", "--retry", "0"]);
    let discarded = enqueue(
        &server,
        &["Fail", "\"discard me\"", "\"discard\"", "--retry", "5"],
    );
    let retried = enqueue(&server, &["Fail", "\"later\"", "3600", "--retry", "5"]);
    let fine = enqueue(&server, &["Fine"]);
    server.exec(&[&["LPUSH", "cogworker:queue:default", "{not json"]]);
    let run = worker(
        &server,
        &[
            "--burst",
            "--json",
            "-c",
            "1",
            "--handler",
            "Fail=builtin:fail",
            "--handler",
            "Fine=builtin:noop",
            "--on-death-for",
            &format!("Fail={}", hooks.command("class", &server)),
            // A class without a handler: its own hook never runs, as the gem can't load it.
            "--on-death-for",
            &format!("Ghost={}", hooks.command("ghost-class", &server)),
            "--on-death",
            &hooks.command("global", &server),
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(summary["dead"], 5, "{summary}");
    let runs = hooks.runs();
    let both = |reason: &str| {
        vec![
            ("class".to_string(), reason.to_string()),
            ("global".to_string(), reason.to_string()),
        ]
    };
    assert_eq!(runs_for(&runs, &exhausted), both("exhausted"));
    assert_eq!(runs_for(&runs, &no_retry), both("exhausted"));
    assert_eq!(runs_for(&runs, &killed), both("killed"));
    assert_eq!(
        runs_for(&runs, &ghost),
        [("global".to_string(), "no_handler".to_string())]
    );
    for jid in [&discarded, &retried, &fine] {
        assert_eq!(runs_for(&runs, jid), [], "no hook for {jid}");
    }
    // 3 × 2 + 1: nothing for the unparseable element either.
    assert_eq!(runs.len(), 7, "{runs:#?}");
    let dead = dead_by_jid(&server);
    for r in &runs {
        let jid = r["COGCTL_JID"].as_str().unwrap();
        // The entry as stored in dead, byte for byte, and the fields of it.
        assert_eq!(r["entry"].as_str(), dead.get(jid).map(String::as_str));
        let entry = json(r["entry"].as_str().unwrap());
        assert_eq!(r["COGCTL_CLASS"], entry["class"]);
        assert_eq!(r["COGCTL_QUEUE"], "default");
        assert_eq!(r["COGCTL_ERROR_CLASS"], entry["error_class"]);
        assert_eq!(r["COGCTL_ERROR_MESSAGE"], entry["error_message"]);
        // After the job was in dead and acknowledged.
        assert_eq!(r["inprogress"], 0, "{r}");
        assert_eq!(r["in_dead"], true, "{r}");
    }
    let ghost_run = runs
        .iter()
        .find(|r| r["COGCTL_JID"] == ghost.as_str())
        .unwrap();
    assert_eq!(ghost_run["COGCTL_ERROR_CLASS"], "NameError");
    assert!(
        run.stderr.matches("event=death_hook_done").count() == 7,
        "{}",
        run.stderr
    );
}

/// An orphan of a dead process `D` on its in-progress list, already orphaned `times` times.
fn orphan(server: &RedisServer, identity: &str, jid: &str, times: &str) -> String {
    let raw = format!(
        r#"{{"class":"Lost","args":[],"jid":"{jid}","queue":"default","retry":true,"created_at":1.0,"enqueued_at":1.0}}"#
    );
    server.exec(&[
        &["RPUSH", &format!("cogworker:inprogress:{identity}"), &raw],
        &["SADD", "cogworker:inprogress_identities", identity],
        &["HSET", "cogworker:last_beat", identity, "1"],
        &["SET", &format!("cogworker:orphanings:{jid}"), times],
    ]);
    raw
}

#[test]
fn orphan_burial_past_max_orphanings_runs_the_hooks_as_orphaned() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    orphan(
        &server,
        "gone:1:aaaaaaaaaaaa",
        "parkedjid0000000000000aa",
        "1",
    );
    // Orphaned once before: this time it is parked (1 > --max-orphanings 1), then buried.
    let w = worker(
        &server,
        &[
            "--max-orphanings",
            "1",
            "--orphan-threshold",
            "1s",
            "--handler",
            "*=builtin:noop",
            "--on-death-for",
            &format!("Lost={}", hooks.command("class", &server)),
            "--on-death",
            &hooks.command("global", &server),
        ],
    )
    .spawn();
    wait_until(HANG, "the parked orphan's hooks", || {
        hooks.runs().len() >= 2
    });
    // More orphan passes: the burial is not hooked twice.
    std::thread::sleep(Duration::from_millis(1000));
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let runs = hooks.runs();
    assert_eq!(runs.len(), 2, "once per death: {runs:#?}");
    let dead = dead_by_jid(&server);
    let jid = "parkedjid0000000000000aa";
    assert_eq!(
        runs_for(&runs, jid),
        [
            ("class".to_string(), "orphaned".to_string()),
            ("global".to_string(), "orphaned".to_string())
        ]
    );
    let r = runs.iter().find(|r| r["COGCTL_JID"] == jid).unwrap();
    assert_eq!(r["entry"].as_str(), dead.get(jid).map(String::as_str));
    assert_eq!(r["COGCTL_ERROR_CLASS"], "Cogworker::ProcessDied");
    assert!(
        r["COGCTL_ERROR_MESSAGE"]
            .as_str()
            .unwrap()
            .contains("more than 1 times"),
        "{r}"
    );
}

#[test]
fn failures_filed_later_run_the_hooks_as_filed() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    // A record parked by some process's shutdown (the gem's or ours): filed in dead by the
    // worker's orphan pass.
    let parked = r#"{"class":"Parked","args":[],"jid":"parkedrecord000000000000","queue":"default","retry":0,"retry_count":1,"error_class":"RuntimeError","error_message":"boom","failed_at":1.5}"#;
    let record = serde_json::json!({"set": "cogworker:dead", "score": 1.5, "payload": parked});
    server.exec(&[&["RPUSH", "cogworker:unsettled", &record.to_string()]]);
    // A failure that can't be recorded (the worker's user may not ZADD): owed, and filed by
    // the worker itself as soon as it may.
    server.exec(&[&[
        "ACL", "SETUSER", "nozadd", "on", ">pw", "~*", "&*", "+@all", "-zadd",
    ]]);
    let owed = enqueue(&server, &["Fail", "\"kaput\"", "--retry", "0"]);
    let url = format!("{}?user=nozadd&pass=pw", server.url());
    let w = worker(
        &server,
        &[
            "-c",
            "1",
            "--handler",
            "Fail=builtin:fail",
            "--on-death",
            &hooks.command("global", &server),
        ],
    )
    .env("COGCTL_REDIS_URL", &url)
    .spawn();
    wait_until(HANG, "the failure owed", || {
        w.stderr().contains("event=settlement_pending")
    });
    assert!(hooks.runs().is_empty(), "nothing filed yet: no hook");
    server.exec(&[&["ACL", "SETUSER", "nozadd", "+zadd"]]);
    wait_until(HANG, "both filed, both hooked", || hooks.runs().len() >= 2);
    std::thread::sleep(Duration::from_millis(800));
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 1, "a job died: {}", run.stderr);
    let runs = hooks.runs();
    assert_eq!(runs.len(), 2, "{runs:#?}");
    let dead = dead_by_jid(&server);
    for jid in [owed.as_str(), "parkedrecord000000000000"] {
        assert_eq!(
            runs_for(&runs, jid),
            [("global".to_string(), "filed".to_string())]
        );
        let r = runs.iter().find(|r| r["COGCTL_JID"] == jid).unwrap();
        assert_eq!(r["entry"].as_str(), dead.get(jid).map(String::as_str));
        assert_eq!(r["inprogress"], 0);
    }
    assert_eq!(
        runs.iter()
            .find(|r| r["COGCTL_JID"] == owed.as_str())
            .unwrap()["COGCTL_ERROR_MESSAGE"],
        "kaput"
    );
}

#[test]
fn a_hook_that_hangs_is_killed_at_its_timeout_and_holds_up_nothing() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    // It leaves a child behind in its group, then hangs.
    let hang = shell_words::join([
        "/bin/sh",
        "-c",
        "sleep 300 & echo $! >> \"$0\"; sleep 300",
        pidfile.to_str().unwrap(),
    ]);
    for i in 0..2 {
        enqueue(&server, &["Fail", &format!("\"dies {i}\""), "--retry", "0"]);
    }
    for _ in 0..20 {
        enqueue(&server, &["Fine"]);
    }
    // Two deaths, each with a hook that would run 300 s, killed after 1 s: the run waits
    // for them, no longer (only a hang misses HANG).
    let run = worker(
        &server,
        &[
            "--burst",
            "--json",
            "-c",
            "2",
            "--handler",
            "Fail=builtin:fail",
            "--handler",
            "Fine=builtin:noop",
            "--on-death-timeout",
            "1s",
            "--on-death",
            &hang,
            "--on-death",
            &hooks.command("after", &server),
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 20);
    assert_eq!(
        run.stderr.matches("event=death_hook_timeout").count(),
        2,
        "{}",
        run.stderr
    );
    // The next hook still ran, for each death.
    assert_eq!(hooks.runs().len(), 2);
    // The whole group went, the child it left too.
    let pids = std::fs::read_to_string(&pidfile).unwrap();
    for pid in pids.lines() {
        let pid: i32 = pid.trim().parse().unwrap();
        wait_until(HANG, "the hook's child killed", || {
            // SAFETY: signal 0 only checks that the process exists.
            let exists = unsafe { libc::kill(pid, 0) } == 0;
            !exists
        });
    }
}

#[test]
fn reconcile_runs_the_hooks_of_what_it_buries_and_files() {
    let server = RedisServer::start();
    let fixture = server.load("orphaned");
    let hooks = Recorder::new();
    let run = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args([
            "--json",
            "reconcile",
            "--on-death",
            &hooks.command("reconcile", &server),
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let report = run.json();
    assert_eq!(report["buried_repeat_orphans"].as_array().unwrap().len(), 1);
    assert_eq!(report["unsettled"]["into_dead"], 1);
    assert_eq!(
        report["death_hooks"],
        serde_json::json!({"jobs": 2, "ok": 2, "failed": 0, "timed_out": 0})
    );
    let runs = hooks.runs();
    let mut reasons: Vec<&str> = runs
        .iter()
        .map(|r| r["COGCTL_DEATH_REASON"].as_str().unwrap())
        .collect();
    reasons.sort();
    assert_eq!(reasons, ["filed", "orphaned"]);
    let dead = dead_by_jid(&server);
    for r in &runs {
        let jid = r["COGCTL_JID"].as_str().unwrap();
        assert_eq!(r["entry"].as_str(), dead.get(jid).map(String::as_str));
    }
    // A second pass finds nothing to file: no hook runs again.
    let again = Cogctl::new(&server)
        .now(fixture.captured_at)
        .args([
            "--json",
            "reconcile",
            "--on-death",
            &hooks.command("again", &server),
        ])
        .run();
    assert_eq!(again.code, 0, "{}", again.snapshot());
    assert_eq!(again.json()["death_hooks"]["jobs"], 0);
    assert_eq!(hooks.runs().len(), 2);
}

#[test]
fn a_raw_burial_completed_by_reconcile_runs_the_hooks_as_orphaned() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    // The parking list unusable: REQUEUE files the raw job straight into dead, and the caller
    // swaps in the proper entry; that burial is a death like a parked one's.
    server.exec(&[&["SET", "cogworker:repeat_orphans", "not a list"]]);
    orphan(
        &server,
        "gone:2:bbbbbbbbbbbb",
        "rawburialjid00000000000b",
        "3",
    );
    let run = Cogctl::new(&server)
        .args([
            "--json",
            "reconcile",
            "--orphan-threshold",
            "1s",
            "--on-death",
            &hooks.command("reconcile", &server),
        ])
        .run();
    // Partial: the parking list itself is named as a problem.
    assert_eq!(run.code, 4, "{}", run.snapshot());
    assert_eq!(run.json()["lists"][0]["buried"], 1);
    let runs = hooks.runs();
    assert_eq!(
        runs_for(&runs, "rawburialjid00000000000b"),
        [("reconcile".to_string(), "orphaned".to_string())]
    );
    let dead = dead_by_jid(&server);
    assert_eq!(dead.len(), 1);
    assert_eq!(
        runs[0]["entry"].as_str(),
        dead.get("rawburialjid00000000000b").map(String::as_str)
    );
    assert_eq!(runs[0]["COGCTL_ERROR_CLASS"], "Cogworker::ProcessDied");
}

#[test]
fn two_reconciles_at_once_run_each_deaths_hook_once() {
    let server = RedisServer::start();
    let hooks = Recorder::new();
    let mut jids = Vec::new();
    for i in 0..30 {
        let jid = format!("unsettled{i:015}");
        let payload = format!(
            r#"{{"class":"K","args":[{i}],"jid":"{jid}","queue":"default","error_class":"E","error_message":"m{i}"}}"#
        );
        let record = serde_json::json!({"set": "cogworker:dead", "score": i, "payload": payload});
        server.exec(&[&["RPUSH", "cogworker:unsettled", &record.to_string()]]);
        jids.push(jid);
    }
    let command = hooks.command("r", &server);
    std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|_| {
                let command = command.clone();
                let server = &server;
                s.spawn(move || {
                    Cogctl::new(server)
                        .args(["--json", "reconcile", "--on-death", &command])
                        .run()
                })
            })
            .collect();
        for r in runs {
            let r = r.join().unwrap();
            assert_eq!(r.code, 0, "{}", r.snapshot());
        }
    });
    let runs = hooks.runs();
    let mut seen: Vec<&str> = runs
        .iter()
        .map(|r| r["COGCTL_JID"].as_str().unwrap())
        .collect();
    seen.sort();
    assert_eq!(seen, jids.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(dead_by_jid(&server).len(), 30);
}

#[test]
fn bad_hook_specs_are_usage_errors_and_nothing_runs() {
    let server = RedisServer::start();
    enqueue(&server, &["Fine"]);
    for args in [
        &["--on-death", ""][..],
        &["--on-death", "'unclosed"],
        &["--on-death-for", "nocommand"],
        &["--on-death", "true", "--on-death-timeout", "0s"],
    ] {
        let run = worker(&server, &["--burst"]).args(args).run();
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert!(run.stderr.contains("--on-death"), "{}", run.stderr);
    }
    assert_eq!(server.list("cogworker:queue:default").len(), 1);
}
