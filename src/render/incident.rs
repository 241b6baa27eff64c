//! `incident` for people: the headline, the findings ranked (severity, kind, since and how
//! long ago, the summary, what it follows, the commands), then the timeline; as text for a
//! terminal, or as Markdown to paste into an incident channel. Every time names its zone
//! (the report's: `--tz`, `--utc` or the local one). Every text from Redis goes through
//! `one_line`, the escaping of table cells (and, in Markdown, every word that markup could read
//! put in a code span: no backslash escapes, which Slack and Mattermost show as typed).

use std::io::{self, Write};

use crate::clock::Zone;
use crate::duration::{minutes, relative, span};
use crate::ops::Problem;
use crate::ops::incident::fleet::FleetIncident;
use crate::ops::incident::{Finding, IncidentReport, Severity};
use crate::render::Report;
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::text::one_line;
use crate::text::size::count;

impl Report for IncidentReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        write(self, out, ui)
    }

    fn exit(&self) -> Exit {
        if self.fails() {
            Exit::Failure
        } else {
            Problem::exit(&self.problems)
        }
    }
}

fn zone(r: &IncidentReport) -> Zone {
    Zone::named(r.zone).unwrap_or_else(|_| Zone::utc())
}

/// What the window covered, when nothing was found.
fn looked_at(r: &IncidentReport) -> String {
    format!(
        "looked at the last {}: failures, deaths, queues, processes, memory, throughput, periodic entries, Redis",
        span(r.now - r.since)
    )
}

/// What the failure estimate read, per source.
fn sources(r: &IncidentReport) -> String {
    let read = &r.read;
    let older = |n: u64| {
        if n > 0 {
            format!(
                " ({} older than {}, not read)",
                count(n),
                span(r.now - read.horizon)
            )
        } else {
            String::new()
        }
    };
    let mut text = format!(
        "failures read from {} attempts logs ({} failures), {} dead entries{}, {} History failed runs{}, {} retry entries",
        count(read.attempts_logs),
        count(read.logged_failures),
        count(read.dead),
        older(read.dead_before_horizon),
        count(read.history_failed),
        older(read.history_before_horizon),
        count(read.retry),
    );
    if read.retry_unlogged > 0 {
        text.push_str(&format!(
            " ({} with no log: survivors, not read as rates)",
            count(read.retry_unlogged)
        ));
    }
    text
}

fn severity(f: &Finding) -> &'static str {
    f.severity.label()
}

fn since(r: &IncidentReport, z: &Zone, f: &Finding) -> String {
    onset(r.now, z, f.started_at.at)
}

/// `since 18:11 UTC (4 min ago)`, or that nothing dates it.
fn onset(now: f64, z: &Zone, at: Option<f64>) -> String {
    match at {
        Some(t) => format!("since {} ({})", z.hm(t, now), relative(now, t)),
        None => "onset unknown".to_string(),
    }
}

/// A severity's text in its colour.
fn tone(s: &crate::term::ui::Styles, sev: Severity, text: &str) -> String {
    match sev {
        Severity::Fail => s.bad(text),
        Severity::Warn => s.warn(text),
        Severity::Note => s.dim(text),
    }
}

/// A finding's commands in Markdown: a code block, where nothing is markup (the escaping for
/// a terminal stays).
fn md_commands(out: &mut dyn Write, commands: &[String]) -> io::Result<()> {
    if commands.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "   ```sh")?;
    for c in commands {
        writeln!(out, "   {}", one_line(c))?;
    }
    writeln!(out, "   ```")
}

/// `id … · onset: … · began 4 min after …`, escaped.
fn about(r: &IncidentReport, f: &Finding) -> String {
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
    about
}

pub fn write(r: &IncidentReport, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
    let s = &ui.styles;
    let z = zone(r);
    writeln!(out, "{}", s.strong(&one_line(&r.headline)))?;
    if r.findings.is_empty() {
        writeln!(out, "{}", s.dim(&looked_at(r)))?;
    }
    writeln!(out, "{}", s.dim(&sources(r)))?;
    if !r.findings.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            s.header("FINDINGS (failures first, then most jobs affected)")
        )?;
    }
    for (i, f) in r.findings.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{}  {}  {}",
            tone(s, f.severity, severity(f)),
            s.strong(f.kind.name()),
            s.dim(&since(r, &z, f))
        )?;
        writeln!(out, "  {}", one_line(&f.summary))?;
        writeln!(out, "  {}", s.dim(&about(r, f)))?;
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
                z.hms(e.at, r.now),
                s.dim(&format!("{age:<12}")),
                one_line(&e.text)
            )?;
        }
    }
    Problem::warn_all(ui, &r.problems);
    Ok(())
}

/// Text for Markdown that pastes clean into Slack and Mattermost, which show a backslash
/// escape as it is typed: escaped for a terminal first (`one_line`); then every word that holds
/// a character markup could read (`* _ ~ [ ] < > | # \\` and backquotes) goes in a code span,
/// where nothing is markup, so that a name from Redis can't bold, link or break a line, and an
/// id reads as one. A backquote inside such a word is shown as `ˋ` (so that one backquote
/// always opens and closes the span, the one form Slack knows).
fn md(text: &str) -> String {
    const MARKUP: &[char] = &['*', '_', '~', '[', ']', '<', '>', '|', '#', '\\', '`'];
    one_line(text)
        .split(' ')
        .map(|word| {
            if word.contains(MARKUP) {
                format!("`{}`", word.replace('`', "ˋ"))
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cell of a Markdown table: as [`md`], with `|` shown as `¦` (a table splits its cells at
/// every `|`, in a code span too).
fn cell(text: &str) -> String {
    md(&text.replace('|', "¦"))
}

/// The report as Markdown, to paste into an incident channel: the headline as a heading,
/// the Redis read and when, the findings as a numbered list with their commands in a code
/// block, and the timeline as a table.
pub fn markdown(r: &IncidentReport, out: &mut dyn Write) -> io::Result<()> {
    let z = zone(r);
    writeln!(out, "### {}", md(&r.headline))?;
    writeln!(out)?;
    writeln!(
        out,
        "`cogctl incident` on {} at {}, the last {} (times in {})",
        md(&r.target),
        z.date_hm(r.now),
        span(r.now - r.since),
        md(r.zone)
    )?;
    writeln!(out)?;
    if r.findings.is_empty() {
        writeln!(out, "{}", md(&looked_at(r)))?;
        writeln!(out)?;
    }
    writeln!(out, "_{}_", md(&sources(r)))?;
    if !r.findings.is_empty() {
        writeln!(out)?;
        writeln!(out, "#### Findings")?;
        writeln!(out)?;
    }
    for (i, f) in r.findings.iter().enumerate() {
        writeln!(
            out,
            "{}. **{}** {}, {}",
            i + 1,
            severity(f),
            md(f.kind.name()),
            md(&since(r, &z, f))
        )?;
        writeln!(out, "   {}", md(&f.summary))?;
        // A line of its own: no `<br>`, which Slack shows as typed.
        writeln!(out, "   {}", md(&about(r, f)))?;
        md_commands(out, &f.commands)?;
        writeln!(out)?;
    }
    if !r.timeline.is_empty() {
        writeln!(out, "#### Timeline")?;
        writeln!(out)?;
        writeln!(out, "| time | ago | event |")?;
        writeln!(out, "| --- | --- | --- |")?;
        for e in &r.timeline {
            writeln!(
                out,
                "| {} | {} | {} |",
                z.hms(e.at, r.now),
                relative(r.now, e.at),
                cell(&e.text)
            )?;
        }
    }
    if !r.problems.is_empty() {
        writeln!(out)?;
        writeln!(out, "#### Not read")?;
        writeln!(out)?;
        for p in &r.problems {
            writeln!(out, "- {}", md(&format!("{}: {}", p.key.shown(), p.error)))?;
        }
    }
    Ok(())
}

impl Report for FleetIncident {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let z = Zone::named(self.zone).unwrap_or_else(|_| Zone::utc());
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        writeln!(out, "{}", s.strong(&one_line(&self.headline)))?;
        if !self.findings.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                s.header("FINDINGS (failures first, then most jobs affected)")
            )?;
        }
        for (i, f) in self.findings.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            let since = onset(self.now, &z, f.started_at.at);
            writeln!(
                out,
                "{}  {}  {}",
                tone(s, f.severity, f.severity.label()),
                s.strong(f.kind.name()),
                s.dim(&since)
            )?;
            writeln!(out, "  {}", one_line(&f.summary))?;
            writeln!(out, "  {}", s.dim(&format!("id {}", one_line(&f.id))))?;
            for c in &f.commands {
                writeln!(out, "  {} {}", s.dim("$"), s.accent(&one_line(c)))?;
            }
        }
        if !self.timeline.is_empty() {
            writeln!(out)?;
            writeln!(out, "{}", s.header("TIMELINE"))?;
            for e in &self.timeline {
                let age = relative(self.now, e.event.at);
                writeln!(
                    out,
                    "{}  {} {}  {}",
                    z.hms(e.event.at, self.now),
                    s.dim(&format!("{age:<12}")),
                    s.accent(&one_line(&e.shard)),
                    one_line(&e.event.text)
                )?;
            }
        }
        crate::ops::fleet::FleetProblem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        FleetIncident::exit(self)
    }
}

/// `--format markdown` of the fleet's story: as one Redis's, each finding naming its shards.
pub fn fleet_markdown(r: &FleetIncident, out: &mut dyn Write) -> io::Result<()> {
    let z = Zone::named(r.zone).unwrap_or_else(|_| Zone::utc());
    writeln!(out, "### {}", md(&r.headline))?;
    writeln!(out)?;
    let read = r.shards.iter().filter(|(_, b)| b.is_ok()).count();
    writeln!(
        out,
        "`cogctl incident` on fleet {} ({read} of {} shards read) at {}, the last {} (times in {})",
        md(&r.fleet),
        r.shards.len(),
        z.date_hm(r.now),
        span(r.now - r.since),
        md(r.zone)
    )?;
    writeln!(out)?;
    if !r.findings.is_empty() {
        writeln!(out, "#### Findings")?;
        writeln!(out)?;
    }
    for (i, f) in r.findings.iter().enumerate() {
        let since = onset(r.now, &z, f.started_at.at);
        writeln!(
            out,
            "{}. **{}** {}, {}",
            i + 1,
            f.severity.label(),
            md(f.kind.name()),
            md(&since)
        )?;
        writeln!(out, "   {}", md(&f.summary))?;
        md_commands(out, &f.commands)?;
        writeln!(out)?;
    }
    if !r.timeline.is_empty() {
        writeln!(out, "#### Timeline")?;
        writeln!(out)?;
        writeln!(out, "| time | ago | shard | event |")?;
        writeln!(out, "| --- | --- | --- | --- |")?;
        for e in &r.timeline {
            writeln!(
                out,
                "| {} | {} | {} | {} |",
                z.hms(e.event.at, r.now),
                relative(r.now, e.event.at),
                cell(&e.shard),
                cell(&e.event.text)
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{cell, md};

    #[test]
    fn markdown_words_that_could_be_markup_are_code_and_nothing_is_backslashed() {
        assert_eq!(
            md("queue q](http://x)|**y** is paused"),
            "queue `q](http://x)|**y**` is paused"
        );
        assert_eq!(md("<script> ok"), "`<script>` ok");
        assert_eq!(
            md("undefined method `email' for nil"),
            "undefined method `ˋemail'` for nil"
        );
        assert_eq!(
            md("id failure_surge:5dedf083"),
            "id `failure_surge:5dedf083`"
        );
        assert!(!md("a\u{1b}[31mred\nb").contains('\u{1b}'));
        assert!(!md("line\nbreak").contains('\n'));
        assert_eq!(cell("a|b c"), "a¦b c");
    }
}
