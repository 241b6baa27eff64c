//! `doctor`: one test per finding, each against a private redis-server configured that way
//! (eviction policy, maxmemory, persistence, an ACL user, a replica, a loading server, a
//! slow link) and data seeded that way (fixtures and hand-written keys).

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::support::HANG;
use crate::support::{
    Cogctl, RedisServer, Run, ServerKind, find, free_port, server_kind, wait_until,
};

/// `doctor --json` (at `now` when given): the run and its document.
fn doctor(server: &RedisServer, now: Option<f64>, args: &[&str]) -> (Run, Value) {
    doctor_at(Cogctl::new(server), now, args)
}

fn doctor_at(cogctl: Cogctl, now: Option<f64>, args: &[&str]) -> (Run, Value) {
    let cogctl = match now {
        Some(now) => cogctl.now(now),
        None => cogctl,
    };
    let run = cogctl.args(["doctor", "--json"]).args(args).run();
    let json = run.json();
    (run, json)
}

fn finding<'a>(json: &'a Value, id: &str) -> &'a Value {
    find(json, "findings", "id", id)
}

/// The ids of the findings, in order.
fn ids(json: &Value) -> Vec<String> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap().to_string())
        .collect()
}

#[track_caller]
fn title(json: &Value, id: &str) -> String {
    finding(json, id)["title"].as_str().unwrap().to_string()
}

#[track_caller]
fn severity(json: &Value, id: &str) -> String {
    finding(json, id)["severity"].as_str().unwrap().to_string()
}

/// The ids of the findings that aren't ok, with their severity.
fn not_ok(json: &Value) -> Vec<(String, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] != "ok")
        .map(|f| {
            (
                f["id"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pair(id: &str, severity: &str) -> (String, String) {
    (id.to_string(), severity.to_string())
}

/// A live process as the gem's heartbeat leaves it: presence hash (60 s TTL stretched to
/// 600 s: nothing beats here), registry member, last_beat stamp.
fn live_process(server: &RedisServer, identity: &str, queues: &[&str], started_at: f64) {
    let info = serde_json::json!({
        "hostname": "vm", "pid": 1, "concurrency": 5, "queues": queues,
        "started_at": started_at, "rss_kb": 1000,
    })
    .to_string();
    let key = format!("cogworker:process:{identity}");
    let beat = format!("{}", started_at as i64);
    server.exec(&[
        &["HSET", &key, "info", &info, "busy", "0", "quiet", "false"],
        &["EXPIRE", &key, "600"],
        &["SADD", "cogworker:processes", identity],
        &["HSET", "cogworker:last_beat", identity, &beat],
    ]);
}

/// A job payload waiting on `queue`, enqueued at `at`.
fn job(queue: &str, jid: &str, at: f64) -> String {
    serde_json::json!({
        "class": "EchoJob", "args": [1], "jid": jid, "queue": queue, "retry": true,
        "created_at": at, "enqueued_at": at,
    })
    .to_string()
}

/// Redis' clock, seconds.
fn redis_time(server: &RedisServer) -> f64 {
    let (secs, micros): (i64, i64) = redis::cmd("TIME").query(&mut server.conn()).unwrap();
    secs as f64 + micros as f64 / 1e6
}

/// A server holding fixtures/<name>.json, and the time it was captured at.
fn loaded(name: &str) -> (RedisServer, f64) {
    let server = RedisServer::start();
    let now = server.load(name).captured_at;
    (server, now)
}

#[test]
fn a_healthy_deployment_warns_only_of_what_the_server_itself_lacks() {
    // Persistence on (AOF), a real worker reading its queue, its jobs done.
    let server = RedisServer::start_persistent();
    let worker =
        crate::worker::worker(&server, &["-q", "default", "--handler", "*=builtin:noop"]).spawn();
    for n in 0..3 {
        let run = Cogctl::new(&server)
            .args(["enqueue", "EchoJob", &n.to_string()])
            .run();
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    wait_until(HANG, "the worker to run 3 jobs", || {
        server.get("cogworker:stats:processed").as_deref() == Some("3")
    });
    let (run, json) = doctor(&server, None, &["--strict"]);
    assert_eq!(not_ok(&json), Vec::<(String, String)>::new(), "{json:#}");
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(finding(&json, "procs.live")["data"]["fetching"], 1);
    assert_eq!(title(&json, "acl.rights"), "user default: worker");
    assert_eq!(json["summary"]["fail"], 0);
    assert_eq!(json["summary"]["scan_complete"], true);
    // The server named as itself; features judged by the Redis version it reports.
    let version = finding(&json, "redis.version");
    let redis_version = server.info_field("server", "redis_version");
    assert_eq!(version["data"]["version"], redis_version.as_str());
    match server_kind() {
        ServerKind::Redis => {
            assert_eq!(version["data"]["server"], "redis");
            assert_eq!(
                title(&json, "redis.version"),
                format!("Redis {redis_version}")
            );
        }
        ServerKind::Valkey => {
            let own = server.info_field("server", "valkey_version");
            assert_eq!(version["data"]["server"], "valkey");
            assert_eq!(version["data"]["server_version"], own.as_str());
            assert_eq!(title(&json, "redis.version"), format!("Valkey {own}"));
        }
    }
    assert_eq!(title(&json, "redis.role"), "primary, 0 replicas connected");

    // The same deployment on a server without persistence (the tests' default): that one
    // warning, which fails the run only under --strict.
    server.exec(&[&["CONFIG", "SET", "appendonly", "no"]]);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(not_ok(&json), [pair("redis.persistence", "warn")]);
    assert_eq!(run.code, 0);
    let (run, _) = doctor(&server, None, &["--strict"]);
    assert_eq!(run.code, 1);
    drop(worker);
}

#[test]
fn doctor_writes_nothing_and_prints_one_finding_a_line_with_ndjson() {
    let (server, now) = loaded("incident");
    let (run, json) = server.assert_read_only(|| doctor(&server, Some(now), &[]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let findings = json["findings"].as_array().unwrap();
    assert_eq!(
        json["summary"]["ok"].as_u64().unwrap()
            + json["summary"]["warn"].as_u64().unwrap()
            + json["summary"]["fail"].as_u64().unwrap(),
        findings.len() as u64
    );
    assert_eq!(json["summary"]["verdict"], "warn");
    let run = server.assert_read_only(|| {
        Cogctl::new(&server)
            .now(now)
            .args(["doctor", "--ndjson"])
            .run()
    });
    let lines = run.ndjson();
    assert_eq!(lines.len(), findings.len());
    for (line, f) in lines.iter().zip(findings) {
        assert_eq!(line["id"], f["id"]);
        assert_eq!(line["severity"], f["severity"]);
    }
}

#[test]
fn the_table_says_what_was_seen_and_the_fix_under_each_problem() {
    let (server, now) = loaded("orphaned");
    let run = Cogctl::new(&server).now(now).args(["doctor"]).run();
    assert_eq!(run.code, 0);
    // Figures of the machine and the moment, not of the state.
    let text = run.stable_snapshot(&server);
    let text = regex::Regex::new(r"(?m)^(ok +redis\.(memory|latency|clients) +).*$")
        .unwrap()
        .replace_all(&text, "${1}<measured>");
    // The server and its version: Redis 7.0.15, or Valkey 8.0.1 (never the Redis 7.2.4 it
    // reports for clients).
    let version = regex::Regex::new(r"(?m)^(ok +redis\.version +)(Redis|Valkey) [0-9.]+$").unwrap();
    let named = version
        .captures(&text)
        .expect("the version line names the server");
    let expected = match server_kind() {
        ServerKind::Redis => "Redis",
        ServerKind::Valkey => "Valkey",
    };
    assert_eq!(&named[2], expected, "{text}");
    let text = version.replace(&text, "${1}<server> <version>");
    insta::assert_snapshot!(text);
}

#[test]
fn unreachable_redis_exits_3() {
    let run = Cogctl::bare()
        .args(["--redis-url", "redis://127.0.0.1:1", "doctor"])
        .run();
    assert_eq!(run.code, 3, "{}", run.snapshot());
    assert!(run.stdout.is_empty());
}

#[test]
fn no_persistence_warns_rdb_or_aof_is_ok_and_a_failed_save_fails() {
    let server = RedisServer::start_args(&["--enable-protected-configs", "yes"]);
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.persistence");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["title"], "no persistence: no RDB snapshots and no AOF");
    assert!(f["fix"].as_str().unwrap().contains("appendonly yes"));

    server.exec(&[&["CONFIG", "SET", "save", "3600 1"]]);
    let (_, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.persistence"), "ok");
    assert_eq!(
        title(&json, "redis.persistence"),
        "RDB snapshots (save 3600 1), no AOF"
    );

    // A snapshot that can't be written (its directory is gone), without save rules: Redis
    // goes on serving, INFO says the save failed.
    server.exec(&[&["CONFIG", "SET", "save", ""]]);
    let gone = server.dir().join("gone");
    std::fs::create_dir(&gone).unwrap();
    server.exec(&[&["CONFIG", "SET", "dir", gone.to_str().unwrap()]]);
    std::fs::remove_dir(&gone).unwrap();
    let failed_saves = || server.info_field("persistence", "rdb_last_bgsave_status") == "err";
    server.exec(&[&["BGSAVE"]]);
    wait_until(HANG, "the snapshot to fail", failed_saves);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.persistence"), "fail");
    assert_eq!(
        title(&json, "redis.persistence"),
        "the last RDB snapshot failed"
    );
    assert_eq!(run.code, 1);

    // With save rules, a failed snapshot makes Redis refuse writes, and PING: MISCONF.
    server.exec(&[&["CONFIG", "SET", "save", "3600 1"], &["BGSAVE"]]);
    std::thread::sleep(Duration::from_millis(300));
    wait_until(HANG, "the snapshot to fail", failed_saves);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_eq!(ids(&json), ["redis.persistence"]);
    let f = finding(&json, "redis.persistence");
    assert_eq!(
        f["title"],
        "Redis refuses writes: its last RDB snapshot failed"
    );
    assert!(f["seen"].as_str().unwrap().contains("MISCONF"), "{f:#}");
}

#[test]
fn aof_on_is_ok() {
    let server = RedisServer::start_persistent();
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.persistence");
    assert_eq!(f["severity"], "ok");
    assert_eq!(f["title"], "AOF on (appendfsync always)");
    assert_eq!(f["data"]["aof"], true);
}

#[test]
fn an_eviction_policy_with_a_maxmemory_fails() {
    let server = RedisServer::start();
    // A database cogworker has written to (an empty one fails `data.empty`).
    server.exec(&[&["SADD", "cogworker:queues", "default"]]);
    let (_, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.eviction"), "ok");

    for policy in ["allkeys-lru", "volatile-ttl"] {
        server.exec(&[
            &["CONFIG", "SET", "maxmemory", "1gb"],
            &["CONFIG", "SET", "maxmemory-policy", policy],
        ]);
        let (run, json) = doctor(&server, None, &[]);
        let f = finding(&json, "redis.eviction");
        assert_eq!(f["severity"], "fail", "{policy}");
        assert_eq!(
            f["title"],
            format!("maxmemory-policy {policy}: Redis can evict cogworker's keys")
        );
        assert_eq!(f["data"]["maxmemory"], 1 << 30);
        assert!(
            f["fix"]
                .as_str()
                .unwrap()
                .contains("CONFIG SET maxmemory-policy noeviction")
        );
        assert_eq!(run.code, 1);
    }

    server.exec(&[&["CONFIG", "SET", "maxmemory-policy", "noeviction"]]);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.eviction"), "ok");
    assert_eq!(
        title(&json, "redis.eviction"),
        "maxmemory-policy noeviction"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn memory_near_maxmemory_warns_and_at_it_fails() {
    let server = RedisServer::start();
    // Enough data (~6 MB) that one more client's buffers don't move the share.
    let jobs: Vec<String> = (0..3000)
        .map(|i| {
            format!(
                "{}{}",
                job("default", &format!("{i:024x}"), 1.0),
                "x".repeat(2000)
            )
        })
        .collect();
    let mut cmd = redis::cmd("LPUSH");
    cmd.arg("cogworker:queue:bulk").arg(&jobs);
    cmd.query::<()>(&mut server.conn()).unwrap();
    let used: f64 = server.info_field("memory", "used_memory").parse().unwrap();

    let max = format!("{}", (used / 0.87) as u64);
    server.exec(&[&["CONFIG", "SET", "maxmemory", &max]]);
    let (run, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.memory");
    assert_eq!(f["severity"], "warn", "{f:#}");
    let share = f["data"]["used_share"].as_f64().unwrap();
    assert!((0.8..0.95).contains(&share), "{share}");
    assert_eq!(run.code, 0);

    let max = format!("{}", (used / 2.0) as u64);
    server.exec(&[&["CONFIG", "SET", "maxmemory", &max]]);
    let (run, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.memory");
    assert_eq!(f["severity"], "fail", "{f:#}");
    assert!(f["title"].as_str().unwrap().contains("of maxmemory used"));
    assert_eq!(run.code, 1);
}

/// A unix-socket relay to `server` that holds every reply back `delay`: a slow link.
struct SlowLink {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl SlowLink {
    fn new(server: &RedisServer, delay: Duration) -> SlowLink {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slow.sock");
        let listener = UnixListener::bind(&path).unwrap();
        let upstream = server.dir().join("redis.sock");
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let (Ok(client), Ok(redis)) = (client, UnixStream::connect(&upstream)) else {
                    return;
                };
                let (mut from_client, mut to_redis) =
                    (client.try_clone().unwrap(), redis.try_clone().unwrap());
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut from_client, &mut to_redis);
                });
                let (mut from_redis, mut to_client) = (redis, client);
                std::thread::spawn(move || {
                    let mut buf = [0u8; 65536];
                    while let Ok(n) = from_redis.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        std::thread::sleep(delay);
                        if to_client.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                });
            }
        });
        SlowLink { path, _dir: dir }
    }

    fn url(&self) -> String {
        format!("unix://{}", self.path.display())
    }
}

#[test]
fn a_slow_round_trip_warns() {
    let server = RedisServer::start();
    let link = SlowLink::new(&server, Duration::from_millis(15));
    let (run, json) = doctor_at(Cogctl::bare().args(["--redis-url", &link.url()]), None, &[]);
    let f = finding(&json, "redis.latency");
    assert_eq!(f["severity"], "warn", "{}", run.snapshot());
    let median = f["data"]["median_ms"].as_f64().unwrap();
    assert!((15.0..100.0).contains(&median), "{median}");
    assert_eq!(f["data"]["pings"], 5);

    let (_, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.latency"), "ok");
}

#[test]
fn a_long_command_in_the_slow_log_warns_and_its_words_are_escaped() {
    // The slow log counts wall time inside Redis: on a loaded machine a descheduled server
    // makes any command slow by the default 10 ms. Half a second is slow only by the work.
    let server = RedisServer::start_args(&["--slowlog-log-slower-than", "500000"]);
    let (_, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.slowlog"), "ok");
    // 600 ms of busy script, with a terminal escape among its arguments.
    let script = "local t = redis.call('TIME') local start = t[1] * 1e6 + t[2] \
                  repeat t = redis.call('TIME') until t[1] * 1e6 + t[2] - start > 600000 \
                  return 1";
    redis::cmd("EVAL")
        .arg(script)
        .arg(0)
        .arg(b"\x1b]0;pwned\x07".as_slice())
        .query::<i64>(&mut server.conn())
        .unwrap();
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.slowlog");
    assert_eq!(f["severity"], "warn", "{f:#}");
    let slowest = &f["data"]["slowest"][0];
    assert!(slowest["duration_us"].as_i64().unwrap() >= 600_000);
    let command = slowest["command"].as_str().unwrap();
    assert!(command.starts_with("EVAL local t"), "{command}");
    assert!(command.ends_with("0 \\x1b]0;pwned\\x07"), "{command}");
    let run = Cogctl::new(&server).args(["doctor"]).run();
    assert!(run.stdout.contains("\\x1b]0;pwned\\x07"), "{}", run.stdout);
    assert!(!run.stdout.contains('\u{1b}'));
}

#[test]
fn clients_near_maxclients_warn_and_at_it_fail() {
    let server = RedisServer::start_args(&["--maxclients", "10"]);
    // A database cogworker has written to (an empty one fails `data.empty`).
    server.exec(&[&["SADD", "cogworker:queues", "default"]]);
    // 8 held + doctor's own = 90 %.
    let held: Vec<redis::Connection> = (0..8).map(|_| server.conn()).collect();
    let (run, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.clients");
    assert_eq!(f["severity"], "warn", "{f:#}");
    assert_eq!(f["data"]["connected"], 9);
    assert_eq!(f["data"]["maxclients"], 10);
    assert_eq!(run.code, 0);
    // 9 held + doctor's = every slot.
    let more = server.conn();
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.clients"), "fail");
    assert_eq!(run.code, 1);
    drop((held, more));
}

#[test]
fn a_small_output_buffer_limit_for_normal_clients_warns() {
    let server = RedisServer::start();
    let (_, json) = doctor(&server, None, &[]);
    assert_eq!(severity(&json, "redis.output_buffers"), "ok");
    server.exec(&[&[
        "CONFIG",
        "SET",
        "client-output-buffer-limit",
        "normal 1048576 524288 10",
    ]]);
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.output_buffers");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["normal_hard"], 1048576);
    assert!(f["fix"].as_str().unwrap().contains("normal 0 0 0"));
}

#[test]
fn a_renamed_config_is_said_and_info_stands_in_where_it_can() {
    let server = RedisServer::start_args(&["--rename-command", "CONFIG", ""]);
    // A database cogworker has written to (an empty one fails `data.empty`).
    server.exec(&[&["SADD", "cogworker:queues", "default"]]);
    let (run, json) = doctor(&server, None, &[]);
    let f = finding(&json, "redis.config");
    assert_eq!(f["severity"], "warn");
    assert!(
        f["seen"].as_str().unwrap().contains("unknown command"),
        "{f:#}"
    );
    // Eviction, memory and clients come from INFO.
    assert_eq!(severity(&json, "redis.eviction"), "ok");
    assert_eq!(severity(&json, "redis.memory"), "ok");
    assert_eq!(severity(&json, "redis.clients"), "ok");
    // Save rules and output buffer limits exist only in CONFIG.
    assert_eq!(
        title(&json, "redis.output_buffers"),
        "client output buffer limits: not checked"
    );
    assert_eq!(
        title(&json, "redis.persistence"),
        "RDB snapshots: not checked"
    );
    assert_eq!(json["summary"]["fail"], 0);
    assert_eq!(run.code, 0);
}

#[test]
fn a_replica_fails_its_primary_is_ok() {
    let port = free_port().to_string();
    let primary = RedisServer::start_args(&["--port", &port, "--bind", "127.0.0.1"]);
    let replica = RedisServer::start_args(&["--replicaof", "127.0.0.1", &port]);
    wait_until(HANG, "the replica to sync", || {
        replica.info_field("replication", "master_link_status") == "up"
    });
    let (run, json) = doctor(&replica, None, &[]);
    let f = finding(&json, "redis.role");
    assert_eq!(f["severity"], "fail");
    assert_eq!(
        f["title"],
        format!("this is a replica (of 127.0.0.1:{port})")
    );
    assert_eq!(f["data"]["link"], "up");
    assert_eq!(run.code, 1);

    let (_, json) = doctor(&primary, None, &[]);
    let f = finding(&json, "redis.role");
    assert_eq!(f["severity"], "ok");
    assert_eq!(f["title"], "primary, 1 replica connected");
}

#[test]
fn a_loading_server_fails_and_nothing_else_is_checked() {
    let mut server = RedisServer::start();
    // 30,000 keys loaded at 200 µs each: six seconds of LOADING.
    server.exec(&[
        &[
            "EVAL",
            "for i = 1, 30000 do redis.call('SET', 'k' .. i, 'v') end return 1",
            "0",
        ],
        &["SAVE"],
    ]);
    server.restart_unready(&[
        "--key-load-delay",
        "200",
        "--loading-process-events-interval-bytes",
        "1024",
    ]);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_eq!(ids(&json), ["redis.loading"]);
    let f = finding(&json, "redis.loading");
    assert_eq!(f["severity"], "fail");
    assert!(f["seen"].as_str().unwrap().contains("LOADING"), "{f:#}");
}

/// An ACL user of the test's server, and a cogctl connecting as it.
fn as_user(server: &RedisServer, name: &str, rules: &[&str]) -> Cogctl {
    let mut words = vec!["ACL", "SETUSER", name, "on", ">pw"];
    words.extend_from_slice(rules);
    server.exec(&[&words]);
    let url = format!("{}?user={name}&pass=pw", server.url().replace("?db=0", ""));
    Cogctl::bare().args(["--redis-url", &url])
}

#[test]
fn acl_rights_are_probed_without_changing_anything() {
    let (server, now) = loaded("incident");

    // Read-only rights, and the right to have them probed.
    let viewer = as_user(
        &server,
        "viewer",
        &[
            "~*",
            "&*",
            "+@read",
            "+@connection",
            "+info",
            "+time",
            "+config|get",
            "+slowlog|get",
            "+evalsha",
            "+eval",
            "+acl|whoami",
            "+acl|dryrun",
            "+command|info",
        ],
    );
    let (run, json) = server.assert_read_only(|| doctor_at(viewer, Some(now), &[]));
    let f = finding(&json, "acl.rights");
    assert_eq!(f["severity"], "ok", "{f:#}");
    assert_eq!(f["title"], "user viewer: read-only");
    assert_eq!(f["data"]["read"], true);
    assert_eq!(f["data"]["operator"], false);
    assert_eq!(f["data"]["worker"], false);
    assert_eq!(
        f["data"]["missing_categories"]["operator"],
        serde_json::json!(["@pubsub", "@write"])
    );
    assert_eq!(
        f["data"]["missing_categories"]["worker"],
        serde_json::json!(["@blocking", "@pubsub", "@write"])
    );
    let seen = f["seen"].as_str().unwrap();
    assert!(seen.contains("to make cogctl's changes"), "{seen}");
    assert!(seen.contains("LPUSH"), "{seen}");
    assert_eq!(
        not_ok(&json),
        [
            pair("redis.persistence", "warn"),
            pair("queues.paused", "warn")
        ]
    );
    assert_eq!(run.code, 0);

    // The default user may do everything.
    let (_, json) = doctor(&server, Some(now), &[]);
    assert_eq!(title(&json, "acl.rights"), "user default: worker");

    // Keys outside cogworker:* refused: the views of periodic entries and status hashes
    // can't read theirs.
    let narrow = as_user(&server, "narrow", &["~cogworker:*", "&*", "+@all"]);
    let (run, json) = doctor_at(narrow, Some(now), &[]);
    let f = finding(&json, "acl.rights");
    assert_eq!(f["severity"], "fail", "{f:#}");
    assert_eq!(f["title"], "user narrow can't read everything cogctl reads");
    let seen = f["seen"].as_str().unwrap();
    assert!(seen.contains("access to"), "{seen}");
    assert!(seen.contains("status:000000000000000000000000"), "{seen}");
    assert!(seen.contains("periodic:schedule"), "{seen}");
    assert_eq!(run.code, 1);

    // A user who may not even ask: said, not guessed.
    let bare = as_user(&server, "bare", &["~*", "+@read", "+ping"]);
    let (_, json) = doctor_at(bare, Some(now), &[]);
    let f = finding(&json, "acl.rights");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["title"], "ACL rights not probed");
    assert!(f["seen"].as_str().unwrap().contains("ACL WHOAMI"), "{f:#}");
    // What it could not read is named: its INFO, and the in-progress list its script reads.
    assert_eq!(title(&json, "redis.version"), "Redis version: not checked");
    let unreadable = finding(&json, "keys.unreadable");
    assert_eq!(unreadable["severity"], "fail");
    assert!(
        unreadable["seen"].as_str().unwrap().contains("NOPERM"),
        "{unreadable:#}"
    );
}

#[test]
fn keys_of_the_wrong_type_fail_and_hostile_names_stay_escaped() {
    let server = RedisServer::start();
    let queue = b"q\x1b[31m\xff".to_vec();
    let mut key = b"cogworker:queue:".to_vec();
    key.extend_from_slice(&queue);
    let mut conn = server.conn();
    redis::cmd("SADD")
        .arg("cogworker:queues")
        .arg(&queue)
        .query::<()>(&mut conn)
        .unwrap();
    redis::cmd("SET")
        .arg(&key)
        .arg("x")
        .query::<()>(&mut conn)
        .unwrap();
    server.exec(&[&["SET", "cogworker:retry", "not a zset"]]);

    let (run, json) = server.assert_read_only(|| doctor(&server, None, &[]));
    assert_eq!(run.code, 1);
    let f = finding(&json, "keys.wrong_type");
    assert_eq!(f["severity"], "fail");
    assert_eq!(f["title"], "2 keys of the wrong type");
    let keys: Vec<(&str, &str, &str)> = f["data"]["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["key"].as_str().unwrap(),
                k["expected"].as_str().unwrap(),
                k["found"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        keys.contains(&("cogworker:retry", "zset", "string")),
        "{keys:?}"
    );
    assert!(
        keys.contains(&("cogworker:queue:q\\x1b[31m\\xff", "list", "string")),
        "{keys:?}"
    );
    assert!(!run.stdout.contains('\u{1b}'));
    // A read that met those keys is not said twice.
    assert_eq!(severity(&json, "keys.unreadable"), "ok");

    let run = Cogctl::new(&server)
        .env("COLUMNS", "300")
        .args(["doctor"])
        .run();
    assert!(
        run.stdout
            .contains("cogworker:queue:q\\x1b[31m\\xff is a string, not a list"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains('\u{1b}'));
    assert!(!run.stdout.contains('\u{fffd}'));
}

#[test]
fn quarantined_keys_warn() {
    let server = RedisServer::start();
    server.exec(&[&[
        "SET",
        "cogworker:quarantine:cogworker:retry:1796000000000:0a1b2c3d",
        "x",
    ]]);
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "keys.quarantined");
    assert_eq!(f["severity"], "warn");
    assert_eq!(
        f["data"]["keys"],
        serde_json::json!(["cogworker:quarantine:cogworker:retry:1796000000000:0a1b2c3d"])
    );
}

#[test]
fn no_live_process_warns() {
    let (server, now) = loaded("orphaned");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "procs.live");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["title"], "no live worker process");

    let (server, now) = loaded("incident");
    let (_, json) = doctor(&server, Some(now), &[]);
    assert_eq!(title(&json, "procs.live"), "1 live process fetching");
}

#[test]
fn registry_members_without_a_presence_key_warn() {
    let (server, now) = loaded("orphaned");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "procs.ghosts");
    assert_eq!(f["severity"], "warn");
    assert_eq!(
        f["data"]["identities"],
        serde_json::json!([
            "vm:582:b4554f02b956",
            "vm:710:4e5e9b0d9b22",
            "vm:30544:e1585b18698e"
        ])
    );
    assert!(f["fix"].as_str().unwrap().starts_with("cogctl procs prune"));
}

#[test]
fn jobs_on_the_lists_of_dead_processes_warn() {
    let (server, now) = loaded("orphaned");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "orphans.in_progress");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["jobs"], 1);
    assert_eq!(f["data"]["lists"][0]["identity"], "vm:710:4e5e9b0d9b22");
    assert!(
        f["seen"]
            .as_str()
            .unwrap()
            .contains("no live process is there to recover them")
    );
    assert!(f["fix"].as_str().unwrap().starts_with("cogctl reconcile"));
    // Within the threshold, the silent owner is left alone.
    let (_, json) = doctor(&server, Some(now), &["--orphan-threshold", "1d"]);
    assert_eq!(severity(&json, "orphans.in_progress"), "ok");
}

#[test]
fn repeat_orphans_warn() {
    let (server, now) = loaded("orphaned");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "orphans.repeat");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["length"], 1);
    assert_eq!(f["title"], "1 entry in cogworker:repeat_orphans");
}

#[test]
fn unsettled_records_warn() {
    let (server, now) = loaded("orphaned");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "unsettled.records");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["length"], 2);
    assert!(
        f["fix"]
            .as_str()
            .unwrap()
            .starts_with("cogctl unsettled file")
    );
}

#[test]
fn a_queue_with_jobs_no_live_process_reads_warns() {
    let server = RedisServer::start();
    let now = 1796300000.0;
    live_process(&server, "vm:1:aaaaaaaaaaaa", &["default"], now - 100.0);
    server.exec(&[
        &["SADD", "cogworker:queues", "default", "nobody", "empty"],
        &[
            "LPUSH",
            "cogworker:queue:default",
            &job("default", "a", now - 5.0),
        ],
        &[
            "LPUSH",
            "cogworker:queue:nobody",
            &job("nobody", "b", now - 3600.0),
        ],
        &[
            "LPUSH",
            "cogworker:queue:nobody",
            &job("nobody", "c", now - 60.0),
        ],
    ]);
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "queues.unread");
    assert_eq!(f["severity"], "warn");
    assert_eq!(
        f["title"],
        "1 queue with 2 waiting jobs no live process reads"
    );
    assert_eq!(f["data"]["queues"][0]["name"], "nobody");
    assert_eq!(f["data"]["queues"][0]["size"], 2);
    assert!(
        f["seen"]
            .as_str()
            .unwrap()
            .contains("nobody (2 waiting, the oldest for 1h)")
    );

    // A quiet process doesn't fetch: it reads nothing.
    server.exec(&[&[
        "HSET",
        "cogworker:process:vm:1:aaaaaaaaaaaa",
        "quiet",
        "true",
    ]]);
    let (_, json) = doctor(&server, Some(now), &[]);
    assert_eq!(
        title(&json, "queues.unread"),
        "2 queues with 3 waiting jobs no live process reads"
    );
    assert_eq!(
        title(&json, "procs.live"),
        "no live process fetching: 1 quiet"
    );
}

#[test]
fn a_paused_queue_with_jobs_warns() {
    let (server, now) = loaded("incident");
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "queues.paused");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["queues"][0]["name"], "mail-out");
    assert_eq!(f["data"]["queues"][0]["size"], 4);
    server.exec(&[&["SREM", "cogworker:paused_queues", "mail-out"]]);
    let (_, json) = doctor(&server, Some(now), &[]);
    assert_eq!(severity(&json, "queues.paused"), "ok");
}

#[test]
fn retry_and_scheduled_entries_overdue_warn() {
    let server = RedisServer::start();
    let now = 1796300000.0;
    let due_long_ago = format!("{}", now - 600.0);
    let due_now = format!("{}", now - 10.0);
    server.exec(&[
        &[
            "ZADD",
            "cogworker:retry",
            &due_long_ago,
            &job("default", "r1", now - 900.0),
        ],
        &[
            "ZADD",
            "cogworker:retry",
            &due_now,
            &job("default", "r2", now - 900.0),
        ],
        &[
            "ZADD",
            "cogworker:schedule",
            &due_now,
            &job("default", "s1", now - 900.0),
        ],
    ]);
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "retry.overdue");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["title"], "1 retry entry overdue by more than 1m");
    assert_eq!(f["data"]["oldest_due"], now - 600.0);
    assert!(
        f["seen"]
            .as_str()
            .unwrap()
            .contains("due 10m ago; no live process polls")
    );
    assert!(
        f["fix"]
            .as_str()
            .unwrap()
            .contains("cogctl retry retry --all --until 1m")
    );
    // Due 10 s ago is not late yet.
    assert_eq!(severity(&json, "scheduled.overdue"), "ok");

    let (_, json) = doctor(&server, Some(now + 120.0), &[]);
    let f = finding(&json, "scheduled.overdue");
    assert_eq!(f["severity"], "warn");
    assert!(
        f["fix"]
            .as_str()
            .unwrap()
            .contains("cogctl scheduled enqueue-now --all --until 1m")
    );
}

#[test]
fn periodic_entries_no_ticker_fires_warn() {
    let (server, now) = loaded("periodic");
    // The live ticker's entries are on time but one, held by its own until_executed run.
    let (_, json) = doctor(&server, Some(now), &[]);
    let f = finding(&json, "periodic.ticker");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["late"].as_array().unwrap().len(), 1);
    assert_eq!(
        f["data"]["late"][0]["locked_by"],
        "35dad0958c982819fd4d55b8"
    );
    // Ten minutes on, with its process gone: nothing ticks.
    server.exec(&[&["DEL", "cogworker:process:vm:11439:2b2f15d5d129"]]);
    let (_, json) = doctor(&server, Some(now + 600.0), &[]);
    let f = finding(&json, "periodic.ticker");
    assert_eq!(f["severity"], "warn");
    assert_eq!(f["data"]["tickers"], 0);
    assert!(f["data"]["late"].as_array().unwrap().len() >= 4, "{f:#}");
    assert!(
        f["seen"]
            .as_str()
            .unwrap()
            .contains("(no live process ticks)"),
        "{f:#}"
    );
}

#[test]
fn the_history_and_status_middlewares_are_said_on_or_off() {
    let (server, now) = loaded("history");
    let (_, json) = doctor(&server, Some(now), &[]);
    let history = finding(&json, "middleware.history");
    assert_eq!(history["severity"], "ok");
    assert_eq!(
        history["title"],
        "History middleware on: finished runs are recorded"
    );
    assert_eq!(history["data"]["lists"], true);
    let status = finding(&json, "middleware.status");
    assert_eq!(status["severity"], "ok");
    assert!(status["data"]["status_hashes"].as_u64().unwrap() > 0);
    assert!(
        status["title"]
            .as_str()
            .unwrap()
            .starts_with("Status middleware on")
    );

    let (server, now) = loaded("incident");
    let (_, json) = doctor(&server, Some(now), &[]);
    assert_eq!(
        title(&json, "middleware.history"),
        "History middleware off: no history key"
    );
    assert_eq!(title(&json, "middleware.status"), "no status:<jid> hash");
}

#[test]
fn a_process_clock_ahead_of_redis_warns() {
    let server = RedisServer::start();
    let now = redis_time(&server);
    live_process(&server, "vm:2:bbbbbbbbbbbb", &["default"], now - 30.0);
    live_process(&server, "skewed:3:cccccccccccc", &["default"], now + 3600.0);
    let (_, json) = doctor(&server, None, &[]);
    let f = finding(&json, "procs.clock");
    assert_eq!(f["severity"], "warn", "{f:#}");
    let ahead = f["data"]["ahead"].as_array().unwrap();
    assert_eq!(ahead.len(), 1);
    assert_eq!(ahead[0]["identity"], "skewed:3:cccccccccccc");
    let by = ahead[0]["seconds"].as_f64().unwrap();
    assert!((3590.0..3610.0).contains(&by), "{by}");
}

#[test]
fn every_finding_is_in_the_docs_table() {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/doctor.md"),
    )
    .unwrap();
    let server = RedisServer::start();
    // An empty database: every finding, `data.empty` (said only when it fails) among them.
    let (_, json) = doctor(&server, None, &[]);
    let mut ids = ids(&json);
    assert_eq!(ids.len(), 29);
    ids.sort();
    let (_, table) = docs.split_once("## Findings").unwrap();
    let (table, _) = table.split_once("## JSON").unwrap();
    let documented: Vec<&str> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| id.contains('.'))
        .collect();
    let mut sorted = documented.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted, ids,
        "docs/doctor.md's table and doctor's findings differ"
    );
}

#[test]
fn the_scan_walk_stops_at_its_cap_and_says_so() {
    let server = RedisServer::start();
    server.exec(&[&[
        "EVAL",
        "for i = 1, 120000 do redis.call('SET', 'filler:' .. i, '') end return 1",
        "0",
    ]]);
    let (run, json) = doctor(&server, None, &[]);
    assert_eq!(json["summary"]["scan_complete"], false);
    let scanned = json["summary"]["keys_scanned"].as_u64().unwrap();
    assert!((100_000..102_000).contains(&scanned), "{scanned}");
    assert!(
        run.stderr.contains("note: the SCAN walk stopped after 10"),
        "{}",
        run.stderr
    );
    assert!(
        title(&json, "middleware.status").contains("(among the first 10"),
        "{json:#}"
    );
    assert_eq!(
        finding(&json, "keys.quarantined")["data"]["scan_complete"],
        false
    );
}
