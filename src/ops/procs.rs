//! The processes: the registry, each one's liveness, beat, busy count and memory series.

use serde::Serialize;

use crate::ops::busy::millis;
use crate::ops::{Problem, read_registry};
use crate::store::{KeyType, Name, Reply, Store, StoreResult, keys, value};

pub const SLOT_SECONDS: i64 = keys::MEMORY_SLOT_SECONDS;

/// Slots the history is shown in: 24 h ending with the current one.
pub const SLOTS: usize = 96;

/// The most history members read per process; a healthy key holds at most 97.
const HISTORY_READ_LIMIT: usize = 1000;

/// The presence key's TTL at each beat: beat age = this − TTL when there is no stamp.
const PRESENCE_TTL: f64 = keys::ttl::PRESENCE as f64;
/// A live process whose last beat is older than this is late: processes beat every 5 s.
pub const LATE_BEAT: f64 = 15.0;
/// The gem's `orphan_threshold`: a process silent this long after its last beat is presumed
/// dead by orphan recovery, and its jobs are requeued.
pub const PRESUMED_DEAD_AFTER: f64 = 300.0;

/// Samples (2 h) a growth figure needs before it is coloured as a trend.
pub const TREND_SAMPLES: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// The presence key exists and the process is fetching.
    Alive,
    /// The presence key exists and the process has stopped fetching.
    Quiet,
    /// A key is there but could not be read (wrong type).
    Unknown,
    /// No presence key: the process stopped beating more than 60 s ago.
    Gone,
}

impl State {
    pub fn name(self) -> &'static str {
        match self {
            State::Alive => "alive",
            State::Quiet => "quiet",
            State::Unknown => "unknown",
            State::Gone => "gone",
        }
    }
}

#[derive(Debug, Serialize)]
pub struct QueueWeight {
    pub name: String,
    /// How many times the process lists it (its fetch weight).
    pub weight: usize,
}

#[derive(Debug, Serialize)]
pub struct Process {
    pub identity: Name,
    pub state: State,
    /// From `info`; for a gone process, from the identity (`<host>:<pid>:<random>`).
    pub hostname: Option<String>,
    pub pid: Option<i64>,
    /// Epoch seconds of the process's first beat.
    pub started_at: Option<f64>,
    pub concurrency: Option<i64>,
    /// Threads running a job at the last beat.
    pub busy: Option<i64>,
    /// Distinct queues, heaviest first.
    pub queues: Vec<QueueWeight>,
    pub quiet: Option<bool>,
    /// Resident memory at the last beat, KB (null when the process could not measure it). For
    /// a cogctl worker with long-running handlers, its own and theirs together.
    pub rss_kb: Option<i64>,
    /// A cogctl worker's long-running handler processes at the last beat, and their share of
    /// `rss_kb` (null for a process that doesn't report them, such as the gem's).
    pub handlers: Option<i64>,
    pub handlers_rss_kb: Option<i64>,
    /// The `cogworker:last_beat` stamp (Redis clock, epoch seconds); reliable fetch only.
    pub last_beat: Option<i64>,
    /// Milliseconds left on the presence key (null when it is gone or has no TTL).
    pub ttl_ms: Option<i64>,
    /// Seconds since the last beat: now − last_beat when stamped, else 60 − TTL.
    pub beat_age: Option<f64>,
    /// Which of the two `beat_age` came from: "last_beat" or "ttl".
    pub beat_age_from: Option<&'static str>,
    /// Alive (its presence key is there) but its beat is older than 15 s: killed, frozen or
    /// cut off, most likely.
    pub late: bool,
    /// When a late process's presence key expires, and the display stops showing it alive.
    pub gone_at: Option<f64>,
    /// When orphan recovery will presume a late process dead (its last beat plus the gem's
    /// default `orphan_threshold`, 300 s) and requeue its jobs, unless it beats first.
    pub presumed_dead_at: Option<f64>,
    /// Why `info` could not be read, when it could not (the other fields are then null).
    pub info_error: Option<String>,
    /// With --memory only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<Memory>,
}

/// A process's memory history laid out as the Workers tab does (KEYS.md §3.17).
#[derive(Debug, Serialize)]
pub struct Memory {
    /// Exactly 96 slots of 15 min, oldest first, the last one holding now.
    pub slots: Vec<Slot>,
    /// Slots with a reading.
    pub samples: usize,
    /// Members that are not a `<slot>:<kb>` reading on the 900 s grid of this window.
    pub skipped: usize,
    /// The newest reading and its slot.
    pub current_kb: Option<i64>,
    pub current_slot: Option<i64>,
    pub min_kb: Option<i64>,
    pub max_kb: Option<i64>,
    /// Least-squares slope of the readings present over time, in MB (1024 KB) per hour;
    /// null with fewer than two readings.
    pub growth_mb_per_hour: Option<f64>,
    /// Why the history could not be read (wrong type); the slots are then all null.
    pub error: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Slot {
    /// Start of the slot, epoch seconds (a multiple of 900).
    pub slot: i64,
    /// The highest RSS recorded in the slot, KB; null when there is none.
    pub kb: Option<i64>,
}

/// The start of the 15-minute slot holding `t`.
fn slot_of(t: f64) -> i64 {
    let t = t.floor() as i64;
    t - t.rem_euclid(SLOT_SECONDS)
}

/// `host` and `pid` of an identity `<host>:<pid>:<random>` (split on the last two colons,
/// since a hostname may hold one, KEYS.md §1.4).
fn split_identity(identity: &[u8]) -> (Option<String>, Option<i64>) {
    let mut parts = identity.rsplitn(3, |&b| b == b':');
    let _random = parts.next();
    let pid = parts
        .next()
        .and_then(|p| std::str::from_utf8(p).ok()?.parse().ok());
    (
        parts
            .next()
            .map(|h| String::from_utf8_lossy(h).into_owned()),
        pid,
    )
}

/// Every member of `cogworker:processes` as the Workers tab reads it (with its memory history
/// when `memory`), in one pipeline after the registry, sorted live first by host and pid.
/// Nothing is pruned.
pub fn read_processes(
    store: &mut Store,
    now: f64,
    memory: bool,
) -> StoreResult<(Vec<Process>, Vec<Problem>)> {
    let mut problems = Vec::new();
    let identities = read_registry(store, keys::PROCESSES, &mut problems)?;
    let mut processes = read_these(store, &identities, now, memory, &mut problems)?;
    processes.sort_by(|a, b| {
        let key = |p: &Process| {
            let (host, pid) = split_identity(&p.identity);
            (p.state == State::Gone, host, pid)
        };
        key(a)
            .cmp(&key(b))
            .then_with(|| a.identity.cmp(&b.identity))
    });
    Ok((processes, problems))
}

/// These processes, as [`read_processes`] reads each member of the registry, in one pipeline
/// (in the order given); what can't be read goes to `problems`.
pub fn read_these(
    store: &mut Store,
    identities: &[Name],
    now: f64,
    memory: bool,
    problems: &mut Vec<Problem>,
) -> StoreResult<Vec<Process>> {
    let first_slot = slot_of(now) - (SLOTS as i64 - 1) * SLOT_SECONDS;

    let per = if memory { 3 } else { 2 };
    let mut pipe = redis::pipe();
    for id in identities {
        pipe.cmd("HGETALL").arg(keys::process(id));
        pipe.cmd("PTTL").arg(keys::process(id));
        if memory {
            pipe.cmd("ZRANGEBYSCORE")
                .arg(keys::memory(id))
                .arg(first_slot)
                .arg("+inf")
                .arg("LIMIT")
                .arg(0)
                .arg(HISTORY_READ_LIMIT);
        }
    }
    if !identities.is_empty() {
        pipe.cmd("HMGET").arg(keys::LAST_BEAT).arg(identities);
    }
    let replies = store.pipeline(&pipe)?;

    let stamps: Vec<Option<i64>> = match replies.last() {
        Some(Ok(v)) => value::items(v).iter().map(value::int).collect(),
        Some(Err(e)) => {
            problems.push(Problem::wrong(keys::LAST_BEAT, KeyType::Hash, e));
            Vec::new()
        }
        None => Vec::new(),
    };

    let mut processes = Vec::with_capacity(identities.len());
    for (i, (id, replies)) in identities.iter().zip(replies.chunks(per)).enumerate() {
        let last_beat = stamps.get(i).copied().flatten();
        let mut process = read_process(id, &replies[0], &replies[1], last_beat, now, problems);
        if let Err(e) = &replies[0] {
            problems.push(Problem::wrong(keys::process(id), KeyType::Hash, e));
        }
        if memory {
            let history = match &replies[2] {
                Ok(v) => Memory::layout(value::items(v), first_slot),
                Err(e) => {
                    let problem = Problem::wrong(keys::memory(id), KeyType::Zset, e);
                    let memory = Memory::unreadable(first_slot, &problem.error);
                    problems.push(problem);
                    memory
                }
            };
            process.memory = Some(history);
        }
        processes.push(process);
    }
    Ok(processes)
}

fn read_process(
    identity: &Name,
    hash: &Reply,
    pttl: &Reply,
    last_beat: Option<i64>,
    now: f64,
    problems: &mut Vec<Problem>,
) -> Process {
    let (id_host, id_pid) = split_identity(identity);
    let mut p = Process {
        identity: identity.clone(),
        state: State::Gone,
        hostname: id_host,
        pid: id_pid,
        started_at: None,
        concurrency: None,
        busy: None,
        queues: Vec::new(),
        quiet: None,
        rss_kb: None,
        handlers: None,
        handlers_rss_kb: None,
        last_beat,
        ttl_ms: pttl.as_ref().ok().and_then(value::int).filter(|&t| t >= 0),
        beat_age: None,
        beat_age_from: None,
        late: false,
        gone_at: None,
        presumed_dead_at: None,
        info_error: None,
        memory: None,
    };
    match hash {
        Err(_) => p.state = State::Unknown,
        Ok(v) => {
            let fields = value::pairs(v);
            if !fields.is_empty() {
                let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
                if let Some(stored) = field("busy") {
                    let busy = value::counter_text(stored);
                    if let Some(error) = busy.problem() {
                        problems.push(Problem {
                            key: keys::process(identity),
                            error: format!("its busy field {error}"),
                        });
                    }
                    p.busy = busy.number().as_i64();
                }
                p.quiet = field("quiet").and_then(|q| match q.as_slice() {
                    b"true" => Some(true),
                    b"false" => Some(false),
                    _ => None,
                });
                p.state = if p.quiet == Some(true) {
                    State::Quiet
                } else {
                    State::Alive
                };
                match field("info").map(|raw| read_info(raw, &mut p)) {
                    Some(Ok(())) => {}
                    Some(Err(e)) => p.info_error = Some(e),
                    None => p.info_error = Some("the process hash has no info field".into()),
                }
            }
        }
    }
    if let Some(stamp) = last_beat {
        p.beat_age = Some(millis((now - stamp as f64).max(0.0)));
        p.beat_age_from = Some("last_beat");
    } else if let (Some(ttl), State::Alive | State::Quiet) = (p.ttl_ms, p.state) {
        p.beat_age = Some(millis((PRESENCE_TTL - ttl as f64 / 1000.0).max(0.0)));
        p.beat_age_from = Some("ttl");
    }
    if let (Some(age), State::Alive | State::Quiet) = (p.beat_age, p.state)
        && age > LATE_BEAT
    {
        p.late = true;
        p.gone_at = p.ttl_ms.map(|ttl| millis(now + ttl as f64 / 1000.0));
        p.presumed_dead_at = Some(millis(now - age + PRESUMED_DEAD_AFTER));
    }
    p
}

/// Fill `p` from the `info` JSON (KEYS.md §3.15). A field of an unexpected type stays null.
fn read_info(raw: &[u8], p: &mut Process) -> Result<(), String> {
    let info: serde_json::Value =
        serde_json::from_slice(raw).map_err(|e| format!("info is not JSON ({e})"))?;
    let info = info
        .as_object()
        .ok_or_else(|| "info is not a JSON object".to_string())?;
    if let Some(host) = info.get("hostname").and_then(|h| h.as_str()) {
        p.hostname = Some(host.to_string());
    }
    if let Some(pid) = info.get("pid").and_then(|v| v.as_i64()) {
        p.pid = Some(pid);
    }
    p.concurrency = info.get("concurrency").and_then(|v| v.as_i64());
    p.started_at = info.get("started_at").and_then(|v| v.as_f64());
    p.rss_kb = info.get("rss_kb").and_then(|v| v.as_i64());
    p.handlers = info.get("handlers").and_then(|v| v.as_i64());
    p.handlers_rss_kb = info.get("handlers_rss_kb").and_then(|v| v.as_i64());
    let names: Vec<&str> = info
        .get("queues")
        .and_then(|q| q.as_array())
        .map(|q| q.iter().filter_map(|n| n.as_str()).collect())
        .unwrap_or_default();
    p.queues = weights(&names);
    Ok(())
}

/// `["default","critical","critical"]` → critical ×2, default: heaviest first, then by name.
fn weights(names: &[&str]) -> Vec<QueueWeight> {
    let mut out: Vec<QueueWeight> = Vec::new();
    for name in names {
        match out.iter_mut().find(|q| q.name == *name) {
            Some(q) => q.weight += 1,
            None => out.push(QueueWeight {
                name: name.to_string(),
                weight: 1,
            }),
        }
    }
    out.sort_by(|a, b| b.weight.cmp(&a.weight).then_with(|| a.name.cmp(&b.name)));
    out
}

impl Memory {
    fn empty(first_slot: i64) -> Memory {
        Memory {
            slots: (0..SLOTS as i64)
                .map(|i| Slot {
                    slot: first_slot + i * SLOT_SECONDS,
                    kb: None,
                })
                .collect(),
            samples: 0,
            skipped: 0,
            current_kb: None,
            current_slot: None,
            min_kb: None,
            max_kb: None,
            growth_mb_per_hour: None,
            error: None,
        }
    }

    fn unreadable(first_slot: i64, error: &str) -> Memory {
        Memory {
            error: Some(error.to_string()),
            ..Memory::empty(first_slot)
        }
    }

    /// The members of `ZRANGEBYSCORE <key> <first_slot> +inf` in 96 slots: each member is
    /// split at its first `:` into slot and KB; one that doesn't read so, is off the grid
    /// or outside the window is skipped and counted.
    fn layout(members: &[redis::Value], first_slot: i64) -> Memory {
        let mut m = Memory::empty(first_slot);
        for member in members {
            let reading = value::string(member).and_then(|s| {
                let (slot, kb) = s.split_once(':')?;
                let (slot, kb) = (slot.parse::<i64>().ok()?, kb.parse::<i64>().ok()?);
                let offset = slot.checked_sub(first_slot)?;
                let index = usize::try_from(offset / SLOT_SECONDS).ok()?;
                (kb >= 0 && offset % SLOT_SECONDS == 0 && index < SLOTS).then_some((index, kb))
            });
            match reading {
                Some((index, kb)) => {
                    let cell = &mut m.slots[index].kb;
                    *cell = Some(cell.map_or(kb, |old| old.max(kb)));
                }
                None => m.skipped += 1,
            }
        }
        let present: Vec<(i64, i64)> = m
            .slots
            .iter()
            .filter_map(|s| Some((s.slot, s.kb?)))
            .collect();
        m.samples = present.len();
        m.current_slot = present.last().map(|&(slot, _)| slot);
        m.current_kb = present.last().map(|&(_, kb)| kb);
        m.min_kb = present.iter().map(|&(_, kb)| kb).min();
        m.max_kb = present.iter().map(|&(_, kb)| kb).max();
        m.growth_mb_per_hour = slope_mb_per_hour(&present);
        m
    }

    pub fn series(&self) -> Vec<Option<i64>> {
        self.slots.iter().map(|s| s.kb).collect()
    }
}

/// Least-squares slope of (slot seconds, KB) readings, in MB per hour.
pub fn slope_mb_per_hour(points: &[(i64, i64)]) -> Option<f64> {
    if points.len() < 2 {
        return None;
    }
    let n = points.len() as f64;
    let hours = |t: i64| (t - points[0].0) as f64 / 3600.0;
    let mb = |kb: i64| kb as f64 / 1024.0;
    let mean_x = points.iter().map(|&(t, _)| hours(t)).sum::<f64>() / n;
    let mean_y = points.iter().map(|&(_, kb)| mb(kb)).sum::<f64>() / n;
    let (mut num, mut den) = (0.0, 0.0);
    for &(t, kb) in points {
        let dx = hours(t) - mean_x;
        num += dx * (mb(kb) - mean_y);
        den += dx * dx;
    }
    (den > 0.0).then(|| num / den)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redis::Value;

    fn members(items: &[&str]) -> Vec<Value> {
        items
            .iter()
            .map(|s| Value::BulkString(s.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn slots_are_15_minute_multiples() {
        assert_eq!(slot_of(1796208054.182), 1796207400);
        assert_eq!(slot_of(1796207400.0), 1796207400);
    }

    #[test]
    fn history_layout_skips_what_it_cannot_read() {
        let first = 1796207400 - 95 * 900;
        let m = Memory::layout(
            &members(&[
                "garbage",
                "123:abc",
                "1796207401:5",
                &format!("{}:1", first - 900),
                &format!("{first}:100"),
                "1796207400:300",
                "1796207400:200",
                "1796208300:999",
            ]),
            first,
        );
        assert_eq!(m.slots.len(), 96);
        assert_eq!(m.skipped, 5);
        assert_eq!(m.samples, 2);
        assert_eq!(m.slots[0].kb, Some(100));
        assert_eq!(m.slots[95].slot, 1796207400);
        assert_eq!(m.slots[95].kb, Some(300));
        assert_eq!(m.current_kb, Some(300));
        assert_eq!((m.min_kb, m.max_kb), (Some(100), Some(300)));
    }

    #[test]
    fn growth_is_a_least_squares_slope_in_mb_per_hour() {
        let points: Vec<(i64, i64)> = (0..8).map(|i| (i * 900, 1000 + i * 256)).collect();
        let g = slope_mb_per_hour(&points).unwrap();
        assert!((g - 1.0).abs() < 1e-9, "{g}");
        assert_eq!(slope_mb_per_hour(&points[..1]), None);
    }

    #[test]
    fn identities_and_weights() {
        assert_eq!(
            split_identity(b"vm:29128:32e9242b5029"),
            (Some("vm".into()), Some(29128))
        );
        assert_eq!(split_identity(b"a:b:1:ff"), (Some("a:b".into()), Some(1)));
        let w = weights(&["default", "critical", "critical", "mail-out"]);
        let w: Vec<_> = w.iter().map(|q| (q.name.as_str(), q.weight)).collect();
        assert_eq!(w, [("critical", 2), ("default", 1), ("mail-out", 1)]);
    }
}
