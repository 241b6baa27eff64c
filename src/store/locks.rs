//! The locks a stored job may hold (KEYS.md §6.6, §6.7), for actions that end a job by hand
//! (delete, kill) and release them owner-checked: a deleted job must not keep blocking its
//! duplicates, or its periodic entry, for a day.

use super::job::{Job, sha1_hex};
use super::{Name, keys};

/// The `unique` value that takes a lock (compared as a string, KEYS.md §6.6).
const UNTIL_EXECUTED: &str = "until_executed";

/// The queue a job without one is pushed to; the digest hashes the normalised queue.
const DEFAULT_QUEUE: &str = "default";

/// The lock keys `job` may own: `cogworker:unique:<digest>` when its `unique` is
/// `until_executed`, `periodic:running:<periodic_pjid>` when it is a periodic run. Each is
/// only ever released after checking that its value is the job's jid.
///
/// The digest hashes the args exactly as stored: the gem writes compact JSON, so that text
/// is Ruby's `args.to_json`. A payload re-encoded by another writer (with spaces, say) may
/// hash differently from what the gem computes; the owner check makes that harmless (the
/// lock is then simply not found).
pub fn lock_keys(job: &Job<'_>) -> Vec<Name> {
    let mut locks = Vec::new();
    if job.get_str("unique").as_deref() == Some(UNTIL_EXECUTED) {
        locks.push(keys::unique(unique_digest(job)));
    }
    if let Some(pjid) = job.get_str("periodic_pjid").filter(|p| !p.is_empty()) {
        locks.push(keys::periodic_running(pjid.as_bytes()));
    }
    locks
}

/// `sha1("<class>|<queue>|<args JSON>")` in lowercase hex (KEYS.md §6.6).
pub fn unique_digest(job: &Job<'_>) -> String {
    let class = job.class.as_deref().unwrap_or("");
    let queue = job.queue.as_deref().unwrap_or(DEFAULT_QUEUE);
    // A push fills in `[]` before the unique middleware runs.
    let args = job.args.map_or("[]", |a| a.get());
    sha1_hex(format!("{class}|{queue}|{args}").as_bytes())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::Value;

    use super::*;
    use crate::fixture::Fixture;

    fn fixture(name: &str) -> Fixture {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(format!("{name}.json"));
        Fixture::read(&path).unwrap()
    }

    /// Every stored job of the fixture (queues and sorted sets) with the locks the gem
    /// wrote, as (lock key, owning jid).
    fn jobs_and_locks(f: &Fixture) -> (Vec<String>, Vec<(String, String)>) {
        let mut jobs = Vec::new();
        let mut locks = Vec::new();
        for k in &f.keys {
            match (&k.value, k.kind.as_str()) {
                (Value::String(jid), "string") if k.key.starts_with("cogworker:unique:") => {
                    locks.push((k.key.clone(), jid.clone()));
                }
                (Value::Array(items), "list") if k.key.starts_with("cogworker:queue:") => {
                    jobs.extend(items.iter().map(|v| v.as_str().unwrap().to_string()));
                }
                (Value::Array(items), "zset") if keys::JobSet::from_key(&k.key).is_some() => {
                    jobs.extend(items.iter().map(|p| p[0].as_str().unwrap().to_string()));
                }
                _ => {}
            }
        }
        (jobs, locks)
    }

    #[test]
    fn every_lock_of_the_unique_fixture_is_found_from_its_stored_job() {
        for name in ["unique", "incident"] {
            let f = fixture(name);
            let (jobs, locks) = jobs_and_locks(&f);
            assert!(!locks.is_empty());
            for (lock, owner) in &locks {
                let holder = jobs
                    .iter()
                    .find(|raw| Job::parse(raw.as_bytes()).unwrap().jid.as_deref() == Some(owner))
                    .unwrap_or_else(|| panic!("{name}: no job {owner}"));
                let job = Job::parse(holder.as_bytes()).unwrap();
                assert_eq!(lock_keys(&job), vec![Name::from(lock)], "{name}: {holder}");
            }
            // Jobs without `unique` (the fixtures' plain EchoJobs) hold nothing.
            for raw in &jobs {
                let job = Job::parse(raw.as_bytes()).unwrap();
                if !raw.contains("\"unique\":\"until_executed\"") {
                    assert!(lock_keys(&job).is_empty(), "{raw}");
                }
            }
        }
    }

    #[test]
    fn the_documented_digest() {
        let job = Job::parse(br#"{"class":"ReportJob","queue":"low","args":[42,"weekly"],"unique":"until_executed","jid":"7e6d5c4b3a2918070f1e2d3c"}"#).unwrap();
        assert_eq!(
            lock_keys(&job),
            ["cogworker:unique:bb87136471c9dd791921be9c33bc72b517c859ec"]
        );
    }

    #[test]
    fn a_periodic_run_names_its_running_lock() {
        let job = Job::parse(br#"{"class":"HourlyCleanupJob","args":[],"retry":0,"periodic_pjid":"9104b90cb8b0a08e3b3e3c944e6d62618c3f46e3","periodic_slot":1733130000,"jid":"d4c3b2a1f0e9d8c7b6a59483","queue":"default"}"#).unwrap();
        assert_eq!(
            lock_keys(&job),
            ["periodic:running:9104b90cb8b0a08e3b3e3c944e6d62618c3f46e3"]
        );
        let other = Job::parse(br#"{"class":"X","args":[],"unique":"while_executing"}"#).unwrap();
        assert!(lock_keys(&other).is_empty());
    }
}
