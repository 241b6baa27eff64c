//! Paused queues holding jobs (`paused_backlog`).

use super::*;

/// A paused queue holding jobs: a warning, a failure once its oldest job waited longer than
/// --max-latency (or once a failing pattern is held by it: `held_by_failing`).
pub(super) fn paused_backlog(
    zone: &Zone,
    w: &Window,
    r: &Read,
    max_latency: f64,
    q: Row<'_>,
) -> Finding {
    let (row, name, arg) = (q.row, q.name.as_str(), q.arg.as_str());
    Finding {
        id: format!("paused_backlog:{name}"),
        kind: Kind::PausedBacklog,
        severity: if row.latency > max_latency {
            Severity::Fail
        } else {
            Severity::Warn
        },
        started_at: q.onset,
        summary: {
            let mut text = format!(
                "queue {name} is paused with {} waiting, the oldest for {}",
                count_of(row.size, "job"),
                span(row.latency)
            );
            if let Some(c) = row.name.to_str().and_then(|n| change_of(r, "pause", n)) {
                text.push_str(&format!(
                    " (paused by cogctl at {}, {})",
                    zone.hm(c.at, w.now),
                    c.user
                ));
            }
            text
        },
        impact: row.size,
        evidence: {
            let mut e = q.base;
            if let Some(c) = row.name.to_str().and_then(|n| change_of(r, "pause", n)) {
                e["paused_by"] = json!({ "at": c.at, "user": c.user });
            }
            e.into()
        },
        follows: Vec::new(),
        commands: vec![
            format!("cogctl queue show {arg}"),
            format!("cogctl queue resume {arg}"),
        ],
        times: Vec::new(),
        cause: format!("queue {name} was paused"),
    }
}
