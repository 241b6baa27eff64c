//! `cogctl unsettled list`.

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::render::Report;

#[derive(Debug, Subcommand)]
pub enum UnsettledCommand {
    /// List the records waiting in cogworker:unsettled, and whether each is valid to file
    List(UnsettledListArgs),
}

#[derive(Debug, Args)]
pub struct UnsettledListArgs {}

#[derive(Debug, Serialize)]
pub struct UnsettledReport {}

pub fn run_list(_ctx: &mut Ctx, _args: &UnsettledListArgs) -> anyhow::Result<UnsettledReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for UnsettledReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
