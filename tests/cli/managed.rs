//! The managed-Redis profile: a server with CONFIG, DEBUG, MONITOR, SAVE, BGSAVE, REPLICAOF,
//! SLAVEOF, MODULE and SHUTDOWN renamed away (`support::MANAGED_RENAMES`), as ElastiCache,
//! Memorystore and Azure Cache serve Redis. On it every view answers as on a plain server
//! loaded with the same fixture (the same exit code and output, nothing refused, nothing
//! written), every change and its undo moves the keys it should, `reconcile`, `procs prune`
//! and the periodic controls work, `cogctl worker --burst` works jobs, and `doctor` completes
//! and says which checks it could not make and why.

use serde_json::Value;

use crate::pty::Pty;
use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, Run, cogctl, find};

/// A managed server and a plain one, both loaded with fixtures/<name>.json, and the
/// fixture's capture time (the clock the views are pinned to).
fn both(name: &str) -> (RedisServer, RedisServer, f64) {
    let managed = RedisServer::start_managed();
    let plain = RedisServer::start();
    let now = managed.load(name).captured_at;
    plain.load(name);
    (managed, plain, now)
}

/// A managed server loaded with fixtures/<name>.json, and the fixture's capture time.
fn managed(name: &str) -> (RedisServer, f64) {
    let server = RedisServer::start_managed();
    let now = server.load(name).captured_at;
    (server, now)
}

/// `text` without what may differ between two servers answering the same view: the server's
/// address, its uptime, clients and memory (`stats`), how long a scrape took (`metrics`), and
/// the keys' remaining TTLs (they run in real time, and the two servers were loaded and are
/// read a few milliseconds apart).
fn stable(text: &str, server: &RedisServer) -> String {
    let text = text.replace(&server.url(), "<redis>");
    let text = regex::Regex::new(r"(?m)^(\s+)up \S+ · .* used, peak .*$")
        .unwrap()
        .replace_all(&text, "${1}up <uptime, clients, memory>");
    let text = regex::Regex::new(r"expires in (?:\d+(?:\.\d+)?(?:ms|[dhms]) ?)+")
        .unwrap()
        .replace_all(&text, "expires in <ttl>");
    let text = regex::Regex::new(r#""(ttl|ttl_ms)": [0-9.]+"#)
        .unwrap()
        .replace_all(&text, "\"$1\": <ttl>");
    // A dry run's undo expiry is counted from each server's own clock, read a moment apart.
    let text = regex::Regex::new(r"would keep (.*) until \S+Z")
        .unwrap()
        .replace_all(&text, "would keep $1 until <redis time + keep>");
    regex::Regex::new(r"(?m)^cogctl_scrape_duration_seconds \S+$")
        .unwrap()
        .replace_all(&text, "cogctl_scrape_duration_seconds <duration>")
        .into_owned()
}

/// No sign in `run` that the server refused a command cogctl sent.
#[track_caller]
fn assert_nothing_refused(run: &Run, what: &str) {
    for text in [&run.stdout, &run.stderr] {
        let lower = text.to_lowercase();
        assert!(
            !lower.contains("unknown command") && !lower.contains("err unknown"),
            "{what}: a command was refused on the managed server:\n{}",
            run.snapshot()
        );
    }
}

/// How many `ERR` replies the server has sent (INFO errorstats): a command renamed away is
/// answered `ERR unknown command`, and counted there though it never reaches commandstats.
fn err_replies(server: &RedisServer) -> u64 {
    let stat = server.info_field("errorstats", "errorstat_ERR");
    stat.strip_prefix("count=")
        .map_or(0, |n| n.parse().unwrap())
}

/// The views that read CONFIG GET, and so are refused on the managed server: doctor's server
/// checks, which incident shares. They must answer anyway.
const READS_CONFIG: &[&str] = &["incident", "doctor"];

/// Run `args` on both servers at `now`: the managed one must answer as the plain one does
/// (exit code, stdout, stderr), say nothing of a refused command, and be refused nothing
/// more than the plain one (errors such as redis-server 7.0's to the client library's
/// CLIENT SETINFO come on both) — but the CONFIG GETs of `READS_CONFIG`, which it must be
/// refused (the profile bites). Returns the managed server's run.
#[track_caller]
fn same_as_plain(managed: &RedisServer, plain: &RedisServer, now: f64, args: &[&str]) -> Run {
    let errors = err_replies(plain);
    let on_plain = cogctl(plain, now, args);
    let plain_refused = err_replies(plain) - errors;
    let errors = err_replies(managed);
    let on_managed = cogctl(managed, now, args);
    let refused = err_replies(managed) - errors;
    let what = format!("cogctl {}", args.join(" "));
    assert_nothing_refused(&on_managed, &what);
    assert_eq!(
        on_managed.code,
        on_plain.code,
        "{what}: exit code on the managed server:\n{}\non the plain server:\n{}",
        on_managed.snapshot(),
        on_plain.snapshot()
    );
    assert_eq!(
        stable(&on_managed.stdout, managed),
        stable(&on_plain.stdout, plain),
        "{what}: stdout"
    );
    assert_eq!(
        stable(&on_managed.stderr, managed),
        stable(&on_plain.stderr, plain),
        "{what}: stderr"
    );
    if READS_CONFIG.contains(&args[0]) {
        assert!(
            refused > plain_refused,
            "{what}: CONFIG GET was not refused"
        );
    } else {
        assert_eq!(
            refused, plain_refused,
            "{what}: the managed server refused a command the plain one answered"
        );
    }
    on_managed
}

/// Run a change on the managed server at `now`; it must succeed and refuse nothing.
#[track_caller]
fn change(server: &RedisServer, now: f64, args: &[&str]) -> Run {
    let run = cogctl(server, now, args);
    assert_nothing_refused(&run, &format!("cogctl {}", args.join(" ")));
    assert_eq!(run.code, 0, "cogctl {}: {}", args.join(" "), run.snapshot());
    run
}

/// `undo last --yes`: it must take the last change back.
#[track_caller]
fn undo_last(server: &RedisServer, now: f64) {
    let run = change(server, now, &["undo", "last", "--yes"]);
    assert!(run.stdout.starts_with("undid `"), "{}", run.snapshot());
}

/// The members of the sorted set `key` with their scores, as text.
fn zset(server: &RedisServer, key: &str) -> Vec<(String, String)> {
    server.zset(key)
}

/// The members of the sorted set `key`, lowest score first.
fn members(server: &RedisServer, key: &str) -> Vec<String> {
    zset(server, key).into_iter().map(|(m, _)| m).collect()
}

/// The jids of the jobs (JSON members) of a list or of a sorted set's members.
fn jids<'a>(members: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    members
        .into_iter()
        .map(|m| {
            let job: Value = serde_json::from_str(m).unwrap_or_else(|e| panic!("{e}: {m}"));
            job["jid"].as_str().unwrap().to_string()
        })
        .collect()
}

/// A FailJob of fixtures/incident.json in the dead set, with its attempts log.
const DEAD_JID: &str = "f8138b8b5e56769076bcad1f";
/// A NoopJob of fixtures/incident.json waiting on queue default.
const WAITING_JID: &str = "4d5d0bcc60b7d9d8a19f7b52";
/// The live process of fixtures/incident.json.
const INCIDENT_PROCESS: &str = "vm:29128:32e9242b5029";

#[test]
fn every_view_of_an_incident_answers_as_on_a_plain_server_and_writes_nothing() {
    let (managed, plain, now) = both("incident");
    let before = managed.keyspace();
    let views: &[&[&str]] = &[
        &["stats"],
        &["stats", "--days", "7"],
        &["queues"],
        &["queues", "--json"],
        &["queue", "list", "default"],
        &["queue", "list", "default", "--next-first"],
        &["queue", "show", "default"],
        &["queue", "show", "mail-out"],
        &["dead", "list"],
        &["dead", "list", "--json"],
        &["dead", "triage"],
        &["dead", "show", DEAD_JID],
        &["retry", "list"],
        &["retry", "triage"],
        &["scheduled", "list"],
        &["jobs", "--search", "invoice"],
        &["jobs", "--status", "running"],
        &["job", DEAD_JID],
        &["job", WAITING_JID],
        &["busy"],
        &["procs"],
        &["procs", "--memory"],
        &["procs", "alive", "--identity", INCIDENT_PROCESS],
        &["orphans"],
        &["unsettled", "list"],
        &["history"],
        &["periodic", "list"],
        &["check", "--max-dead", "100", "--max-latency", "5m"],
        &["check", "--max-dead", "0"],
        &["incident"],
        &["incident", "--json"],
        &["metrics"],
        &["audit"],
        &["undo", "list"],
        &["dead", "export"],
        &["retry", "export"],
        &["reconcile", "--dry-run"],
        &["dead", "retry", "--all", "--dry-run"],
        &["queue", "delete-job", "default", "--all", "--dry-run"],
        &["procs", "prune", "--dry-run"],
    ];
    let runs: Vec<Run> = views
        .iter()
        .map(|args| same_as_plain(&managed, &plain, now, args))
        .collect();
    // The comparisons are not between two empty answers.
    let of = |args: &[&str]| &runs[views.iter().position(|v| *v == args).unwrap()];
    assert!(
        of(&["stats"]).stdout.contains("Dead           3"),
        "{}",
        of(&["stats"]).stdout
    );
    assert!(of(&["dead", "list"]).stdout.contains(DEAD_JID));
    assert!(of(&["busy"]).stdout.contains(INCIDENT_PROCESS));
    assert_eq!(of(&["dead", "export"]).stdout.lines().count(), 3);
    assert!(
        of(&["metrics"])
            .stdout
            .contains("\ncogworker_dead_size 3\n")
    );
    let check = of(&["check", "--max-dead", "100", "--max-latency", "5m"]);
    assert_eq!(check.code, 0, "{}", check.snapshot());
    let check = of(&["check", "--max-dead", "0"]);
    assert_eq!(
        check.code,
        1,
        "a failing check still fails: {}",
        check.snapshot()
    );

    // Watching a view, and the live dashboard on a terminal.
    let watch = Cogctl::new(&managed)
        .now(now)
        .args(["queues", "--watch=100ms", "--watch-count", "2"])
        .run();
    assert_nothing_refused(&watch, "queues --watch");
    assert_eq!(watch.code, 0, "{}", watch.snapshot());
    assert_eq!(
        watch.stdout.matches("mail-out").count(),
        2,
        "{}",
        watch.stdout
    );
    let url = managed.url();
    let now_text = now.to_string();
    let env = [
        ("COGCTL_REDIS_URL", url.as_str()),
        ("COGCTL_NOW", now_text.as_str()),
    ];
    let mut top = Pty::spawn(&["top", "--interval", "200ms"], 40, 140, &env);
    let screen = top.wait_screen("the queues and the process", |s| {
        s.contains("mail-out") && s.contains(INCIDENT_PROCESS)
    });
    assert!(
        !screen.to_lowercase().contains("unknown command"),
        "{screen}"
    );
    top.send("q");
    assert_eq!(top.wait_exit(), 0);

    assert!(
        managed.keyspace() == before,
        "a view wrote to the managed server"
    );
}

#[test]
fn the_views_of_processes_orphans_memory_periodic_and_history_answer_as_on_a_plain_server() {
    // Each fixture, what its first view must show (so that no comparison is between two
    // empty answers), and its views.
    type Case<'a> = (&'a str, &'a str, &'a [&'a [&'a str]]);
    let cases: &[Case] = &[
        (
            "orphaned",
            "vm:710:4e5e9b0d9b22",
            &[
                &["orphans"],
                &["stats"],
                &["procs"],
                &["procs", "--memory"],
                &["busy"],
                &["busy", "--include-stale"],
                &["unsettled", "list"],
                &["reconcile", "--dry-run"],
                &["procs", "prune", "--dry-run"],
                &["check", "--max-orphans", "0"],
                &["incident"],
                &["metrics"],
                &["jobs", "--search", "poison-pill"],
                &["job", "a29ce722b5dd023f19fadd54"],
            ],
        ),
        (
            "memory",
            "vm:31694:57ef49409f19",
            &[
                &["procs", "--memory"],
                &["procs", "--memory", "--json"],
                &["stats"],
                &["procs"],
                &["procs", "alive", "--identity", "vm:31694:57ef49409f19"],
                &["busy"],
                &["orphans"],
                &["incident"],
                &["incident", "--memory-limit", "64MB"],
                &["metrics"],
            ],
        ),
        (
            "periodic",
            "23101811",
            &[
                &["periodic", "list"],
                &["stats"],
                &["periodic", "list", "--json"],
                &["periodic", "show", "23101811"],
                &["check", "--max-periodic-delay", "1m"],
                &["busy"],
                &["retry", "list"],
                &["incident"],
                &["metrics"],
            ],
        ),
        (
            "history",
            "279ba400a7473e7bfae6fe53",
            &[
                &["history"],
                &["stats"],
                &["stats", "--days", "30"],
                &["history", "--sort", "duration"],
                &["history", "--status", "failed", "--json"],
                &["job", "279ba400a7473e7bfae6fe53"],
                &["job", "0c25cb3fb81013f886fc653a"],
                &["jobs", "--search", "invoice"],
                &["dead", "triage"],
                &["retry", "triage"],
                &["incident"],
                &["metrics"],
            ],
        ),
    ];
    for (fixture, shown, views) in cases {
        let (managed, plain, now) = both(fixture);
        let before = managed.keyspace();
        let runs: Vec<Run> = views
            .iter()
            .map(|args| same_as_plain(&managed, &plain, now, args))
            .collect();
        assert!(
            managed.keyspace() == before,
            "{fixture}: a view wrote to the managed server"
        );
        assert!(
            runs[0].stdout.contains(shown),
            "{fixture}: {}",
            runs[0].snapshot()
        );
    }
}

#[test]
fn doctor_completes_and_says_what_it_could_not_check() {
    let (managed, plain, now) = both("incident");
    let before = managed.keyspace();
    let on_plain = Cogctl::new(&plain)
        .now(now)
        .args(["doctor", "--json"])
        .run();
    let run = Cogctl::new(&managed)
        .now(now)
        .args(["doctor", "--json"])
        .run();
    assert_eq!(run.code, on_plain.code, "{}", run.snapshot());
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(
        !run.stderr.to_lowercase().contains("unknown command"),
        "{}",
        run.stderr
    );
    let json = run.json();
    let plain_json = on_plain.json();

    // CONFIG GET is the one thing it misses; it says so, with the server's own words.
    let config = find(&json, "findings", "id", "redis.config");
    assert_eq!(config["severity"], "warn", "{config:#}");
    assert_eq!(config["title"], "CONFIG GET is refused or renamed");
    assert!(
        config["seen"].as_str().unwrap().contains("unknown command"),
        "{config:#}"
    );
    assert!(
        config["fix"]
            .as_str()
            .unwrap()
            .contains("provider's console"),
        "{config:#}"
    );
    // What only CONFIG holds is "not checked", with the reason; a warning, never a failure.
    for (id, title) in [
        ("redis.persistence", "RDB snapshots: not checked"),
        (
            "redis.output_buffers",
            "client output buffer limits: not checked",
        ),
    ] {
        let f = find(&json, "findings", "id", id);
        assert_eq!(
            (f["severity"].as_str(), f["title"].as_str()),
            (Some("warn"), Some(title))
        );
        assert!(
            f["seen"]
                .as_str()
                .unwrap()
                .contains("CONFIG GET was refused"),
            "{f:#}"
        );
    }
    // What INFO also says is still checked.
    for id in ["redis.eviction", "redis.memory", "redis.clients"] {
        assert_eq!(find(&json, "findings", "id", id)["severity"], "ok", "{id}");
    }
    assert_eq!(json["summary"]["fail"], 0, "{json:#}");
    // Every other finding — the server's role, latency and slow log, this user's rights,
    // cogworker's data — is the plain server's.
    let skipped = [
        "redis.config",
        "redis.persistence",
        "redis.output_buffers",
        "redis.memory",
        "redis.latency",
        "redis.eviction",
        "redis.clients",
    ];
    let findings = json["findings"].as_array().unwrap();
    let plain_findings = plain_json["findings"].as_array().unwrap();
    assert_eq!(findings.len(), plain_findings.len());
    for (f, p) in findings.iter().zip(plain_findings) {
        assert_eq!(f["id"], p["id"]);
        if skipped.contains(&f["id"].as_str().unwrap()) {
            continue;
        }
        assert_eq!(
            (&f["severity"], &f["title"]),
            (&p["severity"], &p["title"]),
            "{f:#}"
        );
    }
    assert_eq!(
        find(&json, "findings", "id", "acl.rights")["data"]["role"],
        "worker"
    );

    // The human report: every finding, the warnings with their reasons, no crash.
    let run = cogctl(&managed, now, &["doctor"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(run.stderr, "");
    assert!(
        run.stdout.contains("RDB snapshots: not checked"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("client output buffer limits: not checked"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains(" 0 fail"), "{}", run.stdout);
    // --strict fails on the warnings, as it does on any.
    assert_eq!(cogctl(&managed, now, &["doctor", "--strict"]).code, 1);
    assert!(
        managed.keyspace() == before,
        "doctor wrote to the managed server"
    );

    // A provider's usual setting, an evicting policy under a maxmemory, is still found
    // without CONFIG (INFO says it): doctor fails on it, and incident leads with it.
    let server = RedisServer::start_managed_args(&[
        "--maxmemory",
        "100mb",
        "--maxmemory-policy",
        "allkeys-lru",
    ]);
    server.load("incident");
    let run = Cogctl::new(&server)
        .now(now)
        .args(["doctor", "--json"])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    let eviction = find(&json, "findings", "id", "redis.eviction");
    assert_eq!(eviction["severity"], "fail", "{eviction:#}");
    assert_eq!(eviction["data"]["policy"], "allkeys-lru", "{eviction:#}");
    assert_eq!(
        find(&json, "findings", "id", "redis.memory")["data"]["maxmemory"],
        100 * 1024 * 1024
    );
    assert_eq!(
        find(&json, "findings", "id", "redis.config")["severity"],
        "warn"
    );
    let run = cogctl(&server, now, &["incident"]);
    assert_nothing_refused(&run, "incident");
    assert!(
        run.stdout.contains("maxmemory-policy allkeys-lru"),
        "{}",
        run.snapshot()
    );
}

#[test]
fn every_change_and_its_undo_works() {
    let (server, now) = managed("incident");
    let dead = zset(&server, "cogworker:dead");
    let retry = zset(&server, "cogworker:retry");
    let schedule = zset(&server, "cogworker:schedule");
    let default = server.list("cogworker:queue:default");
    let critical = server.list("cogworker:queue:critical");
    let attempts = format!("cogworker:job_attempts:{DEAD_JID}");
    assert!(server.exists(&attempts));

    // dead retry of one job: off the dead set, onto the head of its queue; undo: back.
    change(&server, now, &["dead", "retry", "--jid", DEAD_JID, "--yes"]);
    let after = members(&server, "cogworker:dead");
    assert!(!jids(&after).contains(&DEAD_JID.to_string()));
    assert_eq!(after.len(), dead.len() - 1);
    let queued = server.list("cogworker:queue:default");
    assert_eq!(queued.len(), default.len() + 1);
    assert_eq!(jids(&queued[..1])[0], DEAD_JID);
    undo_last(&server, now);
    assert_eq!(zset(&server, "cogworker:dead"), dead);
    assert_eq!(server.list("cogworker:queue:default"), default);

    // dead delete of the whole set, attempts logs too; undo: all back.
    change(&server, now, &["dead", "delete", "--all", "--yes"]);
    assert!(!server.exists("cogworker:dead"));
    assert!(!server.exists(&attempts));
    undo_last(&server, now);
    assert_eq!(zset(&server, "cogworker:dead"), dead);
    assert!(server.exists(&attempts));

    // retry kill: retry entries to dead; undo: back.
    change(&server, now, &["retry", "kill", "--all", "--yes"]);
    assert!(!server.exists("cogworker:retry"));
    assert_eq!(
        zset(&server, "cogworker:dead").len(),
        dead.len() + retry.len()
    );
    undo_last(&server, now);
    assert_eq!(zset(&server, "cogworker:retry"), retry);
    assert_eq!(zset(&server, "cogworker:dead"), dead);

    // retry reschedule: new scores; undo: the old ones.
    change(
        &server,
        now,
        &["retry", "reschedule", "--all", "--in", "1h", "--yes"],
    );
    let moved = zset(&server, "cogworker:retry");
    assert_eq!(moved.len(), retry.len());
    assert_ne!(moved, retry);
    undo_last(&server, now);
    assert_eq!(zset(&server, "cogworker:retry"), retry);

    // scheduled enqueue-now: onto their queues; undo: back in the schedule, queues as before.
    change(
        &server,
        now,
        &["scheduled", "enqueue-now", "--all", "--yes"],
    );
    assert!(!server.exists("cogworker:schedule"));
    assert_eq!(
        server.list("cogworker:queue:critical").len(),
        critical.len() + 1
    );
    undo_last(&server, now);
    assert_eq!(zset(&server, "cogworker:schedule"), schedule);
    assert_eq!(server.list("cogworker:queue:critical"), critical);
    assert_eq!(server.list("cogworker:queue:default"), default);

    // queue clear: the list gone, the queue still listed; undo: every job back, in order.
    change(&server, now, &["queue", "clear", "default", "--yes"]);
    assert!(!server.exists("cogworker:queue:default"));
    assert!(server.is_member("cogworker:queues", "default"));
    undo_last(&server, now);
    assert_eq!(server.list("cogworker:queue:default"), default);

    // queue delete-job of one job; undo: back in its place.
    change(
        &server,
        now,
        &[
            "queue",
            "delete-job",
            "default",
            "--jid",
            WAITING_JID,
            "--yes",
        ],
    );
    let left = server.list("cogworker:queue:default");
    assert_eq!(left.len(), default.len() - 1);
    assert!(!jids(&left).contains(&WAITING_JID.to_string()));
    undo_last(&server, now);
    assert_eq!(server.list("cogworker:queue:default"), default);

    // queue pause and resume, and the undo of a pause.
    change(&server, now, &["queue", "pause", "critical"]);
    assert!(server.is_member("cogworker:paused_queues", "critical"));
    change(&server, now, &["queue", "resume", "critical"]);
    assert!(!server.is_member("cogworker:paused_queues", "critical"));
    change(&server, now, &["queue", "pause", "critical"]);
    undo_last(&server, now);
    assert!(!server.is_member("cogworker:paused_queues", "critical"));
    assert!(server.is_member("cogworker:paused_queues", "mail-out"));

    // enqueue onto a new queue; undo: the job is gone.
    let run = change(
        &server,
        now,
        // Without a terminal, a single push keeps its undo record only when asked.
        &[
            "enqueue",
            "Plain",
            "1",
            "--queue",
            "q2",
            "--retry",
            "3",
            "--keep-undo",
            "1h",
        ],
    );
    let jid = run.stdout.trim().to_string();
    let q2 = server.list("cogworker:queue:q2");
    assert_eq!(jids(&q2), [jid]);
    assert!(server.is_member("cogworker:queues", "q2"));
    undo_last(&server, now);
    assert!(!server.exists("cogworker:queue:q2"));

    // dead export, delete without undo, import: the same set, scores included; undo: gone.
    let file = server.dir().join("dead.ndjson");
    let path = file.to_str().unwrap();
    change(&server, now, &["dead", "export", "-o", path]);
    change(
        &server,
        now,
        &["dead", "delete", "--all", "--yes", "--no-undo"],
    );
    assert!(!server.exists("cogworker:dead"));
    change(&server, now, &["dead", "import", path, "--yes"]);
    assert_eq!(zset(&server, "cogworker:dead"), dead);
    undo_last(&server, now);
    assert!(!server.exists("cogworker:dead"));

    // Every change is in the audit trail, and its undo records are listed.
    let audit = change(&server, now, &["audit", "--json"]).json();
    assert!(
        audit["entries"].as_array().unwrap().len() >= 20,
        "{audit:#}"
    );
    let undo = change(&server, now, &["undo", "list", "--json"]).json();
    let undone: Vec<&str> = undo["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["state"] == "undone")
        .map(|r| r["command"].as_str().unwrap())
        .collect();
    for command in [
        "dead retry",
        "dead delete",
        "retry kill",
        "retry reschedule",
        "scheduled enqueue-now",
        "queue clear",
        "queue delete-job",
        "queue pause",
        "enqueue",
        "dead import",
    ] {
        assert!(undone.contains(&command), "{command} undone: {undo:#}");
    }
}

#[test]
fn reconcile_prune_signals_and_the_periodic_controls_work() {
    // The orphaned fixture: the dead process's job requeued, the repeat orphan buried, the
    // unsettled records filed; the stale identities pruned.
    let (server, now) = managed("orphaned");
    let run = change(&server, now, &["reconcile", "--json"]);
    let json = run.json();
    assert_eq!(json["lists"][0]["identity"], "vm:710:4e5e9b0d9b22");
    assert_eq!(json["lists"][0]["requeued"], 1);
    assert_eq!(json["unsettled"]["filed"], 2);
    let queued = server.list("cogworker:queue:default");
    assert_eq!(jids(&queued), ["f91e50554c82e8f8d678eda8"]);
    let dead = members(&server, "cogworker:dead");
    assert_eq!(dead.len(), 2);
    assert!(jids(&dead).contains(&"a29ce722b5dd023f19fadd54".to_string()));
    assert_eq!(zset(&server, "cogworker:retry").len(), 1);
    assert!(!server.exists("cogworker:repeat_orphans") && !server.exists("cogworker:unsettled"));
    let run = change(&server, now, &["procs", "prune"]);
    assert!(
        run.stdout.contains("removed 3 stale identities"),
        "{}",
        run.stdout
    );
    assert!(!server.exists("cogworker:processes"));

    // The periodic fixture: a live process signalled; entries disabled, enabled, run now,
    // each with its undo.
    let (server, now) = managed("periodic");
    for signal in ["quiet", "resume"] {
        let run = change(&server, now, &["procs", signal, "--all", "--yes"]);
        assert!(
            run.stdout.contains("vm:11439:2b2f15d5d129"),
            "{}",
            run.stdout
        );
    }
    let hourly = "23101811f4d63ef36750e348fd1962b3b6bf3561";
    let disabled = "f58b20237061344803700320c925d5e34474063c";
    change(
        &server,
        now,
        &["periodic", "disable", "--yes", &hourly[..8]],
    );
    assert!(server.is_member("periodic:disabled", hourly));
    undo_last(&server, now);
    assert!(!server.is_member("periodic:disabled", hourly));
    change(
        &server,
        now,
        &["periodic", "enable", "--yes", &disabled[..8]],
    );
    assert!(!server.is_member("periodic:disabled", disabled));
    undo_last(&server, now);
    assert!(server.is_member("periodic:disabled", disabled));
    let default = server.list("cogworker:queue:default");
    let run = change(&server, now, &["periodic", "run-now", &hourly[..8]]);
    let jid = run.stdout.trim().to_string();
    let queued = server.list("cogworker:queue:default");
    assert_eq!(queued.len(), default.len() + 1);
    assert_eq!(jids(&queued[..1]), [jid]);
    undo_last(&server, now);
    assert_eq!(server.list("cogworker:queue:default"), default);
}

#[test]
fn a_burst_worker_works_jobs_and_records_them() {
    let server = RedisServer::start_managed();
    let specs: String = (0..8)
        .map(|i| format!("{{\"class\":\"Hello\",\"args\":[{i}]}}\n"))
        .chain(["{\"class\":\"Boom\",\"args\":[],\"retry\":0}\n".to_string()])
        .collect();
    let run = Cogctl::new(&server)
        .args(["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run();
    assert_nothing_refused(&run, "enqueue --from -");
    assert_eq!(run.code, 0, "{}", run.stderr);

    let run = crate::worker::worker(&server, &["--burst", "--json", "--history", "-c", "3"])
        .args([
            "--handler",
            "Hello=builtin:noop",
            "--handler",
            "Boom=builtin:fail",
        ])
        .spawn()
        .wait(HANG);
    assert_nothing_refused(&run, "worker --burst");
    // Exit 1: a job died, as on any server.
    assert_eq!(run.code, 1, "{}", run.stderr);
    let summary: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(summary["reason"], "burst");
    assert_eq!(
        (summary["processed"].as_u64(), summary["dead"].as_u64()),
        (Some(8), Some(1))
    );
    assert_eq!(
        server.get("cogworker:stats:processed").as_deref(),
        Some("8")
    );
    assert!(!server.exists("cogworker:queue:default"));
    let dead = members(&server, "cogworker:dead");
    assert_eq!(dead.len(), 1);
    assert!(dead[0].contains("\"class\":\"Boom\""), "{}", dead[0]);
    // Its process left nothing behind, and the History tab has its 9 runs.
    let identity = summary["identity"].as_str().unwrap();
    assert!(!server.exists(&format!("cogworker:process:{identity}")));
    assert!(!server.exists(&format!("cogworker:inprogress:{identity}")));
    let history = Cogctl::new(&server).args(["history", "--json"]).run();
    assert_eq!(history.code, 0, "{}", history.stderr);
    assert_eq!(
        history.json().as_array().unwrap().len(),
        9,
        "{}",
        history.stdout
    );
    // What an operator runs next works too.
    let triage = Cogctl::new(&server).args(["dead", "triage"]).run();
    assert_eq!(triage.code, 0, "{}", triage.stderr);
    assert!(triage.stdout.contains("builtin:fail"), "{}", triage.stdout);
}
