//! Command handlers (`--handler CLASS=COMMAND`): a program run for each job, as argv, never
//! through a shell, so nothing from a job can reach one. The job comes on its stdin and in
//! `COGCTL_*` variables; a failure is described by its last stderr line or its result file;
//! a timeout stops its process group (TERM, then KILL after the grace).

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, LazyLock, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use regex::Regex;

use crate::worker::job::{
    Children, Decision, Failure, HANDLER_FAILED, HANDLER_NOT_STARTED, HANDLER_TIMEOUT, JobContext,
    MESSAGE_CHARS, Outcome, Output, Reported, cap, cap_to, failure, lock, parse_result,
    seconds_text, signal_group, signal_text,
};

/// Bytes kept of one output line: room for MESSAGE_CHARS characters of any UTF-8.
const LINE_BYTES: usize = 4 * MESSAGE_CHARS;

/// A result file is a few fields; anything bigger is a mistake, not something to load.
const RESULT_FILE_BYTES: u64 = 1 << 20;

/// Once a handler's process group is gone its output pipes close at once; only a process
/// that left the group can hold them longer, and the job must not wait on it.
const DRAIN: Duration = Duration::from_secs(1);
/// How often to look whether a process group is gone while it has its grace period.
const POLL: Duration = Duration::from_millis(10);

/// How a command handler runs: where its output lines go, and the TERM→KILL grace.
pub(super) struct Runner<'a> {
    pub output: &'a Option<Output>,
    pub grace: Duration,
}

impl Runner<'_> {
    pub(super) fn run_command(
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
        // nothing else can, and it goes away with everything in it when the job ends. Its name
        // carries this worker's pid: one left by a kill is removed by the next worker to start.
        let prefix = crate::worker::leftovers::job_dir_prefix();
        let dir = match tempfile::Builder::new().prefix(&prefix).tempdir() {
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

/// Seconds ≥ 0; zero means no timeout.
fn helper<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<thread::JoinHandle<T>> {
    thread::Builder::new()
        .name("cogctl-handler".into())
        .spawn(work)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_long_line_is_kept_up_to_its_limit() {
        let mut line = Vec::new();
        assert!(!keep(&mut line, &[b'x'; LINE_BYTES - 1]));
        assert!(keep(&mut line, b"yz"));
        assert_eq!(line.len(), LINE_BYTES);
        assert!(keep(&mut line, b"more"));
        assert_eq!(line.len(), LINE_BYTES);
    }

    #[test]
    fn the_own_process_group_is_never_signalled() {
        assert!(!group_exists(0));
        assert!(!group_exists(1));
    }
}
