//! `cogctl incident`: the first minutes of an incident in one read — what broke, since when,
//! what it follows, and what to run. Every finding comes from Redis alone: failure times in
//! the retry and dead sets (and the History middleware's failed runs), processes' start
//! times and beats, memory histories, the enqueue times of waiting jobs, hourly throughput,
//! periodic slots and doctor's server checks. Read-only, like every view.
//!
//! docs/incident.md gives each kind's rule and thresholds, and the JSON field by field.

pub mod failures;
pub mod fleet;
mod state;
pub mod watch;

use std::time::Duration;

use clap::ValueEnum;
use serde::Serialize;
use serde_json::Value;

use crate::clock::{Zone, rfc3339};
use crate::duration::{Timed, minutes};
use crate::ops::Problem;
use crate::ops::Session;
use crate::store::{Name, Store};
use crate::term::exit::UsageError;

/// Findings' onsets this close before another's are what it follows.
pub const FOLLOWS_WITHIN: f64 = 600.0;

/// What `incident` looks at, and how (the command's flags).
#[derive(Clone, Debug)]
pub struct Options {
    /// How far back to look.
    pub since: Duration,
    /// A queue whose oldest job has waited longer is backlogged.
    pub max_latency: Duration,
    /// The workers' memory limit in bytes.
    pub memory_limit: Option<u64>,
    /// Silence after which an owner without a presence key is presumed dead.
    pub orphan_threshold: Duration,
    /// The zone the texts show times in, and periodic crons that name none use.
    pub tz: Option<String>,
}

impl Default for Options {
    /// The command's defaults (`--since 6h --max-latency 5m --orphan-threshold 300s`).
    fn default() -> Options {
        Options {
            since: Duration::from_secs(6 * 3600),
            max_latency: Duration::from_secs(300),
            memory_limit: None,
            orphan_threshold: Duration::from_secs(300),
            tz: None,
        }
    }
}

/// The kinds of finding (docs/incident.md): stable names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    FailureSurge,
    SteadyFailures,
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

impl Severity {
    /// How a report and a screen show it.
    pub fn label(self) -> &'static str {
        match self {
            Severity::Fail => "FAIL",
            Severity::Warn => "warn",
            Severity::Note => "note",
        }
    }
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::FailureSurge => "failure_surge",
            Kind::SteadyFailures => "steady_failures",
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
    /// Worth knowing, nothing wrong: never the headline.
    Note,
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
    pub evidence: Evidence,
    /// The id of the finding that began nearest before this one, up to 10 minutes before
    /// (empty when none): timing, not a cause.
    pub follows: Vec<String>,
    /// Ready cogctl commands, read-only ones and dry runs first.
    pub commands: Vec<String>,
    /// What it is, as a cause another finding follows ("5 of 6 processes restarted").
    #[serde(skip)]
    cause: String,
    /// The moments `summary` says relative to now, and where (a screen says them again as
    /// it is drawn).
    #[serde(skip)]
    times: Vec<(std::ops::Range<usize>, f64)>,
}

/// A finding's evidence: a JSON object, kept as its JSON text (a fraction of a tree's memory:
/// a fleet's incident holds a thousand queues' findings per shard, every shard at once).
/// [`Evidence::read`] gives the tree, read back for the caller and not kept; the document
/// writes the tree, so its layout is the same as if it were one.
#[derive(Clone, Debug)]
pub struct Evidence(Box<serde_json::value::RawValue>);

impl Evidence {
    /// The object, read back from its text.
    pub fn read(&self) -> Value {
        // Written from a tree (`From<Value>`), so it reads back.
        serde_json::from_str(self.0.get()).unwrap_or(Value::Null)
    }

    /// Sets one field.
    fn set(&mut self, field: &str, value: Value) {
        let mut tree = self.read();
        tree[field] = value;
        *self = tree.into();
    }
}

impl From<Value> for Evidence {
    fn from(tree: Value) -> Self {
        Evidence(serde_json::value::to_raw_value(&tree).unwrap_or_else(|_| {
            // Only a map with keys that aren't strings fails, and a `Value`'s are strings.
            serde_json::value::RawValue::NULL.to_owned()
        }))
    }
}

impl Serialize for Evidence {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.read().serialize(s)
    }
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
    /// The zone the report's texts show times in (a tz database name); `time` fields are
    /// UTC.
    pub zone: &'static str,
    /// The Redis and db read, as shown to people (password hidden).
    pub target: String,
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

pub fn run(session: &mut Session, args: &Options) -> anyhow::Result<IncidentReport> {
    let zone = Zone::pick(args.tz.as_deref(), session.ui.utc)
        .map_err(|e| UsageError(format!("--tz: {e}")))?;
    let ui = session.ui.clone();
    let now = ui.clock.now;
    let window = failures::Window::new(now, args.since.as_secs_f64());
    let connector = session.connector()?;
    let store = session.store()?;
    let mut problems = Vec::new();
    // The fleet's state (queues, processes, audit) is read on a connection of its own while
    // the failures are: neither needs the other.
    let (fails, state) = std::thread::scope(|s| {
        let state = s.spawn(|| {
            let mut problems = Vec::new();
            let read = Store::connect(connector.clone())
                .and_then(|mut store| state::read(&mut store, &ui, args, now, &mut problems));
            read.map(|read| (read, problems))
        });
        let fails = failures::read(store, &connector, &window, &mut problems);
        let state = state
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (fails, state)
    });
    let mut fails = fails?;
    let (mut read, mut later) = state?;
    problems.append(&mut later);
    read.target = connector.target().to_string();
    // When the records begin, then what the stories need counted in History.
    fails.date(&window, state::oldest_start(&read));
    let (needs, asks) = state::needs(&window, &fails);
    let history_on = failures::history_on(store, &fails);
    let counts = failures::class_successes(store, history_on, &asks)?;
    state::answer(&mut fails, needs, counts);
    let (mut found, events) = state::findings(&zone, args, &window, &read, &fails);
    let held = state::held(&found);
    let mut findings = state::failure_findings(&zone, &window, &fails, &held);
    findings.append(&mut found);
    state::causes(&zone, &window, &read, &mut findings);
    state::held_by_failing(&mut findings);
    unique_ids(&mut findings);
    rank(&mut findings);
    state::link(&mut findings);
    let headline = headline(&zone, &findings, &window);
    let timeline = timeline(&findings, events, &fails, &window);
    Ok(IncidentReport {
        headline,
        since: window.start,
        now,
        zone: zone.name(),
        target: read.target.clone(),
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

fn headline(zone: &Zone, findings: &[Finding], w: &failures::Window) -> String {
    // A note is never the headline: what fails or warns is.
    let notes = findings
        .iter()
        .filter(|f| f.severity == Severity::Note)
        .count();
    let Some(top) = findings.iter().find(|f| f.severity != Severity::Note) else {
        let mut line = format!(
            "Nothing notable since {} ({}): no failure surge, no backlog, no lost process",
            zone.hm(w.start, w.now),
            crate::duration::span(w.now - w.start)
        );
        if notes > 0 {
            line.push_str(&format!(
                " ({notes} note{})",
                if notes == 1 { "" } else { "s" }
            ));
        }
        return line;
    };
    let mut line = top.summary.clone();
    // What it began just after is in its summary already.
    let told = !top.evidence.read()["began_after"].is_null();
    if let (false, Some(id), Some(at)) = (told, top.follows.first(), top.started_at.at)
        && let Some(cause) = findings.iter().find(|f| &f.id == id)
        && let Some(then) = cause.started_at.at
    {
        if at - then < 30.0 {
            line.push_str(&format!(", just after {}", cause.cause));
        } else {
            line.push_str(&format!(", {} after {}", minutes(at - then), cause.cause));
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
            && let Some(fp) = f.evidence.read().get("fingerprint").and_then(Value::as_str)
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
    // Only a failure pattern's evidence says whether it is ongoing: the others' isn't read.
    for f in findings
        .iter()
        .filter(|f| matches!(f.kind, Kind::FailureSurge | Kind::Deaths))
    {
        let e = f.evidence.read();
        if e.get("ongoing") == Some(&Value::Bool(false))
            && let Some(last) = e.get("last_failure").and_then(Value::as_f64)
        {
            events.push(event(
                w,
                last,
                "last_failure",
                Some(f.id.clone()),
                format!("last failure of {}", f.id),
            ));
        }
    }
    // Nothing is told as a time to come: an entry stamped ahead of this clock (a host whose
    // clock runs ahead) is told now, saying by how much.
    for e in events.iter_mut().filter(|e| e.at > w.now + 1.0) {
        e.text.push_str(&format!(
            " (stamped {} ahead of this clock)",
            crate::duration::span(e.at - w.now)
        ));
        e.at = w.now;
        e.time = rfc3339(w.now);
        e.age = 0.0;
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
    /// Whether a finding fails (the run exits 1).
    pub fn fails(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Fail)
    }
}

/// A report in brief, for a screen that shows it beside other things (the console's home):
/// the headline, and each finding with what it names, to go to.
#[derive(Clone, Debug)]
pub struct Brief {
    pub headline: Timed,
    pub fails: bool,
    /// When it was read (epoch seconds).
    pub at: f64,
    pub findings: Vec<BriefFinding>,
}

#[derive(Clone, Debug)]
pub struct BriefFinding {
    pub id: String,
    pub kind: Kind,
    pub severity: Severity,
    pub since: Option<f64>,
    pub summary: Timed,
    pub names: Names,
    /// When a watch of successive reads saw it recover (`watch::Tracker`), if it has.
    pub recovered: Option<f64>,
    /// Across a fleet, the shards it hits, most jobs first (none on one Redis).
    pub shards: Vec<String>,
}

/// What a finding names, to drill into.
#[derive(Clone, Debug, PartialEq)]
pub enum Names {
    /// A failure pattern (a triage fingerprint), with the sets holding its entries.
    Pattern {
        fingerprint: String,
        retry: bool,
        dead: bool,
    },
    /// One queue.
    Queue(Name),
    /// Processes.
    Processes,
    Nothing,
}

impl Brief {
    pub fn of(report: &IncidentReport) -> Brief {
        let names = |f: &Finding| -> Names {
            let e = f.evidence.read();
            match f.kind {
                Kind::FailureSurge | Kind::Deaths => {
                    let Some(fp) = e.get("fingerprint").and_then(Value::as_str) else {
                        return Names::Nothing;
                    };
                    let n = |k: &str| {
                        e.get("sources")
                            .and_then(|s| s.get(k))
                            .and_then(Value::as_u64)
                            .unwrap_or(0)
                    };
                    Names::Pattern {
                        fingerprint: fp.to_string(),
                        retry: n("retry") > 0,
                        dead: n("dead") > 0,
                    }
                }
                Kind::Backlog | Kind::PausedBacklog | Kind::UnreadQueue => {
                    match e.get("queue").and_then(Value::as_str) {
                        Some(q) => Names::Queue(Name::from(q)),
                        None => Names::Nothing,
                    }
                }
                Kind::RestartWave | Kind::ProcessLost | Kind::MemoryGrowth | Kind::Capacity => {
                    Names::Processes
                }
                _ => Names::Nothing,
            }
        };
        let said = |f: &Finding| Timed {
            text: f.summary.clone(),
            times: f.times.clone(),
        };
        // The headline begins with the top finding's summary, moments and all.
        let headline = match report.findings.first() {
            Some(top) if report.headline.starts_with(&top.summary) => Timed {
                text: report.headline.clone(),
                times: top.times.clone(),
            },
            _ => Timed::plain(report.headline.clone()),
        };
        Brief {
            headline,
            fails: report.fails(),
            at: report.now,
            findings: report
                .findings
                .iter()
                .map(|f| BriefFinding {
                    id: f.id.clone(),
                    kind: f.kind,
                    severity: f.severity,
                    since: f.started_at.at,
                    summary: said(f),
                    names: names(f),
                    recovered: None,
                    shards: Vec::new(),
                })
                .collect(),
        }
    }

    /// The same, each finding marked with when `tracker` saw it recover.
    pub fn watched(report: &IncidentReport, tracker: &watch::Tracker) -> Brief {
        let mut brief = Brief::of(report);
        for f in &mut brief.findings {
            f.recovered = tracker.recovered_at(&f.id);
        }
        brief
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn pretty<T: Serialize>(value: &T) -> String {
        let mut out = Vec::new();
        crate::text::json::to_writer_pretty(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn evidence_kept_as_text_reads_and_is_written_as_its_tree() {
        let tree = json!({
            "queue": "mail\u{9b}out",
            "size": 3,
            "latency_seconds": 0.1,
            "big": 12345678901234567890u64,
            "explained_by": {"restarts": [1, 2.5e-7], "why": null},
        });
        let mut evidence = Evidence::from(tree.clone());
        assert_eq!(evidence.read(), tree);
        // The same document, layout and escaping, as the tree gives.
        assert_eq!(pretty(&evidence), pretty(&tree));
        assert!(pretty(&evidence).contains("mail\\u009bout"));
        evidence.set("holds_failing", json!("mail: ChargeJob"));
        assert_eq!(evidence.read()["holds_failing"], "mail: ChargeJob");
        assert_eq!(evidence.read()["size"], 3);
    }
}
