//! The keyboard console (`cogctl top` beyond its dashboard) on a real pseudo-terminal,
//! against a real redis-server, driven through its keys: browse dead, filter to a pattern,
//! drill into an entry, retry the pattern (dry run, then y), undo it from the audit view
//! (Redis as it was), a protected context, hostile payloads, a resize under a dialog, and
//! Redis stopped mid-browse.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::pty::Pty;
use crate::support::HANG;
use crate::support::{Cogctl, RedisServer, wait_until};

const NOW: f64 = 1_796_208_000.0;

/// A dead entry as the gem leaves it: 25 retries spent, failed_at kept from the first
/// failure, retried_at the last, each retry `n^4 + 15 + rand(10)*(n+1)` s after the one
/// before; the score is when it died.
fn dead_entry(i: usize, class: &str, error_class: &str, message: &str) -> (f64, String) {
    let created = NOW - 30.0 * 86_400.0 + i as f64 * 37.0;
    let mut t = created + 1.5;
    let failed_at = t;
    for n in 0..25u32 {
        t += f64::from(n.pow(4)) + 15.0 + f64::from((n + i as u32) % 10) * f64::from(n + 1);
    }
    let died = t;
    let job = serde_json::json!({
        "class": class,
        "args": [i, {"customer_id": i * 7}],
        "retry": true,
        "queue": "default",
        "jid": format!("{:024x}", 0xabc000 + i),
        "created_at": created,
        "enqueued_at": t - 2.0,
        "error_message": message,
        "error_class": error_class,
        "failed_at": failed_at,
        "retry_count": 24,
        "retried_at": died,
    });
    (died, job.to_string())
}

fn load_dead(server: &RedisServer, entries: &[(f64, String)]) {
    let mut conn = server.conn();
    let mut pipe = redis::pipe();
    for (score, member) in entries {
        pipe.cmd("ZADD")
            .arg("cogworker:dead")
            .arg(*score)
            .arg(member);
    }
    pipe.query::<()>(&mut conn).unwrap();
}

/// Two failure patterns: 12 timeouts and 5 nil errors.
fn incident(server: &RedisServer) {
    let mut entries = Vec::new();
    for i in 0..12 {
        entries.push(dead_entry(
            i,
            "SyncInvoice",
            "Net::ReadTimeout",
            &format!(
                "Net::ReadTimeout with #<TCPSocket:(closed)> after {}s",
                5 + i
            ),
        ));
    }
    for i in 12..17 {
        entries.push(dead_entry(
            i,
            "SendReceipt",
            "NoMethodError",
            "undefined method `email' for nil:NilClass",
        ));
    }
    load_dead(server, &entries);
}

fn start(server: &RedisServer, extra: &[&str], env: &[(&str, &str)]) -> Pty {
    start_every(server, "250ms", extra, env)
}

/// `top` refreshed every `interval`, with `extra` flags and `env`.
fn start_every(server: &RedisServer, interval: &str, extra: &[&str], env: &[(&str, &str)]) -> Pty {
    let url = server.url();
    let mut vars = vec![
        ("COGCTL_REDIS_URL", url.as_str()),
        ("COGCTL_NOW", "1796208000"),
    ];
    vars.extend_from_slice(env);
    let mut argv = vec!["top", "--interval", interval];
    argv.extend_from_slice(extra);
    Pty::spawn(&argv, 40, 150, &vars)
}

/// What a reader of Redis sees (cogctl's own audit and undo keys aside).
fn contents(server: &RedisServer) -> BTreeMap<Vec<u8>, Vec<Vec<u8>>> {
    let mut conn = server.conn();
    let keys: Vec<Vec<u8>> = redis::cmd("KEYS").arg("*").query(&mut conn).unwrap();
    keys.into_iter()
        .filter(|k| !k.starts_with(b"cogctl:"))
        .map(|k| {
            let dump: Vec<u8> = redis::cmd("DUMP").arg(&k).query(&mut conn).unwrap();
            let kind: String = redis::cmd("TYPE").arg(&k).query(&mut conn).unwrap();
            let content: Vec<Vec<u8>> = match kind.as_str() {
                "zset" => redis::cmd("ZRANGE")
                    .arg(&k)
                    .arg(0)
                    .arg(-1)
                    .arg("WITHSCORES")
                    .query(&mut conn)
                    .unwrap(),
                "list" => redis::cmd("LRANGE")
                    .arg(&k)
                    .arg(0)
                    .arg(-1)
                    .query(&mut conn)
                    .unwrap(),
                "set" => {
                    let mut m: Vec<Vec<u8>> =
                        redis::cmd("SMEMBERS").arg(&k).query(&mut conn).unwrap();
                    m.sort();
                    m
                }
                _ => vec![dump],
            };
            (k, content)
        })
        .collect()
}

#[test]
fn from_dead_to_a_pattern_to_an_entry_then_retry_the_pattern_and_undo_it_from_the_audit_view() {
    let server = RedisServer::start();
    incident(&server);
    // The jobs were pushed to their queue before they failed: the gem registered it.
    server.exec(&[&["SADD", "cogworker:queues", "default"]]);
    let before = contents(&server);
    let mut tui = start(&server, &[], &[]);
    tui.wait_screen("the dashboard", |s| s.contains("Queues (0)"));

    // `:` with completion: "de" Tab completes to dead.
    tui.send(":de\t");
    tui.wait_screen("the completed name", |s| s.contains(":dead"));
    tui.send("\r");
    let screen = tui.wait_screen("the dead list, read by rank", |s| {
        s.contains("cogworker:dead (17)") && s.contains("SyncInvoice")
    });
    assert!(screen.starts_with("cogctl › dead"), "{screen}");

    // `/` with the CLI's own filter flags.
    tui.send("/--error ReadTimeout\r");
    tui.wait_screen("the pattern's 12 entries", |s| {
        s.contains("cogworker:dead (12)") && !s.contains("SendReceipt")
    });
    // Enter: the job as `cogctl job` shows it: where it is now, its attempts, its runs, its
    // payload.
    tui.send("\r");
    let screen = tui.wait_screen("the entry", |s| {
        s.contains("Payload (dead)") && s.contains("\"customer_id\"")
    });
    assert!(screen.contains("dead           died "), "{screen}");
    assert!(screen.contains("no attempts log"), "{screen}");
    tui.send("\x1b");
    tui.wait_screen("back on the filtered list", |s| {
        s.contains("cogworker:dead (12)") && s.contains("[filter: --error ReadTimeout]")
    });

    // R on the filtered list: its dry run, then y.
    tui.send("R");
    let screen = tui.wait_screen("the dry run", |s| s.contains("dead retry (dry run)"));
    assert!(screen.contains("would retry 12 entries"), "{screen}");
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 17);
    tui.send("y");
    let screen = tui.wait_screen("the undo id", |s| s.contains("undo id u-"));
    assert_eq!(server.list("cogworker:queue:default").len(), 12, "{screen}");
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 5);

    // The audit view has the change; u on it: its dry run, then y.
    tui.send("0");
    tui.wait_screen("the audit entry", |s| {
        s.contains("cogctl:audit") && s.contains("dead retry") && s.contains(" u-")
    });
    tui.send("u");
    tui.wait_screen("the undo's dry run", |s| s.contains("undo (dry run)"));
    tui.send("y");
    let screen = tui.wait_screen("the undo's outcome", |s| {
        !s.contains("working…") && !s.contains("(dry run)")
    });
    wait_until(HANG, &format!("the undo; the screen:\n{screen}"), || {
        server.zset::<String, String>("cogworker:dead").len() == 17
    });
    assert!(
        contents(&server) == before,
        "Redis is as it was before the retry"
    );
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn a_protected_context_refuses_a_change_without_its_name_and_a_read_only_one_says_why() {
    let server = RedisServer::start();
    incident(&server);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[contexts.prod]\nredis_url = \"{0}\"\nprotected = true\n\n[contexts.ro]\nredis_url = \"{0}\"\nread_only = true\n",
            server.url()
        ),
    )
    .unwrap();
    let env = [("COGCTL_CONFIG", config.to_str().unwrap())];
    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms", "--context", "prod"],
        40,
        150,
        &env,
    );
    tui.send("5");
    tui.wait_screen("dead", |s| {
        s.contains("cogworker:dead (17)") && s.contains("context prod")
    });
    tui.send("D");
    tui.wait_screen("the name asked for", |s| {
        s.contains("context prod is protected: type its name")
    });
    tui.send("yes\r");
    tui.wait_screen("the refusal", |s| {
        s.contains("is not the context's name (prod)")
    });
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 17);
    // With its name typed, it goes.
    tui.send("D");
    tui.wait_screen("the name asked for again", |s| s.contains("type its name"));
    tui.send("prod\r");
    tui.wait_screen("the deletion", |s| s.contains("undo id u-"));
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 16);
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);

    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms", "--context", "ro"],
        40,
        150,
        &env,
    );
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (16)"));
    tui.send("R");
    tui.wait_screen("the reason", |s| {
        s.contains("R changes Redis, and context ro is read-only: nothing was changed")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 16);
}

#[test]
fn hostile_payloads_never_reach_the_terminal_raw() {
    let server = RedisServer::start();
    let mut conn = server.conn();
    let evil = serde_json::json!({
        "class": "Evil\u{1b}]0;pwned\u{7}",
        "args": ["\u{1b}[2J\u{1b}[31mred", "\u{202e}reversed"],
        "queue": "default",
        "jid": "0123456789abcdef01234567",
        "error_class": "Boom",
        "error_message": "line one\nline two\u{1b}[5m",
        "failed_at": NOW - 100.0,
        "retry_count": 0,
    })
    .to_string();
    redis::pipe()
        .cmd("ZADD")
        .arg("cogworker:dead")
        .arg(NOW - 50.0)
        .arg(&evil)
        .cmd("ZADD")
        .arg("cogworker:dead")
        .arg(NOW - 40.0)
        .arg(b"\xff\x1b[2J not json".as_slice())
        .query::<()>(&mut conn)
        .unwrap();
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    let screen = tui.wait_screen("the hostile rows, escaped", |s| {
        s.contains(r"Evil\x1b]0;pwned\x07") && s.contains("(unparseable)")
    });
    assert!(!screen.contains("\u{1b}"), "{screen}");
    tui.send("j\r");
    let screen = tui.wait_screen("the hostile job, escaped", |s| s.contains("Payload (dead)"));
    assert!(screen.contains(r"\u001b[2J\u001b[31mred"), "{screen}");
    assert!(screen.contains(r"\u{202e}reversed"), "{screen}");
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn a_resize_under_a_dialog_keeps_the_dialog_and_n_changes_nothing() {
    let server = RedisServer::start();
    incident(&server);
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (17)"));
    tui.send("K");
    tui.wait_screen("K refused on dead", |s| {
        s.contains("K doesn't apply to the dead set")
    });
    tui.send("D");
    tui.wait_screen("the dry run", |s| s.contains("dead delete (dry run)"));
    tui.resize(24, 90);
    let screen = tui.wait_screen("the dialog redrawn at the new size", |s| {
        s.contains("dead delete (dry run)") && s.contains("y to go on")
    });
    assert!(screen.lines().all(|l| l.chars().count() <= 90), "{screen}");
    std::thread::sleep(Duration::from_millis(300));
    tui.send("n");
    tui.wait_screen("cancelled", |s| {
        s.contains("cancelled; nothing was changed")
    });
    assert_eq!(server.zset::<String, String>("cogworker:dead").len(), 17);
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn redis_stopped_mid_browse_shows_a_banner_and_the_keys_keep_working() {
    let mut server = RedisServer::start();
    incident(&server);
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (17)"));
    // Redis stays down until the keys have been tried through the outage.
    server.down_until("the keys tried through the outage", || {
        tui.wait_screen("the banner over what was read", |s| {
            s.contains("Redis unreachable") && s.contains("SyncInvoice")
        });
        // Keys still move through what is loaded, open help and go back.
        tui.send("j");
        tui.send("?");
        tui.wait_screen("the help", |s| s.contains("keys (any key closes)"));
        tui.send("x");
        tui.send("\x1b");
        tui.wait_screen("home", |s| s.contains("cogctl › home"));
        true
    });
    // The restarted server is empty: the banner goes.
    tui.send("5");
    tui.wait_screen("dead read again, empty", |s| {
        !s.contains("Redis unreachable") && s.contains("cogworker:dead (0)")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// A live process as the gem registers it: its presence hash (info, beat), in the registry.
fn live_process(server: &RedisServer, identity: &str, queues: &[&str]) {
    let info = serde_json::json!({
        "hostname": "web-1", "pid": 4120, "tag": "", "concurrency": 5,
        "queues": queues, "started_at": NOW - 3600.0, "rss_kb": 81_234,
    })
    .to_string();
    let key = format!("cogworker:process:{identity}");
    server.exec(&[
        &["SADD", "cogworker:processes", identity],
        &[
            "HSET",
            &key,
            "info",
            &info,
            "busy",
            "0",
            "beat",
            &NOW.to_string(),
            "quiet",
            "false",
        ],
        &["EXPIRE", &key, "600"],
    ]);
}

#[test]
fn the_queues_view_pauses_and_dedupes_a_queue_each_after_its_dry_run_and_undoes_the_dedupe() {
    let server = RedisServer::start();
    let job = |jid: &str, args: &str| {
        format!(r#"{{"class":"Mailer","args":{args},"queue":"mail","jid":"{jid}","retry":true}}"#)
    };
    server.exec(&[
        &["SADD", "cogworker:queues", "mail"],
        &[
            "LPUSH",
            "cogworker:queue:mail",
            &job("aaaaaaaaaaaaaaaaaaaaaaaa", "[1]"),
            &job("bbbbbbbbbbbbbbbbbbbbbbbb", "[2]"),
            &job("cccccccccccccccccccccccc", "[1]"),
            &job("dddddddddddddddddddddddd", "[1]"),
        ],
    ]);
    let before = contents(&server);
    let mut tui = start(&server, &[], &[]);
    tui.send("2");
    tui.wait_screen("the queues view", |s| s.contains("mail") && s.contains("4"));

    // p: the dry run says what it would do, y pauses it and names the undo record.
    tui.send("p");
    let screen = tui.wait_screen("pause's dry run", |s| s.contains("queue pause (dry run)"));
    assert!(
        screen.contains("would pause queue mail (4 jobs waiting)"),
        "{screen}"
    );
    assert!(!server.is_member("cogworker:paused_queues", "mail"));
    tui.send("y");
    tui.wait_screen("paused, with its undo id", |s| s.contains("undo id u-"));
    assert!(server.is_member("cogworker:paused_queues", "mail"));
    // Once the dashboard has read it paused, p offers to resume it.
    tui.wait_screen("the queue's row shown paused", |s| {
        s.lines()
            .any(|l| l.starts_with('│') && l.contains("mail") && l.contains("paused"))
    });
    tui.send("p");
    tui.wait_screen("resume's dry run", |s| {
        s.contains("queue resume (dry run)") && s.contains("would resume queue mail")
    });
    tui.send("y");
    wait_until(HANG, "the queue resumed", || {
        !server.is_member("cogworker:paused_queues", "mail")
    });

    // X: duplicates counted by class, then removed (the one workers take first kept). The
    // resume's outcome first: a key pressed while a change runs is not taken (and a screen
    // read before "working…" was drawn would not say it is running).
    tui.wait_screen("the resume's outcome", |s| {
        s.contains("resumed mail") && !s.contains("working…")
    });
    tui.send("X");
    let screen = tui.wait_screen("dedupe's dry run", |s| s.contains("queue dedupe (dry run)"));
    assert!(screen.contains("would remove 2 duplicate jobs"), "{screen}");
    assert_eq!(server.list("cogworker:queue:mail").len(), 4);
    tui.send("y");
    tui.wait_screen("deduped, with its undo id", |s| {
        s.contains("removed 2 duplicate jobs") && s.contains("undo id u-")
    });
    assert_eq!(server.list("cogworker:queue:mail").len(), 2);

    // u right after: the undo's dry run, then y; the queue is as it was.
    tui.send("u");
    tui.wait_screen("the undo's dry run", |s| s.contains("undo (dry run)"));
    tui.send("y");
    wait_until(HANG, "the dedupe undone", || {
        server.list("cogworker:queue:mail").len() == 4
    });
    wait_until(HANG, "the pause's undo kept nothing", || {
        contents(&server) == before
    });
    let audit: Vec<String> = {
        let mut conn = server.conn();
        let entries: Vec<redis::Value> = redis::cmd("XRANGE")
            .arg("cogctl:audit")
            .arg("-")
            .arg("+")
            .query(&mut conn)
            .unwrap();
        entries.iter().map(|e| format!("{e:?}")).collect()
    };
    let all = audit.join("\n");
    for command in ["queue pause", "queue resume", "queue dedupe", "undo"] {
        assert!(all.contains(command), "{command} audited:\n{all}");
    }
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn the_processes_view_stops_a_live_process_and_requeues_what_a_dead_one_held() {
    let server = RedisServer::start();
    let live = "web-1:4120:57ef49409f19";
    let dead = "web-2:77:aaaaaaaaaaaa";
    live_process(&server, live, &["mail"]);
    let held =
        r#"{"class":"SyncInvoice","args":[7],"queue":"default","jid":"eeeeeeeeeeeeeeeeeeeeeeee"}"#;
    server.exec(&[
        &["SADD", "cogworker:queues", "default", "mail"],
        &[
            "LPUSH",
            "cogworker:queue:mail",
            r#"{"class":"Mailer","args":[],"queue":"mail","jid":"ffffffffffffffffffffffff"}"#,
        ],
        &["SADD", "cogworker:processes", dead],
        &["RPUSH", &format!("cogworker:inprogress:{dead}"), held],
        &["SADD", "cogworker:inprogress_identities", dead],
        &["HSET", "cogworker:last_beat", dead, "1000"],
    ]);
    let client = redis::Client::open(server.url()).unwrap();
    let mut listener = client.get_connection().unwrap();
    let mut pubsub = listener.as_pubsub();
    pubsub
        .subscribe(format!("cogworker:signal:{live}"))
        .unwrap();
    pubsub
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();

    let mut tui = start(&server, &[], &[]);
    tui.send("3");
    tui.wait_screen("both processes", |s| s.contains(live) && s.contains(dead));
    // The rows are in identity order: the live one first.
    tui.send("R");
    tui.wait_screen("R refused on a live process", |s| {
        s.contains("is alive: the jobs it holds are its own")
    });
    tui.send("S");
    let screen = tui.wait_screen("stop's dry run", |s| s.contains("procs stop (dry run)"));
    assert!(
        screen.contains(&format!("would stop process {live}")),
        "{screen}"
    );
    assert!(
        screen.contains("no live process would be left working queue mail (1 job waiting)"),
        "{screen}"
    );
    tui.send("y");
    let message = pubsub.get_message().unwrap();
    assert_eq!(message.get_payload::<String>().unwrap(), "stop");
    tui.wait_screen("the stop's outcome", |s| {
        s.contains(&format!("sent stop to {live} (1 receiver)"))
    });

    tui.send("j");
    tui.send("S");
    tui.wait_screen("S refused on a gone process", |s| {
        s.contains("is gone (no presence key): there is nothing to stop")
    });
    tui.send("R");
    let screen = tui.wait_screen("reconcile's dry run", |s| s.contains("reconcile (dry run)"));
    assert!(
        screen.contains(&format!("would requeue 1 job from 1 dead process ({dead})")),
        "{screen}"
    );
    assert!(server.list("cogworker:queue:default").is_empty());
    tui.send("y");
    wait_until(HANG, "the job requeued", || {
        server.list("cogworker:queue:default") == [held]
    });
    assert!(!server.exists(&format!("cogworker:inprogress:{dead}")));
    tui.wait_screen("the pass's outcome", |s| {
        s.contains("reconcile: 1 job requeued, parked or filed")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn the_periodic_view_runs_an_entry_now_disables_it_and_undoes_the_disable() {
    let server = RedisServer::start();
    server.load("periodic");
    let pjid = "23101811f4d63ef36750e348fd1962b3b6bf3561";
    let mut tui = start(&server, &[], &[]);
    tui.send("8");
    tui.wait_screen("the periodic entries", |s| {
        s.contains("23101811f4d6") && s.contains("NoopJob")
    });

    tui.send("E");
    let screen = tui.wait_screen("run-now's dry run", |s| {
        s.contains("periodic run-now (dry run)")
    });
    assert!(
        screen.contains(r#"would push NoopJob with args ["hourly-rollup"] now"#),
        "{screen}"
    );
    assert!(server.list("cogworker:queue:default").is_empty());
    tui.send("y");
    tui.wait_screen("pushed, with its undo id", |s| {
        s.contains("pushed NoopJob onto cogworker:queue:default") && s.contains("undo id u-")
    });
    let queued = server.list("cogworker:queue:default");
    assert_eq!(queued.len(), 1);
    assert!(queued[0].contains(r#""class":"NoopJob""#), "{queued:?}");

    tui.send("p");
    tui.wait_screen("disable's dry run", |s| {
        s.contains("periodic disable (dry run)") && s.contains("would disable")
    });
    assert!(!server.is_member("periodic:disabled", pjid));
    tui.send("y");
    tui.wait_screen("disabled", |s| s.contains(&format!("disabled {pjid}")));
    assert!(server.is_member("periodic:disabled", pjid));
    tui.send("u");
    tui.wait_screen("the undo's dry run", |s| s.contains("undo (dry run)"));
    tui.send("y");
    wait_until(HANG, "the entry enabled again", || {
        !server.is_member("periodic:disabled", pjid)
    });
    tui.wait_screen("the undo's outcome", |s| {
        s.contains("undid `periodic disable`")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn a_long_change_shows_its_progress_on_the_status_line_and_q_quits_only_once_it_has_ended() {
    let server = RedisServer::start();
    const N: usize = 20_000;
    let entries: Vec<(f64, String)> = (0..N)
        .map(|i| {
            let job = serde_json::json!({
                "class": "Bulk", "args": [i], "queue": "bulk",
                "jid": format!("{:024x}", i), "error_class": "Boom",
                "error_message": "boom", "failed_at": NOW - 100.0, "retry_count": 3,
            });
            (NOW - 100.0 + i as f64 / 1000.0, job.to_string())
        })
        .collect();
    for chunk in entries.chunks(2000) {
        load_dead(&server, chunk);
    }
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (20,000)"));
    tui.send("/--class Bulk\r");
    tui.wait_screen("the filtered list", |s| {
        s.contains("cogworker:dead (20,000)") && s.contains("[filter: --class Bulk]")
    });
    tui.send("R");
    tui.wait_screen("the dry run", |s| s.contains("would retry 20,000 entries"));
    tui.send("y");
    let screen = tui.wait_screen("the progress line", |s| {
        s.contains("retrying ") && s.contains(" / 20,000 …")
    });
    // q while it runs quits once it has ended: the change is never cut short by q.
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0, "{screen}");
    assert_eq!(server.list("cogworker:queue:bulk").len(), N);
    assert!(server.zset::<String, String>("cogworker:dead").is_empty());
}

/// The screen once it has stopped changing (two reads 400 ms apart alike), with what differs
/// from run to run made fixed: the server's own figures on the dashboard's first line, the
/// throughput chart's dots (as many as refreshes so far), the socket's directory, the user
/// and host of audit entries and the random end of undo ids.
fn settled(tui: &Pty, what: &str, cond: impl Fn(&str) -> bool) -> String {
    let mut screen = tui.wait_screen(what, &cond);
    for _ in 0..25 {
        std::thread::sleep(Duration::from_millis(400));
        let again = tui.screen();
        // A list that a refresh is reading again says so in its title: not settled yet.
        if again == screen && cond(&again) && !again.contains("· reading…") {
            break;
        }
        screen = again;
    }
    let who = cogctl::store::audit::user_at_host();
    screen
        .lines()
        .map(|line| {
            let mut line: String = line
                .trim_end()
                .chars()
                .map(|c| {
                    if ('\u{2800}'..='\u{28ff}').contains(&c) {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            if let Some(at) = line.find("unix:///") {
                let end = line[at..].find("?db=").map_or(line.len(), |e| at + e);
                line.replace_range(at..end, "unix://REDIS");
            }
            if line.starts_with("cogctl top · ") || line.contains("│cogctl top · ") {
                let cut = line.find(" · every ").unwrap_or(line.len());
                let start = line.find("cogctl top · ").unwrap_or(0);
                line.replace_range(start..cut, "cogctl top · unix://REDIS · (server figures)");
            }
            line = line.replace(&who, "USER@HOST");
            // How long an undo record has left counts from Redis' own clock to the pinned one.
            // It reads "5d left" or "4d 23h left" by the hour of the day the test runs: the
            // cell, its padding included, keeps its width whatever the text.
            let left = regex::Regex::new(r"\d+[dhms]( \d+[hms])? left *").unwrap();
            line = left
                .replace_all(&line, |c: &regex::Captures| {
                    format!("{:<width$}", "TIME left", width = c[0].len())
                })
                .into_owned();
            while let Some(at) = line.find("u-2026") {
                // u-YYYYMMDD-HHMMSS-xxxxxx: the last six are random.
                let end = (at + 24).min(line.len());
                if end - at == 24 {
                    line.replace_range(at + 18..end, "xxxxxx");
                }
                line.replace_range(at..at + 2, "U-");
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn start_at(server: &RedisServer, now: f64) -> Pty {
    let url = server.url();
    let now = now.to_string();
    Pty::spawn(
        &["top", "--interval", "250ms"],
        30,
        120,
        &[
            ("COGCTL_REDIS_URL", url.as_str()),
            ("COGCTL_NOW", now.as_str()),
        ],
    )
}

/// Each view as drawn on a real terminal (120 × 30, TZ=UTC, the clock pinned to the
/// fixture's capture), on the fixtures captured from the gem.
#[test]
fn each_view_on_fixture_data_as_drawn() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let mut tui = start_at(&server, fixture.captured_at);
    let mut all = String::new();
    let mut snap = |name: &str, screen: String| {
        all.push_str(&format!("--- {name}\n{screen}\n"));
    };
    snap(
        "home",
        settled(&tui, "home", |s| {
            s.contains("Queues (3)")
                && s.contains("processed 12 (0.0/s)")
                && s.contains(" INCIDENT ")
        }),
    );
    for (key, name, title) in [
        ("2", "queues", "queues (3)"),
        ("3", "processes", "processes ("),
        ("4", "retry", "cogworker:retry ("),
        ("5", "dead", "cogworker:dead ("),
        ("6", "scheduled", "cogworker:schedule ("),
        ("7", "triage", "failure patterns of retry and dead ("),
        ("i", "incident", "incident: the last 6 hours' findings"),
    ] {
        tui.send(key);
        snap(
            name,
            settled(&tui, name, |s| {
                s.starts_with(&format!("cogctl › {name}")) && s.contains(title)
            }),
        );
    }
    // A finding drills into what it names: the paused queue's jobs.
    tui.send("\r");
    tui.wait_screen("the finding's queue", |s| {
        s.starts_with("cogctl › queues › mail-out") && s.contains("cogworker:queue:mail-out (4)")
    });
    // The audit trail of a change made here: a dead entry retried, then undone.
    tui.send("5");
    settled(&tui, "dead", |s| s.contains("cogworker:dead ("));
    tui.send("R");
    tui.wait_screen("the dry run", |s| s.contains("dead retry (dry run)"));
    tui.send("y");
    tui.wait_screen("retried", |s| s.contains("undo id u-"));
    tui.send("u");
    tui.wait_screen("the undo's dry run", |s| s.contains("undo (dry run)"));
    tui.send("y");
    tui.wait_screen("undone", |s| s.contains("undid `dead retry`"));
    tui.send("0");
    snap(
        "audit",
        settled(&tui, "audit", |s| {
            s.contains("cogctl:audit (2)") && s.contains("undo ")
        }),
    );
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);

    for (fixture, key, name, title) in [
        ("periodic", "8", "periodic", "periodic entries ("),
        ("history", "9", "history", "cogworker:history:all ("),
    ] {
        let server = RedisServer::start();
        let loaded = server.load(fixture);
        let mut tui = start_at(&server, loaded.captured_at);
        tui.wait_screen("home", |s| s.contains("Queues"));
        tui.send(key);
        snap(
            name,
            settled(&tui, name, |s| {
                s.starts_with(&format!("cogctl › {name}")) && s.contains(title)
            }),
        );
        tui.send("q");
        assert_eq!(tui.wait_exit(), 0);
    }
    insta::assert_snapshot!(all);
}

#[test]
fn ctrl_c_during_a_change_stops_it_between_batches_and_says_what_it_did() {
    let server = RedisServer::start();
    const N: usize = 20_000;
    let entries: Vec<(f64, String)> = (0..N)
        .map(|i| {
            let job = serde_json::json!({
                "class": "Bulk", "args": [i], "queue": "bulk",
                "jid": format!("{:024x}", i), "error_class": "Boom",
                "error_message": "boom", "failed_at": NOW - 100.0, "retry_count": 3,
            });
            (NOW - 100.0 + i as f64 / 1000.0, job.to_string())
        })
        .collect();
    for chunk in entries.chunks(2000) {
        load_dead(&server, chunk);
    }
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (20,000)"));
    tui.send("/--class Bulk\r");
    tui.wait_screen("the filtered list", |s| {
        s.contains("[filter: --class Bulk]")
    });
    tui.send("R");
    tui.wait_screen("the dry run", |s| s.contains("would retry 20,000 entries"));
    tui.send("y");
    tui.wait_screen("the progress line", |s| s.contains("retrying "));
    tui.send("\x03");
    assert_eq!(tui.wait_exit(), 0);
    let screen = tui.screen();
    assert!(
        screen.contains("cogctl top: stopping the running change after its current batch"),
        "{screen}"
    );
    assert!(screen.contains("cogctl top: retried "), "{screen}");
    // Each entry in exactly one place, however far it went.
    let queued = server.list("cogworker:queue:bulk").len();
    let dead = server.zset::<String, String>("cogworker:dead").len();
    assert_eq!(queued + dead, N, "{screen}");
}

#[test]
fn a_read_only_context_refuses_each_new_change_with_its_reason() {
    let server = RedisServer::start();
    server.load("periodic");
    server.exec(&[
        &["SADD", "cogworker:queues", "mail"],
        &[
            "LPUSH",
            "cogworker:queue:mail",
            r#"{"class":"Mailer","args":[1],"queue":"mail","jid":"aaaaaaaaaaaaaaaaaaaaaaaa"}"#,
        ],
    ]);
    live_process(&server, "web-1:4120:57ef49409f19", &["mail"]);
    let before = contents(&server);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[contexts.ro]\nredis_url = \"{}\"\nread_only = true\n",
            server.url()
        ),
    )
    .unwrap();
    let env = [("COGCTL_CONFIG", config.to_str().unwrap())];
    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms", "--context", "ro"],
        40,
        150,
        &env,
    );
    for (view, ready, keys) in [
        ("2", "mail", &["p", "X"][..]),
        ("3", "web-1:4120:57ef49409f19", &["S", "R"][..]),
        ("8", "NoopJob", &["E", "p"][..]),
    ] {
        tui.send(view);
        tui.wait_screen(ready, |s| s.contains(ready));
        for key in keys {
            tui.send(key);
            tui.wait_screen(&format!("{key} refused"), |s| {
                s.contains(&format!(
                    "{key} changes Redis, and context ro is read-only: nothing was changed"
                ))
            });
        }
    }
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
    assert!(contents(&server) == before, "nothing changed");
}

/// `INFO commandstats` as command name → calls since the last `CONFIG RESETSTAT`.
fn calls(server: &RedisServer) -> BTreeMap<String, u64> {
    let stats: String = redis::cmd("INFO")
        .arg("commandstats")
        .query(&mut server.conn())
        .unwrap();
    stats
        .lines()
        .filter_map(|l| l.strip_prefix("cmdstat_"))
        .filter_map(|l| {
            let (name, rest) = l.split_once(':')?;
            let n = rest
                .strip_prefix("calls=")?
                .split(',')
                .next()?
                .parse()
                .ok()?;
            Some((name.to_string(), n))
        })
        .collect()
}

/// A refresh reads what the screen shows: on the dead view only the list's page and a
/// `PING` (the dashboard's queues and processes are not read), and back home the
/// dashboard is read again at once, not at the next interval.
#[test]
fn a_refresh_reads_only_what_the_view_shows() {
    let server = RedisServer::start();
    incident(&server);
    server.exec(&[
        &["SADD", "cogworker:queues", "default", "mailers"],
        &[
            "LPUSH",
            "cogworker:queue:mailers",
            r#"{"class":"M","args":[],"jid":"a1","queue":"mailers"}"#,
        ],
    ]);
    let mut tui = start(&server, &[], &[]);
    tui.wait_screen("the dashboard", |s| s.contains("Queues (2)"));
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (17)"));
    // A refresh begun before the key may still be under way.
    std::thread::sleep(Duration::from_millis(600));
    redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query::<()>(&mut server.conn())
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let seen = calls(&server);
    assert!(
        seen.get("ping").copied().unwrap_or(0) >= 3,
        "a refresh every 250 ms asks whether Redis answers: {seen:?}"
    );
    // The test's own connections: CONFIG RESETSTAT, INFO, and the CLIENT SETINFO that its
    // client library sends on connecting (counted by valkey).
    let own = ["config|resetstat", "info", "client|setinfo"];
    for name in seen.keys() {
        assert!(
            ["ping", "zcard", "zrevrange"].contains(&name.as_str()) || own.contains(&name.as_str()),
            "the dead view's refreshes ran {name}: {seen:?}"
        );
    }

    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);

    // Back home, the dashboard is read at once, not at the next interval (5 s here).
    let url = server.url();
    let mut tui = Pty::spawn(
        &["top", "--interval", "5s"],
        40,
        150,
        &[
            ("COGCTL_REDIS_URL", url.as_str()),
            ("COGCTL_NOW", "1796208000"),
        ],
    );
    tui.wait_screen("the dashboard", |s| s.contains("Queues (2)"));
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (17)"));
    redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query::<()>(&mut server.conn())
        .unwrap();
    tui.send("\x1b");
    tui.wait_screen("home", |s| s.contains("cogctl › home"));
    wait_until(HANG, "the dashboard read on coming home", || {
        calls(&server).get("smembers").copied().unwrap_or(0) > 0
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// The entry view is `cogctl job`: the same reading (where the job is now, each attempt of
/// the gem's attempts log with its gap and error, its runs, its payload), drawn the same.
#[test]
fn the_entry_view_is_cogctl_job_line_for_line() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    // RetryInJob 315cafd3…: four failed attempts in its attempts log, then dead.
    let jid = "315cafd389f6ab47a423cfde";
    let cli = crate::support::Cogctl::new(&server)
        .now(now)
        .env("COLUMNS", "118")
        .args(["job", jid])
        .run();
    assert_eq!(cli.code, 0, "{}", cli.snapshot());
    assert!(
        cli.stdout.contains("Attempts (4, oldest first)"),
        "{}",
        cli.stdout
    );
    let mut tui = start_at(&server, now);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("RetryInJob"));
    let at = tui
        .screen()
        .lines()
        .filter(|l| l.starts_with('│') && l.contains("ago"))
        .position(|l| l.contains("RetryInJob"))
        .unwrap();
    tui.send(&"j".repeat(at));
    tui.send("\r");
    let screen = tui.wait_screen("the job", |s| s.contains("Attempts (4, oldest first)"));
    // Every line `cogctl job` prints from the location to the attempts' end is on screen, in
    // the box, as printed.
    let shown: Vec<String> = screen
        .lines()
        .map(|l| {
            l.trim_start_matches('│')
                .trim_end_matches('│')
                .trim_end()
                .to_string()
        })
        .collect();
    let printed: Vec<&str> = cli
        .stdout
        .lines()
        .take_while(|l| !l.starts_with("no run history"))
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    assert!(printed.len() >= 7, "{}", cli.stdout);
    for line in printed {
        assert!(
            shown.iter().any(|s| s == line),
            "{line:?} is not on screen:\n{screen}"
        );
    }
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// One clock: with the real clock (nothing pinned), the ages on screen move on while the
/// console stays open and nothing in Redis changes: in the dead list, on home's deaths pane
/// and in home's incident line (the time of its read).
#[test]
fn ages_move_on_while_the_console_stays_open() {
    let server = RedisServer::start();
    let now = cogctl::term::ui::Clock::system().now;
    let mut conn = server.conn();
    let job = r#"{"class":"SendReceipt","args":[1],"retry":true,"queue":"default","jid":"0123456789abcdef01234567","created_at":1.0,"error_class":"NoMethodError","error_message":"undefined method `email' for nil","failed_at":2.0,"retry_count":26}"#;
    redis::cmd("ZADD")
        .arg("cogworker:dead")
        .arg(now - 5.0)
        .arg(job)
        .query::<()>(&mut conn)
        .unwrap();
    let url = server.url();
    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms"],
        40,
        150,
        &[("COGCTL_REDIS_URL", url.as_str())],
    );
    let age = |screen: &str, row: &str| -> Option<u64> {
        let line = screen.lines().find(|l| l.contains(row))?;
        let re = regex::Regex::new(r"(\d+)s ago").unwrap();
        re.captures(line)?[1].parse().ok()
    };
    let home = tui.wait_screen("home's deaths and its incident line", |s| {
        age(s, "SendReceipt").is_some() && age(s, "INCIDENT").is_some()
    });
    let (death, read) = (
        age(&home, "SendReceipt").unwrap(),
        age(&home, "INCIDENT").unwrap(),
    );
    tui.wait_screen("home's ages moved on", |s| {
        age(s, "SendReceipt").is_some_and(|a| a >= death + 3)
            && age(s, "INCIDENT").is_some_and(|a| a >= read + 3)
    });
    tui.send("5");
    let list = tui.wait_screen("the dead list", |s| {
        s.contains("cogworker:dead (1)") && age(s, "SendReceipt").is_some()
    });
    let died = age(&list, "SendReceipt").unwrap();
    tui.wait_screen("the list's age moved on", |s| {
        age(s, "SendReceipt").is_some_and(|a| a >= died + 3)
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// Keys say what they do, or why not: a key that applies elsewhere is answered with where
/// and with this view's own keys; a filter being typed takes every key (letters that are
/// actions elsewhere included); Esc from a drilled-in list comes back to the list it was
/// opened from, its cursor where it was.
#[test]
fn keys_that_do_not_apply_say_so_and_typing_a_filter_never_turns_into_keys() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let mut tui = start_at(&server, fixture.captured_at);
    let before = contents(&server);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (3)"));
    for (key, elsewhere) in [
        ("X", "queues"),
        ("p", "home, queues, periodic"),
        ("Q", "home, processes"),
    ] {
        tui.send(key);
        tui.wait_screen(&format!("{key} answered"), |s| {
            s.contains(&format!(
                "{key} doesn't apply to the dead set (it does in {elsewhere}); in dead: R retry, D delete, u undo"
            ))
        });
    }

    // Triage: `/` then letters that are keys elsewhere (R retries, D deletes): all text. What
    // the footer said of dead's keys went with the dead view.
    tui.send("7");
    let screen = tui.wait_screen("triage", |s| {
        s.contains("failure patterns of retry and dead (5)")
    });
    assert!(!screen.contains("doesn't apply"), "{screen}");
    tui.send("/RateLimitD");
    tui.wait_screen("the filter being typed", |s| {
        s.contains("filter: RateLimitD▏")
    });
    assert!(!tui.screen().contains("(dry run)"), "{}", tui.screen());
    tui.send("\r");
    tui.wait_screen("no pattern matches", |s| {
        s.contains("failure patterns of retry and dead (0)") && s.contains("[filter: RateLimitD]")
    });
    tui.send("\x1b");
    tui.wait_screen("the filter cleared", |s| {
        s.contains("failure patterns of retry and dead (5)")
    });

    // A pattern's entries, then Esc: back on triage, on the same row.
    tui.send("jj");
    tui.wait_screen("the third pattern", |s| s.contains("(5) · row 3"));
    tui.send("\r");
    tui.wait_screen("the pattern's entries", |s| {
        s.contains("[filter: --fingerprint")
    });
    tui.send("\x1b");
    tui.wait_screen("back on triage, same row", |s| {
        s.contains("failure patterns of retry and dead (5) · row 3") && !s.contains("[filter:")
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
    assert!(contents(&server) == before, "nothing changed");
}

/// An undo made from the console that put nothing back says so on the status line and in
/// the audit view, as the CLI does: the five retried charges had died again.
#[test]
fn an_undo_that_restored_nothing_says_so_on_screen() {
    let server = RedisServer::start();
    crate::support::charges_died(&server);
    let url = server.url();
    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms"],
        40,
        160,
        &[("COGCTL_REDIS_URL", url.as_str())],
    );
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (5)"));
    tui.send("/--class Billing::ChargeJob\r");
    tui.wait_screen("filtered", |s| {
        s.contains("[filter: --class Billing::ChargeJob]")
    });
    tui.send("R");
    tui.wait_screen("the retry's dry run", |s| {
        s.contains("dead retry (dry run)")
    });
    tui.send("y");
    tui.wait_screen("retried", |s| s.contains("undo id u-"));
    assert_eq!(server.list("cogworker:queue:billing").len(), 5);
    // They run once more and die again.
    crate::support::charges_died(&server);
    tui.send("u");
    // The dialog is as wide as its lines on a wide screen: the first, some 120 characters,
    // stays on one line.
    let dialog = tui.wait_screen("the undo's dry run", |s| s.contains("undo (dry run)"));
    assert!(
        dialog
            .lines()
            .any(|l| l.contains("dry run: would undo `dead retry`")
                && l.contains(" by ")
                && l.contains("redis.sock?db=0")),
        "{dialog}"
    );
    tui.send("y");
    tui.wait_screen("the undo's outcome", |s| {
        s.contains("0 of 5 restored; 5 had moved on since the change")
    });
    tui.send("0");
    tui.wait_screen("the audit view says what the undo did", |s| {
        s.lines()
            .any(|l| l.contains("dead retry") && l.contains("0 of 5 undone"))
    });
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// A pattern's entries on a real terminal while the set changes under them (new failures of
/// both kinds, entries taken by the poller, deleted): after each change, once the screen has
/// refreshed, its count is the filter's count in Redis and every row on it is the pattern's.
#[test]
fn a_patterns_entries_stay_the_patterns_while_the_set_changes() {
    let server = RedisServer::start();
    let now = cogctl::term::ui::Clock::system().now;
    let mut conn = server.conn();
    let mut rng = crate::support::Rng(0xC0FFEE);
    // Failures as the gem files them: `failed_at` the first failure, the score the backoff
    // of the new count after the last one.
    let mut fail = |rng: &mut crate::support::Rng, charge: bool| {
        let count = 1 + rng.below(5);
        let (class, error) = if charge {
            ("Billing::ChargeJob", "Stripe::APIConnectionError")
        } else {
            ("Webhooks::DeliveryJob", "Net::ReadTimeout")
        };
        let failed = now - rng.range(60.0, 600.0);
        let job = serde_json::json!({
            "retry": true, "class": class, "args": [rng.below(100_000)], "jid": rng.jid(),
            "queue": if charge { "billing" } else { "webhooks" }, "created_at": failed - 1.0,
            "enqueued_at": failed - 0.5, "error_class": error,
            "error_message": "upstream refused the connection", "failed_at": failed,
            "retry_count": count,
        });
        let delay = (count.pow(4) + 15 + rng.below(30) * (count + 1)) as f64;
        redis::cmd("ZADD")
            .arg("cogworker:retry")
            .arg(now - rng.range(0.0, 60.0) + delay)
            .arg(job.to_string())
            .query::<()>(&mut conn)
            .unwrap();
    };
    for i in 0..40 {
        fail(&mut rng, i % 3 == 0);
    }
    let url = server.url();
    let mut tui = Pty::spawn(
        &["top", "--interval", "250ms"],
        40,
        160,
        &[("COGCTL_REDIS_URL", url.as_str())],
    );
    tui.send("4");
    tui.wait_screen("retry", |s| s.contains("cogworker:retry (40)"));
    tui.send("/--class Billing::ChargeJob\r");
    let pattern = |server: &RedisServer| -> usize {
        server
            .zset::<String, f64>("cogworker:retry")
            .iter()
            .filter(|(m, _)| m.contains("Billing::ChargeJob"))
            .count()
    };
    for step in 0..25 {
        match rng.below(3) {
            0 => {
                for _ in 0..1 + rng.below(4) {
                    let charge = rng.below(2) == 0;
                    fail(&mut rng, charge);
                }
            }
            // The poller: the soonest few back on their queue.
            1 => {
                let due: Vec<String> = redis::cmd("ZRANGE")
                    .arg("cogworker:retry")
                    .arg(0)
                    .arg(rng.below(4) as i64)
                    .query(&mut server.conn())
                    .unwrap();
                for raw in due {
                    server.exec(&[&["ZREM", "cogworker:retry", &raw]]);
                    server.exec(&[&["LPUSH", "cogworker:queue:billing", &raw]]);
                }
            }
            _ => {
                let all: Vec<String> = redis::cmd("ZRANGE")
                    .arg("cogworker:retry")
                    .arg(0)
                    .arg(-1)
                    .query(&mut server.conn())
                    .unwrap();
                if let Some(raw) = all.get(rng.below(all.len().max(1) as u64) as usize) {
                    server.exec(&[&["ZREM", "cogworker:retry", raw]]);
                }
            }
        }
        let want = pattern(&server);
        let screen = tui.wait_screen(&format!("step {step}: the count of {want}"), |s| {
            s.contains(&format!("cogworker:retry ({want})"))
        });
        let rows: Vec<&str> = screen
            .lines()
            .filter(|l| l.starts_with('│') && (l.contains(" ago ") || l.contains(" in ")))
            .collect();
        assert_eq!(rows.len(), want.min(rows.len()), "{screen}");
        for row in rows {
            assert!(
                row.contains("Billing::ChargeJob"),
                "step {step}: {row}\n{screen}"
            );
        }
    }
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// `/` filters every view: a text on the queues, the incident's findings, the audit trail.
#[test]
fn slash_filters_every_view() {
    let server = RedisServer::start();
    let fixture = server.load("incident");
    let now = fixture.captured_at;
    crate::support::Cogctl::new(&server)
        .now(now)
        .args(["queue", "pause", "critical"])
        .run()
        .success();
    let mut tui = start_at(&server, now);
    for (view, all, typed, kept, gone) in [
        ("2", "queues (3)", "mail", "queues (1)", "critical"),
        ("i", "findings", "critical", "(1)", "mail-out"),
        ("0", "cogctl:audit (", "pause", "cogctl:audit (1)", "ZZZ"),
    ] {
        tui.send(view);
        tui.wait_screen(all, |s| s.contains(all));
        tui.send(&format!("/{typed}\r"));
        let screen = tui.wait_screen(&format!("{view} filtered by {typed}"), |s| {
            s.contains(kept) && s.contains(&format!("[filter: {typed}]"))
        });
        let rows: Vec<&str> = screen.lines().filter(|l| l.starts_with("│›")).collect();
        assert!(!rows.is_empty(), "{screen}");
        assert!(
            !screen
                .lines()
                .filter(|l| l.starts_with('│'))
                .any(|l| l.contains(gone)),
            "{screen}"
        );
        tui.send("\x1b");
    }
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// A queue that appeared between two refreshes: its pushes are a lower bound (≥), and of what
/// was taken from it nothing is known: `-`, never `≥0.0`.
#[test]
fn a_new_queue_shows_no_rate_it_does_not_know() {
    let server = RedisServer::start();
    incident(&server);
    server.exec(&[
        &["SADD", "cogworker:queues", "default"],
        &[
            "LPUSH",
            "cogworker:queue:default",
            &dead_entry(0, "SyncInvoice", "E", "m").1,
        ],
    ]);
    // Refreshed every 2 s: the frame that first shows the new queue stays long enough to be
    // read.
    let mut tui = start_every(&server, "2s", &[], &[]);
    tui.wait_screen("home with its queue", |s| s.contains("default"));
    let jobs: Vec<String> = (0..3)
        .map(|i| dead_entry(i, "SendReceipt", "E", "m").1)
        .collect();
    let mut push = vec!["LPUSH", "cogworker:queue:mailers"];
    push.extend(jobs.iter().map(String::as_str));
    server.exec(&[&["SADD", "cogworker:queues", "mailers"], &push]);
    let screen = tui.wait_screen("the new queue with its rates", |s| {
        s.lines().any(|l| l.contains("mailers") && l.contains('≥'))
    });
    let row = screen.lines().find(|l| l.contains("mailers")).unwrap();
    assert!(!screen.contains("≥0.0"), "{screen}");
    assert!(row.contains(" - "), "{row}");
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}

/// Marks follow the set: one that left it (another operator retried it) is no longer
/// counted in the title, and the status line says so.
#[test]
fn a_marked_entry_that_leaves_the_set_is_no_longer_counted() {
    let server = RedisServer::start();
    incident(&server);
    let mut tui = start(&server, &[], &[]);
    tui.send("5");
    tui.wait_screen("dead", |s| s.contains("cogworker:dead (17)"));
    tui.send("  ");
    tui.wait_screen("two marked", |s| {
        s.contains("cogworker:dead (17) ·") && s.contains("· 2 marked")
    });
    // The newest entry, the first marked, retried from elsewhere.
    let newest: Vec<String> = redis::cmd("ZRANGE")
        .arg("cogworker:dead")
        .arg(-1)
        .arg(-1)
        .query(&mut server.conn())
        .unwrap();
    let jid = serde_json::from_str::<serde_json::Value>(&newest[0]).unwrap()["jid"]
        .as_str()
        .unwrap()
        .to_string();
    Cogctl::new(&server)
        .now(NOW)
        .args(["dead", "retry", &jid, "--yes"])
        .run()
        .success();
    let screen = tui.wait_screen("one marked", |s| {
        s.contains("cogworker:dead (16) ·") && s.contains("· 1 marked")
    });
    assert!(
        screen.contains("1 marked entry left the set since marked (taken by a worker, or changed): 1 still marked"),
        "{screen}"
    );
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}
