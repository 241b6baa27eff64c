//! `dead retry --canary`: a retry in watched steps against a real upstream that is down, then
//! up, or that fails under a burst; run by real `cogctl worker` processes; stopped by Ctrl-C,
//! by a step that doesn't run in time, and killed mid-step. The dead sets are made by real
//! workers failing real jobs (`retry: 0`), as the gem leaves them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Spawned, wait_until};

/// The upstream a handler calls: down while the file `down` exists in its directory, and
/// (with `burst`) failing every run above `burst` started in the same second. Each run that
/// succeeds appends its jid to `ran`.
struct Upstream {
    dir: tempfile::TempDir,
}

impl Upstream {
    fn new(burst: Option<u32>) -> Upstream {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let burst_check = match burst {
            Some(n) => format!(
                "s=$(date +%s)\n\
                 n=$(flock {d}/lock sh -c 'n=$(cat {d}/c.'$s' 2>/dev/null || echo 0); n=$((n+1)); echo $n > {d}/c.'$s'; echo $n')\n\
                 if [ \"$n\" -gt {n} ]; then echo 'Net::ReadTimeout: the charge timed out' >&2; exit 1; fi\n"
            ),
            None => String::new(),
        };
        let script = format!(
            "#!/bin/sh\n\
             if [ -e {d}/down ]; then echo 'Net::ReadTimeout: the charge timed out' >&2; exit 1; fi\n\
             {burst_check}\
             echo \"$COGCTL_JID\" >> {d}/ran\n"
        );
        let path = dir.path().join("charge.sh");
        std::fs::write(&path, script).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        Upstream { dir }
    }

    fn handler(&self) -> String {
        self.handler_for("Billing::ChargeJob")
    }

    /// `CLASS=PROGRAM`: `class` run by this upstream's handler.
    fn handler_for(&self, class: &str) -> String {
        format!("{class}={}", self.dir.path().join("charge.sh").display())
    }

    fn down(&self) {
        std::fs::write(self.dir.path().join("down"), "").unwrap();
    }

    fn up(&self) {
        let _ = std::fs::remove_file(self.dir.path().join("down"));
    }

    /// The jids of the runs that succeeded, each with how many times it ran.
    fn ran(&self) -> BTreeMap<String, u32> {
        let mut out = BTreeMap::new();
        let text = std::fs::read_to_string(self.dir.path().join("ran")).unwrap_or_default();
        for jid in text.lines() {
            *out.entry(jid.to_string()).or_default() += 1;
        }
        out
    }
}

/// Jobs of each `(class, queue, count)` enqueued with `retry: 0` through `via` and failed by
/// a real worker while the upstream is down: the dead set holds them as the gem leaves them.
/// The worker flags that run those classes on those queues (`-q …`, `--handler …`).
fn died(
    via: &dyn Fn() -> Cogctl,
    upstream: &Upstream,
    groups: &[(&str, &str, usize)],
    dir: &Path,
) -> Vec<String> {
    upstream.down();
    let mut specs = String::new();
    let mut flags: Vec<String> = Vec::new();
    for &(class, queue, n) in groups {
        for i in 0..n {
            specs.push_str(&format!(
                "{{\"class\":\"{class}\",\"args\":[{i}],\"queue\":\"{queue}\",\"retry\":0}}\n"
            ));
        }
        flags.extend(["-q".to_string(), queue.to_string()]);
        flags.extend(["--handler".to_string(), upstream.handler_for(class)]);
    }
    let file = dir.join("jobs.ndjson");
    std::fs::write(&file, specs).unwrap();
    via()
        .args(["enqueue", "--from", file.to_str().unwrap(), "--no-undo"])
        .run()
        .success();
    let worker = via()
        .args(["worker", "--burst", "-c", "10"])
        .args(&flags)
        .run();
    assert_eq!(worker.code, 1, "every job died: {}", worker.snapshot());
    flags
}

/// `n` charges on billing, died (`died`).
fn charges_died(server: &RedisServer, upstream: &Upstream, n: usize, dir: &Path) {
    died(
        &|| Cogctl::new(server),
        upstream,
        &[("Billing::ChargeJob", "billing", n)],
        dir,
    );
    assert_eq!(dead(server).len(), n);
}

fn worker(server: &RedisServer, upstream: &Upstream) -> Spawned {
    Cogctl::new(server)
        .args(["worker", "-q", "billing", "-c", "10", "--handler"])
        .args([upstream.handler()])
        .spawn()
}

fn stop(worker: Spawned) {
    worker.signal(libc::SIGTERM);
    let run = worker.wait(HANG);
    assert!(run.code == 0 || run.code == 1, "{}", run.snapshot());
}

/// The dead set, member → score, as stored.
fn dead(server: &RedisServer) -> BTreeMap<Vec<u8>, String> {
    let pairs: Vec<(Vec<u8>, String)> = redis::cmd("ZRANGE")
        .arg("cogworker:dead")
        .arg(0)
        .arg(-1)
        .arg("WITHSCORES")
        .query(&mut server.conn())
        .unwrap();
    pairs.into_iter().collect()
}

fn jid_of(member: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(member).unwrap();
    v["jid"].as_str().unwrap().to_string()
}

/// The jobs waiting on billing.
fn queued(server: &RedisServer) -> u64 {
    redis::cmd("LLEN")
        .arg("cogworker:queue:billing")
        .query(&mut server.conn())
        .unwrap()
}

/// A canary run of `first` (with no worker), sent `signal` while it watches: once billing
/// holds `waiting` jobs (its canaries among them).
fn signalled_while_watching(
    server: &RedisServer,
    first: &str,
    waiting: u64,
    signal: i32,
) -> crate::support::Run {
    let run = Cogctl::new(server)
        .args([
            "dead", "retry", "--all", "--canary", first, "--yes", "--json",
        ])
        .spawn();
    wait_until(HANG, "the canaries to be queued", || {
        queued(server) == waiting
    });
    std::thread::sleep(Duration::from_millis(300));
    run.signal(signal);
    run.wait(HANG)
}

fn canary_run(server: &RedisServer, extra: &[&str]) -> crate::support::Run {
    Cogctl::new(server)
        .args([
            "dead", "retry", "--all", "--canary", "10", "--yes", "--json",
        ])
        .args(extra)
        .run()
}

/// `n` charges died; with the jobs run by what `runner` starts: a canary run of `first`
/// while the upstream is down stops at its first step, every entry but its canaries where
/// it was, byte for byte; once the upstream is up, a second run moves everything in steps and
/// every job runs exactly once. The two runs' reports.
fn down_then_up<R>(
    n: usize,
    first: &str,
    runner: impl FnOnce(&RedisServer, &Upstream) -> R,
    done: impl FnOnce(R),
) -> (serde_json::Value, serde_json::Value) {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, n, scratch.path());
    let before = dead(&server);
    let running = runner(&server, &upstream);
    let canary_run = || {
        Cogctl::new(&server)
            .args([
                "dead", "retry", "--all", "--canary", first, "--yes", "--json",
            ])
            .run()
    };

    // Down: the canaries fail again and nothing else moves.
    let run = canary_run();
    assert_eq!(run.code, 6, "{}", run.snapshot());
    let down = run.json();
    let steps = down["canary"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1, "{down}");
    assert_eq!(steps[0]["moved"].to_string(), first);
    assert_eq!(steps[0]["outcome"], "failed");
    assert!(steps[0]["failed"].as_u64().unwrap() >= 1, "{down}");
    assert_eq!(steps[0]["failed"], steps[0]["failed_same"], "{down}");
    assert!(
        down["canary"]["stopped"]
            .as_str()
            .unwrap()
            .contains("failed again"),
        "{down}"
    );
    assert!(
        down["take_back"]
            .as_str()
            .unwrap()
            .starts_with("cogctl undo u-")
    );
    let moved: BTreeSet<String> = down["canary"]["canaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["jid"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(moved.len().to_string(), first);
    // Every entry but the canaries is where it was, byte for byte and with its score.
    wait_until(HANG, "the canaries to die again", || {
        dead(&server).len() == n
    });
    let after = dead(&server);
    for (member, score) in &before {
        if moved.contains(&jid_of(member)) {
            assert!(!after.contains_key(member), "a canary's old entry is gone");
        } else {
            assert_eq!(after.get(member), Some(score), "left untouched");
        }
    }
    assert!(upstream.ran().is_empty());
    // The one audit entry of the run keeps its steps.
    let audit = Cogctl::new(&server)
        .args(["audit", "--json", "--limit", "1"])
        .run();
    assert!(audit.stdout.contains("canary"), "{}", audit.stdout);

    // Up: everything moves, in steps, each job run exactly once.
    upstream.up();
    let run = canary_run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let up = run.json();
    for s in up["canary"]["steps"].as_array().unwrap() {
        assert_eq!(s["outcome"], "held", "{up}");
        assert_eq!(s["failed"], 0, "{up}");
    }
    assert_eq!(up["moved"], n);
    assert!(up["canary"]["stopped"].is_null());
    for c in up["canary"]["canaries"].as_array().unwrap() {
        assert_eq!(c["outcome"], "succeeded", "{c}");
    }
    wait_until(HANG, "every charge to run", || upstream.ran().len() == n);
    done(running);
    let ran = upstream.ran();
    assert!(ran.values().all(|&n| n == 1), "a job ran twice: {ran:?}");
    assert!(dead(&server).is_empty());
    let all: BTreeSet<String> = before.keys().map(|m| jid_of(m)).collect();
    assert_eq!(ran.keys().cloned().collect::<BTreeSet<_>>(), all);
    (down, up)
}

#[test]
fn a_canary_retry_stops_while_the_upstream_is_down_and_moves_everything_once_it_is_up() {
    let (_, up) = down_then_up(300, "10", worker, stop);
    let sizes: Vec<u64> = up["canary"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["moved"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, vec![10, 100, 190], "{up}");
    assert_eq!(up["canary"]["canaries"].as_array().unwrap().len(), 300);
}

#[test]
fn the_ramp_stops_at_the_step_that_overloads_the_upstream() {
    let server = RedisServer::start();
    let upstream = Upstream::new(Some(15));
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 300, scratch.path());
    upstream.up();
    let w = worker(&server, &upstream);
    let run = canary_run(&server, &[]);
    stop(w);
    assert_eq!(run.code, 6, "{}", run.snapshot());
    let report = run.json();
    let steps = report["canary"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "{report}");
    assert_eq!(steps[0]["outcome"], "held", "{report}");
    assert_eq!(steps[0]["succeeded"], 10, "{report}");
    assert_eq!(steps[1]["outcome"], "failed", "{report}");
    assert_eq!(steps[1]["moved"], 100, "{report}");
    // The rest was never moved.
    assert!(dead(&server).len() >= 190, "{report}");
    assert_eq!(report["moved"], 110);
}

#[test]
fn ctrl_c_while_the_canaries_wait_stops_the_run_and_its_undo_takes_them_back() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 50, scratch.path());
    let before = dead(&server);
    // No worker: the canaries wait in their queue.
    let run = signalled_while_watching(&server, "5", 5, libc::SIGINT);
    assert_eq!(run.code, 130, "{}", run.snapshot());
    let report = run.json();
    assert_eq!(
        report["canary"]["steps"][0]["outcome"], "interrupted",
        "{report}"
    );
    assert_eq!(report["canary"]["steps"][0]["waiting"], 5, "{report}");
    assert_eq!(dead(&server).len(), 45);
    let undo = report["take_back"].as_str().unwrap().to_string();
    let id = undo.trim_start_matches("cogctl undo ");
    let back = Cogctl::new(&server).args(["undo", id, "--yes"]).run();
    assert_eq!(back.code, 0, "{}", back.snapshot());
    assert_eq!(
        dead(&server),
        before,
        "the undo put every canary back as it was"
    );
}

#[test]
fn a_step_not_run_in_time_stops_and_a_killed_run_is_told_by_the_next() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 40, scratch.path());
    // No worker: the canaries wait until --canary-wait passes.
    let run = Cogctl::new(&server)
        .args([
            "dead",
            "retry",
            "--all",
            "--canary",
            "4",
            "--canary-wait",
            "2s",
            "--yes",
            "--json",
        ])
        .run();
    assert_eq!(run.code, 6, "{}", run.snapshot());
    let report = run.json();
    assert_eq!(
        report["canary"]["steps"][0]["outcome"], "timed out",
        "{report}"
    );
    assert!(
        report["canary"]["stopped"]
            .as_str()
            .unwrap()
            .contains("had not run after 2s"),
        "{report}"
    );
    // A run killed while it watches: its audit trail has its begin entry (and no end), and
    // the next run says what it had done, from its undo record.
    signalled_while_watching(&server, "3", 7, libc::SIGKILL);
    let audit = Cogctl::new(&server)
        .args(["audit", "--json", "--command", "dead retry"])
        .run();
    let phases: Vec<String> = audit.json()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["phase"].as_str().unwrap_or("?").to_string())
        .collect();
    // Newest first: the killed run's begin; the timed-out run's end and begin.
    assert_eq!(phases, ["begin", "end", "begin"], "{}", audit.stdout);
    let next = Cogctl::new(&server)
        .args([
            "dead",
            "retry",
            "--all",
            "--canary",
            "2",
            "--canary-wait",
            "1s",
            "--yes",
        ])
        .run();
    assert_eq!(next.code, 6, "{}", next.snapshot());
    assert!(
        next.stderr
            .contains("an earlier canary run of `dead retry`")
            && next.stderr.contains("never finished")
            && next.stderr.contains("step 1 moved 3"),
        "{}",
        next.snapshot()
    );
    // Every job is in exactly one place.
    let queued = queued(&server);
    assert_eq!(queued + dead(&server).len() as u64, 40);
    assert_eq!(queued, 4 + 3 + 2);
}

#[test]
fn the_dry_run_shows_the_steps_and_what_is_watched() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 30, scratch.path());
    let before = server.keyspace();
    let run = Cogctl::new(&server)
        .args(["dead", "retry", "--all", "--canary", "2", "--dry-run"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        run.stdout
            .contains("in steps 2 → 20 → the rest (8), each watched for up to 2m"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with("nothing was changed\n"),
        "{}",
        run.stdout
    );
    let json = Cogctl::new(&server)
        .args([
            "dead",
            "retry",
            "--all",
            "--canary",
            "2",
            "--canary-wait",
            "30s",
            "--dry-run",
            "--json",
        ])
        .run();
    let v = json.json();
    assert_eq!(v["entries"], 30);
    assert_eq!(v["canary"]["steps"], serde_json::json!([2, 20, 8]));
    assert_eq!(v["canary"]["wait_secs"], 30.0);
    assert_eq!(v["canary"]["history"], false);
    assert_eq!(server.keyspace(), before, "a dry run changes nothing");
}

#[test]
fn canary_usage_errors() {
    let server = RedisServer::start();
    for args in [
        &[
            "dead",
            "retry",
            "0123456789abcdef01234567",
            "--canary",
            "5",
            "--yes",
        ][..],
        &["dead", "retry", "--all", "--canary", "0", "--yes"],
        &["dead", "retry", "--all", "--canary-wait", "5s", "--yes"],
        &[
            "dead",
            "retry",
            "--all",
            "--canary",
            "5",
            "--canary-wait",
            "soon",
            "--yes",
        ],
        &[
            "scheduled",
            "enqueue-now",
            "--all",
            "--canary",
            "5",
            "--yes",
        ],
    ] {
        let run = Cogctl::new(&server).args(args).run();
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
    }
}

#[test]
fn the_consoles_retry_goes_as_a_canary_with_c() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 30, scratch.path());
    upstream.up();
    let w = worker(&server, &upstream);
    let url = server.url();
    let mut tui = crate::pty::Pty::spawn(
        &["top", "--interval", "250ms"],
        40,
        150,
        &[("COGCTL_REDIS_URL", url.as_str())],
    );
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (30)"));
    tui.send("/--class Billing::ChargeJob\r");
    tui.wait_screen("the filter", |s| {
        s.contains("[filter: --class Billing::ChargeJob]")
    });
    tui.send("R");
    let screen = tui.wait_screen("the dry run", |s| s.contains("dead retry (dry run)"));
    assert!(
        screen.contains("c to retry as a canary (10 first"),
        "{screen}"
    );
    tui.send("c");
    let screen = tui.wait_screen("the run's outcome", |s| {
        s.contains("undo id u-") && s.contains("every step held")
    });
    assert!(
        screen.contains("retried 30 from cogworker:dead"),
        "{screen}"
    );
    wait_until(HANG, "every charge to run", || upstream.ran().len() == 30);
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
    stop(w);
    assert!(upstream.ran().values().all(|&n| n == 1));
    let audit = Cogctl::new(&server)
        .args(["audit", "--json", "--command", "dead retry"])
        .run();
    let entries = audit.json();
    let end = entries
        .as_array()
        .or_else(|| entries["entries"].as_array())
        .unwrap()
        .iter()
        .find(|e| e.to_string().contains("--canary 10"))
        .cloned()
        .unwrap_or_else(|| panic!("no audit entry of the canary run: {entries}"));
    assert!(end.to_string().contains("\\\"steps\\\""), "{end}");
}

#[test]
fn the_canaries_are_spread_across_classes_and_queues_and_history_says_they_ran() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    // 40 charges on billing, 8 mails on mailers, 2 syncs on default: all died while the
    // upstream was down.
    let flags = died(
        &|| Cogctl::new(&server),
        &upstream,
        &[
            ("Billing::ChargeJob", "billing", 40),
            ("MailJob", "mailers", 8),
            ("SyncJob", "default", 2),
        ],
        scratch.path(),
    );
    assert_eq!(dead(&server).len(), 50);

    upstream.up();
    let w = Cogctl::new(&server)
        .args(["worker", "-c", "10", "--history"])
        .args(&flags)
        .spawn();
    let run = Cogctl::new(&server)
        .args(["dead", "retry", "--all", "--canary", "6", "--yes", "--json"])
        .run();
    stop(w);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let report = run.json();
    let canaries = report["canary"]["canaries"].as_array().unwrap();
    let mut first: BTreeMap<String, u32> = BTreeMap::new();
    for c in canaries.iter().filter(|c| c["step"] == 1) {
        *first
            .entry(format!(
                "{} {}",
                c["class"].as_str().unwrap(),
                c["queue"].as_str().unwrap()
            ))
            .or_default() += 1;
    }
    assert_eq!(
        first,
        BTreeMap::from([
            ("Billing::ChargeJob billing".to_string(), 2),
            ("MailJob mailers".to_string(), 2),
            ("SyncJob default".to_string(), 2),
        ]),
        "{report}"
    );
    assert_eq!(canaries.len(), 50);
    for c in canaries {
        assert_eq!(c["outcome"], "succeeded", "{report}");
        assert_eq!(c["evidence"], "history", "{report}");
    }
    assert_eq!(
        report["canary"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["moved"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![6, 44]
    );
    assert_eq!(upstream.ran().len(), 50);
}

/// A Sentinel failover while the ramp moves its second step: the run connects again to the
/// primary the Sentinel names now and goes on, saying so in the step; every job is run or
/// still dead on the new primary, none both, and none is moved twice.
#[test]
fn a_sentinel_failover_mid_ramp_resumes_on_the_new_primary_and_says_so() {
    use crate::connect::SentinelSet;
    let set = SentinelSet::start(5_000);
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    let flags = died(
        &|| set.cogctl(),
        &upstream,
        &[("Billing::ChargeJob", "billing", 300)],
        scratch.path(),
    );
    let zcard = |port: &str| -> u64 {
        SentinelSet::query(port, redis::cmd("ZCARD").arg("cogworker:dead")).unwrap_or(u64::MAX)
    };
    // The jids of the dead set on the server at `port`.
    let dead_on = |port: &str| -> BTreeSet<String> {
        let members: Vec<Vec<u8>> = SentinelSet::query(
            port,
            redis::cmd("ZRANGE").arg("cogworker:dead").arg(0).arg(-1),
        )
        .unwrap();
        members.iter().map(|m| jid_of(m)).collect()
    };
    assert_eq!(zcard(&set.primary), 300);
    let jids = dead_on(&set.primary);
    // The replica has every dead entry before anything moves.
    wait_until(HANG, "the replica in sync", || zcard(&set.replica) == 300);

    upstream.up();
    let w = set
        .cogctl()
        .args(["worker", "-c", "10"])
        .args(&flags)
        .spawn();
    let run = set
        .cogctl()
        .args([
            "dead", "retry", "--all", "--canary", "10", "--rate", "40", "--yes", "--json",
        ])
        .spawn();
    wait_until(HANG, "the second step to move", || {
        zcard(&set.primary) <= 270
    });
    set.fail_over();
    let run = run.wait(Duration::from_secs(120));
    let report = run.json();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let resumed: Vec<String> = report["canary"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["resumed"].as_array().cloned().unwrap_or_default())
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    assert!(
        resumed
            .iter()
            .any(|r| r.contains(&format!("resumed on the primary 127.0.0.1:{}", set.replica))),
        "{resumed:?}"
    );
    // Every job ran, or is dead on the new primary; none both, none twice.
    let dead_now = || dead_on(&set.replica);
    wait_until(HANG, "every job run or dead", || {
        let ran = upstream.ran();
        let dead = dead_now();
        jids.iter().all(|j| ran.contains_key(j) || dead.contains(j))
    });
    stop(w);
    let ran = upstream.ran();
    let dead = dead_now();
    for j in &jids {
        assert!(
            !(ran.contains_key(j) && dead.contains(j)),
            "{j} ran and is still dead"
        );
    }
    let twice: Vec<_> = ran.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "ran twice: {twice:?}");
}

/// A cogworker 0.8 process in basic-fetch mode, written from OPERATIONS.md §4.6, §5.3, §7.1,
/// §7.3 and §7.4 (the gem itself can't be installed here): it registers in the process set,
/// takes jobs with `BRPOP`, registers each in its workers hash, runs it against `upstream`,
/// and on a failure writes the retry or dead entry first, then the attempts log, and only
/// then lets go of the job (`HDEL`). A job it takes is in no in-progress list.
struct GemProcess {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl GemProcess {
    fn start(server: &RedisServer, upstream: &Upstream, queue: &str) -> GemProcess {
        use std::sync::atomic::Ordering;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut conn = server.conn();
        let dir = upstream.dir.path().to_path_buf();
        let queue_key = format!("cogworker:queue:{queue}");
        let queue = queue.to_string();
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let identity = "gemhost:4242:0a1b2c3d4e5f";
            let workers = format!("cogworker:workers:{identity}");
            let now = || {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_secs_f64()
            };
            let _: () = redis::pipe()
                .cmd("SADD")
                .arg("cogworker:processes")
                .arg(identity)
                .cmd("HSET")
                .arg(format!("cogworker:process:{identity}"))
                .arg("beat")
                .arg(now())
                .arg("busy")
                .arg(0)
                .arg("quiet")
                .arg("false")
                .query(&mut conn)
                .unwrap();
            while !flag.load(Ordering::SeqCst) {
                let taken: Option<(String, Vec<u8>)> = redis::cmd("BRPOP")
                    .arg(&queue_key)
                    .arg(1)
                    .query(&mut conn)
                    .unwrap();
                let Some((_, raw)) = taken else { continue };
                let mut job: serde_json::Value = serde_json::from_slice(&raw).unwrap();
                let jid = job["jid"].as_str().unwrap().to_string();
                let entry = serde_json::json!({
                    "queue": queue,
                    "payload": job.clone(),
                    "run_at": now() as i64,
                });
                let _: () = redis::cmd("HSET")
                    .arg(&workers)
                    .arg("7f3e2d1c0b9a")
                    .arg(entry.to_string())
                    .query(&mut conn)
                    .unwrap();
                std::thread::sleep(Duration::from_millis(20));
                if dir.join("down").exists() {
                    let t = now();
                    let old = job["retry_count"].as_i64().unwrap_or(0);
                    let max = match &job["retry"] {
                        serde_json::Value::Bool(false) => 0,
                        serde_json::Value::Number(n) => n.as_i64().unwrap_or(0),
                        _ => 25,
                    };
                    let new = old + 1;
                    job["error_class"] = "Net::ReadTimeout".into();
                    job["error_message"] = "the charge timed out".into();
                    if job.get("failed_at").is_none() {
                        job["failed_at"] = t.into();
                    }
                    job["retry_count"] = new.into();
                    let (set, score, outcome) = if new > max {
                        ("cogworker:dead", t, "dead")
                    } else {
                        let delay = (new.pow(4) + 15 + 7 * (new + 1)) as f64;
                        ("cogworker:retry", t + delay, "retrying")
                    };
                    let attempt = serde_json::json!({
                        "attempt": new,
                        "failed_at": t,
                        "outcome": outcome,
                        "error_class": "Net::ReadTimeout",
                        "error_message": "the charge timed out",
                    });
                    let attempts = format!("cogworker:job_attempts:{jid}");
                    let _: () = redis::cmd("INCR")
                        .arg("cogworker:stats:failed")
                        .query(&mut conn)
                        .unwrap();
                    let _: () = redis::cmd("ZADD")
                        .arg(set)
                        .arg(score)
                        .arg(job.to_string())
                        .query(&mut conn)
                        .unwrap();
                    let _: () = redis::pipe()
                        .cmd("RPUSH")
                        .arg(&attempts)
                        .arg(attempt.to_string())
                        .cmd("LTRIM")
                        .arg(&attempts)
                        .arg(-25)
                        .arg(-1)
                        .cmd("EXPIRE")
                        .arg(&attempts)
                        .arg(2_592_000)
                        .query(&mut conn)
                        .unwrap();
                } else {
                    use std::io::Write;
                    let _: () = redis::cmd("INCR")
                        .arg("cogworker:stats:processed")
                        .query(&mut conn)
                        .unwrap();
                    let mut ran = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(dir.join("ran"))
                        .unwrap();
                    writeln!(ran, "{jid}").unwrap();
                }
                let _: () = redis::cmd("HDEL")
                    .arg(&workers)
                    .arg("7f3e2d1c0b9a")
                    .query(&mut conn)
                    .unwrap();
            }
            let _: () = redis::pipe()
                .cmd("SREM")
                .arg("cogworker:processes")
                .arg(identity)
                .cmd("DEL")
                .arg(format!("cogworker:process:{identity}"))
                .query(&mut conn)
                .unwrap();
        });
        GemProcess {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for GemProcess {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[test]
fn canaries_run_by_a_basic_fetch_process_are_watched_through_its_busy_hash() {
    let (down, _) = down_then_up(
        60,
        "5",
        |server, upstream| GemProcess::start(server, upstream, "billing"),
        drop,
    );
    // The process's failures are read from the attempts log it writes before it lets go.
    for c in down["canary"]["canaries"].as_array().unwrap() {
        assert!(
            c["outcome"] == "failed" && c["evidence"] == "attempts log"
                || c["outcome"] == "running"
                || c["outcome"] == "queued",
            "{c}"
        );
    }
}

/// At a terminal, without --yes: the run asks first, shows its steps as they go, and once it
/// stops offers to take back what it moved and has not run; y puts the canaries back as they
/// were, with an undo record and an audit entry of their own.
#[test]
fn at_a_terminal_a_stopped_run_offers_to_take_back_what_has_not_run() {
    let server = RedisServer::start();
    let upstream = Upstream::new(None);
    let scratch = tempfile::tempdir().unwrap();
    charges_died(&server, &upstream, 30, scratch.path());
    let before = dead(&server);
    let url = server.url();
    // No worker: the canaries don't run within the wait.
    let mut tty = crate::pty::Pty::spawn(
        &[
            "dead",
            "retry",
            "--all",
            "--canary",
            "3",
            "--canary-wait",
            "2s",
        ],
        40,
        150,
        &[("COGCTL_REDIS_URL", url.as_str())],
    );
    tty.wait_screen("the question", |s| {
        s.contains("retry 30 entries of cogworker:dead")
            && s.contains("in steps (3 → the rest (27)), each watched?")
    });
    tty.send("y");
    let screen = tty.wait_screen("the stop and the offer", |s| {
        s.contains("Take back what the run moved and has not run yet")
    });
    assert!(
        screen.contains("step 1  3 moved, 3 watched: 0 succeeded, 3 not run yet  timed out"),
        "{screen}"
    );
    assert!(
        screen.contains("stopped: 3 of the canaries had not run after 2s"),
        "{screen}"
    );
    assert_eq!(dead(&server).len(), 27);
    tty.send("y");
    let screen = tty.wait_screen("the take-back", |s| s.contains("3 restored"));
    assert!(screen.contains("undid `dead retry`"), "{screen}");
    assert_eq!(tty.wait_exit(), 6);
    assert_eq!(dead(&server), before, "the canaries are back as they were");
    let audit = Cogctl::new(&server).args(["audit", "--json"]).run();
    let entries = audit.json()["entries"].as_array().unwrap().clone();
    let newest = &entries[0];
    assert_eq!(newest["command"], "dead retry", "{}", audit.stdout);
    assert!(
        entries.iter().any(|e| e["command"] == "undo"
            && e["argv"]
                .as_str()
                .unwrap()
                .contains("offered by the stopped canary run")
            && e["done"] == "3"),
        "{}",
        audit.stdout
    );
}
