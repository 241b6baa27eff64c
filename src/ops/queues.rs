//! The queues: each one's size, latency and whether it is paused, read in one pipeline.

use std::collections::HashSet;

use serde::Serialize;

use crate::ops::{Counts, Problem, Session, read_registry};
use crate::store::job::Job;
use crate::store::undo::{self, Kind};
use crate::store::{KeyType, Name, Reply, Store, StoreResult, keys, value};

#[derive(Clone, Debug, Serialize)]
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
            .enqueued_at()
            .or_else(|| job.created_at())
            .map_or(0.0, |t| (now - t).max(0.0)),
        Err(_) => 0.0,
    }
}

/// The rows of [`read_queues_with`], each with the replies of the caller's own commands.
pub type QueueRowsWith = Vec<(QueueRow, Vec<Reply>)>;

#[derive(Debug, Serialize)]
pub struct PauseReport {
    /// "pause" or "resume".
    pub action: &'static str,
    /// The Redis, password redacted.
    pub target: String,
    pub queues: Vec<PauseRow>,
    /// What was kept to undo it, absent with --no-undo or when nothing changed.
    pub undo: Option<undo::Kept>,
}

#[derive(Debug, Serialize)]
pub struct PauseRow {
    pub name: Name,
    /// False when the queue already was in the asked state.
    pub changed: bool,
    /// Whether the name is in cogworker:queues (a name can be paused before its queue exists).
    pub listed: bool,
}

/// Pause (`SADD cogworker:paused_queues`) or resume (`SREM`) each queue, as the Web UI does
/// (KEYS.md §8.1), in one round trip; whether each one changed. The set must be a set.
pub fn set_paused(store: &mut Store, names: &[&Name], pause: bool) -> anyhow::Result<Vec<bool>> {
    store.expect_type(keys::PAUSED_QUEUES, KeyType::Set)?;
    let mut pipe = redis::pipe();
    for name in names {
        pipe.cmd(if pause { "SADD" } else { "SREM" })
            .arg(keys::PAUSED_QUEUES)
            .arg(*name);
    }
    store
        .pipeline(&pipe)?
        .into_iter()
        .map(|reply| {
            let reply = reply.map_err(|e| anyhow::anyhow!("{}: {e}", keys::PAUSED_QUEUES))?;
            Ok(value::int(&reply) == Some(1))
        })
        .collect()
}

/// Pause (or resume) each queue named, once each, keeping the undo record of those it
/// changed; the counts go to the audit entry.
pub fn pause(ctx: &mut Session, names: &[Name], pause: bool) -> anyhow::Result<PauseReport> {
    let mut seen = HashSet::new();
    let names: Vec<&Name> = names.iter().filter(|n| seen.insert(*n)).collect();
    let recorder = ctx.start_undo(
        if pause {
            Kind::MembersAdded
        } else {
            Kind::MembersRemoved
        },
        &[("key", keys::PAUSED_QUEUES.as_bytes())],
    )?;
    let store = ctx.store()?;
    let listed = store.members(keys::QUEUES)?;
    let changed = set_paused(store, &names, pause)?;
    let mut recorder = recorder;
    if let Some(r) = recorder.as_mut() {
        let done: Vec<&Name> = names
            .iter()
            .zip(&changed)
            .filter(|(_, c)| **c)
            .map(|(n, _)| *n)
            .collect();
        undo::keep_names(store, r, &done)?;
    }
    let undo_kept = ctx.finish_undo(recorder.as_ref());
    let store = ctx.store()?;
    let rows = names
        .into_iter()
        .zip(changed)
        .map(|(name, changed)| PauseRow {
            listed: listed.binary_search(name).is_ok(),
            changed,
            name: name.clone(),
        })
        .collect::<Vec<PauseRow>>();
    let changed = rows.iter().filter(|r| r.changed).count() as u64;
    let matched = rows.len() as u64;
    let report = PauseReport {
        action: if pause { "pause" } else { "resume" },
        target: store.target().to_string(),
        queues: rows,
        undo: undo_kept,
    };
    ctx.record(Counts {
        matched,
        done: changed,
        skipped: matched - changed,
        ..Counts::default()
    });
    Ok(report)
}
