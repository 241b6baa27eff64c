//! `incident --watch`: successive reports compared, told as events — a finding appeared,
//! worsened, eased, or recovered (no failure for a while, and its class running and
//! succeeding since). The front-ends print the events; this decides them.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::{Finding, IncidentReport, Kind, Severity};
use crate::clock::rfc3339;

/// A rate this many times the last one told is worse (or, inverted, eased).
const RATE_STEP: f64 = 2.0;

/// One change between two reads.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    /// When it was read, epoch seconds, and the same as RFC 3339 UTC.
    pub at: f64,
    pub time: String,
    /// `open` (a finding at the start), `appeared`, `worsened`, `eased`, `recovered`,
    /// `returned` (a recovered finding failing again).
    pub event: &'static str,
    /// The finding's id.
    pub finding: String,
    pub kind: Kind,
    pub severity: Severity,
    /// The finding's summary as read, or why it counts as recovered.
    pub summary: String,
}

struct Tracked {
    kind: Kind,
    severity: Severity,
    /// The rate (failures a minute, the last 5 minutes) last told, for failure findings.
    rate: Option<f64>,
    /// `eased` was told since it last opened, worsened or returned: once a phase.
    eased: bool,
    recovered: bool,
    /// The read that saw it recover.
    recovered_at: Option<f64>,
}

/// The findings followed from one read to the next.
pub struct Tracker {
    /// Seconds without a failure (its class running and succeeding) that make a failure
    /// finding recovered.
    quiet_for: f64,
    tracked: BTreeMap<String, Tracked>,
    /// The findings open at the first read that `--until-recovered` waits for ([`awaited`]).
    at_start: BTreeSet<String>,
    reads: u64,
}

impl Tracker {
    pub fn new(quiet_for: f64) -> Tracker {
        Tracker {
            quiet_for,
            tracked: BTreeMap::new(),
            at_start: BTreeSet::new(),
            reads: 0,
        }
    }

    /// Whether every finding open at the first read that is waited for ([`awaited`]) has
    /// recovered (true when there were none).
    pub fn all_recovered(&self) -> bool {
        self.at_start
            .iter()
            .all(|id| self.tracked.get(id).is_none_or(|t| t.recovered))
    }

    /// When the finding `id` was seen to recover, if it is recovered now.
    pub fn recovered_at(&self, id: &str) -> Option<f64> {
        self.tracked
            .get(id)
            .filter(|t| t.recovered)
            .and_then(|t| t.recovered_at)
    }

    /// The ids open at the first read that have not recovered.
    pub fn open(&self) -> Vec<&str> {
        self.at_start
            .iter()
            .filter(|id| self.tracked.get(*id).is_some_and(|t| !t.recovered))
            .map(String::as_str)
            .collect()
    }

    /// Compare `report` with what was read before: the events, oldest first.
    pub fn update(&mut self, report: &IncidentReport) -> Vec<Event> {
        let first = self.reads == 0;
        self.reads += 1;
        let now = report.now;
        let mut events = Vec::new();
        let mut seen = BTreeSet::new();
        for f in report
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
        {
            seen.insert(f.id.clone());
            let rate = rate_of(f);
            let quiet = self.quiet(f, now);
            let event = |event: &'static str, summary: String| Event {
                at: now,
                time: rfc3339(now),
                event,
                finding: f.id.clone(),
                kind: f.kind,
                severity: f.severity,
                summary,
            };
            let Some(t) = self.tracked.get_mut(&f.id) else {
                if first && awaited(f) {
                    self.at_start.insert(f.id.clone());
                }
                let recovered = quiet.is_some();
                events.push(match (&quiet, first) {
                    (Some(why), _) => event("recovered", why.clone()),
                    (None, true) => event("open", f.summary.clone()),
                    (None, false) => event("appeared", f.summary.clone()),
                });
                self.tracked.insert(
                    f.id.clone(),
                    Tracked {
                        kind: f.kind,
                        severity: f.severity,
                        rate,
                        eased: false,
                        recovered,
                        recovered_at: recovered.then_some(now),
                    },
                );
                continue;
            };
            match (&quiet, t.recovered) {
                (Some(why), false) => {
                    t.recovered = true;
                    t.recovered_at = Some(now);
                    events.push(event("recovered", why.clone()));
                }
                // Returned only when it fails again: a failure after the read that saw it
                // recover (a pause, or its class not running, makes it no longer quiet
                // without a failure; that is no return).
                (None, true) if failed_since(f, t.recovered_at) => {
                    t.recovered = false;
                    t.recovered_at = None;
                    t.severity = f.severity;
                    t.rate = rate;
                    t.eased = false;
                    events.push(event("returned", f.summary.clone()));
                }
                (None, true) => {}
                (Some(_), true) => {}
                // Events on material change only: worse at a higher severity or at least twice
                // the rate last told; eased at a lower severity or at most half of it, once
                // until it worsens again, and never while a held queue keeps its jobs from
                // failing (fewer failures there is no easing, only jobs waiting).
                (None, false) => {
                    let worse = f.severity > t.severity
                        || matches!((rate, t.rate), (Some(r), Some(was)) if r >= (was * RATE_STEP).max(was + 1.0));
                    let better = !worse
                        && !t.eased
                        && !held(f)
                        && (f.severity < t.severity
                            || matches!((rate, t.rate), (Some(r), Some(was)) if was >= 1.0 && r <= was / RATE_STEP));
                    if worse || better {
                        t.severity = f.severity;
                        t.rate = rate;
                        t.eased = better;
                        events.push(event(
                            if worse { "worsened" } else { "eased" },
                            f.summary.clone(),
                        ));
                    }
                }
            }
        }
        // Gone from the report: what made it a finding is no longer there.
        for (id, t) in self.tracked.iter_mut() {
            if !seen.contains(id) && !t.recovered {
                t.recovered = true;
                t.recovered_at = Some(now);
                events.push(Event {
                    at: now,
                    time: rfc3339(now),
                    event: "recovered",
                    finding: id.clone(),
                    kind: t.kind,
                    severity: t.severity,
                    summary: "no longer a finding".into(),
                });
            }
        }
        events
    }

    /// Why a failure finding counts as recovered now, if it does: no failure for
    /// `quiet_for`, nothing holding its jobs, and its class ran and succeeded since.
    fn quiet(&self, f: &Finding, now: f64) -> Option<String> {
        if !matches!(f.kind, Kind::FailureSurge | Kind::Deaths) {
            return None;
        }
        let e = f.evidence.read();
        let last = e["last_failure"].as_f64()?;
        if e["ongoing"] != serde_json::Value::Bool(false)
            || !e["held_queue"].is_null()
            || now - last < self.quiet_for
        {
            return None;
        }
        let ran = e["successes_since"].as_u64().unwrap_or(0);
        if ran == 0 {
            return None;
        }
        let of = match e["successes_from"].as_str() {
            Some("history") => "runs of its class",
            _ => "jobs of any class",
        };
        Some(format!(
            "no failure for {} ({} {of} succeeded since)",
            crate::duration::span(now - last),
            crate::text::size::count(ran)
        ))
    }
}

fn rate_of(f: &Finding) -> Option<f64> {
    f.evidence.read()["rate_last_5m_per_minute"].as_f64()
}

/// Whether `--until-recovered` waits for a finding open at the start: a failure (a surge, a
/// burst of deaths), a backlog, or a held queue holding a failing pattern. History (a restart
/// wave, a lost process, memory, a late periodic job, a steady failure rate, Redis' own
/// state) neither blocks it nor counts as open.
pub fn awaited(f: &Finding) -> bool {
    match f.kind {
        Kind::FailureSurge | Kind::Deaths | Kind::Backlog => true,
        Kind::PausedBacklog | Kind::UnreadQueue => !f.evidence.read()["holds_failing"].is_null(),
        _ => false,
    }
}

/// Whether a finding's jobs are held (its queue paused, or read by no live process): a paused
/// backlog, or a failure finding waiting on one.
fn held(f: &Finding) -> bool {
    f.kind == Kind::PausedBacklog
        || f.kind == Kind::UnreadQueue
        || !f.evidence.read()["held_queue"].is_null()
}

/// Whether a failure finding has a failure after `since` (the read that saw it recover).
fn failed_since(f: &Finding, since: Option<f64>) -> bool {
    let last = f.evidence.read()["last_failure"].as_f64();
    match (last, since) {
        (Some(last), Some(since)) => last > since,
        // Not a failure finding (a backlog): back in the report is back.
        (None, _) => true,
        (Some(_), None) => true,
    }
}

/// A finding's kind from its id (`<kind>` or `<kind>:<subject>`).
#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ops::incident::{Finding, Onset};

    fn surge(
        id: &str,
        severity: Severity,
        rate: f64,
        last: f64,
        ongoing: bool,
        ran: u64,
    ) -> Finding {
        Finding {
            id: id.into(),
            kind: Kind::FailureSurge,
            severity,
            started_at: Onset::at(0.0, "first failure"),
            summary: format!("{id} at {rate}/min"),
            impact: 10,
            evidence: json!({
                "rate_last_5m_per_minute": rate,
                "last_failure": last,
                "ongoing": ongoing,
                "successes_since": ran,
                "successes_from": "history",
                "held_queue": null,
            })
            .into(),
            follows: Vec::new(),
            commands: Vec::new(),
            cause: String::new(),
            times: Vec::new(),
        }
    }

    fn report(now: f64, findings: Vec<Finding>) -> IncidentReport {
        IncidentReport {
            headline: String::new(),
            since: now - 3600.0,
            now,
            zone: "UTC",
            target: String::new(),
            findings,
            timeline: Vec::new(),
            read: Default::default(),
            problems: Vec::new(),
        }
    }

    fn said(events: &[Event]) -> Vec<(&'static str, String)> {
        events
            .iter()
            .map(|e| (e.event, e.finding.clone()))
            .collect()
    }

    #[test]
    fn each_change_between_two_reads_is_one_event() {
        let mut t = Tracker::new(300.0);
        let a = |rate, sev| surge("failure_surge:a", sev, rate, 1000.0, true, 0);
        // Open at the start.
        let e = t.update(&report(1000.0, vec![a(4.0, Severity::Fail)]));
        assert_eq!(said(&e), [("open", "failure_surge:a".into())]);
        // The same rate: nothing. Twice as fast: worsened. A third: eased.
        assert!(
            t.update(&report(1010.0, vec![a(5.0, Severity::Fail)]))
                .is_empty()
        );
        let e = t.update(&report(1020.0, vec![a(8.0, Severity::Fail)]));
        assert_eq!(said(&e), [("worsened", "failure_surge:a".into())]);
        let e = t.update(&report(1030.0, vec![a(2.0, Severity::Fail)]));
        assert_eq!(said(&e), [("eased", "failure_surge:a".into())]);
        // Another finding: appeared.
        let b = surge("failure_surge:b", Severity::Fail, 3.0, 1040.0, true, 0);
        let e = t.update(&report(1040.0, vec![a(2.0, Severity::Fail), b.clone()]));
        assert_eq!(said(&e), [("appeared", "failure_surge:b".into())]);
        assert!(!t.all_recovered());
        // a over and quiet for 5 minutes, its class running since: recovered; b gone.
        let quiet = surge("failure_surge:a", Severity::Warn, 0.0, 1040.0, false, 120);
        let e = t.update(&report(1400.0, vec![quiet]));
        assert_eq!(
            said(&e),
            [
                ("recovered", "failure_surge:a".into()),
                ("recovered", "failure_surge:b".into())
            ]
        );
        assert_eq!(t.recovered_at("failure_surge:a"), Some(1400.0));
        assert!(t.all_recovered());
        // Failing again (a failure after the read that saw it recover): returned, no longer
        // recovered.
        let again = surge("failure_surge:a", Severity::Fail, 6.0, 1405.0, true, 0);
        let e = t.update(&report(1410.0, vec![again]));
        assert_eq!(said(&e), [("returned", "failure_surge:a".into())]);
        assert_eq!(t.recovered_at("failure_surge:a"), None);
        assert!(!t.all_recovered());
    }

    /// What `held` reads: the queue a finding's jobs wait on.
    fn held_on(mut f: Finding, queue: &str) -> Finding {
        f.evidence.set("held_queue", json!(queue));
        f
    }

    #[test]
    fn a_steady_outage_is_one_open_at_most_one_eased_and_one_recovered() {
        let mut t = Tracker::new(300.0);
        let at = |rate: f64, now: f64| surge("s", Severity::Fail, rate, now, true, 0);
        let mut told = Vec::new();
        // Wobbling within twice and half of what was told: nothing; falling to a third, then
        // to a tenth: one eased, once.
        for (now, rate) in [
            (0.0, 10.0),
            (10.0, 14.0),
            (20.0, 7.0),
            (30.0, 19.0),
            (40.0, 6.0),
            (50.0, 3.0),
            (60.0, 1.0),
            (70.0, 0.5),
        ] {
            told.extend(t.update(&report(now, vec![at(rate, now)])));
        }
        assert_eq!(
            told.iter().map(|e| e.event).collect::<Vec<_>>(),
            ["open", "eased"]
        );
        // Twice the rate told at the easing: worse, and a later easing may be told again.
        let e = t.update(&report(80.0, vec![at(6.0, 80.0)]));
        assert_eq!(said(&e), [("worsened", "s".into())]);
        let e = t.update(&report(90.0, vec![at(2.0, 90.0)]));
        assert_eq!(said(&e), [("eased", "s".into())]);
        let over = surge("s", Severity::Warn, 0.0, 90.0, false, 50);
        let e = t.update(&report(400.0, vec![over]));
        assert_eq!(said(&e), [("recovered", "s".into())]);
    }

    #[test]
    fn a_held_outage_never_eases_and_a_pause_after_recovery_is_no_return() {
        let mut t = Tracker::new(300.0);
        t.update(&report(
            0.0,
            vec![surge("s", Severity::Fail, 10.0, 0.0, true, 0)],
        ));
        // Its queue paused: failures stop because nothing runs; that is no easing.
        for now in [10.0, 20.0, 30.0, 60.0] {
            let f = held_on(
                surge("s", Severity::Fail, 10.0 / now, 5.0, false, 0),
                "billing",
            );
            assert!(t.update(&report(now, vec![f])).is_empty());
        }
        // Resumed, its class ran and succeeded, quiet: recovered.
        let quiet = surge("s", Severity::Warn, 0.0, 5.0, false, 40);
        let e = t.update(&report(400.0, vec![quiet]));
        assert_eq!(said(&e), [("recovered", "s".into())]);
        // Paused again, with no failure since: still recovered, nothing said.
        let paused = held_on(surge("s", Severity::Warn, 0.0, 5.0, false, 40), "billing");
        assert!(t.update(&report(410.0, vec![paused])).is_empty());
        assert!(t.all_recovered());
    }

    #[test]
    fn until_recovered_waits_for_failures_not_history() {
        let mut t = Tracker::new(300.0);
        let history = |kind: Kind, id: &str| Finding {
            id: id.into(),
            kind,
            severity: Severity::Warn,
            evidence: json!({}).into(),
            ..surge(id, Severity::Warn, 0.0, 0.0, false, 0)
        };
        t.update(&report(
            0.0,
            vec![
                surge("s", Severity::Fail, 4.0, 0.0, true, 0),
                history(Kind::RestartWave, "restart_wave"),
                history(Kind::ProcessLost, "process_lost:w1"),
            ],
        ));
        assert_eq!(t.open(), ["s"]);
        // The failure over; the restart wave and the lost process still reported.
        let e = t.update(&report(
            400.0,
            vec![
                surge("s", Severity::Warn, 0.0, 0.0, false, 9),
                history(Kind::RestartWave, "restart_wave"),
                history(Kind::ProcessLost, "process_lost:w1"),
            ],
        ));
        assert_eq!(said(&e), [("recovered", "s".into())]);
        assert!(t.all_recovered());
        assert!(t.open().is_empty());
    }

    #[test]
    fn quiet_without_its_class_running_is_not_recovered() {
        let mut t = Tracker::new(300.0);
        t.update(&report(
            1000.0,
            vec![surge("s", Severity::Fail, 4.0, 1000.0, true, 0)],
        ));
        // Over and quiet, but nothing of its class ran since (a stopped queue, no traffic).
        let e = t.update(&report(
            2000.0,
            vec![surge("s", Severity::Warn, 0.0, 1000.0, false, 0)],
        ));
        assert!(e.iter().all(|e| e.event != "recovered"), "{e:?}");
        assert!(!t.all_recovered());
    }
}
