//! The queues: each one's size, latency and whether it is paused, read in one pipeline.

use serde::Serialize;

use crate::ops::{Problem, read_registry};
use crate::store::job::Job;
use crate::store::{KeyType, Name, Reply, Store, StoreResult, keys, value};

#[derive(Debug, Serialize)]
pub struct QueueRow {
    pub name: Name,
    pub size: u64,
    /// Seconds the oldest waiting job has waited (its enqueued_at, else created_at).
    pub latency: f64,
    /// `null` when cogworker:paused_queues can't be read.
    pub paused: Option<bool>,
}

/// The queues of `cogworker:queues` (plus any paused one not listed there), sorted by name,
/// read in one round trip. A key that can't be read (of the wrong type) becomes a problem, not
/// an error, and the rest is still shown: without the registry, the queues are found by a scan
/// of their keys; without the paused set, whether each is paused is unknown.
pub fn read_queues(store: &mut Store, now: f64) -> StoreResult<(Vec<QueueRow>, Vec<Problem>)> {
    let (rows, problems) = read_queues_with(store, now, |_, _, _| {})?;
    Ok((rows.into_iter().map(|(row, _)| row).collect(), problems))
}

/// [`read_queues`], with the commands `also(name, key, pipe)` adds for each queue sent in the
/// same pipeline as its LLEN (so their replies describe the same instant); each row comes
/// with the replies of its own commands.
pub fn read_queues_with(
    store: &mut Store,
    now: f64,
    mut also: impl FnMut(&Name, &Name, &mut redis::Pipeline),
) -> StoreResult<(QueueRowsWith, Vec<Problem>)> {
    let mut problems = Vec::new();
    let mut names = read_registry(store, keys::QUEUES, &mut problems)?;
    if !problems.is_empty() {
        names.extend(
            store
                .scan_keys(keys::QUEUE_PATTERN)?
                .iter()
                .filter_map(keys::queue_of_key),
        );
    }
    let paused_unreadable = problems.len();
    let paused = read_registry(store, keys::PAUSED_QUEUES, &mut problems)?;
    let paused_known = problems.len() == paused_unreadable;
    names.extend(paused.iter().cloned());
    names.sort();
    names.dedup();
    let mut pipe = redis::pipe();
    let mut extra = Vec::with_capacity(names.len());
    for name in &names {
        let key = keys::queue(name);
        pipe.cmd("LLEN").arg(&key).cmd("LINDEX").arg(&key).arg(-1);
        let before = pipe.cmd_iter().count();
        also(name, &key, &mut pipe);
        extra.push(pipe.cmd_iter().count() - before);
    }
    let mut replies = store.pipeline(&pipe)?.into_iter();
    let mut rows = Vec::with_capacity(names.len());
    for (name, extra) in names.into_iter().zip(extra) {
        let pair = [replies.next(), replies.next()];
        let own: Vec<Reply> = replies.by_ref().take(extra).collect();
        let (size, oldest) = match pair {
            [Some(Ok(len)), Some(Ok(oldest))] => (value::int(&len).unwrap_or(0) as u64, oldest),
            [Some(Err(e)), _] | [_, Some(Err(e))] => {
                problems.push(Problem::wrong(keys::queue(&name), KeyType::List, &e));
                continue;
            }
            _ => continue,
        };
        let latency = value::bytes(&oldest).map_or(0.0, |raw| latency(raw, now));
        let row = QueueRow {
            paused: paused_known.then(|| paused.contains(&name)),
            name,
            size,
            latency,
        };
        rows.push((row, own));
    }
    Ok((rows, problems))
}

/// KEYS.md §7.6: now minus the oldest job's `enqueued_at` (else `created_at`), at least 0.
pub fn latency(oldest: &[u8], now: f64) -> f64 {
    match Job::parse(oldest) {
        Ok(job) => job
            .enqueued_at
            .or(job.created_at)
            .map_or(0.0, |t| (now - t).max(0.0)),
        Err(_) => 0.0,
    }
}

/// The rows of [`read_queues_with`], each with the replies of the caller's own commands.
pub type QueueRowsWith = Vec<(QueueRow, Vec<Reply>)>;
