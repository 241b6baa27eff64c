//! `cogctl top` in a real pseudo-terminal: keys are written to the pty's master side, what
//! cogctl draws is read back from it through a terminal emulator (vt100), against a real
//! redis-server and a real `cogctl worker` running jobs.

use std::time::Duration;

use crate::support::{Cogctl, RedisServer, Spawned, wait_until};

use crate::pty::{LIMIT, Pty};

/// `cogctl top` with these arguments, against `server`.
fn start(server: &RedisServer, args: &[&str], rows: u16, cols: u16) -> Pty {
    start_with(args, rows, cols, &[("COGCTL_REDIS_URL", &server.url())])
}

/// `top` with these environment variables (no COGCTL_REDIS_URL unless given).
fn start_with(args: &[&str], rows: u16, cols: u16, env: &[(&str, &str)]) -> Pty {
    let argv: Vec<&str> = std::iter::once("top").chain(args.iter().copied()).collect();
    Pty::spawn(&argv, rows, cols, env)
}

fn enqueue(server: &RedisServer, queue: &str, n: usize, secs: f64) {
    let specs: String = (0..n)
        .map(|_| format!("{{\"class\":\"Slow\",\"args\":[{secs}],\"queue\":\"{queue}\"}}\n"))
        .collect();
    let run = Cogctl::new(server)
        .args(["enqueue", "--from", "-"])
        .stdin(specs.as_bytes())
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

fn worker(server: &RedisServer) -> Spawned {
    Cogctl::new(server)
        .args([
            "worker",
            "-q",
            "default",
            "-c",
            "2",
            "--identity-tag",
            "toptest",
        ])
        .args(["--beat-interval", "0.2s", "--poll-interval", "0.2s"])
        .args(["--handler", "Slow=builtin:sleep"])
        .spawn()
}

/// The line of the screen holding `needle` (the first), or "".
fn line_of<'a>(screen: &'a str, needle: &str) -> &'a str {
    screen.lines().find(|l| l.contains(needle)).unwrap_or("")
}

/// The processed/s figure of the header.
fn processed_rate(screen: &str) -> f64 {
    let re = regex::Regex::new(r"processed [\d,?]+ \((\d+\.\d)/s\)").unwrap();
    re.captures(screen)
        .and_then(|c| c[1].parse().ok())
        .unwrap_or(0.0)
}

#[test]
fn top_follows_a_working_worker_and_pauses_resumes_quiets_and_filters_through_its_keys() {
    let server = RedisServer::start();
    enqueue(&server, "mail", 3, 0.1);
    enqueue(&server, "default", 60, 0.1);
    let w = worker(&server);
    let mut tui = start(&server, &["--interval", "250ms"], 40, 140);

    let screen = tui.wait_screen("the queues and the worker's row", |s| {
        regex::Regex::new(r"mail\s+3\s").unwrap().is_match(s)
            && regex::Regex::new(r"toptest:\d+:[0-9a-f]+\s+alive\s+\d/2\s")
                .unwrap()
                .is_match(s)
    });
    assert!(screen.contains("Queues (2)"), "{screen}");
    tui.wait_screen("a nonzero processed/s", |s| processed_rate(s) > 0.0);

    // p is the queues view's pause: its dry run first; 'n' changes nothing.
    tui.send("p");
    tui.wait_screen("the pause's dry run", |s| {
        s.contains("queue pause (dry run)") && s.contains("would pause queue default")
    });
    tui.send("n");
    tui.wait_screen("the cancellation", |s| s.contains("cancelled"));
    assert!(!server.is_member("cogworker:paused_queues", "default"));

    tui.send("p");
    tui.wait_screen("the pause's dry run", |s| {
        s.contains("would pause queue default")
    });
    tui.send("y");
    wait_until(LIMIT, "default in cogworker:paused_queues", || {
        server.is_member("cogworker:paused_queues", "default")
    });
    tui.wait_screen("default shown paused", |s| {
        line_of(s, "│›default").contains("paused")
    });

    // The pause kept an undo record, as the CLI's does.
    tui.wait_screen("the pause's undo id", |s| s.contains("undo id u-"));

    // 'n' to the resume's question leaves it paused.
    tui.send("p");
    tui.wait_screen("the resume's dry run", |s| {
        s.contains("queue resume (dry run)") && s.contains("would resume queue default")
    });
    tui.send("n");
    tui.wait_screen("the cancellation", |s| {
        s.contains("cancelled") && !s.contains("would resume queue default")
    });
    assert!(server.is_member("cogworker:paused_queues", "default"));

    tui.send("p");
    tui.wait_screen("the resume's dry run", |s| {
        s.contains("would resume queue default")
    });
    tui.send("y");
    wait_until(LIMIT, "default out of cogworker:paused_queues", || {
        !server.is_member("cogworker:paused_queues", "default")
    });
    tui.wait_screen("default shown running", |s| {
        let row = line_of(s, "│›default");
        !row.is_empty() && !row.contains("paused")
    });

    tui.send("/mail\r");
    tui.wait_screen("only mail left by the filter", |s| {
        s.contains("Queues (1)") && s.contains("Processes (0)") && s.contains("[filter: mail]")
    });
    tui.send("\x1b");
    tui.wait_screen("the filter cleared", |s| {
        s.contains("Queues (2)") && s.contains("Processes (1)")
    });

    let identity = regex::Regex::new(r"toptest:\d+:[0-9a-f]+")
        .unwrap()
        .find(&tui.screen())
        .unwrap()
        .as_str()
        .to_string();
    tui.send("\t");
    tui.send("Q");
    tui.wait_screen("the quiet's dry run", |s| {
        s.contains("procs quiet (dry run)") && s.contains("would quiet process")
    });
    tui.send("y");
    wait_until(LIMIT, "the worker to report quiet", || {
        server
            .hash(&format!("cogworker:process:{identity}"))
            .get("quiet")
            .map(String::as_str)
            == Some("true")
    });
    tui.wait_screen("the process shown quiet", |s| {
        line_of(s, "toptest:").contains("quiet")
    });

    // Each change made from the screen is in the audit trail, with what it did and, in its
    // command line, what it was made on.
    let audit: Vec<(String, Vec<(String, String)>)> = redis::cmd("XRANGE")
        .arg("cogctl:audit")
        .arg("-")
        .arg("+")
        .query(&mut server.conn())
        .unwrap();
    let done: Vec<(String, String, String)> = audit
        .iter()
        .filter(|(_, f)| {
            f.iter()
                .any(|(k, v)| k == "argv" && v.starts_with("cogctl top"))
        })
        .filter(|(_, f)| f.iter().any(|(k, v)| k == "phase" && v == "end"))
        .map(|(_, f)| {
            let get = |k: &str| {
                f.iter()
                    .find(|(n, _)| n == k)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default()
            };
            (get("command"), get("done"), get("argv"))
        })
        .map(|(c, d, argv)| (c, d, argv.replace(&identity, "IDENTITY")))
        .collect();
    assert_eq!(
        done,
        [
            (
                "queue pause".to_string(),
                "1".to_string(),
                "cogctl top: cogctl queue pause default".to_string()
            ),
            (
                "queue resume".to_string(),
                "1".to_string(),
                "cogctl top: cogctl queue resume default".to_string()
            ),
            (
                "procs quiet".to_string(),
                "1".to_string(),
                "cogctl top: cogctl procs quiet IDENTITY --yes".to_string()
            ),
        ],
        "{audit:?}"
    );

    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
    assert!(
        !tui.with(|s| s.alternate_screen()),
        "left the alternate screen"
    );
    assert!(!tui.with(|s| s.hide_cursor()), "the cursor is shown again");
    // Raw mode is off again: the pty echoes and reads lines.
    let termios = tui.termios();
    assert_ne!(termios.c_lflag & libc::ICANON, 0, "canonical mode restored");
    assert_ne!(termios.c_lflag & libc::ECHO, 0, "echo restored");
    drop(w);
}

#[test]
fn top_shows_a_banner_while_redis_is_down_and_redraws_at_a_new_size() {
    let mut server = RedisServer::start();
    enqueue(&server, "mail", 2, 0.1);
    let mut tui = start(&server, &["--interval", "200ms"], 30, 120);
    tui.wait_screen("the queue", |s| s.contains("mail"));

    tui.resize(24, 90);
    let screen = tui.wait_screen("the footer on the new last row", |s| {
        s.lines().count() <= 24 && s.lines().nth(23).is_some_and(|l| l.starts_with("q quit"))
    });
    assert!(screen.lines().all(|l| l.chars().count() <= 90), "{screen}");

    // The last data stays on screen through the outage, which lasts until it is seen. (One
    // condition: a screen read halfway through a redraw may miss either.)
    server.down_until("the outage banner over the last data", || {
        tui.wait_screen("the outage banner over the last data", |s| {
            s.contains("Redis unreachable, showing the last data read")
                && s.contains("cannot reach")
                && s.contains("mail")
        });
        true
    });
    // The restarted server is empty (no persistence): the banner goes, the data is new.
    tui.wait_screen("the banner gone", |s| {
        !s.contains("Redis unreachable") && s.contains("Queues (0)")
    });
    tui.send("\x03");
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn top_without_a_terminal_is_a_usage_error() {
    let server = RedisServer::start();
    let run = Cogctl::new(&server).args(["top"]).run();
    assert_eq!(run.code, 2, "{}", run.snapshot());
    assert!(run.stderr.contains("must be a terminal"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

#[test]
fn hostile_data_degrades_rows_and_names_keys_but_never_blanks_the_view() {
    let server = RedisServer::start();
    enqueue(&server, "mail", 2, 0.1);
    let mut conn = server.conn();
    let huge = "h".repeat(100_000);
    let evil: &[u8] = b"q\xff\x1b[31m";
    redis::pipe()
        .cmd("SADD")
        .arg("cogworker:queues")
        .arg(evil)
        .arg(&huge)
        .arg("bad")
        .cmd("LPUSH")
        .arg([b"cogworker:queue:".as_slice(), evil].concat())
        .arg("not json")
        .cmd("LPUSH")
        .arg(format!("cogworker:queue:{huge}"))
        .arg("{}")
        .cmd("SET")
        .arg("cogworker:queue:bad")
        .arg("a string")
        .cmd("SADD")
        .arg("cogworker:processes")
        .arg("box:1:feed")
        .cmd("SET")
        .arg("cogworker:process:box:1:feed")
        .arg("a string")
        .cmd("ZADD")
        .arg("cogworker:dead")
        .arg(1)
        .arg(b"\xff not json".as_slice())
        .cmd("SET")
        .arg("cogworker:stats:processed")
        .arg("lots")
        .query::<()>(&mut conn)
        .unwrap();
    let mut tui = start(&server, &["--interval", "250ms"], 40, 160);
    let screen = tui.wait_screen("the hostile state drawn", |s| {
        s.contains(r"q\xff\x1b[31m")
            && s.contains("warning: cogworker:queue:bad: of the wrong type")
            && s.contains("(unparseable)")
            && s.contains("unknown")
            && regex::Regex::new(r"mail\s+2\s").unwrap().is_match(s)
            && s.contains("hhhhhhhhhhhhhhhh")
            && s.contains("warning: cogworker:stats:processed: holds \"lots\"")
    });
    // The list of the wrong type keeps a row that says so, and is named in the warning.
    assert!(screen.contains("Queues (4)"), "{screen}");
    assert!(line_of(&screen, "bad ").contains("unreadable"), "{screen}");
    // A second refresh (with LPOS of the odd heads) changes none of that.
    std::thread::sleep(Duration::from_millis(600));
    tui.wait_screen("the same after more refreshes", |s| {
        s.contains(r"q\xff\x1b[31m")
    });
    // SIGTERM ends it cleanly too, the terminal given back.
    tui.signal(libc::SIGTERM);
    assert_eq!(tui.wait_exit(), 0);
    assert!(!tui.with(|s| s.alternate_screen()));
}

#[test]
fn top_quits_when_its_terminal_hangs_up() {
    let server = RedisServer::start();
    let mut tui = start(&server, &["--interval", "200ms"], 24, 80);
    tui.wait_screen("the first frame", |s| s.contains("Queues (0)"));
    tui.hang_up();
    assert_eq!(tui.wait_exit(), 0);
}

#[test]
fn a_read_only_context_lets_top_look_but_not_pause() {
    let server = RedisServer::start();
    enqueue(&server, "default", 3, 0.1);
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
    let mut tui = start_with(
        &["--interval", "250ms", "--context", "ro"],
        40,
        140,
        &[("COGCTL_CONFIG", config.to_str().unwrap())],
    );
    tui.wait_screen("the queue", |s| {
        regex::Regex::new(r"default\s+3\s").unwrap().is_match(s)
    });
    tui.send("p");
    tui.wait_screen("the refusal", |s| {
        s.contains("p changes Redis, and context ro is read-only: nothing was changed")
    });
    assert!(!server.is_member("cogworker:paused_queues", "default"));
    let audit: Vec<(String, Vec<(String, String)>)> = redis::cmd("XRANGE")
        .arg("cogctl:audit")
        .arg("-")
        .arg("+")
        .query(&mut server.conn())
        .unwrap();
    assert!(
        !audit.iter().any(|(_, f)| f
            .iter()
            .any(|(k, v)| k == "argv" && v.starts_with("cogctl top"))),
        "{audit:?}"
    );
    tui.send("q");
    assert_eq!(tui.wait_exit(), 0);
}
