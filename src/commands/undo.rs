//! `cogctl undo ID|last`: take back a change cogctl made — exactly what it changed, where it
//! is still as the change left it — from the record the change kept in Redis. `undo list`
//! shows what can be undone; `undo purge` drops records early to free their memory.

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::Ctx;
use crate::clock::rfc3339;
use crate::ops::undo::{self as ops, UndoPlanReport, UndoReport};
use crate::render::progress::Progress;
use crate::render::table::{self, Tone, one_line};
use crate::render::time::when;
use crate::render::{self, Report};
use crate::store::audit;
use crate::store::undo::{self, Record};
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::text::size::{bytes, count, counted};

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

impl Report for UndoReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.left == 0 {
            writeln!(
                out,
                "{} `{}` ({}): {} restored",
                s.strong("undid"),
                one_line(&self.command),
                self.undone,
                count(self.restored)
            )?;
        } else {
            // What it did, said whole in its first line (the console's status line is it).
            writeln!(
                out,
                "{} `{}` ({}): {} of {} restored; {} had moved on since the change",
                s.strong("undid"),
                one_line(&self.command),
                self.undone,
                count(self.restored),
                count(self.restored + self.left),
                count(self.left)
            )?;
        }
        if self.left > 0 {
            writeln!(out, "  {} {} left alone:", s.warn("!"), count(self.left))?;
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

/// The record an id names; `last`: the newest undoable change made by this user on this
/// host (by anyone with `anyone`), or why there is none.
fn resolve(ctx: &mut Ctx, given: &str, anyone: bool) -> anyhow::Result<Record> {
    if given != "last" {
        return ops::resolve(ctx.store()?, given);
    }
    let me = audit::user_at_host();
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let (newest, mine) = undo::last(store, (!anyone).then_some(me.as_str()))?;
    match (mine, newest) {
        (Some(record), _) => Ok(record),
        (None, None) => Err(ops::NotUndoable(
            "no change on this Redis can be undone (none kept a record, or every record \
             expired, was purged or was undone)"
                .into(),
        )
        .into()),
        (None, Some(other)) => Err(ops::NotUndoable(format!(
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
    if let Some(fleet) = &record.fleet {
        // One shard's part of a change across a fleet: taken back alone only where that
        // shard was named for this run, never by default.
        let fleet = crate::text::visible(fleet);
        let whole = format!(
            "`cogctl {} undo {}` takes it back on every shard",
            crate::ops::fleet::flag(&fleet, None),
            record.id
        );
        match ctx.context.as_ref().filter(|c| c.named) {
            Some(active) => ctx.ui.note(&format!(
                "note: {} is one shard's part of a change across fleet {}: this takes back \
                 the part on {} only; {whole}",
                record.id, fleet, active.name
            )),
            None => {
                return Err(UsageError(format!(
                    "{} was made across fleet {}: {whole}, or `cogctl --context NAME undo {}` \
                     one shard's part only; nothing was changed",
                    record.id, fleet, record.id
                ))
                .into());
            }
        }
    }
    let kind = ops::undoable(&record, "")?;
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
    if dry_run {
        let report = ops::dry_run(ctx, record)?;
        render::emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(Exit::Ok);
    }
    ops::keep(ctx)?;
    let ui = ctx.ui.clone();
    let target = ctx.store()?.target().to_string();
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
            ops::describe(&record),
            target
        ),
    )?;
    let progress = Progress::new(&ui, record.entries, "undoing");
    let applied = ops::apply(ctx, record, kind, &progress);
    progress.finish();
    let applied = applied?;
    render::emit(&mut ctx.out, &ctx.ui, &applied.report)?;
    match applied.error {
        Some(e) => Err(e),
        None => Ok(applied.report.exit),
    }
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
            let state = match (r.state.as_str(), &r.undone_by, r.undo_outcome()) {
                ("undone", Some(by), Some(outcome)) => format!("undone by {by} ({outcome})"),
                ("empty", _, Some(outcome)) => format!("undo that {outcome}"),
                (_, _, _) => String::new(),
            };
            let state = match (r.state.as_str(), &r.undone_by) {
                _ if !state.is_empty() => state,
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
    let report = list_report(ctx, limit)?;
    render::emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(Exit::Ok)
}

/// The newest `limit` undo records of this Redis.
pub fn list_report(ctx: &mut Ctx, limit: usize) -> anyhow::Result<ListReport> {
    let records = undo::newest(ctx.store()?, limit)?;
    Ok(ListReport { records })
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
    ctx.record(crate::ops::Counts::done(keys));
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
