//! A pattern failing steadily since the records begin: a note, with its rate.

use super::*;

/// Whether a pattern fails steadily from the moment the records begin (a young fleet, a
/// flushed Redis): not new, not rising, told as a note.
pub(super) fn steady_series<'a>(w: &Window, p: &'a Pattern) -> Option<&'a Series> {
    let series = if p.failures.first.is_some() {
        &p.failures
    } else {
        &p.survivors
    };
    let first = series.first?;
    (first >= w.start
        && series.in_window >= crate::ops::incident::failures::MIN_FAILURES
        && p.jobs_in_window >= crate::ops::incident::failures::MIN_FAILURES
        && series.from_the_start(w, p.begin.map(|b| b.0)))
    .then_some(series)
}

/// A pattern failing from the moment the records begin, at a rate that hasn't risen: a
/// note with its rate against its class's runs (History) or the fleet's (throughput).
pub(super) fn steady_finding(
    zone: &Zone,
    w: &Window,
    fails: &Failures,
    p: &Pattern,
) -> Option<Finding> {
    let series = steady_series(w, p)?;
    let (begin, dated_by) = p.begin?;
    let first = series.first?;
    let failures = p.failures.in_window + p.survivors.in_window;
    let classes = p.classes.sorted();
    let who = who_of(&classes, p);
    let error = error_of(p);
    let hours = |of: &[(i64, Option<u64>)]| -> u64 {
        of.iter()
            .filter(|(h, _)| (*h + 1) as f64 * 3600.0 > first)
            .filter_map(|(_, n)| *n)
            .sum()
    };
    let (share, against) = match p.class_runs {
        Some(ok) => (
            Some(failures as f64 / (failures + ok).max(1) as f64),
            "of its runs",
        ),
        None => {
            let runs = hours(&fails.processed_hours) + hours(&fails.failed_hours);
            (
                (runs > 0).then(|| failures as f64 / runs.max(failures) as f64),
                "of the fleet's runs",
            )
        }
    };
    let rate = match share {
        Some(share) => {
            let pct = share * 100.0;
            if pct < 1.0 {
                format!("{pct:.1} % {against}")
            } else {
                format!("{pct:.0} % {against}")
            }
        }
        None => {
            let per_hour = failures as f64 / ((w.now - first).max(60.0) / 3600.0);
            format!("{per_hour:.0} an hour")
        }
    };
    let origin = match dated_by {
        "process_start" => ", when this fleet started",
        "history" => ", History's oldest run",
        _ => "",
    };
    let last = p.last_failure().unwrap_or(first);
    let mut said = Timed::plain(format!(
        "{who} failing at a steady {rate} since the records begin at {}{origin} ({error}, {} in \
         the window; last ",
        zone.hm(begin, w.now),
        count_of(failures, "failure"),
    ));
    said.push_time(w.now, last);
    said.push_str(")");
    Some(Finding {
        id: format!("{}:{}", Kind::SteadyFailures.name(), p.fingerprint.id),
        kind: Kind::SteadyFailures,
        severity: Severity::Note,
        started_at: Onset::at(first, "first failure, at the start of the records"),
        summary: said.text,
        times: said.times,
        impact: failures,
        evidence: json!({
            "fingerprint": p.fingerprint.id,
            "error_class": (!p.fingerprint.error_class.is_empty()).then_some(&p.fingerprint.error_class),
            "pattern": p.fingerprint.pattern,
            "in_window": failures,
            "share": share.map(round),
            "share_of": if p.class_runs.is_some() { "class_runs" } else { "fleet_runs" },
            "class_successes": p.class_runs,
            "records_begin": { "at": begin, "from": dated_by },
            "first_failure": first,
            "last_failure": last,
            "classes": classes.iter().map(|(name, n)| json!({ "name": name, "count": n })).collect::<Vec<_>>(),
            "queues": p.queues.sorted().iter().map(|(name, n)| json!({ "name": name, "count": n })).collect::<Vec<_>>(),
            "sample_message": p.sample,
        }).into(),
        follows: Vec::new(),
        commands: commands_of(p, p.deaths.in_window, Stage::Ongoing),
        cause: format!("{who} failing steadily ({error})"),
    })
}
