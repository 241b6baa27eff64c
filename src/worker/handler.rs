//! How `cogctl worker` runs one job: each class has a handler, either a command run directly
//! (never through a shell, so nothing from a job can reach one) or a built-in. A failed run
//! carries the same choices the gem's retry hook has (OPERATIONS §7.2). The contract a
//! handler sees is documented in docs/workers.md ("Handlers").

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, LazyLock, Mutex, MutexGuard, PoisonError};
use std::thread;

use super::http::Endpoint;
use super::serve::{Note, Pool, Recycle};
use crate::sched;
use crate::text::visible;
use std::time::{Duration, Instant};

use regex::Regex;
use serde_json::Value;

/// `--handler '*=COMMAND'`: the handler of every class without one of its own.
pub const CATCH_ALL: &str = "*";
/// The error class of a handler that exited non-zero without naming one.
pub const HANDLER_FAILED: &str = "Cogctl::HandlerFailed";
/// A command stopped by `--timeout`.
pub const HANDLER_TIMEOUT: &str = "Cogctl::HandlerTimeout";
/// A command that could not be started at all (not found, not executable, …).
pub const HANDLER_NOT_STARTED: &str = "Cogctl::HandlerNotStarted";

/// The gem's limit on a stored error message (OPERATIONS §7.3 step 5).
const MESSAGE_CHARS: usize = 10_000;
/// Bytes kept of one output line: room for MESSAGE_CHARS characters of any UTF-8.
const LINE_BYTES: usize = 4 * MESSAGE_CHARS;
/// A result file is a few fields; anything bigger is a mistake, not something to load.
const RESULT_FILE_BYTES: u64 = 1 << 20;
/// The gem's cap on a history entry's backtrace.
const BACKTRACE_LINES: usize = 200;
/// Once a handler's process group is gone its output pipes close at once; only a process
/// that left the group can hold them longer, and the job must not wait on it.
const DRAIN: Duration = Duration::from_secs(1);
/// How often to look whether a process group is gone while it has its grace period.
const POLL: Duration = Duration::from_millis(10);

/// Where the lines handlers write go: `(jid, line)`. The line is lossy UTF-8 without its end
/// of line, and cut (ending in "…") past 40 000 bytes.
pub type Output = Arc<dyn Fn(&str, &str) + Send + Sync>;

/// The handlers of a worker: class → handler, with timeouts.
pub struct Handlers {
    handlers: BTreeMap<String, Handler>,
    timeout: Option<Duration>,
    /// `None` here means the class has no timeout even when there is a default one.
    per_class: HashMap<String, Option<Duration>>,
    grace: Duration,
    output: Option<Output>,
    recycle: Recycle,
}

impl fmt::Debug for Handlers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("handlers", &self.handlers)
            .field("timeout", &self.timeout)
            .field("per_class", &self.per_class)
            .field("grace", &self.grace)
            .field("output", &self.output.is_some())
            .finish()
    }
}

/// The default `Output`: the worker's stderr, as `<jid> | <line>`, both escaped (a handler may
/// print whatever its job holds). The worker's stdout stays for its own report.
pub fn to_stderr() -> Output {
    Arc::new(|jid, line| {
        let _ = writeln!(io::stderr().lock(), "{} | {}", visible(jid), visible(line));
    })
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handler {
    /// argv: the program, then its arguments.
    Command(Vec<String>),
    /// `serve:COMMAND`: a long-running process per worker thread (see `serve`).
    Serve(Vec<String>),
    /// `http://…` or `https://…`: each job POSTed to the URL (see `http`).
    Http(Endpoint),
    Builtin(Builtin),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Noop,
    Sleep,
    Fail,
    Echo,
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

impl Handlers {
    /// From `--handler CLASS=COMMAND` specs (`COMMAND` split by shell-word rules, or
    /// `builtin:NAME`), a default timeout and per-class timeouts (`--timeout-for CLASS=SECS`),
    /// and the TERM→KILL grace. A later spec for the same class replaces an earlier one, so
    /// command-line specs can follow a config file's. A zero timeout means none.
    pub fn new(
        specs: &[String],
        timeout: Option<Duration>,
        per_class: &[String],
        grace: Duration,
    ) -> Result<Handlers, String> {
        let mut handlers = BTreeMap::new();
        for spec in specs {
            let (class, command) = split_spec(spec)
                .ok_or_else(|| format!("--handler {spec:?}: expected CLASS=COMMAND"))?;
            handlers.insert(class.to_owned(), parse_handler(class, command)?);
        }
        let mut timeouts = HashMap::new();
        for spec in per_class {
            let (class, length) = split_spec(spec)
                .ok_or_else(|| format!("--timeout-for {spec:?}: expected CLASS=DURATION"))?;
            if !handlers.contains_key(class) && !handlers.contains_key(CATCH_ALL) {
                return Err(format!(
                    "--timeout-for {spec}: there is no --handler for {class} (nor a catch-all *)"
                ));
            }
            let length = crate::duration::parse_duration(length).map_err(|e| {
                format!("--timeout-for {spec}: {e} (a duration like 30s or 5m; 0: none)")
            })?;
            timeouts.insert(class.to_owned(), (!length.is_zero()).then_some(length));
        }
        Ok(Handlers {
            handlers,
            timeout: timeout.filter(|t| !t.is_zero()),
            per_class: timeouts,
            grace,
            output: Some(to_stderr()),
            recycle: Recycle::default(),
        })
    }

    /// When long-running handler processes are replaced between jobs.
    pub fn set_recycle(&mut self, recycle: Recycle) {
        self.recycle = recycle;
    }

    /// The TERM→KILL grace.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Where handlers' stdout and stderr lines go ([`to_stderr`] unless set). With `None`,
    /// stdout is discarded and stderr only read for its last line.
    pub fn set_output(&mut self, output: Option<Output>) {
        self.output = output;
    }

    pub fn has(&self, class: &str) -> bool {
        self.get(class).is_some()
    }

    /// The classes with a handler, sorted.
    pub fn classes(&self) -> impl Iterator<Item = &str> {
        self.handlers.keys().map(String::as_str)
    }

    /// The class's own handler, else the catch-all `*` one.
    pub fn get(&self, class: &str) -> Option<&Handler> {
        self.handlers
            .get(class)
            .or_else(|| self.handlers.get(CATCH_ALL))
    }

    /// The timeout a job of this class runs under, if any (a class the catch-all runs takes
    /// the catch-all's per-class timeout).
    pub fn timeout_for(&self, class: &str) -> Option<Duration> {
        let own = if self.handlers.contains_key(class) {
            class
        } else {
            CATCH_ALL
        };
        match self
            .per_class
            .get(class)
            .or_else(|| self.per_class.get(own))
        {
            Some(timeout) => *timeout,
            None => self.timeout,
        }
    }

    /// Run one job to its end. Never panics; every way a handler can fail is an Outcome.
    /// A long-running handler is started for this job and stopped after it.
    pub fn run(&self, job: &JobContext<'_>, children: &Children) -> Outcome {
        let mut pool = Pool::default();
        let outcome = self.run_in(job, children, &mut pool, &mut Vec::new());
        pool.close(self.grace, children);
        outcome
    }

    /// Run one job, a long-running handler through the thread's `pool` (its events in
    /// `notes`, for the worker's log).
    pub fn run_in(
        &self,
        job: &JobContext<'_>,
        children: &Children,
        pool: &mut Pool,
        notes: &mut Vec<Note>,
    ) -> Outcome {
        let Some(handler) = self.get(job.class) else {
            return Outcome::Failure(missing_handler(job.class));
        };
        let timeout = self.timeout_for(job.class);
        match handler {
            Handler::Builtin(builtin) => builtin.run(job, timeout, children, self.output.as_ref()),
            Handler::Command(argv) => self.run_command(argv, job, timeout, children),
            Handler::Serve(argv) => pool.run(
                argv,
                job,
                timeout,
                self.grace,
                self.recycle,
                children,
                self.output.as_ref(),
                notes,
            ),
            Handler::Http(endpoint) => endpoint.run(job, timeout, children),
        }
    }

    fn run_command(
        &self,
        argv: &[String],
        job: &JobContext<'_>,
        timeout: Option<Duration>,
        children: &Children,
    ) -> Outcome {
        let Some((program, args)) = argv.split_first() else {
            return failure(HANDLER_NOT_STARTED, "the handler's command is empty".into());
        };
        // A private (0700) directory per job: the handler may write its result file there and
        // nothing else can, and it goes away with everything in it when the job ends.
        let dir = match tempfile::Builder::new().prefix("cogctl-job-").tempdir() {
            Ok(dir) => dir,
            Err(e) => {
                return failure(
                    HANDLER_NOT_STARTED,
                    format!("could not create a directory for the result file: {e}"),
                );
            }
        };
        let result_file = dir.path().join("result.json");
        let mut command = Command::new(program);
        command
            .args(args)
            .env("COGCTL_JID", job.jid)
            .env("COGCTL_CLASS", job.class)
            .env("COGCTL_QUEUE", job.queue)
            .env("COGCTL_RETRY_COUNT", job.retry_count.to_string())
            .env("COGCTL_ARGS", job.args_json)
            .env("COGCTL_IDENTITY", job.identity)
            .env("COGCTL_RESULT_FILE", &result_file)
            .stdin(Stdio::piped())
            .stdout(if self.output.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = match children.spawn(&mut command) {
            Ok(child) => child,
            Err(e) => {
                return failure(
                    HANDLER_NOT_STARTED,
                    format!("could not start {program}: {e}"),
                );
            }
        };
        // process_group(0) makes the child the leader of a new group whose id is its pid.
        let group = child.id() as libc::pid_t;
        let last_line = Arc::new(Mutex::new(Vec::new()));
        let (drained, pipes_closed) = mpsc::channel();
        let timer = match self.start_io(&mut child, job, &last_line, drained, group, timeout) {
            Ok(timer) => timer,
            Err(e) => {
                signal_group(group, libc::SIGKILL);
                let _ = child.wait();
                children.forget(group);
                return failure(
                    HANDLER_NOT_STARTED,
                    format!("could not start a thread to run {program}: {e}"),
                );
            }
        };
        let status = child.wait();
        let escalation = timer.map(Timer::stop).unwrap_or_default();
        clear_group(group, &escalation, self.grace);
        children.forget(group);
        // The readers finish once the pipes close: only then is the last stderr line known.
        let deadline = Instant::now() + DRAIN;
        while pipes_closed
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .is_ok()
        {}

        if let (Some(timeout), Some(_)) = (timeout, escalation.termed_at) {
            return failure(
                HANDLER_TIMEOUT,
                timeout_message(timeout, &escalation, self.grace),
            );
        }
        let status = match status {
            Ok(status) if status.success() => return Outcome::Success,
            Ok(status) => status,
            Err(e) => {
                return failure(HANDLER_FAILED, format!("could not wait for {program}: {e}"));
            }
        };
        let line = lock(&last_line).clone();
        let line = String::from_utf8_lossy(&line);
        let (error_class, error_message) = from_stderr(line.trim(), status);
        Outcome::Failure(match read_result(&result_file) {
            None => Failure {
                error_class,
                error_message,
                decision: Decision::Default,
                backtrace: Vec::new(),
            },
            Some(Ok(result)) => Failure {
                error_class: result.error_class.unwrap_or(error_class),
                error_message: result.error_message.unwrap_or(error_message),
                decision: result.decision,
                backtrace: result.backtrace,
            },
            Some(Err(why)) => {
                let note = format!(" (the result file was unreadable: {why})");
                let room = MESSAGE_CHARS.saturating_sub(note.chars().count());
                Failure {
                    error_class,
                    error_message: cap(&format!("{}{note}", cap_to(&error_message, room))),
                    decision: Decision::Default,
                    backtrace: Vec::new(),
                }
            }
        })
    }

    /// Feeds stdin, reads stdout and stderr, and starts the timer: each on its own thread, so
    /// a handler that doesn't read its stdin or floods its output can't block the others.
    fn start_io(
        &self,
        child: &mut Child,
        job: &JobContext<'_>,
        last_line: &Arc<Mutex<Vec<u8>>>,
        drained: Sender<()>,
        group: libc::pid_t,
        timeout: Option<Duration>,
    ) -> io::Result<Option<Timer>> {
        if let Some(mut stdin) = child.stdin.take() {
            let payload = job.payload.to_vec();
            // A handler may exit without reading its stdin: the broken pipe is expected.
            helper(move || drop(stdin.write_all(&payload)))?;
        }
        if let Some(stderr) = child.stderr.take() {
            let lines = Lines {
                jid: job.jid.to_owned(),
                output: self.output.clone(),
                last: Some(Arc::clone(last_line)),
            };
            let drained = drained.clone();
            helper(move || lines.read(stderr, drained))?;
        }
        if let Some(stdout) = child.stdout.take() {
            let lines = Lines {
                jid: job.jid.to_owned(),
                output: self.output.clone(),
                last: None,
            };
            helper(move || lines.read(stdout, drained))?;
        }
        timeout
            .map(|timeout| Timer::start(group, timeout, self.grace))
            .transpose()
    }
}

impl fmt::Display for Handler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Handler::Command(argv) => f.write_str(&shell_words::join(argv)),
            Handler::Serve(argv) => write!(f, "serve:{}", shell_words::join(argv)),
            Handler::Http(endpoint) => write!(f, "{endpoint}"),
            Handler::Builtin(builtin) => write!(f, "builtin:{}", builtin.name()),
        }
    }
}

impl Builtin {
    const ALL: [Builtin; 4] = [Builtin::Noop, Builtin::Sleep, Builtin::Fail, Builtin::Echo];

    pub fn name(self) -> &'static str {
        match self {
            Builtin::Noop => "noop",
            Builtin::Sleep => "sleep",
            Builtin::Fail => "fail",
            Builtin::Echo => "echo",
        }
    }

    fn run(
        self,
        job: &JobContext<'_>,
        timeout: Option<Duration>,
        children: &Children,
        output: Option<&Output>,
    ) -> Outcome {
        let args: Vec<Value> = serde_json::from_str(job.args_json).unwrap_or_default();
        match self {
            Builtin::Noop => Outcome::Success,
            Builtin::Echo => {
                let line = format!("builtin:echo class={} args={}", job.class, job.args_json);
                match output {
                    Some(output) => output(job.jid, &line),
                    None => to_stderr()(job.jid, &line),
                }
                Outcome::Success
            }
            Builtin::Fail => Outcome::Failure(Failure {
                error_class: "RuntimeError".into(),
                error_message: args
                    .first()
                    .and_then(Value::as_str)
                    .map_or_else(|| "builtin:fail".into(), cap),
                decision: args
                    .get(1)
                    .and_then(retry_decision)
                    .unwrap_or(Decision::Default),
                backtrace: Vec::new(),
            }),
            Builtin::Sleep => sleep(args.first(), timeout, children),
        }
    }
}

fn sleep(seconds: Option<&Value>, timeout: Option<Duration>, children: &Children) -> Outcome {
    let Some(wanted) = seconds
        .and_then(Value::as_f64)
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
    else {
        let got = seconds.map_or_else(|| "nothing".into(), Value::to_string);
        return failure(
            "ArgumentError",
            cap(&format!(
                "builtin:sleep takes a number of seconds ≥ 0 as its first argument, got {got}"
            )),
        );
    };
    let limit = timeout.map_or(wanted, |timeout| timeout.min(wanted));
    if let Some(sig) = children.pause(limit) {
        return failure(HANDLER_FAILED, format!("killed by {}", signal_text(sig)));
    }
    match timeout {
        Some(timeout) if timeout < wanted => failure(
            HANDLER_TIMEOUT,
            format!("timed out after {}", seconds_text(timeout)),
        ),
        _ => Outcome::Success,
    }
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

/// What the timeout did to a handler.
#[derive(Debug, Default)]
struct Escalation {
    termed_at: Option<Instant>,
    killed: bool,
}

/// Enforces a timeout while the worker's thread waits for the handler: TERM to the group,
/// then KILL after the grace.
struct Timer {
    stop: Sender<()>,
    thread: thread::JoinHandle<Escalation>,
}

impl Timer {
    fn start(group: libc::pid_t, timeout: Duration, grace: Duration) -> io::Result<Timer> {
        let (stop, stopped) = mpsc::channel();
        let thread = helper(move || escalate(group, timeout, grace, &stopped))?;
        Ok(Timer { stop, thread })
    }

    fn stop(self) -> Escalation {
        let _ = self.stop.send(());
        self.thread.join().unwrap_or_default()
    }
}

fn escalate(
    group: libc::pid_t,
    timeout: Duration,
    grace: Duration,
    stopped: &Receiver<()>,
) -> Escalation {
    let mut escalation = Escalation::default();
    if !matches!(
        stopped.recv_timeout(timeout),
        Err(RecvTimeoutError::Timeout)
    ) {
        return escalation;
    }
    signal_group(group, libc::SIGTERM);
    escalation.termed_at = Some(Instant::now());
    if !matches!(stopped.recv_timeout(grace), Err(RecvTimeoutError::Timeout)) {
        return escalation;
    }
    signal_group(group, libc::SIGKILL);
    escalation.killed = true;
    escalation
}

/// Once the handler itself has exited, whatever it left running in its group ends with the
/// job: TERM, then KILL when it is still there after the grace (counted from the timeout's
/// TERM, if there was one).
fn clear_group(group: libc::pid_t, escalation: &Escalation, grace: Duration) {
    if !group_exists(group) {
        return;
    }
    if !escalation.killed {
        let termed_at = escalation.termed_at.unwrap_or_else(|| {
            signal_group(group, libc::SIGTERM);
            Instant::now()
        });
        let deadline = termed_at + grace;
        while Instant::now() < deadline {
            if !group_exists(group) {
                return;
            }
            thread::sleep(POLL.min(deadline.saturating_duration_since(Instant::now())));
        }
    }
    signal_group(group, libc::SIGKILL);
}

pub(super) fn signal_group(group: libc::pid_t, sig: i32) {
    // Never 0 or 1: killpg(0) would signal the worker's own group.
    if group > 1 {
        // SAFETY: killpg only sends a signal; a group that is already gone gives ESRCH.
        unsafe { libc::killpg(group, sig) };
    }
}

fn group_exists(group: libc::pid_t) -> bool {
    if group <= 1 {
        return false;
    }
    // SAFETY: signal 0 only checks that the group exists and may be signalled.
    let found = unsafe { libc::kill(-group, 0) } == 0;
    found || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Splits a handler's output into lines: forwards them, and keeps the last non-blank one.
struct Lines {
    jid: String,
    output: Option<Output>,
    last: Option<Arc<Mutex<Vec<u8>>>>,
}

impl Lines {
    fn read(self, mut pipe: impl Read, drained: Sender<()>) {
        let mut buf = [0u8; 8192];
        let mut line = Vec::new();
        let mut cut = false;
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let mut rest = &buf[..n];
            while let Some(end) = rest.iter().position(|&b| b == b'\n') {
                cut |= keep(&mut line, &rest[..end]);
                self.finish(&mut line, cut);
                cut = false;
                rest = &rest[end + 1..];
            }
            cut |= keep(&mut line, rest);
        }
        if !line.is_empty() {
            self.finish(&mut line, cut);
        }
        let _ = drained.send(());
    }

    fn finish(&self, line: &mut Vec<u8>, cut: bool) {
        let text = line.trim_ascii_end();
        if let Some(output) = &self.output {
            let more = if cut { "…" } else { "" };
            output(
                &self.jid,
                &format!("{}{more}", String::from_utf8_lossy(text)),
            );
        }
        if let Some(last) = &self.last
            && !text.trim_ascii_start().is_empty()
        {
            *lock(last) = text.to_vec();
        }
        line.clear();
    }
}

/// Appends up to LINE_BYTES; says whether anything was dropped.
fn keep(line: &mut Vec<u8>, bytes: &[u8]) -> bool {
    let room = LINE_BYTES.saturating_sub(line.len());
    line.extend_from_slice(&bytes[..bytes.len().min(room)]);
    bytes.len() > room
}

/// What a handler said about its failure in its result file.
#[derive(Debug, PartialEq)]
pub(super) struct Reported {
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    pub decision: Decision,
    pub backtrace: Vec<String>,
}

/// `None` when the handler wrote no result file.
fn read_result(path: &Path) -> Option<Result<Reported, String>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
        Err(e) => return Some(Err(e.to_string())),
    };
    let mut bytes = Vec::new();
    if let Err(e) = file.take(RESULT_FILE_BYTES + 1).read_to_end(&mut bytes) {
        return Some(Err(e.to_string()));
    }
    if bytes.len() as u64 > RESULT_FILE_BYTES {
        return Some(Err("larger than 1 MiB".into()));
    }
    Some(parse_result(&bytes))
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
fn retry_decision(value: &Value) -> Option<Decision> {
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

/// A Ruby-style exception line: `Net::ReadTimeout: upstream slow` (Python's `ValueError: …`
/// reads the same way).
static EXCEPTION_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*): (.*\S)$")
        .expect("a valid regular expression")
});

/// The error class and message from the handler's last stderr line (trimmed, maybe empty).
fn from_stderr(line: &str, status: ExitStatus) -> (String, String) {
    if line.is_empty() {
        return (HANDLER_FAILED.into(), status_text(status));
    }
    match EXCEPTION_LINE.captures(line) {
        Some(parts) => (cap(&parts[1]), cap(&parts[2])),
        None => (HANDLER_FAILED.into(), cap(line)),
    }
}

fn status_text(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(sig)) => format!("killed by {}", signal_text(sig)),
        (None, None) => format!("ended with {status}"),
    }
}

fn signal_text(sig: i32) -> String {
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

fn timeout_message(timeout: Duration, escalation: &Escalation, grace: Duration) -> String {
    let then = if escalation.killed {
        format!(", then KILL after a {} grace", seconds_text(grace))
    } else {
        String::new()
    };
    format!(
        "timed out after {}: the handler's process group got TERM{then}",
        seconds_text(timeout)
    )
}

fn seconds_text(length: Duration) -> String {
    let secs = format!("{:.3}", length.as_secs_f64());
    format!("{}s", secs.trim_end_matches('0').trim_end_matches('.'))
}

fn missing_handler(class: &str) -> Failure {
    Failure {
        error_class: "NameError".into(),
        error_message: cap(&format!(
            "uninitialized constant {class} (cogctl worker has no handler for {class}: \
             add --handler {class}=COMMAND)"
        )),
        decision: Decision::Default,
        backtrace: Vec::new(),
    }
}

fn failure(error_class: &str, error_message: String) -> Outcome {
    Outcome::Failure(Failure {
        error_class: error_class.into(),
        error_message,
        decision: Decision::Default,
        backtrace: Vec::new(),
    })
}

fn cap(text: &str) -> String {
    cap_to(text, MESSAGE_CHARS).into()
}

fn cap_to(text: &str, chars: usize) -> &str {
    match text.char_indices().nth(chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

fn split_spec(spec: &str) -> Option<(&str, &str)> {
    let (class, rest) = spec.split_once('=')?;
    let class = class.trim();
    (!class.is_empty()).then_some((class, rest))
}

fn parse_handler(class: &str, command: &str) -> Result<Handler, String> {
    let url = command.trim();
    if url.starts_with("http://") || url.starts_with("https://") {
        // The error names the URL without its password.
        return Endpoint::parse(url)
            .map(Handler::Http)
            .map_err(|e| format!("--handler {class}=…: {e}"));
    }
    if let Some(serve) = command.strip_prefix("serve:") {
        let argv =
            shell_words::split(serve).map_err(|e| format!("--handler {class}={command}: {e}"))?;
        if argv.is_empty() {
            return Err(format!("--handler {class}={command}: the command is empty"));
        }
        return Ok(Handler::Serve(argv));
    }
    let argv =
        shell_words::split(command).map_err(|e| format!("--handler {class}={command}: {e}"))?;
    let Some(first) = argv.first() else {
        return Err(format!("--handler {class}={command}: the command is empty"));
    };
    let Some(name) = first.strip_prefix("builtin:") else {
        return Ok(Handler::Command(argv));
    };
    let builtin = Builtin::ALL
        .into_iter()
        .find(|builtin| builtin.name() == name)
        .ok_or_else(|| {
            format!(
                "--handler {class}={command}: there is no built-in {first:?} \
                 (builtin:noop, builtin:sleep, builtin:fail, builtin:echo)"
            )
        })?;
    if argv.len() > 1 {
        return Err(format!(
            "--handler {class}={command}: a built-in takes no arguments (it reads the job's args)"
        ));
    }
    Ok(Handler::Builtin(builtin))
}

/// Seconds ≥ 0; zero means no timeout.
fn helper<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<thread::JoinHandle<T>> {
    thread::Builder::new()
        .name("cogctl-handler".into())
        .spawn(work)
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(specs: &[&str]) -> Vec<String> {
        specs.iter().map(|spec| spec.to_string()).collect()
    }

    fn handlers(list: &[&str]) -> Result<Handlers, String> {
        Handlers::new(&specs(list), None, &[], Duration::from_secs(5))
    }

    #[test]
    fn commands_are_split_by_shell_word_rules() {
        let handlers = handlers(&[
            r#"Billing::InvoiceJob=python3 /opt/jobs/invoice.py --mode "full run" 'a $b'"#,
            "Ping = builtin:noop",
        ])
        .unwrap();
        assert_eq!(
            handlers.get("Billing::InvoiceJob"),
            Some(&Handler::Command(specs(&[
                "python3",
                "/opt/jobs/invoice.py",
                "--mode",
                "full run",
                "a $b"
            ])))
        );
        assert_eq!(handlers.get("Ping"), Some(&Handler::Builtin(Builtin::Noop)));
        assert!(handlers.has("Ping") && !handlers.has("Pong"));
        assert_eq!(
            handlers.classes().collect::<Vec<_>>(),
            ["Billing::InvoiceJob", "Ping"]
        );
        assert_eq!(
            handlers.get("Billing::InvoiceJob").unwrap().to_string(),
            "python3 /opt/jobs/invoice.py --mode 'full run' 'a $b'"
        );
    }

    #[test]
    fn a_later_spec_for_a_class_replaces_an_earlier_one() {
        let handlers = handlers(&["A=builtin:noop", "A=builtin:fail"]).unwrap();
        assert_eq!(handlers.get("A"), Some(&Handler::Builtin(Builtin::Fail)));
    }

    #[test]
    fn bad_specs_are_refused_with_a_clear_message() {
        let error = |spec: &str| handlers(&[spec]).unwrap_err();
        assert_eq!(
            error("Billing::InvoiceJob"),
            r#"--handler "Billing::InvoiceJob": expected CLASS=COMMAND"#
        );
        assert_eq!(
            error("=true"),
            r#"--handler "=true": expected CLASS=COMMAND"#
        );
        assert_eq!(error("A=  "), "--handler A=  : the command is empty");
        assert_eq!(
            error("A=echo 'oops"),
            "--handler A=echo 'oops: missing closing quote"
        );
        assert_eq!(
            error("A=builtin:nope"),
            "--handler A=builtin:nope: there is no built-in \"builtin:nope\" \
             (builtin:noop, builtin:sleep, builtin:fail, builtin:echo)"
        );
        assert_eq!(
            error("A=builtin:sleep 5"),
            "--handler A=builtin:sleep 5: a built-in takes no arguments (it reads the job's args)"
        );
    }

    #[test]
    fn per_class_timeouts_override_the_default() {
        let grace = Duration::from_secs(5);
        let classes = specs(&["A=builtin:noop", "B=builtin:noop", "C=builtin:noop"]);
        let handlers = Handlers::new(
            &classes,
            Some(Duration::from_secs(60)),
            &specs(&["B=2.5", "C=0"]),
            grace,
        )
        .unwrap();
        assert_eq!(handlers.timeout_for("A"), Some(Duration::from_secs(60)));
        assert_eq!(handlers.timeout_for("B"), Some(Duration::from_millis(2500)));
        assert_eq!(handlers.timeout_for("C"), None);
        let none = Handlers::new(&classes, Some(Duration::ZERO), &[], grace).unwrap();
        assert_eq!(none.timeout_for("A"), None);
        // Durations as elsewhere; a class only the catch-all runs may have its own.
        let star = Handlers::new(
            &specs(&["*=builtin:noop"]),
            None,
            &specs(&["Slow=5m"]),
            grace,
        )
        .unwrap();
        assert_eq!(star.timeout_for("Slow"), Some(Duration::from_secs(300)));
        assert_eq!(star.timeout_for("Other"), None);

        let error = |spec: &str| Handlers::new(&classes, None, &specs(&[spec]), grace).unwrap_err();
        assert_eq!(error("A"), r#"--timeout-for "A": expected CLASS=DURATION"#);
        assert_eq!(
            error("Z=5"),
            "--timeout-for Z=5: there is no --handler for Z (nor a catch-all *)"
        );
        for bad in ["A=-1", "A=soon", "A=inf", "A=NaN", "A=1e300"] {
            assert!(
                error(bad).starts_with(&format!("--timeout-for {bad}: ")),
                "{}",
                error(bad)
            );
        }
    }

    #[test]
    fn a_ruby_style_last_stderr_line_gives_the_error_class() {
        let status = ExitStatus::from_raw(1 << 8);
        let parse = |line: &str| from_stderr(line, status);
        assert_eq!(
            parse("Net::ReadTimeout: upstream slow"),
            ("Net::ReadTimeout".into(), "upstream slow".into())
        );
        assert_eq!(
            parse("ValueError: bad: input"),
            ("ValueError".into(), "bad: input".into())
        );
        for plain in [
            "disk full",
            "error: lowercase",
            "Net::: x",
            "Some Thing: x",
            "Oops:",
        ] {
            assert_eq!(parse(plain), (HANDLER_FAILED.into(), plain.into()));
        }
        assert_eq!(
            parse(""),
            (HANDLER_FAILED.into(), "exited with status 1".into())
        );
        assert_eq!(
            from_stderr("", ExitStatus::from_raw(libc::SIGKILL)),
            (HANDLER_FAILED.into(), "killed by signal 9 (SIGKILL)".into())
        );
        assert_eq!(
            from_stderr("", ExitStatus::from_raw(libc::SIGRTMIN() + 1)),
            (
                HANDLER_FAILED.into(),
                format!("killed by signal {}", libc::SIGRTMIN() + 1)
            )
        );
    }

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
    fn a_long_line_is_kept_up_to_its_limit() {
        let mut line = Vec::new();
        assert!(!keep(&mut line, &[b'x'; LINE_BYTES - 1]));
        assert!(keep(&mut line, b"yz"));
        assert_eq!(line.len(), LINE_BYTES);
        assert!(keep(&mut line, b"more"));
        assert_eq!(line.len(), LINE_BYTES);
    }

    #[test]
    fn durations_read_as_seconds() {
        assert_eq!(seconds_text(Duration::from_secs(5)), "5s");
        assert_eq!(seconds_text(Duration::from_millis(2500)), "2.5s");
        assert_eq!(seconds_text(Duration::from_millis(1)), "0.001s");
    }

    #[test]
    fn the_missing_handler_error_names_it() {
        assert_eq!(
            missing_handler("Reports::Nightly"),
            Failure {
                error_class: "NameError".into(),
                error_message: "uninitialized constant Reports::Nightly (cogctl worker has no \
                                handler for Reports::Nightly: add --handler \
                                Reports::Nightly=COMMAND)"
                    .into(),
                decision: Decision::Default,
                backtrace: Vec::new(),
            }
        );
    }

    #[test]
    fn the_own_process_group_is_never_signalled() {
        assert!(!group_exists(0));
        assert!(!group_exists(1));
    }
}
