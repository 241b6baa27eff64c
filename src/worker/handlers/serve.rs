//! Long-running handlers (`--handler 'CLASS=serve:COMMAND'`): one process per worker thread
//! that needs it, started on first use (argv, never a shell) and kept between jobs, spoken to
//! by a line protocol. Request, one JSON line on its stdin per job:
//! `{"jid":…,"class":…,"queue":…,"retry_count":…,"identity":…,"payload":<the job as stored>}`;
//! reply, one JSON line on its stdout: `{"ok":true}`, or `{"ok":false,"error_class":…,
//! "error_message":…,"backtrace":[…],"retry":…}` (`retry` as in the result file). Anything else
//! on stdout is a protocol error: the job fails and the process is replaced. Its stderr lines
//! are logged with the jid of the job it runs.
//!
//! A process that exits mid-job fails that job (`Cogctl::HandlerExited`) and is started again
//! for the next one — after a back-off when it keeps dying before answering a single job. A
//! timeout stops its process group (TERM, KILL after the grace) and it is started again.
//! `--recycle-after N` and `--recycle-above SIZE` replace a process between jobs (the leak
//! mitigation of Celery's max-tasks/max-memory per child). At the end, each process gets EOF
//! on its stdin and the grace to exit, then TERM and KILL.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::worker::job::{
    Children, Failure, HANDLER_FAILED, HANDLER_NOT_STARTED, HANDLER_TIMEOUT, JobContext, Outcome,
    Output, Reported, lock, parse_result, plain, signal_group,
};
use crate::worker::rss::rss_kb_of;

/// A reply longer than this is a protocol error.
const REPLY_BYTES: u64 = 1 << 20;
/// The back-off before starting again a process that died before answering a job: it
/// doubles from the first to the last.
const BACKOFF_FIRST: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(30);
const POLL: Duration = Duration::from_millis(10);

pub const HANDLER_EXITED: &str = "Cogctl::HandlerExited";
pub const HANDLER_PROTOCOL: &str = "Cogctl::HandlerProtocolError";

/// When a process is replaced between jobs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Recycle {
    /// After this many jobs.
    pub after: Option<u64>,
    /// When its resident memory is above this many KB.
    pub above_kb: Option<u64>,
}

/// What reading a reply gave.
enum Line {
    Text(Vec<u8>),
    TooLong,
    Timeout,
    Closed,
}

struct Served {
    child: Child,
    group: libc::pid_t,
    stdin: Option<ChildStdin>,
    /// Read on the worker thread itself (poll, then read): no thread hop per job.
    stdout: ChildStdout,
    /// What was read past the last reply.
    pending: Vec<u8>,
    /// The jid its stderr lines are logged with.
    jid: Arc<Mutex<String>>,
    jobs: u64,
}

/// One worker thread's long-running handler processes, by command.
#[derive(Default)]
pub struct Pool {
    procs: HashMap<Vec<String>, Served>,
    /// Deaths in a row before a first answer, and when the last one was.
    deaths: HashMap<Vec<String>, (u32, Instant)>,
}

/// An event for the worker's log: (event, fields).
pub type Note = (&'static str, Vec<(&'static str, String)>);

/// The short reason a handler process was replaced, for the worker's metrics.
fn replaced_because(error_class: &str) -> &'static str {
    match error_class {
        HANDLER_EXITED => "exited",
        HANDLER_PROTOCOL => "protocol",
        HANDLER_TIMEOUT => "timeout",
        _ => "other",
    }
}

impl Pool {
    /// Run one job through the process for `argv`, starting it if needed.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        argv: &[String],
        job: &JobContext<'_>,
        timeout: Option<Duration>,
        grace: Duration,
        recycle: Recycle,
        children: &Children,
        output: Option<&Output>,
        notes: &mut Vec<Note>,
    ) -> Outcome {
        if !self.procs.contains_key(argv) {
            if let Some((n, last)) = self.deaths.get(argv) {
                let wait = BACKOFF_FIRST
                    .saturating_mul(1 << (*n - 1).min(16))
                    .min(BACKOFF_MAX)
                    .saturating_sub(last.elapsed());
                if !wait.is_zero() && children.pause(wait).is_some() {
                    return Outcome::Failure(plain(
                        HANDLER_NOT_STARTED,
                        "the worker is stopping".into(),
                    ));
                }
            }
            match start(argv, children, output) {
                Ok(served) => {
                    notes.push(("handler_started", vec![("pid", served.group.to_string())]));
                    self.procs.insert(argv.to_vec(), served);
                }
                Err(e) => {
                    self.died(argv);
                    return Outcome::Failure(plain(
                        HANDLER_NOT_STARTED,
                        format!("could not start {}: {e}", argv[0]),
                    ));
                }
            }
        }
        let served = self.procs.get_mut(argv).expect("started above");
        *lock(&served.jid) = job.jid.to_string();
        let outcome = exchange(served, job, timeout);
        match outcome {
            Exchange::Replied(outcome) => {
                served.jobs += 1;
                self.deaths.remove(argv);
                // /proc is read only when a size limit asks for it.
                let rss = recycle
                    .above_kb
                    .and_then(|max| Some((max, rss_of(served.group)?)));
                let why = match (recycle.after, rss) {
                    (Some(n), _) if served.jobs >= n => Some(("jobs", format!("after {n} jobs"))),
                    (_, Some((max, kb))) if kb > max => {
                        Some(("memory", format!("at {kb} KB resident, above {max} KB")))
                    }
                    _ => None,
                };
                if let Some((reason, why)) = why {
                    let served = self.procs.remove(argv).expect("present");
                    let pid = served.group;
                    retire(served, grace, children);
                    notes.push((
                        "handler_recycled",
                        vec![
                            ("pid", pid.to_string()),
                            ("reason", reason.to_string()),
                            ("why", why),
                        ],
                    ));
                }
                outcome
            }
            Exchange::Broken(failure) => {
                let served = self.procs.remove(argv).expect("present");
                if served.jobs == 0 {
                    self.died(argv);
                }
                let pid = served.group;
                stop(served, grace, children);
                notes.push((
                    "handler_replaced",
                    vec![
                        ("pid", pid.to_string()),
                        ("reason", replaced_because(&failure.error_class).to_string()),
                        ("why", failure.error_class.clone()),
                    ],
                ));
                Outcome::Failure(failure)
            }
        }
    }

    fn died(&mut self, argv: &[String]) {
        let entry = self
            .deaths
            .entry(argv.to_vec())
            .or_insert((0, Instant::now()));
        entry.0 += 1;
        entry.1 = Instant::now();
    }

    /// The pids of its live processes (the heartbeat reads their memory).
    pub fn pids(&self) -> Vec<libc::pid_t> {
        self.procs.values().map(|s| s.group).collect()
    }

    /// The end: each process gets EOF and `grace` to exit, then TERM, then KILL.
    pub fn close(&mut self, grace: Duration, children: &Children) {
        for (_, served) in self.procs.drain() {
            retire(served, grace, children);
        }
    }
}

enum Exchange {
    /// The handler answered (success or a failure it reported).
    Replied(Outcome),
    /// The process can't be used any more: it died, timed out or broke the protocol.
    Broken(Failure),
}

fn start(argv: &[String], children: &Children, output: Option<&Output>) -> std::io::Result<Served> {
    let (program, args) = argv.split_first().expect("a parsed command has a program");
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = children.spawn(&mut command)?;
    let group = child.id() as libc::pid_t;
    let stdin = child.stdin.take();
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let jid = Arc::new(Mutex::new(String::new()));
    let logged = Arc::clone(&jid);
    let output = output.cloned();
    std::thread::Builder::new()
        .name("serve-stderr".into())
        .spawn(move || {
            let reader = BufReader::new(stderr);
            for line in reader.split(b'\n') {
                let Ok(line) = line else { return };
                if let Some(output) = &output {
                    let jid = lock(&logged).clone();
                    output(&jid, &String::from_utf8_lossy(&line));
                }
            }
        })?;
    Ok(Served {
        child,
        group,
        stdin,
        stdout,
        pending: Vec::new(),
        jid,
        jobs: 0,
    })
}

/// The request line: the stored payload embedded as it is (a line break in a payload can only
/// be JSON whitespace, so it becomes a space).
fn request(job: &JobContext<'_>) -> Vec<u8> {
    let string = |s: &str| serde_json::to_string(s).expect("a string serialises");
    let mut line = format!(
        "{{\"jid\":{},\"class\":{},\"queue\":{},\"retry_count\":{},\"identity\":{},\"payload\":",
        string(job.jid),
        string(job.class),
        string(job.queue),
        job.retry_count,
        string(job.identity)
    )
    .into_bytes();
    line.extend(
        job.payload
            .iter()
            .map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b }),
    );
    line.extend_from_slice(b"}\n");
    line
}

fn exchange(served: &mut Served, job: &JobContext<'_>, timeout: Option<Duration>) -> Exchange {
    let written = served
        .stdin
        .as_mut()
        .map(|stdin| stdin.write_all(&request(job)).and_then(|()| stdin.flush()));
    if !matches!(written, Some(Ok(()))) {
        return Exchange::Broken(exited(served, "before it read the job"));
    }
    match read_line(served, timeout.map(|t| Instant::now() + t)) {
        Line::Text(line) => match reply(&line) {
            Ok(outcome) => Exchange::Replied(outcome),
            Err(why) => Exchange::Broken(plain(
                HANDLER_PROTOCOL,
                format!("the handler's reply is not the protocol's: {why}"),
            )),
        },
        Line::TooLong => Exchange::Broken(plain(
            HANDLER_PROTOCOL,
            format!("the handler's reply is longer than {REPLY_BYTES} bytes"),
        )),
        Line::Timeout => Exchange::Broken(plain(
            HANDLER_TIMEOUT,
            format!(
                "the job ran longer than {:?}; its handler process was stopped (it is started again for the next job)",
                timeout.unwrap_or_default()
            ),
        )),
        Line::Closed => Exchange::Broken(exited(served, "while running the job")),
    }
}

/// The next line of the handler's stdout, waiting until `deadline` at most.
fn read_line(served: &mut Served, deadline: Option<Instant>) -> Line {
    let fd = served.stdout.as_raw_fd();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        if let Some(end) = served.pending.iter().position(|&b| b == b'\n') {
            let rest = served.pending.split_off(end + 1);
            let mut line = std::mem::replace(&mut served.pending, rest);
            line.pop();
            return Line::Text(line);
        }
        if served.pending.len() as u64 > REPLY_BYTES {
            return Line::TooLong;
        }
        let wait_ms = match deadline {
            None => -1,
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Line::Timeout;
                }
                left.as_millis().clamp(1, i32::MAX as u128) as i32
            }
        };
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        let ready = unsafe { libc::poll(&mut pfd, 1, wait_ms) };
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Line::Closed;
        }
        if ready == 0 {
            continue;
        }
        match served.stdout.read(&mut chunk) {
            Ok(0) => return Line::Closed,
            Ok(n) => served.pending.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Line::Closed,
        }
    }
}

/// A reply line: `{"ok":true}`, or `{"ok":false, …}` read like a result file.
fn reply(line: &[u8]) -> Result<Outcome, String> {
    let value: serde_json::Value = serde_json::from_slice(line).map_err(|e| {
        format!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&line[..line.len().min(200)])
        )
    })?;
    match value.get("ok") {
        Some(serde_json::Value::Bool(true)) => Ok(Outcome::Success),
        Some(serde_json::Value::Bool(false)) => {
            let Reported {
                error_class,
                error_message,
                decision,
                backtrace,
            } = parse_result(line)?;
            Ok(Outcome::Failure(Failure {
                error_class: error_class.unwrap_or_else(|| HANDLER_FAILED.into()),
                error_message: error_message
                    .unwrap_or_else(|| "the handler replied ok: false".into()),
                decision,
                backtrace,
            }))
        }
        _ => Err("no \"ok\": true or false".into()),
    }
}

fn exited(served: &mut Served, when: &str) -> Failure {
    // The pipe closed: give the process a moment to be reaped for its status.
    let deadline = Instant::now() + Duration::from_millis(500);
    let status = loop {
        match served.child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(POLL),
            _ => break None,
        }
    };
    let how = match status {
        Some(s) => match (s.code(), std::os::unix::process::ExitStatusExt::signal(&s)) {
            (Some(code), _) => format!("exited with status {code}"),
            (None, Some(sig)) => format!("was killed by signal {sig}"),
            _ => "ended".into(),
        },
        None => "closed its stdout".into(),
    };
    plain(HANDLER_EXITED, format!("the handler process {how} {when}"))
}

/// Between jobs, or at the end: EOF, `grace` to exit, then TERM and KILL.
fn retire(mut served: Served, grace: Duration, children: &Children) {
    drop(served.stdin.take());
    if wait_for(&mut served.child, grace) {
        children.forget(served.group);
        return;
    }
    stop(served, grace, children);
}

/// Now: TERM to its group, KILL after `grace`.
fn stop(mut served: Served, grace: Duration, children: &Children) {
    drop(served.stdin.take());
    signal_group(served.group, libc::SIGTERM);
    if !wait_for(&mut served.child, grace) {
        signal_group(served.group, libc::SIGKILL);
        let _ = served.child.wait();
    }
    children.forget(served.group);
}

fn wait_for(child: &mut Child, length: Duration) -> bool {
    let deadline = Instant::now() + length;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => return true,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(POLL),
            Ok(None) => return false,
            Err(_) => return true,
        }
    }
}

fn rss_of(pid: libc::pid_t) -> Option<u64> {
    rss_kb_of(&pid.to_string())
}

/// `200MB`, `1.5GB`, `512KB`, `300M`: a size in KB (KB = 1024 bytes, as /proc reports RSS).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a size like 200MB or 1.5GB"))?;
    let scale = match unit.trim().to_ascii_uppercase().as_str() {
        "K" | "KB" | "KIB" => 1.0,
        "M" | "MB" | "MIB" => 1024.0,
        "G" | "GB" | "GIB" => 1024.0 * 1024.0,
        _ => return Err(format!("{text:?} needs a unit: KB, MB or GB")),
    };
    let kb = number * scale;
    if !(kb.is_finite() && kb >= 1.0) {
        return Err(format!("{text:?} is not a size like 200MB or 1.5GB"));
    }
    Ok(kb as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::job::Decision;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("200MB"), Ok(200 * 1024));
        assert_eq!(parse_size("1.5G"), Ok(1572864));
        assert_eq!(parse_size("512kb"), Ok(512));
        assert!(parse_size("200").is_err());
        assert!(parse_size("MB").is_err());
    }

    #[test]
    fn replies() {
        assert_eq!(reply(br#"{"ok":true}"#), Ok(Outcome::Success));
        let Ok(Outcome::Failure(f)) = reply(
            br#"{"ok":false,"error_class":"Card::Declined","error_message":"no","retry":"kill","backtrace":["a.py:1"]}"#,
        ) else {
            panic!("a failure");
        };
        assert_eq!(f.error_class, "Card::Declined");
        assert_eq!(f.decision, Decision::Kill);
        assert_eq!(f.backtrace, ["a.py:1"]);
        assert!(reply(b"hello").is_err());
        assert!(reply(br#"{"status":"ok"}"#).is_err());
    }

    #[test]
    fn requests_embed_the_payload_as_stored() {
        let job = JobContext {
            payload: b"{\"class\":\"A\",\n\"args\":[1.0e+20]}",
            jid: "j1",
            class: "A",
            queue: "q",
            retry_count: 2,
            args_json: "[1.0e+20]",
            identity: "w:1:ab",
        };
        assert_eq!(
            String::from_utf8(request(&job)).unwrap(),
            "{\"jid\":\"j1\",\"class\":\"A\",\"queue\":\"q\",\"retry_count\":2,\"identity\":\"w:1:ab\",\"payload\":{\"class\":\"A\", \"args\":[1.0e+20]}}\n"
        );
    }
}
