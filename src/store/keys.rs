//! Every cogworker 0.8 key name (KEYS.md §2), built here and nowhere else.
//!
//! There is no configurable namespace: the names are literal. Two families carry no
//! `cogworker:` prefix at all (`status:<jid>` and `periodic:*`, KEYS.md §1.1).

pub const QUEUES: &str = "cogworker:queues";
pub const PAUSED_QUEUES: &str = "cogworker:paused_queues";
pub const LIVE_QUEUES: &str = "cogworker:live_queues";
pub const SCHEDULE: &str = "cogworker:schedule";
pub const RETRY: &str = "cogworker:retry";
pub const DEAD: &str = "cogworker:dead";
pub const INPROGRESS_IDENTITIES: &str = "cogworker:inprogress_identities";
pub const LAST_BEAT: &str = "cogworker:last_beat";
pub const REPEAT_ORPHANS: &str = "cogworker:repeat_orphans";
pub const UNSETTLED: &str = "cogworker:unsettled";
pub const UNSETTLED_QUARANTINE: &str = "cogworker:quarantine:cogworker:unsettled:records";
pub const PROCESSES: &str = "cogworker:processes";
pub const STATS_PROCESSED: &str = "cogworker:stats:processed";
pub const STATS_FAILED: &str = "cogworker:stats:failed";
pub const HISTORY_ALL: &str = "cogworker:history:all";
pub const HISTORY_SUCCESS: &str = "cogworker:history:success";
pub const HISTORY_FAILED: &str = "cogworker:history:failed";
pub const PERIODIC_SCHEDULE: &str = "periodic:schedule";
pub const PERIODIC_DISABLED: &str = "periodic:disabled";

const QUEUE_PREFIX: &str = "cogworker:queue:";
const INPROGRESS_PREFIX: &str = "cogworker:inprogress:";
const ORPHANINGS_PREFIX: &str = "cogworker:orphanings:";
const PROCESS_PREFIX: &str = "cogworker:process:";
const WORKERS_PREFIX: &str = "cogworker:workers:";
const MEMORY_PREFIX: &str = "cogworker:memory:";
const SIGNAL_PREFIX: &str = "cogworker:signal:";
const THROUGHPUT_PREFIX: &str = "cogworker:throughput:";
const HISTORY_DAILY_PREFIX: &str = "cogworker:history:daily:";
const JOB_ATTEMPTS_PREFIX: &str = "cogworker:job_attempts:";
const STATUS_PREFIX: &str = "status:";
const UNIQUE_PREFIX: &str = "cogworker:unique:";
const PERIODIC_LAST_SLOT_PREFIX: &str = "periodic:last_slot:";
const PERIODIC_LOCK_PREFIX: &str = "periodic:lock:";
const PERIODIC_RUNNING_PREFIX: &str = "periodic:running:";
const QUARANTINE_PREFIX: &str = "cogworker:quarantine:";

/// The `SCAN MATCH` pattern of every in-progress list (OPERATIONS §8.3). It does not match
/// `cogworker:inprogress_identities`, whose next character is `_`.
pub const INPROGRESS_PATTERN: &str = "cogworker:inprogress:*";

pub fn queue(name: &str) -> String {
    format!("{QUEUE_PREFIX}{name}")
}

/// The prefix the gem's scripts receive as ARGV to build queue keys inside Lua.
pub fn queue_prefix() -> &'static str {
    QUEUE_PREFIX
}

pub fn inprogress(identity: &str) -> String {
    format!("{INPROGRESS_PREFIX}{identity}")
}

/// The identity of an in-progress list key found by `SCAN`, or `None` for any other key.
pub fn identity_of_inprogress(key: &str) -> Option<&str> {
    key.strip_prefix(INPROGRESS_PREFIX)
}

pub fn orphanings(jid: &str) -> String {
    format!("{ORPHANINGS_PREFIX}{jid}")
}

pub fn orphanings_prefix() -> &'static str {
    ORPHANINGS_PREFIX
}

pub fn process(identity: &str) -> String {
    format!("{PROCESS_PREFIX}{identity}")
}

pub fn workers(identity: &str) -> String {
    format!("{WORKERS_PREFIX}{identity}")
}

pub fn memory(identity: &str) -> String {
    format!("{MEMORY_PREFIX}{identity}")
}

/// A pub/sub channel, not a key (KEYS.md §3.18).
pub fn signal(identity: &str) -> String {
    format!("{SIGNAL_PREFIX}{identity}")
}

/// `hour` is floor(epoch seconds / 3600) (KEYS.md §3.20).
pub fn throughput(hour: i64) -> String {
    format!("{THROUGHPUT_PREFIX}{hour}")
}

/// The gem's per-hour throughput count (OPERATIONS §5.3): `HINCRBY` of `field`
/// (`processed` or `failed`) in the bucket of the hour of `now`, then its TTL renewed.
pub fn count_throughput(pipe: &mut redis::Pipeline, now: f64, field: &str) {
    let bucket = throughput((now.floor() as i64).div_euclid(3600));
    pipe.cmd("HINCRBY").arg(&bucket).arg(field).arg(1).ignore();
    pipe.cmd("EXPIRE")
        .arg(&bucket)
        .arg(ttl::THROUGHPUT)
        .ignore();
}

/// How long the gem keeps what it writes, in seconds (OPERATIONS §1.4).
pub mod ttl {
    /// A throughput bucket, from its last increment.
    pub const THROUGHPUT: u64 = 90_000;
    /// A periodic running lock retaken when its job is requeued.
    pub const REQUEUED_LOCK: u64 = 86_400;
    /// A quarantined key or record.
    pub const QUARANTINE: u64 = 2_592_000;
    /// A process's presence hash, from its last beat.
    pub const PRESENCE: u64 = 60;
}

/// Seconds per memory-history slot (KEYS.md §5.6).
pub const MEMORY_SLOT_SECONDS: i64 = 900;

/// `date` is a UTC calendar date `YYYY-MM-DD` (KEYS.md §3.22).
pub fn history_daily(date: &str) -> String {
    format!("{HISTORY_DAILY_PREFIX}{date}")
}

pub fn job_attempts(jid: &str) -> String {
    format!("{JOB_ATTEMPTS_PREFIX}{jid}")
}

pub fn status(jid: &str) -> String {
    format!("{STATUS_PREFIX}{jid}")
}

pub fn unique(digest: &str) -> String {
    format!("{UNIQUE_PREFIX}{digest}")
}

pub fn periodic_last_slot(pjid: &str) -> String {
    format!("{PERIODIC_LAST_SLOT_PREFIX}{pjid}")
}

pub fn periodic_lock(pjid: &str, slot: i64) -> String {
    format!("{PERIODIC_LOCK_PREFIX}{pjid}:{slot}")
}

pub fn periodic_running(pjid: &str) -> String {
    format!("{PERIODIC_RUNNING_PREFIX}{pjid}")
}

pub fn periodic_running_prefix() -> &'static str {
    PERIODIC_RUNNING_PREFIX
}

/// Where KeyGuard renames a key of the wrong type (KEYS.md §3.31).
pub fn quarantine(key: &str, epoch_ms: i64, hex8: &str) -> String {
    format!("{}{epoch_ms}:{hex8}", quarantine_prefix(key))
}

/// What every quarantined copy of `key` starts with.
pub fn quarantine_prefix(key: &str) -> String {
    format!("{QUARANTINE_PREFIX}{key}:")
}

/// One of the three sorted sets of jobs waiting for a time (KEYS.md §3.5–§3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JobSet {
    Schedule,
    Retry,
    Dead,
}

impl JobSet {
    pub const ALL: [JobSet; 3] = [JobSet::Schedule, JobSet::Retry, JobSet::Dead];

    pub fn key(self) -> &'static str {
        match self {
            JobSet::Schedule => SCHEDULE,
            JobSet::Retry => RETRY,
            JobSet::Dead => DEAD,
        }
    }

    /// The set a full key names, as `cogworker:unsettled` records name their target.
    pub fn from_key(key: &str) -> Option<JobSet> {
        JobSet::ALL.into_iter().find(|set| set.key() == key)
    }

    /// How people call it: the word the commands use.
    pub fn name(self) -> &'static str {
        match self {
            JobSet::Schedule => "scheduled",
            JobSet::Retry => "retry",
            JobSet::Dead => "dead",
        }
    }
}

/// The Redis type KeyGuard expects for a key (KEYS.md §3.31); commands name it in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyType {
    String,
    List,
    Set,
    Zset,
    Hash,
}

impl KeyType {
    pub fn name(self) -> &'static str {
        match self {
            KeyType::String => "string",
            KeyType::List => "list",
            KeyType::Set => "set",
            KeyType::Zset => "zset",
            KeyType::Hash => "hash",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_catalogue() {
        assert_eq!(queue("mail-out"), "cogworker:queue:mail-out");
        assert_eq!(inprogress("vm:1:ab"), "cogworker:inprogress:vm:1:ab");
        assert_eq!(
            identity_of_inprogress("cogworker:inprogress:vm:1:ab"),
            Some("vm:1:ab")
        );
        assert_eq!(identity_of_inprogress(INPROGRESS_IDENTITIES), None);
        assert_eq!(status("x"), "status:x");
        assert_eq!(periodic_lock("p", 17), "periodic:lock:p:17");
        assert_eq!(throughput(498946), "cogworker:throughput:498946");
        assert_eq!(JobSet::from_key("cogworker:dead"), Some(JobSet::Dead));
        assert_eq!(JobSet::from_key("cogworker:queues"), None);
    }
}
