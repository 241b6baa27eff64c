//! The locks a job holds (KEYS.md §6.6, §6.7): its unique lock when `unique` is
//! `until_executed`, and its periodic running lock when it carries `periodic_pjid`. The value
//! of each is the owning jid, so every release is owner-checked inside a script.

use super::job::{Job, sha1_hex};
use super::keys;

/// The unique digest: SHA-1 of `<class>|<queue>|<args JSON exactly as stored>` (the gem's
/// payloads are compact, so the stored args text is Ruby's JSON of the args).
pub fn unique_digest(class: &str, queue: &str, args_json: &str) -> String {
    sha1_hex(format!("{class}|{queue}|{args_json}").as_bytes())
}

/// The lock keys `job` may own (none for a job without either lock).
pub fn lock_keys(job: &Job<'_>) -> Vec<String> {
    let mut locks = Vec::new();
    if job.get_str("unique").as_deref() == Some("until_executed") {
        if let Some(class) = job.class.as_deref() {
            let queue = job.queue.as_deref().unwrap_or("default");
            let args = job.args.map_or("[]", |a| a.get());
            locks.push(keys::unique(&unique_digest(class, queue, args)));
        }
    }
    if let Some(pjid) = job.get_str("periodic_pjid") {
        locks.push(keys::periodic_running(&pjid));
    }
    locks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_of_the_spec_example() {
        assert_eq!(
            unique_digest("ReportJob", "low", r#"[42,"weekly"]"#),
            "bb87136471c9dd791921be9c33bc72b517c859ec"
        );
    }

    #[test]
    fn lock_keys_of_a_unique_and_a_periodic_job() {
        let raw = br#"{"queue":"low","retry":5,"unique":"until_executed","class":"ReportJob","args":[42,"weekly"],"jid":"9b7011c70297f64fc89df29a"}"#;
        let job = Job::parse(raw).unwrap();
        assert_eq!(
            lock_keys(&job),
            ["cogworker:unique:bb87136471c9dd791921be9c33bc72b517c859ec"]
        );
        let raw = br#"{"class":"HourlyJob","args":[{"a":1}],"retry":0,"periodic_pjid":"15652dd44e14188006ad385aec16d8de4124b97a","jid":"6ffb2739d1027a026a4c90b1"}"#;
        let job = Job::parse(raw).unwrap();
        assert_eq!(
            lock_keys(&job),
            ["periodic:running:15652dd44e14188006ad385aec16d8de4124b97a"]
        );
    }
}
