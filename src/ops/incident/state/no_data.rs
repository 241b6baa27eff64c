//! No live process and no recent beat, or no cogworker data at all.

use super::*;

/// No live process and no recent beat, or no cogworker data at all: not a healthy
/// deployment but, most often, the wrong URL or db.
pub(super) fn nothing_to_see(
    args: &Options,
    w: &Window,
    r: &Read,
    fails: &Failures,
    live: &[&Process],
    out: &mut Vec<Finding>,
) {
    let recent_beat = r
        .processes
        .iter()
        .filter_map(|p| p.beat_age)
        .any(|age| age <= args.orphan_threshold.as_secs_f64());
    if !live.is_empty() || recent_beat || out.iter().any(|f| f.kind == Kind::ProcessLost) {
        return;
    }
    let s = &fails.sources;
    let processed: u64 = r.hours.iter().filter_map(|(_, n)| *n).sum();
    let empty = r.queues.is_empty()
        && r.processes.is_empty()
        && s.retry
            + s.dead
            + s.history_failed
            + s.attempts_logs
            + s.dead_before_horizon
            + s.history_before_horizon
            == 0
        && processed == 0;
    let waiting: u64 = r.queues.iter().map(|q| q.size).sum();
    let summary = if empty {
        format!(
            "no cogworker data in {}: no queue, process, failure or throughput (the wrong URL or db?)",
            r.target
        )
    } else if r.processes.is_empty() {
        format!("no cogworker process has ever registered in {}", r.target)
    } else {
        format!(
            "no live cogworker process in {}: none has beaten in the last {}",
            r.target,
            span(args.orphan_threshold.as_secs_f64())
        )
    };
    out.push(Finding {
        id: "no_data".into(),
        kind: Kind::NoData,
        severity: Severity::Warn,
        started_at: Onset::unknown("nothing here dates it"),
        summary,
        impact: waiting,
        evidence: json!({
            "target": r.target,
            "empty": empty,
            "processes_registered": r.processes.len(),
            "queues": r.queues.len(),
            "waiting": waiting,
            "retry": s.retry,
            "dead": s.dead,
            "attempts_logs": s.attempts_logs,
            "processed_in_window": processed,
            "window_start": w.start,
        })
        .into(),
        follows: Vec::new(),
        commands: vec![
            "cogctl doctor".into(),
            "cogctl procs".into(),
            "cogctl stats".into(),
        ],
        times: Vec::new(),
        cause: "no process was working".into(),
    });
}
