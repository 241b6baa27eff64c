//! `dead retry --canary N` and `retry retry --canary N`: the arguments, the plan of a dry
//! run, the steps shown as they go (stderr, on a terminal) and the report of the run; the run
//! itself is the core's (ops::canary).

use std::io::Write;
use std::time::Duration;

use clap::Args;

use super::apply::{Ready, RequeueArgs, ready};
use crate::commands::Ctx;
use crate::ops::canary::{self, Canary, StepReport, Steps};
use crate::ops::change::Action;
use crate::render::canary::{Ran, step_line};
use crate::render::progress::Progress;
use crate::render::{Report, emit};
use crate::store::JobSet;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size::count;

/// `retry retry` and `dead retry`: a requeue that can also go in watched steps.
#[derive(Debug, Args)]
pub struct RetryArgs {
    #[command(flatten)]
    pub requeue: RequeueArgs,

    #[command(flatten)]
    pub canary: CanaryArgs,
}

#[derive(Debug, Args)]
pub struct CanaryArgs {
    /// Retry in watched steps: N entries first (spread across the selection's classes and
    /// queues), then ten times as many each step while their jobs run, until the rest; stop
    /// when they fail again (docs/safety.md, "Canary retries")
    #[arg(
        long,
        value_name = "N",
        help_heading = "Canary",
        value_parser = clap::value_parser!(u64).range(1..=canary::MAX_FIRST)
    )]
    pub canary: Option<u64>,

    /// How long a step's jobs may take to run before the run stops
    #[arg(
        long,
        value_name = "DURATION",
        default_value = "2m",
        value_parser = crate::term::values::parse_duration,
        requires = "canary",
        help_heading = "Canary"
    )]
    pub canary_wait: Duration,

    /// Jobs of a step that may fail again before the run stops
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        requires = "canary",
        help_heading = "Canary"
    )]
    pub max_canary_failures: u64,
}

impl CanaryArgs {
    pub fn canary(&self) -> Option<Canary> {
        self.canary.map(|first| Canary {
            first,
            wait: self.canary_wait,
            max_failures: self.max_canary_failures,
        })
    }
}

/// The steps as they go, on stderr, for people at a terminal: a bar while a step moves, a
/// line while it is watched, and a line when it is over.
struct Shown {
    ui: Ui,
    line: Progress,
}

impl Steps for Shown {
    fn moving(&self, step: usize, size: u64, last: bool) -> Box<dyn crate::ops::Progress + '_> {
        let what = if last {
            format!("step {step}: retrying the rest")
        } else {
            format!("step {step}: retrying")
        };
        Box::new(Progress::new(&self.ui, size, &what))
    }

    fn watching(&self, step: &StepReport) {
        self.line.note(&format!(
            "step {}: watching {} jobs: {} succeeded, {} failed again, {} not run yet",
            step.step,
            count(step.watched),
            count(step.succeeded),
            count(step.failed),
            count(step.waiting)
        ));
    }

    fn done(&self, step: &StepReport) {
        self.line.println(&step_line(step));
    }
}

/// `dead retry` / `retry retry`, with or without `--canary`.
pub fn run(ctx: &mut Ctx, set: JobSet, args: &RetryArgs) -> anyhow::Result<Exit> {
    let action = Action::Requeue {
        reset_retries: args.requeue.reset_retries,
    };
    let Some(canary) = args.canary.canary() else {
        return super::apply::run(ctx, set, action, &args.requeue.action);
    };
    let (change, prepared) = match ready(ctx, set, action, &args.requeue.action, Some(&canary))? {
        Ready::Over(exit) => return Ok(exit),
        Ready::Go(change, prepared) => (change, prepared),
    };
    earlier_runs(ctx)?;
    let ui = ctx.ui.clone();
    let shown = Shown {
        line: Progress::line(&ui, "watching"),
        ui,
    };
    let ran = change.apply_canary(ctx, prepared, canary, &shown);
    shown.line.finish();
    let ran = ran?;
    let take_back = match (&ran.report.stopped, &ran.applied.summary.undo) {
        (Some(_), Some(kept)) => Some(format!("cogctl undo {}", kept.id)),
        _ => None,
    };
    let report = Ran {
        summary: ran.applied.summary,
        canary: ran.report,
        take_back,
    };
    emit(&mut ctx.out, &ctx.ui, &report)?;
    if let Some(e) = ran.applied.error {
        return Err(e);
    }
    // Stopped, at a terminal, without --yes: offer to take back what has not run yet (the
    // report shown first).
    ctx.out.flush()?;
    let ui = &ctx.ui;
    let ask = report.canary.stopped.is_some()
        && !report.summary.interrupted
        && !args.requeue.action.yes
        && ui.human()
        && ui.stdin_is_terminal
        && ui.stderr_is_terminal;
    if let (true, Some(kept)) = (ask, &report.summary.undo) {
        let question = format!(
            "Take back what the run moved and has not run yet (`cogctl undo {}`; a job that ran is left alone)?",
            kept.id
        );
        match crate::term::confirm::confirm(ui, false, &question) {
            Ok(()) => take_back_now(ctx, &kept.id)?,
            Err(e) if e.is::<crate::term::confirm::Cancelled>() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(report.exit())
}

/// Undo the run's own record now, as `cogctl undo ID` would: its own undo record and audit
/// entry, its report on stdout. The run's audit note is the run's again afterwards.
fn take_back_now(ctx: &mut Ctx, id: &str) -> anyhow::Result<()> {
    use crate::ops::undo as ops;
    let run_audit = std::mem::take(&mut ctx.audit);
    let run_undo = ctx.undo.clone();
    ctx.undo = crate::ops::UndoPlan {
        id: None,
        keep: run_undo.keep.or(Some(crate::store::undo::DEFAULT_KEEP)),
        command: "undo",
        argv: format!("cogctl undo {id} (offered by the stopped canary run)"),
    };
    let result = (|| -> anyhow::Result<u8> {
        let record = ops::resolve(ctx.store()?, id)?;
        let kind = ops::undoable(&record, "")?;
        let ui = ctx.ui.clone();
        let progress = Progress::new(&ui, record.entries, "taking back");
        let applied = ops::apply(ctx, record, kind, &progress);
        progress.finish();
        let applied = applied?;
        emit(&mut ctx.out, &ctx.ui, &applied.report)?;
        match applied.error {
            Some(e) => Err(e),
            None => Ok(applied.report.exit.code()),
        }
    })();
    let exit = match &result {
        Ok(code) => *code,
        Err(_) => 1,
    };
    audit_undo(ctx, exit);
    let by = ctx.audit.undo.as_ref().map(|k| k.id.clone());
    ctx.audit = run_audit;
    ctx.audit.taken_back = by;
    ctx.undo = run_undo;
    result.map(|_| ())
}

/// The `end` audit entry of an undo made from inside the run (best effort: a warning when it
/// can't be written).
fn audit_undo(ctx: &mut Ctx, exit: u8) {
    use crate::store::audit;
    let outcome = ctx.audit_outcome(exit, true);
    let who = ctx.audit_who(&ctx.undo.argv);
    let fields = ctx.audit_fields(&who, "undo", "end", Some(&outcome));
    let written = ctx
        .store()
        .map_err(anyhow::Error::from)
        .and_then(|store| audit::append(store, &fields).map_err(anyhow::Error::from));
    if let Err(e) = written {
        ctx.ui.warn_line(&format!(
            "{} the audit entry could not be written to cogctl:audit: {}",
            ctx.ui.styles.warn("warning:"),
            crate::text::visible(&e.to_string())
        ));
    }
}

/// Say on stderr when an earlier canary run of this command never closed its undo record (it
/// was killed, or is still running elsewhere): what its steps had done, from the record.
fn earlier_runs(ctx: &mut Ctx) -> anyhow::Result<()> {
    let command = ctx.undo.command;
    let records = crate::store::undo::newest(ctx.store()?, 50)?;
    for r in records
        .iter()
        .filter(|r| r.command == command && r.state == "recording")
    {
        let Some(brief) = r.canary.as_deref() else {
            continue;
        };
        let steps: Vec<serde_json::Value> = serde_json::from_str::<serde_json::Value>(brief)
            .ok()
            .and_then(|v| v.get("steps").and_then(|s| s.as_array()).cloned())
            .unwrap_or_default();
        let done: Vec<String> = steps
            .iter()
            .map(|s| {
                let n = |k: &str| count(s.get(k).and_then(serde_json::Value::as_u64).unwrap_or(0));
                format!(
                    "step {} moved {} ({} succeeded, {} failed again): {}",
                    n("step"),
                    n("moved"),
                    n("succeeded"),
                    n("failed"),
                    s.get("outcome").and_then(|o| o.as_str()).unwrap_or("?")
                )
            })
            .collect();
        ctx.ui.warn_line(&format!(
            "{} an earlier canary run of `{command}` (undo record {}, started {} by {}) never \
             finished: it was killed, or is still running: {}; `cogctl undo {}` takes back what \
             of it has not run",
            ctx.ui.styles.warn("note:"),
            r.id,
            crate::clock::rfc3339(r.created),
            crate::text::visible(&r.user),
            if done.is_empty() {
                "no step recorded".to_string()
            } else {
                crate::text::visible(&done.join("; ")).into_owned()
            },
            r.id
        ));
    }
    Ok(())
}
