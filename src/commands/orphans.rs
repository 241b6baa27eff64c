//! `cogctl orphans`: every in-progress list and whether its owner is alive (read-only).

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::cli::values::parse_duration;
use crate::render::Report;

/// Every in-progress list, its jobs, and whether its owner is alive or presumed dead
#[derive(Debug, Args)]
pub struct OrphansArgs {
    /// How long an owner without a presence key may stay silent (by its last_beat stamp)
    /// before it is presumed dead (the gem's orphan_threshold)
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub orphan_threshold: Duration,
}

#[derive(Debug, Serialize)]
pub struct OrphansReport {}

pub fn run(_ctx: &mut Ctx, _args: &OrphansArgs) -> anyhow::Result<OrphansReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for OrphansReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
