//! `cogctl procs` and `cogctl procs --memory`.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::render::Report;

/// List worker processes; with --memory, their 24 h memory history
#[derive(Debug, Args)]
pub struct ProcsArgs {
    /// Show each process's memory over the last 24 h (96 slots of 15 min) as a sparkline,
    /// with current, min, max and growth in MB/h
    #[arg(long)]
    pub memory: bool,
}

#[derive(Debug, Serialize)]
pub struct ProcsReport {}

pub fn run(_ctx: &mut Ctx, _args: &ProcsArgs) -> anyhow::Result<ProcsReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for ProcsReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
