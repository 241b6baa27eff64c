//! Redis' own state: memory, evictions, persistence.

use super::*;

pub(super) fn redis(r: &Read, fails: &Failures, out: &mut Vec<Finding>) {
    let jobs =
        r.queues.iter().map(|q| q.size).sum::<u64>() + fails.sources.retry + fails.sources.dead;
    for f in &r.redis {
        let name = f.id.trim_start_matches("redis.");
        out.push(Finding {
            id: format!("redis:{name}"),
            kind: Kind::Redis,
            severity: if f.severity == doctor::Severity::Fail {
                Severity::Fail
            } else {
                Severity::Warn
            },
            started_at: Onset::unknown("a server setting or state: Redis doesn't date it"),
            summary: format!("Redis: {}", f.title),
            impact: jobs,
            evidence: json!({
                "doctor_id": f.id,
                "seen": f.seen,
                "fix": f.fix,
                "data": f.data,
            })
            .into(),
            follows: Vec::new(),
            commands: vec!["cogctl doctor".into()],
            times: Vec::new(),
            cause: format!("Redis: {}", f.title),
        });
    }
}
