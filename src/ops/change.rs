//! Retry, delete, kill, reschedule and enqueue-now on the retry, dead and scheduled sets: one
//! entry by jid, or in bulk by filters, from a plan file. A change is planned ([`Change`]),
//! surveyed without touching anything ([`Change::dry_run`]), prepared (the plan file checked,
//! the entries counted: [`Change::prepare`]) and applied in paced, interruptible batches, each
//! one atomic script that keeps its undo record ([`Change::apply`]). What it did comes back as
//! data; asking for confirmation and showing the result are the front-end's.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use redis::Value;
use serde::Serialize;

use crate::ops::bulk::{Outcome, Pacer, Summary};
use crate::ops::entries as transfer;
use crate::ops::filter::{FilterArgs, JobFilter};
use crate::ops::{Counts, Progress, Session};
use crate::store::job::{Job, Unparseable};
use crate::store::locks::lock_keys;
use crate::store::page::{Order, Score, ScoreRange, ZEntry, ZPager};
use crate::store::rewrite::{rewrite, ruby_float};
use crate::store::scripts::{
    DELETE_BATCH, DELETE_SIDE, DELETE_WHOLE, KILL_BATCH, REQUEUE_BATCH, RESCHEDULE_BATCH,
};
use crate::store::undo::{self, Kind, Recorder};
use crate::store::{JobSet, KeyType, Name, RawJob, Store, StoreResult, find, keys, value};
use crate::term::exit::UsageError;
use crate::term::interrupt;
use crate::term::ui::Ui;
use crate::text::size::count;
use crate::text::visible;

/// The change made to each entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Back to its queue now (claim-and-requeue).
    Requeue {
        reset_retries: bool,
    },
    /// Retry → dead.
    Kill,
    Delete,
    /// A new score, same payload.
    Reschedule {
        score: f64,
    },
}

impl Action {
    pub fn name(self, set: JobSet) -> &'static str {
        match (self, set) {
            (Action::Requeue { .. }, JobSet::Schedule) => "enqueue-now",
            (Action::Requeue { .. }, _) => "retry",
            (Action::Kill, _) => "kill",
            (Action::Delete, _) => "delete",
            (Action::Reschedule { .. }, _) => "reschedule",
        }
    }

    pub fn verb(self, set: JobSet) -> &'static str {
        match (self, set) {
            (Action::Requeue { .. }, JobSet::Schedule) => "enqueued",
            (Action::Requeue { .. }, _) => "retried",
            (Action::Kill, _) => "killed",
            (Action::Delete, _) => "deleted",
            (Action::Reschedule { .. }, _) => "rescheduled",
        }
    }

    /// Requeue and reschedule of jobs named one by one change nothing irreversibly; every
    /// other run asks first.
    pub fn needs_confirmation(self, named: bool) -> bool {
        !named || matches!(self, Action::Kill | Action::Delete)
    }
}

/// Where the entries come from.
pub enum Source {
    /// Jobs named by jid.
    Jids(Vec<String>),
    /// Every entry matching the filters (or all).
    Scan(Box<JobFilter>),
    /// Exactly the entries of a plan file.
    Plan(PathBuf),
}

impl Source {
    /// The entries named (`jids`), or selected by `filter` (or `all`), or those of a `plan`
    /// file: exactly one of the three, else a usage error.
    pub fn choose(
        jids: Vec<String>,
        filter: &FilterArgs,
        all: bool,
        plan: Option<&Path>,
        now: f64,
    ) -> anyhow::Result<Source> {
        let filtered = filter.any();
        let usage = |text: &str| -> anyhow::Error { UsageError(text.to_string()).into() };
        match (plan, jids.is_empty(), filtered || all) {
            (Some(path), true, false) => Ok(Source::Plan(path.to_path_buf())),
            (Some(_), _, _) => Err(usage(
                "--plan applies exactly the plan's entries: give no jids, filters or --all with it",
            )),
            (None, false, false) => Ok(Source::Jids(jids)),
            (None, false, true) => Err(usage("give jids, or filters / --all, not both")),
            (None, true, true) => Ok(Source::Scan(Box::new(JobFilter::new(filter, now)))),
            (None, true, false) => Err(usage(
                "name the jobs (JID…, --jid-file), or select them with filters or --all",
            )),
        }
    }
}

/// One entry ready for the batch script.
pub(crate) struct Item {
    pub(crate) entry: ZEntry,
    pub(crate) jid: String,
    /// The script's arguments for this entry, after the raw member.
    pub(crate) args: Vec<Vec<u8>>,
    /// The queue a requeue pushes to (for --max-queue-depth).
    pub(crate) queue: Option<String>,
}

/// Decide what `action` does to `entry`: an item for the script, or an outcome now.
pub(crate) fn prepare(
    set: JobSet,
    action: Action,
    entry: &ZEntry,
    now: f64,
) -> Result<Item, (String, Outcome)> {
    let parsed = entry.member.parse();
    let jid = display_jid(&parsed);
    let bare = |jid: &str| jid.to_string();
    let locks = |job: &Result<Job<'_>, Unparseable>| -> (Vec<u8>, Vec<u8>) {
        let mut keys = parsed_locks(job).into_iter();
        (
            keys.next().unwrap_or_default().into_bytes(),
            keys.next().unwrap_or_default().into_bytes(),
        )
    };
    let own_jid = match &parsed {
        Ok(job) => job.jid.as_deref().unwrap_or("").to_string(),
        Err(_) => String::new(),
    };
    let item = |args: Vec<Vec<u8>>, queue: Option<String>| Item {
        entry: entry.clone(),
        jid: bare(&jid),
        args,
        queue,
    };
    match action {
        Action::Requeue { reset_retries } => {
            let job = match &parsed {
                Ok(job) => job,
                Err(bad) => {
                    return Err((jid, Outcome::Skipped(format!("not a job: {}", bad.reason))));
                }
            };
            if job.is_wrapper() {
                return Err((
                    jid,
                    Outcome::Skipped(
                        "the gem's (unparseable) wrapper: its payload is not a job".into(),
                    ),
                ));
            }
            let queue = match job.queue.as_deref() {
                Some(q) if !q.is_empty() => q.to_string(),
                _ => return Err((jid, Outcome::Skipped("no queue to requeue onto".into()))),
            };
            let remove: &[&str] = if reset_retries { &["retry_count"] } else { &[] };
            let payload = rewrite(job, &[("enqueued_at", ruby_float(now))], remove);
            Ok(item(
                vec![queue.clone().into_bytes(), payload.into_bytes()],
                Some(queue),
            ))
        }
        Action::Kill => {
            let (unique, periodic) = locks(&parsed);
            Ok(item(vec![own_jid.into_bytes(), unique, periodic], None))
        }
        Action::Delete => {
            let attempts = match set {
                JobSet::Retry | JobSet::Dead if !own_jid.is_empty() => keys::job_attempts(&own_jid),
                _ => Name::default(),
            };
            let (unique, periodic) = locks(&parsed);
            Ok(item(
                vec![
                    own_jid.into_bytes(),
                    attempts.into_bytes(),
                    unique,
                    periodic,
                ],
                None,
            ))
        }
        Action::Reschedule { .. } => Ok(item(Vec::new(), None)),
    }
}

fn parsed_locks(job: &Result<Job<'_>, Unparseable>) -> Vec<Name> {
    match job {
        Ok(job) if job.jid.is_some() => lock_keys(job),
        _ => Vec::new(),
    }
}

fn display_jid(parsed: &Result<Job<'_>, Unparseable>) -> String {
    match parsed {
        Ok(job) => job.jid.as_deref().unwrap_or("?").to_string(),
        Err(bad) => bad.display_jid.clone(),
    }
}

/// Run one batch as one script call; each entry's outcome, in order.
fn execute(
    store: &mut Store,
    set: JobSet,
    action: Action,
    items: &[Item],
    now: f64,
    recorder: Option<&Recorder>,
) -> StoreResult<Vec<Outcome>> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    let mut args: Vec<Vec<u8>> = Vec::with_capacity(items.len() * 5 + 3);
    let (prefix, until) = undo::script_args(recorder);
    args.push(prefix);
    args.push(until);
    let (script, keys): (_, Vec<&[u8]>) = match action {
        Action::Requeue { .. } => {
            args.push(keys::queue_prefix().as_bytes().to_vec());
            (
                &REQUEUE_BATCH,
                vec![set.key().as_bytes(), keys::QUEUES.as_bytes()],
            )
        }
        Action::Kill => {
            args.push(ruby_float(now).into_bytes());
            (
                &KILL_BATCH,
                vec![set.key().as_bytes(), keys::DEAD.as_bytes()],
            )
        }
        Action::Delete => (&DELETE_BATCH, vec![set.key().as_bytes()]),
        Action::Reschedule { score } => {
            args.push(ruby_float(score).into_bytes());
            (&RESCHEDULE_BATCH, vec![set.key().as_bytes()])
        }
    };
    for item in items {
        args.push(item.entry.member.raw.clone());
        args.extend(item.args.iter().cloned());
    }
    let arg_refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
    let reply = store.eval(script, &keys, &arg_refs)?;
    let results = value::items(&reply);
    Ok(items
        .iter()
        .enumerate()
        .map(|(i, _)| match results.get(i) {
            Some(Value::Int(1)) => Outcome::Done,
            Some(Value::Int(0)) => Outcome::Gone,
            Some(other) => Outcome::Failed(
                value::string(other).unwrap_or_else(|| format!("unexpected reply {other:?}")),
            ),
            None => Outcome::Failed("no reply for this entry".into()),
        })
        .collect())
}

/// Through Sentinel, before each batch: the Sentinels are asked which server is the primary
/// now, and once it is another than the one this connection reaches (a failover), the change
/// stops before it writes there: what it wrote to a primary being demoted would be lost when
/// that server becomes a replica. (A Sentinel that can't be asked is no reason to stop.)
fn still_primary(store: &mut Store) -> StoreResult<()> {
    if let Ok(Some(((host, port), _))) = store.connector().check_primary()
        && !store.is_current()
    {
        return Err(crate::store::StoreError::Unavailable {
            target: store.target().to_string(),
            reason: format!(
                "the Sentinels name {host}:{port} as the primary now (a failover): stopped \
                 before writing to the server being demoted; the same command run again goes \
                 on there"
            ),
        });
    }
    Ok(())
}

/// Reads the candidates of a bulk change in pages, oldest first, while the change removes
/// them. Bounded at start by the top score and the count in range (the snapshot): entries that
/// arrive during the run — a retried job that fails again lands with a later score — are
/// never visited. Within a run of equal scores, the entries visited and still there (not
/// matched, skipped, failed) are skipped by offset, and never visited twice.
pub(crate) struct Scan {
    key: &'static str,
    min: String,
    max: String,
    budget: u64,
    cursor: Option<Score>,
    kept_at_cursor: HashSet<Vec<u8>>,
    done: bool,
}

impl Scan {
    /// `bounded`: also stop after as many entries as the range held at start (not for a
    /// reschedule, whose entries may come round again at their new score and are skipped).
    pub(crate) fn start(
        store: &mut Store,
        set: JobSet,
        range: ScoreRange,
        bounded: bool,
    ) -> StoreResult<Scan> {
        let mut pager = ZPager::new(set.key(), Order::OldestFirst, range.clone());
        pager.snapshot(store)?;
        let max = pager.max().to_string();
        // Bounded by the top score seen now: entries added later above it are not counted.
        let budget = ScoreRange {
            min: range.min.clone(),
            max: max.clone(),
        }
        .count(store, set.key())?;
        Ok(Scan {
            key: set.key(),
            min: range.min,
            max,
            budget: if bounded { budget } else { u64::MAX },
            cursor: None,
            kept_at_cursor: HashSet::new(),
            done: pager.is_done(),
        })
    }

    fn next_page(&mut self, store: &mut Store, size: usize) -> StoreResult<Vec<ZEntry>> {
        if self.done || self.budget == 0 {
            return Ok(Vec::new());
        }
        let from = self
            .cursor
            .as_ref()
            .map_or(self.min.clone(), |c| c.text.clone());
        let offset = self.kept_at_cursor.len();
        let size = size.min(usize::try_from(self.budget).unwrap_or(usize::MAX));
        let reply: Value = store.query(
            redis::cmd("ZRANGEBYSCORE")
                .arg(self.key)
                .arg(&from)
                .arg(&self.max)
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(offset)
                .arg(size),
            self.key,
            KeyType::Zset,
        )?;
        let mut page = crate::store::page::zentries(reply);
        if page.len() < size {
            self.done = true;
        }
        let kept = &self.kept_at_cursor;
        let at = self.cursor.as_ref().map(|c| c.value);
        page.retain(|e| !(Some(e.score.value) == at && kept.contains(&e.member.raw)));
        self.budget = self.budget.saturating_sub(page.len() as u64);
        if page.is_empty() {
            self.done = true;
        }
        Ok(page)
    }

    /// The last `n` entries of the page just read were not visited (a run that took what it
    /// needed from the page): the next page reads them again.
    fn put_back(&mut self, n: usize) {
        if n > 0 {
            self.budget = self.budget.saturating_add(n as u64);
            self.done = false;
        }
    }

    /// After a page: which of its entries are still at their score (not removed or moved).
    fn visited(&mut self, entry: &ZEntry, still_there: bool) {
        if self.cursor.as_ref().map(|c| c.value) != Some(entry.score.value) {
            self.cursor = Some(entry.score.clone());
            self.kept_at_cursor.clear();
        }
        if still_there {
            self.kept_at_cursor.insert(entry.member.raw.clone());
        }
    }
}

/// Why a jid named for `action` on `set` is not there: where it is instead, with the
/// command that acts there (a jid given to the wrong set is the usual slip). Only the other
/// two sets are looked at, and only for a jid that was not found; `cogctl job JID` looks
/// everywhere else.
fn elsewhere(store: &mut Store, set: JobSet, action: Action, jid: &str) -> StoreResult<String> {
    let others: Vec<JobSet> = JobSet::ALL.into_iter().filter(|&o| o != set).collect();
    for other in &others {
        if find::in_zset(store, other.key(), jid)?.is_empty() {
            continue;
        }
        let verb = match (action, other) {
            (Action::Requeue { .. }, JobSet::Schedule) => Some("enqueue-now"),
            (Action::Requeue { .. }, _) => Some("retry"),
            (Action::Delete, _) => Some("delete"),
            (Action::Kill, JobSet::Retry) => Some("kill"),
            (Action::Reschedule { .. }, JobSet::Retry | JobSet::Schedule) => Some("reschedule"),
            _ => None,
        };
        let place = match other {
            JobSet::Schedule => "scheduled",
            JobSet::Retry => "in the retry set",
            JobSet::Dead => "dead",
        };
        let hint = match verb {
            Some(verb) => format!(
                "`cogctl {} {verb} {}` acts there",
                other.name(),
                visible(jid)
            ),
            None => format!("`cogctl job {}` shows it", visible(jid)),
        };
        return Ok(format!(
            "not in {}: it is {place} ({}); {hint}",
            set.key(),
            other.key()
        ));
    }
    Ok(format!(
        "not in {}, nor in {} or {}; `cogctl job {}` searches everywhere",
        set.key(),
        others[0].key(),
        others[1].key(),
        visible(jid)
    ))
}

/// The plan of a dry run (also what --plan-out writes): what would be done, to what.
#[derive(Debug, Serialize)]
pub struct PlanReport {
    pub action: String,
    pub source: String,
    pub target: String,
    pub db: i64,
    /// Entries the action would apply to.
    pub entries: u64,
    /// Entries matched but left alone, by reason.
    pub skipped: BTreeMap<String, u64>,
    pub by_class: BTreeMap<String, u64>,
    pub by_queue: BTreeMap<String, u64>,
    pub by_error: BTreeMap<String, u64>,
    /// Jids named that are not in the set.
    pub not_found: Vec<String>,
    /// For each of `not_found`, where it is instead and the command that acts there.
    #[serde(skip)]
    pub not_found_why: Vec<String>,
    /// A filter value that named nothing in the set, as a sentence (none matched).
    #[serde(skip)]
    pub named_nothing: Option<String>,
    /// The first entries, as a sample.
    pub sample: Vec<PlanSample>,
    /// The file the exact entries were written to (--plan-out).
    pub plan_out: Option<String>,
    /// What the change would keep to be undone (absent with --no-undo).
    pub undo: Option<undo::Kept>,
    /// The command that would take it back, when not `cogctl undo` (a change across a fleet
    /// is taken back on every shard at once by `cogctl --fleet NAME undo`).
    #[serde(skip)]
    pub undone_by: Option<String>,
    #[serde(skip)]
    pub bytes: u64,
}

#[derive(Debug, Serialize)]
pub struct PlanSample {
    pub jid: String,
    pub class: Option<String>,
    pub queue: Option<String>,
    pub error: Option<String>,
    pub score: f64,
}

const SAMPLE: usize = 10;

impl PlanReport {
    fn add(&mut self, entry: &ZEntry) {
        self.entries += 1;
        self.bytes += entry.member.raw.len() as u64;
        let parsed = entry.member.parse();
        let (class, queue, error) = match &parsed {
            Ok(job) => (
                job.class.as_deref().unwrap_or("-").to_string(),
                job.queue.as_deref().unwrap_or("-").to_string(),
                job.error_class.as_deref().unwrap_or("-").to_string(),
            ),
            Err(_) => ("(unparseable)".into(), "-".into(), "-".into()),
        };
        if self.sample.len() < SAMPLE {
            self.sample.push(PlanSample {
                jid: display_jid(&parsed),
                class: Some(class.clone()),
                queue: Some(queue.clone()),
                error: parsed.as_ref().ok().and_then(|j| j.error_line()),
                score: entry.score.value,
            });
        }
        *self.by_class.entry(class).or_default() += 1;
        *self.by_queue.entry(queue).or_default() += 1;
        *self.by_error.entry(error).or_default() += 1;
    }
}

/// A plan file checked whole (every line an entry of this set) before anything changes:
/// the file (stdin is spooled to a private copy) and how many entries it holds.
struct Plan {
    file: File,
    entries: u64,
}

impl Plan {
    fn open(path: &Path, set: JobSet) -> anyhow::Result<Plan> {
        let file = transfer::open_input(path)?;
        let source = path.display().to_string();
        let Some(entries) = transfer::check_input(&file, set, &source)? else {
            return Err(interrupt::Interrupted.into());
        };
        Ok(Plan { file, entries })
    }

    /// The entries in batches of `size`, read as they are needed.
    fn batches(&self, set: JobSet, size: usize) -> anyhow::Result<PlanBatches> {
        Ok(PlanBatches {
            lines: transfer::Lines::new(&self.file)?,
            set,
            checked: self.entries,
            size,
        })
    }
}

struct PlanBatches {
    lines: transfer::Lines,
    set: JobSet,
    checked: u64,
    size: usize,
}

impl PlanBatches {
    fn next(&mut self) -> anyhow::Result<Vec<ZEntry>> {
        Ok(self
            .lines
            .batch(self.set, self.checked, self.size)?
            .into_iter()
            .filter_map(|e| {
                Some(ZEntry {
                    score: Score::parse(e.score)?,
                    member: RawJob::new(e.member),
                })
            })
            .collect())
    }
}

/// One change to a sorted set, planned: what it does, to which entries, at what pace.
pub struct Change {
    pub set: JobSet,
    pub action: Action,
    pub source: Source,
    /// Entries per script call.
    pub batch: usize,
    /// Entries per second at most (`None`: as fast as Redis takes them).
    pub rate: Option<f64>,
    /// Wait while a queue a requeue pushes to holds more than this.
    pub max_depth: Option<u64>,
    /// Any filter was given (a delete of a whole set, unfiltered and unpaced, moves the set
    /// under its undo record in one step).
    pub filtered: bool,
    /// Where each entry's outcome is written as NDJSON.
    pub report: Option<PathBuf>,
}

/// A change ready to apply: its plan file checked whole, and how many entries it expects.
pub struct Prepared {
    plan: Option<Plan>,
    pub expected: u64,
    /// A filter value that named nothing in the set, said as a sentence (none matched).
    pub named_nothing: Option<String>,
}

/// What an applied change did. `error` is why it stopped early (a lost connection): the
/// summary then says what was done before it.
pub struct Applied {
    pub summary: Summary,
    pub error: Option<anyhow::Error>,
}

impl Change {
    /// The change selects entries by filters (not by jid, not from a plan file).
    pub fn is_scan(&self) -> bool {
        matches!(self.source, Source::Scan(_))
    }

    /// The change names its entries by jid.
    pub fn is_named(&self) -> bool {
        matches!(self.source, Source::Jids(_))
    }

    /// What the change would do, read-only: counts by class, queue and error, a sample, the
    /// jids not found and where they are, and what it would keep to be undone. With
    /// `plan_out`, the exact entries are written there (apply them with a `Plan` source).
    pub fn dry_run(
        &self,
        ctx: &mut Session,
        plan_out: Option<&Path>,
    ) -> anyhow::Result<PlanReport> {
        let ui = ctx.ui.clone();
        let store = ctx.store()?;
        store.expect_type(self.set.key(), KeyType::Zset)?;
        let target = store.target().to_string();
        let db = store.connector().db();
        let mut report = survey(
            store,
            self.set,
            self.action,
            &self.source,
            plan_out,
            &target,
            db,
            &ui,
        )?;
        // A requeue keeps the payload it pushes beside the member: about twice the bytes.
        let factor = if matches!(self.action, Action::Requeue { .. }) {
            2
        } else {
            1
        };
        report.undo = ctx.would_keep(report.entries, report.bytes * factor);
        Ok(report)
    }

    /// Check the set's type and the plan file (every line, before anything changes) and count
    /// the entries the change expects, for a confirmation and a progress bar.
    pub fn prepare(&self, store: &mut Store) -> anyhow::Result<Prepared> {
        store.expect_type(self.set.key(), KeyType::Zset)?;
        let plan = match &self.source {
            Source::Plan(path) => Some(Plan::open(path, self.set)?),
            _ => None,
        };
        let (expected, named_nothing) = match (&self.source, &plan) {
            (_, Some(plan)) => (plan.entries, None),
            (Source::Jids(jids), _) => (jids.len() as u64, None),
            (Source::Scan(filter), _) => count_matches(store, self.set, filter)?,
            (Source::Plan(_), None) => (0, None),
        };
        Ok(Prepared {
            plan,
            expected,
            named_nothing,
        })
    }

    /// Make the change: its undo record started (unless --no-undo), then batch after batch,
    /// paced, until done or interrupted (Ctrl-C stops between batches, every entry in exactly
    /// one place); each entry's outcome to `progress` and the summary. The counts and the
    /// digest of what it acted on go to the audit entry.
    pub fn apply(
        self,
        ctx: &mut Session,
        prepared: Prepared,
        progress: &dyn Progress,
    ) -> anyhow::Result<Applied> {
        // Every entry, deleted and kept to be undone: the whole set moves under the record in
        // one step (no copy), then each entry's attempts log and locks are seen to.
        let whole = matches!(self.action, Action::Delete) && !self.filtered && self.rate.is_none();
        let (applied, _) =
            self.run(
                ctx,
                prepared,
                progress,
                |run, store, source, prepared| match source {
                    Source::Scan(_) if whole && run.recorder.is_some() => run.whole(store),
                    Source::Scan(filter) => run.scan(store, &filter),
                    Source::Jids(jids) => run.jids(store, &jids),
                    Source::Plan(_) => match &prepared.plan {
                        Some(plan) => run.plan(store, plan),
                        None => Ok(()),
                    },
                },
            )?;
        Ok(applied)
    }

    /// The frame of every applied change: its undo record started, the run set up, `body`
    /// run on it, then the record closed and the counts, digest and summary made. `body`'s
    /// value comes back beside what was applied, unless it ended with an error (then in
    /// `Applied::error`).
    pub(crate) fn run<T>(
        self,
        ctx: &mut Session,
        prepared: Prepared,
        progress: &dyn Progress,
        body: impl FnOnce(&mut Run<'_>, &mut Store, Source, &Prepared) -> anyhow::Result<T>,
    ) -> anyhow::Result<(Applied, Option<T>)> {
        let set = self.set;
        let recorder = match self.action {
            Action::Requeue { .. } => {
                ctx.start_undo(Kind::Requeue, &[("key", set.key().as_bytes())])
            }
            Action::Kill => ctx.start_undo(
                Kind::ZsetMove,
                &[
                    ("key", set.key().as_bytes()),
                    ("other", keys::DEAD.as_bytes()),
                ],
            ),
            Action::Delete => ctx.start_undo(Kind::ZsetRemove, &[("key", set.key().as_bytes())]),
            Action::Reschedule { .. } => {
                ctx.start_undo(Kind::Rescore, &[("key", set.key().as_bytes())])
            }
        }?;
        let clock = ctx.ui.clock;
        let store = ctx.store()?;
        let target = store.target().to_string();
        interrupt::watch();
        let mut summary = Summary::new(
            self.action.name(set),
            self.action.verb(set),
            set.key(),
            &target,
        );
        let mut report = match &self.report {
            Some(path) => {
                Some(BufWriter::new(File::create(path).with_context(|| {
                    format!("cannot write {}", path.display())
                })?))
            }
            None => None,
        };
        let mut run = Run {
            set,
            action: self.action,
            batch: self.batch,
            max_depth: self.max_depth,
            pacer: Pacer::new(self.rate),
            rate: self.rate,
            clock,
            progress,
            moves: None,
            summary: &mut summary,
            report: report.as_mut(),
            digest: sha1::Digest::new(),
            recorder,
        };
        let result = body(&mut run, store, self.source, &prepared);
        let digest = sha1::Digest::finalize(run.digest);
        let recorder = run.recorder;
        if let Some(mut file) = report {
            file.flush()?;
        }
        summary.finish();
        summary.undo = ctx.finish_undo(recorder.as_ref());
        ctx.record(Counts::from(&summary));
        ctx.audit.plan_digest = Some(digest.iter().map(|b| format!("{b:02x}")).collect());
        let (value, error) = match result {
            Ok(v) => (Some(v), None),
            Err(e) => (None, Some(e)),
        };
        Ok((Applied { summary, error }, value))
    }
}

/// How many entries the filters select now (for the confirmation and the progress bar).
/// The entries the filter selects, and, when none and the filter names a class, queue or
/// error that nothing in the set has, that sentence (`JobFilter::named_nothing`).
fn count_matches(
    store: &mut Store,
    set: JobSet,
    filter: &JobFilter,
) -> StoreResult<(u64, Option<String>)> {
    let range = filter.range();
    if filter.only_range() {
        return Ok((range.count(store, set.key())?, None));
    }
    let mut pager = ZPager::new(set.key(), Order::OldestFirst, range);
    pager.snapshot(store)?;
    let mut n = 0;
    let mut seen = crate::ops::filter::Seen::default();
    let see = filter.names_values();
    while let Some(page) = pager.next_page(store)? {
        for e in &page {
            let parsed = e.member.parse();
            if see {
                filter.see(&mut seen, &parsed);
            }
            if filter.matches(&parsed) {
                n += 1;
            }
        }
    }
    let nothing = (n == 0)
        .then(|| filter.named_nothing(&seen, set.key()))
        .flatten();
    Ok((n, nothing))
}

/// A dry run: what the action would do, read-only.
#[allow(clippy::too_many_arguments)]
fn survey(
    store: &mut Store,
    set: JobSet,
    action: Action,
    source: &Source,
    plan_out: Option<&Path>,
    target: &str,
    db: i64,
    ui: &Ui,
) -> anyhow::Result<PlanReport> {
    let mut report = PlanReport {
        action: action.name(set).to_string(),
        source: set.key().to_string(),
        target: target.to_string(),
        db,
        entries: 0,
        skipped: BTreeMap::new(),
        by_class: BTreeMap::new(),
        by_queue: BTreeMap::new(),
        by_error: BTreeMap::new(),
        not_found: Vec::new(),
        not_found_why: Vec::new(),
        named_nothing: None,
        sample: Vec::new(),
        plan_out: plan_out.map(|p| p.display().to_string()),
        undo: None,
        bytes: 0,
        undone_by: None,
    };
    let mut writer = match plan_out {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot write {}", path.display())
            })?))
        }
        None => None,
    };
    let now = ui.clock.now;
    let mut visit = |entry: &ZEntry, report: &mut PlanReport| -> io::Result<()> {
        match prepare(set, action, entry, now) {
            Ok(_) => {
                report.add(entry);
                if let Some(w) = writer.as_mut() {
                    transfer::write_entry(w, Some(set), &entry.score.text, &entry.member.raw)?;
                }
            }
            Err((_, outcome)) => {
                let reason = outcome.reason().unwrap_or(outcome.name()).to_string();
                *report.skipped.entry(reason).or_default() += 1;
            }
        }
        Ok(())
    };
    match source {
        Source::Scan(filter) => {
            let mut pager = ZPager::new(set.key(), Order::OldestFirst, filter.range());
            pager.snapshot(store)?;
            let mut seen = crate::ops::filter::Seen::default();
            let see = filter.names_values();
            let mut matched = 0u64;
            while let Some(page) = pager.next_page(store)? {
                for entry in &page {
                    let parsed = entry.member.parse();
                    if see {
                        filter.see(&mut seen, &parsed);
                    }
                    if filter.matches(&parsed) {
                        matched += 1;
                        visit(entry, &mut report)?;
                    }
                }
            }
            if matched == 0 {
                report.named_nothing = filter.named_nothing(&seen, set.key());
            }
        }
        Source::Jids(jids) => {
            for jid in jids {
                let found = find::in_zset(store, set.key(), jid)?;
                if found.is_empty() {
                    report.not_found.push(jid.clone());
                    let why = elsewhere(store, set, action, jid)?;
                    report.not_found_why.push(why);
                }
                for entry in &found {
                    visit(entry, &mut report)?;
                }
            }
        }
        Source::Plan(path) => {
            let plan = Plan::open(path, set)?;
            let mut batches = plan.batches(set, 1000)?;
            loop {
                let batch = batches.next()?;
                if batch.is_empty() {
                    break;
                }
                let mut pipe = redis::pipe();
                for entry in &batch {
                    pipe.cmd("ZSCORE").arg(set.key()).arg(&entry.member.raw);
                }
                for (entry, present) in batch.iter().zip(store.pipeline(&pipe)?) {
                    match present {
                        Ok(Value::Nil) | Err(_) => {
                            *report
                                .skipped
                                .entry("no longer in the set (gone)".into())
                                .or_default() += 1;
                        }
                        Ok(_) => visit(entry, &mut report)?,
                    }
                }
            }
        }
    }
    if let Some(mut w) = writer {
        w.flush()?;
    }
    Ok(report)
}

/// What a run tells the one watching its moves (a canary run) of each batch.
pub(crate) trait Moves {
    /// Before the batch's script runs: the items it is about to act on (what must be read
    /// before they move is read now).
    fn before(&mut self, store: &mut Store, items: &[Item]) -> StoreResult<()>;
    /// After it: each item's outcome, in order.
    fn after(&mut self, items: &[Item], outcomes: &[Outcome]);
}

/// The state of one run of changes.
pub(crate) struct Run<'a> {
    pub(crate) set: JobSet,
    pub(crate) action: Action,
    pub(crate) batch: usize,
    max_depth: Option<u64>,
    pub(crate) pacer: Pacer,
    pub(crate) rate: Option<f64>,
    pub(crate) clock: crate::clock::Clock,
    progress: &'a dyn Progress,
    /// Told of each batch before its script runs, and of each entry it moved (a canary run
    /// watches some of them).
    pub(crate) moves: Option<std::rc::Rc<std::cell::RefCell<dyn Moves>>>,
    summary: &'a mut Summary,
    report: Option<&'a mut BufWriter<File>>,
    /// SHA-1 of the members acted on, each followed by a newline: the audit's plan digest.
    digest: sha1::Sha1,
    /// Where what is done is kept to be undone (`None`: --no-undo).
    pub(crate) recorder: Option<Recorder>,
}

impl Run<'_> {
    /// Entries done so far in this run.
    pub(crate) fn moved(&self) -> u64 {
        self.summary.moved
    }

    /// Every entry the filters select, oldest first, in batches; stops between batches on
    /// Ctrl-C.
    fn scan(&mut self, store: &mut Store, filter: &JobFilter) -> anyhow::Result<()> {
        let bounded = !matches!(self.action, Action::Reschedule { .. });
        let mut scan = Scan::start(store, self.set, filter.range(), bounded)?;
        self.scan_some(store, filter, &mut scan, None)?;
        Ok(())
    }

    /// Entries of `scan` the filters select, until `limit` of them were done (all of them
    /// without one); how many were done. A page is read only as far as needed: what is left
    /// of it is read again by the next call.
    pub(crate) fn scan_some(
        &mut self,
        store: &mut Store,
        filter: &JobFilter,
        scan: &mut Scan,
        limit: Option<u64>,
    ) -> anyhow::Result<u64> {
        let page_size = self.batch.max(100);
        let mut done = 0u64;
        while !interrupt::requested() && limit.is_none_or(|l| done < l) {
            let page = scan.next_page(store, page_size)?;
            if page.is_empty() {
                break;
            }
            let mut still_there = vec![true; page.len()];
            let mut chosen = Vec::new();
            for (i, entry) in page.iter().enumerate() {
                // An entry already at the new time is one this run rescheduled (or needs none).
                let arrived = matches!(self.action, Action::Reschedule { score } if score == entry.score.value);
                if !arrived && filter.matches(&entry.member.parse()) {
                    chosen.push(i);
                }
            }
            // With a limit, the page is taken only as far as its `left`-th chosen entry.
            let mut visited_to = page.len();
            if let Some(l) = limit {
                let left = usize::try_from(l - done).unwrap_or(usize::MAX);
                if chosen.len() > left {
                    chosen.truncate(left);
                    visited_to = chosen.last().map_or(0, |&i| i + 1);
                }
            }
            for chunk in chosen.chunks(self.batch) {
                if interrupt::requested() {
                    break;
                }
                let entries: Vec<&ZEntry> = chunk.iter().map(|&i| &page[i]).collect();
                let outcomes = self.apply(store, &entries)?;
                for (&i, outcome) in chunk.iter().zip(outcomes) {
                    still_there[i] = match outcome {
                        Outcome::Done => {
                            done += 1;
                            matches!(self.action, Action::Reschedule { score } if score == page[i].score.value)
                        }
                        Outcome::Gone => false,
                        _ => true,
                    };
                }
            }
            if interrupt::requested() {
                break;
            }
            for (entry, there) in page.iter().zip(still_there).take(visited_to) {
                scan.visited(entry, there);
            }
            scan.put_back(page.len() - visited_to);
        }
        Ok(done)
    }

    /// Delete the whole set in one step, kept under the undo record, then in batches each
    /// entry's attempts log (moved under the record) and locks (released, noted): what the
    /// batch script does per entry, without moving members one by one.
    fn whole(&mut self, store: &mut Store) -> anyhow::Result<()> {
        let Some(mut recorder) = self.recorder.take() else {
            return Ok(());
        };
        let result = self.whole_with(store, &mut recorder);
        self.recorder = Some(recorder);
        result
    }

    fn whole_with(&mut self, store: &mut Store, recorder: &mut Recorder) -> anyhow::Result<()> {
        let kept = recorder.part("z");
        let until = recorder.until_arg();
        undo::set_fields(store, &recorder.id, &[("whole", b"1".to_vec())])?;
        store.eval(
            &DELETE_WHOLE,
            &[self.set.key().as_bytes(), kept.as_bytes()],
            &[until.as_bytes()],
        )?;
        let now = self.clock.current();
        let mut start = 0usize;
        loop {
            let reply: Value = store.query(
                redis::cmd("ZRANGE")
                    .arg(&kept)
                    .arg(start)
                    .arg(start + self.batch - 1)
                    .arg("WITHSCORES"),
                &kept,
                KeyType::Zset,
            )?;
            let page = crate::store::page::zentries(reply);
            if page.is_empty() {
                return Ok(());
            }
            start += page.len();
            let mut args: Vec<Vec<u8>> =
                vec![recorder.prefix().to_vec(), until.clone().into_bytes()];
            let mut done = Vec::with_capacity(page.len());
            for entry in &page {
                if let Ok(item) = prepare(self.set, Action::Delete, entry, now) {
                    args.push(entry.member.raw.clone());
                    args.extend(item.args);
                    done.push(item.jid);
                }
            }
            let refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
            store.eval(&DELETE_SIDE, &[], &refs)?;
            let bytes: usize = page.iter().map(|e| e.member.raw.len()).sum();
            recorder.add(page.len() as u64, bytes as u64);
            for (entry, jid) in page.iter().zip(&done) {
                self.record(jid, Some(entry), Outcome::Done)?;
            }
        }
    }

    /// The jobs named by jid: each found by a scan of the set, then acted on by its raw bytes.
    fn jids(&mut self, store: &mut Store, jids: &[String]) -> anyhow::Result<()> {
        for chunk in jids.chunks(self.batch) {
            if interrupt::requested() {
                break;
            }
            let mut entries = Vec::new();
            for jid in chunk {
                let found = find::in_zset(store, self.set.key(), jid)?;
                if found.is_empty() {
                    let why = elsewhere(store, self.set, self.action, jid)?;
                    self.record(jid, None, Outcome::NotFound(why))?;
                }
                entries.extend(found);
            }
            let refs: Vec<&ZEntry> = entries.iter().collect();
            self.apply(store, &refs)?;
        }
        Ok(())
    }

    /// Exactly the entries of a plan, by their raw bytes.
    fn plan(&mut self, store: &mut Store, plan: &Plan) -> anyhow::Result<()> {
        let mut batches = plan.batches(self.set, self.batch)?;
        while !interrupt::requested() {
            let batch = batches.next()?;
            if batch.is_empty() {
                break;
            }
            let refs: Vec<&ZEntry> = batch.iter().collect();
            self.apply(store, &refs)?;
        }
        Ok(())
    }

    /// One batch: prepare, wait for pacing and queue depth, run the script, record.
    pub(crate) fn apply(
        &mut self,
        store: &mut Store,
        entries: &[&ZEntry],
    ) -> anyhow::Result<Vec<Outcome>> {
        let now = self.clock.current();
        let mut outcomes: Vec<Option<Outcome>> = vec![None; entries.len()];
        let mut items = Vec::new();
        let mut slots = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            match prepare(self.set, self.action, entry, now) {
                Ok(item) => {
                    items.push(item);
                    slots.push(i);
                }
                Err((jid, outcome)) => {
                    self.record(&jid, Some(entry), outcome.clone())?;
                    outcomes[i] = Some(outcome);
                }
            }
        }
        if !items.is_empty() {
            self.wait_for_queues(store, &items)?;
            if interrupt::requested() && self.moves.is_some() {
                // A canary run stops between batches, this one included.
                return Ok(outcomes
                    .into_iter()
                    .map(|o| o.unwrap_or(Outcome::Gone))
                    .collect());
            }
            if let Some(moves) = &self.moves {
                moves.borrow_mut().before(store, &items)?;
            }
            still_primary(store)?;
            let results = execute(
                store,
                self.set,
                self.action,
                &items,
                now,
                self.recorder.as_ref(),
            )?;
            if let Some(recorder) = self.recorder.as_mut() {
                let (entries, bytes) = items
                    .iter()
                    .zip(&results)
                    .filter(|(_, o)| **o == Outcome::Done)
                    .fold((0, 0), |(n, b), (item, _)| {
                        let pushed = item.args.last().map_or(0, Vec::len);
                        let extra = if matches!(self.action, Action::Requeue { .. }) {
                            pushed
                        } else {
                            0
                        };
                        (n + 1, b + (item.entry.member.raw.len() + extra) as u64)
                    });
                recorder.add(entries, bytes);
            }
            if let Some(moves) = &self.moves {
                moves.borrow_mut().after(&items, &results);
            }
            for ((item, slot), outcome) in items.iter().zip(slots).zip(results) {
                self.record(&item.jid, Some(&item.entry), outcome.clone())?;
                outcomes[slot] = Some(outcome);
            }
            self.pacer.after(items.len() as u64);
        }
        Ok(outcomes
            .into_iter()
            .map(|o| o.unwrap_or(Outcome::Gone))
            .collect())
    }

    fn record(&mut self, jid: &str, entry: Option<&ZEntry>, outcome: Outcome) -> io::Result<()> {
        if let Some(file) = self.report.as_mut() {
            let line = serde_json::json!({
                "jid": jid,
                "score": entry.and_then(|e| e.score.text.parse::<serde_json::Number>().ok()),
                "outcome": outcome.name(),
                "reason": outcome.reason(),
            });
            crate::text::json::to_writer(&mut *file, &line)?;
            writeln!(file)?;
        }
        if let Some(e) = entry {
            sha1::Digest::update(&mut self.digest, &e.member.raw);
            sha1::Digest::update(&mut self.digest, b"\n");
        }
        self.progress.inc(1);
        self.summary.record(jid, outcome);
        Ok(())
    }

    /// With --max-queue-depth: wait while any queue this batch pushes to is deeper than N.
    fn wait_for_queues(&mut self, store: &mut Store, items: &[Item]) -> StoreResult<()> {
        let Some(max) = self.max_depth else {
            return Ok(());
        };
        let mut queues: Vec<&str> = items.iter().filter_map(|i| i.queue.as_deref()).collect();
        queues.sort_unstable();
        queues.dedup();
        loop {
            let mut deepest: Option<(&str, u64)> = None;
            for q in &queues {
                let key = keys::queue(q);
                let len: u64 = store.query(redis::cmd("LLEN").arg(&key), &key, KeyType::List)?;
                if len > max && deepest.is_none_or(|(_, d)| len > d) {
                    deepest = Some((q, len));
                }
            }
            match deepest {
                None => {
                    self.progress.note(self.action.verb(self.set));
                    return Ok(());
                }
                Some((q, len)) => {
                    self.progress.note(&format!(
                        "paused: queue {} holds {} (> {max})",
                        crate::text::visible(q),
                        count(len)
                    ));
                    if interrupt::requested() {
                        return Ok(());
                    }
                    std::thread::sleep(Duration::from_millis(500));
                }
            }
        }
    }
}
