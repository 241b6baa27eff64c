//! `cogctl queues`: every queue with its size, latency and pause state.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::{Problem, read_registry};
use crate::render::table::{self, Tone};
use crate::render::time::span;
use crate::render::{Report, size};
use crate::store::job::Job;
use crate::store::{KeyType, Name, Reply, Store, StoreResult, keys, value};
use crate::term::ui::Ui;

/// List queues: size, latency (age of the oldest waiting job) and whether they are paused
#[derive(Debug, Args)]
#[command(after_help = crate::render::help::examples(&[
    (
        "Every queue: size, latency (the oldest job's wait), paused",
        "cogctl queues",
    ),
    (
        "Watch them drain, redrawn every 2 seconds",
        "cogctl queues --watch",
    ),
    (
        "For a script",
        "cogctl queues --json",
    ),
]))]
pub struct QueuesArgs {
    #[command(flatten)]
    pub watch: super::WatchArgs,
}

#[derive(Debug, Serialize)]
pub struct QueueRow {
    pub name: Name,
    pub size: u64,
    /// Seconds the oldest waiting job has waited (its enqueued_at, else created_at).
    pub latency: f64,
    /// `null` when cogworker:paused_queues can't be read.
    pub paused: Option<bool>,
}

#[derive(Debug, Serialize)]
pub struct QueuesReport {
    pub queues: Vec<QueueRow>,
    pub problems: Vec<Problem>,
}

/// The queues of `cogworker:queues` (plus any paused one not listed there), sorted by name,
/// read in one round trip. A key that can't be read (of the wrong type) becomes a problem, not
/// an error, and the rest is still shown: without the registry, the queues are found by a scan
/// of their keys; without the paused set, whether each is paused is unknown.
pub fn read_queues(store: &mut Store, now: f64) -> StoreResult<(Vec<QueueRow>, Vec<Problem>)> {
    let (rows, problems) = read_queues_with(store, now, |_, _, _| {})?;
    Ok((rows.into_iter().map(|(row, _)| row).collect(), problems))
}

/// The rows of [`read_queues_with`], each with the replies of the caller's own commands.
pub type QueueRowsWith = Vec<(QueueRow, Vec<Reply>)>;

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

pub fn run(ctx: &mut Ctx, _args: &QueuesArgs) -> anyhow::Result<QueuesReport> {
    let now = ctx.ui.clock.now;
    let (queues, problems) = read_queues(ctx.store()?, now)?;
    Ok(QueuesReport { queues, problems })
}

/// The queue table, shared with `stats`.
pub fn queue_table(ui: &Ui, queues: &[QueueRow]) -> String {
    let mut t = table::new(ui, &["QUEUE", "SIZE", "LATENCY", "PAUSED"]);
    for q in queues {
        let latency_tone = if q.latency >= 300.0 {
            Tone::Warn
        } else {
            Tone::Plain
        };
        t.add_row(vec![
            table::cell(ui, q.name.shown(), Tone::Strong),
            table::cell(ui, size::count(q.size), Tone::Plain),
            table::cell(
                ui,
                if q.size == 0 {
                    "-".into()
                } else {
                    span(q.latency)
                },
                latency_tone,
            ),
            match q.paused {
                Some(true) => table::cell(ui, "paused", Tone::Warn),
                Some(false) => table::cell(ui, "", Tone::Plain),
                None => table::cell(ui, "?", Tone::Dim),
            },
        ]);
    }
    table::finish(&mut t, &[1, 2])
}

impl Report for QueuesReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.queues.is_empty() {
            writeln!(out, "{}", ui.styles.dim("no queues"))?;
        } else {
            out.write_all(queue_table(ui, &self.queues).as_bytes())?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> crate::term::exit::Exit {
        Problem::exit(&self.problems)
    }
}
