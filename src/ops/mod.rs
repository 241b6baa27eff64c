//! The core: what more than one front-end (the CLI's commands, the console) reads and changes,
//! as typed values. Reads return data with the problems met on the way; changes go plan →
//! dry run → apply (paced) → undo record, and return what they did as data. It imports the
//! store, the terminal layer and the basics below them, never commands, cli or render.

pub mod audit;
pub mod bulk;
pub mod busy;
pub mod canary;
pub mod change;
pub mod dashboard;
pub mod dedupe;
pub mod doctor;
pub mod empty;
pub mod entries;
pub mod filter;
pub mod fingerprint;
pub mod fleet;
pub mod history;
pub mod incident;
pub mod job;
pub mod listing;
pub mod orphans;
pub mod periodic;
pub mod procs;
pub mod push;
pub mod queues;
pub mod readers;
pub mod reconcile;
pub mod signals;
pub mod stats;
pub mod triage;
pub mod undo;
pub mod unsettled;

use std::io::{self, BufWriter, Stdout, Write};
use std::time::Duration;

use serde::Serialize;

use crate::store::{ConnectOptions, Connector, KeyType, Name, Store, StoreError, StoreResult};
use crate::term::config::Active;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::visible;

/// What every front-end gets: how to show things, where its data goes, and Redis on demand,
/// with what a change keeps for its audit entry and its undo record.
pub struct Session {
    pub ui: Ui,
    pub out: Out,
    connect: ConnectOptions,
    store: Option<Store>,
    /// The context of the config file this run uses, if any.
    pub context: Option<Active>,
    /// What a change reports for its audit entry.
    pub audit: AuditNote,
    /// `--confirm-context NAME`, for changes made from inside a view (`top`).
    pub confirm_context: Option<String>,
    /// The audit must be written before a change (`--require-audit` or the context's).
    pub require_audit: bool,
    /// Whether (and for how long) this run's change keeps what it needs to be undone.
    pub undo: UndoPlan,
    /// This run changes one shard of a fleet: the fleet's name and the change's id, written
    /// in the audit entry and the undo record of every shard.
    pub fleet: Option<(String, String)>,
}

/// What a change keeps to be undone (README "Undo"): set by the dispatcher for a change,
/// used by the commands that can be undone.
#[derive(Clone, Debug, Default)]
pub struct UndoPlan {
    /// How long a record lives; `None`: keep nothing (`--no-undo`, or not a change).
    pub keep: Option<Duration>,
    /// The change's audit name (`dead delete`).
    pub command: &'static str,
    /// The command line, secrets redacted.
    pub argv: String,
    /// A change across a fleet: the one id its record has on every shard (a new one for
    /// each change otherwise).
    pub id: Option<String>,
}

/// What a change did, for the audit trail: the counts of its summary and, when it acted on
/// an exact selection, a digest of it.
#[derive(Clone, Debug, Default)]
pub struct AuditNote {
    pub counts: Option<Counts>,
    pub plan_digest: Option<String>,
    /// What the change kept to be undone.
    pub undo: Option<crate::store::undo::Kept>,
    /// A canary run's steps, as one line of JSON.
    pub canary: Option<String>,
    /// The change was taken back before the command ended (a stopped canary run's offer):
    /// the id of that undo's own record.
    pub taken_back: Option<String>,
}

/// The counts a change's summary reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub matched: u64,
    pub done: u64,
    pub gone: u64,
    pub skipped: u64,
    pub failed: u64,
}

impl Counts {
    /// `n` things matched and done.
    pub fn done(n: u64) -> Counts {
        Counts {
            matched: n,
            done: n,
            ..Counts::default()
        }
    }
}

impl From<&crate::ops::bulk::Summary> for Counts {
    fn from(s: &crate::ops::bulk::Summary) -> Counts {
        Counts {
            matched: s.total(),
            done: s.moved,
            gone: s.gone,
            skipped: s.skipped,
            failed: s.failed,
        }
    }
}

impl Session {
    /// `require_audit` and `confirm_context` are the run's `--require-audit` and
    /// `--confirm-context`.
    pub fn new(
        ui: Ui,
        connect: ConnectOptions,
        context: Option<Active>,
        require_audit: bool,
        confirm_context: Option<String>,
    ) -> Session {
        Session {
            ui,
            out: Out::Stdout(BufWriter::with_capacity(64 * 1024, io::stdout())),
            connect,
            store: None,
            require_audit: require_audit || context.as_ref().is_some_and(|c| c.require_audit),
            confirm_context,
            context,
            audit: AuditNote::default(),
            undo: UndoPlan::default(),
            fleet: None,
        }
    }

    /// What a change of `entries` entries and `bytes` bytes would keep to be undone, for a
    /// dry run to say (`None` with --no-undo).
    pub fn would_keep(&mut self, entries: u64, bytes: u64) -> Option<crate::store::undo::Kept> {
        let keep = self.undo.keep?;
        Some(crate::store::undo::Kept {
            id: String::new(),
            entries,
            bytes,
            until: self.redis_now() + keep.as_secs_f64(),
        })
    }

    /// Redis' clock, which a record's expiry is counted from (the real run's): a dry run
    /// says the same date, whatever this host's clock (or a pinned one) says. This host's
    /// clock when Redis can't tell.
    pub fn redis_now(&mut self) -> f64 {
        let fallback = self.ui.clock.current();
        self.store()
            .ok()
            .and_then(|s| s.time().ok())
            .map_or(fallback, |secs| secs as f64)
    }

    /// A session like this one for another thread (the console's reader): the same Redis,
    /// config context, audit and undo settings, with a connection of its own, its output
    /// captured and its warnings kept, so that nothing it does writes over a full screen.
    pub fn sibling(&self) -> Session {
        let mut ui = self.ui.clone();
        ui.warnings = crate::term::ui::Warnings::kept();
        ui.stderr_is_terminal = false;
        ui.stdin_is_terminal = false;
        ui.quiet = true;
        ui.styles = crate::term::ui::Styles { enabled: false };
        Session {
            ui,
            out: Out::Buffer(Vec::new()),
            connect: self.connect.clone(),
            store: None,
            context: self.context.clone(),
            audit: AuditNote::default(),
            confirm_context: self.confirm_context.clone(),
            require_audit: self.require_audit,
            undo: self.undo.clone(),
            fleet: self.fleet.clone(),
        }
    }

    /// Start the undo record of this run's change, unless it keeps nothing (`--no-undo`).
    /// `fields` name what the kind acts on (the set, the queue …).
    pub fn start_undo(
        &mut self,
        kind: crate::store::undo::Kind,
        fields: &[(&str, &[u8])],
    ) -> anyhow::Result<Option<crate::store::undo::Recorder>> {
        let Some(keep) = self.undo.keep else {
            return Ok(None);
        };
        let who = self.audit_who(&self.undo.argv);
        let now = self.ui.clock.current();
        let command = self.undo.command;
        let id = self.record_id(now);
        let store = self.store()?;
        match crate::store::undo::Recorder::start(store, id, kind, command, &who, now, keep, fields)
        {
            Ok(recorder) => Ok(Some(recorder)),
            Err(e) if e.is_connection() => Err(e.into()),
            Err(e) => Err(UndoRefused(e.to_string()).into()),
        }
    }

    /// The id of the record this run's change keeps: the fleet change's own (the same on
    /// every shard), else a new one.
    pub fn record_id(&self, now: f64) -> String {
        self.undo
            .id
            .clone()
            .unwrap_or_else(|| crate::store::undo::new_id(now))
    }

    /// Close the undo record of this run's change (if it kept one): what it kept goes to the
    /// audit entry and the summary. A record that kept nothing is dropped. Best effort: a
    /// record that can't be closed stays undoable as far as it went (its state says
    /// `recording`), with a warning.
    pub fn finish_undo(
        &mut self,
        recorder: Option<&crate::store::undo::Recorder>,
    ) -> Option<crate::store::undo::Kept> {
        let recorder = recorder?;
        let kept = recorder.kept();
        let closed = match self.store() {
            Ok(store) if kept.entries == 0 => {
                crate::store::undo::purge(store, &kept.id).map(|_| ())
            }
            Ok(store) => recorder.finish(store).map(|_| ()),
            Err(e) => Err(e),
        };
        if let Err(e) = closed {
            self.ui.warn_line(&format!(
                "{} the undo record {} could not be closed: {}",
                self.ui.styles.warn("warning:"),
                kept.id,
                visible(&e.to_string())
            ));
        }
        if kept.entries == 0 {
            return None;
        }
        self.audit.undo = Some(kept.clone());
        Some(kept)
    }

    /// The outcome of this run's change for its `end` audit entry, from what it noted:
    /// `undoable` says whether the command keeps undo records at all (the undo field is then
    /// the record's id, `off` for --no-undo, or `none` when it kept nothing; else `no`).
    pub fn audit_outcome(&self, exit: u8, undoable: bool) -> crate::store::audit::Outcome {
        let c = self.audit.counts.unwrap_or_default();
        let (undo, undo_until) = match &self.audit.undo {
            Some(kept) => (kept.id.clone(), crate::clock::rfc3339(kept.until)),
            None if !undoable => ("no".to_string(), String::new()),
            None if self.undo.keep.is_none() => ("off".to_string(), String::new()),
            None => ("none".to_string(), String::new()),
        };
        crate::store::audit::Outcome {
            counts: [c.matched, c.done, c.gone, c.skipped, c.failed],
            plan_digest: self.audit.plan_digest.clone().unwrap_or_default(),
            canary: self.audit.canary.clone().unwrap_or_default(),
            exit,
            undo,
            undo_until,
        }
    }

    /// An audit entry's fields, stamped now (RFC 3339, to the millisecond).
    pub fn audit_fields(
        &self,
        who: &crate::store::audit::Who,
        command: &str,
        phase: &str,
        outcome: Option<&crate::store::audit::Outcome>,
    ) -> Vec<(&'static str, String)> {
        let time =
            chrono::DateTime::from_timestamp_millis((self.ui.clock.current() * 1000.0) as i64)
                .unwrap_or_default()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        crate::store::audit::fields(time, who, command, phase, outcome)
    }

    /// Note what this change did, for its audit entry.
    pub fn record(&mut self, counts: Counts) {
        self.audit.counts = Some(counts);
    }

    /// Who makes this run's changes, for their audit entries: `argv` is the command line
    /// with secrets redacted (the URL's password is scrubbed here again).
    pub fn audit_who(&self, argv: &str) -> crate::store::audit::Who {
        let (target, argv) = match self.connector() {
            Ok(c) => (c.address().to_string(), c.scrub(argv)),
            Err(_) => (String::new(), argv.to_string()),
        };
        crate::store::audit::Who {
            user: crate::store::audit::user_at_host(),
            context: self
                .context
                .as_ref()
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            argv,
            target,
            fleet: self.fleet.clone(),
        }
    }

    /// How to open connections to the Redis of this run.
    pub fn connector(&self) -> StoreResult<Connector> {
        Connector::new(&self.connect)
    }

    /// The Redis of this run, connected on first use.
    pub fn store(&mut self) -> StoreResult<&mut Store> {
        if self.store.is_none() {
            self.store = Some(Store::connect(self.connector()?)?);
        }
        Ok(self.store.as_mut().expect("connected above"))
    }

    /// Drop the connection, so the next `store()` connects afresh (after Redis went away).
    pub fn disconnect(&mut self) {
        self.store = None;
    }

    /// Run `f` with stdout swapped for a buffer, and return what it wrote there with its
    /// result: a `--watch` refresh is drawn or wrapped whole, never half-printed.
    pub fn captured<T>(&mut self, f: impl FnOnce(&mut Session) -> T) -> (T, Vec<u8>) {
        let stdout = std::mem::replace(&mut self.out, Out::Buffer(Vec::new()));
        let result = f(self);
        match std::mem::replace(&mut self.out, stdout) {
            Out::Buffer(bytes) => (result, bytes),
            Out::Stdout(_) => unreachable!("only captured() swaps the output"),
        }
    }
}

/// Where a command's data goes: stdout, or a buffer while a `--watch` refresh is captured.
pub enum Out {
    Stdout(BufWriter<Stdout>),
    Buffer(Vec<u8>),
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(w) => w.write(buf),
            Out::Buffer(b) => b.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::Stdout(w) => w.write_all(buf),
            Out::Buffer(b) => b.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(w) => w.flush(),
            Out::Buffer(_) => Ok(()),
        }
    }
}

/// How a front-end follows a change as it goes (a bar on a terminal, the console's status
/// line): each entry done, and a note when it waits.
pub trait Progress {
    fn inc(&self, n: u64);
    fn note(&self, text: &str);
    /// The work it counts is over (a bar is cleared).
    fn finish(&self) {}
}

/// A change whose undo record can't be written (Redis full, an ACL): refused before it
/// changes anything (exit 1).
#[derive(Debug, thiserror::Error)]
#[error(
    "the undo record of this change can't be written ({0}); nothing was changed — --no-undo \
     makes the change without keeping anything to undo"
)]
pub struct UndoRefused(pub String);

/// A key a read-only view could not read (usually one of the wrong type): reported with the
/// rest of the view, never fatal to it, and it makes the exit code 1.
#[derive(Clone, Debug, Serialize)]
pub struct Problem {
    pub key: Name,
    pub error: String,
}

impl Problem {
    /// From a pipeline reply's error text on `key`, which cogworker keeps as `expected`.
    pub fn wrong(key: impl Into<Name>, expected: KeyType, error: &str) -> Problem {
        let error = if error.contains("WRONGTYPE") {
            format!(
                "of the wrong type, not the {} cogworker keeps there",
                expected.name()
            )
        } else {
            error.to_string()
        };
        Problem {
            key: key.into(),
            error,
        }
    }

    /// From a store error met while reading `key`, said once (the error's own text repeats
    /// the key). A wrong-typed key names itself: it may be another key the read needed.
    pub fn from_store(key: impl Into<Name>, err: &StoreError) -> Problem {
        match err {
            StoreError::WrongType {
                key,
                expected,
                found,
            } => Problem {
                key: key.clone(),
                error: format!(
                    "a {found}, not the {} cogworker keeps there",
                    expected.name()
                ),
            },
            other => Problem {
                key: key.into(),
                error: other.to_string(),
            },
        }
    }

    /// `problem` added unless the same key already has one.
    pub fn push_once(problems: &mut Vec<Problem>, problem: Problem) {
        if !problems.iter().any(|p| p.key == problem.key) {
            problems.push(problem);
        }
    }

    /// Each problem as a warning line on stderr (or where `ui.warnings` puts them).
    pub fn warn_all(ui: &Ui, problems: &[Problem]) {
        for p in problems {
            ui.warn_line(&format!(
                "{} {}: {}",
                ui.styles.warn("warning:"),
                p.key.shown(),
                visible(&p.error)
            ));
        }
    }

    pub fn exit(problems: &[Problem]) -> Exit {
        if problems.is_empty() {
            Exit::Ok
        } else {
            Exit::Failure
        }
    }
}

/// The members of a registry set (processes, queues, identities); a set of the wrong type
/// becomes a problem and reads as empty, a lost connection stays an error.
pub fn read_registry(
    store: &mut Store,
    key: &str,
    problems: &mut Vec<Problem>,
) -> StoreResult<Vec<Name>> {
    match store.members(key) {
        Ok(members) => Ok(members),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => {
            problems.push(Problem::from_store(key, &e));
            Ok(Vec::new())
        }
    }
}
