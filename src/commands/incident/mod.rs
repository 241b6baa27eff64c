//! `cogctl incident`: the first minutes of an incident in one read — what broke, since when,
//! what it follows, and what to run. Every finding comes from Redis alone: failure times in
//! the retry and dead sets (and the History middleware's failed runs), processes' start
//! times and beats, memory histories, the enqueue times of waiting jobs, hourly throughput,
//! periodic slots and doctor's server checks. Read-only, like every view.
//!
//! docs/incident.md gives each kind's rule and thresholds, and the JSON field by field.

mod failures;
mod human;
mod state;

use std::time::Duration;

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::Value;

use super::Ctx;
use crate::clock::rfc3339;
use crate::ops::Problem;
use crate::render::Report;
use crate::term::exit::Exit;
use crate::term::values::parse_duration;

/// Findings' onsets this close before another's are what it follows.
pub const FOLLOWS_WITHIN: f64 = 600.0;

/// What broke, since when, what it follows, and what to run: the story of the last hours
///
/// Findings ranked failures first, then by the jobs they affect or put at risk, each with its
/// kind, severity, when it began (and how that was estimated), whether it is still going on,
/// the evidence, the finding that began nearest before it, and ready cogctl commands (dry
/// runs first); a headline naming the top finding; a timeline with your own cogctl changes.
/// Failures are counted once, from the attempts logs, the dead set and History. A healthy
/// deployment gives no finding. Nothing is changed. Exit 0 when nothing is notable (or only warnings), 1 when a finding fails, 3 when
/// Redis can't be reached.
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    ("What happened in the last 6 hours", "cogctl incident"),
    ("The last 2 hours, queues allowed 1 minute of latency", "cogctl incident --since 2h --max-latency 1m"),
    ("With the memory limit of the workers' containers", "cogctl incident --memory-limit 2GB"),
    ("One finding per line, for a script", "cogctl incident --ndjson"),
]))]
pub struct IncidentArgs {
    /// How far back to look
    #[arg(long, value_name = "DURATION", default_value = "6h", value_parser = parse_duration)]
    pub since: Duration,

    /// A queue whose oldest job has waited longer is backlogged
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_duration)]
    pub max_latency: Duration,

    /// The workers' memory limit (200MB, 2GB): a process above 80 % of it is a finding, and a
    /// growing one is told when it reaches it
    #[arg(long, value_name = "SIZE", value_parser = crate::worker::handlers::serve::parse_size)]
    pub memory_limit: Option<u64>,

    /// Silence after which an owner without a presence key is presumed dead (the gem's
    /// orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,

    /// The zone for periodic crons that name none (default: $TZ, else the system's)
    #[arg(long, value_name = "ZONE")]
    pub tz: Option<String>,
}

/// The kinds of finding (docs/incident.md): stable names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    FailureSurge,
    Deaths,
    Backlog,
    PausedBacklog,
    UnreadQueue,
    RestartWave,
    ProcessLost,
    MemoryGrowth,
    Capacity,
    ThroughputDrop,
    PeriodicLate,
    Redis,
    NoData,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::FailureSurge => "failure_surge",
            Kind::Deaths => "deaths",
            Kind::Backlog => "backlog",
            Kind::PausedBacklog => "paused_backlog",
            Kind::UnreadQueue => "unread_queue",
            Kind::RestartWave => "restart_wave",
            Kind::ProcessLost => "process_lost",
            Kind::MemoryGrowth => "memory_growth",
            Kind::Capacity => "capacity",
            Kind::ThroughputDrop => "throughput_drop",
            Kind::PeriodicLate => "periodic_late",
            Kind::Redis => "redis",
            Kind::NoData => "no_data",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warn,
    Fail,
}

/// When a finding began, and how that was estimated.
#[derive(Clone, Debug, Serialize)]
pub struct Onset {
    /// Epoch seconds; null when nothing in Redis dates it (a setting, parked jobs).
    pub at: Option<f64>,
    /// The same as RFC 3339 UTC.
    pub time: Option<String>,
    /// What the time is: "first failure of the surge", "oldest waiting job's enqueue time" …
    pub estimated_from: String,
}

impl Onset {
    fn at(t: f64, how: impl Into<String>) -> Onset {
        Onset {
            at: Some(t),
            time: Some(rfc3339(t)),
            estimated_from: how.into(),
        }
    }

    fn unknown(why: impl Into<String>) -> Onset {
        Onset {
            at: None,
            time: None,
            estimated_from: why.into(),
        }
    }
}

/// One finding (docs/incident.md "JSON").
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// Unique in the report, stable across runs: `<kind>` or `<kind>:<subject>`.
    pub id: String,
    pub kind: Kind,
    pub severity: Severity,
    pub started_at: Onset,
    /// One line; names from Redis appear as stored (the table escapes them).
    pub summary: String,
    /// Jobs affected or at risk: what findings are ranked by.
    pub impact: u64,
    /// Counts, rates, key names, identities, fingerprints; fields depend on the kind.
    pub evidence: Value,
    /// The id of the finding that began nearest before this one, up to 10 minutes before
    /// (empty when none): timing, not a cause.
    pub follows: Vec<String>,
    /// Ready cogctl commands, read-only ones and dry runs first.
    pub commands: Vec<String>,
    /// What it is, as a cause another finding follows ("5 of 6 processes restarted").
    #[serde(skip)]
    cause: String,
}

/// One line of the timeline.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    pub at: f64,
    pub time: String,
    /// Seconds before now.
    pub age: f64,
    /// `onset` (a finding began), `process_start`, `first_failure` (a surging pattern's
    /// first failure ever, when earlier than its surge), `last_failure` (an ended surge's
    /// last failure) or `operator_change` (a change made with cogctl, from the audit trail).
    pub event: &'static str,
    /// The finding it belongs to, if any.
    pub finding: Option<String>,
    pub text: String,
}

/// The JSON of `incident`: one document.
#[derive(Debug, Serialize)]
pub struct IncidentReport {
    /// One sentence: the most impactful finding and what it follows, or that nothing is
    /// notable.
    pub headline: String,
    /// The window's start, epoch seconds, and now.
    pub since: f64,
    pub now: f64,
    /// Ranked: failures before warnings, then most jobs affected or at risk first.
    pub findings: Vec<Finding>,
    /// Oldest first.
    pub timeline: Vec<Event>,
    /// What the failure estimate read, per source (docs/incident.md "How failures are
    /// counted").
    pub read: failures::Sources,
    /// Keys that could not be read (wrong type): the findings they feed are degraded, the
    /// rest of the report stands.
    pub problems: Vec<Problem>,
}

pub fn run(ctx: &mut Ctx, args: &IncidentArgs) -> anyhow::Result<IncidentReport> {
    let now = ctx.ui.clock.now;
    let window = failures::Window::new(now, args.since.as_secs_f64());
    let ui = ctx.ui.clone();
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    let mut problems = Vec::new();
    let mut fails = failures::read(store, &connector, &window, &mut problems)?;
    let surging = state::surging(&window, &fails);
    failures::successes_since(store, &mut fails, &surging)?;
    let mut read = state::read(store, &ui, args, now, &mut problems)?;
    read.target = connector.target().to_string();
    let mut findings = Vec::new();
    findings.extend(state::failure_findings(&ui, &window, &fails));
    let (mut found, events) = state::findings(&ui, args, &window, &read, &fails);
    findings.append(&mut found);
    unique_ids(&mut findings);
    rank(&mut findings);
    link(&mut findings);
    let headline = headline(&ui, &findings, &window);
    let timeline = timeline(&findings, events, &fails, &window);
    Ok(IncidentReport {
        headline,
        since: window.start,
        now,
        findings,
        timeline,
        read: fails.sources,
        problems,
    })
}

/// Ids stay unique when two subjects read alike (names differing only in bytes that print
/// the same): later ones get `#2`, `#3` …
fn unique_ids(findings: &mut [Finding]) {
    let mut seen = std::collections::HashMap::<String, u32>::new();
    for f in findings.iter_mut() {
        let n = seen.entry(f.id.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            f.id = format!("{}#{}", f.id, n);
        }
    }
}

fn rank(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| b.impact.cmp(&a.impact))
            .then_with(|| {
                let at = |f: &Finding| f.started_at.at.unwrap_or(f64::INFINITY);
                at(a).total_cmp(&at(b))
            })
            .then_with(|| a.id.cmp(&b.id))
    });
}

/// `follows`: the finding that began nearest before each, up to [`FOLLOWS_WITHIN`] before.
fn link(findings: &mut [Finding]) {
    let onsets: Vec<(String, Option<f64>)> = findings
        .iter()
        .map(|f| (f.id.clone(), f.started_at.at))
        .collect();
    for f in findings.iter_mut() {
        let Some(at) = f.started_at.at else { continue };
        let mut before: Vec<(f64, &String)> = onsets
            .iter()
            .filter(|(id, _)| *id != f.id)
            .filter_map(|(id, t)| t.map(|t| (t, id)))
            .filter(|&(t, _)| t < at && at - t <= FOLLOWS_WITHIN)
            .collect();
        before.sort_by(|a, b| b.0.total_cmp(&a.0));
        // The nearest one only: a list of everything that began before reads as causes.
        f.follows = before
            .into_iter()
            .take(1)
            .map(|(_, id)| id.clone())
            .collect();
    }
}

fn headline(ui: &crate::term::ui::Ui, findings: &[Finding], w: &failures::Window) -> String {
    let Some(top) = findings.first() else {
        return format!(
            "Nothing notable since {} ({}): no failure surge, no backlog, no lost process",
            human::clock(ui, w.start, w.now),
            crate::duration::span(w.now - w.start)
        );
    };
    let mut line = top.summary.clone();
    if let (Some(id), Some(at)) = (top.follows.first(), top.started_at.at)
        && let Some(cause) = findings.iter().find(|f| &f.id == id)
        && let Some(then) = cause.started_at.at
    {
        if at - then < 30.0 {
            line.push_str(&format!(", just after {}", cause.cause));
        } else {
            line.push_str(&format!(
                ", {} after {}",
                human::minutes(at - then),
                cause.cause
            ));
        }
    }
    let more = findings.len() - 1;
    if more > 0 {
        line.push_str(&format!(
            " (+{more} more finding{})",
            if more == 1 { "" } else { "s" }
        ));
    }
    line
}

fn timeline(
    findings: &[Finding],
    mut events: Vec<Event>,
    fails: &failures::Failures,
    w: &failures::Window,
) -> Vec<Event> {
    for f in findings {
        if let Some(at) = f.started_at.at {
            events.push(event(w, at, "onset", Some(f.id.clone()), f.summary.clone()));
        }
        if matches!(f.kind, Kind::FailureSurge | Kind::Deaths)
            && let Some(fp) = f.evidence.get("fingerprint").and_then(Value::as_str)
            && let Some(p) = fails.patterns.iter().find(|p| p.fingerprint.id == fp)
            && let (Some(first), Some(onset)) = (p.failures.first, f.started_at.at)
            && first >= w.start
            && onset - first > 60.0
            && f.kind == Kind::FailureSurge
        {
            events.push(event(
                w,
                first,
                "first_failure",
                Some(f.id.clone()),
                format!("first failure of {} ({})", fp, p.fingerprint.line()),
            ));
        }
    }
    for f in findings {
        if f.evidence.get("ongoing") == Some(&Value::Bool(false))
            && let Some(last) = f.evidence.get("last_failure").and_then(Value::as_f64)
        {
            events.push(event(
                w,
                last,
                "last_failure",
                Some(f.id.clone()),
                format!("last failure of {}; none since", f.id),
            ));
        }
    }
    events.sort_by(|a, b| a.at.total_cmp(&b.at));
    // One line per event: the same text at the same second is told once.
    events.dedup_by(|b, a| a.at.floor() == b.at.floor() && a.text == b.text);
    events
}

fn event(
    w: &failures::Window,
    at: f64,
    kind: &'static str,
    finding: Option<String>,
    text: String,
) -> Event {
    Event {
        at,
        time: rfc3339(at),
        age: (w.now - at).max(0.0),
        event: kind,
        finding,
        text,
    }
}

impl IncidentReport {
    fn fails(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Fail)
    }
}

impl Report for IncidentReport {
    fn human(&self, out: &mut dyn std::io::Write, ui: &crate::term::ui::Ui) -> std::io::Result<()> {
        human::write(self, out, ui)
    }

    fn exit(&self) -> Exit {
        if self.fails() {
            Exit::Failure
        } else {
            Problem::exit(&self.problems)
        }
    }
}

/// `cogctl incident`: the report as text, one JSON document, or one finding a line.
pub fn emit(ctx: &mut Ctx, args: &IncidentArgs) -> anyhow::Result<Exit> {
    let report = run(ctx, args)?;
    if ctx.ui.format == crate::term::ui::Format::Ndjson {
        crate::render::lines(&mut ctx.out, &report.findings)?;
        Problem::warn_all(&ctx.ui, &report.problems);
    } else {
        crate::render::emit(&mut ctx.out, &ctx.ui, &report)?;
    }
    Ok(report.exit())
}
