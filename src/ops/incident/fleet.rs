//! One incident story for a fleet (docs/fleet.md, "The incident across a fleet"): each
//! shard's report read at once, then its findings merged where the same finding (the same
//! id: the same failure pattern, the same queue, the same periodic entry …) hits several
//! shards, as one finding naming them (`… · on 3 of 4 shards (prod-a, prod-b, prod-d)`), its
//! jobs added up, its onset the earliest. A shard that can't be read is itself a finding,
//! and the rest of the story is still told.

use serde::Serialize;

use super::{Event, Finding, IncidentReport, Kind, Onset, Severity};
use crate::ops::fleet::{FleetProblem, Shard};
use crate::term::exit::Exit;

/// The commands a finding offers that read or change across a fleet; any other is given for
/// one shard (`--context NAME`).
const ACROSS: [&str; 20] = [
    "stats",
    "queues",
    "procs",
    "busy",
    "orphans",
    "unsettled list",
    "periodic list",
    "check",
    "doctor",
    "job ",
    "dead list",
    "retry list",
    "scheduled list",
    "dead triage",
    "retry triage",
    "dead retry",
    "retry retry",
    "dead delete",
    "retry delete",
    "retry kill",
];

/// One finding of the fleet: on one shard, or the same on several.
#[derive(Debug, Serialize)]
pub struct FleetFinding {
    /// The finding's id, as each shard's report gives it (or `shard_unreadable:NAME`).
    pub id: String,
    pub kind: Kind,
    /// The worst of its shards'.
    pub severity: Severity,
    /// The earliest of its shards' onsets.
    pub started_at: Onset,
    pub summary: String,
    /// Its shards' jobs affected or at risk, added up.
    pub impact: u64,
    /// The shards it hits, most jobs first.
    pub shards: Vec<String>,
    /// Each shard's own finding, as its report gives it.
    #[serde(serialize_with = "pairs")]
    pub on: Vec<(String, Finding)>,
    /// Ready commands, across the fleet where the command reads across one.
    pub commands: Vec<String>,
}

/// One line of the fleet's timeline: a shard's event, its shard named (shards, `prod-a,
/// prod-b`, when the same event happened on several at the same second).
#[derive(Debug, Serialize)]
pub struct FleetEvent {
    pub shard: String,
    #[serde(flatten)]
    pub event: Event,
}

/// What one shard's report said, in brief (the whole is in the findings' `on`).
#[derive(Debug, Serialize)]
pub struct ShardBrief {
    pub target: String,
    pub headline: String,
    pub findings: usize,
}

/// `incident` across a fleet: one document.
#[derive(Debug, Serialize)]
pub struct FleetIncident {
    pub fleet: String,
    pub headline: String,
    pub since: f64,
    pub now: f64,
    pub zone: &'static str,
    /// Ranked as on one Redis: failures first, then most jobs affected or at risk.
    pub findings: Vec<FleetFinding>,
    /// Oldest first.
    pub timeline: Vec<FleetEvent>,
    #[serde(serialize_with = "crate::ops::fleet::serialize_reports")]
    pub shards: Vec<Shard<ShardBrief>>,
    pub unreadable: Vec<String>,
    /// Keys a shard could not read.
    pub problems: Vec<FleetProblem>,
}

fn pairs<S: serde::Serializer>(pairs: &[(String, Finding)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// A command of a finding read on `shard`, as it runs for the fleet `named` (its flags,
/// `ops::fleet::flag`).
fn for_fleet(command: &str, named: &str, shard: &str) -> String {
    let Some(rest) = command.strip_prefix("cogctl ") else {
        return command.to_string();
    };
    // `procs` reads across a fleet; its signals (`procs quiet ID`) don't.
    let signal = rest.starts_with("procs ") && !rest.starts_with("procs --");
    if !signal && ACROSS.iter().any(|c| rest.starts_with(c)) {
        crate::ops::fleet::across(command, named)
    } else {
        format!("cogctl --context {shard} {rest}")
    }
}

/// When a finding merged from several shards began on another shard than its top one (the
/// summary's own, at another minute): ` since 18:11 UTC, first on prod-b`; else nothing.
fn earlier_elsewhere(clock: &crate::clock::Zone, now: f64, on: &[(String, Finding)]) -> String {
    let Some((top, own)) = on.first() else {
        return String::new();
    };
    let first = on
        .iter()
        .filter_map(|(n, f)| f.started_at.at.map(|t| (n, t)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    match first {
        Some((shard, at))
            if shard != top
                && own
                    .started_at
                    .at
                    .is_none_or(|t| clock.hm(t, now) != clock.hm(at, now)) =>
        {
            format!(" since {}, first on {shard}", clock.hm(at, now))
        }
        _ => String::new(),
    }
}

/// The fleet's story from its shards' reports (in the fleet's order); `named`: the flags that
/// name the fleet in the commands it suggests (`ops::fleet::flag`).
pub fn merge(fleet: &str, named: &str, shards: Vec<Shard<IncidentReport>>) -> FleetIncident {
    let total = shards.len();
    let mut findings: Vec<FleetFinding> = Vec::new();
    // Where each id read so far is among `findings` (an unread shard's finding is not one).
    let mut found: std::collections::HashMap<String, usize> = Default::default();
    let mut timeline = Vec::new();
    let mut briefs = Vec::new();
    let mut problems = Vec::new();
    let (mut since, mut now, mut zone) = (f64::INFINITY, 0.0f64, "UTC");
    for (name, read) in shards {
        let report = match read {
            Ok(report) => report,
            Err(error) => {
                findings.push(FleetFinding {
                    id: format!("shard_unreadable:{name}"),
                    kind: Kind::Redis,
                    severity: Severity::Fail,
                    started_at: Onset::unknown("the shard could not be read"),
                    summary: format!(
                        "shard {name} could not be read ({error}); the story is the other shards'"
                    ),
                    impact: 0,
                    shards: vec![name.clone()],
                    on: Vec::new(),
                    commands: vec![format!("cogctl --context {name} doctor")],
                });
                briefs.push((name, Err(error)));
                continue;
            }
        };
        since = since.min(report.since);
        now = now.max(report.now);
        zone = report.zone;
        problems.extend(FleetProblem::on(&name, report.problems));
        timeline.extend(report.timeline.into_iter().map(|event| FleetEvent {
            shard: name.clone(),
            event,
        }));
        briefs.push((
            name.clone(),
            Ok(ShardBrief {
                target: report.target,
                headline: report.headline,
                findings: report.findings.len(),
            }),
        ));
        for f in report.findings {
            match found.get(&f.id).map(|&at| &mut findings[at]) {
                Some(g) => {
                    g.severity = g.severity.max(f.severity);
                    g.impact += f.impact;
                    if let Some(at) = f.started_at.at
                        && g.started_at.at.is_none_or(|t| at < t)
                    {
                        g.started_at = f.started_at.clone();
                    }
                    g.on.push((name.clone(), f));
                }
                None => {
                    found.insert(f.id.clone(), findings.len());
                    findings.push(FleetFinding {
                        id: f.id.clone(),
                        kind: f.kind,
                        severity: f.severity,
                        started_at: f.started_at.clone(),
                        summary: String::new(),
                        impact: f.impact,
                        shards: Vec::new(),
                        on: vec![(name.clone(), f)],
                        commands: Vec::new(),
                    });
                }
            }
        }
    }
    let clock = crate::clock::Zone::named(zone).unwrap_or_else(|_| crate::clock::Zone::utc());
    for g in findings.iter_mut().filter(|g| !g.on.is_empty()) {
        g.on.sort_by(|a, b| b.1.impact.cmp(&a.1.impact).then(a.0.cmp(&b.0)));
        g.shards = g.on.iter().map(|(n, _)| n.clone()).collect();
        let (top, first) = &g.on[0];
        g.summary = if g.on.len() == 1 {
            format!("{top}: {}", first.summary)
        } else {
            format!(
                "{top}: {} · on {} of {total} shards ({}){}",
                first.summary,
                g.on.len(),
                g.shards.join(", "),
                earlier_elsewhere(&clock, now, &g.on)
            )
        };
        g.commands = first
            .commands
            .iter()
            .map(|c| for_fleet(c, named, top))
            .collect();
        g.commands.dedup();
    }
    findings.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then(b.impact.cmp(&a.impact))
            .then(a.id.cmp(&b.id))
    });
    timeline.sort_by(|a, b| a.event.at.total_cmp(&b.event.at));
    // The same event on several shards at the same second (a change made across the fleet,
    // the same pattern's onset) is one line naming them.
    let mut merged: Vec<FleetEvent> = Vec::with_capacity(timeline.len());
    let mut seen: std::collections::HashMap<(i64, String), usize> = Default::default();
    for e in timeline {
        let key = (e.event.at.floor() as i64, e.event.text.clone());
        match seen.get(&key) {
            Some(&i) => {
                merged[i].shard.push_str(", ");
                merged[i].shard.push_str(&e.shard);
            }
            None => {
                seen.insert(key, merged.len());
                merged.push(e);
            }
        }
    }
    let timeline = merged;
    let read = briefs.iter().filter(|(_, b)| b.is_ok()).count();
    // The most impactful finding of the shards read, then the shards not read.
    let unreadable = crate::ops::fleet::unreadable(&briefs);
    let told: Vec<&FleetFinding> = findings
        .iter()
        .filter(|f| f.severity != Severity::Note && !f.on.is_empty())
        .collect();
    let mut headline = match told.first() {
        Some(top) if told.len() > 1 => format!(
            "{} (and {} more finding{})",
            top.summary,
            told.len() - 1,
            if told.len() == 2 { "" } else { "s" }
        ),
        Some(top) => top.summary.clone(),
        None => format!("nothing notable on the {read} of {total} shards of fleet {fleet} read"),
    };
    if !unreadable.is_empty() {
        headline.push_str(&format!("; not read: {}", unreadable.join(", ")));
    }
    FleetIncident {
        fleet: fleet.to_string(),
        headline,
        since: if since.is_finite() { since } else { now },
        now,
        zone,
        findings,
        timeline,
        shards: briefs,
        unreadable,
        problems,
    }
}

impl FleetIncident {
    /// The fleet's story as one Redis's report is shaped, for what follows successive reads
    /// (`incident --watch`'s `Tracker`): each merged finding as its top shard's, with the
    /// fleet's id, severity, summary and jobs (whether it eased or recovered is read from that
    /// shard's evidence); an unread shard as a finding of its own.
    pub fn as_report(&self) -> IncidentReport {
        let findings = self
            .findings
            .iter()
            .map(|f| {
                let mut one = match f.on.first() {
                    Some((_, top)) => top.clone(),
                    None => Finding {
                        id: String::new(),
                        kind: f.kind,
                        severity: f.severity,
                        started_at: f.started_at.clone(),
                        summary: String::new(),
                        impact: 0,
                        evidence: serde_json::Value::Null.into(),
                        follows: Vec::new(),
                        commands: Vec::new(),
                        cause: String::new(),
                        times: Vec::new(),
                    },
                };
                one.id = f.id.clone();
                one.severity = f.severity;
                one.summary = f.summary.clone();
                one.impact = f.impact;
                one.started_at = f.started_at.clone();
                one.commands = f.commands.clone();
                // The summary is the fleet's now: the moments its top shard's said are gone.
                one.times = Vec::new();
                one
            })
            .collect();
        IncidentReport {
            headline: self.headline.clone(),
            since: self.since,
            now: self.now,
            zone: self.zone,
            target: format!("fleet {}", self.fleet),
            findings,
            timeline: Vec::new(),
            read: Default::default(),
            problems: Vec::new(),
        }
    }

    /// A finding that fails on a shard read: 1; else a shard unread: 7 (none read: 3); else a
    /// key a shard could not read: 1; else 0.
    pub fn exit(&self) -> Exit {
        let fails = self
            .findings
            .iter()
            .any(|f| f.severity == Severity::Fail && !f.on.is_empty());
        if fails {
            return Exit::Failure;
        }
        let e = crate::ops::fleet::exit(&self.shards, |_| Exit::Ok);
        if e != Exit::Ok {
            return e;
        }
        FleetProblem::exit(&self.problems)
    }
}

#[cfg(test)]
mod tests {
    use super::for_fleet;

    #[test]
    fn a_findings_commands_run_across_the_fleet_where_they_can() {
        use crate::ops::fleet::flag;
        let prod = flag("prod", None);
        assert_eq!(
            for_fleet("cogctl dead triage --class X", &prod, "prod-b"),
            "cogctl --fleet prod dead triage --class X"
        );
        assert_eq!(
            for_fleet("cogctl queue list billing", &prod, "prod-b"),
            "cogctl --context prod-b queue list billing"
        );
        assert_eq!(
            for_fleet("redis-cli INFO", &prod, "prod-b"),
            "redis-cli INFO"
        );
        assert_eq!(
            for_fleet("cogctl procs quiet host:1:abc", &prod, "prod-b"),
            "cogctl --context prod-b procs quiet host:1:abc"
        );
        // A fleet named by its contexts is named so again; a run narrowed to some shards
        // names them.
        assert_eq!(
            for_fleet("cogctl stats", &flag("prod-a,prod-b", None), "prod-b"),
            "cogctl --context prod-a,prod-b stats"
        );
        let narrowed = ["prod-b".to_string()];
        assert_eq!(
            for_fleet("cogctl stats", &flag("prod", Some(&narrowed)), "prod-b"),
            "cogctl --fleet prod --shard prod-b stats"
        );
    }
}
