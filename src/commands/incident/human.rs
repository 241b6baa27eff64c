//! `incident` for people: the headline, the findings ranked (severity, kind, since and how
//! long ago, the summary, what it follows, the commands), then the timeline. Every text from
//! Redis goes through `one_line`, the escaping of table cells.

use std::io::{self, Write};

use chrono::{DateTime, Local, TimeZone, Utc};

use super::{IncidentReport, Severity};
use crate::duration::span;
use crate::ops::Problem;
use crate::render::time::relative;
use crate::term::ui::Ui;
use crate::text::one_line;

/// A time of day in the viewer's zone (UTC with --utc): `14:05`, with the date when it is
/// not the day of `now` (`Dec 02 14:05`).
pub fn clock(ui: &Ui, t: f64, now: f64) -> String {
    let secs = t.floor() as i64;
    let (text, day, today) = if ui.utc {
        let at = DateTime::<Utc>::from_timestamp(secs, 0).unwrap_or_default();
        let today = DateTime::<Utc>::from_timestamp(now as i64, 0).unwrap_or_default();
        (
            at.format("%H:%MZ").to_string(),
            at.format("%b %d").to_string(),
            today.date_naive() == at.date_naive(),
        )
    } else {
        let (Some(at), Some(today)) = (
            Local.timestamp_opt(secs, 0).earliest(),
            Local.timestamp_opt(now as i64, 0).earliest(),
        ) else {
            return "?".into();
        };
        (
            at.format("%H:%M").to_string(),
            at.format("%b %d").to_string(),
            today.date_naive() == at.date_naive(),
        )
    };
    if today { text } else { format!("{day} {text}") }
}

/// `4 min`, `1 h 5 min`: a gap between two findings.
pub fn minutes(secs: f64) -> String {
    let m = (secs / 60.0).round() as i64;
    if m < 1 {
        format!("{} s", secs.round().max(0.0) as i64)
    } else if m < 60 {
        format!("{m} min")
    } else if m % 60 == 0 {
        format!("{} h", m / 60)
    } else {
        format!("{} h {} min", m / 60, m % 60)
    }
}

/// `14:05:07` (with its date when not today) in the viewer's zone.
fn stamp(ui: &Ui, t: f64, now: f64) -> String {
    let secs = t.floor() as i64;
    let seconds = if ui.utc {
        DateTime::<Utc>::from_timestamp(secs, 0)
            .unwrap_or_default()
            .format(":%S")
            .to_string()
    } else {
        Local
            .timestamp_opt(secs, 0)
            .earliest()
            .map_or_else(String::new, |at| at.format(":%S").to_string())
    };
    let mut text = clock(ui, t, now);
    let z = text.ends_with('Z');
    if z {
        text.pop();
    }
    text.push_str(&seconds);
    if z {
        text.push('Z');
    }
    text
}

pub fn write(r: &IncidentReport, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
    let s = &ui.styles;
    let tone = |sev: Severity, text: &str| match sev {
        Severity::Fail => s.bad(text),
        Severity::Warn => s.warn(text),
    };
    writeln!(out, "{}", s.strong(&one_line(&r.headline)))?;
    if r.findings.is_empty() {
        writeln!(
            out,
            "{}",
            s.dim(&format!(
                "looked at the last {}: failures, deaths, queues, processes, memory, throughput, periodic entries, Redis",
                span(r.now - r.since)
            ))
        )?;
    }
    let read = &r.read;
    let count = crate::text::size::count;
    let mut sources = format!(
        "failures read from {} attempts logs ({} failures), {} dead entries, {} History failed runs, {} retry entries",
        count(read.attempts_logs),
        count(read.logged_failures),
        count(read.dead),
        count(read.history_failed),
        count(read.retry),
    );
    if read.retry_unlogged > 0 {
        sources.push_str(&format!(
            " ({} with no log: survivors, not read as rates)",
            count(read.retry_unlogged)
        ));
    }
    writeln!(out, "{}", s.dim(&sources))?;
    if !r.findings.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            s.header("FINDINGS (failures first, then most jobs affected)")
        )?;
    }
    for (i, f) in r.findings.iter().enumerate() {
        let sev = match f.severity {
            Severity::Fail => "FAIL",
            Severity::Warn => "warn",
        };
        let since = match f.started_at.at {
            Some(t) => format!("since {} ({})", clock(ui, t, r.now), relative(r.now, t)),
            None => "onset unknown".to_string(),
        };
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{}  {}  {}",
            tone(f.severity, sev),
            s.strong(f.kind.name()),
            s.dim(&since)
        )?;
        writeln!(out, "  {}", one_line(&f.summary))?;
        let mut about = format!("id {}", one_line(&f.id));
        about.push_str(&format!(
            " · onset: {}",
            one_line(&f.started_at.estimated_from)
        ));
        if let (Some(id), Some(at)) = (f.follows.first(), f.started_at.at)
            && let Some(then) = r
                .findings
                .iter()
                .find(|g| &g.id == id)
                .and_then(|g| g.started_at.at)
        {
            about.push_str(&format!(
                " · began {} after {}",
                minutes(at - then),
                one_line(id)
            ));
        }
        writeln!(out, "  {}", s.dim(&about))?;
        for c in &f.commands {
            writeln!(out, "  {} {}", s.dim("$"), s.accent(&one_line(c)))?;
        }
    }
    if !r.timeline.is_empty() {
        writeln!(out)?;
        writeln!(out, "{}", s.header("TIMELINE"))?;
        for e in &r.timeline {
            let age = relative(r.now, e.at);
            writeln!(
                out,
                "{}  {} {}",
                stamp(ui, e.at, r.now),
                s.dim(&format!("{age:<12}")),
                one_line(&e.text)
            )?;
        }
    }
    Problem::warn_all(ui, &r.problems);
    Ok(())
}
