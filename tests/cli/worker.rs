//! `cogctl worker` against a real redis-server: jobs from `cogctl enqueue` and from the
//! gem's own fixtures, failures routed as the gem routes them, crash recovery (kill -9 of a
//! worker, repeatedly), a Redis restart, graceful and forced stops, burst exit codes.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Spawned, wait_until};

/// A worker with short cadences (beat, poll, orphan check) so tests don't wait on the
/// gem's production periods.
pub fn worker(server: &RedisServer, args: &[&str]) -> Cogctl {
    worker_polling(server, "0.2s", args)
}

/// [`worker`] polling the scheduled and retry sets every `poll` instead.
pub fn worker_polling(server: &RedisServer, poll: &str, args: &[&str]) -> Cogctl {
    Cogctl::new(server)
        .args([
            "worker",
            "--beat-interval",
            "0.2s",
            "--poll-interval",
            poll,
            "--orphan-check-interval",
            "0.3s",
        ])
        .args(args)
}

/// `worker --burst --json` with these flags.
fn burst(server: &RedisServer, args: &[&str]) -> Cogctl {
    worker(server, &["--burst", "--json"]).args(args)
}

fn enqueue(server: &RedisServer, args: &[&str]) -> String {
    let run = Cogctl::new(server).args(["enqueue"]).args(args).run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout.trim().to_string()
}

/// `cogctl enqueue --from -` of these NDJSON job specs.
fn enqueue_specs(server: &RedisServer, specs: impl Iterator<Item = String>) {
    let specs: String = specs.collect();
    let run = Cogctl::new(server)
        .args(["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn smembers(server: &RedisServer, key: &str) -> BTreeSet<String> {
    redis::cmd("SMEMBERS")
        .arg(key)
        .query(&mut server.conn())
        .unwrap()
}

/// The identities that have an in-progress list right now.
fn listed_identities(server: &RedisServer) -> Vec<String> {
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:inprogress:*")
        .query(&mut server.conn())
        .unwrap();
    keys.into_iter()
        .map(|k| k["cogworker:inprogress:".len()..].to_string())
        .collect()
}

/// Every trace a process leaves while it runs, for `identity`, is gone.
#[track_caller]
fn assert_cleaned_up(server: &RedisServer, identity: &str) {
    for key in ["process", "workers", "memory", "inprogress"] {
        let key = format!("cogworker:{key}:{identity}");
        assert!(!server.exists(&key), "{key} is left behind");
    }
    assert!(!smembers(server, "cogworker:processes").contains(identity));
    assert!(!smembers(server, "cogworker:inprogress_identities").contains(identity));
    assert!(!server.hash("cogworker:last_beat").contains_key(identity));
}

/// A success is counted by the call that takes the job off the in-progress list, once. Here
/// the job is gone from the list before its acknowledgement, as when a late ACK_SUCCESS of
/// the same run went first (a frozen Redis running two connections' timed-out calls): the
/// acknowledgement must not count it a second time.
#[test]
fn a_success_already_taken_off_the_list_is_not_counted_again() {
    let server = RedisServer::start();
    enqueue(&server, &["Counted", "1"]);
    enqueue(&server, &["Gone", "2"]);
    let gone = format!(
        "Gone=/bin/sh -c 'for k in $(redis-cli -s \"$0\" --scan --pattern \"cogworker:inprogress:*\"); do redis-cli -s \"$0\" LREM \"$k\" 0 \"$(redis-cli -s \"$0\" LINDEX \"$k\" 0)\" >/dev/null; done' {}",
        server.socket().display()
    );
    let run = burst(
        &server,
        &[
            "-c",
            "1",
            "--handler",
            "Counted=builtin:noop",
            "--handler",
            &gone,
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["processed"],
        2,
        "both ran: {}",
        run.stdout
    );
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1"),
        "only the job still on the list when acknowledged is counted"
    );
    let buckets: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:throughput:*")
        .query(&mut server.conn())
        .unwrap();
    let counted: i64 = buckets
        .iter()
        .filter_map(|b| server.hash(b).get("processed")?.parse::<i64>().ok())
        .sum();
    assert_eq!(counted, 1, "{buckets:?}");
}

#[test]
fn burst_works_enqueued_jobs_counts_them_and_cleans_up() {
    let server = RedisServer::start();
    enqueue_specs(
        &server,
        (0..40).map(|i| format!("{{\"class\":\"Hello\",\"args\":[{i}]}}\n")),
    );
    let run = burst(&server, &["-c", "4", "--handler", "Hello=builtin:noop"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(summary["reason"], "burst");
    assert_eq!(summary["processed"], 40);
    assert_eq!(summary["failed"], 0);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("40")
    );
    assert!(!server.exists("cogworker:queue:default"));
    let buckets: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:throughput:*")
        .query(&mut server.conn())
        .unwrap();
    let processed: i64 = buckets
        .iter()
        .map(|b| {
            server
                .hash(b)
                .get("processed")
                .map_or(0, |n| n.parse().unwrap())
        })
        .sum();
    assert_eq!(processed, 40);
    assert_cleaned_up(&server, summary["identity"].as_str().unwrap());
    // Structured logs on stderr say what happened to which jid.
    assert!(run.stderr.contains("event=job_done jid="), "{}", run.stderr);
}

#[test]
fn burst_on_empty_queues_exits_zero_at_once() {
    let server = RedisServer::start();
    let run = burst(&server, &["-q", "a", "-q", "b,3"]).spawn().wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("processed"), "{}", run.stdout);
}

#[test]
fn runs_the_gems_own_jobs_and_leaves_a_paused_queue_and_a_live_process_alone() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let before: i64 = server
        .get("cogworker:stats:processed")
        .unwrap()
        .parse()
        .unwrap();
    let live = "vm:29128:32e9242b5029";
    let live_list = server.list(&format!("cogworker:inprogress:{live}"));
    let unique_holder = server
        .get("cogworker:unique:3f0e7f5644f14cb3ce5f4effa89ac8a14ff6b7d7")
        .unwrap();
    let run = burst(
        &server,
        &[
            "-q",
            "default",
            "-q",
            "critical,2",
            "-q",
            "mail-out",
            "--handler",
            "*=builtin:noop",
        ],
    )
    .now(fixture.captured_at)
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = json(&run.stdout);
    // default (6) and critical (3) ran; mail-out is paused and keeps its 4.
    assert_eq!(summary["processed"], 9, "{}", run.stderr);
    assert_eq!(server.list("cogworker:queue:mail-out").len(), 4);
    assert!(!server.exists("cogworker:queue:default"));
    assert!(!server.exists("cogworker:queue:critical"));
    assert_eq!(
        server
            .get("cogworker:stats:processed")
            .unwrap()
            .parse::<i64>()
            .unwrap(),
        before + 9
    );
    // The live Ruby process's running jobs are untouched.
    assert_eq!(
        server.list(&format!("cogworker:inprogress:{live}")),
        live_list
    );
    // Not yet due at the pinned time: retry and schedule stay.
    assert_eq!(server.zset::<String, String>("cogworker:retry").len(), 2);
    assert_eq!(server.zset::<String, String>("cogworker:schedule").len(), 3);
    // The unique job waits on the paused queue, so its lock stays; resumed, it runs and
    // its lock (owned by its jid) is released.
    let lock = "cogworker:unique:3f0e7f5644f14cb3ce5f4effa89ac8a14ff6b7d7";
    assert_eq!(server.get(lock), Some(unique_holder));
    let resume = Cogctl::new(&server)
        .args(["queue", "resume", "mail-out"])
        .run();
    assert_eq!(resume.code, 0, "{}", resume.stderr);
    let run = burst(&server, &["-q", "mail-out", "--handler", "*=builtin:noop"])
        .now(fixture.captured_at)
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 4);
    assert!(!server.exists(lock));
}

#[test]
fn unique_jobs_from_the_gem_release_their_locks_when_they_succeed() {
    let server = RedisServer::start();
    server.load("unique");
    let locks_before: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:unique:*")
        .query(&mut server.conn())
        .unwrap();
    let run = burst(
        &server,
        &[
            "-q",
            "default",
            "-q",
            "mail-out",
            "-q",
            "billing-eu",
            "-q",
            "reports-nightly",
            "--handler",
            "*=builtin:noop",
        ],
    )
    .now(1796208131.849)
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 8);
    let locks_after: Vec<String> = redis::cmd("KEYS")
        .arg("cogworker:unique:*")
        .query(&mut server.conn())
        .unwrap();
    // Only the scheduled job's lock remains.
    assert_eq!(locks_before.len(), 8);
    assert_eq!(locks_after.len(), 1, "{locks_after:?}");
}

#[test]
fn failures_retry_with_the_gems_backoff_then_die_after_the_budget() {
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Boom", "\"kaput\"", "--retry", "1"]);
    let started = cogctl::term::ui::Clock::system().now;
    let run = burst(&server, &["--handler", "Boom=builtin:fail"])
        .spawn()
        .wait(HANG);
    assert_eq!(
        run.code, 1,
        "--burst: a failed run fails it, retried or not: {}",
        run.stderr
    );
    let summary = json(&run.stdout);
    assert_eq!(
        (summary["failed"].as_u64(), summary["retried"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(summary["failures"][0]["jid"], jid.as_str());
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), 1);
    let (member, score) = &retry[0];
    let job = json(member);
    assert_eq!(job["jid"], jid.as_str());
    assert_eq!(job["retry_count"], 1);
    assert_eq!(job["error_class"], "RuntimeError");
    assert_eq!(job["error_message"], "kaput");
    let failed_at = job["failed_at"].as_f64().unwrap();
    assert!(failed_at >= started - 1.0);
    let delay = score - failed_at;
    assert!(
        (15.9..=74.1).contains(&delay),
        "first retry after {delay} s, not 16–74 s"
    );
    // Field order: the payload's own fields first, then the failure fields (the gem's
    // rewrite keeps the order and appends new keys).
    let keys: Vec<&str> = member
        .trim_matches(|c| c == '{' || c == '}')
        .split(",\"")
        .map(|kv| kv.trim_start_matches('"').split('"').next().unwrap())
        .collect();
    let tail = &keys[keys.len() - 4..];
    assert_eq!(
        tail,
        ["error_class", "error_message", "failed_at", "retry_count"]
    );
    let attempts = server.list(&format!("cogworker:job_attempts:{jid}"));
    assert_eq!(attempts.len(), 1);
    let a = json(&attempts[0]);
    assert_eq!(a["attempt"], 1);
    assert_eq!(a["outcome"], "retrying");
    assert_eq!(a["error_class"], "RuntimeError");
    assert_eq!(a["error_message"], "kaput");
    assert!(server.ttl(&format!("cogworker:job_attempts:{jid}")) > 2_500_000);
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("1"));

    // Make it due; burst counts due retries as work, so the poller hands it over.
    server.exec(&[&["ZADD", "cogworker:retry", "XX", "0", member]]);
    let run = burst(&server, &["--handler", "Boom=builtin:fail"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "a job died: {}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(summary["dead"], 1);
    assert!(server.zset::<String, f64>("cogworker:retry").is_empty());
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    let job = json(&dead[0].0);
    assert_eq!(job["retry_count"], 2);
    assert_eq!(
        job["failed_at"].as_f64(),
        Some(failed_at),
        "the first failure's time is kept"
    );
    let enqueued_at = job["enqueued_at"].as_f64().unwrap();
    assert!(
        enqueued_at > failed_at,
        "re-stamped when it returned to its queue"
    );
    let attempts = server.list(&format!("cogworker:job_attempts:{jid}"));
    assert_eq!(json(&attempts[1])["outcome"], "dead");
    assert_eq!(json(&attempts[1])["attempt"], 2);
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("2"));
}

#[test]
fn a_class_without_a_handler_fails_as_a_name_error() {
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Billing::Invoice", "--retry", "false"]);
    let run = burst(&server, &["--handler", "Other=builtin:noop"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    let job = json(&dead[0].0);
    assert_eq!(job["jid"], jid.as_str());
    assert_eq!(job["error_class"], "NameError");
    let message = job["error_message"].as_str().unwrap();
    assert!(
        message.contains("Billing::Invoice") && message.contains("--handler"),
        "{message}"
    );
}

#[test]
fn an_unparseable_element_is_buried_as_the_gem_buries_it() {
    let server = RedisServer::start();
    server.exec(&[&["LPUSH", "cogworker:queue:default", "{not json", "[1,2]"]]);
    let run = burst(&server, &[]).spawn().wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 2);
    // The wrapper's keys, in the order of the gem's own (fixtures/unparseable.json).
    let gem = crate::support::fixture("unparseable");
    let gem_dead = gem.keys.iter().find(|k| k.key == "cogworker:dead").unwrap();
    let gem_member = format!("{:?}", gem_dead.value);
    assert!(gem_member.contains("(unparseable)"));
    let order = |text: &str| -> Vec<String> {
        let v: serde_json::Map<String, Value> = serde_json::from_str(text).unwrap();
        v.keys().cloned().collect()
    };
    let mut messages = BTreeSet::new();
    for (member, score) in &dead {
        let job = json(member);
        assert_eq!(job["class"], "(unparseable)");
        assert_eq!(job["queue"], "default");
        assert_eq!(job["retry"], false);
        assert_eq!(job["error_class"], "JSON::ParserError");
        assert_eq!(job["failed_at"].as_f64(), Some(*score));
        assert_eq!(
            order(member),
            [
                "class",
                "args",
                "queue",
                "jid",
                "retry",
                "retry_count",
                "enqueued_at",
                "failed_at",
                "error_class",
                "error_message",
                "raw_payload"
            ]
        );
        messages.insert((
            job["raw_payload"].as_str().unwrap().to_string(),
            job["error_message"].as_str().unwrap().to_string(),
        ));
    }
    assert!(messages.contains(&(
        "[1,2]".to_string(),
        "expected a JSON object, got Array".to_string()
    )));
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("2"));
    assert!(!server.exists("cogworker:queue:default"));
}

#[test]
fn shell_metacharacters_in_args_reach_the_handler_as_data() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let evil = format!(
        "\"; touch {d}/pwned; echo $(touch {d}/pwned2) `touch {d}/pwned3` | cat > {d}/pwned4\""
    );
    enqueue(&server, &["Evil", &evil, "\"'\\\"*?[]{}~&;<>\""]);
    let handler = format!(
        "Evil=/bin/sh -c 'cat > \"$0/stdin.json\"; printf %s \"$COGCTL_ARGS\" > \"$0/args.json\"' {d}"
    );
    let raw = server.list("cogworker:queue:default")[0].clone();
    let run = burst(&server, &["--handler", &handler]).spawn().wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for f in ["pwned", "pwned2", "pwned3", "pwned4"] {
        assert!(
            !dir.path().join(f).exists(),
            "{f} was created: a job reached a shell"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stdin.json")).unwrap(),
        raw
    );
    let args = json(&std::fs::read_to_string(dir.path().join("args.json")).unwrap());
    assert_eq!(args, json(&raw)["args"]);
}

#[test]
fn the_heartbeat_writes_what_the_web_ui_reads() {
    let server = RedisServer::start();
    let w = worker(
        &server,
        &[
            "-q",
            "critical,2",
            "-q",
            "default",
            "-c",
            "3",
            "--identity-tag",
            "ci-box",
        ],
    )
    .spawn();
    wait_until(HANG, "a presence key", || {
        !smembers(&server, "cogworker:processes").is_empty()
    });
    let identity = smembers(&server, "cogworker:processes")
        .into_iter()
        .next()
        .unwrap();
    let parts: Vec<&str> = identity.rsplitn(3, ':').collect();
    assert_eq!(parts[2], "ci-box");
    assert_eq!(parts[1], w.pid().to_string());
    assert!(parts[0].len() == 12 && parts[0].chars().all(|c| c.is_ascii_hexdigit()));
    let presence = server.hash(&format!("cogworker:process:{identity}"));
    assert_eq!(presence["busy"], "0");
    assert_eq!(presence["quiet"], "false");
    let info = json(&presence["info"]);
    assert_eq!(info["pid"], w.pid());
    assert_eq!(info["concurrency"], 3);
    assert_eq!(
        info["queues"],
        serde_json::json!(["critical", "critical", "default"])
    );
    assert!(info["started_at"].is_f64());
    // What the Web UI shows is the process's resident set as /proc reads it: never above
    // its peak so far. That counts the pages of cogctl's own code it has touched (some 17 MB
    // of a debug build's 190 MB binary, whatever the worker does), so the worker's own memory
    // at rest, its anonymous pages, is held to its own bound.
    let rss = info["rss_kb"].as_i64().unwrap();
    let peak = proc_status_kb(w.pid(), "VmHWM");
    let own = proc_status_kb(w.pid(), "RssAnon");
    assert!(rss > 0 && rss <= peak, "idle RSS {rss} kB, peak {peak} kB");
    assert!(own < 8_000, "idle anonymous RSS {own} kB (RSS {rss} kB)");
    let order: Vec<String> =
        serde_json::from_str::<serde_json::Map<String, Value>>(&presence["info"])
            .unwrap()
            .keys()
            .cloned()
            .collect();
    assert_eq!(
        order,
        [
            "hostname",
            "pid",
            "concurrency",
            "queues",
            "started_at",
            "rss_kb"
        ]
    );
    assert!((1..=60).contains(&server.ttl(&format!("cogworker:process:{identity}"))));
    assert!(smembers(&server, "cogworker:inprogress_identities").contains(&identity));
    let beat: i64 = server.hash("cogworker:last_beat")[&identity]
        .parse()
        .unwrap();
    assert!((beat as f64 - cogctl::term::ui::Clock::system().now).abs() < 5.0);
    let live: Vec<(String, i64)> = server.zset("cogworker:live_queues");
    assert_eq!(
        live.iter()
            .map(|(q, _)| q.as_str())
            .collect::<BTreeSet<_>>(),
        BTreeSet::from(["critical", "default"])
    );
    let memory: Vec<(String, i64)> = server.zset(&format!("cogworker:memory:{identity}"));
    assert_eq!(memory.len(), 1);
    let (slot, kb) = memory[0].0.split_once(':').unwrap();
    assert_eq!(slot.parse::<i64>().unwrap(), memory[0].1);
    assert_eq!(memory[0].1 % 900, 0);
    assert!(kb.parse::<i64>().unwrap() > 0);
    assert!(server.ttl(&format!("cogworker:memory:{identity}")) > 89_000);
    // A slot keeps its highest reading: a higher one stays, a lower one is replaced.
    let key = format!("cogworker:memory:{identity}");
    let slot = memory[0].1.to_string();
    let in_slot = |server: &RedisServer| -> Vec<String> {
        redis::cmd("ZRANGEBYSCORE")
            .arg(&key)
            .arg(&slot)
            .arg(&slot)
            .query(&mut server.conn())
            .unwrap()
    };
    let high = format!("{slot}:999999999");
    server.exec(&[&["DEL", &key], &["ZADD", &key, &slot, &high]]);
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(in_slot(&server), [high]);
    server.exec(&[&["DEL", &key], &["ZADD", &key, &slot, &format!("{slot}:1")]]);
    wait_until(HANG, "the low reading replaced", || {
        in_slot(&server).iter().all(|m| m != &format!("{slot}:1"))
    });
    // `cogctl procs` sees it as a live process.
    let procs = Cogctl::new(&server).args(["procs", "--json"]).run();
    assert!(procs.stdout.contains(&identity), "{}", procs.stdout);

    // Remote quiet shows in the next beat; remote stop ends it cleanly.
    let quiet = Cogctl::new(&server)
        .args(["procs", "quiet", &identity])
        .run();
    assert_eq!(quiet.code, 0, "{}", quiet.stderr);
    wait_until(HANG, "quiet=true", || {
        server
            .hash(&format!("cogworker:process:{identity}"))
            .get("quiet")
            .map(String::as_str)
            == Some("true")
    });
    let stop = Cogctl::new(&server)
        .args(["procs", "stop", &identity, "--yes"])
        .run();
    assert_eq!(stop.code, 0, "{}", stop.stderr);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_cleaned_up(&server, &identity);
}

/// Start a one-thread worker and wait until it has fetched a job (its list holds one).
fn started_on_a_job(server: &RedisServer, args: &[&str]) -> (Spawned, String) {
    let w = worker(server, &[&["-c", "1"], args].concat()).spawn();
    let identity = fetched_by(server);
    (w, identity)
}

/// Wait until a live worker has fetched a job; its identity.
fn fetched_by(server: &RedisServer) -> String {
    let mut identity = String::new();
    wait_until(HANG, "a fetched job", || {
        for id in listed_identities(server) {
            if smembers(server, "cogworker:processes").contains(&id)
                && !server
                    .list(&format!("cogworker:inprogress:{id}"))
                    .is_empty()
            {
                identity = id;
                return true;
            }
        }
        false
    });
    identity
}

#[test]
fn a_job_of_a_worker_killed_mid_job_is_recovered_and_run_by_another() {
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Slow", "30"]);
    let (a, identity) = started_on_a_job(&server, &["--handler", "Slow=builtin:sleep"]);
    a.signal(libc::SIGKILL);
    let killed = a.wait(HANG);
    assert_eq!(killed.code, -libc::SIGKILL);
    let list = format!("cogworker:inprogress:{identity}");
    assert_eq!(
        server.list(&list).len(),
        1,
        "the job stays on the dead worker's list"
    );
    // Its presence key would expire within 60 s; let it "expire" now.
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    let b = worker(
        &server,
        &[
            "--handler",
            "Slow=builtin:noop",
            "--orphan-threshold",
            "1s",
            "--max-jobs",
            "1",
            "--json",
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(b.code, 0, "{}", b.stderr);
    assert_eq!(json(&b.stdout)["processed"], 1);
    assert!(b.stderr.contains("event=orphans_requeued"), "{}", b.stderr);
    assert!(
        b.stderr.contains(&format!("event=job_done jid={jid}")),
        "{}",
        b.stderr
    );
    assert!(!server.exists(&list));
    assert!(!server.exists("cogworker:queue:default"));
    assert!(
        !server.exists(&format!("cogworker:orphanings:{jid}")),
        "the ACK clears the counter"
    );
    assert!(!smembers(&server, "cogworker:inprogress_identities").contains(&identity));
}

#[test]
fn reconcile_recovers_a_killed_workers_job_too() {
    let server = RedisServer::start();
    enqueue(&server, &["Slow", "30"]);
    let (a, identity) = started_on_a_job(&server, &["--handler", "Slow=builtin:sleep"]);
    a.signal(libc::SIGKILL);
    a.wait(HANG);
    server.exec(&[&["DEL", &format!("cogworker:process:{identity}")]]);
    // last_beat is in whole seconds of Redis' clock: silent for more than 1 s for sure.
    std::thread::sleep(Duration::from_millis(2100));
    let run = Cogctl::new(&server)
        .args(["reconcile", "--orphan-threshold", "1s", "--json"])
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(server.list("cogworker:queue:default").len(), 1);
}

#[test]
fn a_job_that_kills_its_worker_every_time_is_parked_after_max_orphanings() {
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Killer"]);
    // The handler kills the worker that runs it ($PPID), every time.
    let handler = "Killer=/bin/sh -c 'kill -9 $PPID; sleep 5'";
    let mut deaths = 0;
    for _ in 0..8 {
        if !server.exists("cogworker:queue:default") && listed_identities(&server).is_empty() {
            break;
        }
        let w = worker(
            &server,
            &[
                "-c",
                "1",
                "--handler",
                handler,
                "--orphan-threshold",
                "1s",
                "--max-orphanings",
                "2",
            ],
        )
        .spawn();
        // It recovers the previous victim's job, runs it and dies, or finds nothing to do.
        let deadline = std::time::Instant::now() + HANG;
        loop {
            if server.exists("cogworker:dead") || std::time::Instant::now() > deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
            let dead_worker = unsafe { libc::kill(w.pid(), 0) } != 0
                || std::fs::read_to_string(format!("/proc/{}/stat", w.pid()))
                    .is_ok_and(|s| s.contains(") Z "));
            if dead_worker {
                break;
            }
        }
        if server.exists("cogworker:dead") {
            w.signal(libc::SIGTERM);
        }
        let run = w.wait(HANG);
        if run.code == -libc::SIGKILL {
            deaths += 1;
            for id in listed_identities(&server) {
                server.exec(&[&["DEL", &format!("cogworker:process:{id}")]]);
            }
            std::thread::sleep(Duration::from_millis(1100));
        }
    }
    // Orphaned once, twice (requeued each time), the third time parked and filed in dead.
    assert_eq!(deaths, 3, "the job ran exactly three times");
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 1);
    assert_eq!(json(&dead[0].0)["jid"], jid.as_str());
    assert!(!server.exists("cogworker:queue:default"));
    assert!(listed_identities(&server).is_empty());
}

#[test]
fn a_redis_restart_loses_no_job_and_the_worker_comes_back_on_its_own() {
    let mut server = RedisServer::start_persistent();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ran");
    enqueue_specs(
        &server,
        (0..300).map(|i| format!("{{\"class\":\"Note\",\"args\":[{i}]}}\n")),
    );
    let handler = format!(
        "Note=/bin/sh -c 'echo $COGCTL_JID >> \"$0\"; sleep 0.01' {}",
        log.display()
    );
    let w = worker(&server, &["-c", "4", "--handler", &handler]).spawn();
    wait_until(HANG, "some jobs done", || {
        std::fs::read_to_string(&log)
            .map(|t| t.lines().count())
            .unwrap_or(0)
            >= 40
    });
    server.restart(Duration::from_millis(1500));
    wait_until(Duration::from_secs(60), "every job done", || {
        !server.exists("cogworker:queue:default")
            && listed_identities(&server).iter().all(|id| {
                server
                    .list(&format!("cogworker:inprogress:{id}"))
                    .is_empty()
            })
            && std::fs::read_to_string(&log)
                .map(|t| t.lines().count())
                .unwrap_or(0)
                >= 300
    });
    // It beats again without being restarted.
    wait_until(HANG, "a heartbeat after the restart", || {
        !smembers(&server, "cogworker:processes").is_empty()
    });
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("event=fetch_failed"), "{}", run.stderr);
    assert!(run.stderr.contains("event=fetch_resumed"), "{}", run.stderr);
    let ran: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let distinct: BTreeSet<&String> = ran.iter().collect();
    assert_eq!(distinct.len(), 300, "every job ran");
    assert!(server.zset::<String, f64>("cogworker:dead").is_empty());
    assert!(server.zset::<String, f64>("cogworker:retry").is_empty());
    assert!(listed_identities(&server).is_empty());
}

#[test]
fn an_ack_owed_during_an_outage_is_settled_and_counted_as_soon_as_redis_is_back() {
    let mut server = RedisServer::start_persistent();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("ran");
    let jid = enqueue(&server, &["Slow", "1"]);
    let handler = format!(
        "Slow=/bin/sh -c 'echo $COGCTL_JID >> \"$0\"; sleep 1' {}",
        log.display()
    );
    // Settling can wait neither for a beat (5 minutes apart here) nor for the reconcile (a
    // minute).
    let w = Cogctl::new(&server)
        .args([
            "worker",
            "-c",
            "1",
            "--handler",
            &handler,
            "--beat-interval",
            "5m",
        ])
        .spawn();
    let identity = fetched_by(&server);
    // Redis goes away while the job runs and stays away past its end: its ACK is owed.
    server.down_until("the job's ACK owed", || {
        w.stderr().contains("event=ack_pending")
    });
    let list = format!("cogworker:inprogress:{identity}");
    // Half the reconcile's minute: missed only by a hang, or by a settlement left to the
    // reconcile or to the next beat.
    wait_until(Duration::from_secs(30), "the owed ACK settled", || {
        server.list(&list).is_empty() && server.get("cogworker:stats:processed").is_some()
    });
    // Killed now, it leaves nothing for recovery to run a second time.
    w.signal(libc::SIGKILL);
    let run = w.wait(HANG);
    assert!(run.stderr.contains("event=ack_pending"), "{}", run.stderr);
    assert!(run.stderr.contains("event=owed_settled"), "{}", run.stderr);
    assert!(server.list(&list).is_empty());
    // Counted when the acknowledgement landed, in the hour the job ended.
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1")
    );
    let hour = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        / 3600) as i64;
    let counted: i64 = [hour - 1, hour]
        .iter()
        .filter_map(|h| {
            server
                .hash(&format!("cogworker:throughput:{h}"))
                .get("processed")
                .cloned()
        })
        .map(|v| v.parse::<i64>().unwrap())
        .sum();
    assert_eq!(counted, 1);
    let ran = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        ran.lines().collect::<Vec<_>>(),
        vec![jid.as_str()],
        "ran once"
    );
    assert!(!server.exists("cogworker:queue:default"));
}

#[test]
fn term_mid_job_lets_the_job_finish_within_the_drain_timeout() {
    let server = RedisServer::start();
    enqueue(&server, &["Slow", "1"]);
    let (w, identity) = started_on_a_job(&server, &["--handler", "Slow=builtin:sleep", "--json"]);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(
        (summary["processed"].as_u64(), summary["requeued"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(summary["reason"], "stopped");
    assert!(!server.exists("cogworker:queue:default"));
    assert_cleaned_up(&server, &identity);
}

#[test]
fn term_mid_job_requeues_it_when_the_drain_timeout_passes() {
    let server = RedisServer::start();
    enqueue(&server, &["Slow", "60"]);
    let raw = server.list("cogworker:queue:default")[0].clone();
    enqueue(&server, &["Later"]);
    let (w, identity) = started_on_a_job(
        &server,
        &[
            "--handler",
            "Slow=/bin/sleep 600",
            "--timeout-drain",
            "1s",
            "--kill-grace",
            "1s",
            "--json",
        ],
    );
    // The job would hold the stop past HANG but for the drain timeout and the kill grace.
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(
        (summary["processed"].as_u64(), summary["requeued"].as_u64()),
        (Some(0), Some(1))
    );
    // Back at the front (the end popped next) of its queue, byte for byte.
    let queue = server.list("cogworker:queue:default");
    assert_eq!(queue.last(), Some(&raw));
    assert_eq!(queue.len(), 2);
    assert!(
        server.zset::<String, f64>("cogworker:retry").is_empty(),
        "not a failure"
    );
    assert_cleaned_up(&server, &identity);
}

#[test]
fn a_second_term_exits_at_once_and_leaves_the_job_for_recovery() {
    let server = RedisServer::start();
    enqueue(&server, &["Slow", "60"]);
    let (w, identity) = started_on_a_job(&server, &["--handler", "Slow=builtin:sleep"]);
    w.signal(libc::SIGTERM);
    std::thread::sleep(Duration::from_millis(300));
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert_eq!(
        server
            .list(&format!("cogworker:inprogress:{identity}"))
            .len(),
        1
    );
}

#[test]
fn an_unreachable_redis_at_start_is_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("unix://{}/none.sock", dir.path().display());
    let run = Cogctl::bare()
        .args(["--redis-url", &url, "worker", "--startup-wait", "1s"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("cannot reach Redis"), "{}", run.stderr);
}

#[test]
fn a_config_file_gives_settings_and_flags_win() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("worker.json");
    std::fs::write(
        &config,
        r#"{"queues":["mail,2","default"],"concurrency":2,"handlers":{"Mail":"builtin:fail","Other":"builtin:noop"}}"#,
    )
    .unwrap();
    enqueue(&server, &["Mail", "--queue", "mail"]);
    enqueue(&server, &["Other"]);
    let run = burst(
        &server,
        &[
            "--config",
            config.to_str().unwrap(),
            "--handler",
            "Mail=builtin:noop",
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 2);

    std::fs::write(&config, r#"{"queues":["mail"],"concurrence":2}"#).unwrap();
    let run = burst(&server, &["--config", config.to_str().unwrap()]).run();
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("concurrence"), "{}", run.stderr);
}

#[test]
fn a_bad_queue_weight_is_a_usage_error() {
    let server = RedisServer::start();
    let run = worker(&server, &["-q", "mail,zero"]).run();
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = worker(&server, &["--handler", "NoEquals"]).run();
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn handler_decisions_route_as_the_gems_retry_in_hook_does() {
    let server = RedisServer::start();
    let killed = enqueue(&server, &["Fail", "\"kill me\"", "\"kill\""]);
    let discarded = enqueue(&server, &["Fail", "\"discard me\"", "\"discard\""]);
    let later = enqueue(&server, &["Fail", "\"in an hour\"", "3600"]);
    let run = burst(&server, &["--handler", "Fail=builtin:fail"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(
        (
            summary["failed"].as_u64(),
            summary["dead"].as_u64(),
            summary["discarded"].as_u64(),
            summary["retried"].as_u64()
        ),
        (Some(3), Some(1), Some(1), Some(1))
    );
    let outcome = |jid: &str| {
        let log = server.list(&format!("cogworker:job_attempts:{jid}"));
        let entry: serde_json::Map<String, Value> = serde_json::from_str(&log[0]).unwrap();
        assert_eq!(
            entry.keys().map(String::as_str).collect::<Vec<_>>(),
            [
                "attempt",
                "failed_at",
                "outcome",
                "error_class",
                "error_message"
            ]
        );
        entry["outcome"].as_str().unwrap().to_string()
    };
    assert_eq!(outcome(&killed), "killed");
    assert_eq!(outcome(&discarded), "discarded");
    assert_eq!(outcome(&later), "retrying");
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    assert_eq!(dead.len(), 1);
    assert_eq!(json(&dead[0].0)["jid"], killed.as_str());
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), 1);
    let job = json(&retry[0].0);
    assert_eq!(job["jid"], later.as_str());
    // Exactly the seconds asked for, no jitter.
    let delay = retry[0].1 - job["failed_at"].as_f64().unwrap();
    assert!((delay - 3600.0).abs() < 0.01, "{delay}");
}

#[test]
fn a_handler_past_its_timeout_is_killed_and_the_job_fails_with_a_clear_class() {
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Hang", "--retry", "false"]);
    // The handler would hold the run past HANG but for its timeout.
    let run = burst(
        &server,
        &[
            "--handler",
            "Hang=/bin/sleep 600",
            "--timeout",
            "0.5s",
            "--kill-grace",
            "0.5s",
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    let job = json(&dead[0].0);
    assert_eq!(job["jid"], jid.as_str());
    assert_eq!(job["error_class"], "Cogctl::HandlerTimeout");
}

#[test]
fn a_failure_that_cannot_be_recorded_is_owed_then_parked_at_shutdown_and_filed_later() {
    let server = RedisServer::start();
    // The worker's ACL user may not ZADD: the failure's ZADD fails, and so does INTERRUPT's
    // (Redis checks the ACL of commands inside scripts too).
    server.exec(&[&[
        "ACL", "SETUSER", "nozadd", "on", ">pw", "~*", "&*", "+@all", "-zadd",
    ]]);
    let jid = enqueue(&server, &["Boom", "\"kaput\""]);
    let raw = server.list("cogworker:queue:default")[0].clone();
    let url = format!("{}?user=nozadd&pass=pw", server.url());
    // --allow-failures: a failure that is retried (here: owed, then parked) exits 0.
    let run = burst(
        &server,
        &["--handler", "Boom=builtin:fail", "--allow-failures"],
    )
    .env("COGCTL_REDIS_URL", &url)
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("event=failure_not_recorded"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("event=settlement_pending"),
        "{}",
        run.stderr
    );
    // Counted as what it will be once filed: a retry (a dead one would make the exit 1, even
    // with --allow-failures).
    assert_eq!(json(&run.stdout)["retried"], 1);
    // Parked, not requeued: the job already ran.
    assert!(!server.exists("cogworker:queue:default"));
    assert!(listed_identities(&server).is_empty());
    let parked = server.list("cogworker:unsettled");
    assert_eq!(parked.len(), 1);
    let record: serde_json::Map<String, Value> = serde_json::from_str(&parked[0]).unwrap();
    assert_eq!(
        record.keys().map(String::as_str).collect::<Vec<_>>(),
        ["set", "score", "payload"]
    );
    assert_eq!(record["set"], "cogworker:retry");
    let payload = json(record["payload"].as_str().unwrap());
    assert_eq!(payload["jid"], jid.as_str());
    assert_eq!(payload["interrupted_count"], 1);
    assert_eq!(payload["retry_count"], 1);
    assert_eq!(payload["error_message"], "kaput");
    let filed_at = payload["failed_at"].as_f64().unwrap();
    assert!((record["score"].as_f64().unwrap() - filed_at - 30.0).abs() < 0.01);
    let original = json(&raw);
    for (k, v) in original.as_object().unwrap() {
        assert_eq!(&payload[k], v, "field {k} preserved");
    }
    // Any process that can write it files it on its recovery pass (here: reconcile).
    let run = Cogctl::new(&server).args(["reconcile", "--json"]).run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let retry: Vec<(String, f64)> = server.zset("cogworker:retry");
    assert_eq!(retry.len(), 1);
    assert_eq!(json(&retry[0].0)["jid"], jid.as_str());
    assert!(!server.exists("cogworker:unsettled"));
}

#[test]
fn keys_of_the_wrong_type_are_quarantined_as_the_gem_does() {
    let server = RedisServer::start();
    server.exec(&[
        &["SET", "cogworker:queue:default", "not a list"],
        &["HSET", "cogworker:retry", "not", "a zset"],
    ]);
    // Six older copies of the retry set already in quarantine: only five are kept.
    for ms in 1..=6 {
        let name = format!("cogworker:quarantine:cogworker:retry:{ms}:0000000{ms}");
        server.exec(&[&["SET", &name, "old"]]);
    }
    // A longer key that merely starts the same is not a copy.
    server.exec(&[&[
        "SET",
        "cogworker:quarantine:cogworker:retry:x:1:00000000",
        "other",
    ]]);
    let w = worker(&server, &[]).spawn();
    wait_until(HANG, "both keys quarantined", || {
        !server.exists("cogworker:queue:default") && !server.exists("cogworker:retry")
    });
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "event=key_quarantined key=cogworker:queue:default found=string expected=list"
        ),
        "{}",
        run.stderr
    );
    let quarantined: BTreeSet<String> = redis::cmd("KEYS")
        .arg("cogworker:quarantine:*")
        .query(&mut server.conn())
        .unwrap();
    let queue_copies: Vec<&String> = quarantined
        .iter()
        .filter(|k| k.starts_with("cogworker:quarantine:cogworker:queue:default:"))
        .collect();
    assert_eq!(queue_copies.len(), 1);
    assert_eq!(server.get(queue_copies[0]).as_deref(), Some("not a list"));
    let ttl = server.ttl(queue_copies[0]);
    assert!(ttl > 2_500_000 && ttl <= 2_592_000, "{ttl}");
    let retry_copies: Vec<&String> = quarantined
        .iter()
        .filter(|k| {
            k.starts_with("cogworker:quarantine:cogworker:retry:") && !k.contains(":retry:x:")
        })
        .collect();
    assert_eq!(retry_copies.len(), 5, "{retry_copies:?}");
    assert!(!quarantined.contains("cogworker:quarantine:cogworker:retry:1:00000001"));
    assert!(!quarantined.contains("cogworker:quarantine:cogworker:retry:2:00000002"));
    assert!(quarantined.contains("cogworker:quarantine:cogworker:retry:x:1:00000000"));
}

#[test]
fn finished_handlers_do_not_interrupt_other_threads_redis_reads() {
    // Each finished handler raises SIGCHLD; a Redis read with a timeout fails with EINTR
    // when a signal is pending for its thread, and a BLMOVE losing its reply strands a job
    // on the in-progress list until reconcile (minutes: a burst run would wait for it).
    let server = RedisServer::start();
    enqueue_specs(
        &server,
        (0..1500).map(|i| format!("{{\"class\":\"T\",\"args\":[{i}]}}\n")),
    );
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "-c",
            "10",
            "--handler",
            "T=/bin/true",
            "--json",
        ])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 1500);
    assert!(
        !run.stderr.contains("Interrupted system call"),
        "{}",
        run.stderr
    );
    // No job stranded, so none waited for the reconcile to be requeued.
    assert!(!run.stderr.contains("stray_requeued"), "{}", run.stderr);
}

#[test]
fn pausing_a_queue_stops_a_running_worker_at_its_next_fetch() {
    let server = RedisServer::start();
    enqueue_specs(
        &server,
        (0..30).map(|i| format!("{{\"class\":\"S\",\"args\":[0.05,{i}]}}\n")),
    );
    let w = worker(&server, &["-c", "2", "--handler", "S=builtin:sleep"]).spawn();
    let waiting = || server.list("cogworker:queue:default").len();
    wait_until(HANG, "some jobs done", || waiting() <= 25);
    let pause = Cogctl::new(&server)
        .args(["queue", "pause", "default"])
        .run();
    assert_eq!(pause.code, 0, "{}", pause.stderr);
    // Every job running at the pause ends, and its thread's next fetch sees the pause.
    wait_until(HANG, "nothing running", || {
        listed_identities(&server).is_empty()
    });
    let left = waiting();
    assert!(left > 0);
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(waiting(), left, "a paused queue is not fetched from");
    let resume = Cogctl::new(&server)
        .args(["queue", "resume", "default"])
        .run();
    assert_eq!(resume.code, 0, "{}", resume.stderr);
    wait_until(HANG, "the rest done", || waiting() == 0);
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("30")
    );
}

#[test]
fn config_durations_may_be_numbers_or_text() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("worker.json");
    std::fs::write(
        &config,
        r#"{"handlers":{"*":"/bin/sleep 5"},"kill_grace":1.5,"timeout":"0.5s","timeout_for":{"Quick":0.25},"timeout_drain":2}"#,
    )
    .unwrap();
    enqueue(&server, &["Quick", "--retry", "false"]);
    let run = burst(&server, &["--config", config.to_str().unwrap()])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    let job = json(&dead[0].0);
    assert_eq!(job["error_class"], "Cogctl::HandlerTimeout");
    assert!(
        job["error_message"].as_str().unwrap().contains("0.25"),
        "{}",
        job["error_message"]
    );
}

#[test]
fn the_busy_page_shows_each_running_job_as_the_gem_writes_it() {
    // One thread, two jobs: the first is fetched alone, the second with the first's
    // acknowledgement (one script); each must be registered the same way.
    let server = RedisServer::start();
    let first = enqueue(&server, &["Slow", "0.8", "--queue", "mail-out"]);
    let second = enqueue(&server, &["Slow", "0.8", "--queue", "mail-out"]);
    let raws = server.list("cogworker:queue:mail-out");
    let w = worker(
        &server,
        &[
            "-c",
            "1",
            "-q",
            "mail-out",
            "--handler",
            "Slow=builtin:sleep",
            "--json",
        ],
    )
    .spawn();
    for jid in [&first, &second] {
        let mut entry = String::new();
        let mut key = String::new();
        wait_until(HANG, "the job on the busy page", || {
            for id in smembers(&server, "cogworker:processes") {
                key = format!("cogworker:workers:{id}");
                if let Some(e) = server.hash(&key).into_values().next()
                    && json(&e)["payload"]["jid"] == jid.as_str()
                {
                    entry = e;
                    return true;
                }
            }
            false
        });
        let raw = raws.iter().find(|r| r.contains(jid.as_str())).unwrap();
        let run_at = json(&entry)["run_at"].as_i64().unwrap();
        assert_eq!(
            entry,
            format!("{{\"queue\":\"mail-out\",\"payload\":{raw},\"run_at\":{run_at}}}")
        );
        assert!((run_at as f64 - cogctl::term::ui::Clock::system().now).abs() < 5.0);
        assert!((1..=60).contains(&server.ttl(&key)), "{key} has no TTL");
        let busy = Cogctl::new(&server).args(["busy", "--json"]).run();
        assert!(busy.stdout.contains(jid.as_str()), "{}", busy.stdout);
    }
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["processed"], 2);
}

#[test]
fn an_unparseable_element_after_a_job_is_buried_and_leaves_no_busy_entry() {
    // The element looks like an object to the fetch script (braces) but isn't JSON.
    let server = RedisServer::start();
    enqueue(&server, &["Hello"]);
    server.exec(&[&["LPUSH", "cogworker:queue:default", "{not json}"]]);
    let run = burst(&server, &["-c", "1", "--handler", "Hello=builtin:noop"])
        .spawn()
        .wait(HANG);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(
        (summary["processed"].as_u64(), summary["dead"].as_u64()),
        (Some(1), Some(1))
    );
    let dead: Vec<(String, f64)> = server.zset("cogworker:dead");
    let wrapper = json(&dead[0].0);
    assert_eq!(wrapper["class"], "(unparseable)");
    assert_eq!(wrapper["raw_payload"], "{not json}");
    assert_eq!(server.get("cogworker:stats:failed").as_deref(), Some("1"));
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("1")
    );
    let identity = json(&run.stdout)["identity"].as_str().unwrap().to_string();
    assert!(!server.exists(&format!("cogworker:workers:{identity}")));
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
}

#[test]
fn max_jobs_stops_after_that_many_and_gives_back_what_it_fetched_beyond() {
    let server = RedisServer::start();
    enqueue_specs(
        &server,
        (0..10).map(|i| format!("{{\"class\":\"Hello\",\"args\":[{i}]}}\n")),
    );
    let before = server.list("cogworker:queue:default");
    let run = worker(
        &server,
        &[
            "-c",
            "2",
            "--max-jobs",
            "4",
            "--handler",
            "Hello=builtin:noop",
            "--json",
        ],
    )
    .spawn()
    .wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = json(&run.stdout);
    assert_eq!(summary["reason"], "max-jobs");
    assert_eq!(summary["processed"], 4);
    let left = server.list("cogworker:queue:default");
    assert_eq!(left.len(), 6, "{}", run.stderr);
    assert!(
        left.iter().all(|raw| before.contains(raw)),
        "given back byte for byte"
    );
    let identity = summary["identity"].as_str().unwrap();
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
}

/// A TERM that arrives while the worker is still setting up (here: its audit entry waits on
/// a Redis that never answers) is held until the worker listens, then stops it cleanly: it
/// never kills the process outright (the soak test once caught a worker dying of a TERM sent
/// right after it was started).
#[test]
fn a_term_during_setup_is_held_until_the_worker_can_stop() {
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("redis://{}/0", silent.local_addr().unwrap());
    let w = Cogctl::bare()
        .args([
            "--redis-url",
            &url,
            "--read-timeout",
            "600ms",
            "--connect-timeout",
            "600ms",
        ])
        .args([
            "worker",
            "--handler",
            "*=builtin:noop",
            "--startup-wait",
            "0s",
        ])
        .spawn();
    std::thread::sleep(Duration::from_millis(300));
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert!(
        run.code >= 0,
        "the worker died of the signal ({}):\n{}",
        run.code,
        run.snapshot()
    );
    drop(silent);
}

/// The scheduling policy (field 41 of /proc/PID/stat: 0 ordinary, 3 SCHED_BATCH) of each of
/// a process's threads.
fn thread_policies(pid: i32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("stat")).ok())
        .filter_map(|stat| {
            // The name, in parentheses, may hold spaces: count fields after its end.
            let after = &stat[stat.rfind(')')? + 2..];
            after.split(' ').nth(41 - 3)?.parse().ok()
        })
        .collect()
}

#[test]
fn processors_run_under_sched_batch_and_handlers_under_the_ordinary_policy() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let handler = format!(
        "Probe=/bin/sh -c 'cut -d\" \" -f41 /proc/$$/stat > \"$0/policy.tmp\"; mv \"$0/policy.tmp\" \"$0/policy\"' {d}"
    );
    let w = worker(&server, &["-c", "3", "--handler", &handler]).spawn();
    let pid = w.pid();
    wait_until(HANG, "three SCHED_BATCH threads", || {
        thread_policies(pid).iter().filter(|&&p| p == 3).count() == 3
    });
    let policies = thread_policies(pid);
    assert!(
        policies.contains(&0),
        "the other threads (probes, beat, signals) keep the ordinary policy: {policies:?}"
    );
    enqueue(&server, &["Probe"]);
    let file = dir.path().join("policy");
    wait_until(HANG, "the handler's policy", || file.exists());
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), "0");
    w.signal(libc::SIGTERM);
    let run = w.wait(HANG);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn the_start_log_gives_weights_and_the_stop_line_says_why_once() {
    let server = RedisServer::start();
    enqueue(&server, &["Ping", "--queue", "critical"]);
    let run = worker(
        &server,
        &[
            "--burst",
            "-q",
            "critical,3",
            "-q",
            "default",
            "-q",
            "nc",
            "--handler",
            "*=builtin:noop",
        ],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let started = run
        .stderr
        .lines()
        .find(|l| l.contains("event=worker_started"))
        .unwrap_or_else(|| panic!("{}", run.stderr));
    assert!(
        started.contains(" queues=critical:3,default,nc "),
        "{started}"
    );
    let stop = run.stderr.lines().last().unwrap();
    assert!(
        stop.contains(" stopped after ") && stop.ends_with("s: its queues are empty (--burst)"),
        "{stop}"
    );
    assert!(!run.stderr.contains("(stopped)") && !run.stderr.contains("(burst)"));
}

/// One `kB` field of /proc/PID/status (VmRSS, VmHWM, RssAnon …).
fn proc_status_kb(pid: i32, field: &str) -> i64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"))
}

/// A worker whose handler can't run would fail every job of its class: it is refused as it
/// starts (exit 2), naming the class and the handler, before any job is fetched.
#[test]
fn a_handler_that_cannot_run_is_refused_before_any_job_is_fetched() {
    use std::os::unix::fs::PermissionsExt;
    let server = RedisServer::start();
    let jid = enqueue(&server, &["Scratch::Job", "1"]);
    let dir = tempfile::tempdir().unwrap();
    let not_executable = dir.path().join("run.sh");
    std::fs::write(&not_executable, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&not_executable, std::fs::Permissions::from_mode(0o644)).unwrap();
    // A port nothing listens on: bound, then let go.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let cases = [
        (
            "Scratch::Job=/opt/nope/run.sh".to_string(),
            "--handler Scratch::Job=/opt/nope/run.sh: /opt/nope/run.sh doesn't exist; every \
             Scratch::Job job would fail (--handler-check off to start anyway)"
                .to_string(),
        ),
        (
            format!("Scratch::Job={}", not_executable.display()),
            format!("{} isn't executable", not_executable.display()),
        ),
        (
            "Scratch::Job=no-such-program-anywhere --flag".to_string(),
            "no-such-program-anywhere is not an executable on PATH".to_string(),
        ),
        (
            "Scratch::Job=serve:sh -c 'echo cannot load config >&2; exit 3'".to_string(),
            "exited as it started (exit status: 3): cannot load config".to_string(),
        ),
        (
            format!("Scratch::Job=http://127.0.0.1:{port}/jobs"),
            format!("doesn't answer (127.0.0.1:{port}: "),
        ),
    ];
    for (handler, said) in cases {
        let run = burst(&server, &["--handler", &handler]).run();
        assert_eq!(run.code, 2, "{handler}: {}", run.snapshot());
        assert!(
            run.stderr.contains(&said) && run.stderr.contains("Scratch::Job"),
            "{handler}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
        // Nothing was fetched, nothing registered.
        let queued: Vec<String> = redis::cmd("LRANGE")
            .arg("cogworker:queue:default")
            .arg(0)
            .arg(-1)
            .query(&mut server.conn())
            .unwrap();
        assert!(queued.len() == 1 && queued[0].contains(&jid), "{queued:?}");
        assert!(smembers(&server, "cogworker:processes").is_empty());
    }
    // Off: the worker starts, and the job fails as it would have.
    let run = burst(
        &server,
        &[
            "--handler",
            "Scratch::Job=/opt/nope/run.sh",
            "--handler-check",
            "off",
        ],
    )
    .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let retry: Vec<String> = redis::cmd("ZRANGE")
        .arg("cogworker:retry")
        .arg(0)
        .arg(-1)
        .query(&mut server.conn())
        .unwrap();
    assert!(retry[0].contains("Cogctl::HandlerNotStarted"), "{retry:?}");
}

/// Handlers that can run pass the check: a program on PATH, a script, a serve: process that
/// stays up, an http: URL that answers, a built-in.
#[test]
fn handlers_that_can_run_pass_the_check() {
    let server = RedisServer::start();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let run = burst(
        &server,
        &[
            "--handler",
            "A=true",
            "--handler",
            "B=/bin/sh -c 'exit 0'",
            "--handler",
            "C=serve:cat",
            "--handler",
            &format!("D=http://127.0.0.1:{port}/jobs"),
            "--handler",
            "E=builtin:noop",
        ],
    )
    .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
}
