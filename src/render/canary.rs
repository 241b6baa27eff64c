//! How a canary retry reads: its plan in a dry run, and the run with its steps (the CLI's
//! `--canary` and the console's `c`).

use std::io::{self, Write};

use serde::Serialize;

use crate::ops::bulk::Summary;
use crate::ops::canary::{self, CanaryPlan, CanaryReport, StepReport};
use crate::ops::change::PlanReport;
use crate::render::Report;
use crate::render::table::one_line;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::size::count;

/// A dry run of a canary retry: the plan of a retry and its steps.
#[derive(Serialize)]
pub struct DryRun {
    #[serde(flatten)]
    pub plan: PlanReport,
    pub canary: CanaryPlan,
}

impl Report for DryRun {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let mut plan = Vec::new();
        self.plan.human(&mut plan, ui)?;
        let text = String::from_utf8_lossy(&plan);
        // The canary's lines go before the closing "nothing was changed".
        let (head, tail) = match text.trim_end().rsplit_once('\n') {
            Some((head, tail)) => (head.to_string(), tail.to_string()),
            None => (String::new(), text.trim_end().to_string()),
        };
        if !head.is_empty() {
            writeln!(out, "{head}")?;
        }
        let c = &self.canary;
        writeln!(
            out,
            "  in steps {}, each watched for up to {}",
            steps_line(&c.steps),
            crate::duration::span(c.wait_secs)
        )?;
        writeln!(
            out,
            "  watched by jid ({} of a step at most), through {}",
            count(canary::WATCH_MAX as u64),
            c.watched_by.join(", ")
        )?;
        writeln!(
            out,
            "  stops at a step with more than {} of its jobs failing again, or not run in time; \
             the rest stays where it is",
            count(c.max_failures)
        )?;
        writeln!(out, "{tail}")
    }
}

/// A canary run: the summary of every step together, and the steps.
#[derive(Serialize)]
pub struct Ran {
    #[serde(flatten)]
    pub summary: Summary,
    pub canary: CanaryReport,
    /// The command that takes back what was moved and has not run (after a stop).
    pub take_back: Option<String>,
}

/// Failures again named one by one at most.
const FAILURES_SHOWN: usize = 5;

impl Report for Ran {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        self.summary.human(out, ui)?;
        let s = &ui.styles;
        for step in &self.canary.steps {
            writeln!(out, "  {}", step_line(step))?;
            for note in &step.resumed {
                writeln!(out, "    {} {}", s.warn("!"), one_line(note))?;
            }
        }
        let failures: Vec<_> = self
            .canary
            .canaries
            .iter()
            .filter(|c| c.outcome == "failed")
            .collect();
        for c in failures.iter().take(FAILURES_SHOWN) {
            writeln!(
                out,
                "    {} {}  {}  {}",
                s.bad("failed again"),
                one_line(&c.jid),
                one_line(c.class.as_deref().unwrap_or("-")),
                crate::render::table::cut(&one_line(c.error.as_deref().unwrap_or("")), 80)
            )?;
        }
        if failures.len() > FAILURES_SHOWN {
            writeln!(
                out,
                "    … and {} more",
                count((failures.len() - FAILURES_SHOWN) as u64)
            )?;
        }
        match &self.canary.stopped {
            Some(why) => {
                writeln!(
                    out,
                    "{} {}; the rest was left in {}",
                    s.bad("stopped:"),
                    one_line(why),
                    self.summary.source.shown()
                )?;
                if let Some(cmd) = &self.take_back {
                    writeln!(
                        out,
                        "take back what was moved and has not run yet: {cmd} (a job that ran is left alone)"
                    )?;
                }
            }
            None => writeln!(out, "{} every step held", s.good("done:"))?,
        }
        Ok(())
    }

    fn exit(&self) -> Exit {
        if self.summary.interrupted {
            Exit::Interrupted
        } else if self.canary.stopped.is_some() {
            Exit::Stopped
        } else {
            self.summary.exit()
        }
    }
}

/// `step 2  100 moved, 100 watched: 97 succeeded, 3 failed (3 the same)  failed, 5.1s`
pub fn step_line(step: &StepReport) -> String {
    let mut parts = vec![format!("{} succeeded", count(step.succeeded))];
    if step.failed > 0 {
        parts.push(format!(
            "{} failed again ({} with the failure they had)",
            count(step.failed),
            count(step.failed_same)
        ));
    }
    if step.waiting > 0 {
        parts.push(format!("{} not run yet", count(step.waiting)));
    }
    if step.back_in_set > 0 {
        parts.push(format!(
            "{} back in the set (their move did not hold)",
            count(step.back_in_set)
        ));
    }
    format!(
        "step {}  {} moved, {} watched: {}  {}, {}",
        step.step,
        count(step.moved),
        count(step.watched),
        parts.join(", "),
        step.outcome,
        crate::duration::span(step.seconds)
    )
}

/// The steps of a canary run by number, for the plan and the report: `10 → 100 → the rest
/// (1,890)`.
pub fn steps_line(steps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (i, n) in steps.iter().enumerate() {
        if i + 1 == steps.len() && i > 0 {
            parts.push(format!("the rest ({})", crate::text::size::count(*n)));
        } else {
            parts.push(crate::text::size::count(*n));
        }
    }
    parts.join(" → ")
}
