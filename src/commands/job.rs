//! `cogctl job JID` (also `dead show`, `retry show`, `scheduled show`).

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Ctx;
use crate::cli::ui::Ui;
use crate::render::Report;
use crate::store::JobSet;

/// Find a job wherever it is, show its payload and its attempt timeline
#[derive(Debug, Args)]
pub struct JobArgs {
    /// The job's jid (24 hex characters)
    pub jid: String,

    /// Set by `dead show` and the like: the set the job is expected in.
    #[arg(skip)]
    pub expect: Option<JobSet>,
}

#[derive(Debug, Serialize)]
pub struct JobReport {}

pub fn run(_ctx: &mut Ctx, _args: &JobArgs) -> anyhow::Result<JobReport> {
    anyhow::bail!("not implemented yet")
}

impl Report for JobReport {
    fn human(&self, _out: &mut dyn Write, _ui: &Ui) -> io::Result<()> {
        Ok(())
    }
}
