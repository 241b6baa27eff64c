//! `retry|dead|scheduled retry|delete|kill|reschedule|enqueue-now`: the arguments, the
//! confirmation and the report; the change itself (plan, dry run, paced apply, undo record) is
//! the core's (ops::change).

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use crate::commands::Ctx;
use crate::ops::bulk::{self, PaceArgs};
use crate::ops::change::{Action, Change, PlanReport, Source};
use crate::ops::filter::FilterArgs;
use crate::render::progress::Progress;
use crate::render::table::{cut, one_line};
use crate::render::{Report, emit};
use crate::store::JobSet;
use crate::term::confirm::confirm;
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::values::{TimeArg, parse_time};
use crate::text::size::{count, counted};

#[derive(Debug, Args)]
pub struct ActionArgs {
    /// The jids to act on (each found by its jid, then acted on by its exact stored bytes)
    #[arg(value_name = "JID")]
    pub jids: Vec<String>,

    /// Read jids from FILE (one per line), `-` for stdin
    #[arg(long, value_name = "FILE|-")]
    pub jid_file: Option<PathBuf>,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// Every entry of the set that matches the filters (or every entry, without filters)
    #[arg(long)]
    pub all: bool,

    /// Show the plan — counts per class, queue and error, a sample, the target Redis — and
    /// change nothing
    #[arg(long, help_heading = "Planning")]
    pub dry_run: bool,

    /// Write the exact entries that would be acted on to FILE (NDJSON), change nothing
    #[arg(long, value_name = "FILE", help_heading = "Planning")]
    pub plan_out: Option<PathBuf>,

    /// Act on exactly the entries of a plan written by --plan-out (or by export)
    #[arg(long, value_name = "FILE|-", help_heading = "Planning")]
    pub plan: Option<PathBuf>,

    /// Write each entry's outcome (done / gone / skipped / failed) to FILE as NDJSON
    #[arg(long, value_name = "FILE", help_heading = "Planning")]
    pub report: Option<PathBuf>,

    #[command(flatten)]
    pub pace: PaceArgs,

    /// Run even when a --class, --queue or --error names nothing in the set (by default that
    /// is refused as a likely typo, naming the nearest values that exist)
    #[arg(long)]
    pub force: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

impl ActionArgs {
    /// The change these arguments ask for: `action` on `set`'s entries `source` names, at
    /// their pace, its outcomes written where --report says.
    pub fn change(&self, set: JobSet, action: Action, source: Source) -> Change {
        Change {
            set,
            action,
            source,
            batch: self.pace.batch as usize,
            rate: self.pace.rate,
            max_depth: self.pace.max_queue_depth,
            filtered: self.filter.any(),
            report: self.report.clone(),
        }
    }
}

#[derive(Debug, Args)]
pub struct RequeueArgs {
    #[command(flatten)]
    pub action: ActionArgs,

    /// Give each job a fresh retry budget (remove its retry_count); by default it is kept, as
    /// the Web UI does, so a job that died of an exhausted budget gets exactly one attempt
    #[arg(long)]
    pub reset_retries: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("when").required(true).args(["in", "at"])))]
pub struct RescheduleArgs {
    #[command(flatten)]
    pub action: ActionArgs,

    /// Due this long from now (e.g. 30m, 2h)
    #[arg(long = "in", value_name = "DURATION", value_parser = crate::term::values::parse_duration)]
    pub r#in: Option<std::time::Duration>,

    /// Due at TIME (RFC 3339, or +DURATION)
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    pub at: Option<TimeArg>,
}

/// When the filters left nothing of a set that holds entries, say why (on stderr).
fn explain_empty(ctx: &mut Ctx, set: JobSet, filter: &FilterArgs) -> anyhow::Result<()> {
    let held = crate::ops::empty::zset(ctx.store()?, set.key())?;
    crate::render::empty::explain(&ctx.ui, &held, &super::list::noun(set), filter, true);
    Ok(())
}

impl Report for PlanReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(
            out,
            "{} would {} {} of {} on {}",
            s.strong("dry run:"),
            self.action,
            counted(self.entries, "entry", "entries"),
            self.source,
            self.target
        )?;
        for (title, groups) in [
            ("class", &self.by_class),
            ("queue", &self.by_queue),
            ("error", &self.by_error),
        ] {
            if groups.is_empty() {
                continue;
            }
            let mut top: Vec<(&String, &u64)> = groups.iter().collect();
            top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let shown: Vec<String> = top
                .iter()
                .take(8)
                .map(|(k, v)| format!("{} {}", one_line(k), count(**v)))
                .collect();
            let more = if top.len() > 8 {
                format!(", … {} more", top.len() - 8)
            } else {
                String::new()
            };
            writeln!(out, "  by {title:<6} {}{more}", shown.join(", "))?;
        }
        for (reason, n) in &self.skipped {
            writeln!(
                out,
                "  {} {} skipped: {}",
                s.warn("!"),
                count(*n),
                one_line(reason)
            )?;
        }
        for (jid, why) in self.not_found.iter().zip(&self.not_found_why) {
            writeln!(
                out,
                "  {} {}: {}",
                s.warn("!"),
                one_line(jid),
                one_line(why)
            )?;
        }
        if !self.sample.is_empty() {
            writeln!(out, "  sample:")?;
            for e in &self.sample {
                let error = e.error.as_deref().map(one_line).unwrap_or_default();
                writeln!(
                    out,
                    "    {}  {}  {}  {}",
                    one_line(&e.jid),
                    one_line(e.class.as_deref().unwrap_or("-")),
                    one_line(e.queue.as_deref().unwrap_or("-")),
                    cut(&error, 60)
                )?;
            }
        }
        if let Some(path) = &self.plan_out {
            writeln!(
                out,
                "  plan written to {path} (apply it with --plan {path})"
            )?;
        }
        writeln!(
            out,
            "  {}",
            crate::commands::undo_plan_line(self.undo.as_ref(), self.undone_by.as_deref())
        )?;
        writeln!(out, "nothing was changed")
    }
}

pub fn run(ctx: &mut Ctx, set: JobSet, action: Action, args: &ActionArgs) -> anyhow::Result<Exit> {
    let (change, prepared) = match ready(ctx, set, action, args, None)? {
        Ready::Over(exit) => return Ok(exit),
        Ready::Go(change, prepared) => (change, prepared),
    };
    let ui = ctx.ui.clone();
    let progress = Progress::new(&ui, prepared.expected, action.verb(set));
    let applied = change.apply(ctx, prepared, &progress);
    progress.finish();
    let applied = applied?;
    emit(&mut ctx.out, &ctx.ui, &applied.summary)?;
    match applied.error {
        // A connection lost mid-run: what was done before it is said above, then the error.
        Some(e) => Err(e),
        None => Ok(applied.summary.exit()),
    }
}

/// Where a change stands once planned: over (a dry run shown, a filter that matched nothing
/// said, or refused), or ready to apply, confirmed.
pub enum Ready {
    Over(Exit),
    Go(Change, crate::ops::change::Prepared),
}

/// Plan the change, show its dry run (with the canary's plan, when one is given), refuse a
/// filter that names nothing, say a filter that matched nothing, and ask for confirmation.
pub fn ready(
    ctx: &mut Ctx,
    set: JobSet,
    action: Action,
    args: &ActionArgs,
    canary: Option<&crate::ops::canary::Canary>,
) -> anyhow::Result<Ready> {
    let jids = bulk::named_jids(&args.jids, args.jid_file.as_deref())?;
    let source = Source::choose(
        jids,
        &args.filter,
        args.all,
        args.plan.as_deref(),
        ctx.ui.clock.now,
    )?;
    let change = args.change(set, action, source);
    if canary.is_some() && !change.is_scan() {
        return Err(UsageError(
            "--canary takes its steps from a selection: select the entries with filters or \
             --all (not jids or --plan)"
                .into(),
        )
        .into());
    }
    if args.dry_run || args.plan_out.is_some() {
        let report = change.dry_run(ctx, args.plan_out.as_deref())?;
        if let Some(why) = report.named_nothing.as_ref().filter(|_| !args.force) {
            return Err(UsageError(format!(
                "{why}; nothing was changed (--force runs it anyway)"
            ))
            .into());
        }
        let entries = report.entries;
        match canary {
            Some(canary) => {
                let plan = crate::ops::canary::plan(ctx.store()?, canary, entries)?;
                emit(
                    &mut ctx.out,
                    &ctx.ui,
                    &crate::render::canary::DryRun {
                        plan: report,
                        canary: plan,
                    },
                )?;
            }
            None => emit(&mut ctx.out, &ctx.ui, &report)?,
        }
        if entries == 0 && change.is_scan() {
            explain_empty(ctx, set, &args.filter)?;
        }
        return Ok(Ready::Over(Exit::Ok));
    }

    let ui = ctx.ui.clone();
    let prepared = change.prepare(ctx.store()?)?;
    if prepared.expected == 0 && change.is_scan() {
        // A value that names nothing in the set is most likely a typo: refused, nothing read
        // again, nothing changed.
        if let Some(why) = prepared.named_nothing.as_ref().filter(|_| !args.force) {
            return Err(UsageError(format!(
                "{why}; nothing was changed (--force runs it anyway)"
            ))
            .into());
        }
        // A filter that matches nothing changes nothing: no confirmation, no undo record,
        // no audit entry; the summary says 0 and stderr says why.
        explain_empty(ctx, set, &args.filter)?;
        let target = ctx.store()?.target().to_string();
        let mut summary =
            bulk::Summary::new(action.name(set), action.verb(set), set.key(), &target);
        summary.finish();
        emit(&mut ctx.out, &ctx.ui, &summary)?;
        return Ok(Ready::Over(Exit::Ok));
    }
    if action.needs_confirmation(change.is_named()) {
        let target = ctx.store()?.target().to_string();
        let steps = canary
            .map(|c| {
                format!(
                    " in steps ({}), each watched",
                    crate::render::canary::steps_line(&crate::ops::canary::steps(
                        prepared.expected,
                        c.first
                    ))
                )
            })
            .unwrap_or_default();
        confirm(
            &ui,
            args.yes,
            &format!(
                "{} {} of {} on {}{steps}?",
                action.name(set),
                counted(prepared.expected, "entry", "entries"),
                set.key(),
                target
            ),
        )?;
    }
    Ok(Ready::Go(change, prepared))
}
