//! The jobs processes are running now, from their in-progress lists and work hashes.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::ops::{Problem, read_registry};
use crate::store::job::{Job, epoch_of};
use crate::store::{KeyType, Name, keys, value};

#[derive(Debug, Serialize)]
pub struct Running {
    /// Across a fleet: the shard it runs on (a SHARD column first); absent on one Redis.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// The process running it.
    pub identity: Name,
    /// The processor thread (the workers hash field).
    pub tid: Name,
    /// True when the process has no presence key: the entry outlived a crash, the job is
    /// not running (only listed with --include-stale).
    pub stale: bool,
    /// The queue it was fetched from.
    pub queue: Option<String>,
    pub jid: Option<String>,
    pub class: Option<String>,
    /// The job's arguments, as stored.
    pub args: Option<Box<RawValue>>,
    /// When it started, epoch seconds.
    pub run_at: Option<f64>,
    /// Seconds since run_at.
    pub runtime: Option<f64>,
    /// The whole job, as stored in the entry.
    pub payload: Option<Box<RawValue>>,
    /// Why the entry could not be read, when it could not.
    pub error: Option<String>,
    /// The entry as stored, when it could not be read (invalid UTF-8 shown as U+FFFD).
    pub raw: Option<String>,
    /// Its bytes, which the table shows escaped.
    #[serde(skip)]
    pub raw_bytes: Vec<u8>,
}

/// A workers-hash value: `{"queue", "payload": <job object>, "run_at": <integer>}`.
#[derive(Deserialize)]
struct Entry<'a> {
    #[serde(borrow)]
    queue: Option<Cow<'a, str>>,
    #[serde(borrow)]
    payload: Option<&'a RawValue>,
    #[serde(borrow)]
    run_at: Option<&'a RawValue>,
}

/// Every running job (longest-running first), from the workers hashes of the processes in
/// either registry; entries of processes without a presence key only when `include_stale`.
pub fn read_running(
    store: &mut crate::store::Store,
    now: f64,
    include_stale: bool,
) -> crate::store::StoreResult<BusyReport> {
    let mut problems = Vec::new();
    let mut identities = read_registry(store, keys::PROCESSES, &mut problems)?;
    identities.extend(read_registry(
        store,
        keys::INPROGRESS_IDENTITIES,
        &mut problems,
    )?);
    identities.sort();
    identities.dedup();

    let mut pipe = redis::pipe();
    for id in &identities {
        pipe.cmd("EXISTS").arg(keys::process(id));
        pipe.cmd("HGETALL").arg(keys::workers(id));
    }
    let replies = store.pipeline(&pipe)?;

    let mut jobs = Vec::new();
    let mut hidden_stale = 0;
    for (id, pair) in identities.iter().zip(replies.chunks(2)) {
        let live = matches!(&pair[0], Ok(v) if value::int(v) == Some(1));
        let entries = match &pair[1] {
            Ok(v) => value::pairs(v),
            Err(e) => {
                problems.push(Problem::wrong(keys::workers(id), KeyType::Hash, e));
                continue;
            }
        };
        if !live && !include_stale {
            hidden_stale += entries.len();
            continue;
        }
        jobs.extend(
            entries
                .iter()
                .map(|(tid, raw)| read_entry(id, tid, raw, !live, now)),
        );
    }
    longest_first(&mut jobs);
    Ok(BusyReport {
        jobs,
        hidden_stale,
        problems,
        include_stale,
    })
}

/// Seconds to the millisecond, so JSON doesn't carry float noise.
pub fn millis(secs: f64) -> f64 {
    (secs * 1000.0).round() / 1000.0
}

fn fill(r: &mut Running, raw: &[u8], now: f64) -> Result<(), String> {
    let entry: Entry =
        serde_json::from_slice(raw).map_err(|e| format!("not a JSON object ({e})"))?;
    r.queue = entry.queue.map(Cow::into_owned);
    r.run_at = entry.run_at.and_then(epoch_of);
    r.runtime = r.run_at.map(|t| millis((now - t).max(0.0)));
    let payload = entry.payload.ok_or("no payload")?;
    r.payload = Some(payload.to_owned());
    let text = job_text(payload);
    let job = Job::parse(text.as_bytes()).map_err(|u| format!("payload: {}", u.reason))?;
    r.jid = job.jid.map(Cow::into_owned);
    r.class = job.class.map(Cow::into_owned);
    r.args = job.args.map(ToOwned::to_owned);
    if r.queue.is_none() {
        r.queue = job.queue.map(Cow::into_owned);
    }
    Ok(())
}

/// The job of a workers-hash entry's `payload`: the gem writes it as an object; a JSON string
/// holding one is read the same way.
pub fn job_text(payload: &RawValue) -> Cow<'_, str> {
    match serde_json::from_str::<String>(payload.get()) {
        Ok(inner) => Cow::Owned(inner),
        Err(_) => Cow::Borrowed(payload.get()),
    }
}

/// The JSON of `busy`: times are epoch seconds (numbers), durations seconds.
#[derive(Debug, Serialize)]
pub struct BusyReport {
    /// Longest-running first.
    pub jobs: Vec<Running>,
    /// Stale entries not listed (without --include-stale).
    pub hidden_stale: usize,
    pub problems: Vec<Problem>,
    #[serde(skip)]
    pub include_stale: bool,
}

/// Running jobs in the order `busy` lists them: longest-running (earliest started) first,
/// an entry without a start last; then by shard, process and thread.
pub fn longest_first(jobs: &mut [Running]) {
    jobs.sort_by(|a, b| {
        let started = |r: &Running| r.run_at.unwrap_or(f64::INFINITY);
        started(a)
            .total_cmp(&started(b))
            .then_with(|| a.shard.cmp(&b.shard))
            .then_with(|| a.identity.cmp(&b.identity))
            .then_with(|| a.tid.cmp(&b.tid))
    });
}

/// One workers-hash entry as a row (`now` gives its runtime).
pub fn read_entry(identity: &Name, tid: &Name, raw: &[u8], stale: bool, now: f64) -> Running {
    let mut r = Running {
        shard: None,
        identity: identity.clone(),
        tid: tid.clone(),
        stale,
        queue: None,
        jid: None,
        class: None,
        args: None,
        run_at: None,
        runtime: None,
        payload: None,
        error: None,
        raw: None,
        raw_bytes: Vec::new(),
    };
    if let Err(e) = fill(&mut r, raw, now) {
        r.error = Some(e);
        r.raw = Some(String::from_utf8_lossy(raw).into_owned());
        r.raw_bytes = raw.to_vec();
    }
    r
}
