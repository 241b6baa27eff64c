//! Undo: the record an id names, what undoing it would do (a dry run), and the undo itself,
//! batch by batch, keeping a record of the inverse kind so that the undo can be undone.

use serde::Serialize;

use crate::clock::rfc3339;
use crate::ops::{Counts, Progress, Session};
use crate::store::job::Job;
use crate::store::undo::{self, Begin, Kept, Kind, Record, Recorder, Undoer};
use crate::store::{Name, audit};
use crate::term::exit::{Exit, UsageError};
use crate::term::interrupt;
use crate::text::plural;
use crate::text::size::counted;

/// A change that can't be undone, said in one sentence (exit 1, nothing changed).
#[derive(Debug, thiserror::Error)]
#[error("{0}; nothing was changed")]
pub struct NotUndoable(pub String);

/// The record an id names: `last`, a record id, or an audit entry id.
pub fn resolve(store: &mut crate::store::Store, given: &str) -> anyhow::Result<Record> {
    if given == "last" {
        return undo::last(store, None)?.0.ok_or_else(|| {
            NotUndoable(
                "no change on this Redis can be undone (none kept a record, or every record \
                 expired, was purged or was undone)"
                    .into(),
            )
            .into()
        });
    }
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

/// What undoing `record` does, in words.
/// `the 3 jobs`, but `the job` for one.
fn the(n: u64, counted: &str) -> String {
    if n == 1 {
        format!("the {}", counted.trim_start_matches("1 "))
    } else {
        format!("the {counted}")
    }
}

pub fn describe(record: &Record) -> String {
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
    pub exit: Exit,
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

/// The kind of change `record` undoes; one undone already, or of a kind this cogctl doesn't
/// know, can't be undone. `named`: the flags the commands it suggests give to reach this
/// Redis (`--context prod-a `, with its space), or none.
pub fn undoable(record: &Record, named: &str) -> anyhow::Result<Kind> {
    if record.state == "empty" {
        return Err(NotUndoable(format!(
            "{} ({}) {}, so there is nothing to take back",
            record.id,
            record.change(),
            record.undo_outcome().unwrap_or_default()
        ))
        .into());
    }
    if let (Some(by), "undone") = (&record.undone_by, record.state.as_str()) {
        let at = record
            .undone_at
            .map(|t| format!(" at {}", rfc3339(t)))
            .unwrap_or_default();
        return Err(NotUndoable(match record.undo_outcome() {
            Some(outcome) => format!(
                "`{}` ({}) was undone already, by {by}{at}: {outcome} since the change (`cogctl \
                 {named}undo {by}` says what that undo kept)",
                record.command, record.id
            ),
            None => format!(
                "`{}` ({}) was undone already, by {by}{at}; `cogctl {named}undo {by}` takes that \
                 undo back",
                record.command, record.id
            ),
        })
        .into());
    }
    record.kind.ok_or_else(|| {
        NotUndoable(format!(
            "record {} is of a kind this cogctl doesn't know (made by a newer cogctl?)",
            record.id
        ))
        .into()
    })
}

/// What undoing `record` would do, and what the undo would keep to be undone in turn.
pub fn dry_run(ctx: &mut Session, record: Record) -> anyhow::Result<UndoPlanReport> {
    let target = ctx.store()?.target().to_string();
    let keep = ctx.undo.keep.unwrap_or(undo::DEFAULT_KEEP);
    Ok(UndoPlanReport {
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
    })
}

/// How long an undo keeps its own record. `--no-undo` is refused: an undo moves what it puts
/// back out of the change's record into its own, which is what lets it be undone in turn.
pub fn keep(ctx: &Session) -> anyhow::Result<std::time::Duration> {
    ctx.undo.keep.ok_or_else(|| {
        UsageError(
            "--no-undo doesn't apply to `undo`: an undo moves what it puts back out of the \
             change's record into its own, which is what lets it be undone in turn"
                .into(),
        )
        .into()
    })
}

/// What an undo did. `error` is why it stopped early (a lost connection): the report then
/// says what was done before it.
pub struct UndoApplied {
    pub report: UndoReport,
    pub error: Option<anyhow::Error>,
}

/// Undo `record` (of `kind`, from [`undoable`]): only what is still as the change left it,
/// batch by batch until done or interrupted, every other entry named with why. The undo keeps
/// its own record, of the inverse kind, so that it can be undone in turn; one cut short
/// continues with the same record when run again.
pub fn apply(
    ctx: &mut Session,
    record: Record,
    kind: Kind,
    progress: &dyn Progress,
) -> anyhow::Result<UndoApplied> {
    let keep = keep(ctx)?;
    let now = ctx.ui.clock.current();
    let target = ctx.store()?.target().to_string();
    // The undo's own record, of the inverse kind, on the same keys (a move's two sets
    // swapped): it is what lets the undo be undone.
    let fresh = ctx.record_id(now);
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
    let (all_restored, all_left) = undo::count_undone(ctx.store()?, &record.id, restored, left)?;
    // An undo that put nothing back keeps an empty record, so that its id still says so.
    let kept = if all_restored == 0 && result.is_ok() && !interrupted {
        undo::close_empty(ctx.store()?, &into.id, all_left)?;
        None
    } else {
        ctx.finish_undo(Some(&into))
    };
    if result.is_ok() && !interrupted {
        undo::finish_undo(ctx.store()?, &record.id)?;
    }
    ctx.record(Counts {
        matched: restored + left,
        done: restored,
        skipped: left,
        ..Counts::default()
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
    Ok(UndoApplied {
        report,
        error: result.err(),
    })
}
