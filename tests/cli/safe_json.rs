//! `--json`/`--ndjson` on a terminal: DEL, C1 controls, bidi controls and U+2028/U+2029 from
//! Redis are written as `\uXXXX` escapes by every command that writes JSON (and the `--watch`
//! wrapper), and a JSON parser reads back exactly what is stored. `export` stays lossless:
//! an import of it gives back the same bytes.

use serde_json::Value;

use crate::support::{Cogctl, RedisServer, Run, cogctl};

const NOW: f64 = 1796208000.0;

/// Raw in the stored JSON: what a producer can put in a payload.
const HOSTILE: &str = "del\u{7f} csi\u{9b}31m nel\u{85} rlo\u{202e}olleh lri\u{2067}x\u{2069} \
                       alm\u{61c} lrm\u{200e} ls\u{2028} ps\u{2029} kept: é 日本";
/// Escaped in the stored JSON (so a parsed field holds the raw characters).
const ESCAPED_CLASS: &str = r#"Evil\u009b[2J\u202eJob"#;
const CLASS: &str = "Evil\u{9b}[2J\u{202e}Job";
const PJID: &str = "0123456789abcdef0123456789abcdef01234567";

fn job(jid: &str, extra: &str) -> String {
    format!(
        r#"{{"class":"{ESCAPED_CLASS}","args":[{h},{{"note":{h}}}],"jid":"{jid}","queue":"default","retry":3,"created_at":1796200000.5,"enqueued_at":1796200000.5{extra}}}"#,
        h = serde_json::to_string(HOSTILE).unwrap()
    )
}

fn failed(jid: &str) -> String {
    job(
        jid,
        &format!(
            r#","error_class":"Boom\u0085","error_message":{},"failed_at":1796200100.5,"retry_count":2"#,
            serde_json::to_string(HOSTILE).unwrap()
        ),
    )
}

const DEAD_JID: &str = "aaaaaaaaaaaaaaaaaaaaaaaa";
const RETRY_JID: &str = "bbbbbbbbbbbbbbbbbbbbbbbb";
const SCHEDULED_JID: &str = "cccccccccccccccccccccccc";
const WAITING_JID: &str = "dddddddddddddddddddddddd";
const RUN_JID: &str = "eeeeeeeeeeeeeeeeeeeeeeee";
const ID: &str = "host:1:abcdef";

fn seed(server: &RedisServer) {
    let h = serde_json::to_string(HOSTILE).unwrap();
    let dead = failed(DEAD_JID);
    let retry = failed(RETRY_JID);
    let scheduled = job(SCHEDULED_JID, "");
    let waiting = job(WAITING_JID, "");
    let history = format!(
        r#"{{"jid":"{RUN_JID}","class":"{ESCAPED_CLASS}","queue":"default","args":[{h}],"status":"failed","started_at":1796207000.25,"finished_at":1796207001.5,"error_class":"E","error_message":{h}}}"#
    );
    let info = format!(
        r#"{{"hostname":{h},"pid":1,"concurrency":2,"queues":["default"],"started_at":1796200000,"rss_kb":1000,"tag":{h}}}"#
    );
    let working = format!(r#"{{"queue":"default","payload":{waiting},"run_at":1796207990}}"#);
    let entry = format!(
        r#"{{"cron":"@hourly","class":"{ESCAPED_CLASS}","retry":0,"unique":null,"args":[{h}]}}"#
    );
    server.exec(&[
        &["ZADD", "cogworker:dead", "1796200100.5", &dead],
        &["ZADD", "cogworker:retry", "1796300000", &retry],
        &["ZADD", "cogworker:schedule", "1796300000", &scheduled],
        &["SADD", "cogworker:queues", "default", CLASS],
        &[
            "LPUSH",
            &format!("cogworker:queue:{CLASS}"),
            &job("ffffffffffffffffffffffff", ""),
        ],
        &["LPUSH", "cogworker:queue:default", &waiting],
        &["ZADD", "cogworker:history:all", "1796207001.5", &history],
        &["ZADD", "cogworker:history:failed", "1796207001.5", &history],
        &["SADD", "cogworker:processes", ID],
        &[
            "HSET",
            "cogworker:process:host:1:abcdef",
            "info",
            &info,
            "busy",
            "1",
            "quiet",
            "false",
        ],
        &["HSET", "cogworker:last_beat", ID, "1796207995"],
        &["HSET", "cogworker:workers:host:1:abcdef", "t1", &working],
        &["HSET", "periodic:schedule", PJID, &entry],
    ]);
}

/// Whether a character from DEL up that a terminal would act on is in `text` as itself.
#[track_caller]
fn assert_escaped(what: &str, run: &Run) {
    if let Some(c) = run
        .stdout
        .chars()
        .find(|&c| c == '\u{fffd}' || (c >= '\u{7f}' && cogctl::text::is_unsafe(c)))
    {
        panic!("{what}: stdout holds {c:?} raw:\n{}", run.snapshot());
    }
    assert!(
        !run.stdout.chars().any(|c| c < ' ' && c != '\n'),
        "{what}: a C0 control in stdout:\n{}",
        run.snapshot()
    );
}

/// Every string in `value`, keys included.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                strings(v, out);
            }
        }
        _ => {}
    }
}

/// The documents of a run's stdout: one JSON document, or one per NDJSON line.
fn documents(run: &Run, ndjson: bool) -> Vec<Value> {
    if ndjson {
        run.ndjson()
    } else {
        vec![run.json()]
    }
}

/// Every command that writes JSON, each over something hostile.
const COMMANDS: &[&[&str]] = &[
    &["stats"],
    &["queues"],
    &["dead", "list"],
    &["retry", "list"],
    &["scheduled", "list"],
    &["dead", "show", DEAD_JID],
    &["job", DEAD_JID],
    &["job", WAITING_JID],
    &["job", RUN_JID],
    &["jobs"],
    &["jobs", "--search", "olleh"],
    &["queue", "list", "default"],
    &["queue", "show", "default"],
    &["history"],
    &["history", "--search", "olleh"],
    &["procs"],
    &["busy"],
    &["dead", "triage"],
    &["retry", "triage"],
    &["periodic", "list"],
    &["periodic", "show", PJID],
    &["dead", "retry", "--all", "--dry-run"],
    &[
        "check",
        "--max-dead",
        "0",
        "--max-latency",
        "1s",
        "--queue",
        CLASS,
    ],
];

#[test]
fn every_json_output_escapes_what_a_terminal_would_act_on() {
    let server = RedisServer::start();
    seed(&server);
    for args in COMMANDS {
        for format in ["--json", "--ndjson"] {
            let mut argv = vec![format];
            argv.extend_from_slice(args);
            let run = server.assert_read_only(|| {
                Cogctl::new(&server)
                    .now(NOW)
                    .env("TZ", "UTC")
                    .args(&argv)
                    .run()
            });
            let what = argv.join(" ");
            // `check` fails (a dead job), `job` of a finished run finds it nowhere now.
            assert!(
                run.code == 0 || run.code == 1,
                "{what}:\n{}",
                run.snapshot()
            );
            assert_escaped(&what, &run);
            // Lossless: the hostile text comes back as it is stored, whichever the field
            // (check's detail is a sentence for people, the name in it shown escaped).
            if args[0] == "check" {
                assert!(
                    run.stdout.contains(r"Evil\\u{9b}[2J\\u{202e}Job"),
                    "{}",
                    run.stdout
                );
                continue;
            }
            let mut found = Vec::new();
            for doc in documents(&run, format == "--ndjson") {
                strings(&doc, &mut found);
            }
            assert!(
                found
                    .iter()
                    .any(|s| s.contains(HOSTILE) || s.contains(CLASS)),
                "{what}: no hostile string came back:\n{}",
                run.snapshot()
            );
        }
    }
}

#[test]
fn parsed_json_is_the_stored_value() {
    let server = RedisServer::start();
    seed(&server);
    let stored = |text: &str| -> Value { serde_json::from_str(text).unwrap() };

    let list = cogctl(&server, NOW, &["--json", "dead", "list"])
        .success()
        .json();
    assert_eq!(list[0]["payload"], stored(&failed(DEAD_JID)));
    assert_eq!(list[0]["class"], CLASS);
    assert_eq!(list[0]["error_message"], HOSTILE);

    let found = cogctl(&server, NOW, &["--ndjson", "jobs", "--search", "OLLEH"])
        .success()
        .ndjson();
    let payloads: Vec<&Value> = found.iter().map(|f| &f["payload"]).collect();
    for (status, member) in [
        ("enqueued", job(WAITING_JID, "")),
        ("scheduled", job(SCHEDULED_JID, "")),
        ("retry", failed(RETRY_JID)),
        ("dead", failed(DEAD_JID)),
    ] {
        assert!(
            found
                .iter()
                .any(|f| f["status"] == status && f["payload"] == stored(&member)),
            "{status}: {payloads:#?}"
        );
    }

    let queue = cogctl(&server, NOW, &["--ndjson", "queue", "list", "default"])
        .success()
        .ndjson();
    assert_eq!(queue[0]["payload"], stored(&job(WAITING_JID, "")));

    let runs = cogctl(&server, NOW, &["--ndjson", "history"])
        .success()
        .ndjson();
    assert_eq!(runs[0]["args"], serde_json::json!([HOSTILE]));
    assert_eq!(runs[0]["error_message"], HOSTILE);
    assert_eq!(runs[0]["class"], CLASS);

    let procs = cogctl(&server, NOW, &["--json", "procs"]).success().json();
    let mut texts = Vec::new();
    strings(&procs, &mut texts);
    assert!(texts.iter().any(|t| t == HOSTILE), "{procs:#}");

    let periodic = Cogctl::new(&server)
        .now(NOW)
        .env("TZ", "UTC")
        .args(["--json", "periodic", "show", PJID])
        .run();
    let periodic = periodic.success().json();
    let mut texts = Vec::new();
    strings(&periodic, &mut texts);
    assert!(texts.iter().any(|t| t == CLASS), "{periodic:#}");
    assert!(texts.iter().any(|t| t == HOSTILE), "{periodic:#}");
}

#[test]
fn watch_ndjson_wraps_escaped_json() {
    let server = RedisServer::start();
    seed(&server);
    let run = Cogctl::new(&server)
        .now(NOW)
        .args([
            "--ndjson",
            "dead",
            "list",
            "--watch=100ms",
            "--watch-count",
            "2",
        ])
        .run();
    run.success();
    assert_escaped("dead list --watch --ndjson", &run);
    let lines = run.ndjson();
    assert_eq!(lines.len(), 2, "{}", run.snapshot());
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["refresh"], i + 1);
        assert_eq!(
            line["data"][0]["payload"],
            serde_json::from_str::<Value>(&failed(DEAD_JID)).unwrap()
        );
    }
}

#[test]
fn export_escapes_and_imports_back_byte_for_byte() {
    let server = RedisServer::start();
    seed(&server);
    let before: Vec<(Vec<u8>, Vec<u8>)> = server.zset("cogworker:dead");
    let run = cogctl(&server, NOW, &["dead", "export"]);
    run.success();
    assert_escaped("dead export", &run);
    let lines = run.ndjson();
    assert_eq!(lines[0]["member"], failed(DEAD_JID));
    let file = server.dir().join("dead.ndjson");
    std::fs::write(&file, &run.stdout).unwrap();
    server.exec(&[&["DEL", "cogworker:dead"]]);
    cogctl(
        &server,
        NOW,
        &["dead", "import", file.to_str().unwrap(), "--yes"],
    )
    .success();
    assert_eq!(server.zset::<Vec<u8>, Vec<u8>>("cogworker:dead"), before);
}

#[test]
fn the_audit_trail_escapes_a_hostile_argument() {
    let server = RedisServer::start();
    let queue = "q\u{9b}31m\u{202e}";
    cogctl(&server, NOW, &["queue", "pause", queue, "--force"]).success();
    for format in ["--json", "--ndjson"] {
        let run = cogctl(&server, NOW, &[format, "audit"]);
        run.success();
        assert_escaped("audit", &run);
        let mut texts = Vec::new();
        for doc in documents(&run, format == "--ndjson") {
            strings(&doc, &mut texts);
        }
        assert!(
            texts.iter().any(|t| t.contains(queue)),
            "{}",
            run.snapshot()
        );
    }
}
