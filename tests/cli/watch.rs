//! `--watch`: refreshes captured while the test changes the data between them, through a pipe
//! (every refresh printed) and in a real pseudo-terminal (one screen redrawn in place).

use std::time::Duration;

use serde_json::Value;

use crate::pty::Pty;
use crate::support::{Cogctl, RedisServer, Spawned, wait_until};

const LONG: Duration = crate::support::HANG;

fn job(jid: &str, queue: &str) -> String {
    format!(
        r#"{{"class":"MailJob","args":[1],"queue":"{queue}","jid":"{jid}","retry":true,"created_at":1796169600.0,"enqueued_at":1796169600.0}}"#
    )
}

fn enqueue(server: &RedisServer, jid: &str) {
    server.exec(&[
        &["SADD", "cogworker:queues", "default"],
        &["LPUSH", "cogworker:queue:default", &job(jid, "default")],
    ]);
}

fn kill(server: &RedisServer, jid: &str, score: &str) {
    server.exec(&[&["ZADD", "cogworker:dead", score, &job(jid, "default")]]);
}

/// The complete NDJSON lines written so far.
fn lines(watch: &Spawned) -> Vec<Value> {
    let out = watch.stdout();
    let complete = &out[..out.rfind('\n').map_or(0, |i| i + 1)];
    complete
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad NDJSON line ({e}): {l}")))
        .collect()
}

/// Wait until a refresh satisfies `cond`; the number of refreshes by then.
#[track_caller]
fn wait_for_refresh(watch: &Spawned, what: &str, cond: impl Fn(&Value) -> bool) -> usize {
    let mut seen = 0;
    wait_until(LONG, what, || {
        let all = lines(watch);
        seen = all.len();
        all.last().is_some_and(&cond)
    });
    seen
}

#[test]
fn ndjson_follows_the_data_refresh_by_refresh() {
    let server = RedisServer::start();
    let watch = Cogctl::new(&server)
        .args(["stats", "--watch=250ms", "--ndjson"])
        .spawn();
    wait_for_refresh(&watch, "a first refresh", |l| l["data"]["enqueued"] == 0);
    enqueue(&server, "aaaaaaaaaaaaaaaaaaaaaaa1");
    enqueue(&server, "aaaaaaaaaaaaaaaaaaaaaaa2");
    wait_for_refresh(&watch, "2 enqueued", |l| l["data"]["enqueued"] == 2);
    kill(&server, "aaaaaaaaaaaaaaaaaaaaaaa3", "1796169600");
    wait_for_refresh(&watch, "1 dead", |l| l["data"]["dead"] == 1);
    watch.signal(libc::SIGINT);
    let run = watch.wait(LONG);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert!(run.stdout.ends_with('\n'));

    let refreshes = run.ndjson();
    assert!(refreshes.len() >= 3, "{}", run.stdout);
    let rfc3339_ms = regex::Regex::new(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$").unwrap();
    let mut last_at = String::new();
    let mut last_enqueued = 0;
    for (i, r) in refreshes.iter().enumerate() {
        assert_eq!(r.as_object().unwrap().len(), 3, "{r}");
        assert_eq!(r["refresh"], i as u64 + 1);
        let at = r["at"].as_str().unwrap();
        assert!(rfc3339_ms.is_match(at), "{at}");
        assert!(at > last_at.as_str(), "{at} after {last_at}");
        last_at = at.to_string();
        // What --json prints, as it was at that refresh.
        let enqueued = r["data"]["enqueued"].as_u64().unwrap();
        assert!(enqueued >= last_enqueued, "the count went back: {r}");
        last_enqueued = enqueued;
        assert!(r["data"]["queues"].is_array());
    }
    assert_eq!(refreshes[0]["data"]["enqueued"], 0);
    let last = refreshes.last().unwrap();
    assert_eq!(last["data"]["enqueued"], 2);
    assert_eq!(last["data"]["dead"], 1);
}

#[test]
fn a_table_is_printed_whole_after_a_header_each_refresh() {
    let server = RedisServer::start();
    enqueue(&server, "bbbbbbbbbbbbbbbbbbbbbbb1");
    let run = Cogctl::new(&server)
        .args(["queues", "--watch=200ms", "--watch-count", "3"])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let header =
        regex::Regex::new(r"^--- \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z · cogctl queues ---$")
            .unwrap();
    let blocks: Vec<&str> = run.stdout.split_inclusive('\n').collect();
    let headers: Vec<usize> = blocks
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("---"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(headers.len(), 3, "{}", run.stdout);
    for &i in &headers {
        assert!(header.is_match(blocks[i].trim_end()), "{}", blocks[i]);
        assert!(blocks[i + 1].starts_with("QUEUE"), "{}", run.stdout);
        assert!(blocks[i + 2].starts_with("default"), "{}", run.stdout);
    }
    assert_eq!(run.stderr, "");
}

#[test]
fn a_list_shows_one_page_per_refresh() {
    let server = RedisServer::start();
    kill(&server, "ccccccccccccccccccccccc1", "1796169601");
    let watch = Cogctl::new(&server)
        .args(["dead", "list", "--watch=250ms", "--ndjson", "--limit", "2"])
        .spawn();
    wait_for_refresh(&watch, "one dead entry", |l| {
        l["data"].as_array().is_some_and(|a| a.len() == 1)
    });
    kill(&server, "ccccccccccccccccccccccc2", "1796169602");
    wait_for_refresh(&watch, "two dead entries", |l| {
        l["data"].as_array().is_some_and(|a| a.len() == 2)
    });
    kill(&server, "ccccccccccccccccccccccc3", "1796169603");
    wait_for_refresh(&watch, "the newest first, still one page of 2", |l| {
        l["data"][0]["jid"] == "ccccccccccccccccccccccc3"
            && l["data"].as_array().unwrap().len() == 2
    });
    watch.signal(libc::SIGTERM);
    let run = watch.wait(LONG);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    for r in run.ndjson() {
        assert!(r["data"].as_array().unwrap().len() <= 2, "{r}");
    }

    // --json: one pretty document per refresh; the table's page of 50 is the default.
    let run = Cogctl::new(&server)
        .args([
            "dead",
            "list",
            "--watch=200ms",
            "--watch-count",
            "2",
            "--json",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let docs: Vec<Value> = serde_json::Deserializer::from_str(&run.stdout)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(docs.len(), 2);
    assert!(docs.iter().all(|d| d.as_array().unwrap().len() == 3));
}

#[test]
fn the_word_after_a_bare_watch_is_never_its_interval() {
    let server = RedisServer::start();
    enqueue(&server, "ddddddddddddddddddddddd1");
    // The queue named after --watch is the queue watched, every 2s by default.
    let run = Cogctl::new(&server)
        .args([
            "queue",
            "list",
            "--watch",
            "default",
            "--watch-count",
            "1",
            "--ndjson",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let refreshes = run.ndjson();
    assert_eq!(refreshes.len(), 1, "{}", run.stdout);
    assert_eq!(refreshes[0]["data"][0]["jid"], "ddddddddddddddddddddddd1");
    // The interval is given with an equals sign; the old spelling is refused with a hint.
    let run = Cogctl::new(&server)
        .args([
            "queue",
            "list",
            "default",
            "--watch=150ms",
            "--watch-count",
            "2",
        ])
        .run();
    assert_eq!(run.code, 0, "{}", run.snapshot());
    assert_eq!(
        run.stdout.matches("cogctl queue list default ---").count(),
        2
    );
    for args in [
        &["stats", "--watch", "5s"][..],
        &["dead", "list", "--watch", "1m"],
    ] {
        let run = Cogctl::new(&server).args(args).run();
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert!(
            run.stderr
                .contains(&format!("--watch={}", args[args.len() - 1])),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{}", run.snapshot());
    }
}

#[test]
fn all_and_short_or_bad_intervals_are_refused() {
    let server = RedisServer::start();
    for args in [
        &["dead", "list", "--watch", "--all"][..],
        &["jobs", "--all", "--watch=1s"],
        &["queue", "list", "default", "--watch", "--all"],
    ] {
        let run = Cogctl::new(&server).args(args).run();
        assert_eq!(run.code, 2, "{args:?}: {}", run.snapshot());
        assert!(run.stderr.contains("--all"), "{}", run.stderr);
        assert!(run.stderr.contains("one page"), "{}", run.stderr);
    }
    for interval in ["50ms", "0", "soon"] {
        let run = Cogctl::new(&server)
            .args(["stats", &format!("--watch={interval}")])
            .run();
        assert_eq!(run.code, 2, "{interval}: {}", run.snapshot());
        assert!(run.stderr.contains("--watch"), "{}", run.stderr);
    }
    // Not a flag of changes, nor of a procs action.
    let run = Cogctl::new(&server)
        .args(["dead", "delete", "--all", "--watch"])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    let run = Cogctl::new(&server)
        .args(["procs", "--watch=1s", "prune", "--dry-run"])
        .run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
}

#[test]
fn a_watch_outlives_redis_going_away_and_recovers() {
    let mut server = RedisServer::start();
    let mut watch = Cogctl::new(&server)
        .args(["stats", "--watch=200ms", "--ndjson"])
        .spawn();
    let before = wait_for_refresh(&watch, "a first refresh", |_| true);
    server.restart(Duration::from_millis(1000));
    enqueue(&server, "ddddddddddddddddddddddd1");
    wait_for_refresh(&watch, "a refresh after the restart", |l| {
        l["data"]["enqueued"] == 1
    });
    assert!(
        watch.stderr().contains("Redis unreachable"),
        "{}",
        watch.stderr()
    );
    assert_eq!(watch.exited(), None);
    watch.signal(libc::SIGINT);
    let run = watch.wait(LONG);
    assert_eq!(run.code, 0, "{}", run.snapshot());
    let refreshes = run.ndjson();
    assert!(refreshes.len() > before);
    for (i, r) in refreshes.iter().enumerate() {
        assert_eq!(r["refresh"], i as u64 + 1);
    }
    let failures: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("Redis unreachable"))
        .collect();
    assert!(!failures.is_empty());
    for line in failures {
        assert!(line.starts_with("warning: 20"), "{line}");
        assert!(
            line.contains(
                ": Redis unreachable (trying again every 200ms): cannot reach Redis at unix://"
            ),
            "{line}"
        );
    }
}

/// `cogctl --color never ARGS` on a pseudo-terminal of `rows` × `cols`, against `server`.
fn terminal(server: &RedisServer, rows: u16, cols: u16, args: &[&str]) -> Pty {
    let argv: Vec<&str> = ["--color", "never"]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    Pty::spawn(&argv, rows, cols, &[("COGCTL_REDIS_URL", &server.url())])
}

#[test]
fn on_a_terminal_one_screen_is_redrawn_in_place_with_changes_reversed() {
    let server = RedisServer::start();
    let mut term = terminal(&server, 30, 100, &["stats", "--watch=300ms"]);
    wait_until(LONG, "the first frame", || term.find("Dead").is_some());
    term.with(|s| {
        assert!(s.alternate_screen(), "not on the alternate screen");
        assert!(s.hide_cursor(), "the cursor is shown");
    });
    let header = term.screen();
    assert!(
        header.starts_with("every 300ms · cogctl stats · unix://"),
        "{header}"
    );
    // The first frame has no highlight.
    let (row, _) = term.find("Dead").unwrap();
    let value = (row, "Dead           ".len() as u16);
    term.with(|s| {
        let cell = s.cell(value.0, value.1).unwrap();
        assert_eq!(cell.contents(), "0", "{}", s.contents());
        assert!(!cell.inverse());
    });

    kill(&server, "eeeeeeeeeeeeeeeeeeeeeee1", "1796169600");
    wait_until(LONG, "the new count, reversed", || {
        term.with(|s| {
            let cell = s.cell(value.0, value.1).unwrap();
            cell.contents() == "1" && cell.inverse()
        })
    });
    // Unchanged rows are not highlighted, and the frame was drawn over itself: one header.
    term.with(|s| {
        let label = s.cell(value.0, 0).unwrap();
        assert!(!label.inverse());
        assert_eq!(s.contents().matches("cogctl stats").count(), 1);
    });
    // On the next refresh, unchanged again: no highlight.
    wait_until(LONG, "the highlight to go", || {
        term.with(|s| !s.cell(value.0, value.1).unwrap().inverse())
    });

    // A warning is shown inside the frame (stderr would scribble over the screen).
    server.exec(&[&["SET", "cogworker:retry", "not a sorted set"]]);
    wait_until(LONG, "the warning under the frame", || {
        term.find("warning: cogworker:retry").is_some()
    });
    let (warning, _) = term.find("warning: cogworker:retry").unwrap();
    assert!(warning > row, "{}", term.screen());
    assert_eq!(term.screen().matches("cogctl stats").count(), 1);
    assert_eq!(term.find("every 300ms · cogctl stats"), Some((0, 0)));

    // A resize redraws every line, the unchanged ones too: blank the test's copy of the
    // screen, and the whole frame comes back at the new width.
    term.resize(24, 60);
    wait_until(LONG, "the frame redrawn after the resize", || {
        term.find("Dead").is_some() && term.find("every 300ms").is_some()
    });
    assert_eq!(term.find("every 300ms · cogctl stats"), Some((0, 0)));
    // The header, longer than 60 columns, was cut rather than wrapped onto the blank row.
    term.with(|s| {
        let rows: Vec<String> = s.rows(0, 60).collect();
        assert_eq!(rows[0].chars().count(), 60, "{rows:?}");
        assert_eq!(rows[1], "", "{rows:?}");
    });

    term.send("\x03");
    let code = term.wait_exit();
    assert_eq!(code, 0);
    // Let the reader take the last bytes.
    wait_until(LONG, "the terminal restored", || {
        term.with(|s| !s.alternate_screen() && !s.hide_cursor())
    });
}

#[test]
fn on_a_terminal_a_failed_refresh_keeps_the_last_frame_under_a_banner() {
    let mut server = RedisServer::start();
    enqueue(&server, "fffffffffffffffffffffff1");
    let mut term = terminal(&server, 20, 100, &["queues", "--watch=200ms"]);
    wait_until(LONG, "the first frame", || term.find("default").is_some());
    // Redis stays down until the banner has been seen over the last frame.
    server.down_until("the banner", || {
        if term
            .find("Redis unreachable")
            .is_none_or(|(row, _)| row != 1)
        {
            return false;
        }
        // The last frame stays, and so does the header.
        assert!(term.find("default").is_some(), "{}", term.screen());
        assert_eq!(term.find("every 200ms · cogctl queues"), Some((0, 0)));
        assert!(
            term.screen()
                .contains("Redis unreachable (trying again every 200ms): cannot reach Redis"),
            "{}",
            term.screen()
        );
        true
    });
    // The restarted server is empty: the next refresh says so, and the banner is gone.
    wait_until(LONG, "a refresh after the restart", || {
        term.find("no queues").is_some()
    });
    assert_eq!(term.find("Redis unreachable"), None, "{}", term.screen());
    term.send("q");
    assert_eq!(term.wait_exit(), 0);
}

/// Every view that takes --watch: its NDJSON refreshes carry exactly what --json prints, and
/// watching writes nothing.
#[test]
fn each_refresh_carries_what_json_prints() {
    let server = RedisServer::start();
    let now = server.load("incident").captured_at;
    server.load("periodic");
    let views: &[&[&str]] = &[
        &["queues"],
        &["procs"],
        &["procs", "--memory"],
        &["busy"],
        &["orphans"],
        &["periodic", "list", "--tz", "UTC"],
        &["unsettled", "list"],
        &["retry", "list"],
        &["dead", "list"],
        &["scheduled", "list", "--limit", "2"],
        &["queue", "list", "default"],
        &["jobs", "--limit", "5"],
        &["history"],
    ];
    server.assert_read_only(|| {
        for view in views {
            let once = Cogctl::new(&server)
                .now(now)
                .args(*view)
                .args(["--json"])
                .run();
            assert_eq!(once.code, 0, "{view:?}: {}", once.snapshot());
            let watched = Cogctl::new(&server)
                .now(now)
                .args(*view)
                .args(["--watch=100ms", "--watch-count", "2", "--ndjson"])
                .run();
            assert_eq!(watched.code, 0, "{view:?}: {}", watched.snapshot());
            let refreshes = watched.ndjson();
            assert_eq!(refreshes.len(), 2, "{view:?}: {}", watched.stdout);
            for r in &refreshes {
                assert_eq!(steady(r["data"].clone()), steady(once.json()), "{view:?}");
            }
        }
    });
    // stats: the same but for Redis' own figures (uptime, memory), which move.
    let strip = |v: Value| {
        let mut v = steady(v);
        v.as_object_mut().unwrap().remove("redis");
        v
    };
    let once = Cogctl::new(&server)
        .now(now)
        .args(["stats", "--json"])
        .run();
    let watched = Cogctl::new(&server)
        .now(now)
        .args(["stats", "--watch=100ms", "--watch-count", "2", "--ndjson"])
        .run();
    assert_eq!(watched.code, 0, "{}", watched.snapshot());
    for r in watched.ndjson() {
        assert_eq!(strip(r["data"].clone()), strip(once.json()));
    }
}

/// `json` without what Redis' clock moves between two reads (TTLs of presence keys and locks).
fn steady(mut json: Value) -> Value {
    match &mut json {
        Value::Object(map) => {
            map.remove("ttl_ms");
            map.remove("ttl");
            for v in map.values_mut() {
                *v = steady(v.take());
            }
        }
        Value::Array(items) => {
            for v in items.iter_mut() {
                *v = steady(v.take());
            }
        }
        _ => {}
    }
    json
}

#[test]
fn a_closed_pipe_ends_the_watch_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let server = RedisServer::start();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cogctl"))
        .env_clear()
        .env("COGCTL_REDIS_URL", server.url())
        .args(["--color", "never", "queues", "--watch=100ms"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("--- "), "{first}");
    // The reader is gone: the next refresh's write fails, and that ends it with 0.
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
