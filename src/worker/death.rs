//! Death hooks, the gem 0.7 way (its DeathNotifier, OPERATIONS §7.7): commands run when a job
//! dies for good — it was just written to `cogworker:dead` by this process's own atomic write
//! (one that returned 1), and acknowledged. The class's own hooks run first (`--on-death-for
//! CLASS=COMMAND`, only when this process has a handler for the class, as the gem runs
//! `cogworker_retries_exhausted` only for a class it can load), then the global ones
//! (`--on-death`), in order.
//!
//! Each hook is run directly (argv split by shell-word rules, never through a shell) in a
//! process group of its own, with the dead entry exactly as stored on stdin and the job's
//! fields in its environment; one that runs past the timeout has its whole group killed. A
//! hook that fails is reported and doesn't stop the others. A worker queues deaths for one
//! thread of its own ([`Queue`]), so a slow or hanging hook never holds up a job, a beat or an
//! orphan pass; `cogctl reconcile --on-death` runs them in line.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::store::job::Job;

/// The default `--on-death-timeout`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Bytes of a hook's stderr kept for its failure message.
const STDERR_KEPT: usize = 4096;
/// Once a hook has exited, how long to wait for its stderr to close (a process it left
/// behind may hold it).
const DRAIN: Duration = Duration::from_secs(1);
/// Deaths a worker's processors may queue before they wait for the hook thread to catch up.
const QUEUE_LIMIT: usize = 1000;

/// Why a job died, as its hooks see it in `COGCTL_DEATH_REASON`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Out of retries, or `retry: false`/0.
    Exhausted,
    /// The handler said `"kill"`.
    Killed,
    /// Buried by orphan recovery: orphaned more than max_orphanings times.
    Orphaned,
    /// A failure that couldn't be recorded at once, filed later (interrupt path, a settlement
    /// owed, an unsettled record).
    Filed,
    /// A class this process has no handler for.
    NoHandler,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Exhausted => "exhausted",
            Reason::Killed => "killed",
            Reason::Orphaned => "orphaned",
            Reason::Filed => "filed",
            Reason::NoHandler => "no_handler",
        }
    }
}

/// One job that died for good.
#[derive(Clone, Debug, PartialEq)]
pub struct Death {
    /// The dead entry, byte for byte as it was written to `cogworker:dead`.
    pub entry: Vec<u8>,
    pub reason: Reason,
    /// Whether the class's own hooks run (false: this process has no handler for it).
    pub class_hooks: bool,
}

impl Death {
    /// The job's fields the hooks get in their environment (empty when absent).
    pub fn fields(&self) -> Fields {
        let job = Job::parse(&self.entry).ok();
        let get = |f: fn(&Job<'_>) -> Option<String>| job.as_ref().and_then(f).unwrap_or_default();
        Fields {
            jid: get(|j| j.jid.as_deref().map(str::to_owned)),
            class: get(|j| j.class.as_deref().map(str::to_owned)),
            queue: get(|j| j.queue.as_deref().map(str::to_owned)),
            error_class: get(|j| j.error_class.as_deref().map(str::to_owned)),
            error_message: get(|j| j.error_message.as_deref().map(str::to_owned)),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields {
    pub jid: String,
    pub class: String,
    pub queue: String,
    pub error_class: String,
    pub error_message: String,
}

/// How one hook run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum HookOutcome {
    Ok,
    /// It could not start, or exited non-zero (why, with its last stderr line).
    Failed(String),
    /// It ran past the timeout: its process group was killed.
    TimedOut,
}

impl HookOutcome {
    pub fn name(&self) -> &'static str {
        match self {
            HookOutcome::Ok => "ok",
            HookOutcome::Failed(_) => "failed",
            HookOutcome::TimedOut => "timeout",
        }
    }
}

/// One hook run: the command (as shell words) and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct HookRun {
    pub command: String,
    pub outcome: HookOutcome,
}

/// The configured hooks.
#[derive(Clone, Debug, Default)]
pub struct DeathHooks {
    global: Vec<Vec<String>>,
    per_class: Vec<(String, Vec<String>)>,
    timeout: Duration,
}

impl DeathHooks {
    /// From `--on-death COMMAND` and `--on-death-for CLASS=COMMAND` specs (each command split
    /// by shell-word rules), and the timeout of one hook run.
    pub fn new(
        global: &[String],
        per_class: &[String],
        timeout: Duration,
    ) -> Result<DeathHooks, String> {
        let argv = |flag: &str, spec: &str, command: &str| {
            let argv = shell_words::split(command).map_err(|e| format!("{flag} {spec}: {e}"))?;
            if argv.is_empty() {
                return Err(format!("{flag} {spec:?}: the command is empty"));
            }
            Ok(argv)
        };
        let mut hooks = DeathHooks {
            global: Vec::new(),
            per_class: Vec::new(),
            timeout,
        };
        for spec in global {
            hooks.global.push(argv("--on-death", spec, spec)?);
        }
        for spec in per_class {
            let (class, command) = spec
                .split_once('=')
                .map(|(c, command)| (c.trim(), command))
                .filter(|(c, _)| !c.is_empty())
                .ok_or_else(|| format!("--on-death-for {spec:?}: expected CLASS=COMMAND"))?;
            hooks
                .per_class
                .push((class.to_string(), argv("--on-death-for", spec, command)?));
        }
        if timeout.is_zero() {
            return Err("--on-death-timeout must be more than 0".into());
        }
        Ok(hooks)
    }

    /// How long one hook may run.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    pub fn is_empty(&self) -> bool {
        self.global.is_empty() && self.per_class.is_empty()
    }

    /// The hooks of a death of `class`, in the order they run.
    fn commands(&self, class: &str, class_hooks: bool) -> Vec<&[String]> {
        let own = self
            .per_class
            .iter()
            .filter(|(c, _)| class_hooks && c == class)
            .map(|(_, argv)| argv.as_slice());
        own.chain(self.global.iter().map(Vec::as_slice)).collect()
    }

    /// Run the hooks of `death`, one after another; `each` hears how each ended, as it ends.
    pub fn run(&self, death: &Death, mut each: impl FnMut(&Fields, &HookRun)) {
        let fields = death.fields();
        for argv in self.commands(&fields.class, death.class_hooks) {
            let outcome = run_one(argv, death, &fields, self.timeout);
            each(
                &fields,
                &HookRun {
                    command: shell_words::join(argv),
                    outcome,
                },
            );
        }
    }
}

fn env_value(text: &str) -> String {
    // An environment value can't hold a NUL.
    text.replace('\0', "\\x00")
}

fn run_one(argv: &[String], death: &Death, fields: &Fields, timeout: Duration) -> HookOutcome {
    let (program, args) = argv.split_first().expect("a hook's argv is never empty");
    let mut command = Command::new(program);
    command
        .args(args)
        .env("COGCTL_JID", env_value(&fields.jid))
        .env("COGCTL_CLASS", env_value(&fields.class))
        .env("COGCTL_QUEUE", env_value(&fields.queue))
        .env("COGCTL_ERROR_CLASS", env_value(&fields.error_class))
        .env("COGCTL_ERROR_MESSAGE", env_value(&fields.error_message))
        .env("COGCTL_DEATH_REASON", death.reason.name())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => return HookOutcome::Failed(format!("could not start {program}: {e}")),
    };
    // process_group(0) makes the child the leader of a new group whose id is its pid.
    let group = child.id() as libc::pid_t;
    if let Some(mut stdin) = child.stdin.take() {
        let entry = death.entry.clone();
        // A hook may exit without reading its stdin: the broken pipe is expected.
        let _ = std::thread::Builder::new()
            .name("death-hook-stdin".into())
            .spawn(move || drop(stdin.write_all(&entry)));
    }
    let (tail_tx, tail_rx) = mpsc::channel();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = std::thread::Builder::new()
            .name("death-hook-stderr".into())
            .spawn(move || {
                let mut kept: Vec<u8> = Vec::new();
                let mut buf = [0u8; 4096];
                while let Ok(n) = stderr.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    kept.extend_from_slice(&buf[..n]);
                    if kept.len() > STDERR_KEPT {
                        kept.drain(..kept.len() - STDERR_KEPT);
                    }
                }
                let _ = tail_tx.send(kept);
            });
    }
    let started = Instant::now();
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => {
                kill_group(group);
                let _ = child.wait();
                return HookOutcome::Failed(format!("could not wait for {program}: {e}"));
            }
        }
        if started.elapsed() >= timeout {
            kill_group(group);
            let _ = child.wait();
            return HookOutcome::TimedOut;
        }
        std::thread::sleep(pause.min(timeout.saturating_sub(started.elapsed())));
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    if status.success() {
        return HookOutcome::Ok;
    }
    let tail = tail_rx.recv_timeout(DRAIN).unwrap_or_default();
    let tail = String::from_utf8_lossy(&tail);
    let last = tail
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let how = match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(sig)) => format!("was killed by signal {sig}"),
        _ => "failed".to_string(),
    };
    HookOutcome::Failed(if last.is_empty() {
        how
    } else {
        format!("{how}: {}", last.trim())
    })
}

fn kill_group(group: libc::pid_t) {
    // Never 0 or 1: killpg(0) would signal the caller's own group.
    if group > 1 {
        // SAFETY: killpg only sends a signal; a group that is already gone gives ESRCH.
        unsafe { libc::killpg(group, libc::SIGKILL) };
    }
}

/// A worker's deaths waiting for their hooks, run in order by one thread ([`Queue::serve`]).
#[derive(Default)]
pub struct Queue {
    state: Mutex<QueueState>,
    changed: Condvar,
}

#[derive(Default)]
struct QueueState {
    deaths: VecDeque<Death>,
    closed: bool,
}

impl Queue {
    /// Queue a death. With `may_wait` (a processor thread), wait while the queue is full: job
    /// processing slows down to the pace of the hooks rather than the queue growing without
    /// bound. The heartbeat and orphan threads never wait.
    pub fn push(&self, death: Death, may_wait: bool) {
        let mut state = self.lock();
        while may_wait && !state.closed && state.deaths.len() >= QUEUE_LIMIT {
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.deaths.push_back(death);
        self.changed.notify_all();
    }

    /// No more deaths will come: [`Queue::serve`] returns once the queue is empty.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// Run each queued death's hooks, in order, until the queue is closed and empty.
    pub fn serve(&self, hooks: &DeathHooks, mut each: impl FnMut(&Death, &Fields, &HookRun)) {
        loop {
            let death = {
                let mut state = self.lock();
                loop {
                    if let Some(death) = state.deaths.pop_front() {
                        break death;
                    }
                    if state.closed {
                        return;
                    }
                    state = self
                        .changed
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            self.changed.notify_all();
            hooks.run(&death, |fields, run| each(&death, fields, run));
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn death(class: &str, class_hooks: bool) -> Death {
        Death {
            entry: format!(
                r#"{{"class":"{class}","args":[],"jid":"j1","queue":"q","error_class":"E","error_message":"m\u0000x"}}"#
            )
            .into_bytes(),
            reason: Reason::Exhausted,
            class_hooks,
        }
    }

    #[test]
    fn the_class_hooks_run_first_and_only_for_a_class_with_a_handler() {
        let hooks = DeathHooks::new(
            &["notify --all".into(), "second".into()],
            &[
                "A=page 'the team'".into(),
                "B=other".into(),
                "A=again".into(),
            ],
            DEFAULT_TIMEOUT,
        )
        .unwrap();
        let names = |class: &str, own: bool| -> Vec<String> {
            hooks
                .commands(class, own)
                .iter()
                .map(|argv| shell_words::join(*argv))
                .collect()
        };
        assert_eq!(
            names("A", true),
            ["page 'the team'", "again", "notify --all", "second"]
        );
        assert_eq!(names("A", false), ["notify --all", "second"]);
        assert_eq!(names("C", true), ["notify --all", "second"]);
    }

    #[test]
    fn bad_specs_are_refused() {
        let t = DEFAULT_TIMEOUT;
        assert!(DeathHooks::new(&["".into()], &[], t).is_err());
        assert!(DeathHooks::new(&["'open".into()], &[], t).is_err());
        assert!(DeathHooks::new(&[], &["nocommand".into()], t).is_err());
        assert!(DeathHooks::new(&[], &["=cmd".into()], t).is_err());
        assert!(DeathHooks::new(&["x".into()], &[], Duration::ZERO).is_err());
    }

    #[test]
    fn a_hook_gets_the_entry_on_stdin_and_the_fields_in_its_environment() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let script = format!(
            "cat > {0}.stdin; env | grep ^COGCTL_ | sort > {0}.env; echo oops >&2; exit 3",
            out.display()
        );
        let hooks = DeathHooks::new(
            &[shell_words::join(["/bin/sh", "-c", &script])],
            &[],
            DEFAULT_TIMEOUT,
        )
        .unwrap();
        let d = death("K", true);
        let mut runs = Vec::new();
        hooks.run(&d, |_, run| runs.push(run.outcome.clone()));
        assert_eq!(
            runs,
            [HookOutcome::Failed("exited with status 3: oops".into())]
        );
        let stdin = std::fs::read(format!("{}.stdin", out.display())).unwrap();
        assert_eq!(stdin, d.entry);
        let env = std::fs::read_to_string(format!("{}.env", out.display())).unwrap();
        assert_eq!(
            env,
            "COGCTL_CLASS=K\nCOGCTL_DEATH_REASON=exhausted\nCOGCTL_ERROR_CLASS=E\n\
             COGCTL_ERROR_MESSAGE=m\\x00x\nCOGCTL_JID=j1\nCOGCTL_QUEUE=q\n"
        );
    }

    #[test]
    fn a_hook_past_its_timeout_is_killed_with_its_group() {
        let hooks = DeathHooks::new(
            &["/bin/sh -c 'sleep 300 & sleep 300'".into(), "true".into()],
            &[],
            Duration::from_millis(200),
        )
        .unwrap();
        let started = Instant::now();
        let mut runs = Vec::new();
        hooks.run(&death("K", true), |_, run| runs.push(run.outcome.clone()));
        assert_eq!(runs, [HookOutcome::TimedOut, HookOutcome::Ok]);
        // The hook's group would hold the run 300 s: only a hang misses a minute.
        assert!(started.elapsed() < Duration::from_secs(60));
    }

    #[test]
    fn a_missing_program_is_a_failure_not_a_panic() {
        let hooks = DeathHooks::new(&["/nonexistent/hook".into()], &[], DEFAULT_TIMEOUT).unwrap();
        let mut runs = Vec::new();
        hooks.run(&death("K", true), |_, run| runs.push(run.outcome.clone()));
        assert!(
            matches!(&runs[..], [HookOutcome::Failed(why)] if why.contains("could not start")),
            "{runs:?}"
        );
    }
}
