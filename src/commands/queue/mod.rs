//! `cogctl queue list|show|pause|resume|clear|delete-job`: one queue's contents and page
//! (list.rs, show.rs), and queue control.
//!
//! Pause and resume are the Web UI's `SADD`/`SREM cogworker:paused_queues`. Clear counts and
//! drops the list in one script. Delete-job removes waiting jobs by their exact bytes, one
//! script per job (by jid) or per batch (by filters), and — unlike the Web UI, by the
//! project's choice (KEYS.md §8.2) — releases the unique and periodic locks each deleted job
//! owns, owner-checked, in the same script.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::Ctx;
use crate::ops::queues::PauseReport;
use crate::ops::readers::Known;

pub mod dedupe;
pub mod list;
pub mod show;
use crate::clock::rfc3339;
use crate::ops::bulk::{self, Outcome, PaceArgs, Pacer, Summary};
use crate::ops::filter::{FilterArgs, WaitingFilter};
use crate::render::progress::Progress;
use crate::render::table::one_line;
use crate::render::table::{self, Tone};
use crate::render::time::when;
use crate::render::{self, Report};
use crate::store::job::{Job, sha1_hex};
use crate::store::page::{ListPager, PAGE};
use crate::store::undo::{self, Kind, Recorder};
use crate::store::{KeyType, Name, Store, StoreResult, find, keys, locks, scripts, value};
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::interrupt;
use crate::term::ui::Ui;
use crate::term::values::name_parser;
use crate::text::size::{count, counted};

#[derive(Debug, Subcommand)]
pub enum QueueCommand {
    /// The jobs waiting on QUEUE, newest first (--next-first: in the order workers take them)
    ///
    /// Read in pages, so memory stays flat on a queue of millions. POS is each job's place in
    /// line when it was read (1 runs next); on a busy queue, jobs taken or added during the
    /// read shift later pages, so a job may be listed twice or missed (nothing is changed).
    /// --since/--until compare the job's enqueued_at (else created_at).
    #[command(after_help = crate::render::help::examples(&[
        (
            "The 50 jobs that reached default last",
            "cogctl queue list default",
        ),
        (
            "The next 10 jobs, in the order workers take them",
            "cogctl queue list critical --next-first --limit 10",
        ),
        (
            "Every waiting job of one class, one JSON object a line",
            "cogctl queue list default --class Billing::InvoiceJob --all --ndjson",
        ),
    ]))]
    List(Box<list::ListArgs>),
    /// The queue's page: jobs waiting and the next one's wait, paused or not, what runs from
    /// it now, and how many of its jobs are retrying, dead or scheduled
    #[command(after_help = crate::render::help::examples(&[
        (
            "The queue's page: waiting, paused, running, retrying, dead, scheduled",
            "cogctl queue show critical",
        ),
        (
            "For a script",
            "cogctl queue show critical --json",
        ),
    ]))]
    Show(show::ShowArgs),
    /// Stop workers fetching from these queues; pushes still land and wait
    #[command(after_help = crate::render::help::examples(&[
        (
            "Stop workers fetching from mailers (pushes still land and wait)",
            "cogctl queue pause mailers",
        ),
        (
            "Several queues at once",
            "cogctl queue pause mailers webhooks",
        ),
    ]))]
    Pause {
        #[arg(required = true, value_name = "QUEUE", value_parser = name_parser())]
        queues: Vec<Name>,
        /// Pause a queue cogworker doesn't know (no job waits on it, no live process reads it,
        /// not in cogworker:queues): without it, such a name is refused as a likely typo
        #[arg(long)]
        force: bool,
    },
    /// Let workers fetch from these queues again
    #[command(after_help = crate::render::help::examples(&[
        (
            "Let workers fetch from mailers again",
            "cogctl queue resume mailers",
        ),
        (
            "Several queues at once",
            "cogctl queue resume mailers webhooks",
        ),
    ]))]
    Resume {
        #[arg(required = true, value_name = "QUEUE", value_parser = name_parser())]
        queues: Vec<Name>,
        /// Resume a queue cogworker doesn't know (not paused, no job waits on it, no live
        /// process reads it, not in cogworker:queues): without it, such a name is refused
        #[arg(long)]
        force: bool,
    },
    /// Delete every job waiting on QUEUE
    ///
    /// The jobs' unique locks are left to expire, as the Web UI's "delete all" leaves them;
    /// the queue stays listed in cogworker:queues.
    #[command(after_help = crate::render::help::examples(&[
        (
            "Delete every job waiting on reports (asks first)",
            "cogctl queue clear reports",
        ),
        (
            "The same in a script, without asking",
            "cogctl queue clear reports --yes",
        ),
    ]))]
    Clear {
        #[arg(value_parser = name_parser())]
        queue: Name,
        /// Clear a queue that isn't listed in cogworker:queues
        #[arg(long)]
        force: bool,
        /// Don't ask for confirmation
        #[arg(long, short)]
        yes: bool,
    },
    /// Delete waiting jobs from QUEUE by jid, or every job matching the filters
    ///
    /// Each job is removed by its exact stored bytes, and the unique and periodic locks it
    /// owns are released in the same step (only while they still hold its jid). With filters,
    /// --since/--until compare the job's enqueued_at (else created_at).
    #[command(after_help = crate::render::help::examples(&[
        (
            "Delete two waiting jobs by jid",
            "cogctl queue delete-job default f8138b8b5e56769076bcad1f 0361e777d57c4df229ff64db",
        ),
        (
            "What deleting every waiting job of customer 42 would remove",
            "cogctl queue delete-job default --search cus_42 --dry-run",
        ),
        (
            "Every waiting job of a class, without asking",
            "cogctl queue delete-job default --class Legacy::SyncJob --all --yes",
        ),
    ]))]
    DeleteJob(Box<DeleteJobArgs>),
    /// Remove duplicate jobs from QUEUE, keeping of each the one workers would take first
    ///
    /// Two jobs are duplicates when they have the same class and the same args as stored
    /// (--by class,args), or the same args (--by args). The queue is read from its tail while
    /// workers take jobs from it and rebuilt beside itself, then swapped in one atomic step
    /// that carries over what workers took and producers pushed meanwhile: nothing a worker
    /// took is touched, nothing is removed twice. Memory: 16 bytes per distinct job (a
    /// digest), plus 9 bytes per job read. Redis needs room for a copy of the jobs kept while
    /// it runs, and the undo record keeps the queue as it was (--no-undo frees it at once).
    #[command(after_help = crate::render::help::examples(&[
        (
            "How many duplicates, by class; nothing is changed",
            "cogctl queue dedupe default --dry-run",
        ),
        (
            "Remove jobs that repeat the same args, whatever their class",
            "cogctl queue dedupe default --by args --yes",
        ),
        (
            "Remove them without asking (`cogctl undo last` takes it back)",
            "cogctl queue dedupe mailers --yes",
        ),
    ]))]
    Dedupe(Box<dedupe::DedupeArgs>),
}

#[derive(Debug, Args)]
pub struct DeleteJobArgs {
    /// The queue to delete from
    #[arg(value_name = "QUEUE", value_parser = name_parser())]
    pub queue_name: Name,

    /// The jids of the jobs to delete
    #[arg(value_name = "JID")]
    pub jids: Vec<String>,

    /// Read jids from FILE (one per line), `-` for stdin
    #[arg(long, value_name = "FILE|-")]
    pub jid_file: Option<PathBuf>,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// Every job on the queue that matches the filters (or every job, without filters)
    #[arg(long)]
    pub all: bool,

    /// Show what would be deleted; change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Run even when a --class or --error names nothing on the queue (by default that is
    /// refused as a likely typo, naming the nearest values that exist)
    #[arg(long)]
    pub force: bool,

    #[command(flatten)]
    pub pace: PaceArgs,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run(ctx: &mut Ctx, command: &QueueCommand) -> anyhow::Result<Exit> {
    match command {
        QueueCommand::List(args) => list::run(ctx, args),
        QueueCommand::Show(args) => {
            let report = show::run(ctx, args)?;
            emit(ctx, &report)
        }
        QueueCommand::Pause { queues, force } => pause(ctx, queues, true, *force),
        QueueCommand::Resume { queues, force } => pause(ctx, queues, false, *force),
        QueueCommand::Clear { queue, force, yes } => clear(ctx, queue, *force, *yes),
        QueueCommand::DeleteJob(args) => delete_job(ctx, args),
        QueueCommand::Dedupe(args) => dedupe::run(ctx, args),
    }
}

fn emit<R: Report>(ctx: &mut Ctx, report: &R) -> anyhow::Result<Exit> {
    render::emit(&mut ctx.out, &ctx.ui, report)?;
    Ok(report.exit())
}

fn check_name(queue: &Name) -> anyhow::Result<()> {
    if queue.is_empty() {
        return Err(UsageError("a queue name can't be empty".into()).into());
    }
    Ok(())
}

/// A change to queues cogworker doesn't know is refused whole (exit 2), naming the nearest
/// known names: a typo must not pause nothing and say "paused".
fn refuse_unknown(store: &mut Store, names: &[&Name], done: &str) -> anyhow::Result<()> {
    let known = Known::read(store)?;
    let unknown = known.unknown(store, names)?;
    if unknown.is_empty() {
        return Ok(());
    }
    Err(UsageError(format!(
        "{}\nnothing was {done}; pass --force to act on {} anyway",
        known.explain(&unknown),
        if unknown.len() == 1 {
            "that name"
        } else {
            "those names"
        }
    ))
    .into())
}

/// A delete or dedupe on a queue cogworker doesn't know (it holds no job, so there is nothing
/// to act on): refused (exit 2) with the nearest known names, rather than "0 deleted".
pub(super) fn refuse_missing(store: &mut Store, queue: &Name, done: &str) -> anyhow::Result<()> {
    let known = Known::read(store)?;
    if known.unknown(store, &[queue])?.is_empty() {
        return Ok(());
    }
    Err(UsageError(format!("{}\nnothing was {done}", known.explain(&[queue]))).into())
}

// ---------------------------------------------------------------------------------------
// pause / resume

fn pause(ctx: &mut Ctx, names: &[Name], pause: bool, force: bool) -> anyhow::Result<Exit> {
    for name in names {
        check_name(name)?;
    }
    if !force {
        let mut seen = HashSet::new();
        let unique: Vec<&Name> = names.iter().filter(|n| seen.insert(*n)).collect();
        refuse_unknown(
            ctx.store()?,
            &unique,
            if pause { "paused" } else { "resumed" },
        )?;
    }
    let report = crate::ops::queues::pause(ctx, names, pause)?;
    emit(ctx, &report)
}

impl Report for PauseReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let (done, already) = if self.action == "pause" {
            ("paused", "was already paused")
        } else {
            ("resumed", "was not paused")
        };
        for q in &self.queues {
            if q.changed {
                writeln!(out, "{} {}", s.strong(done), q.name.shown())?;
            } else {
                writeln!(out, "{} {}", q.name.shown(), s.dim(already))?;
            }
        }
        for q in self.queues.iter().filter(|q| !q.listed) {
            ui.warn_line(&format!(
                "{} queue \"{}\" is not in {} (no job was ever pushed to it, or a typo?); {} anyway",
                s.warn("warning:"),
                q.name.shown(),
                keys::QUEUES,
                done
            ));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// clear

#[derive(Debug, Serialize)]
pub struct ClearReport {
    pub queue: Name,
    /// The list that was dropped.
    pub key: Name,
    pub target: String,
    /// Jobs removed: the queue's length at the instant it was dropped.
    pub deleted: u64,
    /// Whether the name is in cogworker:queues (it stays there).
    pub listed: bool,
    /// What was kept to undo the clear (the list itself, renamed), absent with --no-undo.
    pub undo: Option<undo::Kept>,
}

fn clear(ctx: &mut Ctx, queue: &Name, force: bool, yes: bool) -> anyhow::Result<Exit> {
    check_name(queue)?;
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let key = keys::queue(queue);
    store.expect_type(&key, KeyType::List)?;
    let known = store.members(keys::QUEUES)?;
    let listed = known.binary_search(queue).is_ok();
    if !listed && !force {
        let all: Vec<&Name> = known.iter().collect();
        let near = crate::ops::readers::nearest(queue, &all);
        let names = if !near.is_empty() {
            format!(
                "did you mean {}?",
                near.iter()
                    .map(|n| n.shown())
                    .collect::<Vec<_>>()
                    .join(" or ")
            )
        } else if known.is_empty() {
            "known queues: none".to_string()
        } else {
            format!(
                "known queues: {}",
                known
                    .iter()
                    .map(|n| n.shown())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        return Err(UsageError(format!(
            "queue \"{}\" is not in {} ({names}); pass --force to clear it anyway",
            queue.shown(),
            keys::QUEUES
        ))
        .into());
    }
    let size: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
    let mut undo_kept = None;
    let deleted = if size == 0 {
        0
    } else {
        confirm(
            &ui,
            yes,
            &format!(
                "Delete {} waiting on queue {} ({}) on {}?",
                match size {
                    1 => "the 1 job".to_string(),
                    n => format!("all {}", counted(n, "job", "jobs")),
                },
                queue.shown(),
                key.shown(),
                store.target()
            ),
        )?;
        // What the list holds, as Redis estimates it: what the undo record keeps (it is the
        // list itself, renamed).
        let held: u64 = store
            .query_server(redis::cmd("MEMORY").arg("USAGE").arg(&key))
            .unwrap_or(0);
        let recorder = ctx.start_undo(Kind::ListClear, &[("key", key.as_bytes())])?;
        let store = ctx.store()?;
        let (prefix, until) = undo::script_args(recorder.as_ref());
        let reply = store.eval(&scripts::QUEUE_CLEAR, &[&key], &[&prefix, &until])?;
        let deleted = value::int(&reply).unwrap_or(0) as u64;
        let mut recorder = recorder;
        if let Some(r) = recorder.as_mut() {
            r.add(deleted, held);
        }
        undo_kept = ctx.finish_undo(recorder.as_ref());
        deleted
    };
    let report = ClearReport {
        queue: queue.clone(),
        key,
        target: ctx.store()?.target().to_string(),
        deleted,
        listed,
        undo: undo_kept,
    };
    ctx.record(crate::ops::Counts::done(deleted));
    emit(ctx, &report)
}

impl Report for ClearReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.deleted == 0 {
            writeln!(
                out,
                "queue {} {}",
                self.queue.shown(),
                s.dim("was already empty; nothing deleted")
            )?;
            return Ok(());
        }
        writeln!(
            out,
            "{} {} from queue {} ({})",
            s.strong("deleted"),
            counted(self.deleted, "job", "jobs"),
            self.queue.shown(),
            self.key.shown()
        )?;
        writeln!(
            io::stderr().lock(),
            "note: their unique locks are left to expire, as the Web UI's \"delete all\" leaves \
             them; use `queue delete-job` to release them"
        )
    }
}

// ---------------------------------------------------------------------------------------
// delete-job: the store operations

/// What deleting one waiting job did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deleted {
    /// Copies removed (the Web UI removes every identical copy); 0 when it was gone.
    pub removed: u64,
    /// Locks released: held by this job's jid when it was removed.
    pub locks_released: u64,
}

/// Delete every copy of `raw` from `queue` and, if any was removed, release the unique and
/// periodic locks the job owns (owner-checked), in one script (keeping nothing to undo).
pub fn delete_waiting(
    store: &mut Store,
    queue: impl AsRef<[u8]>,
    raw: &[u8],
) -> StoreResult<Deleted> {
    let entry = Entry::of(0, raw.to_vec());
    delete_entry(store, &keys::queue(queue), &entry, None)
}

/// Delete every copy of a waiting job and, if any was removed, release the unique and
/// periodic locks it owns (owner-checked), in one script; kept to be undone by `recorder`.
fn delete_entry(
    store: &mut Store,
    key: &Name,
    entry: &Entry,
    recorder: Option<&Recorder>,
) -> StoreResult<Deleted> {
    let mut keys_: Vec<&[u8]> = vec![key];
    keys_.extend(entry.locks.iter().map(Name::as_bytes));
    let (prefix, until) = undo::script_args(recorder);
    let reply = store.eval(
        &scripts::QUEUE_DELETE,
        &keys_,
        &[&entry.raw, entry.jid.as_bytes(), &prefix, &until],
    )?;
    let items = value::items(&reply);
    let at = |i: usize| items.get(i).and_then(value::int).unwrap_or(0).max(0) as u64;
    Ok(Deleted {
        removed: at(0),
        locks_released: at(1),
    })
}

/// How far around its expected index the batch script looks for a job.
const SEARCH_WINDOW: u64 = 200;

/// Delete `entries` (read from `key` at their `index`, of which `removed_before` entries
/// before them have since been removed) in one script: `Some(locks released)` for each one
/// found where it was read, `None` for one that wasn't.
fn delete_batch(
    store: &mut Store,
    key: &Name,
    tombstone: &str,
    entries: &[Entry],
    removed_before: u64,
    recorder: Option<&Recorder>,
) -> StoreResult<Vec<Option<u64>>> {
    let mut keys_: Vec<&[u8]> = vec![key];
    let (prefix, until) = undo::script_args(recorder);
    let mut args: Vec<Vec<u8>> = vec![
        tombstone.as_bytes().to_vec(),
        SEARCH_WINDOW.to_string().into_bytes(),
        prefix,
        until,
    ];
    for e in entries {
        keys_.extend(e.locks.iter().map(Name::as_bytes));
        args.push(e.raw.clone());
        args.push(
            e.index
                .saturating_sub(removed_before)
                .to_string()
                .into_bytes(),
        );
        args.push(e.jid.as_bytes().to_vec());
        args.push(e.locks.len().to_string().into_bytes());
    }
    let args: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
    let reply = store.eval(&scripts::QUEUE_DELETE_BATCH, &keys_, &args)?;
    Ok(value::items(&reply)
        .iter()
        .map(|pair| {
            let pair = value::items(pair);
            let at = |i: usize| pair.get(i).and_then(value::int).unwrap_or(0);
            (at(0) == 1).then(|| at(1).max(0) as u64)
        })
        .collect())
}

/// A value no job can be (jobs are JSON objects), unique to this run, that marks the
/// entries a batch removes.
fn tombstone(key: &Name) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut seed = format!("{}:{nanos}:", std::process::id()).into_bytes();
    seed.extend_from_slice(key);
    format!("cogctl:tombstone:{}", sha1_hex(&seed))
}

/// A waiting job about to be deleted: its bytes, where it was read, and what it owns.
struct Entry {
    index: u64,
    raw: Vec<u8>,
    /// The jid, or the display jid of a member that isn't a job.
    jid: String,
    locks: Vec<Name>,
}

impl Entry {
    fn of(index: u64, raw: Vec<u8>) -> Entry {
        let (jid, locks) = match Job::parse(&raw) {
            Ok(job) => (
                job.jid.as_deref().unwrap_or("").to_string(),
                locks::lock_keys(&job),
            ),
            Err(bad) => (bad.display_jid, Vec::new()),
        };
        Entry {
            index,
            raw,
            jid,
            locks,
        }
    }
}

// ---------------------------------------------------------------------------------------
// delete-job: selection

/// The filters in words, for the confirmation question.
fn describe(f: &FilterArgs, now: f64) -> String {
    let mut parts = Vec::new();
    if !f.class.is_empty() {
        parts.push(format!("class {}", f.class.join(" or ")));
    }
    if !f.jid.is_empty() {
        parts.push(format!("jid {}", f.jid.join(" or ")));
    }
    if let Some(re) = &f.error {
        parts.push(format!("error /{re}/"));
    }
    if let Some(t) = f.since {
        parts.push(format!("enqueued since {}", rfc3339(t.resolve(now))));
    }
    if let Some(t) = f.until {
        parts.push(format!("enqueued until {}", rfc3339(t.resolve(now))));
    }
    if let Some(n) = f.min_retries {
        parts.push(format!("retry_count ≥ {n}"));
    }
    if let Some(search) = &f.search {
        parts.push(format!("containing {:?}", search.text));
    }
    if let Some(re) = &f.args {
        parts.push(format!("args /{re}/"));
    }
    if parts.is_empty() {
        "all".into()
    } else {
        format!("matching {}", parts.join(", "))
    }
}

// ---------------------------------------------------------------------------------------
// delete-job: the plan (--dry-run)

/// How many of a sample a plan shows.
const SAMPLE: usize = 10;

#[derive(Debug, Serialize)]
pub struct PlanReport {
    /// Always "delete".
    pub action: &'static str,
    pub queue: Name,
    /// The list jobs would be deleted from.
    pub source: Name,
    pub target: String,
    /// Always true: nothing was changed.
    pub dry_run: bool,
    /// Jobs looked at.
    pub scanned: u64,
    /// Jobs that would be deleted.
    pub matched: u64,
    /// Matched jobs per class, most first.
    pub by_class: Vec<ClassCount>,
    /// The first matched jobs, from the head (newest) of the queue.
    pub sample: Vec<SampleJob>,
    /// Jids given that are not on the queue.
    pub not_found: Vec<String>,
    /// What the delete would keep to be undone (absent with --no-undo).
    pub undo: Option<undo::Kept>,
}

#[derive(Debug, Serialize)]
pub struct ClassCount {
    pub class: String,
    pub count: u64,
}

#[derive(Debug, Serialize)]
pub struct SampleJob {
    pub jid: String,
    pub class: String,
    /// enqueued_at, else created_at (epoch seconds).
    pub enqueued_at: Option<f64>,
    /// The unique/periodic lock keys it may own (released, owner-checked, when deleted).
    pub locks: Vec<Name>,
}

struct Plan {
    scanned: u64,
    matched: u64,
    bytes: u64,
    by_class: BTreeMap<String, u64>,
    sample: Vec<SampleJob>,
}

impl Plan {
    fn new() -> Plan {
        Plan {
            scanned: 0,
            matched: 0,
            bytes: 0,
            by_class: BTreeMap::new(),
            sample: Vec::new(),
        }
    }

    fn add(&mut self, raw: &[u8]) {
        self.matched += 1;
        self.bytes += raw.len() as u64;
        let (jid, class, time, locks) = match Job::parse(raw) {
            Ok(job) => (
                job.jid.as_deref().unwrap_or("").to_string(),
                job.class.as_deref().unwrap_or("").to_string(),
                job.enqueued_at().or_else(|| job.created_at()),
                locks::lock_keys(&job),
            ),
            Err(bad) => (
                bad.display_jid,
                crate::store::job::UNPARSEABLE_CLASS.to_string(),
                None,
                Vec::new(),
            ),
        };
        *self.by_class.entry(class.clone()).or_default() += 1;
        if self.sample.len() < SAMPLE {
            self.sample.push(SampleJob {
                jid,
                class,
                enqueued_at: time,
                locks,
            });
        }
    }

    fn report(self, queue: &Name, target: &str, not_found: Vec<String>) -> PlanReport {
        let mut by_class: Vec<ClassCount> = self
            .by_class
            .into_iter()
            .map(|(class, count)| ClassCount { class, count })
            .collect();
        by_class.sort_by(|a, b| b.count.cmp(&a.count).then(a.class.cmp(&b.class)));
        PlanReport {
            action: "delete",
            queue: queue.clone(),
            source: keys::queue(queue),
            target: target.to_string(),
            dry_run: true,
            scanned: self.scanned,
            matched: self.matched,
            by_class,
            sample: self.sample,
            not_found,
            undo: None,
        }
    }
}

impl Report for PlanReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(
            out,
            "{} {} of {} on queue {} ({})",
            s.strong("would delete"),
            count(self.matched),
            counted(self.scanned, "job", "jobs"),
            self.queue.shown(),
            self.target
        )?;
        if !self.by_class.is_empty() {
            let mut t = table::new(ui, &["CLASS", "JOBS"]);
            for c in &self.by_class {
                t.add_row(vec![
                    table::cell(ui, &c.class, Tone::Strong),
                    table::cell(ui, count(c.count), Tone::Plain),
                ]);
            }
            writeln!(out)?;
            out.write_all(table::finish(&mut t, &[1]).as_bytes())?;
        }
        if !self.sample.is_empty() {
            let title = if (self.sample.len() as u64) < self.matched {
                format!("first {}", self.sample.len())
            } else {
                "jobs".to_string()
            };
            writeln!(out, "\n{}", s.header(&title))?;
            let mut t = table::new(ui, &["JID", "CLASS", "ENQUEUED", "LOCKS"]);
            for j in &self.sample {
                t.add_row(vec![
                    table::cell(ui, &j.jid, Tone::Plain),
                    table::cell(ui, &j.class, Tone::Plain),
                    table::cell(
                        ui,
                        j.enqueued_at.map_or("-".into(), |t| when(ui, t)),
                        Tone::Dim,
                    ),
                    table::cell(ui, j.locks.len().to_string(), Tone::Plain),
                ]);
            }
            out.write_all(table::finish(&mut t, &[3]).as_bytes())?;
        }
        if !self.not_found.is_empty() {
            writeln!(
                out,
                "\n{} {}",
                s.warn("not on the queue:"),
                one_line(&self.not_found.join(", "))
            )?;
        }
        writeln!(out, "{}", super::undo_plan_line(self.undo.as_ref(), None))?;
        writeln!(out, "{}", s.dim("dry run: nothing was changed"))
    }
}

// ---------------------------------------------------------------------------------------
// delete-job: the run

/// The summary of a delete, plus the locks released with the jobs.
#[derive(Debug, Serialize)]
pub struct DeleteReport {
    #[serde(flatten)]
    pub summary: Summary,
    /// Unique and periodic locks released (each held by the deleted job's jid).
    pub locks_released: u64,
    #[serde(skip)]
    exit: Exit,
}

impl Report for DeleteReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        self.summary.human(out, ui)?;
        if self.locks_released > 0 {
            writeln!(
                out,
                "released {} lock{} the deleted jobs held",
                count(self.locks_released),
                crate::text::plural(self.locks_released, "", "s")
            )?;
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        self.exit
    }
}

fn delete_job(ctx: &mut Ctx, args: &DeleteJobArgs) -> anyhow::Result<Exit> {
    check_name(&args.queue_name)?;
    if !args.filter.queue.is_empty() {
        return Err(UsageError(
            "--queue doesn't apply here: delete-job works on the one QUEUE it names".into(),
        )
        .into());
    }
    if args.pace.max_queue_depth.is_some() {
        return Err(UsageError(
            "--max-queue-depth paces moves onto queues; a delete moves nothing".into(),
        )
        .into());
    }
    let by_jid = !args.jids.is_empty() || args.jid_file.is_some();
    let bulk = args.all || args.filter.any();
    match (by_jid, bulk) {
        (true, true) => Err(UsageError(
            "name jobs by JID (or --jid-file) or select them with filters/--all, not both".into(),
        )
        .into()),
        (false, false) => Err(UsageError(
            "name the jobs to delete: JID…, --jid-file FILE, filters (--class, --error, --jid, \
             --since, --until, --min-retries, --search, --args) or --all"
                .into(),
        )
        .into()),
        (true, false) => {
            let jids = bulk::named_jids(&args.jids, args.jid_file.as_deref())?;
            delete_by_jid(ctx, args, &jids)
        }
        (false, true) => delete_bulk(ctx, args),
    }
}

fn delete_by_jid(ctx: &mut Ctx, args: &DeleteJobArgs, jids: &[String]) -> anyhow::Result<Exit> {
    let queue = &args.queue_name;
    let key = keys::queue(queue);
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    store.expect_type(&key, KeyType::List)?;
    refuse_missing(store, queue, "deleted")?;
    let wanted: HashSet<&str> = jids.iter().map(String::as_str).collect();
    // One pass over the queue for every jid; a single jid pre-filters on its exact needle.
    let prefilter = match jids {
        [one] => find::needle(one),
        _ => "\"jid\":".to_string(),
    };
    let hits = find::in_list(store, &key, prefilter.as_bytes(), |raw| {
        Job::parse(raw).is_ok_and(|job| job.jid.as_deref().is_some_and(|j| wanted.contains(j)))
    })?;
    let mut found: BTreeMap<String, Vec<Entry>> = BTreeMap::new();
    let mut plan = Plan::new();
    plan.scanned = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
    for (index, raw) in hits {
        let entry = Entry::of(index, raw);
        let copies = found.entry(entry.jid.clone()).or_default();
        // Identical copies are removed together by the one LREM.
        if copies.iter().all(|c| c.raw != entry.raw) {
            plan.add(&entry.raw);
            copies.push(entry);
        }
    }
    let not_found: Vec<String> = jids
        .iter()
        .filter(|j| !found.contains_key(*j))
        .cloned()
        .collect();
    if args.dry_run {
        let (matched, bytes) = (plan.matched, plan.bytes);
        let mut report = plan.report(queue, store.target(), not_found);
        report.undo = ctx.would_keep(matched, bytes);
        return emit(ctx, &report);
    }
    let mut summary = Summary::new("delete", "deleted", &key, store.target());
    let mut locks_released = 0;
    let mut result = Ok(());
    let mut recorder = None;
    if !found.is_empty() {
        let listed: Vec<&str> = found.keys().map(String::as_str).take(5).collect();
        let more = found.len().saturating_sub(listed.len());
        confirm(
            &ui,
            args.yes,
            &format!(
                "Delete {} job{} ({}{}) from queue {} on {}?",
                count(found.len() as u64),
                crate::text::plural(found.len(), "", "s"),
                one_line(&listed.join(", ")),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                },
                queue.shown(),
                store.target()
            ),
        )?;
        recorder = ctx.start_undo(Kind::ListRemove, &[("key", key.as_bytes())])?;
        interrupt::watch();
        result = delete_each(
            ctx.store()?,
            queue,
            jids,
            &found,
            &mut summary,
            &mut locks_released,
            recorder.as_mut(),
        );
    } else {
        for jid in jids {
            summary.record(
                jid,
                Outcome::NotFound(format!("not on queue {}", queue.shown())),
            );
        }
    }
    summary.finish();
    summary.undo = ctx.finish_undo(recorder.as_ref());
    let exit = if summary.interrupted {
        Exit::Interrupted
    } else if summary.failed > 0 && summary.moved == 0 && summary.gone == 0 {
        // Nothing named was on the queue at all: a plain failure, not a partial one.
        Exit::Failure
    } else {
        summary.exit()
    };
    ctx.record(crate::ops::Counts::from(&summary));
    let report = DeleteReport {
        summary,
        locks_released,
        exit,
    };
    // The summary of what was done is shown even when the run stopped on an error.
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    result?;
    Ok(exit)
}

/// Delete the jobs found for `jids`, one script per stored copy, in the order given.
fn delete_each(
    store: &mut Store,
    queue: &Name,
    jids: &[String],
    found: &BTreeMap<String, Vec<Entry>>,
    summary: &mut Summary,
    locks_released: &mut u64,
    mut recorder: Option<&mut Recorder>,
) -> anyhow::Result<()> {
    let key = keys::queue(queue);
    for jid in jids {
        if interrupt::requested() {
            break;
        }
        let Some(copies) = found.get(jid) else {
            summary.record(
                jid,
                Outcome::NotFound(format!("not on queue {}", queue.shown())),
            );
            continue;
        };
        let mut removed = 0;
        for entry in copies {
            let done = delete_entry(store, &key, entry, recorder.as_deref())?;
            removed += done.removed;
            *locks_released += done.locks_released;
            if let Some(r) = recorder.as_deref_mut() {
                r.add(done.removed, done.removed * entry.raw.len() as u64);
            }
        }
        summary.record(
            jid,
            if removed > 0 {
                Outcome::Done
            } else {
                Outcome::Gone
            },
        );
    }
    Ok(())
}

fn delete_bulk(ctx: &mut Ctx, args: &DeleteJobArgs) -> anyhow::Result<Exit> {
    let queue = &args.queue_name;
    let key = keys::queue(queue);
    let ui = ctx.ui.clone();
    let now = ui.clock.now;
    let selection = WaitingFilter::new(&args.filter, now);
    let store = ctx.store()?;
    store.expect_type(&key, KeyType::List)?;
    refuse_missing(store, queue, "deleted")?;

    // The counting pass: what the confirmation names and --dry-run shows.
    let mut plan = Plan::new();
    let mut pager = ListPager::new(&key);
    let mut seen = crate::ops::filter::Seen::default();
    let see = selection.jobs().names_values();
    while let Some(page) = pager.next_page(store)? {
        for raw in page {
            plan.scanned += 1;
            let parsed = Job::parse(&raw);
            if see {
                selection.jobs().see(&mut seen, &parsed);
            }
            if selection.matches(&parsed) {
                plan.add(&raw);
            }
        }
    }
    // A value that names nothing on the queue is most likely a typo.
    if plan.matched == 0
        && !args.force
        && let Some(why) = selection.jobs().named_nothing(&seen, &key.shown())
    {
        return Err(UsageError(format!(
            "{why}; nothing was changed (--force runs it anyway)"
        ))
        .into());
    }
    // Nothing matched on a queue that holds jobs: say why, on dry and real runs alike.
    if plan.matched == 0 && plan.scanned > 0 {
        let held = crate::ops::empty::Held {
            total: plan.scanned,
            ..Default::default()
        };
        let noun = crate::ops::empty::Noun {
            many: "waiting jobs",
            verb: "was enqueued",
        };
        crate::render::empty::explain(&ctx.ui, &held, &noun, &args.filter, false);
    }
    if args.dry_run {
        let store = ctx.store()?;
        let (matched, bytes) = (plan.matched, plan.bytes);
        let mut report = plan.report(queue, store.target(), Vec::new());
        report.undo = ctx.would_keep(matched, bytes);
        return emit(ctx, &report);
    }
    let store = ctx.store()?;
    let mut summary = Summary::new("delete", "deleted", &key, store.target());
    let mut locks_released = 0;
    let mut result = Ok(());
    let mut recorder = None;
    if plan.matched > 0 {
        confirm(
            &ui,
            args.yes,
            &format!(
                "Delete {} of {} ({}) from queue {} on {}?",
                count(plan.matched),
                counted(plan.scanned, "job", "jobs"),
                one_line(&describe(&args.filter, now)),
                queue.shown(),
                store.target()
            ),
        )?;
        recorder = ctx.start_undo(Kind::ListRemove, &[("key", key.as_bytes())])?;
        interrupt::watch();
        let progress = Progress::new(&ui, plan.matched, "deleting");
        result = delete_pass(
            ctx.store()?,
            &key,
            &selection,
            &args.pace,
            &progress,
            &mut summary,
            &mut locks_released,
            recorder.as_mut(),
        );
        progress.finish();
    }
    summary.finish();
    summary.undo = ctx.finish_undo(recorder.as_ref());
    let exit = summary.exit();
    // A filter that matched nothing changed nothing: no audit entry.
    if plan.matched > 0 {
        ctx.record(crate::ops::Counts::from(&summary));
    }
    let report = DeleteReport {
        summary,
        locks_released,
        exit,
    };
    // The summary of what was done is shown even when the run stopped on an error.
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    result?;
    Ok(exit)
}

/// Page the queue from the head, deleting the selected jobs page by page in batches, each
/// by its exact bytes. Removed entries shift the rest towards the head, so the next page
/// starts that many entries earlier. Jobs pushed meanwhile (at the head) shift it the other
/// way: entries may then be read twice, never deleted unless they match.
#[allow(clippy::too_many_arguments)]
fn delete_pass(
    store: &mut Store,
    key: &Name,
    selection: &WaitingFilter,
    pace: &PaceArgs,
    progress: &Progress,
    summary: &mut Summary,
    locks_released: &mut u64,
    mut recorder: Option<&mut Recorder>,
) -> anyhow::Result<()> {
    let tombstone = tombstone(key);
    let mut pacer = Pacer::new(pace.rate);
    let mut next = 0u64;
    loop {
        if interrupt::requested() {
            return Ok(());
        }
        let page: Vec<Vec<u8>> = store.query(
            redis::cmd("LRANGE")
                .arg(key)
                .arg(next)
                .arg(next + PAGE as u64 - 1),
            key,
            KeyType::List,
        )?;
        let read = page.len() as u64;
        let selected: Vec<Entry> = page
            .into_iter()
            .enumerate()
            .filter(|(_, raw)| selection.matches(&Job::parse(raw)))
            .map(|(i, raw)| Entry::of(next + i as u64, raw))
            .collect();
        let mut removed = 0u64;
        for batch in selected.chunks(pace.batch as usize) {
            if interrupt::requested() {
                return Ok(());
            }
            let found = delete_batch(store, key, &tombstone, batch, removed, recorder.as_deref())?;
            for (entry, found) in batch.iter().zip(found) {
                let outcome = match found {
                    Some(released) => {
                        removed += 1;
                        *locks_released += released;
                        if let Some(r) = recorder.as_deref_mut() {
                            r.add(1, entry.raw.len() as u64);
                        }
                        Outcome::Done
                    }
                    // Not where it was read: look for it in the whole queue.
                    None => {
                        let done = delete_entry(store, key, entry, recorder.as_deref())?;
                        removed += done.removed;
                        *locks_released += done.locks_released;
                        if let Some(r) = recorder.as_deref_mut() {
                            r.add(done.removed, done.removed * entry.raw.len() as u64);
                        }
                        if done.removed > 0 {
                            Outcome::Done
                        } else {
                            Outcome::Gone
                        }
                    }
                };
                summary.record(&entry.jid, outcome);
            }
            progress.inc(batch.len() as u64);
            pacer.after(batch.len() as u64);
        }
        if read < PAGE as u64 {
            return Ok(());
        }
        next = (next + read).saturating_sub(removed);
    }
}
