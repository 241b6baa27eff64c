//! `cogctl worker`'s handlers, run through the library: no Redis needed. Handlers are small
//! sh and python3 scripts written into a temp dir.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use cogctl::worker::handlers::Handlers;
use cogctl::worker::job::{
    Children, Decision, Failure, HANDLER_FAILED, HANDLER_NOT_STARTED, HANDLER_TIMEOUT, JobContext,
    Outcome, Output,
};

use crate::support::HANG;

const GRACE: Duration = Duration::from_secs(5);

struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::Builder::new()
            .prefix("cogctl-handler-test-")
            .tempdir()
            .unwrap())
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }

    /// A script, as a `--handler` command: its `#!` line, then its path. Executing a file just
    /// written races with the other tests' forks, which may briefly hold its write descriptor
    /// (ETXTBSY); a real handler is not written while the worker runs.
    fn script(&self, name: &str, body: &str) -> String {
        let path = self.path(name);
        fs::write(&path, body).unwrap();
        let interpreter = body.lines().next().and_then(|line| line.strip_prefix("#!"));
        format!("{} {}", interpreter.unwrap().trim(), quote(&path))
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.path(name)).unwrap()
    }
}

fn quote(path: &Path) -> String {
    shell_words::quote(path.to_str().unwrap()).into_owned()
}

fn handlers(specs: &[String]) -> Handlers {
    quiet(Handlers::new(specs, None, &[], GRACE).unwrap())
}

/// Output lines are read and dropped: the test's stderr stays readable.
fn quiet(mut handlers: Handlers) -> Handlers {
    handlers.set_output(Some(Arc::new(|_: &str, _: &str| {})));
    handlers
}

/// Collects output lines as `jid | line`.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<String>>>);

impl Log {
    fn output(&self) -> Output {
        let log = self.clone();
        Arc::new(move |jid: &str, line: &str| log.0.lock().unwrap().push(format!("{jid} | {line}")))
    }

    fn lines(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

fn job<'a>(class: &'a str, args_json: &'a str) -> JobContext<'a> {
    JobContext {
        payload: b"{}",
        jid: "b3a1c2d4e5f60718",
        class,
        queue: "default",
        retry_count: 0,
        args_json,
        identity: "host:1234:abcdef",
    }
}

fn run(handlers: &Handlers, job: &JobContext<'_>) -> Outcome {
    handlers.run(job, &Children::new())
}

fn failed(outcome: Outcome) -> Failure {
    match outcome {
        Outcome::Failure(failure) => failure,
        Outcome::Success => panic!("expected a failure"),
    }
}

fn failure(error_class: &str, error_message: &str) -> Outcome {
    Outcome::Failure(Failure {
        error_class: error_class.into(),
        error_message: error_message.into(),
        decision: Decision::Default,
        backtrace: Vec::new(),
    })
}

/// A sh handler for class `Job`.
fn sh(dir: &Dir, body: &str) -> Handlers {
    let script = dir.script("handler.sh", &format!("#!/bin/sh\n{body}\n"));
    handlers(&[format!("Job={script}")])
}

/// Whether a process is alive. A dead process can linger as a zombie when the init of the
/// machine doesn't reap orphans; it holds nothing and runs nothing.
fn alive(pid: i32) -> bool {
    proc_stat(pid).is_some_and(|(state, _)| state != 'Z')
}

/// State and process group, from /proc/PID/stat.
fn proc_stat(pid: i32) -> Option<(char, i32)> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let group = fields.nth(1)?.parse().ok()?;
    Some((state, group))
}

/// The live processes of a process group.
fn live_in_group(group: i32) -> Vec<i32> {
    fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| proc_stat(pid).is_some_and(|(state, g)| g == group && state != 'Z'))
        .collect()
}

fn pid_in(dir: &Dir, name: &str) -> i32 {
    dir.read(name).trim().parse().unwrap()
}

#[test]
fn exit_0_is_success() {
    let dir = Dir::new();
    let handlers = sh(&dir, "echo 'RuntimeError: only a warning' >&2; exit 0");
    assert_eq!(run(&handlers, &job("Job", "[]")), Outcome::Success);
}

#[test]
fn a_ruby_style_last_stderr_line_gives_the_error_class_and_message() {
    let dir = Dir::new();
    let handlers = sh(
        &dir,
        "echo 'connecting' >&2; echo 'Net::ReadTimeout: upstream slow' >&2; echo >&2; exit 1",
    );
    assert_eq!(
        run(&handlers, &job("Job", "[]")),
        failure("Net::ReadTimeout", "upstream slow")
    );
}

#[test]
fn a_plain_last_stderr_line_is_the_message() {
    let dir = Dir::new();
    let handlers = sh(
        &dir,
        "echo 'first' >&2; printf 'disk full, giving up' >&2; exit 2",
    );
    assert_eq!(
        run(&handlers, &job("Job", "[]")),
        failure(HANDLER_FAILED, "disk full, giving up")
    );
}

#[test]
fn without_stderr_the_message_is_the_exit_status() {
    let dir = Dir::new();
    let handlers = sh(&dir, "echo 'stdout is not an error' ; exit 3");
    assert_eq!(
        run(&handlers, &job("Job", "[]")),
        failure(HANDLER_FAILED, "exited with status 3")
    );
}

#[test]
fn a_handler_killed_by_a_signal_fails_naming_it() {
    let dir = Dir::new();
    let handlers = sh(&dir, "kill -KILL $$");
    assert_eq!(
        run(&handlers, &job("Job", "[]")),
        failure(HANDLER_FAILED, "killed by signal 9 (SIGKILL)")
    );
}

#[test]
fn a_command_is_executed_directly_and_found_on_the_path() {
    let handlers = handlers(&["Yes=true".into(), "No=false --ignored".into()]);
    assert_eq!(run(&handlers, &job("Yes", "[]")), Outcome::Success);
    assert_eq!(
        run(&handlers, &job("No", "[]")),
        failure(HANDLER_FAILED, "exited with status 1")
    );
}

#[test]
fn a_command_that_cannot_start_fails_saying_so() {
    let dir = Dir::new();
    let missing = quote(&dir.path("no-such-handler"));
    let handlers = handlers(&[format!("Job={missing}")]);
    let failure = failed(run(&handlers, &job("Job", "[]")));
    assert_eq!(failure.error_class, HANDLER_NOT_STARTED);
    assert!(
        failure.error_message.starts_with("could not start ")
            && failure.error_message.contains("No such file or directory"),
        "{}",
        failure.error_message
    );
}

#[test]
fn a_class_without_handler_fails_as_a_class_that_cannot_be_loaded() {
    let handlers = handlers(&["Other=builtin:noop".into()]);
    assert_eq!(
        run(&handlers, &job("Reports::Nightly", "[]")),
        failure(
            "NameError",
            "uninitialized constant Reports::Nightly (cogctl worker has no handler for \
             Reports::Nightly: add --handler Reports::Nightly=COMMAND)"
        )
    );
}

/// The handler copies its args (the job's `COGCTL_ARGS`) into the result file, and notes the
/// file's path so the test can see it is gone afterwards.
fn result_file_handler(dir: &Dir, exit: i32) -> Handlers {
    let seen = quote(&dir.path("result-path"));
    sh(
        dir,
        &format!(
            "printf '%s' \"$COGCTL_RESULT_FILE\" > {seen}\n\
             printf '%s' \"$COGCTL_ARGS\" > \"$COGCTL_RESULT_FILE\"\n\
             echo 'IOError: from stderr' >&2\n\
             exit {exit}"
        ),
    )
}

#[test]
fn a_result_file_chooses_the_retry_hook_outcome() {
    let dir = Dir::new();
    let handlers = result_file_handler(&dir, 1);
    let cases = [
        (
            r#"{"error_class":"Billing::CardDeclined","error_message":"card declined","retry":30}"#,
            (
                "Billing::CardDeclined",
                "card declined",
                Decision::RetryIn(30.0),
            ),
        ),
        (
            r#"{"retry":2.5}"#,
            ("IOError", "from stderr", Decision::RetryIn(2.5)),
        ),
        (
            r#"{"retry":"default"}"#,
            ("IOError", "from stderr", Decision::Default),
        ),
        (
            r#"{"retry":"kill","error_message":"gone for good"}"#,
            ("IOError", "gone for good", Decision::Kill),
        ),
        (
            r#"{"retry":"discard","error_class":"Stale"}"#,
            ("Stale", "from stderr", Decision::Discard),
        ),
    ];
    for (result, (error_class, error_message, decision)) in cases {
        let outcome = run(&handlers, &job("Job", result));
        assert_eq!(
            outcome,
            Outcome::Failure(Failure {
                error_class: error_class.into(),
                error_message: error_message.into(),
                decision,
                backtrace: Vec::new(),
            }),
            "{result}"
        );
        let path = PathBuf::from(dir.read("result-path"));
        assert!(!path.parent().unwrap().exists(), "{path:?} is left behind");
    }
}

#[test]
fn an_unreadable_result_file_falls_back_to_stderr_and_says_so() {
    let dir = Dir::new();
    let handlers = result_file_handler(&dir, 1);
    assert_eq!(
        run(&handlers, &job("Job", r#"{"retry":"later"}"#)),
        failure(
            "IOError",
            "from stderr (the result file was unreadable: retry is \"later\", not \"default\", \
             \"kill\", \"discard\" or a number of seconds ≥ 0)"
        )
    );
    let failure = failed(run(&handlers, &job("Job", "not json")));
    assert_eq!(failure.decision, Decision::Default);
    assert!(
        failure
            .error_message
            .starts_with("from stderr (the result file was unreadable: not JSON: "),
        "{}",
        failure.error_message
    );
}

#[test]
fn a_result_file_is_ignored_on_success() {
    let dir = Dir::new();
    let handlers = result_file_handler(&dir, 0);
    assert_eq!(
        run(&handlers, &job("Job", r#"{"retry":"discard"}"#)),
        Outcome::Success
    );
    let path = PathBuf::from(dir.read("result-path"));
    assert!(!path.parent().unwrap().exists());
}

#[test]
fn stdin_carries_the_payload_byte_for_byte() {
    let dir = Dir::new();
    let copy = quote(&dir.path("stdin"));
    let handlers = sh(&dir, &format!("cat > {copy}"));
    let payload: Vec<u8> = b"{\"jid\":\"x\",\"args\":[\"\\u00e9\"]}\n\r\t\0\xff\xfe"
        .iter()
        .copied()
        .chain((0..=255u8).cycle().take(200_000))
        .collect();
    let job = JobContext {
        payload: &payload,
        ..job("Job", "[]")
    };
    assert_eq!(run(&handlers, &job), Outcome::Success);
    assert_eq!(fs::read(dir.path("stdin")).unwrap(), payload);
}

#[test]
fn the_environment_describes_the_job() {
    let dir = Dir::new();
    let out = quote(&dir.path("env"));
    let handlers = sh(
        &dir,
        &format!(
            "for v in COGCTL_JID COGCTL_CLASS COGCTL_QUEUE COGCTL_RETRY_COUNT COGCTL_ARGS \
             COGCTL_IDENTITY; do eval \"printf '%s=%s\\n' $v \\\"\\$$v\\\"\"; done > {out}\n\
             test -n \"$PATH\" && test -n \"$COGCTL_RESULT_FILE\" && test ! -e \"$COGCTL_RESULT_FILE\""
        ),
    );
    let job = JobContext {
        queue: "billing",
        retry_count: 7,
        ..job("Job", r#"[1, "two", {"three": 3.0}]"#)
    };
    assert_eq!(run(&handlers, &job), Outcome::Success);
    assert_eq!(
        dir.read("env"),
        "COGCTL_JID=b3a1c2d4e5f60718\n\
         COGCTL_CLASS=Job\n\
         COGCTL_QUEUE=billing\n\
         COGCTL_RETRY_COUNT=7\n\
         COGCTL_ARGS=[1, \"two\", {\"three\": 3.0}]\n\
         COGCTL_IDENTITY=host:1234:abcdef\n"
    );
}

#[test]
fn a_handler_whose_args_contain_shell_metacharacters_runs_them_as_data() {
    let dir = Dir::new();
    let marker = |n: u32| dir.path(&format!("marker{n}"));
    let hostile = [
        format!("$(touch {})", marker(1).display()),
        format!("; touch {}", marker(2).display()),
        format!("`touch {}`", marker(3).display()),
        format!("| touch {}", marker(4).display()),
        format!("&& touch {} #", marker(5).display()),
    ];
    let argv_out = quote(&dir.path("argv"));
    let args_out = quote(&dir.path("args"));
    let script = dir.script(
        "handler.sh",
        &format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > {argv_out}\nprintf '%s' \"$COGCTL_ARGS\" > {args_out}\n"
        ),
    );
    // In the handler's own command line (quoted, as an operator would) and in the job's args.
    let spec = format!("Job={script} {}", shell_words::join(&hostile));
    let handlers = handlers(&[spec, "Echo=builtin:echo".into()]);
    let args_json = serde_json::to_string(&hostile).unwrap();
    assert_eq!(run(&handlers, &job("Job", &args_json)), Outcome::Success);
    assert_eq!(run(&handlers, &job("Echo", &args_json)), Outcome::Success);

    assert_eq!(dir.read("argv"), format!("{}\n", hostile.join("\n")));
    assert_eq!(dir.read("args"), args_json);
    for n in 1..=5 {
        assert!(
            !marker(n).exists(),
            "{:?} was executed",
            hostile[n as usize - 1]
        );
    }
}

#[test]
fn a_handler_that_does_not_read_a_huge_payload_does_not_block() {
    let dir = Dir::new();
    let handlers = sh(&dir, "exit 0");
    let payload = vec![b'x'; 1 << 20];
    let job = JobContext {
        payload: &payload,
        ..job("Job", "[]")
    };
    let started = Instant::now();
    assert_eq!(run(&handlers, &job), Outcome::Success);
    // A hang check: a writer blocked on the unread payload would wait forever.
    assert!(started.elapsed() < HANG);
}

#[test]
fn a_handler_that_floods_its_output_keeps_a_bounded_last_line() {
    let dir = Dir::new();
    // The megabyte payload back on stdout and, as one line, on stderr.
    let mut handlers = sh(&dir, "tee /dev/stderr; exit 1");
    handlers.set_output(None);
    let payload = vec![b'x'; 1 << 20];
    let job = JobContext {
        payload: &payload,
        ..job("Job", "[]")
    };
    let failure = failed(run(&handlers, &job));
    assert_eq!(failure.error_class, HANDLER_FAILED);
    assert_eq!(failure.error_message, "x".repeat(10_000));
}

#[test]
fn output_lines_go_to_the_output_with_the_jid() {
    let dir = Dir::new();
    let mut writing = sh(
        &dir,
        "echo 'to stdout'; echo 'to stderr' >&2; printf 'no end of line'; head -c 50000 /dev/zero | tr '\\0' y >&2",
    );
    let log = Log::default();
    writing.set_output(Some(log.output()));
    assert_eq!(run(&writing, &job("Job", "[]")), Outcome::Success);
    let mut lines = log.lines();
    lines.sort();
    assert_eq!(
        lines,
        [
            "b3a1c2d4e5f60718 | no end of line".to_string(),
            "b3a1c2d4e5f60718 | to stderr".into(),
            "b3a1c2d4e5f60718 | to stdout".into(),
            format!("b3a1c2d4e5f60718 | {}…", "y".repeat(40_000)),
        ]
    );

    let echo = Log::default();
    let mut echoing = handlers(&["Echo=builtin:echo".into()]);
    echoing.set_output(Some(echo.output()));
    assert_eq!(
        run(&echoing, &job("Echo", r#"["hi", 2]"#)),
        Outcome::Success
    );
    assert_eq!(
        echo.lines(),
        [r#"b3a1c2d4e5f60718 | builtin:echo class=Echo args=["hi", 2]"#]
    );
}

#[test]
fn a_stderr_line_that_is_not_utf8_is_read_lossily() {
    let dir = Dir::new();
    let handlers = sh(&dir, r"printf 'Encoding::Bad: caf\351\n' >&2; exit 1");
    assert_eq!(
        run(&handlers, &job("Job", "[]")),
        failure("Encoding::Bad", "caf\u{fffd}")
    );
}

fn timed(dir: &Dir, body: &str, timeout: Duration, grace: Duration) -> Handlers {
    let script = dir.script("handler.sh", &format!("#!/bin/sh\n{body}\n"));
    quiet(Handlers::new(&[format!("Job={script}")], Some(timeout), &[], grace).unwrap())
}

#[test]
fn a_timeout_terms_the_process_group() {
    let dir = Dir::new();
    let pid = quote(&dir.path("pid"));
    let grandchild = quote(&dir.path("grandchild"));
    // No trap: TERM ends the shell and its grandchild at once.
    let handlers = timed(
        &dir,
        &format!("echo $$ > {pid}; sh -c 'echo $$ > {grandchild}; sleep 100 & wait' & wait"),
        Duration::from_millis(300),
        GRACE,
    );
    let children = Children::new();
    let started = Instant::now();
    let outcome = handlers.run(&job("Job", "[]"), &children);
    // A hang check: the grandchild's `sleep 100` outlives HANG; the outcome says how it ended.
    assert!(started.elapsed() < HANG, "{:?}", started.elapsed());
    assert_eq!(
        outcome,
        failure(
            HANDLER_TIMEOUT,
            "timed out after 0.3s: the handler's process group got TERM"
        )
    );
    let (leader, grandchild) = (pid_in(&dir, "pid"), pid_in(&dir, "grandchild"));
    assert!(!alive(leader) && !alive(grandchild));
    assert_eq!(live_in_group(leader), Vec::<i32>::new());
    assert_eq!(children.count(), 0);
}

#[test]
fn a_handler_that_ignores_term_is_killed_after_the_grace() {
    let dir = Dir::new();
    let pid = quote(&dir.path("pid"));
    let grandchild = quote(&dir.path("grandchild"));
    // An ignored signal stays ignored across exec: the grandchild ignores TERM too.
    let handlers = timed(
        &dir,
        &format!(
            "trap '' TERM; echo $$ > {pid}\n\
             sh -c 'echo $$ > {grandchild}; sleep 100 & wait' &\n\
             while :; do wait; sleep 1; done"
        ),
        Duration::from_millis(300),
        Duration::from_millis(700),
    );
    let children = Children::new();
    let started = Instant::now();
    let outcome = handlers.run(&job("Job", "[]"), &children);
    let took = started.elapsed();
    // At least the timeout and the grace (a lower bound a slow machine only makes truer); the
    // upper one is a hang check: the handler ignores TERM and would loop forever.
    assert!(
        took >= Duration::from_millis(1000) && took < HANG,
        "{took:?}"
    );
    assert_eq!(
        outcome,
        failure(
            HANDLER_TIMEOUT,
            "timed out after 0.3s: the handler's process group got TERM, then KILL after a 0.7s grace"
        )
    );
    let (leader, grandchild) = (pid_in(&dir, "pid"), pid_in(&dir, "grandchild"));
    assert!(!alive(leader) && !alive(grandchild));
    assert_eq!(live_in_group(leader), Vec::<i32>::new());
    assert_eq!(children.count(), 0);
}

#[test]
fn a_per_class_timeout_overrides_the_default() {
    let dir = Dir::new();
    let script = dir.script("handler.sh", "#!/bin/sh\nsleep 0.5\n");
    let specs = [format!("Slow={script}"), format!("Quick={script}")];
    let handlers = quiet(
        Handlers::new(
            &specs,
            Some(Duration::from_millis(100)),
            &["Slow=10".into()],
            GRACE,
        )
        .unwrap(),
    );
    assert_eq!(run(&handlers, &job("Slow", "[]")), Outcome::Success);
    assert_eq!(
        failed(run(&handlers, &job("Quick", "[]"))).error_class,
        HANDLER_TIMEOUT
    );
}

#[test]
fn what_a_handler_leaves_running_ends_with_it() {
    let dir = Dir::new();
    let leftover = quote(&dir.path("leftover"));
    let pid = quote(&dir.path("pid"));
    let handlers = timed(
        &dir,
        &format!("echo $$ > {pid}; sleep 100 & echo $! > {leftover}; exit 0"),
        Duration::from_secs(60),
        Duration::from_millis(500),
    );
    assert_eq!(run(&handlers, &job("Job", "[]")), Outcome::Success);
    assert!(!alive(pid_in(&dir, "leftover")));
    assert_eq!(live_in_group(pid_in(&dir, "pid")), Vec::<i32>::new());
}

#[test]
fn signal_all_stops_running_handlers_and_later_ones() {
    let dir = Dir::new();
    let handlers = sh(&dir, "sleep 100");
    let children = Children::new();
    thread::scope(|scope| {
        let running = scope.spawn(|| handlers.run(&job("Job", "[]"), &children));
        let deadline = Instant::now() + HANG;
        while children.count() == 0 && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(children.count(), 1);
        children.signal_all(libc::SIGTERM);
        assert_eq!(
            running.join().unwrap(),
            failure(HANDLER_FAILED, "killed by signal 15 (SIGTERM)")
        );
    });
    assert_eq!(children.count(), 0);
    assert_eq!(children.signalled(), Some(libc::SIGTERM));
    let started = Instant::now();
    assert_eq!(
        handlers.run(&job("Job", "[]"), &children),
        failure(HANDLER_FAILED, "killed by signal 15 (SIGTERM)")
    );
    // A hang check: the handler's `sleep 100` outlives HANG.
    assert!(started.elapsed() < HANG);
}

mod builtins {
    use super::*;

    fn builtins(timeout: Option<Duration>) -> Handlers {
        let specs = [
            "Noop=builtin:noop",
            "Sleep=builtin:sleep",
            "Fail=builtin:fail",
            "Echo=builtin:echo",
        ]
        .map(String::from);
        quiet(Handlers::new(&specs, timeout, &[], GRACE).unwrap())
    }

    #[test]
    fn noop_and_echo_succeed() {
        let handlers = builtins(None);
        assert_eq!(run(&handlers, &job("Noop", "[1]")), Outcome::Success);
        assert_eq!(
            run(&handlers, &job("Echo", r#"["hi", 2]"#)),
            Outcome::Success
        );
    }

    #[test]
    fn fail_raises_its_message() {
        let handlers = builtins(None);
        assert_eq!(
            run(&handlers, &job("Fail", r#"["card declined"]"#)),
            failure("RuntimeError", "card declined")
        );
        assert_eq!(
            run(&handlers, &job("Fail", "[42]")),
            failure("RuntimeError", "builtin:fail")
        );
        assert_eq!(
            run(&handlers, &job("Fail", "not json")),
            failure("RuntimeError", "builtin:fail")
        );
        // A second argument is a retry-hook outcome, as in a result file.
        let decision = |args: &str| failed(run(&handlers, &job("Fail", args))).decision;
        assert_eq!(decision(r#"["x", "kill"]"#), Decision::Kill);
        assert_eq!(decision(r#"["x", "discard"]"#), Decision::Discard);
        assert_eq!(decision(r#"["x", 12]"#), Decision::RetryIn(12.0));
        assert_eq!(decision(r#"["x", "soon"]"#), Decision::Default);
    }

    #[test]
    fn sleep_sleeps_its_first_argument() {
        let handlers = builtins(None);
        let started = Instant::now();
        assert_eq!(run(&handlers, &job("Sleep", "[0.2]")), Outcome::Success);
        assert!(started.elapsed() >= Duration::from_millis(200));
        for (args, got) in [
            ("[]", "nothing"),
            (r#"["soon"]"#, "\"soon\""),
            ("[-1]", "-1"),
        ] {
            assert_eq!(
                run(&handlers, &job("Sleep", args)),
                failure(
                    "ArgumentError",
                    &format!(
                        "builtin:sleep takes a number of seconds ≥ 0 as its first argument, got {got}"
                    )
                )
            );
        }
    }

    #[test]
    fn sleep_respects_the_timeout_and_signal_all() {
        let handlers = builtins(Some(Duration::from_millis(100)));
        let started = Instant::now();
        assert_eq!(
            run(&handlers, &job("Sleep", "[100]")),
            failure(HANDLER_TIMEOUT, "timed out after 0.1s")
        );
        // A hang check: the job asked for 100 s of sleep, past HANG.
        assert!(started.elapsed() < HANG);

        let handlers = builtins(None);
        let children = Children::new();
        thread::scope(|scope| {
            let sleeping = scope.spawn(|| handlers.run(&job("Sleep", "[100]"), &children));
            thread::sleep(Duration::from_millis(50));
            children.signal_all(libc::SIGTERM);
            assert_eq!(
                sleeping.join().unwrap(),
                failure(HANDLER_FAILED, "killed by signal 15 (SIGTERM)")
            );
        });
    }
}

mod readme_examples {
    use super::*;

    const PYTHON: &str = r#"#!/usr/bin/env python3
import json, os, sys

job = json.load(sys.stdin)              # the whole payload
args = json.loads(os.environ["COGCTL_ARGS"])

if args and args[0] == "declined":
    # Choose the outcome, as a cogworker_retry_in hook would.
    with open(os.environ["COGCTL_RESULT_FILE"], "w") as f:
        json.dump({"error_class": "Billing::CardDeclined",
                   "error_message": f"card declined for {job['jid']}",
                   "retry": "kill"}, f)
    sys.exit(1)
if args and args[0] == "busy":
    raise TimeoutError("gateway busy")  # last stderr line: "TimeoutError: gateway busy"
print("charged", args)                  # stdout goes to the worker's log
"#;

    const SHELL: &str = r#"#!/bin/sh
# COGCTL_ARGS is JSON: hand it to a tool that parses it, never to eval.
url=$(printf '%s' "$COGCTL_ARGS" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0])')
if ! curl --fail --silent --max-time 10 "$url" > /dev/null 2>&1; then
  echo "Net::ReadTimeout: $url did not answer" >&2
  exit 1
fi
"#;

    #[test]
    fn the_python_handler() {
        let dir = Dir::new();
        let script = dir.script("charge.py", PYTHON);
        let handlers = handlers(&[format!("Billing::Charge={script}")]);
        let payload = br#"{"class":"Billing::Charge","args":["declined"],"jid":"j1"}"#;
        let job = |args| JobContext {
            payload,
            ..job("Billing::Charge", args)
        };
        assert_eq!(run(&handlers, &job(r#"["ok"]"#)), Outcome::Success);
        assert_eq!(
            run(&handlers, &job(r#"["declined"]"#)),
            Outcome::Failure(Failure {
                error_class: "Billing::CardDeclined".into(),
                error_message: "card declined for j1".into(),
                decision: Decision::Kill,
                backtrace: Vec::new(),
            })
        );
        assert_eq!(
            run(&handlers, &job(r#"["busy"]"#)),
            failure("TimeoutError", "gateway busy")
        );
    }

    #[test]
    fn the_shell_handler() {
        let dir = Dir::new();
        let script = dir.script("ping.sh", SHELL);
        let handlers = handlers(&[format!("Ping={script}")]);
        // Nothing listens on port 9 of this machine: the handler fails as documented.
        let args = r#"["http://127.0.0.1:9/$(touch /tmp/never)"]"#;
        assert_eq!(
            run(&handlers, &job("Ping", args)),
            failure(
                "Net::ReadTimeout",
                "http://127.0.0.1:9/$(touch /tmp/never) did not answer"
            )
        );
    }
}
