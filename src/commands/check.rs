//! `cogctl check`: thresholds for CI and monitoring.

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::cli::values::parse_duration;
use crate::render::Report;

/// Check the queues against thresholds; exit 1 when any check fails, 0 when all hold
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Fail when the dead set holds more than N entries
    #[arg(long, value_name = "N")]
    pub max_dead: Option<u64>,

    /// Fail when the retry set holds more than N entries
    #[arg(long, value_name = "N")]
    pub max_retry: Option<u64>,

    /// Fail when a queue's oldest job has waited longer than DURATION
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_latency: Option<Duration>,

    /// Fail when more than N jobs sit on in-progress lists of presumed-dead processes or are
    /// parked as repeat orphans
    #[arg(long, value_name = "N")]
    pub max_orphans: Option<u64>,

    /// Fail when cogworker:unsettled holds more than N records
    #[arg(long, value_name = "N")]
    pub max_unsettled: Option<u64>,

    /// Limit the latency check to these queues (repeat for several; default: every queue)
    #[arg(long, value_name = "QUEUE")]
    pub queue: Vec<String>,

    /// Silence after which an owner without a presence key is presumed dead (for
    /// --max-orphans)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,
}

#[derive(Debug, Serialize)]
pub struct CheckReport {}

pub fn run(_ctx: &mut Ctx, _args: &CheckArgs) -> anyhow::Result<CheckReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for CheckReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
