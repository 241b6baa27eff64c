//! `cogctl procs quiet|resume|stop|prune`: process control through the gem's signal channel.

use clap::{Args, Subcommand};

use super::Ctx;
use crate::cli::exit::Exit;

#[derive(Debug, Subcommand)]
pub enum ProcsAction {
    /// Tell processes to stop fetching new jobs (running jobs finish)
    Quiet(SignalArgs),
    /// Tell quiet processes to fetch again
    Resume(SignalArgs),
    /// Tell processes to shut down cleanly
    Stop(SignalArgs),
    /// Remove identities whose presence key is gone from cogworker:processes, as the gem does
    Prune {
        /// Show what would be removed; change nothing
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Debug, Args)]
pub struct SignalArgs {
    /// The identities to signal
    #[arg(value_name = "IDENTITY", required_unless_present = "all")]
    pub identities: Vec<String>,

    /// Every live process
    #[arg(long, conflicts_with = "identities")]
    pub all: bool,

    /// Don't ask for confirmation
    #[arg(long, short)]
    pub yes: bool,
}

pub fn run(_ctx: &mut Ctx, _action: &ProcsAction) -> anyhow::Result<Exit> {
    anyhow::bail!("not implemented yet")
}
