//! `cogctl queues`: every queue with its size, latency and pause state.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::Problem;
use crate::ops::fleet::FleetProblem;
use crate::ops::queues::{QueueRow, read_queues};
use crate::render::Report;
use crate::render::queues::queue_table;
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
pub struct QueuesReport {
    pub queues: Vec<QueueRow>,
    pub problems: Vec<Problem>,
}

pub fn run(ctx: &mut Ctx, _args: &QueuesArgs) -> anyhow::Result<QueuesReport> {
    let now = ctx.ui.clock.now;
    let (queues, problems) = read_queues(ctx.store()?, now)?;
    Ok(QueuesReport { queues, problems })
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

/// `queues` across a fleet: every shard's queues, each row naming its shard, by queue name
/// (then the fleet's order of shards); a shard that could not be read, with why.
#[derive(Debug, Serialize)]
pub struct FleetQueuesReport {
    pub fleet: String,
    /// Every queue of every shard read, with its shard.
    pub queues: Vec<FleetQueueRow>,
    /// Every shard in the fleet's order: how many queues it has, or `{"error": …}`.
    #[serde(serialize_with = "shard_counts")]
    pub shards: Vec<crate::ops::fleet::Shard<QueuesReport>>,
    pub unreadable: Vec<String>,
    /// A key of a shard that can't be read, the shard named.
    pub problems: Vec<FleetProblem>,
}

#[derive(Debug, Serialize)]
pub struct FleetQueueRow {
    pub shard: String,
    #[serde(flatten)]
    pub queue: QueueRow,
}

fn shard_counts<S: serde::Serializer>(
    shards: &[crate::ops::fleet::Shard<QueuesReport>],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::ops::fleet::serialize_shards(shards, serializer, |report| {
        serde_json::json!({
            "queues": report.queues.len(),
            "enqueued": report.queues.iter().map(|q| q.size).sum::<u64>(),
        })
    })
}

impl FleetQueuesReport {
    pub fn new(
        fleet: String,
        mut shards: Vec<crate::ops::fleet::Shard<QueuesReport>>,
    ) -> FleetQueuesReport {
        let mut queues = Vec::new();
        let mut problems = Vec::new();
        for (name, read) in shards.iter_mut() {
            if let Ok(report) = read {
                queues.extend(report.queues.iter().cloned().map(|queue| FleetQueueRow {
                    shard: name.clone(),
                    queue,
                }));
                problems.extend(FleetProblem::on(name, std::mem::take(&mut report.problems)));
            }
        }
        let order: Vec<String> = shards.iter().map(|(n, _)| n.clone()).collect();
        let rank = |shard: &str| order.iter().position(|n| n == shard).unwrap_or(usize::MAX);
        queues.sort_by(|a, b| {
            a.queue
                .name
                .as_bytes()
                .cmp(b.queue.name.as_bytes())
                .then(rank(&a.shard).cmp(&rank(&b.shard)))
        });
        let unreadable = crate::ops::fleet::unreadable(&shards);
        FleetQueuesReport {
            fleet,
            queues,
            shards,
            unreadable,
            problems,
        }
    }
}

impl Report for FleetQueuesReport {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        crate::render::fleet::heading(out, ui, &self.fleet, &self.shards, "read")?;
        if self.queues.is_empty() {
            writeln!(out, "{}", ui.styles.dim("no queues"))?;
        } else {
            let shards: Vec<&str> = self.queues.iter().map(|q| q.shard.as_str()).collect();
            let rows: Vec<QueueRow> = self.queues.iter().map(|q| q.queue.clone()).collect();
            out.write_all(
                crate::render::queues::queue_table_of_shards(ui, &shards, &rows).as_bytes(),
            )?;
        }
        FleetProblem::warn_all(ui, &self.problems);
        Ok(())
    }

    fn exit(&self) -> crate::term::exit::Exit {
        let problems = FleetProblem::exit(&self.problems);
        crate::ops::fleet::exit(&self.shards, |_| problems)
    }
}
