//! Queues holding jobs: each told by the one detector it calls for (paused.rs, unread.rs,
//! backlog.rs).

use super::*;

/// A queue as each queue detector sees it: its row, its name shown and as a shell word, the
/// evidence every queue finding starts from, and its onset.
pub(super) struct Row<'a> {
    pub row: &'a QueueRow,
    pub name: String,
    pub arg: String,
    pub oldest: f64,
    pub has_age: bool,
    pub base: Value,
    pub onset: Onset,
}

/// Every queue holding jobs, told by the one detector it calls for: paused (`paused_backlog`),
/// read by no live process (`unread_queue`, one for all when nothing fetches), or waiting longer
/// than --max-latency (`backlog`, and `capacity` when every thread reading it is busy).
pub(super) fn queues(
    zone: &Zone,
    args: &Options,
    w: &Window,
    r: &Read,
    live: &[&Process],
    out: &mut Vec<Finding>,
) {
    let max_latency = args.max_latency.as_secs_f64();
    let read: BTreeSet<&str> = live
        .iter()
        .filter(|p| p.state == State::Alive)
        .flat_map(|p| p.queues.iter().map(|q| q.name.as_str()))
        .collect();
    let mut saturated: Vec<(&QueueRow, f64, u64, u64)> = Vec::new();
    let mut unread_all: Vec<(&QueueRow, Option<f64>)> = Vec::new();
    for row in r.queues.iter().filter(|row| row.size > 0) {
        let q = row_of(w, r, row);
        let readable = row.name.to_str().is_some_and(|n| read.contains(n));
        if row.paused == Some(true) {
            out.push(paused_backlog(zone, w, r, max_latency, q));
        } else if !readable && read.is_empty() {
            // No process fetches at all: one finding for every queue, not one per queue.
            unread_all.push((row, q.has_age.then_some(q.oldest)));
        } else if !readable {
            out.push(unread_queue(zone, w, r, live, q));
        } else if row.latency > max_latency {
            out.push(backlog(zone, w, r, live, q, &mut saturated));
        }
    }
    merge_saturated(zone, w, &saturated, out);
    out.extend(unread_everywhere(zone, w, r, live, &unread_all));
    out.extend(capacity(zone, w, r, live, &saturated));
}

/// A queue's row as the detectors see it.
fn row_of<'a>(w: &Window, r: &Read, row: &'a QueueRow) -> Row<'a> {
    let oldest = w.now - row.latency;
    let has_age = row.latency > 0.0;
    let ahead = r
        .ahead
        .iter()
        .find(|(n, _)| *n == row.name)
        .map(|(_, t)| *t);
    let onset = if has_age {
        Onset::at(oldest, "oldest waiting job's enqueue time")
    } else if let Some(t) = ahead {
        Onset::unknown(clock_behind(t - w.now))
    } else {
        Onset::unknown("the oldest waiting job has no enqueue time")
    };
    Row {
        row,
        name: row.name.shown().into_owned(),
        arg: q(&String::from_utf8_lossy(row.name.as_bytes())),
        oldest,
        has_age,
        base: json!({
            "queue": row.name,
            "size": row.size,
            "latency_seconds": round(row.latency),
            "oldest_enqueued_at": has_age.then_some(oldest),
        }),
        onset,
    }
}
