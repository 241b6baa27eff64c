//! Backlogs: a queue waiting longer than --max-latency (`backlog`), backlogs with one cause,
//! too few threads (one `backlog` for them all), and what those threads run (`capacity`).

use super::*;

/// A queue (not paused, read by a live process) whose oldest job waited longer than
/// --max-latency, with its arrival rate; noted in `saturated` when every thread reading it
/// is busy.
pub(super) fn backlog<'a>(
    zone: &Zone,
    w: &Window,
    r: &Read,
    live: &[&Process],
    q: Row<'a>,
    saturated: &mut Vec<(&'a QueueRow, f64, u64, u64)>,
) -> Finding {
    let (row, name, arg, oldest) = (q.row, q.name.as_str(), q.arg.as_str(), q.oldest);
    let processed_last_hour = r.hours.iter().rev().nth(1).and_then(|(_, n)| *n);
    let times = r
        .arrivals
        .iter()
        .find(|(n, _)| n == &row.name)
        .map(|(_, t)| t.as_slice())
        .unwrap_or_default();
    // FIFO: every job enqueued since the oldest one still waits, so the waiting jobs'
    // enqueue times are the arrivals since then; the newest ones give the recent rate.
    let overall = row.size as f64 / row.latency.max(1.0) * 3600.0;
    let recent = match (times.first(), times.last()) {
        (Some(_), Some(&oldest_read)) if times.len() > 1 && w.now > oldest_read => {
            Some(times.len() as f64 / (w.now - oldest_read) * 3600.0)
        }
        _ => None,
    };
    let readers: Vec<&&Process> = live
        .iter()
        .filter(|p| p.state == State::Alive)
        .filter(|p| {
            row.name
                .to_str()
                .is_some_and(|n| p.queues.iter().any(|q| q.name == n))
        })
        .collect();
    let threads: i64 = readers.iter().filter_map(|p| p.concurrency).sum();
    let busy: i64 = readers.iter().filter_map(|p| p.busy).sum();
    let mut evidence = q.base;
    evidence["arrivals_per_hour"] = json!(round(overall));
    evidence["arrivals_per_hour_recent"] = json!(recent.map(round));
    evidence["processed_last_hour_all_queues"] = json!(processed_last_hour);
    evidence["readers"] = json!(readers.len());
    evidence["threads"] = json!(threads);
    evidence["busy"] = json!(busy);
    if threads > 0 && busy >= threads {
        saturated.push((row, oldest, readers.len() as u64, threads as u64));
    }
    Finding {
        id: format!("backlog:{name}"),
        kind: Kind::Backlog,
        severity: Severity::Fail,
        started_at: q.onset,
        summary: format!(
            "queue {name} backing up since {}: {} waiting, the oldest for {}, {}/h arriving",
            zone.hm(oldest, w.now),
            count(row.size),
            span(row.latency),
            count(recent.unwrap_or(overall).round() as u64)
        ),
        impact: row.size,
        evidence: evidence.into(),
        follows: Vec::new(),
        commands: vec![
            format!("cogctl queue show {arg}"),
            "cogctl busy".to_string(),
            format!("cogctl queue list {arg} --next-first --limit 20"),
        ],
        times: Vec::new(),
        cause: format!("queue {name} began backing up"),
    }
}

/// Backlogs of queues whose readers are all busy have one cause, too few threads: one
/// `backlog` finding naming them all instead of one per queue.
pub(super) fn merge_saturated(
    zone: &Zone,
    w: &Window,
    saturated: &[(&QueueRow, f64, u64, u64)],
    out: &mut Vec<Finding>,
) {
    if saturated.len() < 2 {
        return;
    }
    let ids: BTreeSet<String> = saturated
        .iter()
        .map(|s| format!("backlog:{}", s.0.name.shown()))
        .collect();
    let merged: Vec<Finding> = out
        .iter()
        .filter(|f| f.kind == Kind::Backlog && ids.contains(&f.id))
        .cloned()
        .collect();
    out.retain(|f| !(f.kind == Kind::Backlog && ids.contains(&f.id)));
    let since = saturated.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let waiting: u64 = saturated.iter().map(|s| s.0.size).sum();
    let oldest = saturated.iter().map(|s| s.0.latency).fold(0.0, f64::max);
    let names: Vec<String> = saturated
        .iter()
        .take(LISTED)
        .map(|s| s.0.name.shown().into_owned())
        .collect();
    let more = saturated.len().saturating_sub(LISTED);
    out.push(Finding {
        id: "backlog".into(),
        kind: Kind::Backlog,
        severity: Severity::Fail,
        started_at: Onset::at(since, "oldest waiting job of the queues"),
        summary: format!(
            "{} queues backing up since {}, every thread reading them busy: {}{} ({} waiting, the oldest for {})",
            saturated.len(),
            zone.hm(since, w.now),
            names.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() },
            count(waiting),
            span(oldest)
        ),
        impact: waiting,
        evidence: json!({
            "queues": merged.iter().map(|f| f.evidence.clone()).collect::<Vec<_>>(),
            "waiting": waiting,
        }).into(),
        follows: Vec::new(),
        commands: vec!["cogctl busy".into(), "cogctl procs".into(), "cogctl queues".into()],
        times: Vec::new(),
        cause: format!("{} queues began backing up", saturated.len()),
    });
}

/// Every thread reading the saturated queues busy: what they run, and since when.
pub(super) fn capacity(
    zone: &Zone,
    w: &Window,
    r: &Read,
    live: &[&Process],
    saturated: &[(&QueueRow, f64, u64, u64)],
) -> Option<Finding> {
    if saturated.is_empty() {
        return None;
    }
    let since = saturated.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let waiting: u64 = saturated.iter().map(|s| s.0.size).sum();
    let names: Vec<String> = saturated
        .iter()
        .take(LISTED)
        .map(|s| s.0.name.shown().into_owned())
        .collect();
    // What the busy threads of those queues' readers run, and since when.
    let readers: BTreeSet<&Name> = live
        .iter()
        .filter(|p| {
            p.queues.iter().any(|q| {
                saturated
                    .iter()
                    .any(|s| s.0.name.to_str() == Some(q.name.as_str()))
            })
        })
        .map(|p| &p.identity)
        .collect();
    let mut classes: std::collections::BTreeMap<&str, (u64, Option<f64>)> =
        std::collections::BTreeMap::new();
    for (identity, class, run_at) in &r.running {
        if readers.contains(identity) {
            let e = classes.entry(class.as_str()).or_insert((0, None));
            e.0 += 1;
            if let Some(t) = run_at {
                e.1 = Some(e.1.map_or(*t, |m: f64| m.min(*t)));
            }
        }
    }
    let mut running: Vec<(&str, u64, Option<f64>)> =
        classes.into_iter().map(|(c, (n, t))| (c, n, t)).collect();
    running.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let mut summary = format!(
        "every thread reading {} is busy ({} waiting)",
        names.join(", "),
        count(waiting)
    );
    if !running.is_empty() {
        let shown: Vec<String> = running
            .iter()
            .take(3)
            .map(|(c, n, t)| match t {
                Some(t) => format!("{c} ×{n} since {}", zone.hm(*t, w.now)),
                None => format!("{c} ×{n}"),
            })
            .collect();
        summary.push_str(&format!(", running {}", shown.join(", ")));
    }
    Some(Finding {
        id: "capacity".into(),
        kind: Kind::Capacity,
        severity: Severity::Warn,
        started_at: Onset::at(since, "oldest waiting job of the saturated queues"),
        summary,
        impact: waiting,
        evidence: json!({
            "queues": saturated.iter().map(|s| json!({
                "queue": s.0.name, "size": s.0.size, "processes": s.2, "threads": s.3,
            })).collect::<Vec<_>>(),
            "running": running.iter().map(|(c, n, t)| json!({
                "class": c, "threads": n, "since": t,
            })).collect::<Vec<_>>(),
        })
        .into(),
        follows: Vec::new(),
        commands: vec!["cogctl busy".into(), "cogctl procs".into()],
        times: Vec::new(),
        cause: "the workers ran out of threads".into(),
    })
}
