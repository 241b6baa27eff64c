//! `cogctl reconcile`: one pass of the gem's orphan recovery, on demand (OPERATIONS §8.3):
//! requeue the in-progress lists of presumed-dead processes, bury repeat orphans, file
//! unsettled records. Every Ruby process runs the same repairs on its own timer; the scripts
//! are the same atomic steps, so running beside them is safe.

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::Problem;
use crate::ops::orphans;
use crate::ops::reconcile::{self, DryRunReport, ReconcileReport};
use crate::ops::unsettled;
use crate::render::table::{self, Tone};
use crate::render::{Report, emit};
use crate::store::job::Job;
use crate::store::liveness::{self, Liveness};
use crate::store::name::shown_list;
use crate::store::recovery::{Buried, DEFAULT_MAX_ORPHANINGS, Filed, Recovery};
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;
use crate::term::values::parse_duration;
use crate::text::size::{count, counted};
use crate::text::visible;
use crate::worker::death::{Death, DeathHooks, HookOutcome, Reason};

/// Requeue the jobs of dead processes, bury repeat orphans and file unsettled records, now
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "What a pass would do: the jobs it would requeue, bury and file",
        "cogctl reconcile --dry-run",
    ),
    (
        "Requeue the jobs of dead processes now, as the gem's orphan pass does",
        "cogctl reconcile",
    ),
    (
        "The same, 500 jobs per script call",
        "cogctl reconcile --batch 500",
    ),
    (
        "Run a command for each job the pass buries or files in dead",
        "cogctl reconcile --on-death bin/notify-dead",
    ),
]))]
pub struct ReconcileArgs {
    /// How long an owner without a presence key may stay silent (by its last_beat stamp)
    /// before it is presumed dead (the gem's orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,

    /// Park a job instead of requeueing it once it has been orphaned more than N times (the
    /// gem's max_orphanings)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ORPHANINGS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_orphanings: u64,

    /// Requeue at most N jobs per script call, each call judging the owner's liveness again
    /// (default: a whole list in one call, as the gem does)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: Option<u64>,

    /// Say what the pass would do: the jobs it would requeue and from which dead processes,
    /// the repeat orphans it would bury, the unsettled records it would file; change nothing
    /// (`cogctl orphans` shows every in-progress list)
    #[arg(long)]
    pub dry_run: bool,

    /// Run COMMAND for each job this pass files in dead for good (a repeat orphan buried, an
    /// unsettled failure filed), as `worker --on-death` does: repeatable, run in order without
    /// a shell, the dead entry on stdin, COGCTL_JID, COGCTL_CLASS, COGCTL_QUEUE,
    /// COGCTL_ERROR_CLASS, COGCTL_ERROR_MESSAGE and COGCTL_DEATH_REASON (orphaned, filed) set
    #[arg(long = "on-death", value_name = "COMMAND", conflicts_with = "dry_run")]
    pub on_death: Vec<String>,

    /// Kill a death hook (its whole process group) that runs longer than this
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub on_death_timeout: Duration,
}

impl Report for DryRunReport {
    /// What the pass would do, one line per kind of repair; the orphans view and the
    /// unsettled records are `cogctl orphans` and `cogctl unsettled list`.
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let dead: Vec<&orphans::InProgressList> = self
            .orphans
            .lists
            .iter()
            .filter(|l| l.state.is_dead())
            .collect();
        let jobs: u64 = dead.iter().map(|l| l.jobs).sum();
        let mut lines = Vec::new();
        if jobs > 0 {
            lines.push(format!(
                "would requeue {} from {} ({}); a job orphaned too often is parked instead",
                counted(jobs, "job", "jobs"),
                counted(dead.len() as u64, "dead process", "dead processes"),
                dead.iter()
                    .map(|l| l.identity.shown())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        } else if !dead.is_empty() {
            lines.push(format!(
                "would forget {} (its in-progress list is empty)",
                counted(dead.len() as u64, "dead process", "dead processes")
            ));
        }
        if let Some(n) = self.orphans.repeat_orphans.filter(|&n| n > 0) {
            lines.push(format!(
                "would bury {} in dead",
                counted(n, "parked repeat orphan", "parked repeat orphans")
            ));
        }
        if self.unsettled.total > 0 {
            let invalid = if self.unsettled.invalid > 0 {
                format!(
                    " ({} quarantined instead)",
                    counted(self.unsettled.invalid, "invalid one", "invalid ones")
                )
            } else {
                String::new()
            };
            lines.push(format!(
                "would file {} in retry or dead{invalid}",
                counted(
                    self.unsettled.total,
                    "unsettled record",
                    "unsettled records"
                )
            ));
        }
        let waiting: Vec<&orphans::InProgressList> = self
            .orphans
            .lists
            .iter()
            .filter(|l| !l.state.is_dead() && l.state != Liveness::Alive && l.jobs > 0)
            .collect();
        if !waiting.is_empty() {
            lines.push(format!(
                "would leave {} of {} silent or unknown {} (not presumed dead before {} of silence)",
                counted(waiting.iter().map(|l| l.jobs).sum(), "job", "jobs"),
                waiting.len(),
                crate::text::plural(waiting.len() as u64, "process", "processes"),
                crate::duration::span(self.orphans.threshold)
            ));
        }
        if lines.is_empty() {
            lines.push(
                "would do nothing: no job of a dead process, no repeat orphan, no unsettled record"
                    .into(),
            );
        }
        for line in lines {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "{}", s.dim("dry run: nothing was changed"))?;
        Problem::warn_all(ui, &self.orphans.problems);
        Problem::warn_all(ui, &self.unsettled.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.orphans.exit() == Exit::Ok && self.unsettled.exit() == Exit::Ok {
            Exit::Ok
        } else {
            Exit::Failure
        }
    }
}

fn recovery(ctx: &Ctx, args: &ReconcileArgs) -> Recovery {
    Recovery {
        threshold: args.orphan_threshold.as_secs_f64(),
        max_orphanings: args.max_orphanings,
        batch: args.batch,
        now: ctx.ui.clock.current(),
    }
}

pub fn run(ctx: &mut Ctx, args: &ReconcileArgs) -> anyhow::Result<Exit> {
    if args.dry_run {
        let ui = ctx.ui.clone();
        let report = reconcile::dry_run(ctx.store()?, &ui, args.orphan_threshold.as_secs_f64())?;
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(report.exit());
    }
    let hooks = DeathHooks::new(&args.on_death, &[], args.on_death_timeout).map_err(UsageError)?;
    let recovery = recovery(ctx, args);
    let pinned = ctx.ui.clock.pinned.then_some(ctx.ui.clock.now);
    let ui = ctx.ui.clone();
    let store = ctx.store()?;
    let mut report = ReconcileReport::new(store.target(), &recovery);
    // The jobs this pass files in dead for good, for their hooks once the pass is done.
    let mut buried = Vec::new();
    let result = reconcile::pass(store, &recovery, pinned, &mut report, &mut buried);
    let mut deaths: Vec<Death> = buried.into_iter().filter_map(orphaned).collect();
    for payload in &report.unsettled.dead_payloads {
        // Only a readable job has hooks.
        if Job::parse(payload.as_bytes()).is_ok() {
            deaths.push(Death {
                entry: payload.clone().into_bytes(),
                reason: Reason::Filed,
                class_hooks: false,
            });
        }
    }
    // Filed is filed: their hooks run even when the pass ended on an error.
    for death in deaths.iter().filter(|_| !hooks.is_empty()) {
        report.death_hooks.jobs += 1;
        hooks.run(death, |fields, run| match &run.outcome {
            HookOutcome::Ok => report.death_hooks.ok += 1,
            HookOutcome::Failed(why) => {
                report.death_hooks.failed += 1;
                ui.warn_line(&format!(
                    "{} the death hook `{}` for jid {} failed: {}",
                    ui.styles.warn("warning:"),
                    visible(&run.command),
                    visible(&fields.jid),
                    visible(why)
                ));
            }
            HookOutcome::TimedOut => {
                report.death_hooks.timed_out += 1;
                ui.warn_line(&format!(
                    "{} the death hook `{}` for jid {} ran past {} and was killed",
                    ui.styles.warn("warning:"),
                    visible(&run.command),
                    visible(&fields.jid),
                    crate::duration::span(args.on_death_timeout.as_secs_f64())
                ));
            }
        });
    }
    result?;
    ctx.record(report.counts());
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

/// The death of a buried repeat orphan, when it was a readable job (only those have hooks).
fn orphaned(buried: Buried) -> Option<Death> {
    buried.readable.then(|| Death {
        entry: buried.entry.into_bytes(),
        reason: Reason::Orphaned,
        class_hooks: false,
    })
}

/// `cogctl unsettled file`: only the unsettled part of a pass.
pub fn run_file_unsettled(ctx: &mut Ctx, dry_run: bool) -> anyhow::Result<Exit> {
    if dry_run {
        let report = unsettled::read(ctx.store()?, unsettled::DEFAULT_LIMIT)?;
        emit(&mut ctx.out, &ctx.ui, &report)?;
        return Ok(report.exit());
    }
    let recovery = Recovery {
        threshold: liveness::DEFAULT_THRESHOLD,
        max_orphanings: DEFAULT_MAX_ORPHANINGS,
        batch: None,
        now: ctx.ui.clock.current(),
    };
    let store = ctx.store()?;
    let mut report = UnsettledFiled {
        target: store.target().to_string(),
        filed: Filed::default(),
        problems: Vec::new(),
    };
    reconcile::file_unsettled(store, &recovery, &mut report.filed, &mut report.problems)?;
    ctx.record(crate::ops::Counts {
        matched: report.filed.filed + report.filed.quarantined,
        done: report.filed.filed,
        skipped: report.filed.quarantined,
        ..crate::ops::Counts::default()
    });
    emit(&mut ctx.out, &ctx.ui, &report)?;
    Ok(report.exit())
}

/// What `unsettled file` did.
#[derive(Debug, Serialize)]
pub struct UnsettledFiled {
    pub target: String,
    #[serde(flatten)]
    pub filed: Filed,
    pub problems: Vec<Problem>,
}

impl Report for UnsettledFiled {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        write_filed(out, ui, &self.filed)?;
        death_hooks_note(out, ui, self.filed.into_dead)?;
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.filed.stopped.is_some() {
            if self.filed.filed + self.filed.quarantined > 0 {
                Exit::Partial
            } else {
                Exit::Failure
            }
        } else {
            Problem::exit(&self.problems)
        }
    }
}

fn write_filed(out: &mut dyn Write, ui: &Ui, f: &Filed) -> io::Result<()> {
    let s = &ui.styles;
    writeln!(
        out,
        "{} {} ({} into dead), quarantined {} invalid",
        s.strong("filed"),
        counted(f.filed, "unsettled record", "unsettled records"),
        count(f.into_dead),
        count(f.quarantined)
    )?;
    if let Some(reason) = &f.stopped {
        writeln!(
            out,
            "{} {reason}; the rest waits for the next pass",
            s.warn("stopped:")
        )?;
    }
    Ok(())
}

fn death_hooks_note(out: &mut dyn Write, ui: &Ui, n: u64) -> io::Result<()> {
    if n > 0 {
        writeln!(
            out,
            "{}",
            ui.styles.dim(&format!(
                "note: {} filed in dead by cogctl; the Ruby death hooks of {} do not run for them",
                counted(n, "job was", "jobs were"),
                crate::text::plural(n, "its class", "their classes")
            ))
        )?;
    }
    Ok(())
}

impl Report for ReconcileReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.lists.is_empty() {
            writeln!(out, "{}", s.dim("no in-progress lists"))?;
        } else {
            let mut t = table::new(
                ui,
                &[
                    "IDENTITY", "OWNER", "REQUEUED", "PARKED", "BURIED", "FAILED", "RECORD",
                ],
            );
            for l in &self.lists {
                let (state, tone) = match l.state {
                    Liveness::Alive => ("alive".to_string(), Tone::Good),
                    Liveness::Silent => (
                        format!(
                            "silent {}",
                            l.silent_for.map_or(String::new(), crate::duration::span)
                        ),
                        Tone::Warn,
                    ),
                    Liveness::PresumedDead => ("presumed dead".to_string(), Tone::Bad),
                    Liveness::Unknown => ("unknown".to_string(), Tone::Warn),
                };
                let n = |v: u64| {
                    if l.state == Liveness::PresumedDead {
                        count(v)
                    } else {
                        "-".into()
                    }
                };
                t.add_row(vec![
                    table::cell(ui, l.identity.shown(), Tone::Plain),
                    table::cell(ui, state, tone),
                    table::cell(ui, n(l.requeued), Tone::Plain),
                    table::cell(ui, n(l.parked), Tone::Plain),
                    table::cell(ui, n(l.buried), Tone::Plain),
                    table::cell(
                        ui,
                        n(l.failed),
                        if l.failed > 0 { Tone::Bad } else { Tone::Plain },
                    ),
                    table::cell(ui, if l.forgotten { "forgotten" } else { "" }, Tone::Dim),
                ]);
            }
            out.write_all(table::finish(&mut t, &[2, 3, 4, 5]).as_bytes())?;
        }
        // Warnings go to stderr (or where the Ui keeps them), beside the report.
        if self.lists.iter().any(|l| l.failed > 0) {
            ui.warn_line(&format!(
                "{} {} that could not be put back (a queue key of the wrong type?) stay on their list for the next pass",
                s.warn("warning:"),
                counted(self.lists.iter().map(|l| l.failed).sum(), "job", "jobs")
            ));
        }
        if !self.unlisted_queues.is_empty() {
            ui.warn_line(&format!(
                "{} requeued jobs onto {} no live process reads: {} — make sure some worker reads {}",
                s.warn("warning:"),
                crate::text::plural(self.unlisted_queues.len() as u64, "a queue", "queues"),
                shown_list(&self.unlisted_queues, ", "),
                crate::text::plural(self.unlisted_queues.len() as u64, "it", "them")
            ));
        }
        writeln!(
            out,
            "{} {}",
            s.strong("buried"),
            counted(
                self.buried_repeat_orphans.len() as u64,
                "repeat orphan",
                "repeat orphans"
            )
        )?;
        write_filed(out, ui, &self.unsettled)?;
        death_hooks_note(out, ui, self.death_hooks_not_run)?;
        let h = &self.death_hooks;
        if h.jobs > 0 {
            writeln!(
                out,
                "{} the death hooks of {}: {} ok, {} failed, {} timed out",
                s.strong("ran"),
                counted(h.jobs, "job", "jobs"),
                count(h.ok),
                count(h.failed),
                count(h.timed_out)
            )?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        let failed = self.lists.iter().any(|l| l.failed > 0)
            || self.unsettled.stopped.is_some()
            || !self.problems.is_empty();
        let done = self
            .lists
            .iter()
            .any(|l| l.requeued + l.parked + l.buried > 0)
            || !self.buried_repeat_orphans.is_empty()
            || self.unsettled.filed + self.unsettled.quarantined > 0;
        match (failed, done) {
            (false, _) => Exit::Ok,
            (true, true) => Exit::Partial,
            (true, false) => Exit::Failure,
        }
    }
}
