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
use crate::ops::incident::{Event, Finding, IncidentReport, Severity};
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
        if at - then < 1.0 {
            about.push_str(&format!(" · began just after {}", one_line(id)));
        } else {
            about.push_str(&format!(
                " · began {} after {}",
                minutes(at - then),
                one_line(id)
            ));
        }
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
    text_findings(out, ui, r.findings.iter().map(|f| shown(r, &z, f)))?;
    let timeline: Vec<_> = r.timeline.iter().map(|e| (None, e)).collect();
    text_timeline(out, ui, &z, r.now, &timeline)?;
    Problem::warn_all(ui, &r.problems);
    Ok(())
}

/// A finding of one Redis's report as shown: what it follows under its summary.
fn shown<'a>(r: &IncidentReport, z: &Zone, f: &'a Finding) -> Shown<'a> {
    Shown {
        severity: f.severity,
        kind: f.kind.name(),
        since: since(r, z, f),
        summary: &f.summary,
        about: about(r, f),
        commands: &f.commands,
    }
}

/// A finding as the report shows it, for one Redis or a fleet.
struct Shown<'a> {
    severity: Severity,
    kind: &'static str,
    since: String,
    summary: &'a str,
    /// The line under the summary (what it follows, its id).
    about: String,
    commands: &'a [String],
}

impl Shown<'_> {
    fn text(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        writeln!(
            out,
            "{}  {}  {}",
            tone(s, self.severity, self.severity.label()),
            s.strong(self.kind),
            s.dim(&self.since)
        )?;
        writeln!(out, "  {}", one_line(self.summary))?;
        writeln!(out, "  {}", s.dim(&self.about))?;
        for c in self.commands {
            writeln!(out, "  {} {}", s.dim("$"), s.accent(&one_line(c)))?;
        }
        Ok(())
    }

    /// As the `n`th of a Markdown list; `about` only when `with_about`.
    fn markdown(&self, out: &mut dyn Write, n: usize, with_about: bool) -> io::Result<()> {
        writeln!(
            out,
            "{n}. **{}** {}, {}",
            self.severity.label(),
            md(self.kind),
            md(&self.since)
        )?;
        writeln!(out, "   {}", md(self.summary))?;
        if with_about {
            // A line of its own: no `<br>`, which Slack shows as typed.
            writeln!(out, "   {}", md(&self.about))?;
        }
        md_commands(out, self.commands)?;
        writeln!(out)
    }
}

/// The findings for a terminal, under their heading, a blank line before each.
fn text_findings<'a>(
    out: &mut dyn Write,
    ui: &Ui,
    findings: impl Iterator<Item = Shown<'a>>,
) -> io::Result<()> {
    for (i, f) in findings.enumerate() {
        writeln!(out)?;
        if i == 0 {
            writeln!(
                out,
                "{}",
                ui.styles
                    .header("FINDINGS (failures first, then most jobs affected)")
            )?;
        }
        f.text(out, ui)?;
    }
    Ok(())
}

/// The timeline for a terminal: each event's time, how long ago, and (across a fleet) its
/// shards.
fn text_timeline(
    out: &mut dyn Write,
    ui: &Ui,
    z: &Zone,
    now: f64,
    events: &[(Option<&str>, &Event)],
) -> io::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let s = &ui.styles;
    writeln!(out)?;
    writeln!(out, "{}", s.header("TIMELINE"))?;
    for (shard, e) in events {
        let age = relative(now, e.at);
        let shard = shard.map_or(String::new(), |sh| format!("{}  ", s.accent(&one_line(sh))));
        writeln!(
            out,
            "{}  {} {shard}{}",
            z.hms(e.at, now),
            s.dim(&format!("{age:<12}")),
            one_line(&e.text)
        )?;
    }
    Ok(())
}

/// The timeline as a Markdown table, with a shard column across a fleet.
fn md_timeline(
    out: &mut dyn Write,
    z: &Zone,
    now: f64,
    events: &[(Option<&str>, &Event)],
) -> io::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let fleet = events.iter().any(|(shard, _)| shard.is_some());
    writeln!(out, "#### Timeline")?;
    writeln!(out)?;
    if fleet {
        writeln!(out, "| time | ago | shard | event |")?;
        writeln!(out, "| --- | --- | --- | --- |")?;
    } else {
        writeln!(out, "| time | ago | event |")?;
        writeln!(out, "| --- | --- | --- |")?;
    }
    for (shard, e) in events {
        let shard = shard.map_or(String::new(), |sh| format!(" {} |", cell(sh)));
        writeln!(
            out,
            "| {} | {} |{shard} {} |",
            z.hms(e.at, now),
            relative(now, e.at),
            cell(&e.text)
        )?;
    }
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
        shown(r, &z, f).markdown(out, i + 1, true)?;
    }
    let timeline: Vec<_> = r.timeline.iter().map(|e| (None, e)).collect();
    md_timeline(out, &z, r.now, &timeline)?;
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
        let shown = self.findings.iter().map(|f| fleet_shown(self, &z, f));
        text_findings(out, ui, shown)?;
        text_timeline(out, ui, &z, self.now, &fleet_timeline(self))?;
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
        fleet_shown(r, &z, f).markdown(out, i + 1, false)?;
    }
    md_timeline(out, &z, r.now, &fleet_timeline(r))
}

/// A finding of the fleet's story as shown: its id under its summary.
fn fleet_shown<'a>(
    r: &FleetIncident,
    z: &Zone,
    f: &'a crate::ops::incident::fleet::FleetFinding,
) -> Shown<'a> {
    Shown {
        severity: f.severity,
        kind: f.kind.name(),
        since: onset(r.now, z, f.started_at.at),
        summary: &f.summary,
        about: format!("id {}", one_line(&f.id)),
        commands: &f.commands,
    }
}

/// The fleet's timeline, each event with its shards.
fn fleet_timeline(r: &FleetIncident) -> Vec<(Option<&str>, &Event)> {
    r.timeline
        .iter()
        .map(|e| (Some(e.shard.as_str()), &e.event))
        .collect()
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
