//! `cogctl undo ID|last`: take back a change cogctl made — exactly what it changed, where it
//! is still as the change left it — from the record the change kept in Redis. `undo list`
//! shows what can be undone; `undo purge` drops records early to free their memory.

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::Ctx;
use crate::render::progress::Progress;
use crate::render::size::{bytes, count, counted};
use crate::render::table::{self, Tone, one_line};
use crate::render::time::{rfc3339, when};
use crate::render::{self, Report};
use crate::store::job::Job;
use crate::store::undo::{self, Begin, Kept, Kind, Record, Recorder, Undoer};
use crate::store::{Name, audit};
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::interrupt;
use crate::term::ui::Ui;
use crate::text::plural;

/// Take back a change cogctl made: exactly what it changed, where it is still as left
///
/// Every change cogctl makes (retry, delete, kill, reschedule, enqueue-now, import, queue
/// clear / delete-job / dedupe / pause / resume, enqueue, periodic run-now / disable /
/// enable) keeps what it needs to be reversed in Redis for 24 h (--keep-undo, a context's
/// keep_undo; --no-undo keeps nothing). `cogctl undo ID` puts back what the change changed:
/// removed entries with their bytes and scores, cleared jobs in their order and place in
/// line, retried jobs taken off their queue and returned to their set, pushed jobs removed.
/// An entry that moved on since (a retried job a worker took, a deleted entry re-added) is
/// left alone and named; the rest is restored (exit 4). An undo is a change too: it asks,
/// has --dry-run, writes an audit entry, and can itself be undone.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = crate::render::help::examples(&[
        ("Take back the newest change on this Redis (asks first)", "cogctl undo last"),
        ("What undoing a change would do, by the id it printed", "cogctl undo u-20261203-140512-4f2a --dry-run"),
        ("Every change that can still be undone", "cogctl undo list"),
        ("Free what a change kept, now", "cogctl undo purge u-20261203-140512-4f2a --yes"),
    ])
)]
pub struct UndoArgs {
    #[command(subcommand)]
    pub action: Option<UndoAction>,

    /// The change: its id (u-…, printed by the change, shown by `cogctl audit` and `undo
    /// list`), its audit entry id, or `last` (the newest change that can be undone made by
    /// this user on this host, as the audit records them; --anyone: by anyone)
    #[arg(value_name = "ID|last")]
    pub id: Option<String>,

    /// With `last`: the newest change made by anyone, not only the newest made by this user
    /// on this host
    #[arg(long)]
    pub anyone: bool,

    /// Show what the undo would put back, and change nothing
    #[arg(long)]
    pub dry_run: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

#[derive(Debug, Subcommand)]
pub enum UndoAction {
    /// The changes that can still be undone, newest first
    #[command(after_help = crate::render::help::examples(&[
        ("What can be undone, newest first", "cogctl undo list"),
        ("The same as JSON", "cogctl undo list --json"),
    ]))]
    List {
        /// Show at most N records
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: usize,
    },
    /// Drop what a change kept to be undone: its memory is freed now, and it can't be undone
    #[command(after_help = crate::render::help::examples(&[
        ("Free one change's undo record", "cogctl undo purge u-20261203-140512-4f2a --yes"),
        ("Free every undo record on this Redis", "cogctl undo purge --all --yes"),
    ]))]
    Purge {
        /// The change: its id (u-…) or its audit entry id
        #[arg(
            value_name = "ID",
            required_unless_present = "all",
            conflicts_with = "all"
        )]
        id: Option<String>,
        /// Every record on this Redis
        #[arg(long)]
        all: bool,
        /// Don't ask for confirmation
        #[arg(long, short)]
        yes: bool,
    },
}

pub fn run(ctx: &mut Ctx, args: &UndoArgs) -> anyhow::Result<Exit> {
    match &args.action {
        Some(UndoAction::List { limit }) => list(ctx, *limit),
        Some(UndoAction::Purge { id, all, yes }) => purge(ctx, id.as_deref(), *all, *yes),
        None => {
            let Some(id) = &args.id else {
                return Err(UsageError(
                    "name the change to undo: an id from `cogctl audit` or `cogctl undo list`, \
                     or `last`"
                        .into(),
                )
                .into());
            };
            if args.anyone && id != "last" {
                return Err(UsageError(
                    "--anyone goes with `last`: an id names one change already".into(),
                )
                .into());
            }
            undo(ctx, id, args.anyone, args.dry_run, args.yes)
        }
    }
}

/// A change that can't be undone, said in one sentence (exit 1, nothing changed).
#[derive(Debug, thiserror::Error)]
#[error("{0}; nothing was changed")]
pub struct NotUndoable(pub String);

/// The record an id names: `last`, a record id, or an audit entry id.
fn resolve(ctx: &mut Ctx, given: &str, anyone: bool) -> anyhow::Result<Record> {
    if given == "last" {
        let me = audit::user_at_host();
        let ui = ctx.ui.clone();
        let store = ctx.store()?;
        let (newest, mine) = undo::last(store, (!anyone).then_some(me.as_str()))?;
        return match (mine, newest) {
            (Some(record), _) => Ok(record),
            (None, None) => Err(NotUndoable(
                "no change on this Redis can be undone (none kept a record, or every record \
                 expired, was purged or was undone)"
                    .into(),
            )
            .into()),
            (None, Some(other)) => Err(NotUndoable(format!(
                "no change made by {me} on this Redis can be undone; the newest by anyone is \
                 `{}` ({}), made {} by {} — `cogctl undo last --anyone` or `cogctl undo {}` \
                 takes that one",
                one_line(&other.change()),
                other.id,
                when(&ui, other.created),
                one_line(&other.user),
                other.id
            ))
            .into()),
        };
    }
    let store = ctx.store()?;
    let id = if undo::is_record_id(given) {
        given.to_string()
    } else if is_stream_id(given) {
        let entry = audit::get(store, given)?.ok_or_else(|| {
            NotUndoable(format!(
                "no audit entry {} in cogctl:audit (see `cogctl audit`)",
                crate::text::visible(given)
            ))
        })?;
        match entry.get("undo").unwrap_or("") {
            id if undo::is_record_id(id) => id.to_string(),
            "no" => {
                return Err(NotUndoable(format!(
                    "`{}` can't be undone (cogctl undoes only the changes `cogctl undo --help` \
                     lists)",
                    entry.get("command").unwrap_or("?")
                ))
                .into());
            }
            "off" => {
                return Err(NotUndoable(format!(
                    "`{}` ran with --no-undo: it kept nothing to undo",
                    entry.get("command").unwrap_or("?")
                ))
                .into());
            }
            "none" => {
                return Err(NotUndoable(format!(
                    "`{}` changed nothing, so there is nothing to undo",
                    entry.get("command").unwrap_or("?")
                ))
                .into());
            }
            _ => {
                return Err(NotUndoable(format!(
                    "audit entry {given} names no undoable change (a begin entry, a read, or \
                     a change made before cogctl kept undo records)"
                ))
                .into());
            }
        }
    } else {
        return Err(UsageError(format!(
            "{} is not a change id: give an audit entry id (1764770712123-0), an undo record \
             id (u-20261203-140512-4f2a) or `last`",
            crate::text::visible(given)
        ))
        .into());
    };
    undo::load(store, &id)?.ok_or_else(|| {
        NotUndoable(format!(
            "undo record {id} is gone: it expired (records are kept 24 h unless --keep-undo \
             said otherwise) or was purged"
        ))
        .into()
    })
}

fn is_stream_id(text: &str) -> bool {
    match text.split_once('-') {
        Some((ms, seq)) => {
            !ms.is_empty()
                && !seq.is_empty()
                && ms.bytes().all(|b| b.is_ascii_digit())
                && seq.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// What `undo --dry-run` shows, and what an undo's summary builds on.
#[derive(Debug, Serialize)]
pub struct UndoPlanReport {
    /// Always true: nothing was changed.
    pub dry_run: bool,
    pub record: Record,
    /// What the undo would do, in words.
    pub would: String,
    /// The Redis, password redacted.
    pub target: String,
    /// What the undo itself would keep to be undone in turn, and until when.
    pub keeps: Option<Kept>,
}

impl Report for UndoPlanReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(
            out,
            "{} would undo `{}` ({}), made {} by {}{} on {}",
            s.strong("dry run:"),
            one_line(&self.record.change()),
            self.record.id,
            when(ui, self.record.created),
            one_line(&self.record.user),
            context_words(&self.record.context),
            self.target
        )?;
        writeln!(out, "  {}", one_line(&self.would))?;
        writeln!(
            out,
            "  only what is still as the change left it; anything that moved on since is left \
             alone and named"
        )?;
        if let Some(k) = &self.keeps {
            writeln!(
                out,
                "  the undo keeps its own record (≈ {}) until {}, so it can be undone in turn",
                bytes(k.bytes as i64),
                rfc3339(k.until)
            )?;
        }
        writeln!(out, "{}", s.dim("nothing was changed"))
    }
}

fn context_words(context: &str) -> String {
    if context.is_empty() {
        String::new()
    } else {
        format!(" in context {context}")
    }
}

/// What undoing `record` does, in words.
/// `the 3 jobs`, but `the job` for one.
fn the(n: u64, counted: &str) -> String {
    if n == 1 {
        format!("the {}", counted.trim_start_matches("1 "))
    } else {
        format!("the {counted}")
    }
}

fn describe(record: &Record) -> String {
    let key = record
        .key
        .as_ref()
        .map(|k| k.shown().into_owned())
        .unwrap_or_default();
    let other = record
        .other
        .as_ref()
        .map(|k| k.shown().into_owned())
        .unwrap_or_default();
    let e = record.entries;
    let entries = counted(e, "entry", "entries");
    let jobs = counted(e, "job", "jobs");
    let names = counted(e, "name", "names");
    let (the_entries, the_jobs) = (the(e, &entries), the(e, &jobs));
    match record.kind {
        Some(Kind::ZsetRemove) => format!(
            "put back {entries} into {key}, with their bytes and scores (and their attempts \
             logs and locks)"
        ),
        Some(Kind::ZsetAdd) => format!("remove {the_entries} it added to {key}"),
        Some(Kind::ZsetMove) => format!("move {entries} from {other} back to {key}"),
        Some(Kind::Rescore) => format!(
            "give {entries} of {key} {} old {} back",
            plural(e, "its", "their"),
            plural(e, "score", "scores")
        ),
        Some(Kind::Requeue) => {
            format!(
                "take {jobs} off {} and return {} to {key}, at {}",
                plural(e, "its queue", "their queues"),
                plural(e, "it", "them"),
                plural(e, "its score", "their scores")
            )
        }
        Some(Kind::Unrequeue) => format!(
            "push {jobs} of {key} to {} again",
            plural(e, "its queue", "their queues")
        ),
        Some(Kind::ListClear) => format!(
            "put {} back on {key}, in {} order and ahead of any job pushed since",
            the(e, &counted(e, "cleared job", "cleared jobs")),
            plural(e, "its", "their")
        ),
        Some(Kind::ListRestored) => format!("clear {the_jobs} it put back on {key} again"),
        Some(Kind::ListRemove) => {
            format!(
                "put {} back on {key}, each in its place in line",
                counted(e, "deleted job", "deleted jobs")
            )
        }
        Some(Kind::ListInserted) => format!("delete again {the_jobs} it put back on {key}"),
        Some(Kind::Enqueue) => format!("remove {the_jobs} it pushed, where still waiting"),
        Some(Kind::Unenqueued) => format!("push again {the_jobs} it removed"),
        Some(Kind::MembersAdded) => format!("remove {} it added to {key}", the(e, &names)),
        Some(Kind::MembersRemoved) => format!("add back {} it removed from {key}", the(e, &names)),
        Some(Kind::ListSwap) => format!(
            "put {the_jobs} it removed back on {key}, each in its place in line (those whose \
             place has been taken by workers go to the front)"
        ),
        Some(Kind::ListUnswap) => format!("remove again {the_jobs} it put back on {key}"),
        None => "nothing: the record is of a kind this cogctl doesn't know".into(),
    }
}

/// One entry an undo left alone.
#[derive(Debug, Serialize)]
pub struct LeftEntry {
    /// The job's jid, the name, or a display id for a member that isn't a job.
    pub what: String,
    /// present | gone | changed | taken | duplicate | unknown, or Redis' error.
    pub reason: String,
    /// The reason in words.
    pub why: String,
}

/// How many left entries the summary names.
const LEFT_SHOWN: usize = 100;

/// The summary of an undo. Its JSON form is a contract (README "Undo").
#[derive(Debug, Serialize)]
pub struct UndoReport {
    /// The record undone.
    pub undone: String,
    /// The change it undid (`dead delete`).
    pub command: String,
    pub target: String,
    /// Entries put back (or taken back).
    pub restored: u64,
    /// Entries left alone, because they moved on since.
    pub left: u64,
    /// The first of them, with why.
    pub left_entries: Vec<LeftEntry>,
    /// True when Ctrl-C stopped it between batches (`cogctl undo` again continues).
    pub interrupted: bool,
    /// What the undo kept to be undone in turn.
    pub keeps: Option<Kept>,
    pub elapsed_secs: f64,
    #[serde(skip)]
    exit: Exit,
}

impl Report for UndoReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(
            out,
            "{} `{}` ({}): {} restored",
            s.strong("undid"),
            one_line(&self.command),
            self.undone,
            count(self.restored)
        )?;
        if self.left > 0 {
            writeln!(
                out,
                "  {} {} left alone (moved on since the change):",
                s.warn("!"),
                count(self.left)
            )?;
            for e in &self.left_entries {
                writeln!(out, "    {}  {}", one_line(&e.what), one_line(&e.why))?;
            }
            let more = self.left.saturating_sub(self.left_entries.len() as u64);
            if more > 0 {
                writeln!(out, "    … and {} more (--json lists 100)", count(more))?;
            }
        }
        if self.interrupted {
            writeln!(
                out,
                "  {} interrupted: run the same `cogctl undo` again to finish",
                s.warn("!")
            )?;
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        self.exit
    }
}

fn why(reason: &str) -> String {
    match reason {
        "present" => "already there again (someone put it back)".into(),
        "gone" => "not there any more".into(),
        "changed" => "changed since (another score, or another state)".into(),
        "taken" => "no longer waiting (a worker took it, or it was deleted)".into(),
        "duplicate" => "its unique lock is held by another job".into(),
        "unknown" => "the record doesn't say where it went".into(),
        other => format!("Redis refused: {other}"),
    }
}

/// How a left entry is named: a job by its jid, a name as itself.
fn what(kind: Option<Kind>, raw: &[u8]) -> String {
    if matches!(kind, Some(Kind::MembersAdded | Kind::MembersRemoved)) {
        return Name::from(raw).shown().into_owned();
    }
    match Job::parse(raw) {
        Ok(job) => job.jid.as_deref().unwrap_or("?").to_string(),
        Err(bad) => bad.display_jid,
    }
}

fn undo(
    ctx: &mut Ctx,
    given: &str,
    anyone: bool,
    dry_run: bool,
    yes: bool,
) -> anyhow::Result<Exit> {
    let record = resolve(ctx, given, anyone)?;
    if given == "last" && !dry_run {
        // `last` is resolved, not named: say which change it took, and whose.
        ctx.ui.note(&format!(
            "last: `{}` ({}), made {} by {}{}",
            one_line(&record.change()),
            record.id,
            when(&ctx.ui, record.created),
            one_line(&record.user),
            context_words(&record.context)
        ));
    }
    if let (Some(by), "undone") = (&record.undone_by, record.state.as_str()) {
        return Err(NotUndoable(format!(
            "`{}` ({}) was undone already, by {by}{}; `cogctl undo {by}` takes that undo back",
            record.command,
            record.id,
            record
                .undone_at
                .map(|t| format!(" at {}", rfc3339(t)))
                .unwrap_or_default()
        ))
        .into());
    }
    let Some(kind) = record.kind else {
        return Err(NotUndoable(format!(
            "record {} is of a kind this cogctl doesn't know (made by a newer cogctl?)",
            record.id
        ))
        .into());
    };
    let ui = ctx.ui.clone();
    let target = ctx.store()?.target().to_string();
    let keep = ctx.undo.keep.unwrap_or(undo::DEFAULT_KEEP);
    if dry_run {
        let report = UndoPlanReport {
            dry_run: true,
            would: describe(&record),
            target,
            keeps: Some(Kept {
                id: String::new(),
                entries: record.entries,
                bytes: record.bytes,
                until: ctx.redis_now() + keep.as_secs_f64(),
            }),
            record,
        };
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    if ctx.undo.keep.is_none() {
        return Err(UsageError(
            "--no-undo doesn't apply to `undo`: an undo moves what it puts back out of the \
             change's record into its own, which is what lets it be undone in turn"
                .into(),
        )
        .into());
    }
    confirm(
        &ui,
        yes,
        &format!(
            "Undo `{}` ({}) made {} by {}{}: {}, on {}?",
            record.change(),
            record.id,
            when(&ui, record.created),
            record.user,
            context_words(&record.context),
            describe(&record),
            target
        ),
    )?;

    // The undo's own record, of the inverse kind, on the same keys (a move's two sets
    // swapped): it is what lets the undo be undone.
    let now = ui.clock.current();
    let fresh = undo::new_id(now);
    let into_id = match undo::begin(ctx.store()?, &record.id, &fresh, now)? {
        Begin::Begin => fresh,
        Begin::Continue(id) if undo::is_record_id(&id) => id,
        Begin::Continue(_) | Begin::Missing => {
            return Err(NotUndoable(format!("undo record {} is gone", record.id)).into());
        }
        Begin::Undone(by, at) => {
            return Err(NotUndoable(format!(
                "`{}` ({}) was undone already, by {by}{}",
                record.command,
                record.id,
                at.map(|t| format!(" at {}", rfc3339(t)))
                    .unwrap_or_default()
            ))
            .into());
        }
    };
    let (key, other) = match kind {
        Kind::ZsetMove => (record.other.clone(), record.key.clone()),
        _ => (record.key.clone(), record.other.clone()),
    };
    let change = record.change();
    let mut fields: Vec<(&str, &[u8])> = vec![
        ("undo_of", record.id.as_bytes()),
        ("of_command", change.as_bytes()),
    ];
    if let Some(k) = &key {
        fields.push(("key", k.as_bytes()));
    }
    if let Some(o) = &other {
        fields.push(("other", o.as_bytes()));
    }
    let who = ctx.audit_who(&ctx.undo.argv);
    let mut into = Recorder::start(
        ctx.store()?,
        into_id,
        kind.inverse(),
        "undo",
        &who,
        now,
        keep,
        &fields,
    )?;

    interrupt::watch();
    let progress = Progress::new(&ui, record.entries, "undoing");
    let started = std::time::Instant::now();
    let mut restored = 0u64;
    let mut left = 0u64;
    let mut left_entries = Vec::new();
    let stop = interrupt::requested;
    let undoer = Undoer {
        record: &record,
        into: &into,
        stop: &stop,
    };
    let result: anyhow::Result<()> = (|| {
        let store = ctx.store()?;
        while !interrupt::requested() {
            let Some(step) = undoer.step(store)? else {
                break;
            };
            restored += step.done;
            progress.inc(step.done + step.left.len() as u64);
            for l in step.left {
                left += 1;
                if left_entries.len() < LEFT_SHOWN {
                    left_entries.push(LeftEntry {
                        what: what(record.kind, &l.raw),
                        why: why(&l.reason),
                        reason: l.reason,
                    });
                }
            }
            if step.remaining == 0 {
                break;
            }
        }
        Ok(())
    })();
    progress.finish();
    let interrupted = interrupt::requested();
    let closing = undoer.closing_fields(ctx.store()?)?;
    let share = |n: u64| {
        if record.entries == 0 {
            0
        } else {
            (record.bytes as f64 * n as f64 / record.entries as f64) as u64
        }
    };
    into.add(restored, share(restored));
    undo::set_fields(ctx.store()?, &into.id, &closing)?;
    let kept = ctx.finish_undo(Some(&into));
    if result.is_ok() && !interrupted {
        undo::finish_undo(ctx.store()?, &record.id)?;
    }
    ctx.record(super::Counts {
        matched: restored + left,
        done: restored,
        skipped: left,
        ..super::Counts::default()
    });
    let exit = if interrupted {
        Exit::Interrupted
    } else if left > 0 && restored == 0 {
        Exit::Failure
    } else if left > 0 {
        Exit::Partial
    } else {
        Exit::Ok
    };
    let report = UndoReport {
        undone: record.id.clone(),
        command: record.change(),
        target,
        restored,
        left,
        left_entries,
        interrupted,
        keeps: kept,
        elapsed_secs: (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        exit,
    };
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    result?;
    Ok(exit)
}

/// `undo list`.
#[derive(Debug, Serialize)]
pub struct ListReport {
    pub records: Vec<Record>,
}

impl Report for ListReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.records.is_empty() {
            return writeln!(out, "{}", ui.styles.dim("no undo records on this Redis"));
        }
        let mut t = table::new(
            ui,
            &[
                "ID", "WHEN", "USER", "COMMAND", "ENTRIES", "KEPT", "UNTIL", "STATE",
            ],
        );
        for r in &self.records {
            let state = match (r.state.as_str(), &r.undone_by) {
                ("undone", Some(by)) => format!("undone by {by}"),
                ("undoing", Some(by)) => format!("being undone by {by}"),
                ("recording", _) => "recording (or cut short)".into(),
                (s, _) => s.to_string(),
            };
            let tone = if r.undoable() { Tone::Plain } else { Tone::Dim };
            t.add_row(vec![
                table::cell(ui, &r.id, Tone::Accent),
                table::cell(ui, when(ui, r.created), Tone::Plain),
                table::cell(ui, &r.user, Tone::Plain),
                table::cell(ui, r.change(), Tone::Strong),
                table::cell(ui, count(r.entries), Tone::Plain),
                table::cell(ui, bytes(r.bytes as i64), Tone::Plain),
                table::cell(ui, rfc3339(r.until), Tone::Dim),
                table::cell(ui, state, tone),
            ]);
        }
        out.write_all(table::finish(&mut t, &[4, 5]).as_bytes())
    }
}

fn list(ctx: &mut Ctx, limit: usize) -> anyhow::Result<Exit> {
    let records = undo::newest(ctx.store()?, limit)?;
    render::emit(&mut ctx.out, &ctx.ui, &ListReport { records })?;
    Ok(Exit::Ok)
}

/// `undo purge`.
#[derive(Debug, Serialize)]
pub struct PurgeReport {
    /// The records purged (empty with --all: every one).
    pub records: Vec<String>,
    pub all: bool,
    /// Keys deleted.
    pub keys: u64,
    pub target: String,
}

impl Report for PurgeReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let what = if self.all {
            "every undo record".to_string()
        } else {
            self.records.join(", ")
        };
        writeln!(
            out,
            "{} {what} ({} freed); those changes can't be undone any more",
            ui.styles.strong("purged"),
            counted(self.keys, "key", "keys")
        )
    }
}

fn purge(ctx: &mut Ctx, given: Option<&str>, all: bool, yes: bool) -> anyhow::Result<Exit> {
    let ui = ctx.ui.clone();
    let target = ctx.store()?.target().to_string();
    let (records, keys) = if all {
        confirm(
            &ui,
            yes,
            &format!("Purge every undo record on {target}? No change made so far could be undone"),
        )?;
        (Vec::new(), undo::purge_all(ctx.store()?)?)
    } else {
        let record = resolve(ctx, given.unwrap_or_default(), false)?;
        confirm(
            &ui,
            yes,
            &format!(
                "Purge the undo record of `{}` ({}, {} kept) on {target}? It could not be \
                 undone any more",
                record.command,
                record.id,
                bytes(record.bytes as i64)
            ),
        )?;
        let keys = undo::purge(ctx.store()?, &record.id)?;
        (vec![record.id], keys)
    };
    ctx.record(super::Counts::done(keys));
    render::emit(
        &mut ctx.out,
        &ctx.ui,
        &PurgeReport {
            records,
            all,
            keys,
            target,
        },
    )?;
    Ok(Exit::Ok)
}
