//! `cogctl queues`: every queue with its size, latency and pause state.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::ops::Problem;
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
