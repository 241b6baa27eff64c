//! Hostile data: control characters, bidi overrides and invalid UTF-8 in payloads, class and
//! queue names and identities, and keys of the wrong type. Nothing from Redis may reach the
//! terminal raw, one bad key may not blank a view, and names that are not UTF-8 are still
//! shown (escaped) and acted on, byte for byte.

use redis::Value;

use crate::support::{Cogctl, RedisServer, Run, cogctl, find};

const NOW: f64 = 1796208000.0;

/// Identities and names that are not UTF-8, or carry escapes.
const BAD_ID: &[u8] = b"h\x1b]0;x\x07:1:abcdef";
const NON_UTF8_ID: &[u8] = b"h\xff:2:abc";
const DEAD_ID: &[u8] = b"dead\x1b[31m:9:x";
const GONE_ID: &[u8] = b"gone\xff:3:y";
const NON_UTF8_QUEUE: &[u8] = b"q\xff";

/// The dead entry of the issue's reproduction, byte for byte.
const REPRO_DEAD: &str = r#"{"class":"\u001b]0;pwned\u0007\u001b[2J","args":[],"jid":"aaaaaaaaaaaaaaaaaaaaaaaa","queue":"q\u001b[31m","error_class":"E","error_message":"m"}"#;

fn send(conn: &mut redis::Connection, words: &[&[u8]]) {
    let mut cmd = redis::cmd(std::str::from_utf8(words[0]).unwrap());
    for w in &words[1..] {
        cmd.arg(*w);
    }
    cmd.query::<Value>(conn)
        .unwrap_or_else(|e| panic!("{:?}: {e}", String::from_utf8_lossy(words[0])));
}

fn key(prefix: &str, name: &[u8]) -> Vec<u8> {
    [prefix.as_bytes(), name].concat()
}

/// Every family of key a read command shows, each with something hostile in it.
fn seed(server: &RedisServer) {
    let mut c = server.conn();
    let c = &mut c;
    send(
        c,
        &[
            b"ZADD",
            b"cogworker:dead",
            b"1796000000",
            REPRO_DEAD.as_bytes(),
        ],
    );
    send(c, &[
        b"ZADD",
        b"cogworker:retry",
        b"1796300000",
        br#"{"class":"Bidi\u202eevil","args":["\u009b31m"],"jid":"bbbb\u0007","queue":"q\u0085","retry_count":1,"error_class":"E\u001b[2J","error_message":"line1\nline2\u001b]0;x\u0007"}"#,
    ]);
    send(
        c,
        &[
            b"ZADD",
            b"cogworker:retry",
            b"1796300001",
            b"\x1b[2Jnot json\xff\x9b",
        ],
    );
    send(c, &[
        b"ZADD",
        b"cogworker:schedule",
        b"1796300000",
        "{\"class\":\"Sched\\u001b[5m\",\"args\":[],\"jid\":\"cccc\\u001b[1m\",\"queue\":\"default\u{202e}\"}".as_bytes(),
    ]);
    send(c, &[
        b"RPUSH",
        b"cogworker:job_attempts:aaaaaaaaaaaaaaaaaaaaaaaa",
        br#"{"attempt":1,"failed_at":1796000000.5,"outcome":"dead","error_class":"X\u001b[2J","error_message":"boom\u0007"}"#,
    ]);
    for q in [
        b"q\x1b[31m".as_slice(),
        NON_UTF8_QUEUE,
        "q\u{202e}x".as_bytes(),
        b"default",
    ] {
        send(c, &[b"SADD", b"cogworker:queues", q]);
    }
    send(c, &[b"SADD", b"cogworker:paused_queues", b"p\xfe\x1b"]);
    send(c, &[
        b"LPUSH",
        &key("cogworker:queue:", NON_UTF8_QUEUE),
        br#"{"class":"\u001b]0;t\u0007","args":[],"jid":"dddddddddddddddddddddddd","queue":"q","enqueued_at":1796207000.5}"#,
    ]);
    for id in [BAD_ID, NON_UTF8_ID] {
        send(c, &[b"SADD", b"cogworker:processes", id]);
        send(c, &[
            b"HSET",
            &key("cogworker:process:", id),
            b"info",
            br#"{"hostname":"h\u001b[31m","pid":1,"concurrency":2,"queues":["q\u001b[41m","\u202eq"],"started_at":1796200000,"rss_kb":1000}"#,
            b"busy",
            b"1",
            b"quiet",
            b"false",
        ]);
        send(c, &[b"HSET", b"cogworker:last_beat", id, b"1796207995"]);
        send(
            c,
            &[
                b"ZADD",
                &key("cogworker:memory:", id),
                b"0",
                b"1796207400:1000",
            ],
        );
        send(c, &[
            b"HSET",
            &key("cogworker:workers:", id),
            b"tid\x1b[1m",
            br#"{"queue":"q\u001b[1m","payload":{"class":"W\u001b[2J","jid":"w\u0007","args":["\u001b"]},"run_at":1796207000}"#,
        ]);
    }
    for id in [DEAD_ID, GONE_ID] {
        send(c, &[b"SADD", b"cogworker:inprogress_identities", id]);
        send(c, &[
            b"LPUSH",
            &key("cogworker:inprogress:", id),
            br#"{"class":"I\u001b[7m","args":[],"jid":"eeeeeeeeeeeeeeeeeeeeeeee","queue":"q\u001b[8m"}"#,
        ]);
        send(c, &[b"HSET", b"cogworker:last_beat", id, b"1796000000"]);
    }
    send(
        c,
        &[b"LPUSH", b"cogworker:unsettled", b"\x1b[2Jgarbage\xff"],
    );
    send(
        c,
        &[
            b"LPUSH",
            b"cogworker:repeat_orphans",
            br#"{"class":"R\u001b[3m","jid":"r\u001b[4m","queue":"q"}"#,
        ],
    );
}

/// No character a terminal would act on, and no invalid UTF-8 (which `Run` would show as
/// U+FFFD), in what cogctl wrote.
#[track_caller]
fn assert_clean(what: &str, run: &Run) {
    for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        if let Some(c) = text
            .chars()
            .find(|&c| c == '\u{fffd}' || (c != '\n' && cogctl::text::is_unsafe(c)))
        {
            panic!("{what}: {stream} holds {:?} raw:\n{}", c, run.snapshot());
        }
    }
}

/// cogctl with arguments given as exact bytes (a name need not be UTF-8).
fn run_bytes(server: &RedisServer, args: &[&[u8]]) -> Run {
    use std::os::unix::ffi::OsStrExt;
    Cogctl::new(server)
        .now(NOW)
        .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
        .run()
}

fn is_member(server: &RedisServer, set: &str, member: &[u8]) -> bool {
    redis::cmd("SISMEMBER")
        .arg(set)
        .arg(member)
        .query(&mut server.conn())
        .unwrap()
}

/// The names of the `queues` of a `stats` or `queues` JSON report.
fn queue_names(json: &serde_json::Value) -> Vec<String> {
    json["queues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["name"].as_str().unwrap().to_string())
        .collect()
}

const VIEWS: &[&[&str]] = &[
    &["stats"],
    &["queues"],
    &["dead", "list"],
    &["retry", "list"],
    &["scheduled", "list"],
    &["job", "aaaaaaaaaaaaaaaaaaaaaaaa"],
    &["job", "eeeeeeeeeeeeeeeeeeeeeeee"],
    &["job", "dddddddddddddddddddddddd"],
    &["procs"],
    &["procs", "--memory"],
    &["busy", "--include-stale"],
    &["orphans"],
    &["unsettled", "list"],
    &[
        "check",
        "--max-dead",
        "0",
        "--max-latency",
        "1s",
        "--max-orphans",
        "0",
        "--max-unsettled",
        "0",
    ],
    &["reconcile", "--dry-run"],
    &["dead", "retry", "--all", "--dry-run"],
    &["retry", "delete", "--all", "--dry-run"],
];

#[test]
fn no_view_passes_control_characters_to_the_terminal() {
    let server = RedisServer::start();
    seed(&server);
    for args in VIEWS {
        let run = server.assert_read_only(|| cogctl(&server, NOW, args));
        assert_clean(&args.join(" "), &run);
        assert!(
            !run.stdout.is_empty(),
            "{args:?} showed nothing:\n{}",
            run.snapshot()
        );
    }
    // The issue's reproduction: the class and queue are shown escaped.
    let wide = |args: &[&str]| {
        Cogctl::new(&server)
            .now(NOW)
            .env("COLUMNS", "250")
            .args(args)
            .run()
    };
    let run = wide(&["dead", "list"]);
    assert!(
        run.stdout.contains(r"\x1b]0;pwned\x07\x1b[2J"),
        "{}",
        run.snapshot()
    );
    assert!(run.stdout.contains(r"q\x1b[31m"), "{}", run.snapshot());
    let run = cogctl(&server, NOW, &["retry", "list"]);
    assert!(
        run.stdout.contains(r"Bidi\u{202e}evil"),
        "{}",
        run.snapshot()
    );
    assert!(run.stdout.contains(r"q\u{85}"), "{}", run.snapshot());
    let run = cogctl(&server, NOW, &["procs"]);
    assert!(
        run.stdout.contains(r"h\x1b]0;x\x07:1:abcdef"),
        "{}",
        run.snapshot()
    );
    assert!(run.stdout.contains(r"h\xff:2:abc"), "{}", run.snapshot());
}

#[test]
fn json_output_stays_exact_and_valid() {
    let server = RedisServer::start();
    seed(&server);
    for args in VIEWS {
        let mut args = args.to_vec();
        args.push("--json");
        let run = cogctl(&server, NOW, &args);
        run.json();
        let mut args = args.clone();
        args.pop();
        args.push("--ndjson");
        let run = cogctl(&server, NOW, &args);
        run.ndjson();
    }
    // A payload's strings are exact: its control characters are JSON escapes of themselves.
    let json = cogctl(&server, NOW, &["dead", "list", "--json"]).json();
    assert_eq!(json[0]["class"], "\u{1b}]0;pwned\u{7}\u{1b}[2J");
    assert_eq!(json[0]["queue"], "q\u{1b}[31m");
    // A name that isn't UTF-8 can't be a JSON string: it is written escaped, as shown.
    let names = queue_names(&cogctl(&server, NOW, &["queues", "--json"]).json());
    assert!(names.iter().any(|n| n == r"q\xff"), "{names:?}");
    assert!(names.iter().any(|n| n == "q\u{1b}[31m"), "{names:?}");
}

#[test]
fn names_that_are_not_utf8_are_listed_and_acted_on() {
    let server = RedisServer::start();
    seed(&server);
    // Listed: the queue with its one job, the processes, the in-progress lists.
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["queues"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let json = cogctl(&server, NOW, &["queues", "--json"]).json();
    let q = find(&json, "queues", "name", r"q\xff");
    assert_eq!(q["size"], 1);
    assert_eq!(q["latency"], NOW - 1796207000.5);
    let json = cogctl(&server, NOW, &["stats", "--json"]).success().json();
    assert_eq!(json["enqueued"], 1);
    assert_eq!(json["processes"], 2);
    assert_eq!(json["busy"], 2);
    let json = cogctl(&server, NOW, &["procs", "--json"]).success().json();
    assert_eq!(json["processes"].as_array().unwrap().len(), 2);
    let json = cogctl(&server, NOW, &["orphans", "--json"])
        .success()
        .json();
    let gone = find(&json, "lists", "identity", r"gone\xff:3:y");
    assert_eq!(gone["state"], "presumed_dead");
    assert_eq!(gone["jobs"], 1);
    let json = cogctl(&server, NOW, &["busy", "--json"]).success().json();
    assert_eq!(json["jobs"].as_array().unwrap().len(), 2);
    let json = cogctl(&server, NOW, &["job", "eeeeeeeeeeeeeeeeeeeeeeee", "--json"])
        .success()
        .json();
    assert_eq!(json["locations"].as_array().unwrap().len(), 2);
    let json = cogctl(&server, NOW, &["job", "dddddddddddddddddddddddd", "--json"])
        .success()
        .json();
    assert_eq!(json["locations"][0]["queue"], r"q\xff");

    // Acted on, by the exact bytes given on the command line.
    let run = run_bytes(&server, &[b"queue", b"pause", NON_UTF8_QUEUE]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_clean("queue pause", &run);
    assert!(run.stdout.contains(r"paused q\xff"), "{}", run.snapshot());
    assert!(is_member(
        &server,
        "cogworker:paused_queues",
        NON_UTF8_QUEUE
    ));
    let json = cogctl(&server, NOW, &["queues", "--json"]).json();
    assert_eq!(find(&json, "queues", "name", r"q\xff")["paused"], true);
    let run = run_bytes(&server, &[b"queue", b"resume", NON_UTF8_QUEUE]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(!is_member(
        &server,
        "cogworker:paused_queues",
        NON_UTF8_QUEUE
    ));
    // Deleted from, and cleared.
    let run = run_bytes(
        &server,
        &[
            b"queue",
            b"delete-job",
            NON_UTF8_QUEUE,
            b"dddddddddddddddddddddddd",
            b"--yes",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_clean("queue delete-job", &run);
    let left: i64 = redis::cmd("LLEN")
        .arg(key("cogworker:queue:", NON_UTF8_QUEUE))
        .query(&mut server.conn())
        .unwrap();
    assert_eq!(left, 0);
    // Signalled, and pruned once gone.
    let run = run_bytes(&server, &[b"procs", b"quiet", NON_UTF8_ID]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_clean("procs quiet", &run);
    redis::cmd("DEL")
        .arg(key("cogworker:process:", NON_UTF8_ID))
        .query::<()>(&mut server.conn())
        .unwrap();
    let run = cogctl(&server, NOW, &["procs", "prune"]);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_clean("procs prune", &run);
    assert!(run.stdout.contains(r"h\xff:2:abc"), "{}", run.snapshot());
    assert!(!is_member(&server, "cogworker:processes", NON_UTF8_ID));
    // Recovered: reconcile requeues the dead owners' lists, the non-UTF-8 one included.
    let run = cogctl(&server, NOW, &["reconcile"]);
    assert_clean("reconcile", &run);
    let json = cogctl(&server, NOW, &["orphans", "--json"])
        .success()
        .json();
    assert!(json["lists"].as_array().unwrap().is_empty(), "{json}");
}

#[test]
fn errors_and_prompts_show_names_escaped() {
    let server = RedisServer::start();
    seed(&server);
    let run = cogctl(&server, NOW, &["queue", "clear", "nosuch\u{1b}[2J"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert_clean("queue clear", &run);
    assert!(run.stderr.contains(r"nosuch\x1b[2J"), "{}", run.snapshot());
    // Known queues are named in the error: the hostile ones escaped.
    assert!(run.stderr.contains(r"q\xff"), "{}", run.snapshot());
    // Without a terminal the confirmation is refused, its question escaped.
    let run = cogctl(&server, NOW, &["queue", "clear", "q\u{1b}[31m"]);
    assert_clean("queue clear (refused)", &run);
    let run = cogctl(&server, NOW, &["procs", "stop", "--all"]);
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert_clean("procs stop", &run);
    assert!(
        run.stderr.contains(r"h\x1b]0;x\x07:1:abcdef"),
        "{}",
        run.snapshot()
    );
}

/// Issue repro: `SET cogworker:queues x; cogctl stats` showed only the error line.
#[test]
fn a_wrong_typed_queue_registry_leaves_the_rest_of_the_overview() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[
        &["DEL", "cogworker:queues"],
        &["SET", "cogworker:queues", "x"],
    ]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["stats"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("Processed"), "{}", run.snapshot());
    assert!(run.stdout.contains("Dead"), "{}", run.snapshot());
    assert!(
        run.stderr
            .contains("cogworker:queues: a string, not the set cogworker keeps there"),
        "{}",
        run.snapshot()
    );
    // The queues are still found, by their keys.
    let json = cogctl(&server, now, &["stats", "--json"]).json();
    assert_eq!(json["processed"], 12);
    assert_eq!(json["dead"], 3);
    assert_eq!(json["enqueued"], 13);
    assert_eq!(queue_names(&json), ["critical", "default", "mail-out"]);
    assert_eq!(json["problems"][0]["key"], "cogworker:queues");
    let run = cogctl(&server, now, &["queues"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("mail-out"), "{}", run.snapshot());

    // A wrong-typed paused set: every queue shown, paused unknown.
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.exec(&[
        &["DEL", "cogworker:paused_queues"],
        &["SET", "cogworker:paused_queues", "x"],
    ]);
    let run = server.assert_read_only(|| cogctl(&server, now, &["queues"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("mail-out"), "{}", run.snapshot());
    assert!(
        run.stderr.contains("cogworker:paused_queues: a string"),
        "{}",
        run.snapshot()
    );
    let json = cogctl(&server, now, &["stats", "--json"]).json();
    assert_eq!(json["queues"].as_array().unwrap().len(), 3);
    assert!(json["queues"][2]["paused"].is_null());
    assert_eq!(json["processed"], 12);
}

/// Issue repro: a wrong-typed `cogworker:last_beat` was blamed on the in-progress list, and
/// the list vanished from `orphans`, `check --max-orphans` and `job`.
#[test]
fn a_wrong_typed_last_beat_is_named_and_the_list_still_shown() {
    let server = RedisServer::start();
    server.exec(&[
        &["SADD", "cogworker:inprogress_identities", "w1:1:0"],
        &[
            "LPUSH",
            "cogworker:inprogress:w1:1:0",
            r#"{"class":"A","jid":"a","queue":"default"}"#,
        ],
        &["SET", "cogworker:last_beat", "oops"],
    ]);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["orphans"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("w1:1:0"), "{}", run.snapshot());
    assert!(run.stdout.contains("unknown"), "{}", run.snapshot());
    assert!(
        run.stderr.contains("cogworker:last_beat: a string"),
        "{}",
        run.snapshot()
    );
    assert!(
        !run.stderr.contains("cogworker:inprogress:w1:1:0"),
        "{}",
        run.snapshot()
    );
    let json = cogctl(&server, NOW, &["orphans", "--json"]).json();
    let list = find(&json, "lists", "identity", "w1:1:0");
    assert_eq!(list["state"], "unknown");
    assert_eq!(list["jobs"], 1);
    assert_eq!(json["problems"][0]["key"], "cogworker:last_beat");

    let run = cogctl(&server, NOW, &["check", "--max-orphans", "0", "--json"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let error = run.json()["checks"][0]["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        error.starts_with("cogworker:last_beat: a string"),
        "{error}"
    );

    let run = cogctl(&server, NOW, &["job", "a"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(run.stdout.contains("in progress"), "{}", run.snapshot());
    assert!(run.stdout.contains("w1:1:0"), "{}", run.snapshot());
    assert!(
        run.stderr.contains("cogworker:last_beat: a string"),
        "{}",
        run.snapshot()
    );
    let json = cogctl(&server, NOW, &["job", "a", "--json"]).json();
    assert_eq!(json["locations"][0]["owner"], "unknown");

    // reconcile names the same key, and moves nothing.
    let run = cogctl(&server, NOW, &["reconcile"]);
    assert!(
        run.stderr.contains("cogworker:last_beat"),
        "{}",
        run.snapshot()
    );
    assert_eq!(server.list("cogworker:inprogress:w1:1:0").len(), 1);
}

/// Issue repro: `ZADD cogworker:dead … '{"class":"\u001b]0;pwned\u0007\u001b[2J",…}'` then
/// `cogctl dead list | cat -v` showed `^[]0;pwned^G^[[2J`.
#[test]
fn the_reproduction_dead_list_is_escaped() {
    let server = RedisServer::start();
    server.exec(&[&["ZADD", "cogworker:dead", "1796000000", REPRO_DEAD]]);
    let run = server.assert_read_only(|| cogctl(&server, NOW, &["dead", "list"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_clean("dead list", &run);
    insta::assert_snapshot!(run.snapshot());
}

/// Issue repro: a jid or class with ESC, newline or NUL wrote raw bytes into the worker's
/// log. Every value is quoted and escaped: each log line is one line, and nothing in it acts
/// on a terminal.
#[test]
fn worker_logs_escape_what_jobs_hold() {
    let server = RedisServer::start();
    server.exec(&[
        &[
            "LPUSH",
            "cogworker:queue:default",
            r#"{"class":"\u001b]0;pwned\u0007","args":[],"jid":"\u001b[31mx","queue":"default"}"#,
        ],
        &[
            "LPUSH",
            "cogworker:queue:default",
            r#"{"class":"Fail\u202eer","args":["boom\nsecond line\u001b[2J"],"jid":"a\nb\u0000c","queue":"default","retry":0}"#,
        ],
        &[
            "LPUSH",
            "cogworker:queue:default",
            r#"{"class":"Echo","args":["\u001b]0;t\u0007"],"jid":"e\u0007","queue":"default"}"#,
        ],
    ]);
    let run = Cogctl::new(&server)
        .args([
            "worker",
            "--burst",
            "--handler",
            "Echo=builtin:echo",
            "--handler",
            "Fail\u{202e}er=builtin:fail",
            "--handler",
            "*=builtin:noop",
        ])
        .run();
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert_clean("worker", &run);
    for line in run.stderr.lines() {
        assert!(
            line.starts_with("time=")
                || line.starts_with(r"e\x07 | builtin:echo")
                || line.contains(" stopped after "),
            "a log line that isn't one:\n{line}\n{}",
            run.stderr
        );
    }
    assert!(
        run.stderr
            .contains(r#"jid="\x1b[31mx" class="\x1b]0;pwned\x07""#),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(r#"jid="a\nb\x00c""#), "{}", run.stderr);
    assert!(
        run.stderr.contains(r#"class="Fail\u{202e}er""#),
        "{}",
        run.stderr
    );
}

/// Issue repro: numbers stored as `[1e400,1E-400,0.1e1]` showed as `1e+400, 1e-400, 0.1e+1`
/// in `job` and `job --json`, and a counter above 64 bits showed as 0 with nothing said.
#[test]
fn numbers_and_counters_are_shown_as_stored() {
    let server = RedisServer::start();
    server.exec(&[
        &[
            "ZADD",
            "cogworker:dead",
            "1796000000",
            r#"{"class":"N","args":[1e400,1E-400,0.1e1,-0,12345678901234567890123],"jid":"nnnnnnnnnnnnnnnnnnnnnnnn","queue":"q","created_at":1.7962e9}"#,
        ],
        &[
            "SET",
            "cogworker:stats:processed",
            "123456789012345678901234567890",
        ],
        &["SET", "cogworker:stats:failed", "12abc"],
    ]);
    let run =
        server.assert_read_only(|| cogctl(&server, NOW, &["job", "nnnnnnnnnnnnnnnnnnnnnnnn"]));
    assert_eq!(run.code, 0, "{}", run.snapshot());
    for stored in [
        "1e400,",
        "1E-400,",
        "0.1e1,",
        "-0,",
        "12345678901234567890123",
        "1.7962e9",
    ] {
        assert!(run.stdout.contains(stored), "{stored}: {}", run.stdout);
    }
    let run = cogctl(&server, NOW, &["job", "nnnnnnnnnnnnnnnnnnnnnnnn", "--json"]);
    assert!(
        run.stdout
            .contains(r#""args":[1e400,1E-400,0.1e1,-0,12345678901234567890123]"#),
        "{}",
        run.stdout
    );

    let run = server.assert_read_only(|| cogctl(&server, NOW, &["stats"]));
    assert_eq!(run.code, 1, "{}", run.snapshot());
    assert!(
        run.stdout
            .contains("Processed      123,456,789,012,345,678,901,234,567,890\n"),
        "{}",
        run.snapshot()
    );
    assert!(
        run.stderr
            .contains("cogworker:stats:processed: holds an integer above 64 bits"),
        "{}",
        run.snapshot()
    );
    assert!(
        run.stderr.contains(
            r#"cogworker:stats:failed: holds "12abc", not an integer: the gem reads it as 12"#
        ),
        "{}",
        run.snapshot()
    );
    let run = cogctl(&server, NOW, &["stats", "--json"]);
    assert!(
        run.stdout
            .contains(r#""processed": 123456789012345678901234567890,"#),
        "{}",
        run.stdout
    );
    assert_eq!(run.json()["failed"], 12);

    // A process's busy field, in stats and procs.
    server.exec(&[
        &["SADD", "cogworker:processes", "h:1:a"],
        &[
            "HSET",
            "cogworker:process:h:1:a",
            "busy",
            "7x",
            "info",
            "{}",
        ],
    ]);
    let run = cogctl(&server, NOW, &["procs", "--json"]);
    assert_eq!(run.code, 1, "{}", run.snapshot());
    let json = run.json();
    assert_eq!(json["processes"][0]["busy"], 7);
    assert_eq!(json["problems"][0]["key"], "cogworker:process:h:1:a");
    assert_eq!(
        json["problems"][0]["error"],
        r#"its busy field holds "7x", not an integer: the gem reads it as 7"#
    );
    let json = cogctl(&server, NOW, &["stats", "--json"]).json();
    assert_eq!(json["busy"], 7);

    // A member stored over several lines is one NDJSON line, its numbers untouched.
    server.exec(&[&[
        "ZADD",
        "cogworker:retry",
        "1796000000",
        "{\n  \"class\": \"M\",\n  \"args\": [1E-400, 0.1e1],\n  \"jid\": \"m\"\n}",
    ]]);
    let run = cogctl(&server, NOW, &["retry", "list", "--ndjson"]);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    assert!(
        run.stdout
            .contains(r#""payload":{"class":"M","args":[1E-400,0.1e1],"jid":"m"}"#),
        "{}",
        run.stdout
    );
}
