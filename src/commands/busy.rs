//! `cogctl busy`: jobs running right now.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::render::Report;

/// Jobs running right now (from the workers hashes of live processes), with their run time
#[derive(Debug, Args)]
pub struct BusyArgs {
    /// Also show entries left by processes that are gone (stale workers hashes)
    #[arg(long)]
    pub include_stale: bool,
}

#[derive(Debug, Serialize)]
pub struct BusyReport {}

pub fn run(_ctx: &mut Ctx, _args: &BusyArgs) -> anyhow::Result<BusyReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for BusyReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
