//! Queues no live process reads (`unread_queue`): one finding a queue, or one for every queue
//! when no live process fetches at all.

use super::*;

/// Waiting jobs on a queue (not paused) that no live, fetching process reads.
pub(super) fn unread_queue(
    zone: &Zone,
    w: &Window,
    r: &Read,
    live: &[&Process],
    q: Row<'_>,
) -> Finding {
    let (row, name, arg) = (q.row, q.name.as_str(), q.arg.as_str());
    let mut evidence = q.base;
    evidence["live_processes"] = json!(live.len());
    let quiet_readers = live
        .iter()
        .filter(|p| p.state == State::Quiet)
        .filter(|p| {
            row.name
                .to_str()
                .is_some_and(|n| p.queues.iter().any(|q| q.name == n))
        })
        .count();
    let mut summary = format!(
        "queue {name}: {} waiting that no live process reads, the oldest for {}",
        count_of(row.size, "job"),
        span(row.latency)
    );
    if let Some((why, more)) = unread_because(zone, w, r, quiet_readers) {
        summary.push_str(&format!(" ({why})"));
        evidence["explained_by"] = more;
    }
    Finding {
        id: format!("unread_queue:{name}"),
        kind: Kind::UnreadQueue,
        severity: Severity::Fail,
        started_at: q.onset,
        summary,
        impact: row.size,
        evidence: evidence.into(),
        follows: Vec::new(),
        commands: vec![
            format!("cogctl queue show {arg}"),
            "cogctl procs".to_string(),
        ],
        times: Vec::new(),
        cause: format!("queue {name} went unread"),
    }
}

/// No live process fetches at all: one finding for every queue holding jobs.
pub(super) fn unread_everywhere(
    zone: &Zone,
    w: &Window,
    r: &Read,
    live: &[&Process],
    unread_all: &[(&QueueRow, Option<f64>)],
) -> Option<Finding> {
    if unread_all.is_empty() {
        return None;
    }
    let waiting: u64 = unread_all.iter().map(|(q, _)| q.size).sum();
    let oldest = unread_all
        .iter()
        .filter_map(|(_, t)| *t)
        .fold(None, |m: Option<f64>, t| Some(m.map_or(t, |m| m.min(t))));
    let quiet = live.iter().filter(|p| p.state == State::Quiet).count();
    let (why, explained_by) = unread_because(zone, w, r, quiet).unzip();
    Some(Finding {
        id: "unread_queue".into(),
        kind: Kind::UnreadQueue,
        severity: Severity::Fail,
        started_at: match oldest {
            Some(t) => Onset::at(t, "oldest waiting job of the unread queues"),
            None => match r
                .ahead
                .iter()
                .find(|(n, _)| unread_all.iter().any(|(q, _)| q.name == *n))
            {
                Some((_, t)) => Onset::unknown(clock_behind(t - w.now)),
                None => Onset::unknown("the waiting jobs have no enqueue time"),
            },
        },
        summary: {
            let mut text = format!(
                "no live process fetches: {} waiting on {}",
                count_of(waiting, "job"),
                count_of(unread_all.len() as u64, "queue")
            );
            if let Some(why) = why {
                text.push_str(&format!(" ({why})"));
            }
            text
        },
        impact: waiting,
        evidence: json!({
            "queues": unread_all.iter().take(LISTED).map(|(q, t)| json!({
                "queue": q.name, "size": q.size, "oldest_enqueued_at": t,
            })).collect::<Vec<_>>(),
            "unread_queues": unread_all.len(),
            "explained_by": explained_by,
            "waiting": waiting,
            "live_processes": live.len(),
        })
        .into(),
        follows: Vec::new(),
        commands: vec!["cogctl procs".into(), "cogctl queues".into()],
        times: Vec::new(),
        cause: "every queue went unread".into(),
    })
}
