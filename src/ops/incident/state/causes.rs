//! What a finding follows and what a failure began just after: the one place findings are
//! linked to their causes.

use super::*;

/// A failure that begins within this long after a restart wave or an operator's change that
/// put jobs back to run says so.
pub(super) const CAUSE_WITHIN: f64 = 120.0;

/// The changes that put jobs to run: a failure beginning just after one may be its jobs.
pub(super) const PUSHES: &[&str] = &[
    "dead retry",
    "retry retry",
    "scheduled enqueue-now",
    "enqueue",
    "queue resume",
    "periodic run-now",
    "procs resume",
    "undo",
];

/// What each failure began just after, said plainly in its summary and kept in its evidence
/// (`began_after`): a restart wave (a new fleet's too), Redis restarting, or an operator's
/// change that put jobs to run (the command, who, its undo id), within [`CAUSE_WITHIN`] before
/// its onset, the nearest; and its class's earlier episode with another error (`earlier_episode`).
pub fn causes(zone: &Zone, w: &Window, r: &Read, findings: &mut [Finding]) {
    let waves: Vec<(f64, String)> = findings
        .iter()
        .filter(|f| f.kind == Kind::RestartWave)
        .filter_map(|f| {
            let e = f.evidence.read();
            Some((
                f.started_at.at?,
                format!(
                    "{} processes started together",
                    e["started"].as_u64().unwrap_or(0)
                ),
            ))
        })
        .collect();
    // Each failure pattern's (id, class, error, episodes), to name a class's earlier one.
    type Told = (String, String, String, Vec<(f64, f64)>);
    let patterns: Vec<Told> = findings
        .iter()
        .filter(|f| matches!(f.kind, Kind::FailureSurge | Kind::Deaths))
        .filter_map(|f| {
            let e = f.evidence.read();
            let class = e["classes"][0]["name"].as_str()?.to_string();
            let error = e["error_class"]
                .as_str()
                .or(e["pattern"].as_str())?
                .to_string();
            let episodes = e["episodes"]
                .as_array()?
                .iter()
                .filter_map(|ep| Some((ep["from"].as_f64()?, ep["to"].as_f64()?)))
                .collect();
            Some((f.id.clone(), class, error, episodes))
        })
        .collect();
    for f in findings.iter_mut().filter(|f| {
        matches!(
            f.kind,
            Kind::FailureSurge | Kind::Deaths | Kind::SteadyFailures
        )
    }) {
        let Some(at) = f.started_at.at else { continue };
        let within = |t: f64| t <= at + 1e-6 && at - t <= CAUSE_WITHIN;
        let mut before: Vec<(f64, String, Value)> = waves
            .iter()
            .filter(|(t, _)| within(*t))
            .map(|(t, text)| (*t, text.clone(), json!({ "kind": "restart_wave", "at": t })))
            .collect();
        // Redis restarted (a crash, a failover to a fresh replica, a maintenance): what it
        // held in memory since its last save is gone, and every client reconnected.
        if let Some(t) = r.redis_started.filter(|t| within(*t)) {
            before.push((
                t,
                "Redis restarted".into(),
                json!({ "kind": "redis_restart", "at": t }),
            ));
        }
        for c in r
            .changes
            .iter()
            .filter(|c| within(c.at) && PUSHES.contains(&c.command.as_str()))
        {
            let undo = if c.undo.is_empty() {
                String::new()
            } else {
                format!(", undo {}", c.undo)
            };
            before.push((
                c.at,
                format!("`{}` by {}{undo}", c.argv, c.user),
                json!({ "kind": "operator_change", "at": c.at, "command": c.command,
                        "argv": c.argv, "user": c.user,
                        "undo": (!c.undo.is_empty()).then_some(&c.undo) }),
            ));
        }
        if let Some((t, text, evidence)) = before.into_iter().max_by(|a, b| a.0.total_cmp(&b.0)) {
            let gap = at - t;
            let after = if gap < 1.0 {
                "just after".to_string()
            } else {
                format!("{} after", crate::duration::minutes(gap))
            };
            f.summary.push_str(&format!("; it began {after} {text}"));
            f.evidence.set("began_after", evidence);
        }
        // The same class's last episode with another error, over before this began.
        let e = f.evidence.read();
        let Some(class) = e["classes"][0]["name"].as_str() else {
            continue;
        };
        let earlier = patterns
            .iter()
            .filter(|(id, c, _, _)| *id != f.id && c == class)
            .filter_map(|(_, _, error, episodes)| {
                episodes
                    .iter()
                    .filter(|(_, to)| *to < at)
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|ep| (error, *ep))
            })
            .max_by(|a, b| a.1.1.total_cmp(&b.1.1));
        if let Some((error, (from, to))) = earlier {
            f.summary.push_str(&format!(
                "; {class} failed {} with {error} before",
                zone.hm_range(from, to, w.now)
            ));
            f.evidence.set(
                "earlier_episode",
                json!({ "error": error, "from": from, "to": to }),
            );
        }
    }
}

/// A paused or unread queue that a pattern failing now is retried onto is part of that
/// outage, not a side note: a FAIL, naming the pattern. (A pause keeps the failures from
/// showing, not from being there: its jobs wait there and fail again once they run.)
pub fn held_by_failing(findings: &mut [Finding]) {
    let failing: Vec<(String, String, bool)> = findings
        .iter()
        .filter(|f| {
            matches!(f.kind, Kind::FailureSurge | Kind::Deaths) && f.severity == Severity::Fail
        })
        .flat_map(|f| {
            let e = f.evidence.read();
            let classes: Vec<&str> = e["classes"]
                .as_array()
                .map(|a| a.iter().filter_map(|c| c["name"].as_str()).collect())
                .unwrap_or_default();
            let who = match classes.as_slice() {
                [one] => one.to_string(),
                _ => format!("pattern {}", e["fingerprint"].as_str().unwrap_or("?")),
            };
            let now = e["ongoing"] == Value::Bool(true);
            e["queues"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|q| q["name"].as_str())
                        .map(|q| (q.to_string(), who.clone(), now))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    for f in findings.iter_mut() {
        if !matches!(f.kind, Kind::PausedBacklog | Kind::UnreadQueue)
            || f.severity == Severity::Fail
        {
            continue;
        }
        let e = f.evidence.read();
        let held: Vec<&str> = match e["queue"].as_str() {
            Some(q) => vec![q],
            None => e["queues"]
                .as_array()
                .map(|a| a.iter().filter_map(|q| q["queue"].as_str()).collect())
                .unwrap_or_default(),
        };
        let Some((queue, who, now)) = failing.iter().find(|(q, _, _)| held.contains(&q.as_str()))
        else {
            continue;
        };
        f.severity = Severity::Fail;
        if *now {
            f.summary
                .push_str(&format!("; {who}, failing now, is retried onto it"));
        } else {
            f.summary
                .push_str(&format!("; it holds {who}, failing when it stopped"));
        }
        f.evidence
            .set("holds_failing", Value::String(format!("{queue}: {who}")));
    }
}

/// `follows`: the finding that began nearest before each, up to [`FOLLOWS_WITHIN`] before. A
/// note is no cause, but for a restart wave (a new fleet's) up to two minutes before; a lost
/// process is a cause only of what it held jobs of (their class, when the recovery kept it).
pub fn link(findings: &mut [Finding]) {
    let onsets: Vec<(String, Option<f64>, bool, Kind, Value)> = findings
        .iter()
        .map(|f| {
            (
                f.id.clone(),
                f.started_at.at,
                f.severity == Severity::Note,
                f.kind,
                f.evidence.read(),
            )
        })
        .collect();
    for f in findings.iter_mut() {
        let Some(at) = f.started_at.at else { continue };
        let classes: Vec<String> = f.evidence.read()["classes"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|c| c["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let mut before: Vec<(f64, &String)> = onsets
            .iter()
            .filter(|(id, _, _, _, _)| *id != f.id)
            .filter_map(|(id, t, note, kind, e)| {
                let t = (*t)?;
                let cause = t < at
                    && at - t <= FOLLOWS_WITHIN
                    && (!note || (*kind == Kind::RestartWave && at - t <= 120.0))
                    && (*kind != Kind::ProcessLost || held_jobs_of(e, &classes));
                cause.then_some((t, id))
            })
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

/// Whether a lost process finding's processes held jobs (of one of `classes`, where the
/// recovery kept which): a worker that held nothing lost nothing.
fn held_jobs_of(e: &Value, classes: &[String]) -> bool {
    e["processes"].as_array().into_iter().flatten().any(|p| {
        let held = p["jobs_in_progress"].as_u64().unwrap_or(0)
            + p["recovered"]["held"].as_u64().unwrap_or(0);
        let jobs = p["recovered"]["jobs"].as_array();
        held > 0
            && (classes.is_empty()
                || jobs.is_none_or(|jobs| jobs.is_empty())
                || jobs.into_iter().flatten().any(|j| {
                    j["class"]
                        .as_str()
                        .is_some_and(|c| classes.iter().any(|k| k == c))
                }))
    })
}
