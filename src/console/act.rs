//! Changes made from the console, run by the reader thread through the core the CLI's commands
//! use (`dead retry`, `retry kill`, `scheduled enqueue-now`, `undo` …): the same dry run, the
//! same scripts, the same undo records. The command line each stands for is built and parsed
//! by the same filter flags the commands take; it is what the audit entry records, after
//! `cogctl top:`.

use std::cell::{Cell, RefCell};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;

use crate::ops::Session as Ctx;
use crate::ops::change::{Action, Change, Source};
use crate::ops::filter::FilterArgs;
use crate::ops::signals::{Signal, SignalReport};
use crate::ops::{AuditNote, Counts, Out, Progress, UndoPlan};
use crate::render::emit;
use crate::store::{JobSet, Name, audit, base64, page::score_text};
use crate::term::exit::Exit;

/// A change to entries of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Retry,
    Delete,
    Kill,
    EnqueueNow,
}

/// Which entries.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    /// Exactly these members (raw bytes) and their scores.
    Entries(Vec<(Vec<u8>, f64)>),
    /// Every entry the filter selects (the CLI's filter flags, or a text to search).
    Filter(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Act {
    Entries {
        set: JobSet,
        verb: Verb,
        selection: Selection,
        /// Retry in watched steps (`--canary`), [`CANARY`] first.
        canary: bool,
    },
    /// Take a change back: its undo record id (or its audit entry id).
    Undo(String),
    /// Remove a queue's duplicate jobs (same class and args), as `queue dedupe` does.
    Dedupe(Name),
    /// Pause (or resume) a queue, as `queue pause` (`queue resume`) does.
    Pause { queue: Name, pause: bool },
    /// Tell a process to shut down cleanly, as `procs stop` does.
    Stop(Name),
    /// Tell a process to stop fetching (its running jobs finish), as `procs quiet` does.
    Quiet(Name),
    /// A reconcile pass, as `cogctl reconcile` makes it: what dead processes held requeued.
    Reconcile,
    /// Push a periodic entry's job now, as `periodic run-now` does.
    RunNow(Name),
    /// Disable (or enable) a periodic entry, as `periodic disable` (`enable`) does.
    Toggle { pjid: Name, disable: bool },
}

impl Verb {
    /// The CLI's subcommand for it on `set`, if the set has one.
    pub fn command(self, set: JobSet) -> Option<&'static str> {
        Some(match (set, self) {
            (JobSet::Dead, Verb::Retry | Verb::EnqueueNow) => "dead retry",
            (JobSet::Dead, Verb::Delete) => "dead delete",
            (JobSet::Retry, Verb::Retry | Verb::EnqueueNow) => "retry retry",
            (JobSet::Retry, Verb::Delete) => "retry delete",
            (JobSet::Retry, Verb::Kill) => "retry kill",
            (JobSet::Schedule, Verb::EnqueueNow | Verb::Retry) => "scheduled enqueue-now",
            (JobSet::Schedule, Verb::Delete) => "scheduled delete",
            (JobSet::Dead | JobSet::Schedule, Verb::Kill) => return None,
        })
    }

    fn action(self) -> Action {
        match self {
            Verb::Retry | Verb::EnqueueNow => Action::Requeue {
                reset_retries: false,
            },
            Verb::Delete => Action::Delete,
            Verb::Kill => Action::Kill,
        }
    }
}

/// The first step of a canary retry started from the console.
pub const CANARY: u64 = 10;

impl Act {
    /// Whether it can run as a canary retry: a retry of a filtered selection of the dead or
    /// retry set (not chosen entries, which are few and named).
    pub fn can_canary(&self) -> bool {
        matches!(
            self,
            Act::Entries {
                set: JobSet::Dead | JobSet::Retry,
                verb: Verb::Retry,
                selection: Selection::Filter(_),
                ..
            }
        )
    }

    /// The same act, as a canary retry.
    pub fn as_canary(self) -> Act {
        match self {
            Act::Entries {
                set,
                verb,
                selection,
                ..
            } => Act::Entries {
                set,
                verb,
                selection,
                canary: true,
            },
            other => other,
        }
    }

    /// The audit name of the command it runs.
    pub fn command(&self) -> &'static str {
        match self {
            Act::Entries { set, verb, .. } => verb.command(*set).unwrap_or("?"),
            Act::Undo(_) => "undo",
            Act::Dedupe(_) => "queue dedupe",
            Act::Pause { pause: true, .. } => "queue pause",
            Act::Pause { pause: false, .. } => "queue resume",
            Act::Stop(_) => "procs stop",
            Act::Quiet(_) => "procs quiet",
            Act::Reconcile => "reconcile",
            Act::RunNow(_) => "periodic run-now",
            Act::Toggle { disable: true, .. } => "periodic disable",
            Act::Toggle { disable: false, .. } => "periodic enable",
        }
    }

    /// Whether its command keeps an undo record (the CLI's list: a signal and a reconcile
    /// pass keep none).
    fn undoable(&self) -> bool {
        !matches!(self, Act::Stop(_) | Act::Quiet(_) | Act::Reconcile)
    }

    /// What the status line says while it runs.
    fn doing(&self) -> &'static str {
        match self {
            Act::Entries { verb, set, .. } => match (verb, set) {
                (Verb::Retry, JobSet::Schedule) | (Verb::EnqueueNow, _) => "enqueuing",
                (Verb::Retry, _) => "retrying",
                (Verb::Delete, _) => "deleting",
                (Verb::Kill, _) => "killing",
            },
            Act::Undo(_) => "undoing",
            Act::Dedupe(_) => "deduping",
            Act::Pause { pause: true, .. } => "pausing",
            Act::Pause { pause: false, .. } => "resuming",
            Act::Stop(_) => "stopping",
            Act::Quiet(_) => "quieting",
            Act::Reconcile => "reconciling",
            Act::RunNow(_) => "pushing",
            Act::Toggle { disable: true, .. } => "disabling",
            Act::Toggle { disable: false, .. } => "enabling",
        }
    }
}

/// How far a running change has gone, for the status line: `retrying 12,000 / 50,000 …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub what: String,
    pub done: u64,
    /// How many it expects, when it knows.
    pub total: Option<u64>,
}

impl Step {
    pub fn line(&self) -> String {
        match self.total {
            Some(total) => format!(
                "{} {} / {} …",
                self.what,
                crate::text::size::count(self.done),
                crate::text::size::count(total)
            ),
            None => format!("{} {} …", self.what, crate::text::size::count(self.done)),
        }
    }
}

/// How often a running change tells the screen how far it is.
const TELL_EVERY: Duration = Duration::from_millis(100);

/// A change's progress told to the screen: at its first step, then at most every
/// [`TELL_EVERY`], and when it reaches its total.
struct Told<'a> {
    /// A dry run found nothing the change would do.
    idle: Cell<bool>,
    what: RefCell<String>,
    total: Cell<Option<u64>>,
    done: Cell<u64>,
    last: Cell<Option<Instant>>,
    tell: &'a dyn Fn(Step),
}

impl<'a> Told<'a> {
    fn new(what: &str, tell: &'a dyn Fn(Step)) -> Told<'a> {
        Told {
            idle: Cell::new(false),
            what: RefCell::new(what.to_string()),
            total: Cell::new(None),
            done: Cell::new(0),
            last: Cell::new(None),
            tell,
        }
    }

    /// The dry run found nothing to do: the question is not asked.
    fn nothing_to_do(&self) {
        self.idle.set(true);
    }

    /// How many it expects (known once the change is prepared); told at once.
    fn expect(&self, total: u64) {
        self.total.set(Some(total));
        self.send();
    }

    fn send(&self) {
        self.last.set(Some(Instant::now()));
        (self.tell)(Step {
            what: self.what.borrow().clone(),
            done: self.done.get(),
            total: self.total.get(),
        });
    }
}

impl Progress for Told<'_> {
    fn inc(&self, n: u64) {
        let done = self.done.get() + n;
        self.done.set(done);
        let due = self.last.get().is_none_or(|t| t.elapsed() >= TELL_EVERY)
            || self.total.get() == Some(done);
        if due {
            self.send();
        }
    }

    fn note(&self, text: &str) {
        if *self.what.borrow() != text {
            *self.what.borrow_mut() = text.to_string();
            self.send();
        }
    }
}

/// How a change went: the command's own report, and the undo id it kept.
pub struct Done {
    pub text: Vec<String>,
    /// What it did, in one line (the status line's).
    pub summary: String,
    pub undo: Option<String>,
    pub failed: bool,
    /// A dry run that found nothing the change would do.
    pub nothing: bool,
}

/// A plan file of exactly the chosen entries, in `export`'s format, for `--plan`.
fn plan_file(set: JobSet, entries: &[(Vec<u8>, f64)]) -> anyhow::Result<tempfile::NamedTempFile> {
    let mut file = tempfile::Builder::new()
        .prefix("cogctl-console-")
        .suffix(".ndjson")
        .tempfile()?;
    for (member, score) in entries {
        let line = serde_json::json!({
            "set": set.name(),
            "score": serde_json::Number::from_string_unchecked(score_text(*score)),
            "member_base64": base64::encode(member),
        });
        writeln!(file, "{line}")?;
    }
    file.flush()?;
    Ok(file)
}

/// Run `act` (or its dry run) as its command would, in `ctx`: what it printed, and its undo
/// id. How far it has gone goes to `tell` as it runs.
pub fn run(ctx: &mut Ctx, act: &Act, dry_run: bool, tell: &dyn Fn(Step)) -> anyhow::Result<Done> {
    if let Some(c) = &ctx.context
        && c.read_only
        && !dry_run
    {
        anyhow::bail!("context {} is read-only: nothing was changed", c.name);
    }
    let mut words: Vec<String> = Vec::new();
    let mut plan = None;
    match act {
        Act::Entries { set, selection, .. } => match selection {
            Selection::Entries(entries) => {
                plan = Some(plan_file(*set, entries)?);
                words.push("--plan".into());
                words.push(
                    plan.as_ref()
                        .map(|p| p.path().display().to_string())
                        .unwrap_or_default(),
                );
            }
            Selection::Filter(text) => {
                if text.trim_start().starts_with("--") {
                    words.extend(shell_words::split(text)?);
                } else {
                    words.push("--search".into());
                    words.push(text.clone());
                }
            }
        },
        Act::Undo(id) => words.push(id.clone()),
        Act::Dedupe(name) | Act::Pause { queue: name, .. } | Act::Stop(name) | Act::Quiet(name) => {
            words.push(name.shown().into_owned())
        }
        Act::RunNow(pjid) | Act::Toggle { pjid, .. } => words.push(pjid.shown().into_owned()),
        Act::Reconcile => {}
    }
    if let Act::Entries { canary: true, .. } = act {
        words.push("--canary".into());
        words.push(CANARY.to_string());
    }
    // The flags the command line would carry: a dry run, or the answer given on screen.
    match act {
        Act::Entries { .. } | Act::Undo(_) | Act::Dedupe(_) | Act::Reconcile => {
            words.push(if dry_run { "--dry-run" } else { "--yes" }.into())
        }
        Act::Stop(_) | Act::Quiet(_) => words.push("--yes".into()),
        Act::Pause { .. } | Act::RunNow(_) | Act::Toggle { .. } => {}
    }
    let shown = match (act, plan.is_some()) {
        (Act::Entries { .. }, true) => {
            let n = match act {
                Act::Entries {
                    selection: Selection::Entries(e),
                    ..
                } => e.len(),
                _ => 0,
            };
            format!(
                "--plan <{n} chosen entries> {}",
                words.last().cloned().unwrap_or_default()
            )
        }
        _ => shell_words::join(&words),
    };
    let argv = format!("cogctl top: cogctl {} {shown}", act.command())
        .trim_end()
        .to_string();
    ctx.audit = AuditNote::default();
    let keep = ctx
        .context
        .as_ref()
        .and_then(|c| c.keep_undo)
        .unwrap_or(crate::store::undo::DEFAULT_KEEP);
    ctx.undo = UndoPlan {
        id: None,
        // An undo keeps what it puts back too (so that it can itself be undone).
        keep: act.undoable().then_some(keep),
        command: act.command(),
        argv: argv.clone(),
    };
    let who = ctx.audit_who(&argv);
    if !dry_run && ctx.require_audit {
        let fields = ctx.audit_fields(&who, act.command(), "begin", None);
        let store = ctx.store()?;
        if let Err(e) = audit::append(store, &fields) {
            anyhow::bail!(
                "the audit entry could not be written to cogctl:audit ({e}), and the audit is required; nothing was changed"
            );
        }
    }
    let told = Told::new(act.doing(), tell);
    let result = match act {
        Act::Entries { set, verb, .. } => {
            #[derive(Parser)]
            #[command(no_binary_name = true, disable_help_flag = true)]
            struct Line {
                #[command(flatten)]
                filter: FilterArgs,
                #[arg(long)]
                plan: Option<PathBuf>,
                #[arg(long)]
                canary: Option<u64>,
                #[arg(long)]
                dry_run: bool,
                #[arg(long)]
                yes: bool,
            }
            let line = Line::try_parse_from(&words).map_err(|e| anyhow::anyhow!("{e}"))?;
            entries(
                ctx,
                *set,
                verb.action(),
                &line.filter,
                line.plan.as_deref(),
                line.canary,
                dry_run,
                &told,
            )
        }
        Act::Undo(id) => undo(ctx, id, dry_run, &told),
        Act::Dedupe(queue) => dedupe(ctx, queue, dry_run, &told),
        Act::Pause { queue, pause } => pause_queue(ctx, queue, *pause, dry_run, &told),
        Act::Stop(identity) => signal(ctx, Signal::Stop, identity, dry_run),
        Act::Quiet(identity) => signal(ctx, Signal::Quiet, identity, dry_run),
        Act::Reconcile => reconcile(ctx, dry_run, &told),
        Act::RunNow(pjid) => run_now(ctx, pjid, dry_run),
        Act::Toggle { pjid, disable } => toggle(ctx, pjid, *disable, dry_run, &told),
    };
    drop(plan);
    let printed = match std::mem::replace(&mut ctx.out, Out::Buffer(Vec::new())) {
        Out::Buffer(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Out::Stdout(_) => String::new(),
    };
    let mut text: Vec<String> = printed.lines().map(str::to_string).collect();
    text.extend(ctx.ui.warnings.take());
    let failed = result.is_err();
    if let Err(e) = &result {
        text.push(format!("error: {e:#}"));
    }
    let undo = ctx.audit.undo.as_ref().map(|k| k.id.clone());
    if !dry_run {
        let exit = match &result {
            Ok(exit) => exit.code(),
            Err(_) => 1,
        };
        // As the CLI's audit entries say it: the record's id, or why there is none.
        let outcome = ctx.audit_outcome(exit, act.undoable());
        let fields = ctx.audit_fields(&who, act.command(), "end", Some(&outcome));
        let written = ctx
            .store()
            .map_err(anyhow::Error::from)
            .and_then(|store| audit::append(store, &fields).map_err(anyhow::Error::from));
        if let Err(e) = written {
            text.push(format!(
                "warning: the audit entry could not be written: {e:#}"
            ));
        }
    }
    if failed && text.len() == 1 {
        // Nothing was printed: the error says it all.
        return Err(anyhow::anyhow!(text.remove(0)));
    }
    let summary = summary(ctx, act, &text);
    Ok(Done {
        text,
        summary,
        undo,
        failed,
        nothing: told.idle.get(),
    })
}

/// A change's report in one line: a bulk change's first line with what it left in place
/// and whether it was interrupted, an undo's last line (after what it left), a reconcile
/// pass's table summed up, the others' first line; then the first warning, if any.
fn summary(ctx: &Ctx, act: &Act, text: &[String]) -> String {
    let said: Vec<&String> = text
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("undo") && !l.starts_with("warning:"))
        .collect();
    let mut line = match act {
        Act::Entries { .. } => {
            let mut parts: Vec<&str> = said.first().map(|l| l.as_str()).into_iter().collect();
            parts.extend(said.iter().skip(1).map(|l| l.as_str()).filter(|l| {
                !l.starts_with(' ') && !l.starts_with("took") || l.starts_with("interrupted")
            }));
            parts.join("; ")
        }
        Act::RunNow(_) => said.last().map_or_else(String::new, |l| l.to_string()),
        Act::Undo(_) => said.first().map_or_else(String::new, |l| l.to_string()),
        Act::Reconcile if !said.iter().any(|l| l.starts_with("error")) => {
            let c = ctx.audit.counts.unwrap_or_default();
            format!(
                "reconcile: {} requeued, parked or filed; {} failed; {} quarantined",
                crate::text::size::counted(c.done, "job", "jobs"),
                crate::text::size::count(c.failed),
                crate::text::size::count(c.skipped)
            )
        }
        _ => said.first().map_or_else(String::new, |l| l.to_string()),
    };
    if line.is_empty() {
        line = "done".into();
    }
    if let Some(warning) = text.iter().find(|l| l.starts_with("warning:")) {
        line.push_str(" · ");
        line.push_str(warning);
    }
    line
}

/// Entries of `set`: the filtered ones, or exactly those of a plan file; the dry run, or the
/// change itself, each shown as the CLI shows it.
#[allow(clippy::too_many_arguments)]
fn entries(
    ctx: &mut Ctx,
    set: JobSet,
    action: Action,
    filter: &FilterArgs,
    plan: Option<&Path>,
    canary: Option<u64>,
    dry_run: bool,
    progress: &Told<'_>,
) -> anyhow::Result<Exit> {
    let source = Source::choose(Vec::new(), filter, false, plan, ctx.ui.clock.now)?;
    let change = Change {
        set,
        action,
        source,
        batch: 1000,
        rate: None,
        max_depth: None,
        filtered: filter.any(),
        report: None,
    };
    if dry_run {
        let report = change.dry_run(ctx, None)?;
        if report.entries == 0 {
            progress.nothing_to_do();
        }
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let prepared = change.prepare(ctx.store()?)?;
    progress.expect(prepared.expected);
    if let Some(first) = canary {
        let canary = crate::ops::canary::Canary {
            first,
            wait: Duration::from_secs(120),
            max_failures: 0,
        };
        let ran = change.apply_canary(ctx, prepared, canary, &Watching(progress))?;
        let take_back = match (&ran.report.stopped, &ran.applied.summary.undo) {
            (Some(_), Some(kept)) => Some(format!("cogctl undo {}", kept.id)),
            _ => None,
        };
        let report = crate::render::canary::Ran {
            summary: ran.applied.summary,
            canary: ran.report,
            take_back,
        };
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return match ran.applied.error {
            Some(e) => Err(e),
            None => Ok(crate::render::Report::exit(&report)),
        };
    }
    let applied = change.apply(ctx, prepared, progress)?;
    emit(&mut ctx.out, &ctx.ui, &applied.summary)?;
    match applied.error {
        Some(e) => Err(e),
        None => Ok(applied.summary.exit()),
    }
}

/// A canary retry's steps on the status line: the step moving, then its jobs as they run.
struct Watching<'a, 'b>(&'a Told<'b>);

impl crate::ops::canary::Steps for Watching<'_, '_> {
    fn moving(&self, step: usize, _size: u64, _last: bool) -> Box<dyn Progress + '_> {
        self.0.note(&format!("step {step}: retrying"));
        Box::new(Forward(self.0))
    }

    fn watching(&self, step: &crate::ops::canary::StepReport) {
        self.0.note(&format!(
            "step {}: watching {} jobs: {} succeeded, {} failed again, {} not run yet;",
            step.step,
            crate::text::size::count(step.watched),
            crate::text::size::count(step.succeeded),
            crate::text::size::count(step.failed),
            crate::text::size::count(step.waiting)
        ));
    }

    fn done(&self, _step: &crate::ops::canary::StepReport) {}
}

/// The console's progress, lent to one step of a canary retry.
struct Forward<'a, 'b>(&'a Told<'b>);

impl Progress for Forward<'_, '_> {
    fn inc(&self, n: u64) {
        self.0.inc(n);
    }
    fn note(&self, text: &str) {
        self.0.note(text);
    }
}

/// The undo of the change `id` names (its dry run first), as `cogctl undo` does it.
fn undo(ctx: &mut Ctx, id: &str, dry_run: bool, progress: &Told<'_>) -> anyhow::Result<Exit> {
    let record = crate::ops::undo::resolve(ctx.store()?, id)?;
    let kind = crate::ops::undo::undoable(&record, "")?;
    if dry_run {
        let report = crate::ops::undo::dry_run(ctx, record)?;
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    progress.expect(record.entries);
    let applied = crate::ops::undo::apply(ctx, record, kind, progress)?;
    emit(&mut ctx.out, &ctx.ui, &applied.report)?;
    match applied.error {
        Some(e) => Err(e),
        None => Ok(applied.report.exit),
    }
}

/// `queue dedupe QUEUE`: its dry run (the duplicates by class), or the dedupe itself.
fn dedupe(ctx: &mut Ctx, queue: &Name, dry_run: bool, progress: &Told<'_>) -> anyhow::Result<Exit> {
    use crate::ops::dedupe::{self, By};
    if dry_run {
        let report = dedupe::dry_run(ctx, queue, By::ClassArgs)?;
        if report.duplicates == 0 {
            progress.nothing_to_do();
        }
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let length = dedupe::length(ctx.store()?, queue)?;
    progress.expect(length);
    let report = dedupe::apply(ctx, queue, By::ClassArgs, length, progress)?;
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(crate::render::Report::exit(&report))
}

/// `queue pause QUEUE` (or `resume`): what it would do, or the change with its undo record.
fn pause_queue(
    ctx: &mut Ctx,
    queue: &Name,
    pause: bool,
    dry_run: bool,
    progress: &Told<'_>,
) -> anyhow::Result<Exit> {
    if dry_run {
        let key = crate::store::keys::queue(queue);
        let store = ctx.store()?;
        let waiting: u64 = store.query(
            redis::cmd("LLEN").arg(&key),
            &key,
            crate::store::KeyType::List,
        )?;
        let paused: bool = store.query(
            redis::cmd("SISMEMBER")
                .arg(crate::store::keys::PAUSED_QUEUES)
                .arg(queue),
            crate::store::keys::PAUSED_QUEUES,
            crate::store::KeyType::Set,
        )?;
        if pause == paused {
            progress.nothing_to_do();
        }
        let line = match (pause, paused) {
            (true, true) => format!("queue {} is paused already: nothing to do", queue.shown()),
            (false, false) => format!("queue {} is not paused: nothing to do", queue.shown()),
            (true, false) => format!(
                "would pause queue {} ({} waiting): workers stop taking its jobs until it is resumed",
                queue.shown(),
                crate::text::size::counted(waiting, "job", "jobs")
            ),
            (false, true) => format!(
                "would resume queue {} ({} waiting): workers take its jobs again",
                queue.shown(),
                crate::text::size::counted(waiting, "job", "jobs")
            ),
        };
        writeln!(ctx.out, "{line}")?;
        writeln!(ctx.out, "dry run: nothing was changed")?;
        return Ok(Exit::Ok);
    }
    let report = crate::ops::queues::pause(ctx, std::slice::from_ref(queue), pause)?;
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(crate::render::Report::exit(&report))
}

/// `procs stop IDENTITY --yes` (or `procs quiet`): the process asked to shut down cleanly
/// (or to stop fetching); the dry run names the queues it would leave with no live process
/// reading them, as the CLI's question does.
fn signal(ctx: &mut Ctx, signal: Signal, identity: &Name, dry_run: bool) -> anyhow::Result<Exit> {
    use crate::ops::signals;
    let store = ctx.store()?;
    let identities = signals::targets(store, vec![identity.clone()], false)?;
    if dry_run {
        let live = crate::ops::readers::live_processes(store)?;
        let orphaned = crate::ops::readers::orphaned_queues(store, &live, &identities)?;
        if signal == Signal::Stop {
            writeln!(
                ctx.out,
                "would stop process {}: it finishes its running jobs within its drain \
                 timeout, puts unfinished ones back at the front of their queues and exits",
                identity.shown()
            )?;
        } else {
            writeln!(
                ctx.out,
                "would quiet process {}: it stops fetching jobs; the ones it runs finish",
                identity.shown()
            )?;
        }
        for (queue, size) in orphaned {
            writeln!(
                ctx.out,
                "no live process would be left working queue {} ({} waiting)",
                queue.shown(),
                crate::text::size::counted(size, "job", "jobs")
            )?;
        }
        writeln!(ctx.out, "dry run: nothing was signalled")?;
        return Ok(Exit::Ok);
    }
    let processes = signals::publish(store, signal, identities)?;
    let report = SignalReport {
        signal,
        target: store.target().to_string(),
        processes,
        wait: None,
    };
    let heard = report.processes.iter().filter(|p| p.receivers > 0).count() as u64;
    let sent = report.processes.len() as u64;
    ctx.record(Counts {
        matched: sent,
        done: heard,
        skipped: sent - heard,
        ..Counts::default()
    });
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(crate::render::Report::exit(&report))
}

/// `cogctl reconcile`: one pass of the gem's orphan recovery with its defaults (the
/// in-progress lists of presumed-dead processes requeued, repeat orphans buried, unsettled
/// records filed), or what it would do.
fn reconcile(ctx: &mut Ctx, dry_run: bool, progress: &Told<'_>) -> anyhow::Result<Exit> {
    use crate::ops::reconcile;
    use crate::store::liveness::DEFAULT_THRESHOLD;
    use crate::store::recovery::{DEFAULT_MAX_ORPHANINGS, Recovery};
    let ui = ctx.ui.clone();
    if dry_run {
        let report = reconcile::dry_run(ctx.store()?, &ui, DEFAULT_THRESHOLD)?;
        if !report.would_act() {
            progress.nothing_to_do();
        }
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    let recovery = Recovery {
        threshold: DEFAULT_THRESHOLD,
        max_orphanings: DEFAULT_MAX_ORPHANINGS,
        batch: None,
        now: ctx.ui.clock.current(),
    };
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    let store = ctx.store()?;
    let mut report = reconcile::ReconcileReport::new(store.target(), &recovery);
    // The console runs no death hooks (`cogctl reconcile --on-death` does): what the pass
    // buries is counted in the report's death_hooks_not_run.
    let mut buried = Vec::new();
    reconcile::pass(store, &recovery, pinned, &mut report, &mut buried)?;
    ctx.record(report.counts());
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(crate::render::Report::exit(&report))
}

/// `periodic run-now PJID`: the entry's job pushed now, as its ticker would.
fn run_now(ctx: &mut Ctx, pjid: &Name, dry_run: bool) -> anyhow::Result<Exit> {
    let given = pjid.shown().into_owned();
    if dry_run {
        let (pjid, raw, _) = crate::ops::periodic::resolve(ctx.store()?, &given)?;
        let fields = crate::store::periodic::parse_entry(&raw)
            .map_err(|why| anyhow::anyhow!("{}: {why}; nothing would be pushed", pjid.shown()))?;
        writeln!(
            ctx.out,
            "would push {} with args {} now, as its ticker would (cron {})",
            fields.class.as_deref().unwrap_or("?"),
            fields.args.map_or("[]", |a| a.get()),
            fields.cron.as_deref().unwrap_or("?")
        )?;
        writeln!(
            ctx.out,
            "undo: would keep the job pushed, to take it back while it waits"
        )?;
        writeln!(ctx.out, "dry run: nothing was pushed")?;
        return Ok(Exit::Ok);
    }
    let report = crate::ops::periodic::run_now(ctx, &given)?;
    ctx.record(Counts::done(1));
    emit(&mut ctx.out, &ctx.ui, &report)?;
    writeln!(
        ctx.out,
        "pushed {} onto {} (job {})",
        report.class,
        crate::store::keys::queue(&report.queue).shown(),
        report.jid
    )?;
    Ok(Exit::Ok)
}

/// `periodic disable PJID` (or `enable`).
fn toggle(
    ctx: &mut Ctx,
    pjid: &Name,
    disable: bool,
    dry_run: bool,
    progress: &Told<'_>,
) -> anyhow::Result<Exit> {
    let chosen = crate::ops::periodic::chosen(ctx.store()?, &[pjid.shown().into_owned()], false)?;
    if dry_run {
        let store = ctx.store()?;
        let mut pipe = redis::pipe();
        for p in &chosen {
            pipe.cmd("SISMEMBER")
                .arg(crate::store::keys::PERIODIC_DISABLED)
                .arg(p);
        }
        let replies = store.pipeline(&pipe)?;
        let mut changes = 0;
        for (p, reply) in chosen.iter().zip(replies) {
            let off = reply.ok().and_then(|r| crate::store::value::int(&r)) == Some(1);
            if off != disable {
                changes += 1;
            }
            let line = match (disable, off) {
                (true, true) | (false, false) => format!(
                    "{} is {} already: nothing to do",
                    p.shown(),
                    if off { "disabled" } else { "enabled" }
                ),
                (true, false) => format!(
                    "would disable {}: the tickers skip it until it is enabled",
                    p.shown()
                ),
                (false, true) => format!(
                    "would enable {}: the tickers fire it again from its next slot",
                    p.shown()
                ),
            };
            writeln!(ctx.out, "{line}")?;
        }
        if changes == 0 {
            progress.nothing_to_do();
        }
        writeln!(ctx.out, "dry run: nothing was changed")?;
        return Ok(Exit::Ok);
    }
    let report = crate::ops::periodic::toggle(ctx, chosen, disable)?;
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(crate::render::Report::exit(&report))
}
