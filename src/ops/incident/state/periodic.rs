//! Periodic entries that did not run when due.

use super::*;

pub(super) fn periodic(zone: &Zone, w: &Window, r: &Read, out: &mut Vec<Finding>) {
    for d in r.periodic.iter().filter(|d| d.delay > PERIODIC_GRACE) {
        let pjid = d.pjid.shown().into_owned();
        let short: String = pjid.chars().take(12).collect();
        let due = w.now - d.delay;
        out.push(Finding {
            id: format!("periodic_late:{short}"),
            kind: Kind::PeriodicLate,
            severity: Severity::Warn,
            started_at: Onset::at(due, "the first slot it missed"),
            summary: format!(
                "periodic {} ({short}) late by {}, due at {}{}",
                d.class,
                span(d.delay),
                zone.hm(due, w.now),
                match &d.locked_by {
                    Some(jid) => format!(", held by its run lock ({jid})"),
                    None => String::new(),
                }
            ),
            impact: 1,
            evidence: json!({
                "pjid": d.pjid,
                "class": d.class,
                "late_seconds": round(d.delay),
                "last_slot": d.last_slot,
                "locked_by": d.locked_by,
            })
            .into(),
            follows: Vec::new(),
            commands: vec![
                format!("cogctl periodic show {short}"),
                format!("cogctl periodic run-now {short}"),
            ],
            times: Vec::new(),
            cause: format!("periodic {} went late", d.class),
        });
    }
}
