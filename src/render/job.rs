//! `cogctl job JID` for people: where the job is, its attempts with their gaps, its runs,
//! its status hash and its payload. The console's entry view draws the same.

use std::io::{self, Write};

use serde_json::{Number, Value};

use crate::duration::span;
use crate::ops::Problem;
use crate::ops::job::{JobReport, Location, StatusHash};
use crate::render::Report;
use crate::render::list::trouble;
use crate::render::table::{cut, one_line, pad, width};
use crate::render::time::{absolute, run_time, when};
use crate::store::job::Job;
use crate::store::liveness::Liveness;
use crate::store::{JobSet, keys};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::json::pretty;
use crate::text::size::counted;
use crate::text::visible;

fn at(ui: &Ui, t: f64) -> String {
    if ui.utc {
        absolute(t)
    } else {
        format!("{} ({})", when(ui, t), absolute(t))
    }
}

fn score_at(ui: &Ui, score: &Option<Number>) -> String {
    score
        .as_ref()
        .and_then(Number::as_f64)
        .map_or_else(|| "unknown time".into(), |t| at(ui, t))
}

fn describe(ui: &Ui, location: &Location) -> (&'static str, String) {
    let s = &ui.styles;
    match location {
        Location::Queue {
            queue,
            ahead,
            length,
            ..
        } => (
            "queue",
            format!(
                "{}: waiting, {}",
                s.strong(&queue.shown()),
                match ahead {
                    0 => format!("next to run ({length} on the queue)"),
                    n => format!("{n} of {length} run before it"),
                }
            ),
        ),
        Location::InProgress {
            identity,
            owner,
            run_at,
            ..
        } => {
            let owner = match owner {
                Some(Liveness::Alive) => s.good("alive"),
                Some(Liveness::Silent) => s.warn("silent, not yet presumed dead"),
                Some(Liveness::PresumedDead) => s.bad("presumed dead"),
                Some(Liveness::Unknown) => s.warn("state unknown: cogworker:last_beat unreadable"),
                None => "state unknown".into(),
            };
            let started = match run_at {
                Some(t) => format!("started {}", at(ui, *t as f64)),
                None => "not in its workers hash".into(),
            };
            (
                "in progress",
                format!("on {} ({owner}), {started}", s.strong(&identity.shown())),
            )
        }
        Location::Scheduled { score, .. } => ("scheduled", format!("due {}", score_at(ui, score))),
        Location::Retry { score, .. } => ("retry", format!("next attempt {}", score_at(ui, score))),
        Location::Dead { score, .. } => ("dead", format!("died {}", score_at(ui, score))),
        Location::Unsettled {
            position,
            set,
            score,
            valid,
            reason,
            ..
        } => {
            let text = if *valid {
                let target = set
                    .as_deref()
                    .and_then(JobSet::from_key)
                    .map_or("?", JobSet::name);
                format!(
                    "record #{position}, to be filed in {target}, scored {}",
                    score_at(ui, score)
                )
            } else {
                s.bad(&format!(
                    "record #{position} is INVALID ({}): it would be quarantined",
                    one_line(reason.as_deref().unwrap_or("?"))
                ))
            };
            ("unsettled", text)
        }
        Location::RepeatOrphan { position, .. } => (
            "repeat orphan",
            format!(
                "parked (#{position} of {}), to be buried in dead",
                keys::REPEAT_ORPHANS
            ),
        ),
    }
}

const GAP: &str = "  ";

impl JobReport {
    fn not_found_text(&self) -> String {
        format!(
            "not found in {}, {}, scheduled, retry, dead, unsettled or repeat orphans",
            counted(self.searched.queues, "queue", "queues"),
            counted(
                self.searched.in_progress_lists,
                "in-progress list",
                "in-progress lists"
            ),
        )
    }
}

impl Report for JobReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let job = self
            .payload
            .as_ref()
            .and_then(|p| Job::parse(p.get().as_bytes()).ok());
        let field = |name: &str| {
            job.as_ref()
                .and_then(|j| j.get_str(name))
                .map(|v| one_line(&v))
        };
        let trace = !self.attempts.is_empty() || !self.runs.is_empty() || self.status.is_some();
        if self.locations.is_empty() && !trace {
            // Nothing anywhere: one line says so (no empty attempts or history sections).
            writeln!(
                out,
                "{}: {}",
                s.accent(&one_line(&self.jid)),
                s.bad(&self.not_found_text())
            )?;
            Problem::warn_all(ui, &self.problems);
            return Ok(());
        }
        let mut title = vec![s.accent(&one_line(&self.jid))];
        if let Some(class) = field("class") {
            title.push(s.strong(&class));
        }
        if let Some(queue) = field("queue") {
            title.push(format!("queue {queue}"));
        }
        writeln!(out, "{}", title.join(GAP))?;

        if let Some(expected) = self.expected.filter(|_| !self.in_expected()) {
            writeln!(
                out,
                "{}",
                s.bad(&format!(
                    "not in {expected}{}",
                    if self.found { "; it is:" } else { "" }
                ))
            )?;
        }
        if self.locations.is_empty() {
            writeln!(out, "{}", s.bad(&self.not_found_text()))?;
            let last = self
                .runs
                .last()
                .and_then(|r| r.status.as_deref().map(|st| (st, r)));
            let status = self
                .status
                .as_ref()
                .and_then(|h| h.fields.get("status"))
                .and_then(Value::as_str);
            match (last, status) {
                (Some((st, run)), _) => writeln!(
                    out,
                    "  {}",
                    s.dim(&format!(
                        "its last recorded run: {} {}",
                        one_line(st),
                        when(ui, run.finished_at)
                    ))
                )?,
                (None, Some(st)) => writeln!(
                    out,
                    "  {}",
                    s.dim(&format!("its status hash says: {}", one_line(st)))
                )?,
                (None, None) => {}
            }
        }
        for location in &self.locations {
            let (label, text) = describe(ui, location);
            writeln!(out, "  {}{text}", s.dim(&pad(label, 15)))?;
        }

        writeln!(out)?;
        self.write_attempts(out, ui)?;
        writeln!(out)?;
        self.write_runs(out, ui)?;
        if let Some(status) = &self.status {
            writeln!(out)?;
            write_status(out, ui, status)?;
        }

        if let (Some(payload), Some(from)) = (&self.payload, self.payload_from) {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                s.header(&format!("Payload ({})", from.replace('_', " ")))
            )?;
            // Stored JSON escapes nothing it needn't: DEL, C1 and bidi characters can be raw.
            for line in pretty(payload.get()).lines() {
                writeln!(out, "{}", visible(line))?;
            }
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        if !self.found || !self.in_expected() {
            Exit::Failure
        } else {
            Problem::exit(&self.problems)
        }
    }
}

/// The `status:<jid>` hash, a field a line.
fn write_status(out: &mut dyn Write, ui: &Ui, status: &StatusHash) -> io::Result<()> {
    let s = &ui.styles;
    let ttl = status.ttl.map_or(String::new(), |t| {
        format!(", expires in {}", span(t as f64))
    });
    writeln!(out, "{}", s.header(&format!("Status (status hash{ttl})")))?;
    let w = status
        .fields
        .keys()
        .map(|k| width(k))
        .max()
        .unwrap_or(0)
        .min(24);
    for (k, v) in &status.fields {
        let v = v.as_str().unwrap_or_default();
        let shown = match k.as_str() {
            "update_time" => v.parse::<f64>().map_or_else(|_| one_line(v), |t| at(ui, t)),
            _ => one_line(v),
        };
        let shown = match (k.as_str(), v) {
            ("status", "failed") => s.bad(&shown),
            ("status", "retrying") => s.warn(&shown),
            ("status", "complete") => s.good(&shown),
            _ => match ui.width {
                Some(total) => cut(&shown, total.saturating_sub(w + 4).max(16)),
                None => shown,
            },
        };
        writeln!(out, "  {}{GAP}{shown}", s.dim(&pad(k, w)))?;
    }
    Ok(())
}

impl JobReport {
    fn write_runs(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.runs.is_empty() {
            let text = if self.history {
                "no finished runs in the history"
            } else {
                "no run history (the History middleware isn't enabled: no cogworker:history:* keys)"
            };
            return writeln!(out, "{}", s.dim(text));
        }
        writeln!(
            out,
            "{}",
            s.header(&format!("Runs ({}, oldest first)", self.runs.len()))
        )?;
        let rows: Vec<[String; 4]> = self
            .runs
            .iter()
            .map(|r| {
                let error = trouble(
                    r.invalid.as_deref(),
                    None,
                    r.error_class.as_deref(),
                    r.error_message.as_deref(),
                );
                [
                    when(ui, r.finished_at),
                    one_line(r.status.as_deref().unwrap_or("-")),
                    r.duration.map_or("-".into(), run_time),
                    one_line(&error),
                ]
            })
            .collect();
        let headers = ["FINISHED", "STATUS", "DURATION"];
        let widths: Vec<usize> = (0..3)
            .map(|i| {
                rows.iter()
                    .map(|r| width(&r[i]))
                    .chain([width(headers[i])])
                    .max()
                    .unwrap_or(0)
                    .min(24)
            })
            .collect();
        let used = 2 + widths.iter().sum::<usize>() + GAP.len() * 3;
        let error_width = ui.width.map(|w| w.saturating_sub(used).max(16));
        writeln!(
            out,
            "{}",
            s.dim(&format!(
                "  {}{GAP}{}{GAP}{:>w2$}{GAP}ERROR",
                pad(headers[0], widths[0]),
                pad(headers[1], widths[1]),
                headers[2],
                w2 = widths[2]
            ))
        )?;
        for (run, r) in self.runs.iter().zip(&rows) {
            let status = pad(&r[1], widths[1]);
            let status = match run.status.as_deref() {
                Some("success") => s.good(&status),
                Some("failed") => s.bad(&status),
                _ => status,
            };
            let error = match error_width {
                Some(w) => cut(&r[3], w),
                None => r[3].clone(),
            };
            let line = format!(
                "  {}{GAP}{status}{GAP}{:>w2$}{GAP}{}",
                s.dim(&pad(&r[0], widths[0])),
                r[2],
                s.bad(&error),
                w2 = widths[2]
            );
            writeln!(out, "{}", line.trim_end())?;
            if self.show_backtrace {
                for frame in &run.backtrace {
                    writeln!(out, "      {}", s.dim(&one_line(frame)))?;
                }
            }
        }
        if !self.show_backtrace && self.runs.iter().any(|r| !r.backtrace.is_empty()) {
            writeln!(
                out,
                "{}",
                s.dim("  --backtrace shows where the failed runs raised")
            )?;
        }
        Ok(())
    }

    fn write_attempts(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        if self.attempts.is_empty() {
            return writeln!(out, "{}", s.dim("no attempts log"));
        }
        let mut heading = format!("Attempts ({}, oldest first", self.attempts_total);
        if self.attempts_total > self.attempts.len() as u64 {
            heading.push_str(&format!(", the last {} shown", self.attempts.len()));
        }
        heading.push(')');
        writeln!(out, "{}", s.header(&heading))?;
        let rows: Vec<[String; 5]> = self
            .attempts
            .iter()
            .map(|a| {
                let number = a.attempt.map_or("?".into(), |n| n.to_string());
                let failed = a.failed_at_value().map_or("-".into(), |t| when(ui, t));
                let gap = a.gap.map_or("-".into(), |g| {
                    if g < 0.0 {
                        format!("-{}", span(-g))
                    } else {
                        format!("+{}", span(g))
                    }
                });
                let outcome = a
                    .label
                    .clone()
                    .or_else(|| a.outcome.clone())
                    .unwrap_or_else(|| "-".into());
                let error = trouble(
                    a.invalid.as_deref(),
                    Some(a.raw.as_deref().unwrap_or("")),
                    a.error_class.as_deref(),
                    a.error_message.as_deref(),
                );
                [number, failed, gap, one_line(&outcome), one_line(&error)]
            })
            .collect();
        let headers = ["#", "FAILED", "GAP", "OUTCOME", "ERROR"];
        let widths: Vec<usize> = (0..4)
            .map(|i| {
                rows.iter()
                    .map(|r| width(&r[i]))
                    .chain([width(headers[i])])
                    .max()
                    .unwrap_or(0)
                    .min(if i == 3 { 40 } else { 24 })
            })
            .collect();
        let used = 2 + widths.iter().sum::<usize>() + GAP.len() * widths.len();
        let error_width = ui.width.map(|w| w.saturating_sub(used).max(16));
        let header = format!(
            "  {:>w0$}{GAP}{}{GAP}{:>w2$}{GAP}{}{GAP}ERROR",
            headers[0],
            pad(headers[1], widths[1]),
            headers[2],
            pad(headers[3], widths[3]),
            w0 = widths[0],
            w2 = widths[2],
        );
        writeln!(out, "{}", s.dim(&header))?;
        for (a, r) in self.attempts.iter().zip(&rows) {
            let outcome = pad(&r[3], widths[3]);
            let outcome = match a.outcome.as_deref() {
                Some("retrying") => s.warn(&outcome),
                Some("dead" | "killed") => s.bad(&outcome),
                Some("discarded") => s.dim(&outcome),
                _ => outcome,
            };
            let error = match error_width {
                Some(w) => cut(&r[4], w),
                None => r[4].clone(),
            };
            let error = if a.invalid.is_some() {
                s.bad(&error)
            } else {
                error
            };
            let line = format!(
                "  {:>w0$}{GAP}{}{GAP}{:>w2$}{GAP}{outcome}{GAP}{error}",
                r[0],
                s.dim(&pad(&r[1], widths[1])),
                r[2],
                w0 = widths[0],
                w2 = widths[2],
            );
            writeln!(out, "{}", line.trim_end())?;
        }
        if self.attempts.first().is_some_and(|a| a.gap.is_some()) {
            writeln!(
                out,
                "{}",
                s.dim("  GAP: since the previous attempt; for the first, since created_at")
            )?;
        }
        Ok(())
    }
}
