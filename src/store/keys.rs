//! Every cogworker 0.8 key name (KEYS.md §2), built here and nowhere else.
//!
//! There is no configurable namespace: the names are literal. Two families carry no
//! `cogworker:` prefix at all (`status:<jid>` and `periodic:*`, KEYS.md §1.1).
//!
//! A key built from a name is a `Name` (bytes): queue names and identities need not be UTF-8.

use super::name::Name;

/// The cogworker data layout these keys belong to (`cogctl --version` names it).
pub const COGWORKER_DATA_VERSION: &str = "0.8";

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
/// cogctl's own audit trail (a stream): outside cogworker's keys, the gem never reads it.
pub const AUDIT: &str = "cogctl:audit";
/// cogctl's index of the changes it can undo (a sorted set of record ids, scored by the time
/// of the change). Every undo key starts with `cogctl:undo:`: never a key the gem reads.
pub const UNDO_INDEX: &str = "cogctl:undo:index";
const UNDO_PREFIX: &str = "cogctl:undo:";

/// cogctl's index of the processes it found dead and recovered (identity, scored by when),
/// each described by a [`lost`] hash: what the gem's recovery deletes (the last beat) and
/// what the process held, kept for `incident`.
pub const LOST_INDEX: &str = "cogctl:lost";
const LOST_PREFIX: &str = "cogctl:lost:";

/// What cogctl saw of one dead process as it recovered its list.
pub fn lost(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(LOST_PREFIX, identity.as_ref())
}

/// The hash that describes one undoable change (README "Undo").
pub fn undo_record(id: &str) -> Name {
    Name::from(format!("{UNDO_PREFIX}{id}"))
}

/// What every key of one undo record's before-image starts with (`<record>:`): the scripts
/// append the part's name (`z`, `cur`, `side`, `list`, …).
pub fn undo_parts(id: &str) -> Name {
    Name::from(format!("{UNDO_PREFIX}{id}:"))
}

/// The `SCAN MATCH` pattern of every key of one record (`*` for every record's keys).
pub fn undo_pattern(id: &str) -> String {
    format!("{UNDO_PREFIX}{id}*")
}

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

pub fn queue(name: impl AsRef<[u8]>) -> Name {
    Name::prefixed(QUEUE_PREFIX, name.as_ref())
}

/// The `SCAN MATCH` pattern of every queue list, for when `cogworker:queues` can't be read.
pub const QUEUE_PATTERN: &str = "cogworker:queue:*";
/// The `SCAN MATCH` pattern of every key of cogworker's.
pub const COGWORKER_PATTERN: &str = "cogworker:*";
/// SCAN pattern of the daily history buckets.
pub const HISTORY_DAILY_PATTERN: &str = "cogworker:history:daily:*";

/// The queue name of a queue list key found by `SCAN`.
pub fn queue_of_key(key: &Name) -> Option<Name> {
    key.strip_prefix(QUEUE_PREFIX)
}

/// The prefix the gem's scripts receive as ARGV to build queue keys inside Lua.
pub fn queue_prefix() -> &'static str {
    QUEUE_PREFIX
}

pub fn inprogress(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(INPROGRESS_PREFIX, identity.as_ref())
}

/// The identity of an in-progress list key found by `SCAN`, or `None` for any other key.
pub fn identity_of_inprogress(key: &Name) -> Option<Name> {
    key.strip_prefix(INPROGRESS_PREFIX)
}

pub fn orphanings(jid: impl AsRef<[u8]>) -> Name {
    Name::prefixed(ORPHANINGS_PREFIX, jid.as_ref())
}

pub fn orphanings_prefix() -> &'static str {
    ORPHANINGS_PREFIX
}

pub fn process(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(PROCESS_PREFIX, identity.as_ref())
}

pub fn workers(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(WORKERS_PREFIX, identity.as_ref())
}

pub fn memory(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(MEMORY_PREFIX, identity.as_ref())
}

/// A pub/sub channel, not a key (KEYS.md §3.18).
pub fn signal(identity: impl AsRef<[u8]>) -> Name {
    Name::prefixed(SIGNAL_PREFIX, identity.as_ref())
}

/// `hour` is floor(epoch seconds / 3600) (KEYS.md §3.20).
pub fn throughput(hour: i64) -> Name {
    Name::prefixed(THROUGHPUT_PREFIX, hour.to_string().as_bytes())
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
pub fn history_daily(date: impl AsRef<[u8]>) -> Name {
    Name::prefixed(HISTORY_DAILY_PREFIX, date.as_ref())
}

pub fn job_attempts(jid: impl AsRef<[u8]>) -> Name {
    Name::prefixed(JOB_ATTEMPTS_PREFIX, jid.as_ref())
}

/// The `SCAN MATCH` pattern of every job's attempts log (KEYS.md §3.23).
pub const JOB_ATTEMPTS_PATTERN: &str = "cogworker:job_attempts:*";

/// The jid of an attempts log key found by `SCAN`.
pub fn jid_of_attempts(key: &Name) -> Option<Name> {
    key.strip_prefix(JOB_ATTEMPTS_PREFIX)
}

pub fn status(jid: impl AsRef<[u8]>) -> Name {
    Name::prefixed(STATUS_PREFIX, jid.as_ref())
}

pub fn unique(digest: impl AsRef<[u8]>) -> Name {
    Name::prefixed(UNIQUE_PREFIX, digest.as_ref())
}

pub fn periodic_last_slot(pjid: impl AsRef<[u8]>) -> Name {
    Name::prefixed(PERIODIC_LAST_SLOT_PREFIX, pjid.as_ref())
}

pub fn periodic_lock(pjid: &str, slot: i64) -> Name {
    Name::from(format!("{PERIODIC_LOCK_PREFIX}{pjid}:{slot}"))
}

pub fn periodic_running(pjid: impl AsRef<[u8]>) -> Name {
    Name::prefixed(PERIODIC_RUNNING_PREFIX, pjid.as_ref())
}

pub fn periodic_running_prefix() -> &'static str {
    PERIODIC_RUNNING_PREFIX
}

/// Where KeyGuard renames a key of the wrong type (KEYS.md §3.31).
pub fn quarantine(key: impl AsRef<[u8]>, epoch_ms: i64, hex8: &str) -> Name {
    let mut name = quarantine_prefix(key).into_bytes();
    name.extend_from_slice(format!("{epoch_ms}:{hex8}").as_bytes());
    Name::new(name)
}

/// What every quarantined copy of `key` starts with.
pub fn quarantine_prefix(key: impl AsRef<[u8]>) -> Name {
    let mut name = Name::prefixed(QUARANTINE_PREFIX, key.as_ref()).into_bytes();
    name.push(b':');
    Name::new(name)
}

/// A daily history bucket (`cogworker:history:daily:<day>`), found by a scan.
pub fn is_history_daily(key: &[u8]) -> bool {
    key.starts_with(HISTORY_DAILY_PREFIX.as_bytes())
}

/// A job status hash of the Status middleware, found by a scan: `status:` followed by a jid
/// as the gem draws them (24 lowercase hex), so another application's `status:*` keys in the
/// same database don't count.
pub fn is_status(key: &[u8]) -> bool {
    key.strip_prefix(STATUS_PREFIX.as_bytes())
        .is_some_and(|jid| {
            jid.len() == 24
                && jid
                    .iter()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        })
}

/// A key KeyGuard (or orphan recovery, for unsettled records) moved to quarantine.
pub fn is_quarantine(key: &[u8]) -> bool {
    key.starts_with(QUARANTINE_PREFIX.as_bytes())
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
    pub fn from_key(key: impl AsRef<[u8]>) -> Option<JobSet> {
        JobSet::ALL
            .into_iter()
            .find(|set| set.key().as_bytes() == key.as_ref())
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
            identity_of_inprogress(&Name::from("cogworker:inprogress:vm:1:ab")),
            Some(Name::from("vm:1:ab"))
        );
        assert_eq!(
            identity_of_inprogress(&Name::from(INPROGRESS_IDENTITIES)),
            None
        );
        assert_eq!(queue(b"q\xff").as_bytes(), b"cogworker:queue:q\xff");
        assert_eq!(status("x"), "status:x");
        assert_eq!(periodic_lock("p", 17), "periodic:lock:p:17");
        assert_eq!(throughput(498946), "cogworker:throughput:498946");
        assert_eq!(JobSet::from_key("cogworker:dead"), Some(JobSet::Dead));
        assert_eq!(JobSet::from_key("cogworker:queues"), None);
    }

    #[test]
    fn families_found_by_a_scan() {
        assert!(is_history_daily(b"cogworker:history:daily:2026-12-01"));
        assert!(!is_history_daily(b"cogworker:history:all"));
        assert!(is_status(b"status:5c0f3e2a1b9d8c7e6f5a4b3c"));
        assert!(!is_status(b"status:online"));
        assert!(!is_status(b"status:5C0F3E2A1B9D8C7E6F5A4B3C"));
        assert!(is_quarantine(
            b"cogworker:quarantine:cogworker:retry:1:0a1b2c3d"
        ));
        assert!(is_quarantine(UNSETTLED_QUARANTINE.as_bytes()));
        assert!(!is_quarantine(b"cogworker:queue:quarantine"));
    }
}
