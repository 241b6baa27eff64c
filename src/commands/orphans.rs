//! `cogctl orphans`: every in-progress list and whether its owner is alive (read-only).

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;

use super::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::orphans::{InProgressList, OrphansReport};
use crate::render::Report;
use crate::render::table::{self, Tone, cut, one_line};
use crate::render::time::{absolute, when};
use crate::store::liveness::Liveness;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::term::values::parse_duration;
use crate::text::size;

/// Every in-progress list, its jobs, and whether its owner is alive or presumed dead
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Every in-progress list and whether its owner is alive",
        "cogctl orphans",
    ),
    (
        "Presume an owner dead after 2 minutes of silence instead of 5",
        "cogctl orphans --orphan-threshold 2m",
    ),
]))]
pub struct OrphansArgs {
    /// How long an owner without a presence key may stay silent (by its last_beat stamp)
    /// before it is presumed dead (the gem's orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

/// `SleepJob ×3, EchoJob` — most frequent first.
fn classes_text(list: &InProgressList) -> String {
    let mut classes: Vec<(&String, &u64)> = list.classes.iter().collect();
    classes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut text = classes
        .iter()
        .map(|(c, n)| {
            if **n > 1 {
                format!("{} ×{n}", one_line(c))
            } else {
                one_line(c)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    if list.classes_sampled < list.jobs {
        text.push_str(&format!(" (first {})", size::count(list.classes_sampled)));
    }
    text
}

impl Report for OrphansReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.lists.is_empty() {
            writeln!(out, "{}", s.dim("no in-progress lists"))?;
        } else {
            let mut t = table::new(ui, &["IDENTITY", "OWNER", "LAST BEAT", "JOBS", "CLASSES"]);
            for l in &self.lists {
                let (owner, tone) = match (l.state, l.silent_for) {
                    (Liveness::Alive, _) => ("alive".to_string(), Tone::Good),
                    (Liveness::Silent, Some(secs)) => {
                        (format!("silent for {}", span(secs)), Tone::Warn)
                    }
                    (Liveness::Silent, None) => ("silent".to_string(), Tone::Warn),
                    (Liveness::PresumedDead, _) => ("presumed dead".to_string(), Tone::Bad),
                    (Liveness::Unknown, _) => ("unknown".to_string(), Tone::Warn),
                };
                let stamp = l.last_beat.as_ref().and_then(serde_json::Value::as_f64);
                let beat = match (stamp, &l.last_beat_unreadable) {
                    (Some(stamp), _) if ui.utc => absolute(stamp),
                    (Some(stamp), _) => match l.silent_for {
                        Some(secs) if secs >= 0.0 => format!("{} ago", span(secs)),
                        _ => when(ui, stamp),
                    },
                    (None, Some(text)) => format!("unreadable: {}", cut(&one_line(text), 20)),
                    (None, None) if l.state == Liveness::Unknown => "?".to_string(),
                    (None, None) => "none".to_string(),
                };
                t.add_row(vec![
                    table::cell(ui, l.identity.shown(), Tone::Strong),
                    table::cell(ui, owner, tone),
                    table::cell(ui, beat, Tone::Dim),
                    table::cell(ui, size::count(l.jobs), Tone::Plain),
                    table::cell(ui, classes_text(l), Tone::Plain),
                ]);
            }
            out.write_all(table::finish(&mut t, &[3]).as_bytes())?;
        }
        writeln!(out)?;

        let dead: Vec<&InProgressList> = self.lists.iter().filter(|l| l.state.is_dead()).collect();
        let dead_jobs: u64 = dead.iter().map(|l| l.jobs).sum();
        let label = |t: &str| s.dim(&format!("{t:<16}"));
        let orphaned = format!(
            "{} on {} list{} of presumed-dead owners",
            jobs(dead_jobs),
            dead.len(),
            crate::text::plural(dead.len(), "", "s")
        );
        writeln!(
            out,
            "{}{}",
            label("Orphaned"),
            if dead_jobs > 0 {
                s.bad(&orphaned)
            } else {
                orphaned
            }
        )?;
        match self.repeat_orphans {
            Some(n) => {
                let text = format!("{} parked, to be buried in dead", jobs(n));
                writeln!(
                    out,
                    "{}{}",
                    label("Repeat orphans"),
                    if n > 0 { s.warn(&text) } else { text }
                )?;
                for job in &self.repeat_orphan_jobs {
                    writeln!(
                        out,
                        "{}{}  {}  {}",
                        label(""),
                        s.accent(&one_line(&job.jid)),
                        one_line(job.class.as_deref().unwrap_or("-")),
                        s.dim(&one_line(job.queue.as_deref().unwrap_or("-")))
                    )?;
                }
                let rest = n.saturating_sub(self.repeat_orphan_jobs.len() as u64);
                if rest > 0 {
                    writeln!(out, "{}{}", label(""), s.dim(&format!("… {rest} more")))?;
                }
            }
            None => writeln!(out, "{}?", label("Repeat orphans"))?,
        }
        match self.unsettled {
            Some(n) => {
                let text = format!(
                    "{} record{}",
                    size::count(n),
                    crate::text::plural(n, "", "s")
                );
                let hint = if n > 0 {
                    s.dim("  (cogctl unsettled list)")
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{}{}{hint}",
                    label("Unsettled"),
                    if n > 0 { s.warn(&text) } else { text }
                )?;
            }
            None => writeln!(out, "{}?", label("Unsettled"))?,
        }
        writeln!(
            out,
            "{}{}",
            label("Threshold"),
            s.dim(&format!("{} of silence", span(self.threshold)))
        )?;
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}

fn jobs(n: u64) -> String {
    format!("{} job{}", size::count(n), crate::text::plural(n, "", "s"))
}

pub fn run(ctx: &mut Ctx, args: &OrphansArgs) -> anyhow::Result<OrphansReport> {
    let ui = ctx.ui.clone();
    let threshold = args.orphan_threshold.as_secs_f64();
    Ok(crate::ops::orphans::report(ctx.store()?, &ui, threshold)?)
}
