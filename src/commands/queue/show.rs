//! `queue show QUEUE`: the Web UI's queue page in the terminal — how many jobs wait and how
//! long the oldest has waited, whether it is paused, what runs from it now, and how many of
//! its jobs are retrying, dead or scheduled. The three sets are read in pages, each member
//! parsed for its `queue` (as the Web UI counts them), never loaded whole.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use crate::commands::Ctx;
use crate::duration::span;
use crate::ops::Problem;
use crate::ops::busy::{Running, read_running};
use crate::ops::queues::latency;
use crate::ops::readers::Known;
use crate::render::Report;
use crate::render::busy::running_table;
use crate::store::job::Job;
use crate::store::page::{Order, ScoreRange, ZPager};
use crate::store::{Connector, JobSet, KeyType, Name, Store, StoreResult, keys, value};
use crate::term::exit::Exit;
use crate::term::ui::Ui;
use crate::term::values::name_parser;
use crate::text::size::count;

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The queue
    #[arg(value_name = "QUEUE", value_parser = name_parser())]
    pub queue: Name,
}

/// The JSON of `queue show` (docs/output.md "JSON output"): times in epoch seconds, durations in
/// seconds.
#[derive(Debug, Serialize)]
pub struct QueueReport {
    pub queue: Name,
    /// Listed in `cogworker:queues` (null when that set can't be read).
    pub listed: Option<bool>,
    /// Jobs waiting.
    pub size: u64,
    /// How long the next job to run has waited, in seconds (0 when none waits).
    pub latency: f64,
    /// Null when `cogworker:paused_queues` can't be read.
    pub paused: Option<bool>,
    /// Jobs of this queue running now in live processes, longest-running first.
    pub running: Vec<Running>,
    /// Entries of the retry, dead and schedule sets whose job names this queue (null when
    /// the set can't be read).
    pub retrying: Option<u64>,
    pub dead: Option<u64>,
    pub scheduled: Option<u64>,
    pub problems: Vec<Problem>,
}

pub fn run(ctx: &mut Ctx, args: &ShowArgs) -> anyhow::Result<QueueReport> {
    let now = ctx.ui.clock.now;
    let queue = args.queue.clone();
    let connector = ctx.connector()?;
    let store = ctx.store()?;
    let key = keys::queue(&queue);
    let mut problems = Vec::new();
    let mut pipe = redis::pipe();
    pipe.cmd("LLEN").arg(&key);
    pipe.cmd("LINDEX").arg(&key).arg(-1);
    pipe.cmd("SISMEMBER").arg(keys::QUEUES).arg(&queue);
    pipe.cmd("SISMEMBER").arg(keys::PAUSED_QUEUES).arg(&queue);
    let replies = store.pipeline(&pipe)?;
    let (size, latency) = match (&replies[0], &replies[1]) {
        (Ok(len), Ok(oldest)) => (
            value::int(len).unwrap_or(0) as u64,
            value::bytes(oldest).map_or(0.0, |raw| latency(raw, now)),
        ),
        (Err(e), _) | (_, Err(e)) => {
            problems.push(Problem::wrong(key.clone(), KeyType::List, e));
            (0, 0.0)
        }
    };
    let mut member_of = |reply: &Result<redis::Value, String>, set: &str| match reply {
        Ok(v) => Some(value::int(v) == Some(1)),
        Err(e) => {
            problems.push(Problem::wrong(set, KeyType::Set, e));
            None
        }
    };
    let listed = member_of(&replies[2], keys::QUEUES);
    let paused = member_of(&replies[3], keys::PAUSED_QUEUES);
    if listed == Some(false) && paused == Some(false) && size == 0 && problems.is_empty() {
        let known = Known::read(store)?;
        if !known.unknown(store, &[&queue])?.is_empty() {
            anyhow::bail!("{}", known.explain(&[&queue]));
        }
    }
    let running = read_running(store, now, false)?.only_queue(&queue);
    problems.extend(running.problems.iter().cloned());
    let mut counted = |set: JobSet| match count_for(store, &connector, set, &queue) {
        Ok(n) => Ok(Some(n)),
        Err(e) if e.is_connection() => Err(e),
        Err(e) => {
            problems.push(Problem::from_store(set.key(), &e));
            Ok(None)
        }
    };
    let retrying = counted(JobSet::Retry)?;
    let dead = counted(JobSet::Dead)?;
    let scheduled = counted(JobSet::Schedule)?;
    Ok(QueueReport {
        queue,
        listed,
        size,
        latency,
        paused,
        running: running.jobs,
        retrying,
        dead,
        scheduled,
        problems,
    })
}

/// How many entries of `set` name `queue`, read in pages one ahead. An entry that isn't a
/// job names no queue.
fn count_for(
    store: &mut Store,
    connector: &Connector,
    set: JobSet,
    queue: &Name,
) -> StoreResult<u64> {
    let mut pager = ZPager::new(set.key(), Order::OldestFirst, ScoreRange::all());
    pager.snapshot(store)?;
    if pager.is_done() {
        return Ok(0);
    }
    let mut n = 0;
    for page in pager.prefetch(connector.clone()) {
        n += page?
            .iter()
            .filter(|entry| {
                Job::parse(&entry.member.raw).is_ok_and(|job| {
                    job.queue.as_deref().map(str::as_bytes) == Some(queue.as_bytes())
                })
            })
            .count() as u64;
    }
    Ok(n)
}

impl Report for QueueReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let s = &ui.styles;
        let label = |text: &str| s.dim(&format!("{text:<10}"));
        let known = |n: Option<u64>| n.map_or_else(|| "?".to_string(), count);
        writeln!(out, "{} {}", label("queue"), s.strong(&self.queue.shown()))?;
        let state = match self.paused {
            Some(true) => s.warn("paused"),
            Some(false) => s.good("active"),
            None => s.dim("unknown (cogworker:paused_queues unreadable)"),
        };
        writeln!(out, "{} {state}", label("state"))?;
        if self.listed == Some(false) {
            writeln!(
                out,
                "{} {}",
                label("listed"),
                s.warn("no: not in cogworker:queues (the Web UI doesn't show it)")
            )?;
        }
        let wait = if self.size == 0 {
            String::new()
        } else {
            format!(", the next has waited {}", span(self.latency))
        };
        writeln!(out, "{} {}{wait}", label("waiting"), count(self.size))?;
        writeln!(
            out,
            "{} {}",
            label("running"),
            count(self.running.len() as u64)
        )?;
        writeln!(out, "{} {}", label("retrying"), known(self.retrying))?;
        writeln!(out, "{} {}", label("dead"), known(self.dead))?;
        writeln!(out, "{} {}", label("scheduled"), known(self.scheduled))?;
        if !self.running.is_empty() {
            writeln!(out)?;
            out.write_all(running_table(ui, &self.running, false).as_bytes())?;
        }
        Problem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> Exit {
        Problem::exit(&self.problems)
    }
}
