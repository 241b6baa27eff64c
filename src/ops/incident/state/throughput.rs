//! Throughput dropping against the earlier hours.

use super::*;

pub(super) fn throughput(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    let waiting: u64 = r
        .queues
        .iter()
        .filter(|q| q.paused != Some(true))
        .map(|q| q.size)
        .sum();
    if waiting == 0 || r.hours.len() < 2 {
        return;
    }
    // The last full hour, and the full hours of the window before it.
    let full: Vec<(i64, u64)> = r.hours[..r.hours.len() - 1]
        .iter()
        .filter(|(h, _)| *h as f64 * 3600.0 >= w.start - 1e-6)
        .filter_map(|&(h, n)| n.map(|n| (h, n)))
        .collect();
    let Some((&(last_hour, last), before)) = full.split_last() else {
        return;
    };
    if before.len() < 2 {
        return;
    }
    let average = before.iter().map(|(_, n)| *n as f64).sum::<f64>() / before.len() as f64;
    if average < MIN_HOURLY || last as f64 >= average / 2.0 {
        return;
    }
    let mut first_low = full.len() - 1;
    while first_low > 0 && (full[first_low - 1].1 as f64) < average / 2.0 {
        first_low -= 1;
    }
    let since = full[first_low].0 as f64 * 3600.0;
    out.push(Finding {
        id: "throughput_drop".into(),
        kind: Kind::ThroughputDrop,
        severity: Severity::Warn,
        started_at: Onset::at(since, "start of the first hour under half the average"),
        summary: format!(
            "{} jobs processed in the last full hour, against {}/h before, while {} wait (since {})",
            count(last),
            count(average.round() as u64),
            count(waiting),
            zone.hm(since, w.now)
        ),
        impact: waiting,
        evidence: json!({
            "last_hour": last_hour,
            "processed_last_hour": last,
            "average_before": round(average),
            "hours_before": before.len(),
            "waiting": waiting,
        }).into(),
        follows: Vec::new(),
        commands: vec!["cogctl stats".into(), "cogctl busy".into(), "cogctl procs".into()],
        times: Vec::new(),
        cause: "throughput fell".into(),
    });
}
