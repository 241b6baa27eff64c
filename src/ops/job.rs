//! A job wherever it is (`cogctl job JID`, and the console's entry view).
//!
//! A job can legitimately be in more than one place (dead, and still on the in-progress list
//! of a process that died while filing it), so every place is searched and every sighting
//! reported. Sorted sets are searched with `ZSCAN … MATCH *"jid":"<jid>"*`, lists in
//! bounded pages with the same substring as a pre-filter: both rely on the compact JSON the
//! gem writes (KEYS.md §1.2), and every candidate is parsed to confirm its jid.

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Number, Value};

use crate::clock::rfc3339;
use crate::ops::Problem;
use crate::store::find;
use crate::store::job::Job;
use crate::store::liveness::{self, DEFAULT_THRESHOLD, ListState, Liveness};
use crate::store::page::{Score, ZEntry};
use crate::store::unsettled::parse_record;
use crate::store::{JobSet, KeyType, Name, Store, StoreResult, keys, value};

/// Attempts read from the end of a log (the gem keeps 25).
const ATTEMPTS_READ: i64 = 100;

#[derive(Debug, Serialize)]
pub struct JobReport {
    pub jid: String,
    /// Whether the job was found anywhere.
    pub found: bool,
    /// For `dead show` / `retry show` / `scheduled show`: the set asked about.
    pub expected: Option<&'static str>,
    /// Every place the job is, in search order.
    pub locations: Vec<Location>,
    /// Where `payload` was read from (the expected set when the job is there, else the
    /// first location).
    pub payload_from: Option<&'static str>,
    /// The job as stored there, byte for byte (every field in stored order, numbers and
    /// strings as written); null when it is not JSON.
    pub payload: Option<Box<RawValue>>,
    /// The failure timeline (cogworker:job_attempts:<jid>), oldest first.
    pub attempts: Vec<Attempt>,
    /// Entries in the attempts log (only the last 100 are read).
    pub attempts_total: u64,
    /// Its finished runs from `cogworker:history:all` (the History middleware, opt-in),
    /// oldest first.
    pub runs: Vec<FinishedRun>,
    /// Whether any run history exists in this Redis (false: the middleware isn't enabled).
    pub history: bool,
    /// Its `status:<jid>` hash (the Status middleware, opt-in), fields in stored order, with
    /// the hash's TTL in seconds; null when there is none.
    pub status: Option<StatusHash>,
    pub searched: Searched,
    /// Whether the backtraces of its failed runs are shown (`--backtrace`).
    #[serde(skip)]
    pub show_backtrace: bool,
    pub problems: Vec<Problem>,
}

/// One place the job is. `member` is always the raw stored string.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Location {
    /// Waiting on a queue.
    Queue {
        queue: Name,
        /// Index from the head (the LPUSH end; 0 = last in line).
        index: u64,
        /// Jobs that run before it (0 = next to run).
        ahead: u64,
        /// The queue's length when it was read.
        length: u64,
        member: String,
    },
    /// On a process's in-progress list.
    InProgress {
        identity: Name,
        /// The owner as orphan recovery judges it (default threshold 300 s).
        owner: Option<Liveness>,
        /// When the job started, from the owner's workers hash (stale when the owner is dead).
        run_at: Option<i64>,
        index: u64,
        member: String,
    },
    Scheduled {
        score: Option<Number>,
        /// The score as RFC 3339: when it is due.
        time: String,
        member: String,
    },
    Retry {
        score: Option<Number>,
        /// When the next attempt is due.
        time: String,
        member: String,
    },
    Dead {
        score: Option<Number>,
        /// When it died.
        time: String,
        member: String,
    },
    /// In a record of cogworker:unsettled, waiting to be filed.
    Unsettled {
        position: u64,
        /// The set the record files the job into.
        set: Option<String>,
        score: Option<Number>,
        time: Option<String>,
        valid: bool,
        /// Why the record would be quarantined instead of filed.
        reason: Option<String>,
        /// The whole record.
        member: String,
    },
    /// Parked on cogworker:repeat_orphans, to be buried in dead.
    RepeatOrphan { position: u64, member: String },
}

impl Location {
    pub fn kind(&self) -> &'static str {
        match self {
            Location::Queue { .. } => "queue",
            Location::InProgress { .. } => "in_progress",
            Location::Scheduled { .. } => "scheduled",
            Location::Retry { .. } => "retry",
            Location::Dead { .. } => "dead",
            Location::Unsettled { .. } => "unsettled",
            Location::RepeatOrphan { .. } => "repeat_orphan",
        }
    }

    pub fn is_in(&self, set: JobSet) -> bool {
        matches!(
            (self, set),
            (Location::Scheduled { .. }, JobSet::Schedule)
                | (Location::Retry { .. }, JobSet::Retry)
                | (Location::Dead { .. }, JobSet::Dead)
        )
    }
}

/// How much was searched, so "not found" can say where.
#[derive(Debug, Default, Serialize)]
pub struct Searched {
    pub queues: u64,
    pub in_progress_lists: u64,
}

/// One finished run of the job, as the History middleware recorded it.
#[derive(Debug, Serialize)]
pub struct FinishedRun {
    /// When it finished (the score).
    pub finished_at: f64,
    pub time: String,
    pub started_at: Option<f64>,
    /// Seconds.
    pub duration: Option<f64>,
    /// `success` or `failed`.
    pub status: Option<String>,
    pub queue: Option<String>,
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    pub backtrace: Vec<String>,
    /// Why the entry could not be read, when it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
}

/// A `status:<jid>` hash.
#[derive(Debug, Serialize)]
pub struct StatusHash {
    pub fields: serde_json::Map<String, Value>,
    /// Seconds until it expires (null: no TTL).
    pub ttl: Option<i64>,
}

/// One entry of the attempts log (KEYS.md §3.23).
#[derive(Debug, Serialize)]
pub struct Attempt {
    pub attempt: Option<i64>,
    pub failed_at: Option<Number>,
    pub time: Option<String>,
    /// `retrying`, `dead`, `killed` or `discarded`.
    pub outcome: Option<String>,
    /// The outcome as the Web UI words it: `retry 2 of 25`, `no retries left, moved to dead
    /// set`, `killed by retry_in, moved to dead set`, `discarded by retry_in`.
    pub label: Option<String>,
    pub error_class: Option<String>,
    pub error_message: Option<String>,
    /// Seconds since the previous attempt; for the first, since the job's created_at.
    pub gap: Option<f64>,
    /// Why the entry can't be read (it is then shown as stored, in `raw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

impl Attempt {
    pub fn failed_at_value(&self) -> Option<f64> {
        self.failed_at.as_ref().and_then(Number::as_f64)
    }
}

fn text(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

fn number(score: &Score) -> Option<Number> {
    score.text.parse().ok()
}

/// One search: every sighting with the payload text it holds (the record's inner job for
/// an unsettled record), and the keys that could not be read.
struct Search<'a> {
    jid: &'a str,
    needle: String,
    found: Vec<(Location, String)>,
    problems: Vec<Problem>,
    searched: Searched,
}

impl Search<'_> {
    /// A key that can't be read is a problem of the report; a lost connection ends the run.
    fn absorb(&mut self, key: impl Into<Name>, result: StoreResult<()>) -> StoreResult<()> {
        match result {
            Err(e) if e.is_connection() => Err(e),
            Err(e) => {
                self.problems.push(Problem::from_store(key, &e));
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    }

    fn queues(&mut self, store: &mut Store) -> StoreResult<()> {
        let mut names = Vec::new();
        for registry in [keys::QUEUES, keys::PAUSED_QUEUES] {
            let result = store.members(registry).map(|n| names.extend(n));
            self.absorb(registry, result)?;
        }
        names.sort();
        names.dedup();
        for name in names {
            self.searched.queues += 1;
            let key = keys::queue(&name);
            let result = self.queue(store, &name, &key);
            self.absorb(&key, result)?;
        }
        Ok(())
    }

    fn queue(&mut self, store: &mut Store, name: &Name, key: &Name) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, key, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        if hits.is_empty() {
            return Ok(());
        }
        let length: u64 = store.query(redis::cmd("LLEN").arg(key), key, KeyType::List)?;
        for (index, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::Queue {
                    queue: name.clone(),
                    index,
                    ahead: length.saturating_sub(index + 1),
                    length: length.max(index + 1),
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }

    fn in_progress(&mut self, store: &mut Store, pinned: Option<f64>) -> StoreResult<()> {
        let candidates = liveness::candidates(store)?;
        if let Some(e) = &candidates.registry_error {
            self.problems
                .push(Problem::from_store(keys::INPROGRESS_IDENTITIES, e));
        }
        for identity in &candidates.identities {
            self.searched.in_progress_lists += 1;
            let key = keys::inprogress(identity);
            let result = self.in_progress_list(store, identity, &key, pinned);
            self.absorb(&key, result)?;
        }
        Ok(())
    }

    fn in_progress_list(
        &mut self,
        store: &mut Store,
        identity: &Name,
        key: &Name,
        pinned: Option<f64>,
    ) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, key, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        if hits.is_empty() {
            return Ok(());
        }
        let owner = match ListState::read(store, identity) {
            Ok(state) => {
                if state.last_beat_unreadable {
                    crate::ops::orphans::beat_unreadable(store, &mut self.problems)?;
                }
                Some(state.judge(DEFAULT_THRESHOLD, pinned).liveness)
            }
            Err(e) if e.is_connection() => return Err(e),
            Err(e) => {
                self.problems.push(Problem::from_store(key, &e));
                None
            }
        };
        let run_at = self.run_at(store, identity)?;
        for (index, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::InProgress {
                    identity: identity.clone(),
                    owner,
                    run_at,
                    index,
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }

    /// The `run_at` of this job's entry in the owner's workers hash (one field per thread),
    /// each entry read as `busy` reads it.
    fn run_at(&mut self, store: &mut Store, identity: &Name) -> StoreResult<Option<i64>> {
        let key = keys::workers(identity);
        let entries =
            match store.query::<redis::Value>(redis::cmd("HGETALL").arg(&key), &key, KeyType::Hash)
            {
                Ok(v) => value::pairs(&v),
                Err(e) if e.is_connection() => return Err(e),
                Err(e) => {
                    self.problems.push(Problem::from_store(&key, &e));
                    return Ok(None);
                }
            };
        Ok(entries.iter().find_map(|(tid, raw)| {
            let entry = crate::ops::busy::read_entry(identity, tid, raw, false, 0.0);
            (entry.jid.as_deref() == Some(self.jid))
                .then_some(entry.run_at)
                .flatten()
                .map(|t| t as i64)
        }))
    }

    fn zset(&mut self, store: &mut Store, set: JobSet) -> StoreResult<()> {
        let hits = find::in_zset(store, set.key(), self.jid)?;
        for ZEntry { member, score } in hits {
            let raw = member.raw;
            let member = text(&raw);
            let (score_number, time) = (number(&score), rfc3339(score.value));
            let location = match set {
                JobSet::Schedule => Location::Scheduled {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
                JobSet::Retry => Location::Retry {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
                JobSet::Dead => Location::Dead {
                    score: score_number,
                    time,
                    member: member.clone(),
                },
            };
            self.found.push((location, member));
        }
        Ok(())
    }

    fn unsettled(&mut self, store: &mut Store) -> StoreResult<()> {
        // Inside a record the payload is a JSON string, so its quotes are escaped once more.
        let escaped = serde_json::to_string(&self.needle).expect("a string serialises");
        let prefilter = escaped[1..escaped.len() - 1].to_string();
        let jid = self.jid;
        let hits = find::in_list(store, keys::UNSETTLED, prefilter.as_bytes(), |raw| {
            parse_record(raw)
                .payload
                .is_some_and(|p| find::is_job(p.as_bytes(), jid))
        })?;
        for (position, raw) in hits {
            let record = parse_record(&raw);
            let payload = record.payload.unwrap_or_default();
            let time = record.score.as_ref().and_then(Number::as_f64).map(rfc3339);
            self.found.push((
                Location::Unsettled {
                    position,
                    set: record.set,
                    score: record.score,
                    time,
                    valid: record.invalid.is_none(),
                    reason: record.invalid,
                    member: text(&raw),
                },
                payload,
            ));
        }
        Ok(())
    }

    fn repeat_orphans(&mut self, store: &mut Store) -> StoreResult<()> {
        let jid = self.jid;
        let hits = find::in_list(store, keys::REPEAT_ORPHANS, self.needle.as_bytes(), |raw| {
            find::is_job(raw, jid)
        })?;
        for (position, raw) in hits {
            let member = text(&raw);
            self.found.push((
                Location::RepeatOrphan {
                    position,
                    member: member.clone(),
                },
                member,
            ));
        }
        Ok(())
    }
}

fn attempts(
    store: &mut Store,
    jid: &str,
    created_at: Option<f64>,
    problems: &mut Vec<Problem>,
) -> StoreResult<(Vec<Attempt>, u64)> {
    let key = keys::job_attempts(jid);
    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(&key);
    pipe.cmd("LRANGE").arg(&key).arg(-ATTEMPTS_READ).arg(-1);
    let replies = store.pipeline(&pipe)?;
    let (total, entries) = match (&replies[0], &replies[1]) {
        (Ok(len), Ok(items)) => (
            value::int(len).unwrap_or(0).max(0) as u64,
            value::items(items)
                .iter()
                .filter_map(value::bytes)
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>(),
        ),
        (Err(e), _) | (_, Err(e)) => {
            problems.push(Problem::wrong(&key, KeyType::List, e));
            return Ok((Vec::new(), 0));
        }
    };
    let mut previous = created_at;
    let mut out = Vec::with_capacity(entries.len());
    for raw in entries {
        let mut attempt = read_attempt(&raw);
        if let Some(t) = attempt.failed_at_value() {
            attempt.gap = previous.map(|p| t - p);
            previous = Some(t);
        }
        out.push(attempt);
    }
    Ok((out, total))
}

/// The Web UI's words for an attempt's outcome.
fn label(outcome: Option<&str>, attempt: Option<i64>, max: Option<i64>) -> Option<String> {
    Some(match outcome? {
        "retrying" => match (attempt, max) {
            (Some(n), Some(m)) => format!("retry {n} of {m}"),
            (Some(n), None) => format!("retry {n}"),
            _ => "retrying".into(),
        },
        "dead" => "no retries left, moved to dead set".into(),
        "killed" => "killed by retry_in, moved to dead set".into(),
        "discarded" => "discarded by retry_in".into(),
        other => other.to_string(),
    })
}

fn finished_run(entry: &ZEntry) -> FinishedRun {
    let mut out = FinishedRun {
        finished_at: entry.score.value,
        time: rfc3339(entry.score.value),
        started_at: None,
        duration: None,
        status: None,
        queue: None,
        error_class: None,
        error_message: None,
        backtrace: Vec::new(),
        invalid: None,
    };
    match crate::ops::history::parse_run(&entry.member.raw) {
        Ok(run) => {
            out.started_at = run.started_at;
            out.duration = run.duration().map(|d| (d * 1e6).round() / 1e6);
            out.status = run.status.map(|c| c.into_owned());
            out.queue = run.queue.map(|c| c.into_owned());
            out.error_class = run.error_class.map(|c| c.into_owned());
            out.error_message = run.error_message.map(|c| c.into_owned());
            out.backtrace = run
                .backtrace
                .unwrap_or_default()
                .into_iter()
                .map(|l| l.into_owned())
                .collect();
        }
        Err(reason) => out.invalid = Some(reason),
    }
    out
}

/// `status:<jid>` (HGETALL, in stored order) and its TTL; a hash of the wrong type is a
/// problem.
fn status_hash(
    store: &mut Store,
    jid: &str,
    problems: &mut Vec<Problem>,
) -> StoreResult<Option<StatusHash>> {
    let key = keys::status(jid);
    let mut pipe = redis::pipe();
    pipe.cmd("HGETALL").arg(&key);
    pipe.cmd("TTL").arg(&key);
    let replies = store.pipeline(&pipe)?;
    let pairs = match &replies[0] {
        Ok(v) => value::pairs(v),
        Err(e) => {
            problems.push(Problem::wrong(key, KeyType::Hash, e));
            return Ok(None);
        }
    };
    if pairs.is_empty() {
        return Ok(None);
    }
    let fields = pairs
        .iter()
        .map(|(k, v)| (k.shown().into_owned(), Value::String(text(v))))
        .collect();
    let ttl = match &replies[1] {
        Ok(v) => value::int(v).filter(|t| *t >= 0),
        Err(_) => None,
    };
    Ok(Some(StatusHash { fields, ttl }))
}

fn read_attempt(raw: &[u8]) -> Attempt {
    let invalid = |reason: String| Attempt {
        attempt: None,
        failed_at: None,
        time: None,
        outcome: None,
        label: None,
        error_class: None,
        error_message: None,
        gap: None,
        invalid: Some(reason),
        raw: Some(text(raw)),
    };
    let map = match serde_json::from_slice::<Value>(raw) {
        Ok(Value::Object(map)) => map,
        Ok(_) => return invalid("not a JSON object".into()),
        Err(_) => return invalid("not valid JSON".into()),
    };
    let string = |name: &str| map.get(name).and_then(Value::as_str).map(str::to_string);
    let failed_at = match map.get("failed_at") {
        Some(Value::Number(n)) => Some(n.clone()),
        _ => None,
    };
    Attempt {
        attempt: map.get("attempt").and_then(Value::as_i64),
        time: failed_at.as_ref().and_then(Number::as_f64).map(rfc3339),
        failed_at,
        outcome: string("outcome"),
        label: None,
        error_class: string("error_class"),
        error_message: string("error_message"),
        gap: None,
        invalid: None,
        raw: None,
    }
}

/// Where the job `jid` is now (every place), its payload as stored (from the `expect`ed set
/// when it is there), its attempts log, its finished runs and its status hash: what `cogctl
/// job` shows, and the console's entry view. `pinned`: the clock the owners' liveness is
/// judged by, when pinned.
pub fn read(
    store: &mut Store,
    jid: &str,
    expect: Option<JobSet>,
    backtrace: bool,
    pinned: Option<f64>,
) -> anyhow::Result<JobReport> {
    let mut search = Search {
        jid,
        needle: find::needle(jid),
        found: Vec::new(),
        problems: Vec::new(),
        searched: Searched::default(),
    };
    search.queues(store)?;
    search.in_progress(store, pinned)?;
    for set in [JobSet::Schedule, JobSet::Retry, JobSet::Dead] {
        let r = search.zset(store, set);
        search.absorb(set.key(), r)?;
    }
    let r = search.unsettled(store);
    search.absorb(keys::UNSETTLED, r)?;
    let r = search.repeat_orphans(store);
    search.absorb(keys::REPEAT_ORPHANS, r)?;

    let shown = expect
        .and_then(|set| search.found.iter().position(|(l, _)| l.is_in(set)))
        .or(if search.found.is_empty() {
            None
        } else {
            Some(0)
        });
    let (payload_from, payload) = match shown {
        Some(i) => {
            let (location, text) = &search.found[i];
            (
                Some(location.kind()),
                RawValue::from_string(text.clone()).ok(),
            )
        }
        None => (None, None),
    };
    let created_at = shown
        .and_then(|i| Job::parse(search.found[i].1.as_bytes()).ok())
        .and_then(|job| job.created_at());
    let mut problems = search.problems;
    let max_retries = shown
        .and_then(|i| Job::parse(search.found[i].1.as_bytes()).ok())
        .map(|job| job.max_retries());
    let (mut attempts, attempts_total) = attempts(store, jid, created_at, &mut problems)?;
    for a in &mut attempts {
        a.label = label(a.outcome.as_deref(), a.attempt, max_retries);
    }
    let runs = match find::in_zset(store, keys::HISTORY_ALL, jid) {
        Ok(entries) => entries.iter().map(finished_run).collect(),
        Err(e) if e.is_connection() => return Err(e.into()),
        Err(e) => {
            problems.push(Problem::from_store(keys::HISTORY_ALL, &e));
            Vec::new()
        }
    };
    let history = !runs.is_empty() || crate::ops::history::history_exists(store)?;
    let status = status_hash(store, jid, &mut problems)?;
    Ok(JobReport {
        jid: jid.to_string(),
        found: !search.found.is_empty(),
        expected: expect.map(JobSet::name),
        locations: search.found.into_iter().map(|(l, _)| l).collect(),
        payload_from,
        payload,
        attempts,
        attempts_total,
        runs,
        history,
        status,
        searched: search.searched,
        show_backtrace: backtrace,
        problems,
    })
}

impl JobReport {
    /// Whether the job is in the set asked about (always, when none was).
    pub fn in_expected(&self) -> bool {
        match self.expected {
            Some(name) => self.locations.iter().any(|l| l.kind() == name),
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_entries_that_are_not_json_are_values() {
        let a = read_attempt(b"not json");
        assert!(a.invalid.is_some());
        assert_eq!(a.raw.as_deref(), Some("not json"));
        let a = read_attempt(
            br#"{"attempt":2,"failed_at":1796208004.2160892,"outcome":"retrying","error_class":"RuntimeError","error_message":"boom"}"#,
        );
        assert_eq!(a.attempt, Some(2));
        assert_eq!(a.failed_at.unwrap().to_string(), "1796208004.2160892");
    }
}
