//! The vocabulary a handler speaks, shared by every kind of handler (handlers/) and the
//! process loop above them: the job as a handler sees it (`JobContext`), how a run ended
//! (`Outcome`, `Failure` and the retry hook's `Decision`), what a handler reports about its
//! failure (`Reported`), where its output lines go (`Output`), the process groups of running
//! handlers (`Children`), and a raw job's jid for the logs (`jid_of`). A failed run carries
//! the same choices the gem's retry hook has (OPERATIONS §7.2).

use std::collections::HashSet;
use std::io::{self, Write};
use std::process::{Child, Command};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::sched;
use crate::store::job::Job;
use crate::text::visible;

/// The error class of a handler that exited non-zero without naming one.
pub const HANDLER_FAILED: &str = "Cogctl::HandlerFailed";
/// A command stopped by `--timeout`.
pub const HANDLER_TIMEOUT: &str = "Cogctl::HandlerTimeout";
/// A command that could not be started at all (not found, not executable, …).
pub const HANDLER_NOT_STARTED: &str = "Cogctl::HandlerNotStarted";

/// The gem's limit on a stored error message (OPERATIONS §7.3 step 5).
pub(super) const MESSAGE_CHARS: usize = 10_000;

/// The gem's cap on a history entry's backtrace.
const BACKTRACE_LINES: usize = 200;

/// Where the lines handlers write go: `(jid, line)`. The line is lossy UTF-8 without its end
/// of line, and cut (ending in "…") past 40 000 bytes.
pub type Output = Arc<dyn Fn(&str, &str) + Send + Sync>;

/// The default `Output`: the worker's stderr, as `<jid> | <line>`, both escaped (a handler may
/// print whatever its job holds). The worker's stdout stays for its own report.
pub fn to_stderr() -> Output {
    Arc::new(|jid, line| {
        let _ = writeln!(io::stderr().lock(), "{} | {}", visible(jid), visible(line));
    })
}

/// What a handler sees of the job it runs.
#[derive(Debug, Clone, Copy)]
pub struct JobContext<'a> {
    /// The raw payload, exactly as fetched.
    pub payload: &'a [u8],
    pub jid: &'a str,
    pub class: &'a str,
    pub queue: &'a str,
    pub retry_count: i64,
    /// The job's args, the JSON text exactly as stored.
    pub args_json: &'a str,
    /// The worker's identity.
    pub identity: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Success,
    Failure(Failure),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub error_class: String,
    /// Valid UTF-8, at most 10 000 characters.
    pub error_message: String,
    pub decision: Decision,
    /// What the handler's result file gave as `backtrace` (at most 200 lines), for the run's
    /// history entry.
    pub backtrace: Vec<String>,
}

/// The retry hook's answer (OPERATIONS §7.2). It only matters while the job has retries
/// left: a failure past the budget is dead whatever the handler said.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    /// Retry with the gem's default backoff.
    Default,
    /// Retry after exactly this many seconds (finite, ≥ 0).
    RetryIn(f64),
    /// Dead now, even with retries left.
    Kill,
    /// Neither retry nor dead: the job just ends.
    Discard,
}

/// The process groups of running handlers, so a worker that must stop at once can TERM/KILL
/// them all.
#[derive(Debug, Default)]
pub struct Children {
    state: Mutex<ChildrenState>,
    signalled: Condvar,
}

#[derive(Debug, Default)]
struct ChildrenState {
    groups: HashSet<libc::pid_t>,
    /// The last signal sent to all. It stays: a handler started afterwards gets it at once
    /// and a built-in sleep ends, so no job outlives a stop that raced with its start.
    signal: Option<i32>,
}

impl Children {
    pub fn new() -> Children {
        Children::default()
    }

    /// Sends `sig` to the process group of every running handler, and to every handler
    /// started from now on; ends built-in sleeps. For a worker that must stop at once.
    pub fn signal_all(&self, sig: i32) {
        let mut state = self.lock();
        state.signal = Some(sig);
        for &group in &state.groups {
            signal_group(group, sig);
        }
        self.signalled.notify_all();
    }

    /// The signal `signal_all` last sent, if it was called: a handler that ended after it may
    /// have been stopped by it rather than have failed on its own.
    pub fn signalled(&self) -> Option<i32> {
        self.lock().signal
    }

    /// How many handler processes (groups) are running.
    pub fn count(&self) -> usize {
        self.lock().groups.len()
    }

    /// Spawns under the lock, so a `signal_all` either sees the new group or happened
    /// before it and is applied to it here.
    pub(super) fn spawn(&self, command: &mut Command) -> io::Result<Child> {
        let mut state = self.lock();
        // Under the ordinary scheduling policy, not the processor thread's (`sched`).
        let child = sched::as_normal(|| command.spawn())?;
        let group = child.id() as libc::pid_t;
        state.groups.insert(group);
        if let Some(sig) = state.signal {
            signal_group(group, sig);
        }
        Ok(child)
    }

    pub(super) fn forget(&self, group: libc::pid_t) {
        self.lock().groups.remove(&group);
    }

    /// Sleeps for `length`, or until `signal_all`: then returns its signal.
    pub(super) fn pause(&self, length: Duration) -> Option<i32> {
        let deadline = Instant::now().checked_add(length);
        let mut state = self.lock();
        loop {
            if let Some(sig) = state.signal {
                return Some(sig);
            }
            let wait = match deadline {
                Some(deadline) => deadline.saturating_duration_since(Instant::now()),
                None => Duration::from_secs(3600),
            };
            if wait.is_zero() {
                return None;
            }
            state = self
                .signalled
                .wait_timeout(state, wait)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    fn lock(&self) -> MutexGuard<'_, ChildrenState> {
        lock(&self.state)
    }
}

pub(super) fn signal_group(group: libc::pid_t, sig: i32) {
    // Never 0 or 1: killpg(0) would signal the worker's own group.
    if group > 1 {
        // SAFETY: killpg only sends a signal; a group that is already gone gives ESRCH.
        unsafe { libc::killpg(group, sig) };
    }
}

/// What a handler said about its failure in its result file.
#[derive(Debug, PartialEq)]
pub(super) struct Reported {
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    pub decision: Decision,
    pub backtrace: Vec<String>,
}

pub(super) fn parse_result(bytes: &[u8]) -> Result<Reported, String> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(fields) = value else {
        return Err("not a JSON object".into());
    };
    let text = |name: &str| match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(cap(text))),
        Some(other) => Err(format!("{name} is {other}, not a string")),
    };
    let error_class = text("error_class")?.map(|class| class.trim().to_owned());
    if error_class.as_deref() == Some("") {
        return Err("error_class is empty".into());
    }
    let error_message = text("error_message")?;
    let decision = match fields.get("retry") {
        None | Some(Value::Null) => Decision::Default,
        Some(retry) => retry_decision(retry).ok_or_else(|| {
            format!(
                "retry is {retry}, not \"default\", \"kill\", \"discard\" or a number of seconds ≥ 0"
            )
        })?,
    };
    let backtrace = match fields.get("backtrace") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(lines)) => lines
            .iter()
            .take(BACKTRACE_LINES)
            .map(|line| match line {
                Value::String(text) => Ok(cap(text)),
                other => Err(format!("backtrace holds {other}, not a string")),
            })
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(format!("backtrace is {other}, not an array of strings")),
    };
    Ok(Reported {
        error_class,
        error_message,
        decision,
        backtrace,
    })
}

/// A `retry` value: "default", "kill", "discard", or seconds (an integer or finite float ≥ 0).
pub(super) fn retry_decision(value: &Value) -> Option<Decision> {
    match value {
        Value::String(word) => match word.as_str() {
            "default" => Some(Decision::Default),
            "kill" => Some(Decision::Kill),
            "discard" => Some(Decision::Discard),
            _ => None,
        },
        Value::Number(number) => number
            .as_f64()
            .filter(|secs| secs.is_finite() && *secs >= 0.0)
            // -0 is a valid JSON number; the delay it means is 0.
            .map(|secs| Decision::RetryIn(secs.abs())),
        _ => None,
    }
}

pub(super) fn signal_text(sig: i32) -> String {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGUSR2 => "SIGUSR2",
        _ => return format!("signal {sig}"),
    };
    format!("signal {sig} ({name})")
}

pub(super) fn seconds_text(length: Duration) -> String {
    let secs = format!("{:.3}", length.as_secs_f64());
    format!("{}s", secs.trim_end_matches('0').trim_end_matches('.'))
}

/// A failure with only a class and a message: what a handler reports when it failed itself.
pub(super) fn plain(error_class: &str, error_message: String) -> Failure {
    Failure {
        error_class: error_class.into(),
        error_message,
        decision: Decision::Default,
        backtrace: Vec::new(),
    }
}

pub(super) fn failure(error_class: &str, error_message: String) -> Outcome {
    Outcome::Failure(plain(error_class, error_message))
}

pub(super) fn cap(text: &str) -> String {
    cap_to(text, MESSAGE_CHARS).into()
}

pub(super) fn cap_to(text: &str, chars: usize) -> &str {
    match text.char_indices().nth(chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The jid of a raw job, for logs.
pub fn jid_of(raw: &[u8]) -> String {
    Job::parse(raw)
        .ok()
        .and_then(|j| j.jid.map(|j| j.into_owned()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_files_carry_the_retry_hook_outcomes() {
        let parse = |json: &str| parse_result(json.as_bytes());
        let decision = |json: &str| parse(json).unwrap().decision;
        assert_eq!(
            parse(r#"{"error_class":" Billing::CardDeclined ","error_message":"no","retry":30}"#),
            Ok(Reported {
                error_class: Some("Billing::CardDeclined".into()),
                error_message: Some("no".into()),
                decision: Decision::RetryIn(30.0),
                backtrace: Vec::new(),
            })
        );
        assert_eq!(
            parse(r#"{"backtrace":["a.py:3 in f","b.py:9 in g"]}"#)
                .unwrap()
                .backtrace,
            ["a.py:3 in f", "b.py:9 in g"]
        );
        assert!(parse(r#"{"backtrace":"a.py:3"}"#).is_err());
        assert!(parse(r#"{"backtrace":[1]}"#).is_err());
        assert_eq!(decision("{}"), Decision::Default);
        assert_eq!(decision(r#"{"retry":null,"other":1}"#), Decision::Default);
        assert_eq!(decision(r#"{"retry":"default"}"#), Decision::Default);
        assert_eq!(decision(r#"{"retry":"kill"}"#), Decision::Kill);
        assert_eq!(decision(r#"{"retry":"discard"}"#), Decision::Discard);
        assert_eq!(decision(r#"{"retry":2.5}"#), Decision::RetryIn(2.5));
        assert_eq!(decision(r#"{"retry":0}"#), Decision::RetryIn(0.0));
        assert_eq!(decision(r#"{"retry":-0.0}"#), Decision::RetryIn(0.0));
        assert_eq!(decision(r#"{"retry":40000000}"#), Decision::RetryIn(4e7));

        assert!(parse("").unwrap_err().starts_with("not JSON: "));
        assert_eq!(parse("[1]"), Err("not a JSON object".into()));
        assert_eq!(
            parse(r#"{"retry":-1}"#),
            Err(
                r#"retry is -1, not "default", "kill", "discard" or a number of seconds ≥ 0"#
                    .into()
            )
        );
        assert!(parse(r#"{"retry":"later"}"#).is_err());
        assert!(parse(r#"{"retry":"30"}"#).is_err());
        assert!(parse(r#"{"retry":1e400}"#).is_err());
        assert_eq!(
            parse(r#"{"error_class":7}"#),
            Err("error_class is 7, not a string".into())
        );
        assert_eq!(
            parse(r#"{"error_class":" "}"#),
            Err("error_class is empty".into())
        );
    }

    #[test]
    fn messages_are_capped_at_ten_thousand_characters() {
        let long = "é".repeat(MESSAGE_CHARS + 5);
        assert_eq!(cap(&long).chars().count(), MESSAGE_CHARS);
        assert_eq!(cap("short"), "short");
        assert_eq!(cap_to("abc", 0), "");
    }

    #[test]
    fn durations_read_as_seconds() {
        assert_eq!(seconds_text(Duration::from_secs(5)), "5s");
        assert_eq!(seconds_text(Duration::from_millis(2500)), "2.5s");
        assert_eq!(seconds_text(Duration::from_millis(1)), "0.001s");
    }
}
